"""A watch on the engines' views: every view built while it watches, and every state one was built
from, kept with a digest of its JSON then, so that a test can tell afterwards whether anything
changed one of them. Views share the state's parts that never change (past reports, finished games'
results), so whoever changes a view may change the state: no caller may change a view."""
from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from tain.games import game_names, get_game


def digest(value: Any) -> bytes:
    """The JSON of `value`, key order included (a view's keys are in the engine's order)."""
    return hashlib.blake2b(json.dumps(value, default=repr).encode(), digest_size=16).digest()


class ViewWatch:
    def __init__(self) -> None:
        self.views: list[tuple[str, Any, bytes]] = []
        self.states: dict[int, tuple[str, Any, bytes]] = {}  # the state is kept: its id names it

    def watch(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """Wrap each engine's class's `view` (so that another test's wrapper of the class still wraps this one)."""
        for name in game_names():
            engine_class = type(get_game(name))
            monkeypatch.setattr(engine_class, "view", self._watched(name, engine_class.view))

    def _watched(self, name: str, build: Any) -> Any:
        def view(engine: Any, state: Any, player: Any) -> Any:
            built = build(engine, state, player)
            self.views.append((f"{name}: view {len(self.views)}, {player}'s", built, digest(built)))
            if id(state) not in self.states:
                self.states[id(state)] = (f"{name}: the state of view {len(self.views) - 1}", state, digest(state))
            return built
        return view

    def changed(self) -> list[str]:
        """What changed since it was built: views, then states."""
        return [what for what, value, then in [*self.views, *self.states.values()] if digest(value) != then]
