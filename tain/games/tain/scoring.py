"""Scores and winners (R18, rulebook "Winning the game")."""
from __future__ import annotations

from tain.games.base import Player, State
from tain.games.tain.rules import (
    BIG_HERD, BIG_HERD_BONUS, POINTS_PER_CAPTIVE, POINTS_PER_COW, POINTS_PER_JEWEL,
)


def scores(state: State) -> dict[Player, int]:
    """Cow 2, jewel 3, captive boy 1, captive daughter 5, and 3 more for 11+ cows."""
    result = {}
    for player in state["players"]:
        clan = state["clans"][player]
        points = clan["cows"] * POINTS_PER_COW + clan["jewels"] * POINTS_PER_JEWEL
        points += sum(POINTS_PER_CAPTIVE[captive["token"]] for captive in clan["captives"])
        if clan["cows"] >= BIG_HERD:
            points += BIG_HERD_BONUS
        result[player] = points
    return result


def winners(state: State) -> list[Player]:
    """Most points; ties broken by cows, jewels, then tokens behind the screen;
    a tie on all of them is a shared win. Empty while the game goes on."""
    if state["phase"] != "over":
        return []
    points = scores(state)

    def rank(player: Player) -> tuple[int, int, int, int]:
        clan = state["clans"][player]
        return points[player], clan["cows"], clan["jewels"], sum(clan["screen"].values())

    best = max(rank(player) for player in state["players"])
    return [player for player in state["players"] if rank(player) == best]
