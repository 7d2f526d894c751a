"""Health (the schedule's last passes and how late it is; running games, moves and emails per day)
and the audit log."""
from __future__ import annotations

from datetime import date

from babel.dates import format_date
from flask import render_template

from tain.services import admin as service
from tain.services.audit import entries
from tain.services.health import schedule_health
from tain.web import utcnow
from tain.wording import current_language

from . import bp


@bp.get("/health")
def health() -> str:
    now = utcnow()
    return render_template("admin/health.html", schedule=schedule_health(now), running=service.running_count(),
                           days=service.activity(now), mail=service.mail_counts(), day_name=day_name)


def day_name(day: date) -> str:
    """A day of the activity table (UTC days): `Wed 14 May`, `mer 14 mag`."""
    return format_date(day, "EEE d MMM", locale=current_language())


@bp.get("/audit")
def audit_log() -> str:
    return render_template("admin/audit.html", entries=entries())
