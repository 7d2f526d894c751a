"""The outbox: pending, failed and sent emails with their last error, and retry."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tain.services import admin as service
from tain.web import utcnow
from tain.wording import gettext

from . import bp, confirmation, current_admin
from .forms import ConfirmForm


@bp.get("/mail")
def outbox() -> str:
    status = request.args.get("status") or None
    return render_template("admin/mail.html", messages=service.outbox(status), status=status,
                           counts=service.mail_counts(), statuses=service.MAIL_STATUSES, form=ConfirmForm())


@bp.post("/mail/<id:message_id>/retry")
def retry(message_id: int) -> Response | str:
    page = confirmation(ConfirmForm(), gettext("Try to send email #%(id)s again now?", id=message_id), gettext("Retry"))
    if page:
        return page
    message = service.retry_mail(message_id, actor=current_admin(), now=utcnow())
    flash(gettext("Email #%(id)s to %(recipient)s will be sent again now.", id=message.id, recipient=message.recipient))
    return redirect(url_for("admin.outbox"), code=303)
