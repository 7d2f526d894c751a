"""The names of a game's seats, in their order: from its seats when they are loaded, else read alone (they
never change once the game is made)."""
from __future__ import annotations

from sqlalchemy import bindparam, inspect, select

from tain.extensions import db
from tain.models import Game, Seat

_SEATS = Seat.__table__.c
# Built once, on the table (Core): the names need none of the ORM's objects, which cost more than the read.
_PLAYER_NAMES = select(_SEATS.name).where(_SEATS.game_id == bindparam("game_id")).order_by(_SEATS.position)


def player_names(game: Game, *, seats: bool = True) -> list[str]:
    """The names of the game's seats, in their order. Without `seats` (nothing after needs the seats
    themselves: a page, the API's GET, a replay's set-up), only the names are read, unless the seats are
    loaded already."""
    loaded = inspect(game)
    if seats or "seats" not in loaded.unloaded:
        return [seat.name for seat in game.seats]
    if "player_names" not in loaded.info:  # read once per loaded game (a page reads them, then its replay)
        loaded.info["player_names"] = tuple(db.session.scalars(_PLAYER_NAMES, {"game_id": game.id}))
    return list(loaded.info["player_names"])
