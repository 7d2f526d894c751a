"""Kingdoms, game results and the match (T4, T9, T10).

A finished game leaves a result in `state["results"]`:

    {"game_number": 1, "first": red, "kingdoms": {p: 2}, "ringforts": {p: 23},
     "winner": p, "points": {p: 3, q: 0}, "board": {square: player}, "bridges": {...}}
"""
from __future__ import annotations

from typing import Any

from tain.games.base import Player, State
from tain.games.tara.board import groups

WIN_POINTS = 2


def kingdoms(state: State, player: Player) -> int:
    """T9: groups of the player's ringforts joined through adjacency."""
    return groups({square for square, owner in state["board"].items() if owner == player})


def ringforts(state: State, player: Player) -> int:
    return sum(1 for owner in state["board"].values() if owner == player)


def game_result(state: State) -> dict[str, Any]:
    """T10: fewer kingdoms wins 2 plus the difference; on equal kingdoms, more
    ringforts on the board wins 2 plus that difference. The loser scores 0."""
    first, second = state["players"]
    counts = {p: kingdoms(state, p) for p in state["players"]}
    forts = {p: ringforts(state, p) for p in state["players"]}
    if counts[first] != counts[second]:
        winner = min(state["players"], key=counts.__getitem__)
        margin = abs(counts[first] - counts[second])
    else:
        winner = max(state["players"], key=forts.__getitem__)
        margin = abs(forts[first] - forts[second])
    return {
        "game_number": state["game_number"], "first": state["first"],
        "kingdoms": counts, "ringforts": forts, "winner": winner,
        "points": {p: WIN_POINTS + margin if p == winner else 0 for p in state["players"]},
        "board": dict(state["board"]), "bridges": dict(state["bridges"]),
    }


def match_points(state: State) -> dict[Player, int]:
    """Points of the finished games, added up (T4)."""
    return {p: sum(result["points"][p] for result in state["results"]) for p in state["players"]}


def match_winners(state: State) -> list[Player]:
    """Most points wins the match; equal points draw it. Empty until the match is over."""
    if state["phase"] != "over":
        return []
    points = match_points(state)
    best = max(points.values())
    return [p for p in state["players"] if points[p] == best]
