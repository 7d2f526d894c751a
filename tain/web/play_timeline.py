"""The seat's page's "Since you last looked" and its history page (tain.services.timeline).

After a move the page is asked for with `?since=<the version the move was made on>`, so that
the player who has just moved sees what their move led to (a raid phase resolved, a new turn)
even though the email it sent them already counts as shown. That version is the one every seat
is shown (`Game.moves`), never past the log's length then (`Game.version`, which "since" counts
in): an earlier version only shows more of what the seat may know anyway.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import url_for

from tain.games import Game as Engine
from tain.models import Game, Seat
from tain.services import timeline

from .play_context import seat_colours

_VERSION = re.compile(r"[0-9]{1,9}")


def shown_since(seat: Seat, args: Mapping[str, str]) -> int:
    """The version after which the page tells what happened: the seat's last look, or an earlier `since`."""
    asked = args.get("since", "")
    return min(seat.seen_version, int(asked)) if _VERSION.fullmatch(asked) else seat.seen_version


def since_context(engine: Engine, game: Game, seat: Seat, after_version: int, token: str) -> dict[str, Any]:
    """The page's "Since you last looked" section."""
    return {
        "since": timeline.chapters(timeline.since(game, engine, seat.name, after_version)),
        "history_link": url_for("play.history", token=token),
    }


def history_context(engine: Engine, game: Game, seat: Seat, token: str) -> dict[str, Any]:
    """The history page: every move as the seat may know it, with the reports."""
    view = engine.view(game.state, seat.name)
    return {
        "game": {"id": game.id, "name": game.game, "title": engine.title},
        "view": view,
        "me": seat.name,
        "colours": seat_colours(view["players"]),
        "history": timeline.chapters(timeline.history(game, engine, seat.name)),
        "page_link": url_for("play.show", token=token),
    }
