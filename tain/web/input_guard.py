"""Refuse, before any view, a request whose query string or form holds a NUL character: no text
column of PostgreSQL can store one (nor compare with one), so it would reach the database only to
fail there. JSON bodies are checked where they are read (tain.web.json_input)."""
from __future__ import annotations

from flask import Flask, abort, request

NUL = "\x00"
REFUSAL = "That request holds a NUL character, which no field may contain; nothing was done."


def refuse_nul_characters() -> None:
    for fields in (request.args, request.form):
        if any(NUL in key or NUL in value for key, value in fields.items(multi=True)):
            abort(400, REFUSAL)


def init_app(app: Flask) -> None:
    app.before_request(refuse_nul_characters)
