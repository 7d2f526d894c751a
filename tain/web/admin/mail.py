"""The outbox: pending, failed and sent emails with their last error, and retry."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tain.services import admin as service
from tain.web import utcnow

from . import bp, confirmation, current_admin
from .forms import ConfirmForm


@bp.get("/mail")
def outbox() -> str:
    status = request.args.get("status") or None
    return render_template("admin/mail.html", messages=service.outbox(status), status=status,
                           counts=service.mail_counts(), statuses=service.MAIL_STATUSES, form=ConfirmForm())


@bp.post("/mail/<id:message_id>/retry")
def retry(message_id: int) -> Response | str:
    page = confirmation(ConfirmForm(), f"Try to send email #{message_id} again now?", "Retry")
    if page:
        return page
    message = service.retry_mail(message_id, actor=current_admin(), now=utcnow())
    flash(f"Email #{message.id} to {message.recipient} will be sent again now.")
    return redirect(url_for("admin.outbox"), code=303)
