"""Headers on every response, and logs that never hold a whole link token."""
from __future__ import annotations

import logging
import re
from typing import Any

from flask import Flask, Response, request

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
_TOKEN_IN_PATH = re.compile(r"(/play/)([A-Za-z0-9_\-]{6})[A-Za-z0-9_.\-]*")


def redact(text: str) -> str:
    """`/play/eyJzIjo…` → `/play/eyJzIj…`: enough to tell links apart, useless to an attacker."""
    return _TOKEN_IN_PATH.sub(r"\1\2…", text)


class RedactTokens(logging.Filter):
    """For werkzeug's and gunicorn's access logs, whose request line carries the token."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, dict):
            record.args = {key: _redact_any(value) for key, value in record.args.items()}
        elif isinstance(record.args, tuple):
            record.args = tuple(_redact_any(value) for value in record.args)
        return True


def _redact_any(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


def init_app(app: Flask) -> None:
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
