"""The player's page: what its templates need beyond the seat's snapshot, and what its forms mean.

Everything here is built from the seat's snapshot (`tain.services.play.seat_snapshot`,
itself built from the seat's own view and legal actions), never from the state.
"""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import Any

from werkzeug.datastructures import MultiDict

from tain.games import Action, Game as Engine, IllegalAction
from tain.services.preferences import BadPreference


class IncompleteForm(ValueError):
    """A submission that names no move or no page version (hand-made, or cut short)."""

    def __init__(self) -> None:
        super().__init__("That form was incomplete, so nothing was done. Choose your move again below.")


@dataclass(frozen=True)
class Move:
    """One legal action as a button or an option: its form value (the action as JSON), its label,
    and the token it places (None for a pass)."""

    value: str
    label: str
    token: str | None

    @classmethod
    def of(cls, engine: Engine, action: Action, player: str) -> Move:
        return cls(json.dumps(action, sort_keys=True), engine.describe_action(action, player), action.get("token"))


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


def actions_from_form(form: MultiDict[str, str]) -> list[Action]:
    """The actions a page's form sends, in order: one button's `action`, or every `actions` field.

    Each is an action as JSON; an empty `actions` field is a guard slot left empty.
    Raises IllegalAction for a value that is not an action, IncompleteForm for none at all.
    """
    texts = [text for text in form.getlist("actions") if text] or form.getlist("action")[:1]
    if not texts:
        raise IncompleteForm()
    try:
        actions = [json.loads(text) for text in texts]
    except ValueError:
        raise IllegalAction("That move is not understood; reload the page and choose again.") from None
    if not all(isinstance(action, dict) for action in actions):
        raise IllegalAction("That move is not understood; reload the page and choose again.")
    return actions


def version_from_form(form: Mapping[str, str]) -> int:
    """The number of actions the game had when the page was shown (see `submit`'s StaleMove)."""
    text = form.get("version", "")
    if not text.isdigit():
        raise IncompleteForm()
    return int(text)


def away_days_from_form(form: Mapping[str, str]) -> list[date]:
    """`away_days`: dates as 2030-05-02, or ranges as 2030-05-02..2030-05-05, separated by spaces or commas."""
    days: list[date] = []
    for part in form.get("away_days", "").replace(",", " ").split():
        first, _, last = part.partition("..")
        try:
            start, end = date.fromisoformat(first), date.fromisoformat(last or first)
        except ValueError:
            raise BadPreference(f"Write days away as 2030-05-02 or 2030-05-02..2030-05-05, not {part[:30]!r}.") from None
        if (end - start).days > 366:
            raise BadPreference("Choose days within the coming year.")
        days += [start + timedelta(days=n) for n in range((end - start).days + 1)]
    return days


def seat_colours(players: Sequence[str]) -> dict[str, str]:
    """Each player's clan colour as a CSS class, by seat (the box's red, blue, green and yellow)."""
    return {player: f"clan-{seat}" for seat, player in enumerate(players)}


def format_deadline(deadline: datetime | None) -> str | None:
    """2025-05-14 18:00 UTC → `Wed 14 May, 18:00 UTC`; None stays None."""
    if deadline is None:
        return None
    moment = deadline.astimezone(timezone.utc)
    return f"{moment:%a} {moment.day} {moment:%b, %H:%M} UTC"


def standings(view: Mapping[str, Any]) -> list[str]:
    """The players for the final scores: winners first, then by points (the engine breaks ties)."""
    scores, winners = view["scores"], view["winners"]
    return sorted(view["players"], key=lambda player: (player not in winners, -scores[player]))


def page_context(engine: Engine, snapshot: Mapping[str, Any], deadline: datetime | None) -> dict[str, Any]:
    """The template's variables for one seat's page, from its snapshot and the game's deadline.

    The deadline is public (it is when whoever is to act times out), so it is shown
    whoever's move it is; the snapshot carries it only for the seat's own move.
    """
    view = snapshot["view"]
    legal = snapshot["legal_actions"]
    return {
        "game": snapshot["game"],
        "view": view,
        "me": snapshot["player"],
        "colours": seat_colours(view["players"]),
        "moves": group_moves(engine, legal, snapshot["player"]),
        "guard_slots": guard_slots(engine, legal, snapshot["player"]) if view["phase"] == "guarding" else [],
        "deadline": format_deadline(deadline) if view["to_act"] else None,
        "version": snapshot["game"]["version"],
        "standings": standings(view) if view["over"] else [],
    }

