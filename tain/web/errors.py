"""Every refusal as a clear page, or a JSON `{"error": …}` under /api/; never a traceback."""
from __future__ import annotations

import logging

from flask import Flask, Response, jsonify, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from tain.services.errors import (
    GameNotFound, IllegalAction, InvalidGame, NotYourMove, ServiceError, StaleMove, TokenError,
)

log = logging.getLogger(__name__)

STATUS = {TokenError: 403, NotYourMove: 409, StaleMove: 409, IllegalAction: 400, InvalidGame: 400, GameNotFound: 404}
TITLES = {400: "That did not work", 403: "This link does not open a seat", 404: "Not found",
          405: "Not allowed", 409: "Not your move", 500: "Something went wrong"}


def error_response(message: str, status: int) -> tuple[Response | str, int]:
    if request.path.startswith("/api/"):
        return jsonify(error=message), status
    return render_template("error.html", title=TITLES.get(status, "Error"), message=message), status


def status_for(error: Exception) -> int:
    return next((code for kind, code in STATUS.items() if isinstance(error, kind)), 400)


def init_app(app: Flask) -> None:
    @app.errorhandler(ServiceError)
    @app.errorhandler(IllegalAction)
    def service_error(error: Exception) -> tuple[Response | str, int]:
        return error_response(str(error), status_for(error))

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[Response | str, int]:
        return error_response(
            "This form was not sent from its page, or the page is too old. Reload it and try again.", 400
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[Response | str, int]:
        return error_response(error.description or error.name, error.code or 500)

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[Response | str, int]:
        log.exception("unexpected error on %s %s", request.method, request.endpoint)
        return error_response("Something went wrong on our side; nothing was changed. Please try again later.", 500)
