"""The admin dashboard at /admin, behind a login: games, seats, mail, health and the audit log.

Views are split by concern: `auth` (login, logout), `games` (list, page, reveal, create,
actions), `transfer` (export, import), `mail` (the outbox), `overview` (health, audit) and
`settings` (the admin's language and time zone: every page is in that language, every time on
that clock, and says which). Every change is a POST with a CSRF token, confirmed on a second
page, and audit-logged by the service that makes it.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from flask import Blueprint, Flask, current_app, flash, g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from tain.local_time import local_time, span_text, zone_named
from tain.services import admin_sessions
from tain.services.accounts import hash_password
from tain.services.errors import ServiceError
from tain.services.health import STALE_AFTER, is_stale, latest_passes
from tain.services.languages import AdminSettings, admin_settings
from tain.web import utcnow
from tain.web.errors import status_for
from tain.wording import N_, gettext, say

from .forms import ConfirmForm, LogoutForm

bp = Blueprint("admin", __name__, url_prefix="/admin")
PUBLIC_ENDPOINTS = {"admin.login"}
SESSION_KEY = "admin_session"  # the cookie's only admin field: a random id, its session kept on the server


def current_admin() -> str:
    return g.admin


def chosen_settings() -> AdminSettings:
    """The admin's language and time zone (tain.web.select_language reads the language)."""
    return g.get("admin_settings") or AdminSettings()


def admin_time(moment: datetime | None) -> str | None:
    """A moment on the admin's clock, in their language: `mer 14 mag, 20:00 CEST`; None stays None."""
    return local_time(moment, utcnow(), chosen_settings().time_zone).when if moment is not None else None


def admin_zone() -> str:
    """The name of the admin's time zone, as every page states it."""
    return chosen_settings().time_zone or "UTC"


def from_admin_clock(moment: datetime) -> datetime:
    """A date and time the admin typed (a form's datetime-local, no zone), read on their clock."""
    return moment.replace(tzinfo=zone_named(chosen_settings().time_zone))


def _idle() -> timedelta:
    return timedelta(minutes=current_app.config["ADMIN_SESSION_MINUTES"])


@bp.before_request
def require_login() -> Response | None:
    """Anyone without a live session on the server (logged out, idle longer than ADMIN_SESSION_MINUTES,
    or never logged in) goes to the login page."""
    if request.endpoint in PUBLIC_ENDPOINTS:
        return None
    session_id = session.get(SESSION_KEY)
    try:
        admin = admin_sessions.admin_of(session_id, now=utcnow(), idle=_idle()) if session_id else None
    except admin_sessions.SessionExpired:
        session.pop(SESSION_KEY)
        flash(gettext("Your session expired, so nothing was done. Log in again."))
        return redirect(url_for("admin.login"), code=303)
    if admin is None:
        session.pop(SESSION_KEY, None)
        return redirect(url_for("admin.login", next=request.full_path.rstrip("?")), code=303)
    g.admin = admin
    g.admin_settings = admin_settings(admin)
    return None


def log_in(name: str) -> None:
    log_out()  # logging in again ends the session before, rather than leaving it live
    session[SESSION_KEY] = admin_sessions.start(name, now=utcnow(), idle=_idle())


def log_out() -> None:
    session_id = session.pop(SESSION_KEY, None)
    if session_id:
        admin_sessions.end(session_id)


def confirmation(form: ConfirmForm, question: str, button: str) -> str | None:
    """The confirmation page for an action's first POST; None once it is confirmed.

    The page re-sends every field of the first POST with `confirm=yes`.
    """
    if form.confirm.data == "yes":
        return None
    fields = [(key, value) for key, value in request.form.items(multi=True) if key not in ("csrf_token", "confirm")]
    return render_template("admin/confirm.html", form=form, question=question, button=button, fields=fields)


@bp.errorhandler(ServiceError)
def refused(error: ServiceError) -> tuple[str, int]:
    return render_template("admin/refused.html", message=say(error), back=request.referrer), status_for(error)


@bp.errorhandler(429)
def too_many_attempts(error: Exception) -> tuple[str, int]:
    return render_template(
        "admin/refused.html", message=gettext("Too many login attempts from here. Wait a minute, then try again.")
    ), 429


def schedule_warning() -> str | None:
    """What every admin page says when no pass of the schedule finished in the last five minutes."""
    now = utcnow()
    passes = latest_passes()
    last = passes[0] if passes else None
    if not is_stale(last, now):
        return None
    if last is None:
        return gettext(NEVER_RAN, start=gettext(START_THE_CLOCK))
    return gettext(STOPPED, start=gettext(START_THE_CLOCK), idle=span_text(now - last.finished_at),
                   limit=span_text(STALE_AFTER), last=admin_time(last.finished_at))


START_THE_CLOCK = N_("Start the clock process (flask --app app tain scheduler), or set SCHEDULER=inprocess, "
                     "or run flask --app app tain tick.")
NEVER_RAN = N_("The schedule has never run: no deadline passes and no reminder or email goes out. %(start)s")
STOPPED = N_("The schedule has not run for %(idle)s (more than %(limit)s; last at %(last)s): deadlines, reminders "
             "and mail are waiting. %(start)s")


@bp.context_processor
def layout() -> dict[str, Any]:
    admin = g.get("admin")
    return {"logout_form": LogoutForm(), "admin": admin, "fmt": admin_time, "duration": span_text,
            "admin_zone": admin_zone(),
            # Not while saying the database is unreachable: the warning would need it.
            "schedule_warning": schedule_warning() if admin and not g.get("database_unavailable") else None}


def init_app(app: Flask) -> None:
    """Hash ADMIN_PASSWORD once (the clear password is dropped from the config) and mount the dashboard."""
    password = app.config.pop("ADMIN_PASSWORD", None)
    app.config["ADMIN_PASSWORD_HASH"] = hash_password(password) if password else None
    app.register_blueprint(bp)


from . import auth, games, mail, overview, settings, transfer  # noqa: E402,F401  (their views register on `bp`)
