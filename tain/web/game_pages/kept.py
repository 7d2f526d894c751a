"""A block of a page rendered once per application and language for the values it reads: a past report
never changes once made, and every page of its game draws them again (the story, "since you last looked",
the history), each seat's page and each visit; a Tàin clan board is drawn alike for each seat but its
owner, and again on each visit until a move changes it."""
from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import orjson
from flask import current_app
from markupsafe import Markup

from tain.wording import current_language

KEPT = 2048  # blocks kept per application (a few kB each), the least recently drawn forgotten first
_lock = threading.Lock()


def kept_html(*reads: Any, caller: Callable[[], str]) -> Markup:
    """`{% call kept_html("tain", r, colours, view.players) %}…{% endcall %}`: the block's HTML,
    rendered the first time for these values in the reader's language. `reads` must be everything the
    block reads (a name for the template, then its values, JSON); templates that may change as they are
    served (`auto_reload`, the development server) are rendered every time."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    if app.jinja_env.auto_reload:
        return Markup(caller())
    try:  # orjson: the key is the whole report or board, and it is made for each of every page
        said = orjson.dumps([current_language(), *reads], option=orjson.OPT_SORT_KEYS)
    except TypeError:  # not plain JSON: no key to keep it under
        return Markup(caller())
    key = hashlib.blake2b(said, digest_size=16).digest()
    kept: OrderedDict[bytes, Markup] = app.extensions.setdefault("kept_html", OrderedDict())
    with _lock:
        html = kept.get(key)
        if html is not None:
            kept.move_to_end(key)
            return html
    html = Markup(caller())
    with _lock:
        kept[key] = html
        if len(kept) > KEPT:
            kept.popitem(last=False)
    return html
