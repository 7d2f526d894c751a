"""What Tàin's page needs beyond the seat's view: the legal moves grouped as the page shows
them (guard by entrance, scout by board then entrance, raids, pass), the guarding form's
slots (R8), and the order of the final scores."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tain.games import Action, Game as Engine
from tain.web.moves import Move
from tain.wording import names, ngettext


@dataclass
class Moves:
    """The legal actions grouped for the page: guard by entrance, scout by board then entrance."""

    guards: dict[str, list[Move]] = field(default_factory=dict)
    scouts: dict[str, dict[str, list[Move]]] = field(default_factory=dict)
    raids: list[Move] = field(default_factory=list)
    pass_move: Move | None = None

    @property
    def any(self) -> bool:
        return bool(self.guards or self.scouts or self.raids or self.pass_move)


@dataclass(frozen=True)
class GuardSlot:
    """One empty guard slot of the guarding form: a select of the guards the player may put there."""

    entrance: str
    options: list[Move]


def group_moves(engine: Engine, legal_actions: Sequence[Action], player: str) -> Moves:
    """Sort the legal actions into the page's groups, keeping the engine's order inside each."""
    moves = Moves()
    for action in legal_actions:
        move = Move.of(engine, action, player)
        kind = action["type"]
        if kind == "guard":
            moves.guards.setdefault(action["entrance"], []).append(move)
        elif kind == "scout":
            moves.scouts.setdefault(action["board"], {}).setdefault(action["entrance"], []).append(move)
        elif kind == "raid":
            moves.raids.append(move)
        else:
            moves.pass_move = move
    return moves


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
                have, token=token, entrances=names(entrances))
            problems.update(dict.fromkeys(entrances, sentence))
    return problems


def standings(view: Mapping[str, Any]) -> list[str]:
    """The players for the final scores: winners first, then by points (the engine breaks ties)."""
    scores, winners = view["scores"], view["winners"]
    return sorted(view["players"], key=lambda player: (player not in winners, -scores[player]))


def page_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action], me: str | None) -> dict[str, Any]:
    return {
        "moves": group_moves(engine, legal, me),
        "guard_slots": guard_slots(engine, legal, me) if view["phase"] == "guarding" else [],
        "standings": standings(view) if view["over"] else [],
    }
