"""Signed per-seat links: `BASE_URL/play/<token>`.

A token names one seat and is signed with the app's secret, salted with that
seat's `link_key`: a token works for its own seat only, changing the key revokes
every link of the seat, and a token stops working `LINK_MAX_AGE_DAYS` after it
was made or `LINK_GRACE_AFTER_END_DAYS` after its game ended.
"""
from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta, timezone

from flask import current_app
from itsdangerous import BadData, BadSignature, URLSafeTimedSerializer
from sqlalchemy import bindparam, select
from sqlalchemy.orm import joinedload

from tain.extensions import db
from tain.models import MAX_ROW_ID, Game, Seat
from tain.wording import N_

from .errors import BadToken, ExpiredToken, RevokedToken


# Built once: a statement's construction costs each request more than its execution does.
_UNVERIFIED = URLSafeTimedSerializer("")  # reads a token's payload only to find which seat's key verifies it
_WITH_GAME = joinedload(Seat.game, innerjoin=True)
_SEAT = select(Seat).where(Seat.id == bindparam("seat_id"))
_SEAT_WITH_GAME = {True: _SEAT.options(_WITH_GAME), False: _SEAT.options(_WITH_GAME.defer(Game.state))}  # by `state`


def new_link_key() -> str:
    return secrets.token_urlsafe(24)


def link_serializer(link_key: str) -> URLSafeTimedSerializer:
    """What signs and checks the links of the seat whose key is `link_key`, with the app's secret."""
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=f"tain.seat-link.{link_key}")


def _key_hint(link_key: str) -> str:
    # Carried in the token so that a link signed with an older key reads "replaced", not "invalid".
    return hashlib.sha256(link_key.encode()).hexdigest()[:8]


def make_token(seat: Seat) -> str:
    return link_serializer(seat.link_key).dumps([seat.id, _key_hint(seat.link_key)])


def link_for(seat: Seat) -> str:
    return f"{current_app.config['BASE_URL']}/play/{make_token(seat)}"


def seat_from_token(token: str, now: datetime, *, state: bool = True) -> Seat:
    """The seat a token opens, read with its game in one statement; BadToken, RevokedToken or
    ExpiredToken otherwise. Without `state` the game's state is left unread."""
    return check_link(db.session.scalar(_SEAT_WITH_GAME[state], {"seat_id": seat_id_in(token)}), token, now)


def seat_id_in(token: str) -> int:
    """The seat a token names, read from it before any check; BadToken when it names none."""
    try:
        _, payload = _UNVERIFIED.loads_unsafe(token)
    except (BadData, ValueError):
        raise BadToken() from None
    if not (isinstance(payload, list) and len(payload) == 2
            and type(payload[0]) is int and 1 <= payload[0] <= MAX_ROW_ID and isinstance(payload[1], str)):
        raise BadToken()
    return payload[0]


def check_link(seat: Seat | None, token: str, now: datetime) -> Seat:
    """`seat`, the one `seat_id_in(token)` names (None: there is none), read with its game, if the token
    opens it; BadToken, RevokedToken or ExpiredToken otherwise."""
    if seat is None:
        raise BadToken()
    try:
        _, signed_at = link_serializer(seat.link_key).loads(token, return_timestamp=True)
    except BadSignature:
        if _UNVERIFIED.loads_unsafe(token)[1][1] != _key_hint(seat.link_key):
            raise RevokedToken() from None
        raise BadToken() from None
    config = current_app.config
    if now - signed_at.astimezone(timezone.utc) > timedelta(days=config["LINK_MAX_AGE_DAYS"]):
        raise ExpiredToken(N_("This link has expired. Use the latest link from your emails."))
    finished = seat.game.finished_at
    if finished is not None and now - finished > timedelta(days=config["LINK_GRACE_AFTER_END_DAYS"]):
        raise ExpiredToken(N_("This game ended long ago, and its links have expired."))
    return seat


def revoke_links(seat: Seat) -> None:
    """Give the seat a new key: every link sent so far stops working (the caller commits)."""
    seat.link_key = new_link_key()
