"""Logging in (rate-limited: ADMIN_LOGIN_LIMIT per address) and out."""
from __future__ import annotations

from flask import current_app, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tain.extensions import limiter
from tain.services.accounts import authenticate
from tain.wording import gettext

from . import bp, log_in, log_out
from .forms import LoginForm


def _login_limit() -> str:
    return current_app.config["ADMIN_LOGIN_LIMIT"]


def _safe_next(target: str | None) -> str:
    """Only a page of the dashboard itself, never another site."""
    if target and target.startswith("/admin") and not target.startswith("//"):
        return target
    return url_for("admin.games")


@bp.route("/login", methods=["GET", "POST"])
@limiter.limit(_login_limit, methods=["POST"])
def login() -> Response | str | tuple[str, int]:
    form = LoginForm()
    if request.method == "GET":
        form.next.data = request.args.get("next", "")
    if not form.validate_on_submit():
        return render_template("admin/login.html", form=form), 400 if form.is_submitted() else 200
    name = authenticate(form.name.data, form.password.data, current_app.config["ADMIN_PASSWORD_HASH"])
    if name is None:
        return render_template("admin/login.html", form=form, problem=gettext("That name and password do not match.")), 401
    log_in(name)
    return redirect(_safe_next(form.next.data), code=303)


@bp.post("/logout")
def logout() -> Response:
    log_out()  # CSRFProtect checked the form's token before this view
    flash(gettext("You are logged out."))
    return redirect(url_for("admin.login"), code=303)
