"""Each game's part of the player's page (and of the admin's board): what its templates in
templates/games/<name>/ need beyond the view, built from the view and the legal actions only
(and, for a move made in two clicks on the board, the place the player picked first)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tain.games import Action, Game as Engine

from . import inis, tain, tara

_PAGES = {"tain": tain.page_context, "tara": tara.page_context, "inis": inis.page_context}
_CHOICE_CHECKS = {"tain": tain.guarding_problems}
_PLANNABLE = {"tain": tain.plannable, "tara": tara.plannable}


def board_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action] = (),
                  me: str | None = None, picked: str | None = None,
                  planned: Sequence[Action] | None = None) -> dict[str, Any]:
    """The template variables of `engine`'s board and moves for one viewer (None: the public board);
    `picked`: the page's `pick`, a place of the board chosen by a first click (Tara: a bridge to move);
    `planned`: in plan mode, the moves the board offers to queue instead of the legal ones."""
    return _PAGES[engine.name](engine, view, legal, me, picked, planned)


def plannable(engine: Engine, view: Mapping[str, Any], me: str) -> list[Action]:
    """The moves the page offers to queue in `me`'s plan now, read off their view ([]: none). Whether
    each is legal is decided when the plan plays it."""
    offer = _PLANNABLE.get(engine.name)
    return offer(view, me) if offer else []


def choice_problems(engine: Engine, view: Mapping[str, Any], actions: Sequence[Action]) -> dict[str, str]:
    """What the seat's own view already rules out in a form's choices, a sentence for each field it
    concerns, said beside that field (Tàin: one token chosen for more guard slots than the player has)."""
    check = _CHOICE_CHECKS.get(engine.name)
    return check(view, actions) if check else {}
