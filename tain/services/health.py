"""The schedule's health: every pass of the clock is recorded (the latest KEEP_PASSES are kept),
and the admin sees when it last ran and how late it is. Given `now`; never reads the clock.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select

from tain import transactions
from tain.extensions import db
from tain.models import Game, OutboxMessage, SchedulerPass

KEEP_PASSES = 200
STALE_AFTER = timedelta(minutes=5)  # the admin is warned when no pass finished for this long
UNSENT = ("pending", "sending")


def record_pass(started_at: datetime, finished_at: datetime, *, timeouts: int, reminders: int, digests: int,
                emails_sent: int, emails_failed: int) -> None:
    """Record one finished pass and forget all but the latest KEEP_PASSES, in one write transaction."""
    with transactions.write():
        row = SchedulerPass(started_at=started_at, finished_at=finished_at, timeouts=timeouts, reminders=reminders,
                            digests=digests, emails_sent=emails_sent, emails_failed=emails_failed)
        db.session.add(row)
        db.session.flush()
        db.session.execute(delete(SchedulerPass).where(SchedulerPass.id <= row.id - KEEP_PASSES))


def latest_passes(limit: int = 1) -> list[SchedulerPass]:
    """The passes that finished last, the latest first."""
    return list(db.session.scalars(select(SchedulerPass).order_by(SchedulerPass.finished_at.desc(),
                                                                  SchedulerPass.id.desc()).limit(limit)))


def is_stale(last: SchedulerPass | None, now: datetime) -> bool:
    """True when no pass finished in the last STALE_AFTER (or none ever did)."""
    return last is None or now - last.finished_at >= STALE_AFTER


@dataclass(frozen=True)
class ScheduleHealth:
    now: datetime
    passes: list[SchedulerPass]  # the latest first
    due_games: int  # games whose deadline or reminder is due and not yet handled
    most_overdue_game: int | None
    most_overdue_since: datetime | None  # when that game fell due
    most_overdue_is_deadline: bool  # its deadline (else its reminder)
    unsent_emails: int  # pending, or being sent
    oldest_unsent_at: datetime | None  # when the oldest of them was queued

    @property
    def last(self) -> SchedulerPass | None:
        return self.passes[0] if self.passes else None

    @property
    def stale(self) -> bool:
        return is_stale(self.last, self.now)

    @property
    def since_last(self) -> timedelta | None:
        return None if self.last is None else self.now - self.last.finished_at

    @property
    def lateness(self) -> timedelta | None:
        """How long the most overdue game has waited for the schedule."""
        return None if self.most_overdue_since is None else self.now - self.most_overdue_since

    @property
    def oldest_unsent_age(self) -> timedelta | None:
        return None if self.oldest_unsent_at is None else self.now - self.oldest_unsent_at


def schedule_health(now: datetime, passes: int = 10) -> ScheduleHealth:
    """The latest passes, the games due at `now` (the most overdue first) and the mail not yet sent."""
    due = Game.wake_at <= now
    due_games = db.session.scalar(select(func.count()).select_from(Game).where(due)) or 0
    overdue = db.session.execute(
        select(Game.id, Game.wake_at, Game.deadline_at).where(due).order_by(Game.wake_at, Game.id).limit(1)
    ).first()
    unsent_emails, oldest_unsent_at = db.session.execute(
        select(func.count(), func.min(OutboxMessage.created_at)).where(OutboxMessage.status.in_(UNSENT))
    ).one()
    return ScheduleHealth(
        now=now, passes=latest_passes(passes), due_games=due_games,
        most_overdue_game=overdue.id if overdue else None, most_overdue_since=overdue.wake_at if overdue else None,
        most_overdue_is_deadline=bool(overdue and overdue.deadline_at == overdue.wake_at),
        unsent_emails=unsent_emails,
        oldest_unsent_at=oldest_unsent_at,
    )

