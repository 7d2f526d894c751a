"""Tàin's fixed facts and its outcome table (rulebook "Clan household raid", R3, R11, R18)."""
from __future__ import annotations

from typing import Literal

CHIEFTAIN, WARRIOR, BOY, DAUGHTER, BLUFF = "chieftain", "warrior", "boy", "daughter", "bluff"
TOKENS = (CHIEFTAIN, WARRIOR, BOY, DAUGHTER, BLUFF)
SUPPLY = {CHIEFTAIN: 1, WARRIOR: 2, BOY: 6, DAUGHTER: 1, BLUFF: 8}  # R3: 18 tokens a clan
SCOUTS = (CHIEFTAIN, WARRIOR, BOY, BLUFF)  # the daughter never goes scouting (R6)
RAIDERS = (CHIEFTAIN, WARRIOR, BLUFF)  # nor does a boy raid the foreign kingdom (R6)

PASTURES = ("pasture-1", "pasture-2", "pasture-3")
HOUSES = ("house-1", "house-2")
ENTRANCES = PASTURES + HOUSES  # R4
KINGDOM_SLOTS = 2

MIN_PLAYERS, MAX_PLAYERS = 2, 4
TOTAL_COWS = 25
START_COWS = 5
START_JEWELS = 3
LAST_TURN = 8
BIG_HERD = 11  # R16 early end, R18 bonus

POINTS_PER_COW = 2
POINTS_PER_JEWEL = 3
POINTS_PER_CAPTIVE = {BOY: 1, DAUGHTER: 5}
BIG_HERD_BONUS = 3

Outcome = Literal["success", "repelled", "captured", "kidnapped", "bluff"]


def encounter(scout: str, guard: str | None) -> Outcome:
    """The outcome at one entrance (R9, R11) once bluffs are gone.

    `guard` is None for an unguarded entrance (nobody, or a bluff, guarded it).
    "captured": the scouting boy is taken by the board's owner.
    "kidnapped": the guarding daughter is taken by the warrior's owner.

    >>> encounter("boy", "warrior"), encounter("warrior", "daughter"), encounter("chieftain", None)
    ('captured', 'kidnapped', 'success')
    """
    if scout == BLUFF:
        return "bluff"
    if guard is None or guard == BLUFF:
        return "success"
    if scout == guard:
        return "repelled"
    if scout == BOY:
        return "captured" if guard == WARRIOR else "repelled"
    if scout == WARRIOR:
        if guard == BOY:
            return "success"
        return "kidnapped" if guard == DAUGHTER else "repelled"
    # the chieftain beats a boy or a warrior and is stopped by the daughter
    return "repelled" if guard == DAUGHTER else "success"


def kingdom_winners(raiders: list[tuple[str, str]]) -> list[str]:
    """Players who earn a cow in the foreign kingdom (R10), bluffs already removed.

    One raider wins; two of a kind both win; a chieftain beats a warrior.
    """
    if len(raiders) < 2:
        return [player for player, _ in raiders]
    (first, first_token), (second, second_token) = raiders
    if first_token == second_token:
        return [first, second]
    return [first] if first_token == CHIEFTAIN else [second]
