"""Seats' pages shared by every web worker through Redis (`KEPT_PAGES_URL`): a page one worker drew
(tain.web.kept_pages) is a look-up for the others, not drawn again by each.

Each worker keeps the pages it holds in memory and asks Redis only for one it does not hold, where the
other answer is drawing it: a round trip and inflating about 9 kB (a page from Redis costs a worker what
one from its own memory does, about 2 ms in all) against drawing 57 kB of HTML (6 to 8 ms). Gunicorn hands each request to whichever worker is free, so without
this a page is drawn by every worker it reaches after a change: the mail scanner's fetch by one, the
player's click by another, their reloads by a third.

A page is kept under the workers' own key (everything it is drawn from: the link, the language, the
seat's and game's rows, the clock's words) and the release: every file a page is drawn from (the code,
the templates, the catalogues), so that the workers of a new release draw their own. It lives
`LIFETIME` seconds, compressed. Redis holds what a player may see of the game: it is as private as
the database. Unreachable or failing, it is left alone for `REST` seconds while each worker draws
its own pages (logged once per rest): a page never waits for it longer than `TIMEOUT`.
"""
from __future__ import annotations

import functools
import hashlib
import pathlib
import threading
import time
import zlib
from collections.abc import Callable
from typing import Any

import redis
from flask import Flask, current_app

from tain import PROJECT_ROOT

KEY_PREFIX = "tain:page:"  # then the release and the workers' own key
LIFETIME = 3600  # seconds: a reload while the others think, the player's click after the scanner's fetch
REST = 30.0  # seconds without asking Redis after it failed
TIMEOUT = 0.25  # seconds a request waits for Redis at most
_DRAWN_FROM = ("tain", "templates", "translations")  # what a page is drawn from, beside the rows it reads


def init_app(app: Flask) -> None:
    """The shared shelf of KEPT_PAGES_URL (a redis:// URL; empty: none), connected at first use."""
    url = app.config["KEPT_PAGES_URL"]
    if url:
        app.extensions["shared_pages"] = SharedPages(redis.Redis.from_url(
            url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT))
        release()  # read at the start, not in a player's request


class SharedPages:
    """Pages in Redis, each with the CSRF token of the request that drew it, to cut it at."""

    def __init__(self, client: redis.Redis) -> None:
        self.client = client
        self._resting_until = 0.0  # time.monotonic(): no question to Redis before
        self._lock = threading.Lock()

    def page(self, key: str, csrf_token: bytes, draw: Callable[[], bytes]) -> tuple[bytes, bytes]:
        """The page kept under `key` and the CSRF token in it; else `draw`n (with `csrf_token` in it) and kept."""
        stored = self._ask(lambda: self.client.get(key))
        if stored is not None:
            try:
                drawn_with, page = zlib.decompress(stored).split(b"\n", 1)  # the token has no line break
                return drawn_with, page
            except (zlib.error, ValueError):  # not what a worker wrote there: drawn again, and written over
                pass
        page = draw()
        self._ask(lambda: self.client.set(key, zlib.compress(csrf_token + b"\n" + page, 1), ex=LIFETIME))
        return csrf_token, page

    def _ask(self, question: Callable[[], Any]) -> Any:
        if time.monotonic() < self._resting_until:
            return None
        try:
            return question()
        except redis.RedisError as error:
            with self._lock:
                if time.monotonic() >= self._resting_until:
                    current_app.logger.warning("KEPT_PAGES_URL: Redis failed (%s); each worker draws its own pages"
                                               " for %d s", error, REST)
                    self._resting_until = time.monotonic() + REST
            return None


def shared_page(key: bytes, csrf_token: bytes, draw: Callable[[], bytes]) -> tuple[bytes, ...]:
    """The page `draw` draws (UTF-8, with `csrf_token` in it) for the reads of `key` (tain.web.kept.key_of),
    cut at its CSRF token: from the workers' shared shelf if there is one and it holds it."""
    shelf: SharedPages | None = current_app.extensions.get("shared_pages")
    if shelf is None:
        drawn_with, page = csrf_token, draw()
    else:
        drawn_with, page = shelf.page(f"{KEY_PREFIX}{release()}:{key.hex()}", csrf_token, draw)
    return tuple(page.split(drawn_with))


@functools.cache
def release() -> str:
    """A digest of every file under tain/, templates/ and translations/: what pages are drawn from."""
    digest = hashlib.blake2b(digest_size=8)
    root = pathlib.Path(PROJECT_ROOT)
    for path in sorted(path for top in _DRAWN_FROM for path in (root / top).rglob("*") if path.is_file()):
        if path.suffix != ".pyc":
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
