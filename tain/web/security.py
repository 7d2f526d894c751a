"""Headers on every response, logs that never hold a whole link token, the client's address behind
a reverse proxy (PROXY_FIX_X_FOR), and the rate limits (tain.web.limits) that count by it."""
from __future__ import annotations

import logging
import re
from flask import Flask, Response, request
from werkzeug.middleware.proxy_fix import ProxyFix

from . import limits

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# A run of the characters a link token is written with, literally or percent-encoded (once or more:
# `%25` is an encoded `%`). Encoded `/ ? = &` end a run, as the plain ones do, so that a path or a
# query string inside a query string (`?next=%2Fplay%2F…`) is cut into its own pieces.
_TOKEN_CHARACTERS = re.compile(r"(?:[A-Za-z0-9_.~\-]|%(?!2[Ff]|3[FfDd]|26)[0-9A-Fa-f]{2})+")
TOKEN_LIKE = 20  # a link token is longer than 40 characters; a route's own words are shorter than this
KEPT = 6


def _shorten(match: re.Match[str]) -> str:
    run = match[0]
    return run if len(run) < TOKEN_LIKE else run[:KEPT] + "…"


def redact(text: str) -> str:
    """Every token-like piece of `text`, whatever the route or the encoding, cut to its first characters:
    `/play/eyJzIjo…` → `/play/eyJzIj…`, enough to tell links apart, useless to an attacker."""
    return _TOKEN_CHARACTERS.sub(_shorten, text)


class RedactTokens(logging.Filter):
    """For werkzeug's and gunicorn's logs, whose request line, path, query and referrer carry tokens.

    The record is formatted here and its arguments dropped, so that whatever an argument holds (and
    however the log format picks from gunicorn's atoms) only the redacted line goes on.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError, KeyError):
            return True  # a malformed record: logging reports it as it would without us
        record.msg, record.args = redact(message), None
        return True


def init_app(app: Flask) -> None:
    proxies = app.config["PROXY_FIX_X_FOR"]
    if proxies:
        # The client's address from the proxies' X-Forwarded-For, trusting only the last `proxies` entries
        # (those the proxies wrote): otherwise every client would count as the proxy in the limits.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)  # type: ignore[method-assign]
    limits.init_app(app)
    for name in ("werkzeug", "gunicorn.access", "gunicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Referrer-Policy"] = "no-referrer"
        if "/play/" in request.path:
            response.headers["Cache-Control"] = "no-store"  # a seat's private view
        return response
