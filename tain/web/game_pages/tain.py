"""What Tàin's page needs beyond the seat's view: the empty slots of the board the player may
fill by clicking them with the token chosen beside the board, those tokens, the pass, the
guarding form's slots (R8), and the order of the final scores; and the facts of its rules page."""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tain.games import Action, Game as Engine
from tain.games.base import standings
from tain.games.tain import rules as tain_rules
from tain.games.tain.rules import KINGDOM_SLOTS, RAIDERS, SCOUTS
from tain.web.moves import Move
from tain.wording import gettext, lazy_gettext, names, ngettext

KINGDOM = "kingdom"  # the key of the foreign kingdom's raid slot among the open slots
TOKEN_ORDER = ("chieftain", "warrior", "boy", "daughter", "bluff")  # as the screen and the legend show them
PASS: Action = {"type": "pass"}


@dataclass(frozen=True)
class OpenSlot:
    """An empty slot the player may fill now: a button on the board that sends the placement without
    its token (the form's `slot`) with the token chosen beside the board (`token`)."""

    value: str  # the placement as JSON, without its token
    label: str  # what a click does, in the player's words
    tokens: tuple[str, ...]  # the tokens that may go there


@dataclass(frozen=True)
class TokenChoice:
    """A token the player may place now, with how many they have behind their screen."""

    kind: str
    count: int


def _slot_key(action: Action, me: str) -> str:
    """`board/entrance` (a guard is on the player's own board), or KINGDOM for a raid."""
    if action["type"] == "raid":
        return KINGDOM
    return f"{action['board'] if action['type'] == 'scout' else me}/{action['entrance']}"


def entrance_name(entrance: str) -> str:
    """An entrance in the reader's words: "pasture-2" ("stalla 2"), as the board's template says it."""
    place, _, number = entrance.partition("-")
    return gettext("pasture-%(number)s", number=number) if place == "pasture" else gettext("house-%(number)s",
                                                                                           number=number)


def _slot_label(action: Action) -> str:
    if action["type"] == "guard":
        return gettext("Guard your %(entrance)s with the chosen token", entrance=entrance_name(action["entrance"]))
    if action["type"] == "scout":
        return gettext("Scout %(player)s's %(entrance)s with the chosen token", player=action["board"],
                       entrance=entrance_name(action["entrance"]))
    return gettext("Raid the foreign kingdom with the chosen token")


def open_slots(legal_actions: Sequence[Action], me: str) -> dict[str, OpenSlot]:
    """The slots the player may fill by a click, by `board/entrance` and KINGDOM, each with the tokens
    that may go there (in the engine's order)."""
    tokens: dict[str, list[str]] = {}
    placements: dict[str, Action] = {}
    for action in legal_actions:
        if action["type"] in ("guard", "scout", "raid"):
            key = _slot_key(action, me)
            placements.setdefault(key, {name: value for name, value in action.items() if name != "token"})
            tokens.setdefault(key, []).append(action["token"])
    return {key: OpenSlot(json.dumps(placement, sort_keys=True), _slot_label(placement), tuple(tokens[key]))
            for key, placement in placements.items()}


def token_choices(view: Mapping[str, Any], slots: Mapping[str, OpenSlot]) -> list[TokenChoice]:
    """The tokens that can go somewhere now, in the screen's order."""
    placeable = {token for slot in slots.values() for token in slot.tokens}
    return [TokenChoice(kind, view["screen"][kind]) for kind in TOKEN_ORDER if kind in placeable]


@dataclass(frozen=True)
class GuardSlot:
    """One empty guard slot of the guarding form: a select of the guards the player may put there."""

    entrance: str
    options: list[Move]


def guard_slots(engine: Engine, legal_actions: Sequence[Action], player: str) -> list[GuardSlot]:
    """The empty guard slots the player may fill, in board order, for the guarding form (R8)."""
    options: dict[str, list[Move]] = {}
    for action in legal_actions:
        if action["type"] == "guard":
            options.setdefault(action["entrance"], []).append(Move.of(engine, action, player))
    return [GuardSlot(entrance, moves) for entrance, moves in options.items()]


def guarding_problems(view: Mapping[str, Any], actions: Sequence[Action]) -> dict[str, str]:
    """The guarding form's choices that cannot all be placed (R8): a token chosen for more entrances than
    the player has of it behind the screen, said beside each of those entrances (by entrance)."""
    if view.get("phase") != "guarding":
        return {}
    chosen: dict[str, list[str]] = {}
    for action in actions:
        token, entrance = action.get("token"), action.get("entrance")
        if action.get("type") == "guard" and isinstance(token, str) and isinstance(entrance, str):
            chosen.setdefault(token, []).append(entrance)
    problems = {}
    for token, entrances in chosen.items():
        have = view.get("screen", {}).get(token, 0)
        if len(entrances) > have > 0:  # none at all: the rules' own refusal says so
            sentence = ngettext(
                "You chose your only %(token)s for %(entrances)s: it can guard just one of them. "
                "Choose another token, or leave empty, for the others.",
                "You chose a %(token)s for %(entrances)s, but you have only %(num)d behind your screen. "
                "Choose another token, or leave empty, for the others.",
                have, token=gettext(token), entrances=names(entrance_name(entrance) for entrance in entrances))
            problems.update(dict.fromkeys(entrances, sentence))
    return problems


def plannable(view: Mapping[str, Any], me: str) -> list[Action]:
    """What `me` may queue, in the scouting phase before they pass: a token of theirs for each empty slot
    it may ever go to (R6), and the pass. Which of them can still be made is decided when it is their move."""
    if view["over"] or view["phase"] != "scouting" or me in view["passed"]:
        return []
    held = [kind for kind in TOKEN_ORDER if view["screen"][kind]]
    moves: list[Action] = [{"type": "guard", "token": kind, "entrance": entrance}
                           for entrance, slot in view["boards"][me].items() if slot["guard"] is None for kind in held]
    moves += [{"type": "scout", "token": kind, "board": board, "entrance": entrance}
              for board in view["players"] if board != me
              for entrance, slot in view["boards"][board].items() if slot["scout"] is None
              for kind in held if kind in SCOUTS]
    raiders = view["kingdom"]["raiders"]
    if len(raiders) < KINGDOM_SLOTS and all(raider["player"] != me for raider in raiders):
        moves += [{"type": "raid", "token": kind} for kind in held if kind in RAIDERS]
    return [*moves, dict(PASS)]


def page_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action], me: str | None,
                 picked: str | None = None, planned: Sequence[Action] | None = None) -> dict[str, Any]:
    """Simultaneous guarding is one form of every guard slot; otherwise each placement is one click on
    the board with the token chosen beside it (so nothing is ever `picked` first). In plan mode
    (`planned`) the board's slots and the pass queue what they offer."""
    if planned is not None:
        slots = open_slots(planned, me)
        return {"open_slots": slots, "token_choices": token_choices(view, slots),
                "pass_move": Move.of(engine, PASS, me) if PASS in planned else None, "guard_slots": [], "standings": [],
                "plan_mode": True}
    guarding = view["phase"] == "guarding"
    slots = {} if guarding or not legal else open_slots(legal, me)
    return {
        "open_slots": slots,
        "token_choices": token_choices(view, slots) if slots else [],
        "pass_move": next((Move.of(engine, action, me) for action in legal if action["type"] == "pass"), None),
        "guard_slots": guard_slots(engine, legal, me) if guarding else [],
        "standings": standings(view) if view["over"] else [],
        "plan_mode": False,
    }


# The rules page (/rules/tain): its facts and tables read from the engine, so it can never disagree with it.
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


def rules_context() -> dict[str, Any]:
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
