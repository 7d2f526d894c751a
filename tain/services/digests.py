"""Daily digests for seats that chose one instead of an email for each move."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from tain import transactions
from tain.extensions import db
from tain.models import Seat

from . import notify
from .games import engine_for, locked_game
from .preferences import DIGEST_EVERY


def send_due_digests(now: datetime) -> int:
    """Every digest due at `now`, once (after downtime, one per seat, not one per missed day); how many went."""
    with transactions.read():
        due = db.session.execute(
            select(Seat.id, Seat.game_id).where(Seat.digest_at <= now).order_by(Seat.digest_at)).all()
    sent = 0
    for seat_id, game_id in due:
        with locked_game(game_id) as game:
            seat = next(seat for seat in game.seats if seat.id == seat_id)
            db.session.refresh(seat)
            if seat.digest_at is None or seat.digest_at > now:
                continue  # another pass sent it
            if game.status != "running":  # an ended or cancelled game told every seat so itself
                seat.digest_at = None
                continue
            sent += notify.digest(game, engine_for(game), seat, now=now)
            while seat.digest_at <= now:
                seat.digest_at += DIGEST_EVERY
    return sent
