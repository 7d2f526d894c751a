"""Bots for Tàin. A bot reads only its player's view and legal actions, never
the state, so it can know no more than a person in that seat.

The service seats them in empty chairs and, when a game is set so, lets them
move for a player whose deadline passed.
"""
from __future__ import annotations

import marshal
import random
from typing import Any, Callable

from tain.games.base import Action, View
from tain.games.standing import MAX_ALTERNATIVES, MAX_ENTRIES
from tain.games.tain.rules import BLUFF, BOY, CHIEFTAIN, DAUGHTER, HOUSES, KINGDOM_SLOTS, RAIDERS, SCOUTS, WARRIOR

PASS: Action = {"type": "pass"}
# The best guard against an unknown scout: a warrior captures boys and stops
# warriors; the chieftain stops boys and warriors; the daughter risks a kidnap.
GUARD_PREFERENCE = (WARRIOR, CHIEFTAIN, BOY, DAUGHTER, BLUFF)
RAID_PREFERENCE = (WARRIOR, CHIEFTAIN)
SCOUT_PREFERENCE = (CHIEFTAIN, WARRIOR)


class RandomBot:
    """Any legal action, uniformly; passes as seldom as any other choice."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal_actions: list[Action]) -> Action:
        return self.rng.choice(legal_actions)

    def plan(self, view: View) -> list[list[Action]]:
        return whole_phase_plan(self.choose, view)


class HeuristicBot:
    """Plays sensibly: frees its captives, raids the kingdom and the leader's
    land with strong tokens, guards where it is scouted, keeps the daughter home,
    bluffs now and then, and guards the rest of its land before passing (a pass
    is final: whoever passes early is raided freely)."""

    def __init__(self, seed: int = 0, bluff_rate: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.bluff_rate = bluff_rate

    def choose(self, view: View, legal_actions: list[Action]) -> Action:
        # Attacking first: one placement gains a cow or jewel for sure at an
        # unguarded entrance, while a guard only may stop one rival's raid.
        for plan in (self._free_captives, self._raid_kingdom, self._raid_rivals,
                     self._guard_threats, self._bluff, self._guard_the_rest):
            action = plan(view, legal_actions)
            if action is not None and action in legal_actions:
                return action
        return PASS

    def plan(self, view: View) -> list[list[Action]]:
        return whole_phase_plan(self.choose, view)

    def _guard_threats(self, view: View, legal: list[Action]) -> Action | None:
        """Guard an entrance an opponent is scouting, with the best guard left."""
        me = view["you"]
        threatened = [entrance for entrance, slot in view["boards"][me].items()
                      if slot["scout"] is not None and slot["guard"] is None]
        token = _best(view["screen"], GUARD_PREFERENCE[:-1])
        if not threatened or token is None:
            return None
        # the house first: jewels are worth more than cows
        entrance = sorted(threatened, key=lambda e: e not in HOUSES)[0]
        return {"type": "guard", "token": token, "entrance": entrance}

    def _free_captives(self, view: View, legal: list[Action]) -> Action | None:
        me = view["you"]
        token = _best(view["screen"], SCOUT_PREFERENCE)
        if token is None:
            return None
        for holder, clan in view["clans"].items():
            if any(captive["owner"] == me for captive in clan["captives"]):
                entrance = _free_scout_slot(view, holder, HOUSES)
                if entrance:
                    return {"type": "scout", "token": token, "board": holder, "entrance": entrance}
        return None

    def _raid_kingdom(self, view: View, legal: list[Action]) -> Action | None:
        if view["kingdom"]["cows"] == 0:
            return None
        token = _best(view["screen"], RAID_PREFERENCE)
        return None if token is None else {"type": "raid", "token": token}

    def _raid_rivals(self, view: View, legal: list[Action]) -> Action | None:
        """Scout the richest rival where no guard stands yet, strong tokens first,
        a boy only at an unguarded entrance."""
        me = view["you"]
        rivals = sorted((p for p in view["players"] if p != me),
                        key=lambda p: (-view["scores"][p], self.rng.random()))
        for token in (*SCOUT_PREFERENCE, BOY):
            if not view["screen"].get(token):
                continue
            for rival in rivals:
                clan = view["clans"][rival]
                places = [e for e in _free_scout_slots(view, rival)
                          if (clan["jewels"] if e in HOUSES else clan["cows"])
                          and (token != BOY or view["boards"][rival][e]["guard"] is None)]
                unguarded = [e for e in places if view["boards"][rival][e]["guard"] is None]
                if unguarded or places:
                    return {"type": "scout", "token": token, "board": rival,
                            "entrance": self.rng.choice(unguarded or places)}
        return None

    def _bluff(self, view: View, legal: list[Action]) -> Action | None:
        bluffs = [a for a in legal if a.get("token") == BLUFF and a["type"] == "scout"]
        if bluffs and self.rng.random() < self.bluff_rate:
            return self.rng.choice(bluffs)
        return None


    def _guard_the_rest(self, view: View, legal: list[Action]) -> Action | None:
        me = view["you"]
        open_entrances = [e for e, slot in view["boards"][me].items() if slot["guard"] is None]
        token = _best(view["screen"], (BOY, DAUGHTER, BLUFF))
        if not open_entrances or token is None:
            return None
        return {"type": "guard", "token": token, "entrance": self.rng.choice(open_entrances)}


def whole_phase_plan(choose: Callable[[View, list[Action]], Action], view: View) -> list[list[Action]]:
    """Standing orders for the rest of this scouting phase: the moves `choose` would make were
    nobody else to move, ending with its pass; each move falls back on other slots for the same
    token (slots others may take first), a scout or a raid at last on a guard of its own."""
    me = view["you"]
    if view["over"] or me is None or me in view["passed"]:
        return []
    view = marshal.loads(marshal.dumps(view))  # imagined moves must not reach the caller's view
    plan: list[list[Action]] = []
    while len(plan) < MAX_ENTRIES:
        legal = _legal_from_view(view)
        action = choose(view, legal)
        if action["type"] == "pass" or len(plan) == MAX_ENTRIES - 1:
            return plan + [[dict(PASS)]]
        plan.append(_with_fallbacks(view, action, legal))
        _imagine(view, action)
    return plan


def _legal_from_view(view: View) -> list[Action]:
    """The actions the rules allow now, as far as the view tells: its own placements count."""
    me, screen = view["you"], view["screen"]
    held = [token for token, count in screen.items() if count]
    actions: list[Action] = [{"type": "guard", "token": token, "entrance": entrance}
                             for entrance, slot in view["boards"][me].items() if slot["guard"] is None
                             for token in held]
    if view["phase"] == "scouting":
        actions += [{"type": "scout", "token": token, "board": board, "entrance": entrance}
                    for board in view["players"] if board != me
                    for entrance, slot in view["boards"][board].items() if slot["scout"] is None
                    for token in held if token in SCOUTS]
        raiders = view["kingdom"]["raiders"]
        if len(raiders) < KINGDOM_SLOTS and all(raider["player"] != me for raider in raiders):
            actions += [{"type": "raid", "token": token} for token in held if token in RAIDERS]
    return actions + [dict(PASS)]


def _with_fallbacks(view: View, action: Action, legal: list[Action]) -> list[Action]:
    token = action["token"]
    same_token = [a for a in legal if a.get("token") == token and a != action]
    scouts = [a for a in same_token if a["type"] == "scout"]
    # unguarded entrances first: a scout there takes its cow or jewel for sure
    scouts.sort(key=lambda a: view["boards"][a["board"]][a["entrance"]]["guard"] is not None)
    guards = [a for a in same_token if a["type"] == "guard"]
    if action["type"] == "guard":
        return [action, *guards][:MAX_ALTERNATIVES]
    return [action, *scouts[:MAX_ALTERNATIVES - 3], *guards][:MAX_ALTERNATIVES]


def _imagine(view: View, action: Action) -> None:
    """The view after the bot's own move (in place), as it would see it."""
    me, token = view["you"], action["token"]
    view["screen"][token] -= 1
    placed = {"player": me, "token": token}
    if action["type"] == "guard":
        view["boards"][me][action["entrance"]]["guard"] = placed
    elif action["type"] == "scout":
        view["boards"][action["board"]][action["entrance"]]["scout"] = placed
    else:
        view["kingdom"]["raiders"].append(placed)
        view["clans"][me]["raided"] = True


def _best(screen: dict[str, int], preference: tuple[str, ...]) -> str | None:
    return next((token for token in preference if screen.get(token)), None)


def _free_scout_slots(view: View, board: str) -> list[str]:
    return [entrance for entrance, slot in view["boards"][board].items() if slot["scout"] is None]


def _free_scout_slot(view: View, board: str, entrances: tuple[str, ...]) -> str | None:
    return next((e for e in _free_scout_slots(view, board) if e in entrances), None)


BOTS: dict[str, Any] = {"random": RandomBot, "heuristic": HeuristicBot}
