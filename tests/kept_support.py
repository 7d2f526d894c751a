"""Helpers of the kept pages' tests (test_kept_pages.py, test_shared_pages.py): a game to look at, its pages
opened, Redis to share them (the pages drawn are counted by conftest's `draws`)."""
from __future__ import annotations

import re
from datetime import datetime, timedelta
from typing import Any

import redis

from support import NOW, PLAYERS, TARA_PLAYERS, redis_or_skip, redis_url, token
from tain import transactions
from tain.services.games import create_game, parse_player
from tain.web import shared_pages
from tain.web.shared_pages import KEY_PREFIX

CSRF = re.compile(r'name="csrf_token" value="[^"]+"')
SEATS = {"tain": PLAYERS + ["Dan <dan@example.org>"], "tara": TARA_PLAYERS, "inis": PLAYERS}


def started(app: Any, game: str, now: datetime = NOW) -> tuple[int, dict[str, str]]:
    """A new game of `game` and its seats' page links, by name."""
    with app.app_context(), transactions.write():
        created = create_game(game, [parse_player(p) for p in SEATS[game]], now=now, seed=3, first_player="Ann",
                              move_deadline=timedelta(days=2), phase_deadline=timedelta(days=3))
        return created.id, {seat.name: f"/play/{token(created, seat.name)}" for seat in created.seats}


def opened(client: Any, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.text
    assert response.content_type == "text/html; charset=utf-8"
    return response.text


def shared_through_redis(app: Any) -> str:
    """Share `app`'s pages on the test Redis (tain.web.shared_pages), none of them kept there yet: its URL."""
    url = redis_url()  # TEST_REDIS_URL; under xdist this worker's own database
    redis_or_skip(url)
    client = redis.Redis.from_url(url)
    for key in client.scan_iter(f"{KEY_PREFIX}*"):
        client.delete(key)
    app.config["KEPT_PAGES_URL"] = url
    shared_pages.init_app(app)
    return url
