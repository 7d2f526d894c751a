"""A bot for Tara, used on time-outs (T13). It reads only its view and legal actions.

It builds next to its own ringforts, swaps where the swap splits enemy
kingdoms and joins its own, links to protect the ringforts that hold its
kingdoms together, and moves an enemy bridge only when it must.

Its standing orders (`plan`) cover its next three builds, or in the battle its
next three turns, the current one included: each swap and link is chosen on the
position the plan's earlier moves leave, with fallbacks for what the enemy's
turns in between may take or protect (docs/tempo.md).
"""
from __future__ import annotations

import random
from functools import lru_cache
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
        best squares as fallbacks; in the battle the next BATTLE_TURNS turns (see _battle_plan)."""
        me = view["you"]
        if view["over"] or me is None:
            return []
        position = _position(view)
        if view["phase"] == "manoeuvre":
            return self._build_plan(view, position)
        return self._battle_plan(view, position)

    def _build_plan(self, view: View, position: dict) -> list[list[Action]]:
        """The next builds, each with the best squares as fallbacks; when they fill the board,
        the first battle turns after them, on the board they would leave."""
        me = view["you"]
        plan = []
        holes = len(SQUARES) - len(position["board"])
        built_last = False  # whether the builds planned end the manoeuvres with mine
        if view["to_act"] == [me]:
            plan.append(self._best(position, manoeuvres.legal_builds(position, me)))
            _build(position, me, plan[0][0]["square"])
            holes, built_last = holes - 1, True
        king = position["kings"][me]
        while king is not None and holes and len(plan) < FUTURE_BUILDS + 1:
            holes, built_last = holes - 1, False  # the enemy's build
            if not holes:
                break
            # the enemy builds 1 or 2 from my king, and I 1 or 2 from theirs: 4 at most from mine
            empty = [square for square in SQUARES if square not in position["board"]]
            if len(empty) > MAX_ALTERNATIVES:
                empty = [square for square in empty if _distance(square, king) <= 4]
            near = [{"type": "build", "square": square} for square in empty]
            if not near:
                break
            plan.append(self._best(position, near, lambda action: _distance(action["square"], king) / 10))
            king = plan[-1][0]["square"]
            _build(position, me, king)
            holes, built_last = holes - 1, True
        if holes:
            return plan
        return plan + self._first_battle_turns(position, me, starts=not built_last)

    def _first_battle_turns(self, position: dict, me: str, starts: bool) -> list[list[Action]]:
        """The battle after the builds planned: the enemy fills the holes left (their king in
        the last, known only if it is the one hole left); the player who did not build last
        starts (T6)."""
        enemy = _enemy(position, me)
        holes = [square for square in SQUARES if square not in position["board"]]
        for square in holes:
            position["board"][square] = enemy
        position["kings"][enemy] = holes[0] if len(holes) == 1 else None
        if not starts:
            return self._battle_turns(position, me, BATTLE_TURNS)
        first = self._turn(position, me, link=True)
        return first + self._battle_turns(position, me, BATTLE_TURNS - 1) if first else []

    def _battle_plan(self, view: View, position: dict) -> list[list[Action]]:
        """The rest of the current turn, if it is mine, then whole turns (a swap, then a link
        when one will be possible): BATTLE_TURNS turns in all."""
        me = view["you"]
        if view["to_act"] != [me]:
            return self._battle_turns(position, me, BATTLE_TURNS)
        if view["step"] == "link":
            plan = [self._link_entry(position, me)]
            _link(position, me, plan[0][0]["pair"])
        else:
            plan = self._turn(position, me, link=view["step"] == "start")
            if not plan:
                return []  # no swap now: a bridge move first, chosen when asked
        return plan + self._battle_turns(position, me, BATTLE_TURNS - 1)

    def _battle_turns(self, position: dict, me: str, turns: int) -> list[list[Action]]:
        """My next `turns` turns, each after an enemy turn, planned on the position the plan's
        earlier moves leave. The enemy's turns are not known: their king leaves its square (so
        that square is among my swaps), each move is valued over the swaps the enemy would
        value most, and whatever they take or protect is left to the fallbacks."""
        plan: list[list[Action]] = []
        earlier: list[str] = []
        for _ in range(turns):
            threats = _threats(position, me)
            position["kings"][_enemy(position, me)] = None  # it moves to one of my ringforts
            turn = self._turn(position, me, link=True, threats=threats, retakes=earlier)
            if not turn:
                break
            plan += turn
            earlier = threats  # what the enemy takes now, their king leaves a turn later
        return plan

    def _turn(self, position: dict, me: str, link: bool, threats: list[str] = (),
              retakes: list[str] = ()) -> list[list[Action]]:
        """One turn's entries, played out on `position`: the swap, then the link, each valued
        over the enemy's likely swaps (`threats`) before it. `retakes` are ringforts of mine
        the enemy may have taken a turn earlier: swaps too, should they have."""
        swaps = [{"type": "swap", "square": square} for square in battle.swap_squares(position, me)]
        if not swaps:
            return []
        scored = self._scored(position, swaps, threats) + self._retakes(position, me, retakes, threats)
        entry = [action for _, action in sorted(scored, key=lambda pair: -pair[0])][:MAX_ALTERNATIVES]
        entries = [entry]
        square = next(action for action in entry if action in swaps)["square"]  # the likeliest
        position["board"][square], position["kings"][me] = me, square
        if link and battle.link_pairs(position, me):
            entries.append(self._link_entry(position, me, threats))
            _link(position, me, entries[-1][0]["pair"])
        return entries

    def _retakes(self, position: dict, me: str, squares: list[str], threats: list[str]) -> list[tuple[float, Action]]:
        """The best RETAKES swaps back of `squares`, each valued as if the enemy held it (only
        then can it be swapped): my unlinked ringforts the enemy may have taken."""
        enemy = _enemy(position, me)
        linked = {s for name in position["bridges"] for s in name.split("-")}
        scored = [self._scored({**position, "board": {**position["board"], square: enemy}},
                               [{"type": "swap", "square": square}], [t for t in threats if t != square])[0]
                  for square in squares if position["board"].get(square) == me
                  and square != position["kings"][me] and square not in linked]
        return sorted(scored, key=lambda pair: -pair[0])[:RETAKES]

    def _link_entry(self, position: dict, me: str, threats: list[str] = ()) -> list[Action]:
        links = [{"type": "link", "pair": name} for name in battle.link_pairs(position, me)]
        return self._best(position, links, threats=threats)

    def _expected(self, position: dict, action: Action, threats: list[str]) -> float:
        """The action's value, on average over the enemy's likely swaps before it (those
        after which it is still possible)."""
        enemy = _enemy(position, position["you"])
        touched = set(action["pair"].split("-")) if action["type"] == "link" else set()
        boards = [{**position["board"], square: enemy} for square in threats if square not in touched]
        if not boards:
            return self._value(position, action)
        return sum(self._value({**position, "board": board}, action) for board in boards) / len(boards)

    def _scored(self, position: dict, actions: list[Action], threats: list[str] = ()) -> list[tuple[float, Action]]:
        return [(self._expected(position, action, threats), action) for action in actions]

    def _best(self, position: dict, actions: list[Action],
              cost: Callable[[Action], float] = lambda action: 0.0, threats: list[str] = ()) -> list[Action]:
        """The best of `actions` by the bot's values (expected over `threats`), less `cost`, as
        one entry of a plan."""
        ranked = sorted(self._scored(position, actions, threats), key=lambda pair: cost(pair[1]) - pair[0])
        return [action for _, action in ranked][:MAX_ALTERNATIVES]


FUTURE_BUILDS = 2  # builds planned beyond the current one: the enemy king's moves are not known
RETAKES = 3  # swaps back of ringforts the enemy may have taken, among a turn's fallbacks
BATTLE_TURNS = 3  # battle turns planned ahead (each a swap and a link), the current one included


def _position(view: View) -> dict:
    """The position a Tara view shows, shaped like a state for the rules' helpers (Tara hides
    nothing, so this is all a player may know)."""
    return {"players": list(view["players"]), "you": view["you"], "board": dict(view["board"]),
            "kings": dict(view["kings"]), "bridges": dict(view["bridges"]), "counters": dict(view["counters"]),
            "bridges_in_hand": dict(view["bridges_in_hand"]), "options": {"level": view["level"]}}


def _enemy(position: dict, me: str) -> str:
    return next(p for p in position["players"] if p != me)


def _link(position: dict, player: str, pair_name: str) -> None:
    position["bridges"][pair_name] = player
    position["bridges_in_hand"][player] -= 1


def _build(position: dict, player: str, square: str) -> None:
    position["board"][square], position["kings"][player] = player, square


def _threats(position: dict, me: str) -> list[str]:
    """The swaps the enemy would value most, were it their move: my unlinked ringforts
    whose loss costs me most."""
    enemy = _enemy(position, me)
    gains = {square: _swap_gain(position["board"], enemy, me, square)
             for square in battle.swap_squares(position, enemy)}
    best = max(gains.values(), default=None)
    return [square for square, gain in gains.items() if gain == best]


def _distance(a: str, b: str) -> int:
    return max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:])))


@lru_cache(maxsize=4096)
def _groups(squares: frozenset[str]) -> int:
    """`groups`, remembered: a plan values many moves on boards that differ in a square or two."""
    return groups(set(squares))


def _swap_gain(board: dict[str, str], me: str, enemy: str, square: str) -> int:
    """Enemy kingdoms gained minus own kingdoms gained, were `square` to become mine."""
    mine = frozenset(s for s, owner in board.items() if owner == me)
    theirs = frozenset(s for s, owner in board.items() if owner == enemy)
    before = _groups(theirs) - _groups(mine)
    after = _groups(theirs - {square}) - _groups(mine | {square})
    return after - before


def _link_value(view: View, me: str, pair_name: str) -> int:
    """How many unlinked ringforts of mine the link protects, counting double
    those whose loss would split one of my kingdoms."""
    touched = {s for name in view["bridges"] for s in name.split("-")}
    mine = frozenset(s for s, owner in view["board"].items() if owner == me)
    whole = _groups(mine)
    value = 0
    for square in pair_name.split("-"):
        if square not in touched:
            value += 1 + (_groups(mine - {square}) > whole)
    return value
