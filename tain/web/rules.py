"""The rules of each game at /rules/<game>, in our own words, their facts and tables read from the
engines (the outcome table from `tain.games.tain.rules.encounter`), so that the page can never
disagree with the game it explains."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, render_template

from tain.games import game_names, get_game
from tain.games.tain import rules as tain_rules
from tain.games.tara import board as tara_board, scoring as tara_scoring, state as tara_state
from tain.wording import N_, lazy_gettext, names

bp = Blueprint("rules", __name__)

UNGUARDED = None  # the outcome table's first column: nobody, or a bluff, guarded the entrance
GUARDS = (UNGUARDED, tain_rules.CHIEFTAIN, tain_rules.WARRIOR, tain_rules.BOY, tain_rules.DAUGHTER)
# Tàin's tokens in the reader's words (docs/glossary.md: capo, guerriero, ragazzo, moglie del capo, bluff).
TOKEN_WORDS = {tain_rules.CHIEFTAIN: lazy_gettext("chieftain"), tain_rules.WARRIOR: lazy_gettext("warrior"),
               tain_rules.BOY: lazy_gettext("boy"), tain_rules.DAUGHTER: lazy_gettext("daughter"),
               tain_rules.BLUFF: lazy_gettext("bluff")}


def tain_outcomes() -> list[tuple[str, list[tuple[str | None, str]]]]:
    """The inside of a Tàin screen: for each scouting token (bluffs aside), its outcome against each guard."""
    scouts = [token for token in tain_rules.SCOUTS if token != tain_rules.BLUFF]
    return [(scout, [(guard, tain_rules.encounter(scout, guard)) for guard in GUARDS]) for scout in scouts]


def raiders_text(case: list[tuple[str, bool]]) -> str:
    """A row of the foreign kingdom's table: its raiders in words ("chieftain and warrior")."""
    return names(str(TOKEN_WORDS[token]) for token, _ in case)


def tain_kingdom_outcomes() -> list[list[tuple[str, bool]]]:
    """The foreign kingdom (R10): each possible set of raiders once bluffs are gone, each raider with
    whether it wins a cow (while the kingdom has any)."""
    raiders = [token for token in tain_rules.RAIDERS if token != tain_rules.BLUFF]
    cases = [(token,) for token in raiders] + [
        (first, second) for i, first in enumerate(raiders) for second in raiders[i:]]
    outcomes = []
    for case in cases:
        seats = [(f"raider-{n}", token) for n, token in enumerate(case)]
        winners = tain_rules.kingdom_winners(seats)
        outcomes.append([(token, seat in winners) for seat, token in seats])
    return outcomes


def _tain() -> dict[str, Any]:
    return {
        "rules": tain_rules,
        "outcomes": tain_outcomes(),
        "kingdom_outcomes": tain_kingdom_outcomes(),
        "guards": GUARDS,
        "tokens": [(token, tain_rules.SUPPLY[token], token in tain_rules.SCOUTS, token in tain_rules.RAIDERS)
                   for token in tain_rules.TOKENS],
        "token_count": sum(tain_rules.SUPPLY.values()),
        "token_words": TOKEN_WORDS,
        "raiders_text": raiders_text,
    }


def _tara() -> dict[str, Any]:
    engine = get_game("tara")
    return {
        "squares": set(tara_board.SQUARES),
        "square_count": len(tara_board.SQUARES),
        "columns": tara_board.COLUMNS,
        "rows": list(tara_board.ROWS),
        "win_points": tara_scoring.WIN_POINTS,
        "counters": tara_state.COUNTERS,
        "bridges": tara_state.BRIDGES,
        "options": engine.option_choices,
    }


_CONTEXTS: dict[str, Callable[[], dict[str, Any]]] = {"tain": _tain, "tara": _tara}


@bp.get("/rules")
def index() -> str:
    return render_template("rules/index.html", games=[get_game(name) for name in game_names() if name in _CONTEXTS])


@bp.get("/rules/<game>")
def show(game: str) -> str:
    if game not in _CONTEXTS or game not in game_names():
        abort(404, description=N_("There are no rules here for a game of that name."))
    engine = get_game(game)
    return render_template(f"rules/{game}.html", engine=engine, **_CONTEXTS[game]())
