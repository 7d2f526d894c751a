"""Who must be told what after a change, decided from each player's views before and after.

- game created: an invitation to everyone (saying whether it is their move);
- a raid phase resolved: its report to everyone, with their move if it is;
- the game over: the final scores to everyone;
- otherwise "your move" to each player who has just become one to act, or who
  is to act in a phase or turn that has just begun;
- on an admin's request, a seat's link again (a fresh one, after a replacement).

Bot seats get no mail.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from tain.games import Game as Engine, State
from tain.mail.messages import Letter, send_letter
from tain.models import Game, Seat

from .links import link_for


def game_created(game: Game, engine: Engine, *, now: datetime) -> None:
    to_act = engine.to_act(game.state)
    for seat in _people(game):
        letter = Letter("invitation", engine.view(game.state, seat.name), link_for(seat), your_move=seat.name in to_act)
        send_letter(game, seat, engine.title, letter, now=now)


def game_changed(game: Game, engine: Engine, before: State, after: State, *, now: datetime) -> None:
    to_act_before, to_act_after = set(engine.to_act(before)), set(engine.to_act(after))
    for seat in _people(game):
        old, new = engine.view(before, seat.name), engine.view(after, seat.name)
        new_reports = tuple(_reports(new)[len(_reports(old)):])
        moved_on = bool(new_reports) or old.get("phase") != new.get("phase") or old.get("turn") != new.get("turn")
        your_move = seat.name in to_act_after and (seat.name not in to_act_before or moved_on)
        if game.over:
            kind = "final-scores"
        elif new_reports:
            kind = "raid-report"
        elif your_move:
            kind = "your-move"
        else:
            continue
        send_letter(game, seat, engine.title, Letter(kind, new, link_for(seat), your_move, new_reports), now=now)


def seat_link(game: Game, engine: Engine, seat: Seat, *, now: datetime) -> None:
    your_move = not game.over and seat.name in engine.to_act(game.state)
    send_letter(game, seat, engine.title, Letter("link", engine.view(game.state, seat.name), link_for(seat), your_move), now=now)


def _people(game: Game) -> list[Seat]:
    return [seat for seat in game.seats if not seat.bot]


def _reports(view: dict[str, Any]) -> list[dict[str, Any]]:
    return view.get("reports") or []
