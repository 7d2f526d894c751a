"""Each game's part of the web layer, one entry per game (`PAGES`): what its templates in
templates/games/<name>/ need beyond the view, built from the view and the legal actions only (and,
for a move made in two clicks on the board, the place the player picked first); what its board
offers to plan; what a form's choices already rule out; and its rules page's facts, if it has one.

The engines (tain.games) are the lower layer and know nothing of this: a game is registered once
there, and its page once here. `check_registered` (run when the app is built, and by a test) fails
when an engine has no page here, or a page no engine.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tain.games import Action, Game as Engine, game_names

from . import inis, tain, tara

PageContext = Callable[..., dict[str, Any]]
Plannable = Callable[[Mapping[str, Any], str], list[Action]]
ChoiceCheck = Callable[[Mapping[str, Any], Sequence[Action]], dict[str, str]]


@dataclass(frozen=True)
class GamePage:
    """One game's web parts: `context` for its board's templates; the optional rest."""

    context: PageContext
    plannable: Plannable | None = None  # the moves its board offers to queue in a plan
    choice_problems: ChoiceCheck | None = None  # a form's choices the seat's own view rules out
    rules: Callable[[], dict[str, Any]] | None = None  # the facts of /rules/<game> (templates/rules/<game>.html)


PAGES: dict[str, GamePage] = {
    "tain": GamePage(tain.page_context, tain.plannable, tain.guarding_problems, tain.rules_context),
    "tara": GamePage(tara.page_context, tara.plannable, rules=tara.rules_context),
    "inis": GamePage(inis.page_context, rules=inis.rules_context),
}


def check_registered() -> None:
    """Raise RuntimeError unless every registered engine has its page here, and every page its engine."""
    engines, pages = set(game_names()), set(PAGES)
    if engines != pages:
        raise RuntimeError(f"games without a page module: {sorted(engines - pages)}; "
                           f"page modules without an engine: {sorted(pages - engines)} (tain/web/game_pages)")


def board_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action] = (),
                  me: str | None = None, picked: str | None = None,
                  planned: Sequence[Action] | None = None) -> dict[str, Any]:
    """The template variables of `engine`'s board and moves for one viewer (None: the public board);
    `picked`: the page's `pick`, a place of the board chosen by a first click (Tara: a bridge to move);
    `planned`: in plan mode, the moves the board offers to queue instead of the legal ones."""
    return PAGES[engine.name].context(engine, view, legal, me, picked, planned)


def plannable(engine: Engine, view: Mapping[str, Any], me: str) -> list[Action]:
    """The moves the page offers to queue in `me`'s plan now, read off their view ([]: none). Whether
    each is legal is decided when the plan plays it."""
    offer = PAGES[engine.name].plannable
    return offer(view, me) if offer else []


def choice_problems(engine: Engine, view: Mapping[str, Any], actions: Sequence[Action]) -> dict[str, str]:
    """What the seat's own view already rules out in a form's choices, a sentence for each field it
    concerns, said beside that field (Tàin: one token chosen for more guard slots than the player has)."""
    check = PAGES[engine.name].choice_problems
    return check(view, actions) if check else {}
