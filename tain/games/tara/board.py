"""Tara's cross-shaped board (T1, T2): squares, adjacency, reach and pairs.

Squares are named like a chessboard, columns A–G and rows 1–7, without the
four corners: 45 holes. A pair of adjacent squares is written "C3-C4", the
squares in board order (column, then row).
"""
from __future__ import annotations

from functools import lru_cache

COLUMNS = "ABCDEFG"
ROWS = range(1, 8)
CORNERS = {"A1", "G1", "A7", "G7"}
SQUARES: tuple[str, ...] = tuple(
    f"{column}{row}" for column in COLUMNS for row in ROWS if f"{column}{row}" not in CORNERS
)
SQUARE_SET = frozenset(SQUARES)
_ORDER = {square: index for index, square in enumerate(SQUARES)}


def _coords(square: str) -> tuple[int, int]:
    return COLUMNS.index(square[0]), int(square[1:])


def _name(column: int, row: int) -> str | None:
    if not 0 <= column < len(COLUMNS):
        return None
    square = f"{COLUMNS[column]}{row}"
    return square if square in SQUARE_SET else None


@lru_cache(maxsize=None)
def neighbours(square: str) -> tuple[str, ...]:
    """Horizontally and vertically adjacent squares (T2)."""
    column, row = _coords(square)
    found = (_name(column + dc, row + dr) for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)))
    return tuple(s for s in found if s)


@lru_cache(maxsize=None)
def within_reach(square: str) -> tuple[str, ...]:
    """Squares 1 or 2 holes away along a row, column or diagonal (T5)."""
    column, row = _coords(square)
    found = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if dc or dr:
                found.extend(_name(column + dc * step, row + dr * step) for step in (1, 2))
    return tuple(sorted((s for s in found if s), key=_ORDER.__getitem__))


def pair(a: str, b: str) -> str:
    """The canonical name of the pair of squares a and b."""
    first, second = sorted((a, b), key=_ORDER.__getitem__)
    return f"{first}-{second}"


def split_pair(name: str) -> tuple[str, str] | None:
    """The two squares of a pair name, if they exist and are adjacent; else None."""
    if not isinstance(name, str) or name.count("-") != 1:
        return None
    a, b = name.split("-")
    if a not in SQUARE_SET or b not in SQUARE_SET or b not in neighbours(a):
        return None
    return a, b


@lru_cache(maxsize=None)
def adjacent_pairs() -> tuple[str, ...]:
    """Every pair of adjacent squares on the board, in board order."""
    return tuple(sorted({pair(a, b) for a in SQUARES for b in neighbours(a)},
                        key=lambda p: (_ORDER[p[:p.index("-")]], _ORDER[p[p.index("-") + 1:]])))


def in_kings_lines(pair_name: str, king: str) -> bool:
    """T12: both squares of the pair in the king's row, or both in its column."""
    a, b = pair_name.split("-")
    return (a[1:] == b[1:] == king[1:]) or (a[0] == b[0] == king[0])


def groups(squares: set[str]) -> int:
    """How many groups the squares form when adjacent squares join (T9: kingdoms)."""
    seen: set[str] = set()
    count = 0
    for start in squares:
        if start in seen:
            continue
        count += 1
        stack = [start]
        seen.add(start)
        while stack:
            for nxt in neighbours(stack.pop()):
                if nxt in squares and nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
    return count
