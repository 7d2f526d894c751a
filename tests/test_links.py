"""Signed per-seat links: one seat each, tamper-proof, revocable, expiring long after the game."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from itsdangerous import URLSafeTimedSerializer

from support import token
from tain import transactions
from tain.services.errors import BadToken, ExpiredToken, RevokedToken
from tain.services.links import link_for, revoke_links, seat_from_token


def now() -> datetime:
    return datetime.now(timezone.utc)


def test_a_link_opens_its_own_seat(game):
    for seat in game.seats:
        assert link_for(seat).startswith("http://tain.test/play/")
        assert seat_from_token(token(game, seat.name), now()) is seat


@pytest.mark.parametrize("bad", ["", "x", "abc.def", "W10.aaaa.bbbb", "e30.AAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"])
def test_garbage_is_a_bad_token(game, bad):
    with pytest.raises(BadToken):
        seat_from_token(bad, now())


def test_a_token_cannot_be_moved_to_another_seat(game):
    """Re-signing Ann's payload with Bob's id fails: the salt is Bob's key, the secret is the app's."""
    ann, bob = game.seat_named("Ann"), game.seat_named("Bob")
    forged = URLSafeTimedSerializer("guess", salt=f"tain.seat-link.{bob.link_key}").dumps([bob.id, "00000000"])
    with pytest.raises((BadToken, RevokedToken)):
        seat_from_token(forged, now())
    payload, rest = token(game, "Ann").split(".", 1)
    bob_payload = token(game, "Bob").split(".", 1)[0]
    with pytest.raises(BadToken):
        seat_from_token(f"{bob_payload}.{rest}", now())
    assert seat_from_token(f"{payload}.{rest}", now()) is ann


def test_changing_the_key_revokes_old_links(game):
    old = token(game, "Ann")
    with transactions.write():
        revoke_links(game.seat_named("Ann"))
    with pytest.raises(RevokedToken):
        seat_from_token(old, now())
    assert seat_from_token(token(game, "Ann"), now()).name == "Ann"


def test_links_expire_with_age_and_after_the_game(game):
    fresh = token(game, "Ann")
    with pytest.raises(ExpiredToken):
        seat_from_token(fresh, now() + timedelta(days=366))
    with transactions.write():
        game.status, game.finished_at = "over", now()
    assert seat_from_token(fresh, now() + timedelta(days=29)).name == "Ann"  # still shows the final board
    with pytest.raises(ExpiredToken):
        seat_from_token(fresh, now() + timedelta(days=31))
