"""The transactional outbox.

`enqueue` adds an email to the session of the change that causes it, so it is
committed (or rolled back) with that change. `deliver_pending` sends what is
committed: over SMTP with Flask-Mail when `MAIL_SERVER` is set, otherwise into
the development mailbox (the rows themselves, shown at /dev/mail).
"""
from __future__ import annotations

import logging
import smtplib
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from flask import Flask, Response, current_app, request
from flask_mail import Connection, Message
from sqlalchemy import select, update

from tain.extensions import db, mail
from tain.models import OutboxMessage

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


def _claim(message_id: int, now: datetime) -> bool:
    """Take one due message for this sender; False if another sender took it first."""
    claimed = db.session.execute(
        update(OutboxMessage)
        .where(OutboxMessage.id == message_id, OutboxMessage.status.in_(("pending", "sending")),
               OutboxMessage.next_attempt_at <= now)
        .values(status="sending", attempts=OutboxMessage.attempts + 1, next_attempt_at=now + CLAIM_LEASE)
    ).rowcount
    db.session.commit()
    return claimed == 1


def _flask_mail_message(row: OutboxMessage) -> Message:
    message = Message(
        subject=row.subject, recipients=[row.recipient], body=row.body_text, html=row.body_html,
        sender=current_app.config["MAIL_DEFAULT_SENDER"],
    )
    message.msgId = row.message_id
    if row.in_reply_to:
        message.extra_headers = {"In-Reply-To": row.in_reply_to, "References": row.references or row.in_reply_to}
    return message


def deliver_pending(now: datetime | None = None, limit: int = 200) -> DeliveryReport:
    """Send every committed message that is due, at most `limit`, over one SMTP connection."""
    now = now or datetime.now(timezone.utc)
    report = DeliveryReport()
    due = db.session.scalars(
        select(OutboxMessage.id)
        .where(OutboxMessage.status.in_(("pending", "sending")), OutboxMessage.next_attempt_at <= now)
        .order_by(OutboxMessage.id).limit(limit)
    ).all()
    db.session.commit()
    if not due:
        return report
    smtp = bool(current_app.config.get("MAIL_SERVER"))
    connection: Connection | None = None
    try:
        for message_id in due:
            if not _claim(message_id, now):
                continue
            row = db.session.get(OutboxMessage, message_id)
            try:
                if smtp:
                    if connection is None:
                        connection = mail.connect().__enter__()
                    connection.send(_flask_mail_message(row))
            except (smtplib.SMTPException, OSError) as error:
                _failed(row, now, error)
                report.failed += 1
                if not isinstance(error, smtplib.SMTPRecipientsRefused):
                    break  # the server is down or hung up: leave the rest for the next pass
                continue
            row.status, row.sent_at, row.transport = "sent", now, "smtp" if smtp else "devmail"
            row.last_error = None
            db.session.commit()
            report.sent += 1
    finally:
        if connection is not None and connection.host is not None:
            try:
                connection.host.quit()
            except (smtplib.SMTPException, OSError):
                pass
    return report


def _failed(row: OutboxMessage, now: datetime, error: Exception) -> None:
    log.warning("email %s to seat %s not delivered: %s", row.id, row.seat_id, error)
    row.last_error = f"{type(error).__name__}: {error}"[:2000]
    if row.attempts >= MAX_ATTEMPTS:
        row.status = "failed"
    else:
        row.status, row.next_attempt_at = "pending", now + _retry_delay(row.attempts)
    db.session.commit()


def init_app(app: Flask) -> None:
    @app.after_request
    def deliver_after_change(response: Response) -> Response:
        # A successful POST may have queued mail: send it now that its transaction is committed.
        if request.method == "POST" and response.status_code < 400:
            try:
                deliver_pending()
            except Exception:  # the player's move stands; the scheduler retries the mail
                log.exception("delivering the outbox after a request failed")
                db.session.rollback()
        return response
