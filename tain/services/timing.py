"""A game's clock, computed on its row: the deadline (ruling R19), the reminder before it,
away days that push a deadline past them, a pause, and `wake_at` — the next moment the
scheduler must look at the game. Pure: no session, no clock; `now` is given.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, datetime, timedelta, tzinfo

from tain.local_time import zone_named
from tain.models import Game

ONE_DAY = timedelta(days=1)


def restart_clock(game: Game, before: Sequence[str], after: Sequence[str], now: datetime,
                  mid_turn: bool = False, simultaneous: bool = False) -> None:
    """Set the deadline for whoever is to act after a change (R19), and the reminder before it.

    Several players acting at once (simultaneous guarding, R8), or a step the game
    plays all at once (`simultaneous`: an Inis Citadels step, I63) share one phase
    deadline, kept while they drop out; a player going on with a turn they began
    (`mid_turn`, a Tara battle turn), still the one to act, keeps theirs while it runs
    (not one whose turn a plan began inside the change that ended another's, nor one
    whose deadline has just timed out his last decision); otherwise each move starts
    a fresh move deadline. A paused game's clock stands still at the pause: the
    whole time is left when it resumes.
    """
    if game.status != "running" or not after:
        game.deadline_at = game.reminder_at = None
    elif not ((mid_turn and list(after) == list(before) and _running(game, now))
              or (len(before) > 1 and set(after) <= set(before))):
        seconds = game.phase_deadline_seconds if simultaneous or len(after) > 1 else game.move_deadline_seconds
        start = game.paused_at or now
        deadline = None if seconds is None else past_away_days(start + timedelta(seconds=seconds), away_days(game, after))
        game.deadline_at = deadline
        game.reminder_at = reminder_time(start, deadline, game.reminder_before_seconds)
    set_wake(game)


def _running(game: Game, now: datetime) -> bool:
    """Whether the deadline kept for whoever goes on is still ahead: one that has just passed timed out
    a decision, and the one he goes on to (an Inis placement's Season turn) gets its own."""
    return game.deadline_at is None or game.deadline_at > now


def reminder_time(start: datetime, deadline: datetime | None, before_seconds: int | None) -> datetime | None:
    """`before_seconds` ahead of the deadline, or halfway there for a deadline shorter than twice that."""
    if deadline is None or before_seconds is None:
        return None
    return max(deadline - timedelta(seconds=before_seconds), start + (deadline - start) / 2)


AwayDays = Collection[tuple[tzinfo, Collection[date]]]  # each seat's days away, on its own clock


def past_away_days(deadline: datetime, away: AwayDays) -> datetime:
    """A deadline falling on a day away (that day on the away player's own clock) moves a day at a time,
    keeping its hour, until it does not."""
    while any(deadline.astimezone(zone).date() in days for zone, days in away):
        deadline += ONE_DAY
    return deadline


def move_past_away_days(game: Game, to_act: Sequence[str]) -> None:
    """After away days were marked or a pause ended: the running deadline (and a reminder not yet sent) moves past them."""
    if game.deadline_at is not None:
        shift(game, past_away_days(game.deadline_at, away_days(game, to_act)) - game.deadline_at)
    set_wake(game)


def away_days(game: Game, players: Sequence[str]) -> AwayDays:
    """The days on which each of `players` cannot play, with the time zone those days are in."""
    return [(zone_named(seat.time_zone), seat.away_dates()) for seat in game.seats
            if seat.name in players and seat.away_days]


def set_wake(game: Game) -> None:
    """The next moment the scheduler must look at the game: its reminder or its deadline (never while paused)."""
    moments = [moment for moment in (game.reminder_at, game.deadline_at) if moment is not None]
    running = game.status == "running" and game.paused_at is None
    game.wake_at = min(moments) if running and moments else None


def shift(game: Game, by: timedelta) -> None:
    """Move the deadline and a reminder not yet sent by `by` (an extension, or the length of a pause)."""
    if game.deadline_at is not None:
        game.deadline_at += by
    if game.reminder_at is not None:
        game.reminder_at += by
