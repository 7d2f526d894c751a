"""A legal action as the page offers it: a button or an option."""
from __future__ import annotations

import json
from dataclasses import dataclass

from tain.games import Action, Game as Engine
from tain.messages import described


@dataclass(frozen=True)
class Move:
    """One legal action as a button or an option: its form value (the action as JSON), its label,
    and the token it places (None for a pass). The label is in the reader's language."""

    value: str
    label: str
    token: str | None

    @classmethod
    def of(cls, engine: Engine, action: Action, player: str) -> Move:
        return cls(json.dumps(action, sort_keys=True), described(engine, action, player).translated(), action.get("token"))
