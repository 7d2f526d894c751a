"""The development mailbox at /dev/mail: every email the service sent, when no MAIL_SERVER is set.

It shows every player's mail (that is its point: one person can play every
seat), so it does not exist at all once a real mail server is configured.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone

from babel.dates import format_datetime
from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from markupsafe import Markup, escape
from sqlalchemy import select

from tain.extensions import db
from tain.mail.smtp import picture_content_id
from tain.models import OutboxMessage
from tain.pictures import png_of
from tain.wording import N_, current_language

bp = Blueprint("devmail", __name__, url_prefix="/dev/mail")
_URL = re.compile(r"https?://[^\s<>\"']+")
# The email's own HTML, shown as sent: its inline styles and its picture allowed, scripts never.
UNWRITTEN = N_("The sender has not written this email yet: it does on its next pass, a few seconds after it was queued.")
HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; form-action 'none'"


@bp.before_request
def only_without_mail_server() -> None:
    if current_app.config.get("MAIL_SERVER"):
        abort(404)


def _message(message_id: int) -> OutboxMessage:
    message = db.session.get(OutboxMessage, message_id)
    if message is None:
        abort(404, N_("There is no such message in the development mailbox."))
    return message


def linkify(text: str) -> Markup:
    """Plain text as HTML with every URL clickable (escaped first: the text holds player names)."""
    return Markup(_URL.sub(lambda m: f'<a href="{m[0]}">{m[0]}</a>', str(escape(text))))


@bp.get("")
def inbox() -> str:
    query = select(OutboxMessage).order_by(OutboxMessage.id.desc()).limit(500)
    recipient = request.args.get("to")
    if recipient:
        query = query.where(OutboxMessage.recipient == recipient)
    recipients = db.session.scalars(select(OutboxMessage.recipient).distinct().order_by(OutboxMessage.recipient))
    return render_template(
        "devmail/inbox.html", messages=db.session.scalars(query).all(), recipients=list(recipients), to=recipient,
        queued=queued,
    )


def queued(moment: datetime) -> str:
    """When an email was queued, to the second, in UTC: `May 1, 2030, 12:00:05 PM`, `1 mag 2030, 12:00:05`."""
    return format_datetime(moment, "medium", tzinfo=timezone.utc, locale=current_language())


@bp.get("/<id:message_id>")
def message(message_id: int) -> str:
    message = _message(message_id)
    body = None if message.body_text is None else linkify(message.body_text)
    return render_template("devmail/message.html", message=message, body=body)


@bp.get("/<id:message_id>/html")
def message_html(message_id: int) -> Response:
    """The HTML as sent, its picture (`cid:` in the email) served from /dev/mail/<id>/board.png."""
    message = _message(message_id)
    body = message.body_html
    if body is None:
        abort(404, UNWRITTEN)
    if message.picture is not None:
        body = body.replace(f"cid:{picture_content_id(message.picture)}",
                            url_for("devmail.picture", message_id=message.id))
    response = Response(body, mimetype="text/html")
    response.headers["Content-Security-Policy"] = HTML_CSP
    return response


@bp.get("/<id:message_id>/board.png")
def picture(message_id: int) -> Response:
    """The picture of the board the email carries, drawn as the sender draws it."""
    message = _message(message_id)
    if message.picture is None:
        abort(404, N_("This email has no picture of the board."))
    return Response(png_of(message.picture), mimetype="image/png")
