"""The web edge: one blueprint per concern, each calling the service layer; the seat a request's link
opens, checked once per request (`seat_of_link`); and the language each request is answered in
(`select_language`, Flask-Babel's locale selector)."""
from __future__ import annotations

from datetime import datetime, timezone

from flask import g, has_request_context, request
from sqlalchemy.exc import SQLAlchemyError
from werkzeug.routing import IntegerConverter, Map

from tain import transactions
from tain.models import MAX_ROW_ID, Seat
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


class _CheckedLink:
    """A link token's check, as this request made it: the seat it opened (and that seat's language as
    read then) or the refusal; or, once a service checked the link itself, that seat's language alone."""

    def __init__(self, token: str, seat: Seat | None, refusal: TokenError | None, language: str | None = None) -> None:
        self.token, self.seat, self.refusal = token, seat, refusal
        self.language = seat.language if seat is not None else language


def seat_of_link(token: str, now: datetime, *, state: bool = True) -> Seat:
    """The seat `token` opens (`tain.services.links.seat_from_token`), checked once per request: the
    view's check, and the language selector's after it, read the same result. `state=False` for a
    move, which reads the game's state under its lock."""
    checked = g.get("checked_link")
    if checked is None or checked.token != token or (checked.seat is None and checked.refusal is None):
        try:
            checked = _CheckedLink(token, seat_from_token(token, now, state=state), None)
        except TokenError as refusal:
            checked = _CheckedLink(token, None, refusal)
        g.checked_link = checked
    if checked.refusal is not None:
        raise checked.refusal
    return checked.seat


def remember_checked_link(token: str, language: str | None) -> None:
    """A service checked `token` itself (a move, under its game's lock) and the seat it opened reads
    `language`: the language selector reads that, and checks nothing again."""
    g.checked_link = _CheckedLink(token, None, None, language)


def forget_checked_link() -> None:
    """The seat changed in a way its check read (its language): the next look checks the link again."""
    g.pop("checked_link", None)


def browser_language() -> str:
    """The language the browser asks for first among ours (Accept-Language), else English."""
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def select_language() -> str:
    """The request's language, asked once per request (and per `with_language`, which overrides it):
    on a seat's page, API and forms (the seat from the `<token>` of the route) the seat's language,
    English while none is chosen (service-contract.md: `en`, the default); on the dashboard, the
    admin's choice (`g.admin_settings`, read by its login check); else, or while the admin has
    chosen none, the browser's. Outside a request (the clock, the command line): English."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    chosen = _admin_language() if request.blueprint == "admin" else _seat_language()
    return chosen or browser_language()


def _admin_language() -> str | None:
    settings = g.get("admin_settings")
    return settings.language if settings else None


def _seat_language() -> str | None:
    """The language of the seat whose link this request carries (English when none is chosen); None
    for no link, a link that opens no seat (its 403 page follows the browser), or a database that cannot be read just now."""
    token = (request.view_args or {}).get("token")
    if not isinstance(token, str) or g.get("database_unavailable"):
        return None
    checked = g.get("checked_link")
    if checked is None or checked.token != token:
        try:
            seat_of_link(token, utcnow(), state=False)  # the view's own check when it made one
        except TokenError:
            return None
        except SQLAlchemyError:
            transactions.end()
            return None
        checked = g.checked_link
    if checked.refusal is not None:
        return None
    language = checked.language  # as read by the check: the seat may be expired by a commit since
    return language if is_language(language) else DEFAULT_LANGUAGE  # none chosen: English (the contract)
