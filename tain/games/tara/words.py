"""Tara's sentences for people, and `message` that builds them (docs/engine.md, "Messages"). Tara's
parameters are names, holes ("D4"), pairs ("C3-C4") and numbers, the same in every language: it has
no words among them."""
from __future__ import annotations

from typing import Any

from tain.games import base
from tain.games.base import Message, Words

WORDS: Words = {}


def message(key: str, msgid: str | tuple[str, str], **params: Any) -> Message:
    """One of Tara's sentences (`tara.<key>`)."""
    return base.message(f"tara.{key}", msgid, WORDS, **params)
