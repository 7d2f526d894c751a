"""Deadlines (ruling R19) and reminders: the scheduler's pass, and what the admin may do to a game's clock.

Every function is given `now`. A pass claims each due game under its row lock
(SELECT … FOR UPDATE SKIP LOCKED on PostgreSQL, BEGIN IMMEDIATE on SQLite),
checks again that it is due, and acts on it in that one transaction — so two
passes at once, or a pass racing a player's move, act once.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select

from tain import transactions
from tain.extensions import db
from tain.games import Game as Engine
from tain.models import Game
from tain.wording import N_

from . import notify
from .bots import bot_for
from .errors import AdminRefusal, InvalidGame, StaleMove

from .games import _seconds, apply_actions, engine_for, let_bots_play, locked_game, timing_problems
from .timing import move_past_away_days, set_wake, shift

log = logging.getLogger(__name__)
CLAIM_BATCH = 500


@dataclass(frozen=True)
class Timing:
    """A game's timing: `None` for no deadline (or no reminder)."""

    move_deadline: timedelta | None
    phase_deadline: timedelta | None
    reminder_before: timedelta | None
    bot_on_timeout: bool = False


@dataclass
class PassReport:
    timeouts: int = 0  # players timed out
    reminders: int = 0  # reminder emails queued


def timing_of(game: Game) -> Timing:
    def duration(seconds: int | None) -> timedelta | None:
        return None if seconds is None else timedelta(seconds=seconds)

    return Timing(duration(game.move_deadline_seconds), duration(game.phase_deadline_seconds),
                  duration(game.reminder_before_seconds), game.bot_on_timeout)


# Each clock control is decided on the game as it stands under its row lock (a move just made
# counts), refuses with AdminRefusal when it cannot be done, and takes `also`: more to do to the
# locked game in the same transaction once the change is allowed, before it is made (the admin's
# audit entry, see audit.recorder), so the change and its record commit together.
Also = Callable[[Game], None]


def _nothing_more(game: Game) -> None:
    pass


def _running(game: Game, *, paused: bool | None = None) -> None:
    """Refuse unless the game runs (and is paused, or not, as `paused` asks)."""
    if game.status != "running":
        raise AdminRefusal(N_("Game #%(game)s is cancelled; it cannot be changed any more.") if game.cancelled
                           else N_("Game #%(game)s is finished; it cannot be changed any more."), game=game.id)
    if paused is not None and bool(game.paused_at) != paused:
        raise AdminRefusal(N_("Game #%(game)s is not paused.") if paused else N_("Game #%(game)s is already paused."),
                           game=game.id)


def set_timing(game_id: int, timing: Timing, *, now: datetime, also: Also = _nothing_more) -> None:
    """Change a game's timing. It holds from the next deadline on; the running one stays (see `extend_deadline`).
    InvalidGame for a deadline or reminder out of its range (`timing_problems`)."""
    problems = timing_problems(timing.move_deadline, timing.phase_deadline, timing.reminder_before)
    if problems:
        raise InvalidGame(problems)
    with locked_game(game_id) as game:
        _running(game)
        also(game)
        game.move_deadline_seconds = _seconds(timing.move_deadline)
        game.phase_deadline_seconds = _seconds(timing.phase_deadline)
        game.reminder_before_seconds = _seconds(timing.reminder_before)
        game.bot_on_timeout = timing.bot_on_timeout
        game.updated_at = now


def extend_deadline(game_id: int, by: timedelta, *, now: datetime, also: Also = _nothing_more) -> datetime | None:
    """Push the running deadline (and a reminder not yet sent) back by `by`; the new deadline."""
    with locked_game(game_id) as game:
        _running(game)
        if game.deadline_at is None:
            raise AdminRefusal(N_("Game #%(game)s has no deadline running to extend."), game=game.id)
        return _extend(game, game.deadline_at + by, now, also)


def extend_deadline_to(game_id: int, until: datetime, *, now: datetime, also: Also = _nothing_more) -> datetime:
    """Move the running deadline later, to `until` exactly: refused for a time already past, or not
    later than the deadline as it stands under the lock."""
    with locked_game(game_id) as game:
        _running(game)
        if game.deadline_at is None:
            raise AdminRefusal(N_("Game #%(game)s has no deadline running to extend."), game=game.id)
        if until <= now:
            raise AdminRefusal(N_("That deadline is in the past; choose a later time."))
        if until <= game.deadline_at:
            raise AdminRefusal(N_("Choose a deadline later than the current one (%(deadline)s UTC; to shorten it, "
                                  "apply the time-out now)."), deadline=f"{game.deadline_at:%Y-%m-%d %H:%M}")
        return _extend(game, until, now, also)


def _extend(game: Game, until: datetime, now: datetime, also: Also) -> datetime:
    also(game)
    shift(game, until - game.deadline_at)
    set_wake(game)
    game.updated_at = now
    return until


def pause(game_id: int, *, now: datetime, also: Also = _nothing_more) -> None:
    """Stop the game: no deadline passes, no reminder goes and nobody moves until `resume`; the players are told."""
    with locked_game(game_id) as game:
        _running(game, paused=False)
        also(game)
        game.paused_at = now
        set_wake(game)
        game.updated_at = now
        notify.paused(game, engine_for(game), now=now)


def resume(game_id: int, *, now: datetime, also: Also = _nothing_more) -> None:
    """Restart the clock with the time that was left at the pause (then past any away day); bots
    seated meanwhile move; everyone hears it in one email (which tells those moves), and whoever is to
    act then until when."""
    with locked_game(game_id) as game:
        _running(game, paused=True)
        also(game)
        shift(game, now - game.paused_at)
        game.paused_at = None
        engine = engine_for(game)
        move_past_away_days(game, engine.to_act(game.state))
        game.updated_at = now
        let_bots_play(game, now=now, tell=False)  # the resumed email tells their moves, and who is to act after
        notify.resumed(game, engine, now=now)


def apply_timeouts(game_id: int, *, now: datetime, expected_version: int | None = None,
                   also: Also = _nothing_more) -> int:
    """Time out now everyone still to act, as if the deadline had passed (the admin's button).

    `expected_version` guards against acting on a page the game has moved past (StaleMove).
    Returns how many players were timed out.
    """
    with locked_game(game_id) as game:
        _running(game, paused=False)
        if expected_version is not None and expected_version != game.version:
            raise StaleMove(N_("The game has moved on since this page was shown, so nothing was done."))
        also(game)
        return _time_out(game, now)


def run_due_games(now: datetime) -> PassReport:
    """One pass: every game whose reminder or deadline is due at `now`, the most overdue first."""
    report = PassReport()
    seen: set[int] = set()
    while True:
        with transactions.read():  # a fresh snapshot each round (SQLite's WAL would keep an old one)
            due = db.session.scalars(
                select(Game.id).where(Game.wake_at <= now).order_by(Game.wake_at, Game.id).limit(CLAIM_BATCH)
            ).all()
        fresh = [game_id for game_id in due if game_id not in seen]
        if not fresh:
            return report
        for game_id in fresh:
            seen.add(game_id)
            try:
                with _claimed(game_id, now) as game:
                    if game is not None:
                        _wake(game, now, report)
            except Exception:  # one broken game must not stop the others' deadlines
                log.exception("game %s: the deadline pass failed", game_id)


@contextmanager
def _claimed(game_id: int, now: datetime) -> Iterator[Game | None]:
    """The game under its row lock if it is still due; None if it is not, or another pass holds it."""
    with transactions.game_under_lock(game_id, skip_locked=True, where=Game.wake_at <= now) as game:
        yield game


def _wake(game: Game, now: datetime, report: PassReport) -> None:
    """Whatever is due in a claimed game: the time-out if the deadline passed, else the reminder."""
    if game.deadline_at is not None and game.deadline_at <= now:
        game.reminder_at = None  # too late to remind
        report.timeouts += _time_out(game, now)
    elif game.reminder_at is not None and game.reminder_at <= now:
        report.reminders += notify.reminder(game, engine_for(game), now=now)
        game.reminder_at = None  # one reminder per deadline
        set_wake(game)


def _time_out(game: Game, now: datetime) -> int:
    """R19 / T13: each late player gets the engine's time-out moves — or, if the game says so,
    a bot plays the rest of their turn from their view. Logged as made on time-out; whoever
    is to act next gets a fresh deadline from now."""
    engine = engine_for(game)
    late = engine.to_act(game.state)
    for player in late:
        if _still_to_act(game, engine, player):
            bot = bot_for(game, engine) if game.bot_on_timeout else None
            actions = engine.timeout_actions(game.state, player, bot)
            apply_actions(game, player, actions, now=now, on_timeout=True)
    return len(late)


def _still_to_act(game: Game, engine: Engine, player: str) -> bool:
    return game.status == "running" and player in engine.to_act(game.state)
