"""The sender's side of an email: its subject and bodies written from its draft, outside the change that queued it.

A change queues each email as a draft (tain.mail.messages.Draft); rendering its subject and
bodies, and replaying the log for "since you last looked", is most of an email's cost, so the
sender does it (`send_pending`: the clock's mail job, or the request's own after a POST with the
development mailbox). The emails of one game at one version are written from one replay of its
log up to that version: the recipient's view there and what happened since they last looked, which
is what the change itself would have written (the log is append-only). A draft that cannot be
written is retried with back-off like a message the server refused, and the others go on.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone

from sqlalchemy import bindparam, func, select, update
from sqlalchemy.orm import defer

from tain import transactions
from tain.extensions import db
from tain.games import Game as Engine
from tain.mail import outbox
from tain.mail.messages import Draft, Written, write
from tain.models import Game, OutboxMessage

from . import timeline
from .games import engine_for

log = logging.getLogger(__name__)
BATCH = 200  # drafts read at a time


def write_drafts(game: Game, engine: Engine, drafts: Sequence[Draft],
                 previous: Mapping[str, str] | None = None) -> list[Written]:
    """The emails of `drafts` (all of `game` at one version, oldest first), written from one replay of its
    log; a subject that repeats the seat's `previous` one (by seat name), or the one before it here, is
    numbered."""
    versions = {draft.version for draft in drafts}
    if len(versions) != 1:
        raise ValueError(f"drafts of several versions written together: {sorted(versions)}")
    seen: dict[str, int] = {}
    for draft in drafts:  # a seat may have two emails at one version (a link resent)
        seen[draft.seat] = min(seen.get(draft.seat, draft.seen), draft.seen)
    replayed = timeline.told_until(game, engine, seen, versions.pop())
    last_subjects = dict(previous or {})
    emails = []
    for draft in drafts:
        email = write(draft, replayed.view(engine, draft.seat),
                      timeline.chapters([event for event in replayed.told[draft.seat] if event.version > draft.seen]),
                      engine.legal_actions(replayed.state, draft.seat), last_subjects.get(draft.seat))
        last_subjects[draft.seat] = email.subject
        emails.append(email)
    return emails


# Each seat's latest subject before an email: the last one written of the game's emails queued before it.
_PREVIOUS_SUBJECTS = select(OutboxMessage.seat_id, OutboxMessage.subject).where(OutboxMessage.id.in_(
    select(func.max(OutboxMessage.id)).where(
        OutboxMessage.game_id == bindparam("game_id"), OutboxMessage.id < bindparam("before"),
        OutboxMessage.subject.is_not(None),
    ).group_by(OutboxMessage.seat_id).scalar_subquery()
))


def write_pending(now: datetime) -> int:
    """Write the bodies of every due email queued as a draft, oldest first; how many were written."""
    written = 0
    while True:
        with transactions.read():
            rows = db.session.execute(
                select(OutboxMessage.id, OutboxMessage.game_id, OutboxMessage.seat_id, OutboxMessage.attempts,
                       OutboxMessage.letter)
                .where(OutboxMessage.body_text.is_(None), OutboxMessage.letter.is_not(None),
                       OutboxMessage.status == "pending", OutboxMessage.next_attempt_at <= now)
                .order_by(OutboxMessage.id).limit(BATCH)).all()
        groups: dict[tuple[int | None, int], list] = {}
        for row in rows:
            groups.setdefault((row.game_id, row.letter["version"]), []).append(row)
        for (game_id, _), group in groups.items():
            written += _write_group(game_id, group, now)
        if len(rows) < BATCH:
            return written


def _write_group(game_id: int | None, rows: Sequence, now: datetime) -> int:
    """One game's drafts at one version, written and saved; on failure each is retried later."""
    try:
        with transactions.read():
            game = db.session.scalar(select(Game).where(Game.id == game_id).options(defer(Game.state)))
            if game is None:
                raise LookupError(f"game {game_id} is gone")
            drafts = [Draft.from_json(row.letter) for row in rows]
            names = {row.seat_id: draft.seat for row, draft in zip(rows, drafts)}
            previous = {names[seat_id]: subject for seat_id, subject in db.session.execute(
                _PREVIOUS_SUBJECTS, {"game_id": game_id, "before": rows[0].id}) if seat_id in names}
            emails = write_drafts(game, engine_for(game), drafts, previous)
    except Exception as error:  # these drafts' own failure: the other emails go on
        log.exception("the emails %s of game %s could not be written", [row.id for row in rows], game_id)
        for row in rows:
            outbox.record_failure(row.id, row.attempts, now, error)
        return 0
    with transactions.write():
        for row, email in zip(rows, emails):
            # Another sender may have written it meanwhile, the same: the first one stands. A draft queued
            # with its subject (before migration 0017) keeps it.
            db.session.execute(update(OutboxMessage).where(OutboxMessage.id == row.id, OutboxMessage.body_text.is_(None))
                               .values(subject=func.coalesce(OutboxMessage.subject, email.subject),
                                       body_text=email.body_text, body_html=email.body_html, picture=email.picture))
    return len(rows)


def send_pending(now: datetime | None = None) -> outbox.DeliveryReport:
    """What the sender does each pass: write the drafts that are due, then deliver what is written."""
    now = now or datetime.now(timezone.utc)
    write_pending(now)
    return outbox.deliver_pending(now)
