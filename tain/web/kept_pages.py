"""A seat's page kept once drawn (tain.web.kept): opened again with nothing it shows changed (a reload
while the others think, a mail scanner's fetch before the player's own), it is a look-up.

The key is everything the page is drawn from: the link, the reader's language, the seat's row and its
game's (the game's state but for its `version`, which stands for it and for the log "since you last
looked" tells), the plan drafted in the session, and what the page reads of the clock: how far off
the deadline is, in words ("in 23 hours": within two minutes of it, the seconds), and the year; and
the page's own query (`since`, after a move made from the page, so that its reloads while the others
think are kept too; `pick`, `plan`). A page with something for this request alone is drawn every
time: a flashed message or a refused form to show, or a query the page does not read. Nothing else
goes into a page (tests/test_kept_pages.py draws every seat's page both ways all game long, in each
game).

The page's CSRF token is each request's own: the page is kept cut at its token and joined with the
token of the request that opens it. Each worker keeps the pages it drew or was given; with
KEPT_PAGES_URL they share them too (tain.web.shared_pages).
"""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import current_app, request, session
from flask_wtf.csrf import generate_csrf
from sqlalchemy import inspect
from werkzeug.wrappers import Response

from tain.local_time import read_of_now
from tain.models import Game, Seat
from tain.wording import current_language

from .kept import keeping, kept_under, key_of
from .plan_drafts import drafted
from .refused_forms import any_refused
from .shared_pages import shared_page

# The rows' columns a page is drawn from: all but the state (its `version` stands for it) and the seat's
# last visit (for the admin; the page does not show it, and it changes as the player comes and goes).
_GAME_READS = tuple(column.key for column in inspect(Game).column_attrs if column.key != "state")
_SEAT_READS = tuple(column.key for column in inspect(Seat).column_attrs if column.key != "last_seen_at")
_FLASHES = "_flashes"  # where Flask's flash() keeps the messages for the next page
_QUERY = ("since", "pick", "plan")  # what the page reads of its query (tain.web.play.show)


def kept_page(seat: Seat, token: str, now: datetime, draw: Callable[[], str]) -> Response | str:
    """The page `draw` draws for `seat`, opened by `token` at `now`: kept once drawn, when nothing in it
    is for this request alone."""
    budget = current_app.config["KEPT_PAGES_MB"] * 1024 * 1024
    reads = _reads(seat, token, now) if keeping(budget) else None
    key = None if reads is None else key_of(reads)
    if key is None:
        return draw()
    csrf_token = generate_csrf().encode()  # the same for the whole request (Flask-WTF keeps it in `g`)
    parts = kept_under("kept_pages", budget, key, lambda: shared_page(key, csrf_token, lambda: draw().encode()))
    return Response(csrf_token.join(parts), mimetype="text/html")


def _reads(seat: Seat, token: str, now: datetime) -> list[Any] | None:
    if not request.args.keys() <= set(_QUERY) or _FLASHES in session or any_refused():
        return None
    game = seat.game
    clock = read_of_now(game.deadline_at, now, seat.time_zone) if game.deadline_at else None
    return ["page", current_language(), token, clock, drafted(), [request.args.getlist(name) for name in _QUERY],
            [getattr(seat, name) for name in _SEAT_READS], [getattr(game, name) for name in _GAME_READS]]
