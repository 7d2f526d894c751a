"""The map as hexagonal cells in axial coordinates (I7–I10).

A cell is written "q,r"; each territory occupies one cell; two territories are
adjacent exactly when their cells are neighbours (I9).
"""
from __future__ import annotations

START_CELLS = ("0,0", "1,0", "0,1", "1,-1")  # I8, in this order
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def parse_cell(cell: str) -> tuple[int, int]:
    q, r = cell.split(",")
    return int(q), int(r)


def cell_name(q: int, r: int) -> str:
    return f"{q},{r}"


def neighbour_cells(cell: str) -> list[str]:
    q, r = parse_cell(cell)
    return [cell_name(q + dq, r + dr) for dq, dr in _STEPS]


def open_cells(cells: dict[str, str]) -> list[str]:
    """I10: every empty cell with at least two neighbours holding territories, by row then column."""
    found = set()
    for cell in cells:
        for near in neighbour_cells(cell):
            if near not in cells and sum(n in cells for n in neighbour_cells(near)) >= 2:
                found.add(near)
    return sorted(found, key=lambda c: parse_cell(c)[::-1])


def is_cell_name(value: object) -> bool:
    if not isinstance(value, str) or value.count(",") != 1:
        return False
    q, r = value.split(",")
    return all(part.lstrip("-").isdigit() and part == str(int(part)) for part in (q, r))
