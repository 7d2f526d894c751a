"""Each game's part of the player's page (and of the admin's board): what its templates in
templates/games/<name>/ need beyond the view, built from the view and the legal actions only."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tain.games import Action, Game as Engine

from . import tain, tara

_PAGES = {"tain": tain.page_context, "tara": tara.page_context}
_CHOICE_CHECKS = {"tain": tain.guarding_problems}


def board_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action] = (),
                  me: str | None = None) -> dict[str, Any]:
    """The template variables of `engine`'s board and moves for one viewer (None: the public board)."""
    return _PAGES[engine.name](engine, view, legal, me)


def choice_problems(engine: Engine, view: Mapping[str, Any], actions: Sequence[Action]) -> dict[str, str]:
    """What the seat's own view already rules out in a form's choices, a sentence for each field it
    concerns, said beside that field (Tàin: one token chosen for more guard slots than the player has)."""
    check = _CHOICE_CHECKS.get(engine.name)
    return check(view, actions) if check else {}
