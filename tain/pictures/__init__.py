"""Pictures of a game's board for the HTML emails: PNG, which every common mail client shows
(most show neither SVG nor a layout made with CSS).

Each game's module draws from one seat's view only, never from the state: `picture(view) -> bytes`,
a pure function (same view, same bytes). The email stores what its picture is made from
(`source_of`), and the sender draws it (`png_of`), outside the request that queued the mail.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from . import tain, tara

PICTURES: dict[str, Callable[[Mapping[str, Any]], bytes]] = {"tain": tain.picture, "tara": tara.picture}


def source_of(game: str, view: Mapping[str, Any]) -> str | None:
    """What the picture of `game`'s board is made from, as JSON: the game and the recipient's view.
    None for a game that has no picture."""
    if game not in PICTURES:
        return None
    return json.dumps({"game": game, "view": view}, ensure_ascii=False, separators=(",", ":"))


def png_of(source: str) -> bytes:
    """The picture that `source` (from `source_of`) describes."""
    made_from = json.loads(source)
    return PICTURES[made_from["game"]](made_from["view"])
