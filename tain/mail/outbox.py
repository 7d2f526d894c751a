"""The transactional outbox.

`enqueue` adds an email to the session of the change that causes it, so it is
committed (or rolled back) with that change: its draft, whose subject and bodies the
sender writes first (tain.services.letters). `deliver_pending` sends what is committed and
written: over SMTP when `MAIL_SERVER` is set (tain.mail.smtp), otherwise into
the development mailbox (the rows themselves, shown at /dev/mail). It leases
each message just before sending it, so two senders never send one message, and
a sender killed mid-queue leaves only its message in flight to go again (after
the lease), the rest to the next pass; the clock's mail job runs it every few seconds.
The picture of the board in an HTML email is drawn then, by the sender (tain.mail.smtp.compose),
from the recipient's view that the row keeps: never inside the request that queued it.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, fields
from datetime import datetime, timedelta, timezone
from typing import Any

from flask import Flask, Response, current_app, request
from sqlalchemy import select, update

from tain import transactions
from tain.extensions import db
from tain.models import OutboxMessage

from .smtp import Email, ServerUnavailable, SmtpSender

log = logging.getLogger(__name__)

# A leased message is re-tried after this long if its sender died before marking it: far longer
# than one message's few network calls can take (each bounded by MAIL_TIMEOUT).
CLAIM_LEASE = timedelta(minutes=10)
MAX_ATTEMPTS = 8
SUBJECT_LENGTH = OutboxMessage.subject.type.length


@dataclass
class DeliveryReport:
    sent: int = 0
    failed: int = 0


def enqueue(
    *, recipient: str, subject: str | None, message_id: str, thread_root: str | None, kind: str, now: datetime,
    game_id: int | None = None, seat_id: int | None = None, letter: dict[str, Any] | None = None,
    body_text: str | None = None, body_html: str | None = None, picture: str | None = None,
) -> OutboxMessage:
    """Queue one email in the current transaction; nothing is sent before it commits. Either its `letter`
    (tain.mail.messages.Draft), whose subject and bodies the sender writes (tain.services.letters), or
    its subject and bodies written already. `picture` is what the HTML's picture of the board is made from
    (tain.pictures.source_of); the sender draws it."""
    message = OutboxMessage(
        # The column holds 300 characters: a subject made of long names is cut, never a failed change.
        game_id=game_id, seat_id=seat_id, kind=kind, recipient=recipient, subject=subject and subject[:SUBJECT_LENGTH],
        letter=letter, body_text=body_text, body_html=body_html, picture=picture, message_id=message_id,
        in_reply_to=thread_root, references=thread_root,
        status="pending", attempts=0, created_at=now, next_attempt_at=now,
    )
    db.session.add(message)
    return message


def _retry_delay(attempts: int) -> timedelta:
    return timedelta(seconds=min(30 * 2 ** (attempts - 1), 6 * 3600))


_EMAIL_FIELDS = [field.name for field in fields(Email)]  # each one a column of the outbox, of the same name


@dataclass(frozen=True)
class _Leased:
    """A message leased to this sender, read before anything is sent (no row is kept while sending)."""

    id: int
    seat_id: int | None
    attempts: int
    email: Email


def _lease_next(now: datetime) -> _Leased | None:
    """Lease the oldest due message to this sender just before sending it, in its own short write transaction.

    It is `sending` until `now + CLAIM_LEASE`: if this sender dies before marking it, another sends it
    after the lease (perhaps a second time). Only the message in flight is ever leased, so a sender that
    dies holds back nothing else. PostgreSQL skips a row another sender is leasing; on SQLite the lease
    runs under the write lock.
    """
    due = (
        select(OutboxMessage.id, OutboxMessage.seat_id, OutboxMessage.attempts,
               *(getattr(OutboxMessage, name) for name in _EMAIL_FIELDS))
        .where(OutboxMessage.status.in_(("pending", "sending")), OutboxMessage.next_attempt_at <= now,
               OutboxMessage.body_text.is_not(None))  # written (tain.services.letters writes the others first)
        .order_by(OutboxMessage.id).limit(1).with_for_update(skip_locked=True)
    )
    with transactions.write():
        row = db.session.execute(due).first()
        if row is None:
            return None
        db.session.execute(update(OutboxMessage).where(OutboxMessage.id == row.id)
                           .values(status="sending", next_attempt_at=now + CLAIM_LEASE))
    return _Leased(row.id, row.seat_id, row.attempts, Email(**{name: row._mapping[name] for name in _EMAIL_FIELDS}))


class _DevMailbox:
    """Without MAIL_SERVER the rows are the development mailbox (/dev/mail): marking one sent delivers it."""

    name = "devmail"

    def send(self, email: Email, date: datetime) -> None:
        pass

    def close(self) -> None:
        pass


def deliver_pending(now: datetime | None = None) -> DeliveryReport:
    """Send the committed messages that are due, oldest first, over one SMTP connection.

    Each is leased just before it is sent and marked sent right after the server
    took it, each in its own commit. A message that fails on its own is retried
    with back-off and marked `failed` with its `last_error` after MAX_ATTEMPTS,
    without holding up the others; when the server cannot be reached or drops
    the connection, the pass stops and every due message backs off together.
    """
    now = now or datetime.now(timezone.utc)
    report = DeliveryReport()
    sender = SmtpSender(current_app.config) if current_app.config.get("MAIL_SERVER") else _DevMailbox()
    try:
        while (leased := _lease_next(now)) is not None:
            try:
                sender.send(leased.email, now)
            except ServerUnavailable as unavailable:
                error = unavailable.__cause__
                log.warning("email %s to seat %s not delivered, server unavailable: %s", leased.id, leased.seat_id, error)
                _postpone_due(now, record_failure(leased.id, leased.attempts, now, error))
                report.failed += 1
                return report
            except Exception as error:  # this message's own failure: the others go on
                log.warning("email %s to seat %s not delivered: %r", leased.id, leased.seat_id, error)
                record_failure(leased.id, leased.attempts, now, error)
                report.failed += 1
                continue
            _mark(leased.id, status="sent", sent_at=now, transport=sender.name, attempts=leased.attempts + 1,
                  last_error=None)
            report.sent += 1
        return report
    finally:
        sender.close()


def _mark(message_id: int, **values: object) -> None:
    """Record one message's outcome in its own short write transaction."""
    with transactions.write():
        db.session.execute(update(OutboxMessage).where(OutboxMessage.id == message_id).values(**values))


def record_failure(message_id: int, attempts: int, now: datetime, error: BaseException | None) -> datetime:
    """One more failed attempt at a message (`attempts` before it): keep the error for the admin; retry with
    back-off, or give up after MAX_ATTEMPTS. When to retry."""
    attempts += 1
    retry_at = now + _retry_delay(attempts)
    _mark(message_id, attempts=attempts, last_error=f"{type(error).__name__}: {error}"[:2000],
          **({"status": "failed"} if attempts >= MAX_ATTEMPTS else {"status": "pending", "next_attempt_at": retry_at}))
    return retry_at


def _postpone_due(now: datetime, retry_at: datetime) -> None:
    """The server is unavailable: the other due messages wait until it is tried again, at `retry_at`."""
    with transactions.write():
        db.session.execute(
            update(OutboxMessage).where(OutboxMessage.status == "pending", OutboxMessage.next_attempt_at <= now)
            .values(next_attempt_at=retry_at)
        )


def init_app(app: Flask, send: Callable[[], object]) -> None:
    """After a successful POST, `send` what it queued (tain.services.letters.send_pending: write, then
    deliver) when the mailbox is the development one; otherwise wake the clock's mail job."""
    @app.after_request
    def deliver_after_change(response: Response) -> Response:
        # A successful POST may have queued mail, now committed. The request never waits for an SMTP
        # server: it wakes the in-process clock's mail job if there is one, else the clock process sends
        # within MAIL_INTERVAL_SECONDS. The development mailbox is only rows: it is "delivered" at once.
        if request.method != "POST" or response.status_code >= 400:
            return response
        if app.config.get("MAIL_SERVER"):
            wake_mail_job = app.extensions.get("tain_wake_mail_job")
            if wake_mail_job is not None:
                wake_mail_job()
            return response
        try:
            send()
        except Exception:  # the player's move stands; the scheduler retries the mail
            log.exception("delivering the outbox after a request failed")
            transactions.end()
        return response
