"""A player's language switch, on their page: POST /play/<token>/language with the page's CSRF token
and `language` (en or it). It changes that seat's language only (its pages and emails from now on)
and goes back to the page, saying so in the new language; any other value is refused, changing nothing.
Every answer of the service says its language in `Content-Language`."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import refresh
from werkzeug.wrappers import Response

from tain.services.languages import set_seat_language
from tain.wording import LANGUAGE_NAMES, N_, current_language, gettext

from . import forget_checked_link, seat_of_link, utcnow
from .limits import seat_link

bp = Blueprint("language", __name__)
CHANGED = N_("Your page and your emails are now in English.")


@bp.post("/play/<token>/language")
@seat_link
def switch(token: str) -> Response:
    seat = seat_of_link(token, utcnow(), state=False)
    set_seat_language(seat.id, request.form.get("language", ""))  # BadLanguage: a 400 page, nothing changed
    forget_checked_link()  # its language as read by the check is the old one
    refresh()  # the message below is already in the new language
    flash(gettext(CHANGED), "success")
    return redirect(url_for("play.show", token=token), code=303)


@bp.after_app_request
def content_language(response: Response) -> Response:
    """Every answer says the language it is in (a seat's API answers included)."""
    response.headers.setdefault("Content-Language", current_language())
    return response


@bp.app_context_processor
def languages() -> dict[str, Any]:
    """The switch's choices, each named in its own language (`templates/_language_switch.html`)."""
    return {"language_names": LANGUAGE_NAMES}
