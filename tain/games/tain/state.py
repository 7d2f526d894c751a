"""Building and copying Tàin states, and the seating order (R1–R3).

A state is plain JSON:

    {"game": "tain", "players": [...], "seed": 7, "options": {...},
     "turn": 1, "phase": "scouting" | "guarding" | "over",
     "active": "ann", "current": "ann" | None, "passed": [...],
     "clans": {p: {"screen": {token: n}, "discard": {token: n},
                   "cows": 5, "jewels": 3, "captives": [{"owner": q, "token": "boy"}]}},
     "boards": {p: {entrance: {"guard": token | None,
                               "scout": {"player": q, "token": t} | None}}},
     "kingdom": {"cows": 15, "raiders": [{"player": q, "token": t}]},
     "reports": [...one per raid phase, see raid.py...],
     "plans": {...}, "plan_moves": [...]}   # once a standing order is given, see tain/games/standing.py

States share their unchanged parts: `apply` never changes its input, and returns a new state
whose parts a move did not change are the input's own (a placement copies the slot, the screen and
the dicts above them; a raid phase the clans, the kingdom, the boards' dict and the reports' list,
`own_what_a_raid_phase_changes`). So never change a state in place: edit a `copy_state` of it.
"""
from __future__ import annotations

import marshal
import random
from typing import Any

from tain.games.base import Player, State, check_setup
from tain.games.tain.rules import (
    ENTRANCES, MAX_PLAYERS, MIN_PLAYERS, START_COWS, START_JEWELS, SUPPLY, TOKENS, TOTAL_COWS,
)

KNOWN_OPTIONS = {"first_player"}
APPEND_ONLY = ("reports", "plan_moves")  # lists whose items never change once written
_COPIED_BY_HAND = {"players", "options", "passed", "clans", "boards", "kingdom", *APPEND_ONLY}


def new_state(players: list[Player], seed: int, options: dict[str, Any] | None) -> State:
    """The state before the first scouting move (rulebook "Game setup", R1–R3)."""
    options = dict(options or {})
    check_setup("Tàin", players, seed, options, MIN_PLAYERS, MAX_PLAYERS, KNOWN_OPTIONS)
    first = options.get("first_player")
    if first is None:  # R2: derived from the seed when not chosen
        first = players[random.Random(seed).randrange(len(players))]
    return {
        "game": "tain",
        "players": list(players),
        "seed": seed,
        "options": {"first_player": first},
        "turn": 1,
        "phase": "scouting",
        "active": first,
        "current": first,
        "passed": [],
        "clans": {p: _new_clan() for p in players},
        "boards": {p: empty_board() for p in players},
        "kingdom": {"cows": TOTAL_COWS - START_COWS * len(players), "raiders": []},
        "reports": [],
    }


def _new_clan() -> dict[str, Any]:
    return {
        "screen": dict(SUPPLY),
        "discard": {token: 0 for token in TOKENS},
        "cows": START_COWS,
        "jewels": START_JEWELS,
        "captives": [],
    }


def empty_board() -> dict[str, dict[str, Any]]:
    return {entrance: {"guard": None, "scout": None} for entrance in ENTRANCES}


def copy_state(state: State) -> State:
    """A deep copy, fast: `apply` must never change its input.

    The shape above is copied by hand, in plain loops of dict.copy() (four times as fast as
    marshal); any other key (a standing order's plans) goes through marshal. Past reports and the
    moves plans made are never changed once written, so they are shared.
    """
    copied = state.copy()
    copied["players"] = state["players"].copy()
    copied["options"] = state["options"].copy()
    copied["passed"] = state["passed"].copy()
    copied["clans"] = copy_clans(state["clans"])
    boards = copied["boards"] = {}
    for owner, board in state["boards"].items():
        boards[owner] = new_board = {}
        for entrance, slot in board.items():
            new_board[entrance] = new_slot = slot.copy()
            if new_slot["scout"] is not None:
                new_slot["scout"] = new_slot["scout"].copy()
    kingdom = copied["kingdom"] = state["kingdom"].copy()
    kingdom["raiders"] = [raider.copy() for raider in kingdom["raiders"]]
    for key in APPEND_ONLY:
        if key in state:
            copied[key] = state[key].copy()
    for key in state.keys() - _COPIED_BY_HAND:
        if isinstance(state[key], (dict, list)):
            copied[key] = marshal.loads(marshal.dumps(state[key]))
    return copied


def copy_clans(clans: dict[Player, dict[str, Any]]) -> dict[Player, dict[str, Any]]:
    copied = {}
    for player, clan in clans.items():
        copied[player] = new_clan = clan.copy()
        new_clan["screen"] = clan["screen"].copy()
        new_clan["discard"] = clan["discard"].copy()
        new_clan["captives"] = [captive.copy() for captive in clan["captives"]]
    return copied


def own_what_a_raid_phase_changes(state: State) -> None:
    """Give `state` its own copy of what a raid phase changes in place: every clan, the kingdom,
    the reports' list, and the boards' dict, whose boards it replaces with empty ones (it only
    reads their slots). The rest stays shared with the state it came from; a move's placement
    copies less still."""
    state["clans"] = copy_clans(state["clans"])
    state["kingdom"] = state["kingdom"].copy()
    state["boards"] = state["boards"].copy()
    state["reports"] = state["reports"].copy()


def seats_from(players: list[Player], first: Player) -> list[Player]:
    """Every player in turn order, beginning with `first` (R1: to the left is the next seat)."""
    start = players.index(first)
    return players[start:] + players[:start]


def next_seat(players: list[Player], player: Player) -> Player:
    return players[(players.index(player) + 1) % len(players)]
