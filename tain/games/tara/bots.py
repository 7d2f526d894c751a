"""A bot for Tara, used on time-outs (T13). It reads only its view and legal actions.

It builds next to its own ringforts, swaps where the swap splits enemy
kingdoms and joins its own, links to protect the ringforts that hold its
kingdoms together, and moves an enemy bridge only when it must.
"""
from __future__ import annotations

import random
from typing import Callable

from tain.games.base import Action, View
from tain.games.standing import MAX_ALTERNATIVES
from tain.games.tara import battle, manoeuvres
from tain.games.tara.board import SQUARES, groups, neighbours


class TaraBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal_actions: list[Action]) -> Action:
        return max(legal_actions, key=lambda action: self._value(view, action))

    def _value(self, view: View, action: Action) -> float:
        me = view["you"]
        enemy = next(p for p in view["players"] if p != me)
        board = view["board"]
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

    def plan(self, view: View) -> list[list[Action]]:
        """Standing orders from the view: in the manoeuvres the next builds, each with the
        best squares as fallbacks; in the battle the next swap, then the link after it."""
        me = view["you"]
        if view["over"] or me is None:
            return []
        position = _position(view)
        if view["phase"] == "manoeuvre":
            return self._build_plan(view, position)
        if view["to_act"] == [me] and view["step"] == "link":
            links = [{"type": "link", "pair": name} for name in view["linkable"]]
            return [self._best(position, links)] if links else []
        return self._swap_plan(position, me, link=view["to_act"] != [me] or view["step"] == "start")

    def _build_plan(self, view: View, position: dict) -> list[list[Action]]:
        me = view["you"]
        plan = []
        if view["to_act"] == [me]:
            plan.append(self._best(position, manoeuvres.legal_builds(position, me)))
            _build(position, me, plan[0][0]["square"])
        king = position["kings"][me]
        while king is not None and len(plan) < FUTURE_BUILDS + 1:
            # the enemy builds 1 or 2 from my king, and I 1 or 2 from theirs: 4 at most from mine
            near = [{"type": "build", "square": square} for square in SQUARES
                    if square not in position["board"] and _distance(square, king) <= 4]
            if not near:
                break
            plan.append(self._best(position, near, lambda action: _distance(action["square"], king) / 10))
            king = plan[-1][0]["square"]
            _build(position, me, king)
        return plan

    def _swap_plan(self, position: dict, me: str, link: bool) -> list[list[Action]]:
        swaps = [{"type": "swap", "square": square} for square in battle.swap_squares(position, me)]
        if not swaps:
            return []
        plan = [self._best(position, swaps)]
        square = plan[0][0]["square"]
        position["board"][square], position["kings"][me] = me, square
        links = [{"type": "link", "pair": name} for name in battle.link_pairs(position, me)]
        return plan + [self._best(position, links)] if link and links else plan

    def _best(self, position: dict, actions: list[Action],
              cost: Callable[[Action], float] = lambda action: 0.0) -> list[Action]:
        """The best of `actions` by the bot's values, less `cost`, as one entry of a plan."""
        ranked = sorted(actions, key=lambda action: cost(action) - self._value(position, action))
        return ranked[:MAX_ALTERNATIVES]


FUTURE_BUILDS = 2  # builds planned beyond the current one: the enemy king's moves are not known


def _position(view: View) -> dict:
    """The position a Tara view shows, shaped like a state for the rules' helpers (Tara hides
    nothing, so this is all a player may know)."""
    return {"players": list(view["players"]), "you": view["you"], "board": dict(view["board"]),
            "kings": dict(view["kings"]), "bridges": dict(view["bridges"]), "counters": dict(view["counters"]),
            "bridges_in_hand": dict(view["bridges_in_hand"]), "options": {"level": view["level"]}}


def _build(position: dict, player: str, square: str) -> None:
    position["board"][square], position["kings"][player] = player, square


def _distance(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:])))


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
