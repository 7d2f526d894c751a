"""A player's request for a new link, from their page (POST /play/<token>/new-link, with the page's
CSRF token): every link of the seat stops working and the new one is emailed to the seat's own
address (tain.services.relink). The answer never shows a link: the old one now opens nothing,
and whoever holds it learns no new one."""
from __future__ import annotations

from flask import Blueprint, render_template

from tain.services.links import seat_from_token
from tain.services.relink import send_new_link

from . import utcnow
from .limits import new_link_form, seat_link

bp = Blueprint("relink", __name__)


@bp.post("/play/<token>/new-link")
@new_link_form
@seat_link
def new_link(token: str) -> str:
    now = utcnow()
    seat = seat_from_token(token, now)
    name, game_id, game_name = seat.name, seat.game_id, seat.game.game
    send_new_link(game_id, seat.id, seat.link_key, now=now)
    return render_template("play/new_link_sent.html", name=name, game_id=game_id, game_name=game_name)
