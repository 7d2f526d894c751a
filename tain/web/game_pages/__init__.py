"""Each game's part of the player's page (and of the admin's board): what its templates in
templates/games/<name>/ need beyond the view, built from the view and the legal actions only."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tain.games import Action, Game as Engine

from . import tain, tara

_PAGES = {"tain": tain.page_context, "tara": tara.page_context}


def board_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action] = (),
                  me: str | None = None) -> dict[str, Any]:
    """The template variables of `engine`'s board and moves for one viewer (None: the public board)."""
    return _PAGES[engine.name](engine, view, legal, me)
