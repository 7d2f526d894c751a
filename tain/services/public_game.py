"""What anyone may see of a game (the lobby's page for its creator, and its public board): its
number, its players and how each stands, and the board as nobody's view (`view(state, None)`).
No address, no face-down token."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from tain.extensions import db
from tain.messages import told
from tain.models import Game, OutboxMessage

from .admin import game_status
from .games import engine_for, get_game_row


@dataclass(frozen=True)
class SeatStatus:
    name: str
    bot: bool
    to_act: bool
    invitation: str | None  # the invitation's outbox status (pending, sending, sent, failed); None for a bot


@dataclass(frozen=True)
class PublicGame:
    id: int
    name: str
    title: str
    status: str  # running | paused | finished | cancelled
    stage: str  # in the engine's words: "turn 1 of 8, scouting"
    seats: list[SeatStatus]
    view: dict[str, Any]

    @property
    def to_act(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.to_act]


def public_game(game_id: int) -> PublicGame:
    """The game as anyone may see it; GameNotFound when there is none."""
    game = get_game_row(game_id)
    engine = engine_for(game)
    status = game_status(game)
    to_act = engine.to_act(game.state) if status == "running" else []
    invitations = _invitations(game)
    view = engine.view(game.state, None)
    return PublicGame(
        id=game.id, name=game.game, title=engine.title, status=status, stage=told(view["stage"], "long"), view=view,
        seats=[SeatStatus(seat.name, seat.bot, seat.name in to_act, invitations.get(seat.id)) for seat in game.seats],
    )


def _invitations(game: Game) -> dict[int, str]:
    rows = db.session.execute(select(OutboxMessage.seat_id, OutboxMessage.status).where(
        OutboxMessage.game_id == game.id, OutboxMessage.kind == "invitation"))
    return {seat_id: status for seat_id, status in rows if seat_id is not None}
