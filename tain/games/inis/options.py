"""Enumerating declarations: how clans may be spread over territories (I15).

A `place` dict holds only counts above zero, its keys sorted (engine-api-inis.md).
"""
from __future__ import annotations

from itertools import combinations


def no_arguments(board: object, player: object, trigger: object = None) -> list[dict]:
    """A card played with no arguments (its only declaration is `{}`)."""
    return [{}]


def or_null(found: list[dict], *keys: str) -> list[dict]:
    """The declarations found, or the null target of a card that can do nothing (I15)."""
    return found or [{key: None for key in keys}]


def spreads(caps: dict[str, int], low: int, high: int) -> list[dict[str, int]]:
    """Every way to put between `low` and `high` clans in the territories of `caps`, at most
    caps[t] in t; sorted by territory then count."""
    names = sorted(t for t, cap in caps.items() if cap > 0)
    found: list[dict[str, int]] = []

    def walk(index: int, left: int, chosen: dict[str, int]) -> None:
        if index == len(names):
            if sum(chosen.values()) >= low:
                found.append(dict(chosen))
            return
        territory = names[index]
        for count in range(min(caps[territory], left) + 1):
            if count:
                chosen[territory] = count
            walk(index + 1, left - count, chosen)
            chosen.pop(territory, None)

    walk(0, high, {})
    return [spread for spread in found if spread or low == 0]


def exact(territories: list[str], total: int) -> list[dict[str, int]]:
    """Every way to put exactly `total` clans in `territories` (New Clans, Dagda's Harp)."""
    return spreads({t: total for t in territories}, total, total)


def subsets(cards: list[str]) -> list[list[str]]:
    """Every non-empty sorted subset (Misty Lands' discard)."""
    cards = sorted(cards)
    return [list(chosen) for size in range(1, len(cards) + 1) for chosen in combinations(cards, size)]


def may_place(caps: dict[str, int], reserve: int) -> list[dict[str, int]] | list[None]:
    """A "may place" card (I15: "may" parts are optional): every spread of at least one clan, then
    `{}` to place none; a null target when none can be placed."""
    found = spreads(caps, 1, reserve) if reserve > 0 else []
    return [*found, {}] if found else [None]
