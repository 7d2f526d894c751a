"""The admin dashboard at /admin, behind a login: games, seats, mail, health and the audit log.

Views are split by concern: `auth` (login, logout), `games` (list, page, reveal, create,
actions), `transfer` (export, import), `mail` (the outbox) and `overview` (health, audit).
Every change is a POST with a CSRF token, confirmed on a second page, and audit-logged
by the service that makes it.
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from flask import Blueprint, Flask, current_app, flash, g, redirect, render_template, request, session, url_for
from werkzeug.wrappers import Response

from tain.services import admin_sessions
from tain.services.accounts import hash_password
from tain.services.errors import ServiceError
from tain.services.health import STALE_AFTER, is_stale, latest_passes
from tain.web import utcnow
from tain.web.errors import status_for
from tain.web.play_context import format_deadline

from .forms import ConfirmForm, LogoutForm

bp = Blueprint("admin", __name__, url_prefix="/admin")
PUBLIC_ENDPOINTS = {"admin.login"}
SESSION_KEY = "admin_session"  # the cookie's only admin field: a random id, its session kept on the server


def current_admin() -> str:
    return g.admin


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
        flash("Your session expired, so nothing was done. Log in again.")
        return redirect(url_for("admin.login"), code=303)
    if admin is None:
        session.pop(SESSION_KEY, None)
        return redirect(url_for("admin.login", next=request.full_path.rstrip("?")), code=303)
    g.admin = admin
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
    return render_template("admin/refused.html", message=str(error), back=request.referrer), status_for(error)


@bp.errorhandler(429)
def too_many_attempts(error: Exception) -> tuple[str, int]:
    return render_template(
        "admin/refused.html", message="Too many login attempts from here. Wait a minute, then try again."
    ), 429


def format_duration(span: timedelta) -> str:
    """A span as the dashboard says it: `40 s`, `12 min`, `3 h 5 min`, `2 d 4 h`."""
    seconds = max(0, int(span.total_seconds()))
    days, hours, minutes = seconds // 86400, seconds // 3600 % 24, seconds // 60 % 60
    if days:
        return f"{days} d {hours} h" if hours else f"{days} d"
    if hours:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    return f"{minutes} min" if minutes else f"{seconds} s"


def schedule_warning() -> str | None:
    """What every admin page says when no pass of the schedule finished in the last five minutes."""
    now = utcnow()
    passes = latest_passes()
    last = passes[0] if passes else None
    if not is_stale(last, now):
        return None
    start = ("Start the clock process (flask --app app tain scheduler), or set SCHEDULER=inprocess, "
             "or run flask --app app tain tick.")
    if last is None:
        return f"The schedule has never run: no deadline passes and no reminder or email goes out. {start}"
    return (f"The schedule has not run for {format_duration(now - last.finished_at)} "
            f"(more than {format_duration(STALE_AFTER)}; last at {format_deadline(last.finished_at)}): "
            f"deadlines, reminders and mail are waiting. {start}")


@bp.context_processor
def layout() -> dict[str, Any]:
    admin = g.get("admin")
    return {"logout_form": LogoutForm(), "admin": admin, "fmt": format_deadline, "duration": format_duration,
            # Not while saying the database is unreachable: the warning would need it.
            "schedule_warning": schedule_warning() if admin and not g.get("database_unavailable") else None}


def init_app(app: Flask) -> None:
    """Hash ADMIN_PASSWORD once (the clear password is dropped from the config) and mount the dashboard."""
    password = app.config.pop("ADMIN_PASSWORD", None)
    app.config["ADMIN_PASSWORD_HASH"] = hash_password(password) if password else None
    app.register_blueprint(bp)


from . import auth, games, mail, overview, transfer  # noqa: E402,F401  (their views register on `bp`)
