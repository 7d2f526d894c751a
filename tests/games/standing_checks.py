"""A reference for standing orders, shared by every engine's property tests: the same game
played by hand, the plans kept aside and played by the rule of engine-api.md ("the first
alternative of the next entry that is legal at that moment, while the player is still to
act"), using only `legal_actions` and `apply` of moves made by hand."""
from __future__ import annotations

import copy
from typing import Any, Callable

from engine_checks import canonical
from tain.games import Game

PLAN_KEYS = ("plans", "plan_moves", "plan")  # in states, and in views


class HandPlayed:
    """The game as it would be if every move a plan made had been made by hand.

    `plans_end(before, after)` says when a move by hand ends every plan (Tàin: a raid report
    was written; Tara: a game of the match ended)."""

    def __init__(self, game: Game, state: dict, plans_end: Callable[[dict, dict], bool]) -> None:
        self.game, self.state, self.plans_end = game, state, plans_end
        self.plans: dict[str, list[list[dict]]] = {}
        self.moves: list[tuple[str, dict]] = []  # (player, action) of every move a plan made

    def apply(self, player: str, action: dict) -> None:
        if action.get("type") == "standing":
            self.plans.pop(player, None)
            if action["plan"]:
                self.plans[player] = copy.deepcopy(action["plan"])
        else:
            self._by_hand(player, action)
        while True:
            player = next((p for p in self.game.to_act(self.state) if p in self.plans), None)
            if player is None:
                return
            entry = self.plans[player].pop(0)
            if not self.plans[player]:
                del self.plans[player]
            legal = {canonical(a) for a in self.game.legal_actions(self.state, player)}
            chosen = next((a for a in entry if canonical(a) in legal), None)
            if chosen is None:
                self.plans.pop(player, None)
                continue
            self.moves.append((player, chosen))
            self._by_hand(player, chosen)

    def _by_hand(self, player: str, action: dict) -> None:
        before = self.state
        self.state = self.game.apply(self.state, player, action)
        if self.plans_end(before, self.state):
            self.plans = {}


def without_plans(value: dict) -> dict:
    return {key: item for key, item in value.items() if key not in PLAN_KEYS}


def check_against_hand_play(game: Game, state: dict, reference: HandPlayed) -> None:
    """The engine's state is the hand-played game's plus the plans; every view, `to_act` and
    `legal_actions` are the same but for a player's own plan; nobody to act has a plan left."""
    assert without_plans(state) == reference.state
    assert state.get("plans", {}) == reference.plans
    assert [(r["player"], r["action"]) for r in state.get("plan_moves", [])] == reference.moves
    acting = game.to_act(state)
    assert acting == game.to_act(reference.state)
    assert not set(acting) & set(state.get("plans", {})), "a player whose plan could answer was asked"
    for viewer in [*state["players"], None]:
        view, by_hand = game.view(state, viewer), game.view(reference.state, viewer)
        assert without_plans(view) == without_plans(by_hand)
        if viewer is None:
            assert "plan" not in view and "plan_moves" not in view
            continue
        assert view["plan"] == reference.plans.get(viewer, [])
        made = [action for player, action in reference.moves if player == viewer]
        assert [m["action"] for m in view["plan_moves"]] == made and all(m["by_plan"] for m in view["plan_moves"])
        assert game.legal_actions(state, viewer) == game.legal_actions(reference.state, viewer)
        assert all(a.get("type") != "standing" for a in game.legal_actions(state, viewer))


def random_plan(rng: Any, moves: Callable[[], dict], most_entries: int = 12) -> dict:
    """A standing order of well-shaped moves from `moves()`, legal or not; now and then empty."""
    entries = [[moves() for _ in range(rng.randint(1, 8))] for _ in range(rng.randint(0, most_entries))]
    return {"type": "standing", "plan": entries}
