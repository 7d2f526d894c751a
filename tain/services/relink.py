"""A player asks for a new link from their own page: the link may have reached someone else (a
forwarded email plays the seat for whoever holds it). Every link sent so far stops working, and the
new one goes by email to the seat's own address only, never onto a page."""
from __future__ import annotations

from datetime import datetime

from . import audit, notify
from .errors import RevokedToken, ServiceError
from .games import engine_for, locked_game
from .links import revoke_links


class NoAddress(ServiceError):
    """The seat has no address to send a link to (a bot plays it)."""


def send_new_link(game_id: int, seat_id: int, link_key: str, *, now: datetime) -> None:
    """Revoke the seat's links and email it a new one, under the game's lock; audit-logged.

    `link_key` is the key of the link the request came with: if the seat's key changed meanwhile (a
    second click, or the admin replaced the player), the request's link is no longer one, and nothing
    is done (RevokedToken)."""
    with locked_game(game_id) as game:
        seat = next(seat for seat in game.seats if seat.id == seat_id)
        if seat.link_key != link_key:
            raise RevokedToken()
        if seat.bot or not seat.email:
            raise NoAddress(f"A bot plays {seat.name}'s seat; it has no address to send a link to.")
        revoke_links(seat)
        notify.seat_link(game, engine_for(game), seat, now=now)
        audit.record(f"{seat.name} (player)", "new link", now=now, game_id=game.id,
                     detail=f"asked for from their page; sent to {seat.email}")
