"""Small helpers for the Tàin tests: play lines of text, pass to the reveal, read reports.

Everything goes through the public engine interface except `edit_*`, which build
custom positions from a state (states are plain JSON, see tain/games/tain/state.py)
when reaching them through actions would take too long.
"""
from __future__ import annotations

import copy
from typing import Iterable

from tain.games import get_game

GAME = get_game("tain")
TOKENS = ("chieftain", "warrior", "boy", "daughter", "bluff")
ENTRANCES = ("pasture-1", "pasture-2", "pasture-3", "house-1", "house-2")
SUPPLY = {"chieftain": 1, "warrior": 2, "boy": 6, "daughter": 1, "bluff": 8}


def new_game(players: Iterable[str] = ("ann", "bob"), first: str | None = None, seed: int = 1) -> dict:
    players = list(players)
    return GAME.setup(players, seed=seed, options={"first_player": first or players[0]})


def play(state: dict, steps: Iterable[tuple[str, str]]) -> dict:
    """Apply `(player, action text)` steps in order; each must be legal."""
    for player, text in steps:
        state = GAME.apply(state, player, GAME.parse_action(text))
    return state


def pass_to_reveal(state: dict) -> dict:
    """Everyone still in the scouting phase passes; returns the state after the raid phase."""
    reports = len(state["reports"])
    while len(state["reports"]) == reports and not GAME.is_over(state):
        state = GAME.apply(state, GAME.to_act(state)[0], {"type": "pass"})
    return state


def play_turn(state: dict, steps: Iterable[tuple[str, str]]) -> dict:
    """Play the steps, then everyone passes: the turn is revealed and resolved."""
    return pass_to_reveal(play(state, steps))


def last_report(state: dict) -> dict:
    return GAME.view(state, None)["reports"][-1]


def entrance_report(state: dict, board: str, entrance: str) -> dict:
    entries = [e for e in last_report(state)["entrances"] if (e["board"], e["entrance"]) == (board, entrance)]
    assert len(entries) == 1, entries
    return entries[0]


def clan(state: dict, player: str) -> dict:
    """The public facts of one clan, from the spectator's view."""
    return GAME.view(state, None)["clans"][player]


def own(state: dict, player: str, pile: str) -> dict:
    """`screen` or `discard` kinds and counts, from the player's own view."""
    return GAME.view(state, player)[pile]


def tokens_in_play(state: dict, player: str) -> int:
    """Every token of `player`'s clan, wherever it is (R3: always 18)."""
    held = sum(state["clans"][player]["screen"].values()) + sum(state["clans"][player]["discard"].values())
    for owner, board in state["boards"].items():
        for slot in board.values():
            held += owner == player and slot["guard"] is not None
            held += slot["scout"] is not None and slot["scout"]["player"] == player
    held += sum(raider["player"] == player for raider in state["kingdom"]["raiders"])
    held += sum(captive["owner"] == player for c in state["clans"].values() for captive in c["captives"])
    return held


# ----- custom positions (plain JSON edits of a state from setup) ---------------------------------

def edited(state: dict) -> dict:
    return copy.deepcopy(state)


def edit_cows(state: dict, player: str, cows: int) -> dict:
    """Give `player` that many cows, taking them from or returning them to the kingdom (25 in all)."""
    state = edited(state)
    change = cows - state["clans"][player]["cows"]
    assert state["kingdom"]["cows"] >= change, "not enough cows in the kingdom"
    state["kingdom"]["cows"] -= change
    state["clans"][player]["cows"] = cows
    return state


def edit_captives(state: dict, holder: str, captives: list[tuple[str, str]]) -> dict:
    """Put captives `(owner, token)` in `holder`'s house, taken from their owners' screens."""
    state = edited(state)
    for owner, token in captives:
        assert state["clans"][owner]["screen"][token] > 0
        state["clans"][owner]["screen"][token] -= 1
        state["clans"][holder]["captives"].append({"owner": owner, "token": token})
    return state


def edit_screen(state: dict, player: str, keep: dict[str, int]) -> dict:
    """Leave exactly `keep` behind `player`'s screen; the rest goes to the discard pile."""
    state = edited(state)
    clan_state = state["clans"][player]
    for token in TOKENS:
        surplus = clan_state["screen"][token] - keep.get(token, 0)
        assert surplus >= 0
        clan_state["screen"][token] -= surplus
        clan_state["discard"][token] += surplus
    return state
