"""What a player sets for their seat: days away, and how they get their mail."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta

from tain.models import Seat

from .errors import ServiceError
from .games import engine_for, locked_game
from .timing import move_past_away_days

MAX_AWAY_DAYS = 30  # at most this many days away at any time
AWAY_HORIZON = timedelta(days=365)  # and none further ahead than this
MAIL_MODES = ("each", "digest")
DIGEST_EVERY = timedelta(days=1)


class BadPreference(ServiceError):
    """A preference that cannot be set; the message says why."""


def set_away_days(seat: Seat, days: Iterable[date], *, now: datetime) -> list[str]:
    """Replace the seat's away days (past ones are dropped); the days kept, as ISO dates.

    A deadline of the seat's running move that falls on one of them moves past it
    at once; removing days never brings a deadline already set closer.
    """
    today = now.date()
    kept = sorted({day for day in days if day >= today})
    if len(kept) > MAX_AWAY_DAYS:
        raise BadPreference(f"You can be away at most {MAX_AWAY_DAYS} days at a time.")
    if kept and kept[-1] > (now + AWAY_HORIZON).date():
        raise BadPreference("Choose days within the coming year.")
    with locked_game(seat.game_id) as game:
        locked = game.seat_named(seat.name)
        locked.away_days = [day.isoformat() for day in kept]
        to_act = engine_for(game).to_act(game.state)
        if seat.name in to_act:
            move_past_away_days(game, to_act)
        return list(locked.away_days)


def set_mail_mode(seat: Seat, mode: str, *, now: datetime) -> None:
    """`each`: an email for each of the seat's moves; `digest`: one a day listing what waits, from now."""
    if mode not in MAIL_MODES:
        raise BadPreference("Choose an email for each move, or one digest a day.")
    with locked_game(seat.game_id) as game:
        locked = game.seat_named(seat.name)
        if locked.mail_mode != mode:
            locked.mail_mode = mode
            locked.digest_at = now + DIGEST_EVERY if mode == "digest" else None
            locked.digest_reports = len(engine_for(game).view(game.state, locked.name).get("reports") or [])
