"""The views (`engine.view(state, player)`) of the states one change goes through, each built once."""
from __future__ import annotations

from tain.games import Game as Engine, State, View


class Views:
    """Each player's view (None: the public one) of the states one change goes through, built once for
    whoever reads it: the version and decisions each action moves and the moves plans made (the views
    before and after it; the one after is the next action's before), the bots' choices, the stage kept
    beside the state, the emails (each seat's views before and after the whole change) and the mover's
    snapshot. So only the first state's views and the latest two states' are kept: a change of many
    actions (bots playing on, an imported log) holds no more.

    Engines never change a state they are given (they return a new one), so a state object has the
    same views for as long as it lives; it is kept here with them, so its identity names it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._kept: dict[int, tuple[State, dict[str | None, View]]] = {}  # in the order first seen

    def of(self, state: State, player: str | None = None) -> View:
        if id(state) not in self._kept:
            self._kept[id(state)] = (state, {})
            if len(self._kept) > 3:
                del self._kept[list(self._kept)[1]]  # the oldest but the first
        views = self._kept[id(state)][1]
        if player not in views:
            views[player] = self.engine.view(state, player)
        return views[player]
