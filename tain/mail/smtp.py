"""An outbox message as MIME, and the SMTP connection of one delivery pass.

Flask-Mail 0.10 is not used to build or send: it registers utf-8 with no body
encoding (`charset.add_charset("utf-8", SHORTEST, None, "utf-8")`), so its
bodies go out as 8-bit text with lines of any length, and SMTP servers refuse a
line over 998 octets ("500 Line too long", RFC 5321 4.5.3.1.6). The standard
library's EmailMessage under `policy.SMTP` picks 7bit, quoted-printable or
base64 for each part, so that no line is longer than 78 octets. Every network
call is bounded by MAIL_TIMEOUT.
"""
from __future__ import annotations

import hashlib
import logging
import smtplib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr
from typing import Any

from tain.pictures import png_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Email:
    """What one outbox message says, read from its row before anything is sent."""

    recipient: str
    subject: str
    body_text: str
    body_html: str
    message_id: str
    in_reply_to: str | None
    references: str | None
    picture: str | None  # what the HTML's picture of the board is made from (tain.pictures.source_of)


def picture_content_id(picture: str) -> str:
    """The Content-ID by which a message's HTML shows its picture (`<img src="cid:…">`): named by what
    the picture is made from, so that the same picture always has the same name and another has another."""
    return f"board.{hashlib.sha256(picture.encode()).hexdigest()[:24]}@tain"


def compose(email: Email, sender: str, date: datetime) -> EmailMessage:
    """The text and HTML alternative, threaded by Message-ID, In-Reply-To and References; the HTML
    with its picture of the board beside it (multipart/related), drawn now from what the row keeps."""
    message = EmailMessage(policy=policy.SMTP)
    message["Subject"] = email.subject
    message["From"] = sender
    message["To"] = email.recipient
    message["Date"] = format_datetime(date)
    message["Message-ID"] = email.message_id
    if email.in_reply_to:
        message["In-Reply-To"] = email.in_reply_to
        message["References"] = email.references or email.in_reply_to
    message.set_content(email.body_text)
    message.add_alternative(email.body_html, subtype="html")
    picture = _drawn(email)
    if picture is not None:
        message.get_body(preferencelist=("html",)).add_related(
            picture, "image", "png", cid=f"<{picture_content_id(email.picture)}>",
            disposition="inline", filename="board.png")
    return message


def _drawn(email: Email) -> bytes | None:
    """The message's picture; none if it has none, or if drawing it fails: the email says everything
    without it (the HTML's alt text, the text part's board in words), so it still goes."""
    if email.picture is None:
        return None
    try:
        return png_of(email.picture)
    except Exception:
        log.exception("the picture of email %s could not be drawn; it goes without", email.message_id)
        return None


class ServerUnavailable(Exception):
    """The server could not be reached, or dropped the connection: every message waits, not this one only.
    The error that says why is its `__cause__`."""


def _connection_lost(error: Exception) -> bool:
    if isinstance(error, smtplib.SMTPResponseException):
        return error.smtp_code == 421  # "service not available, closing transmission channel"
    # A socket error or time-out, which smtplib does not wrap; SMTPException is an OSError too.
    return isinstance(error, smtplib.SMTPServerDisconnected) or (
        isinstance(error, OSError) and not isinstance(error, smtplib.SMTPException))


class SmtpSender:
    """One connection to MAIL_SERVER for a delivery pass, opened at its first message.

    `send` raises ServerUnavailable when the server cannot be reached or the
    connection is lost; any other error (a recipient or content refused, an
    address that needs SMTPUTF8 the server lacks, a message that cannot be built)
    is this message's own, and the connection is reset for the next one.
    """

    name = "smtp"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.config = config
        self.sender = config["MAIL_DEFAULT_SENDER"]
        self.connection: smtplib.SMTP | None = None

    def send(self, email: Email, date: datetime) -> None:
        message = compose(email, self.sender, date)
        if self.connection is None:
            try:
                self.connection = self._connect()
            except Exception as error:
                raise ServerUnavailable() from error
        try:
            self.connection.send_message(message, from_addr=parseaddr(self.sender)[1], to_addrs=[email.recipient])
        except Exception as error:
            if _connection_lost(error):
                self._drop()
                raise ServerUnavailable() from error
            self._reset()
            raise

    def _connect(self) -> smtplib.SMTP:
        config = self.config
        smtp = smtplib.SMTP_SSL if config.get("MAIL_USE_SSL") else smtplib.SMTP
        # The socket's time-out bounds every call, the greeting included (TLS keeps it), which Flask-Mail's
        # own connection cannot be given: it opens hers without one, and a silent server held it for ever.
        connection = smtp(config["MAIL_SERVER"], config["MAIL_PORT"], timeout=config["MAIL_TIMEOUT"])
        try:
            if config.get("MAIL_USE_TLS"):
                connection.starttls()
            if config.get("MAIL_USERNAME") and config.get("MAIL_PASSWORD"):
                connection.login(config["MAIL_USERNAME"], config["MAIL_PASSWORD"])
        except BaseException:
            connection.close()
            raise
        return connection

    def _reset(self) -> None:
        """End a failed mail transaction (smtplib already does after a refusal); if even that fails,
        the next message opens a new connection."""
        try:
            self.connection.rset()
        except Exception:
            self._drop()

    def _drop(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def close(self) -> None:
        if self.connection is not None:
            try:
                self.connection.quit()
            except (smtplib.SMTPException, OSError):
                pass
            self._drop()
