"""Pictures of a game's board for the HTML emails: PNG, which every common mail client shows
(most show neither SVG nor a layout made with CSS).

Each game's module draws from one seat's view only, never from the state: `picture(view, report)
-> bytes`, a pure function (same view, same bytes); `report`, one of the view's own reports, is the
phase the email tells of, whose revealed tokens the picture shows on that turn's boards. The email
stores what its picture is made from (`source_of`), and the sender draws it (`png_of`), outside the
request that queued the mail.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from . import tain, tara

Picture = Callable[[Mapping[str, Any], Mapping[str, Any] | None], bytes]
PICTURES: dict[str, Picture] = {"tain": tain.picture, "tara": tara.picture}


def source_of(game: str, view: Mapping[str, Any], report: Mapping[str, Any] | None = None) -> str | None:
    """What the picture of `game`'s board is made from, as JSON: the game, the recipient's view and the
    report the email tells of (if any). None for a game that has no picture."""
    if game not in PICTURES:
        return None
    return json.dumps({"game": game, "view": view, "report": report}, ensure_ascii=False, separators=(",", ":"))


def png_of(source: str) -> bytes:
    """The picture that `source` (from `source_of`) describes."""
    made_from = json.loads(source)
    return PICTURES[made_from["game"]](made_from["view"], made_from.get("report"))
