"""The web edge: one blueprint per concern, each calling the service layer; and the language each
request is answered in (`select_language`, Flask-Babel's locale selector)."""
from __future__ import annotations

from datetime import datetime, timezone

from flask import g, has_request_context, request
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.routing import IntegerConverter, Map

from tain import transactions
from tain.models import MAX_ROW_ID
from tain.services.errors import TokenError
from tain.services.links import seat_from_token
from tain.wording import DEFAULT_LANGUAGE, LANGUAGES, is_language


def utcnow() -> datetime:
    """The request's `now`, passed into the services (which never read the clock)."""
    return datetime.now(timezone.utc)


class RowId(IntegerConverter):
    """`<id:game_id>` in a route: a database row id, 1 to MAX_ROW_ID. Any other number matches
    no route (a 404), so it never reaches a query the database would refuse."""

    def __init__(self, map: Map) -> None:
        super().__init__(map, min=1, max=MAX_ROW_ID)


def browser_language() -> str:
    """The language the browser asks for first among ours (Accept-Language), else English."""
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def select_language() -> str:
    """The request's language, asked once per request (and per `with_language`, which overrides it):
    on a seat's page, API and forms (the seat from the `<token>` of the route) the seat's language;
    on the dashboard, the admin's choice (`g.admin_settings`, read by its login check); else, or
    while none is chosen, the browser's. Outside a request (the clock, the command line): English."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    chosen = _admin_language() if request.blueprint == "admin" else _seat_language()
    return chosen or browser_language()


def _admin_language() -> str | None:
    settings = g.get("admin_settings")
    return settings.language if settings else None


def _seat_language() -> str | None:
    """The language of the seat whose link this request carries; None for no link, a link that opens
    no seat (its 403 page follows the browser), or a database that cannot be read just now."""
    token = (request.view_args or {}).get("token")
    if not isinstance(token, str) or g.get("database_unavailable"):
        return None
    try:
        language = seat_from_token(token, utcnow()).language
    except TokenError:
        return None
    except SQLAlchemyError:
        transactions.end()
        return None
    return language if is_language(language) else None
