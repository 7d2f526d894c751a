"""The player's page at /play/<token>: GET only shows, a POST from the page's form acts.

A minimal first version; the form contract is what the full page must keep:
fields `csrf_token`, `version` (the game version the page shows), and either
one `action` (an action as JSON) or several `actions` (each an action as JSON,
applied in order, all or nothing — simultaneous guarding sends guards + pass).
"""
from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tain.services.errors import IllegalAction, NotYourMove, StaleMove
from tain.services.links import seat_from_token
from tain.services.play import seat_snapshot, submit

from . import utcnow
from .errors import status_for

bp = Blueprint("play", __name__)


@bp.get("/play/<token>")
def show(token: str) -> str:
    seat = seat_from_token(token, utcnow())
    return render_template("play/page.html", snap=seat_snapshot(seat), token=token)


@bp.post("/play/<token>")
def act(token: str) -> Response | tuple[str, int]:
    now = utcnow()
    seat = seat_from_token(token, now)
    try:
        submit(seat, _form_actions(), now=now, expected_version=_form_version())
    except (IllegalAction, NotYourMove, StaleMove) as error:
        page = render_template("play/page.html", snap=seat_snapshot(seat), token=token, error=str(error))
        return page, status_for(error)
    flash("Your move was made.")
    return redirect(url_for("play.show", token=token), code=303)


def _form_actions() -> list[Any]:
    texts = request.form.getlist("actions") or request.form.getlist("action")[:1]
    try:
        return [json.loads(text) for text in texts]
    except ValueError:
        raise IllegalAction("That move is not understood; reload the page and choose again.") from None


def _form_version() -> int | None:
    text = request.form.get("version", "")
    return int(text) if text.isdigit() else None
