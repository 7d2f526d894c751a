"""The transactional outbox.

`enqueue` adds an email to the session of the change that causes it, so it is
committed (or rolled back) with that change. `deliver_pending` sends what is
committed: over SMTP when `MAIL_SERVER` is set (tain.mail.smtp), otherwise into
the development mailbox (the rows themselves, shown at /dev/mail). It leases
what it sends, so two senders never send one message and a crashed sender's
messages go out after the lease; the scheduler runs it every few seconds.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from flask import Flask, Response, current_app, request
from sqlalchemy import select, update

from tain import transactions
from tain.extensions import db
from tain.models import OutboxMessage

from .smtp import Email, ServerUnavailable, SmtpSender

log = logging.getLogger(__name__)

# A claimed message is re-tried after this long if its sender died before marking it.
CLAIM_LEASE = timedelta(minutes=10)
MAX_ATTEMPTS = 8


@dataclass
class DeliveryReport:
    sent: int = 0
    failed: int = 0


def enqueue(
    *, recipient: str, subject: str, body_text: str, body_html: str, message_id: str,
    thread_root: str | None, kind: str, now: datetime, game_id: int | None = None, seat_id: int | None = None,
) -> OutboxMessage:
    """Queue one email in the current transaction; nothing is sent before it commits."""
    message = OutboxMessage(
        game_id=game_id, seat_id=seat_id, kind=kind, recipient=recipient, subject=subject,
        body_text=body_text, body_html=body_html, message_id=message_id,
        in_reply_to=thread_root, references=thread_root,
        status="pending", attempts=0, created_at=now, next_attempt_at=now,
    )
    db.session.add(message)
    return message


def _retry_delay(attempts: int) -> timedelta:
    return timedelta(seconds=min(30 * 2 ** (attempts - 1), 6 * 3600))


def _claim(now: datetime, limit: int) -> list[int]:
    """Lease up to `limit` due messages to this sender, oldest first.

    A leased message is `sending` until `now + CLAIM_LEASE`: if this sender dies
    before marking it, another takes it again after the lease. PostgreSQL skips
    rows another sender is claiming; SQLite runs the claim under its write lock.
    """
    due = (
        select(OutboxMessage.id)
        .where(OutboxMessage.status.in_(("pending", "sending")), OutboxMessage.next_attempt_at <= now)
        .order_by(OutboxMessage.id).limit(limit).with_for_update(skip_locked=True)
    )
    with transactions.write():
        ids = db.session.scalars(due).all()
        if ids:
            db.session.execute(
                update(OutboxMessage).where(OutboxMessage.id.in_(ids))
                .values(status="sending", next_attempt_at=now + CLAIM_LEASE)
            )
    return list(ids)


def _email(row: OutboxMessage) -> Email:
    return Email(recipient=row.recipient, subject=row.subject, body_text=row.body_text, body_html=row.body_html,
                 message_id=row.message_id, in_reply_to=row.in_reply_to, references=row.references)


def deliver_pending(now: datetime | None = None, limit: int = 500) -> DeliveryReport:
    """Send the committed messages that are due, in batches of `limit` over one SMTP connection each.

    Each is marked sent in its own commit right after the server took it. A
    recipient the server refuses is retried with back-off and marked `failed`
    with its `last_error` after MAX_ATTEMPTS, without holding up the others;
    when the server is down or hangs up, the whole batch backs off together.
    """
    now = now or datetime.now(timezone.utc)
    report = DeliveryReport()
    while True:
        batch = _claim(now, limit)
        if not batch:
            return report
        if not _deliver_batch(batch, now, report) or len(batch) < limit:
            return report


def _deliver_batch(batch: list[int], now: datetime, report: DeliveryReport) -> bool:
    """Send a claimed batch; False if the server could not be reached (the rest is released)."""
    # No row is kept: each commit below would expire every row still held (a cost growing with the batch).
    with transactions.read():  # no read transaction left open while sending
        letters = [(row.id, row.seat_id, row.attempts, _email(row)) for row in db.session.scalars(
            select(OutboxMessage).where(OutboxMessage.id.in_(batch)).order_by(OutboxMessage.id))]
    smtp = SmtpSender(current_app.config) if current_app.config.get("MAIL_SERVER") else None
    try:
        for position, (message_id, seat_id, attempts, letter) in enumerate(letters):
            try:
                if smtp:
                    smtp.send(letter, now)
            except ServerUnavailable as unavailable:
                error = unavailable.__cause__
                log.warning("email %s to seat %s not delivered, server unavailable: %s", message_id, seat_id, error)
                _release([m for m, *_ in letters[position + 1:]], _mark_failed(message_id, attempts + 1, now, error))
                report.failed += 1
                return False
            except Exception as error:  # this message's own failure: the others go on
                log.warning("email %s to seat %s not delivered: %r", message_id, seat_id, error)
                _mark_failed(message_id, attempts + 1, now, error)
                report.failed += 1
                continue
            _mark(message_id, status="sent", sent_at=now, transport="smtp" if smtp else "devmail",
                  attempts=attempts + 1, last_error=None)
            report.sent += 1
        return True
    finally:
        if smtp:
            smtp.close()


def _mark(message_id: int, **values: object) -> None:
    """Record one message's outcome in its own short write transaction."""
    with transactions.write():
        db.session.execute(update(OutboxMessage).where(OutboxMessage.id == message_id).values(**values))


def _mark_failed(message_id: int, attempts: int, now: datetime, error: BaseException | None) -> datetime:
    """Keep the error for the admin; retry with back-off, or give up after MAX_ATTEMPTS. When to retry."""
    retry_at = now + _retry_delay(attempts)
    _mark(message_id, attempts=attempts, last_error=f"{type(error).__name__}: {error}"[:2000],
          **({"status": "failed"} if attempts >= MAX_ATTEMPTS else {"status": "pending", "next_attempt_at": retry_at}))
    return retry_at


def _release(message_ids: list[int], retry_at: datetime) -> None:
    """Give back claimed messages not tried, to be tried when the server is tried again."""
    if message_ids:
        with transactions.write():
            db.session.execute(
                update(OutboxMessage).where(OutboxMessage.id.in_(message_ids), OutboxMessage.status == "sending")
                .values(status="pending", next_attempt_at=retry_at)
            )


def init_app(app: Flask) -> None:
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
            deliver_pending()
        except Exception:  # the player's move stands; the scheduler retries the mail
            log.exception("delivering the outbox after a request failed")
            db.session.rollback()
        return response
