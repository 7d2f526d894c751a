"""Pictures of a game's board for the HTML emails: PNG, which every common mail client shows
(most show neither SVG nor a layout made with CSS).

Each game's module draws from one seat's view only, never from the state: `drawing(view, report)
-> Canvas`, a pure function of the view and the current language (same view, same words, same
bytes); `report`, one of the view's own reports, is the phase the email tells of, whose revealed
tokens the picture shows on that turn's boards. The email stores what its picture is made from
(`source_of`: the view, the report and the recipient's language), and the sender draws it
(`png_of`), outside the request that queued the mail.
"""
from __future__ import annotations

import json
from functools import partial
from collections.abc import Callable, Mapping
from typing import Any

from tain.wording import with_language

from . import tain, tara
from .drawing import Canvas

Drawing = Callable[[Mapping[str, Any], Mapping[str, Any] | None], Canvas]
Picture = Callable[[Mapping[str, Any], Mapping[str, Any] | None], bytes]
DRAWINGS: dict[str, Drawing] = {"tain": tain.drawing, "tara": tara.drawing}  # a game without one: no picture


def _png(draw: Drawing, view: Mapping[str, Any], report: Mapping[str, Any] | None = None) -> bytes:
    return draw(view, report).png()


PICTURES: dict[str, Picture] = {name: partial(_png, draw) for name, draw in DRAWINGS.items()}


def source_of(game: str, view: Mapping[str, Any], report: Mapping[str, Any] | None = None,
              language: str | None = None) -> str | None:
    """What the picture of `game`'s board is made from, as JSON: the game, the recipient's view, the
    report the email tells of (if any) and the language its words are drawn in (None: English). None
    for a game that has no picture."""
    if game not in PICTURES:
        return None
    return json.dumps({"game": game, "view": view, "report": report, "language": language}, ensure_ascii=False,
                      separators=(",", ":"))


def png_of(source: str) -> bytes:
    """The picture that `source` (from `source_of`) describes, its words in the recipient's language."""
    return _drawn(source, PICTURES)


def words_of(source: str) -> list[str]:
    """Every text the picture that `source` describes draws, in the order drawn."""
    return _drawn(source, DRAWINGS).words


def _drawn(source: str, drawers: Mapping[str, Callable[..., Any]]) -> Any:
    made_from = json.loads(source)
    with with_language(made_from.get("language")):
        return drawers[made_from["game"]](made_from["view"], made_from.get("report"))
