"""Every refusal as a clear page, or a JSON `{"error": …, "code": …}` under /api/; never a traceback.

A page says it in the reader's language (`tain.wording.say`); the API's "error" stays English, its
"code" the message id. Every handler first ends the session's transaction: an error may leave it
failed (a refused write, a lost connection), and the error page must not need it.
"""
from __future__ import annotations

import logging

from flask import Flask, Response, g, jsonify, render_template, request
from flask_limiter import RateLimitExceeded
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import DatabaseError, InterfaceError, OperationalError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from tain import transactions

from tain.services.errors import (
    GameNotFound, IllegalAction, InvalidGame, NotYourMove, ServiceError, StaleMove, TokenError,
)
from tain.wording import N_, Phrase, gettext, say

from .json_input import MAX_MOVE_BYTES, TOO_LARGE

log = logging.getLogger(__name__)

STATUS = {TokenError: 403, NotYourMove: 409, StaleMove: 409, IllegalAction: 400, InvalidGame: 400, GameNotFound: 404}
TITLES = {400: N_("That did not work"), 403: N_("This link does not open a seat"), 404: N_("Not found"),
          405: N_("Not allowed"), 409: N_("Not your move"), 413: N_("Too large"), 500: N_("Something went wrong"),
          429: N_("Too many requests"), 503: N_("Back in a moment")}
# Said instead of Werkzeug's own description of an error (which has no translation).
DESCRIPTIONS = {400: N_("That request could not be read, so nothing was done."),
                404: N_("There is nothing at this address."),
                405: N_("This address does not take that kind of request, so nothing was done.")}
UNAVAILABLE = N_("The service cannot reach its database just now, so nothing was changed. "
                 "Please try again in a minute.")


def error_response(message: object, status: int, code: str | None = None) -> tuple[Response | str, int]:
    """`message`: a marked sentence, a `Phrase` or a refusal; in English for the API, else in the reader's language."""
    transactions.end()
    if request.path.startswith("/api/"):
        return jsonify(error=str(message), code=code or f"http-{status}"), status
    return render_template("error.html", title=gettext(TITLES.get(status, N_("Error"))), message=say(message)), status


def status_for(error: Exception) -> int:
    return next((code for kind, code in STATUS.items() if isinstance(error, kind)), 400)


def init_app(app: Flask) -> None:
    @app.errorhandler(ServiceError)
    @app.errorhandler(IllegalAction)
    def service_error(error: Exception) -> tuple[Response | str, int]:
        return error_response(error, status_for(error), getattr(error, "code", "illegal-action"))

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[Response | str, int]:
        return error_response(
            N_("This form was not sent from its page, or the page is too old. Reload it and try again."), 400,
            "bad-form")

    @app.errorhandler(RequestEntityTooLarge)
    def too_large(error: RequestEntityTooLarge) -> tuple[Response | str, int]:
        if request.path.startswith("/api/"):  # as a body over the API's own bound is: the contract's 400
            return error_response(Phrase(TOO_LARGE, most=f"{MAX_MOVE_BYTES:,}"), 400, "illegal-action")
        return error_response(N_("That request is too large to be read, so nothing was done."), 413)

    @app.errorhandler(RateLimitExceeded)
    def too_many_requests(error: RateLimitExceeded) -> tuple[Response | str, int]:
        return error_response(N_("Too many requests from here in a short time, so nothing was done. "
                                 "Wait a little (Retry-After says how long), then try again."), 429, "too-many-requests")

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[Response | str, int]:
        return error_response(_described(error), error.code or 500)

    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    def database_unavailable(error: Exception) -> tuple[Response | str, int]:
        # The database is down or unreachable (or, on SQLite, locked past busy_timeout): nothing was
        # committed. The pool reconnects by itself once it is back (pool_pre_ping).
        log.warning("database unavailable on %s %s: %s", request.method, request.endpoint, error)
        return _unavailable()

    @app.errorhandler(DatabaseError)
    def database_unreadable(error: DatabaseError) -> tuple[Response | str, int]:
        # Plain DatabaseError: on SQLite, a file that is not a database. Its other kinds (integrity,
        # programming, data) are bugs: a 500.
        if type(error) is not DatabaseError:
            return unexpected(error)
        log.error("database unreadable on %s %s: %s", request.method, request.endpoint, error)
        return _unavailable()

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[Response | str, int]:
        log.exception("unexpected error on %s %s", request.method, request.endpoint)
        return error_response(N_("Something went wrong on our side; nothing was changed. Please try again later."),
                              500, "internal-error")


def _unavailable() -> tuple[Response, int]:
    g.database_unavailable = True  # for the templates: nothing more may be read to show this page
    response, status = error_response(UNAVAILABLE, 503, "database-unavailable")
    return _retry_after(response, 30), status


def _described(error: HTTPException) -> str:
    """The sentence an abort() gave (marked where it was written), or ours for Werkzeug's own."""
    if error.description and error.description != type(error).description:
        return error.description
    return DESCRIPTIONS.get(error.code or 500) or error.description or error.name


def _retry_after(response: Response | str, seconds: int) -> Response:
    response = response if isinstance(response, Response) else Response(response, mimetype="text/html")
    response.headers["Retry-After"] = str(seconds)
    return response
