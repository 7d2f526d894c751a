"""Tàin's sentences for people: its words among their parameters, and `message` that builds them
(docs/engine.md, "Messages").

A parameter named `token`, `guard` or `captive` is a token as a noun ("warrior"; in Italian with its
article, "il guerriero"), `a_token` a token as a move names it ("a warrior", "your chieftain") and
`entrance` an entrance ("pasture-1"; "stalla 1"): each is given as its id, and the service says it
in the reader's language through this table.
"""
from __future__ import annotations

from typing import Any

from tain.games import base
from tain.games.base import Message, Np_, Words

TOKEN = {"chieftain": Np_("tain token", "chieftain"), "warrior": Np_("tain token", "warrior"),
         "boy": Np_("tain token", "boy"), "daughter": Np_("tain token", "daughter"),
         "bluff": Np_("tain token", "bluff")}
TOKEN_PLACED = {"chieftain": Np_("tain token placed", "your chieftain"), "warrior": Np_("tain token placed", "a warrior"),
                "boy": Np_("tain token placed", "a boy"), "daughter": Np_("tain token placed", "your daughter"),
                "bluff": Np_("tain token placed", "a bluff")}
ENTRANCE = {"pasture-1": Np_("tain entrance", "pasture-1"), "pasture-2": Np_("tain entrance", "pasture-2"),
            "pasture-3": Np_("tain entrance", "pasture-3"), "house-1": Np_("tain entrance", "house-1"),
            "house-2": Np_("tain entrance", "house-2")}
WORDS: Words = {"token": TOKEN, "guard": TOKEN, "captive": TOKEN, "a_token": TOKEN_PLACED, "entrance": ENTRANCE}


def message(key: str, msgid: str | tuple[str, str], **params: Any) -> Message:
    """One of Tàin's sentences (`tain.<key>`), its words in English in its text."""
    return base.message(f"tain.{key}", msgid, WORDS, **params)
