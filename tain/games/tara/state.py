"""Tara's state (T3, T4): a match of one or two games between two players.

    {"game": "tara", "players": [red, blue], "seed": 7,
     "options": {"first_player": red, "games": 2, "level": 1},
     "game_number": 1, "first": red,           # who began the current game
     "phase": "manoeuvre" | "battle" | "over",
     "to_move": red, "step": "build" | "start" | "swap" | "link", "turn": 0,
     "board": {square: player}, "kings": {player: square | None},
     "bridges": {"C3-C4": player}, "spare": player | None,
     "counters": {player: 5}, "bridges_in_hand": {player: 35},
     "last_turn": {player: [action text, ...]} | None,   # each player's latest turn
     "results": [one per finished game, see scoring.py],
     "plans": {...}, "plan_moves": [...]}   # once a standing order is given, see tain/games/standing.py
"""
from __future__ import annotations

import marshal
import random
from typing import Any

from tain.games.base import N_, Player, SetupError, State, check_setup

COLOURS = ("red", "blue")
COUNTERS = 5
BRIDGES = 35
KNOWN_OPTIONS = {"first_player", "games", "level"}
APPEND_ONLY = ("results", "plan_moves")  # lists whose items never change once written


def new_match(players: list[Player], seed: int, options: dict[str, Any] | None) -> State:
    options = dict(options or {})
    _check_setup(players, seed, options)
    first = options.get("first_player") or players[random.Random(seed).randrange(2)]
    state: State = {
        "game": "tara",
        "players": list(players),
        "seed": seed,
        "options": {"first_player": first, "games": options.get("games", 2), "level": options.get("level", 1)},
        "game_number": 0,
        "results": [],
    }
    start_game(state, first)
    return state


def start_game(state: State, first: Player) -> None:
    """An empty board and full supplies for the next game of the match (in place)."""
    players = state["players"]
    state.update({
        "game_number": state["game_number"] + 1,
        "first": first,
        "phase": "manoeuvre",
        "to_move": first,
        "step": "build",
        "turn": 0,
        "board": {},
        "kings": {p: None for p in players},
        "bridges": {},
        "spare": None,
        "counters": {p: COUNTERS for p in players},
        "bridges_in_hand": {p: BRIDGES for p in players},
        "last_turn": None,
    })


def _check_setup(players: list[Player], seed: int, options: dict[str, Any]) -> None:
    check_setup("Tara", players, seed, options, 2, 2, KNOWN_OPTIONS)
    if type(options.get("games", 2)) is not int or options.get("games", 2) not in (1, 2):
        raise SetupError(N_("A Tara match is 1 or 2 games."), "tara.games-option")
    if type(options.get("level", 1)) is not int or options.get("level", 1) not in (1, 2):
        raise SetupError(N_("Tara is played at level 1 or 2."), "tara.level-option")


def copy_state(state: State) -> State:
    """A deep copy (through marshal: the state is plain JSON, and marshal copies it several times as fast as
    deepcopy); finished games' results and the moves plans made are never changed, so they are shared."""
    copied = marshal.loads(marshal.dumps({key: value for key, value in state.items() if key not in APPEND_ONLY}))
    for key in APPEND_ONLY:
        if key in state:
            copied[key] = list(state[key])
    return copied


def opponent(state: State, player: Player) -> Player:
    first, second = state["players"]
    return second if player == first else first


def colour(state: State, player: Player) -> str:
    return COLOURS[state["players"].index(player)]
