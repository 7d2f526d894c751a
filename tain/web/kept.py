"""HTML drawn once and kept per application (each worker its own), under a key of everything it was
drawn from, so that drawing it again is a look-up. Nothing is ever invalidated: a change to what was
read is a new key, and what no key reaches any more is forgotten, the least recently used first, once
its shelf (cachetools' LRUCache, sized by characters or bytes) is over its budget.

Two shelves. `kept_html` keeps blocks of a page: a past report never changes once made, and every
page of its game draws them again (the story, "since you last looked", the history), each seat's
page and each visit; a Tàin clan board is drawn alike for each seat but its owner, and again on each
visit until a move changes it. `kept_page` (tain.web.play) keeps a seat's whole page, opened again
with nothing changed (a reload while waiting for the others, a mail scanner's fetch before the
player's own).
"""
from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Sequence
from typing import Any

import orjson
from cachetools import LRUCache
from flask import current_app
from markupsafe import Markup

from tain.wording import current_language

BLOCKS_BUDGET = 16 * 1024 * 1024  # characters of blocks kept per application: 2,500 of 6-7 thousand, the recent games
_lock = threading.Lock()  # the shelves are read and written by every thread of the worker


def _size(value: str | bytes | Sequence[bytes]) -> int:
    return len(value) if isinstance(value, (str, bytes)) else sum(map(len, value))


def kept(shelf_name: str, budget: int, reads: Sequence[Any], draw: Callable[[], Any]) -> Any:
    """What `draw` returns (a str, bytes or a tuple of bytes), drawn the first time for `reads` and kept on
    the application's shelf `shelf_name` (at most `budget` characters; 0: nothing kept). `reads` must be
    everything the drawing reads, as plain JSON (a datetime too); drawn every time unless `keeping`."""
    return kept_under(shelf_name, budget, key_of(reads) if keeping(budget) else None, draw)


def kept_under(shelf_name: str, budget: int, key: bytes | None, draw: Callable[[], Any]) -> Any:
    """`kept`, under the key of the reads (`key_of`; None: drawn, nothing kept)."""
    if key is None:
        return draw()
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    shelf: LRUCache | None = app.extensions.get(shelf_name)
    if shelf is None:
        shelf = app.extensions.setdefault(shelf_name, LRUCache(budget, getsizeof=_size))
    with _lock:
        found = shelf.get(key)
    if found is None:
        found = draw()
        if _size(found) <= budget:  # a larger one is drawn each time
            with _lock:
                shelf[key] = found
    return found


def keeping(budget: int) -> bool:
    """Whether anything is kept on a shelf of `budget`: not with templates that may change as they are
    served (`auto_reload`, the development server)."""
    return budget > 0 and not current_app.jinja_env.auto_reload


def key_of(reads: Sequence[Any]) -> bytes | None:
    """The key of what was drawn from `reads` (plain JSON, a datetime too); None if they are not."""
    try:  # orjson: the key is the whole report or board, and it is made for each of every page
        return hashlib.blake2b(orjson.dumps(list(reads), option=orjson.OPT_SORT_KEYS), digest_size=16).digest()
    except TypeError:
        return None


def kept_html(*reads: Any, caller: Callable[[], str]) -> Markup:
    """`{% call kept_html("tain", r, colours, view.players) %}…{% endcall %}`: the block's HTML,
    rendered the first time for these values in the reader's language. `reads` must be everything the
    block reads (a name for the template, then its values, JSON)."""
    return kept("kept_html", BLOCKS_BUDGET, [current_language(), *reads], lambda: Markup(caller()))
