"""A bot for Tara, used on time-outs (T13). It reads only its view and legal actions.

It builds next to its own ringforts, swaps where the swap splits enemy
kingdoms and joins its own, links to protect the ringforts that hold its
kingdoms together, and moves an enemy bridge only when it must.
"""
from __future__ import annotations

import random

from tain.games.base import Action, View
from tain.games.tara.board import groups, neighbours


class TaraBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal_actions: list[Action]) -> Action:
        me = view["you"]
        enemy = next(p for p in view["players"] if p != me)
        board = view["board"]

        def value(action: Action) -> float:
            kind = action["type"]
            noise = self.rng.random() * 0.01
            if kind == "build":
                own = sum(board.get(n) == me for n in neighbours(action["square"]))
                return own + (0.5 if action.get("skip") else 0) + noise
            if kind == "swap":
                return _swap_gain(board, me, enemy, action["square"]) + noise
            if kind == "link":
                return _link_value(view, me, action["pair"]) + noise
            return -100 + noise  # a bridge move spends a counter: only when nothing else is legal

        return max(legal_actions, key=value)


def _swap_gain(board: dict[str, str], me: str, enemy: str, square: str) -> int:
    """Enemy kingdoms gained minus own kingdoms gained, were `square` to become mine."""
    mine = {s for s, owner in board.items() if owner == me}
    theirs = {s for s, owner in board.items() if owner == enemy}
    before = groups(theirs) - groups(mine)
    after = groups(theirs - {square}) - groups(mine | {square})
    return after - before


def _link_value(view: View, me: str, pair_name: str) -> int:
    """How many unlinked ringforts of mine the link protects, counting double
    those whose loss would split one of my kingdoms."""
    touched = {s for name in view["bridges"] for s in name.split("-")}
    mine = {s for s, owner in view["board"].items() if owner == me}
    whole = groups(mine)
    value = 0
    for square in pair_name.split("-"):
        if square not in touched:
            value += 1 + (groups(mine - {square}) > whole)
    return value
