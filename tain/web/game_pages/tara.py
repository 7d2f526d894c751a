"""What Tara's page needs beyond the seat's view: the board as a grid of holes and
bridge slots, each holding the move that can be made there by a click."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tain.games import Action, Game as Engine
from tain.games.tara.board import COLUMNS, ROWS, SQUARES, adjacent_pairs
from tain.web.moves import Move

@dataclass(frozen=True)
class Cell:
    """One place of the drawn board: a hole ("hole") or the slot of a bridge between two
    holes ("bridge-h" side by side, "bridge-v" one above the other)."""

    kind: str
    row: int  # 1-based grid line, top first
    column: int
    name: str  # the square, or the pair
    owner: str | None = None  # whose ringfort or bridge stands here
    king: str | None = None  # whose king stands in this ringfort
    move: Move | None = None  # the click that acts here
    highlight: bool = False  # swappable, or joinable now


def _grid_place(square: str) -> tuple[int, int]:
    """The grid line and column of a hole: row 7 on top, column A on the left."""
    return 2 * (len(ROWS) - int(square[1:])) + 1, 2 * COLUMNS.index(square[0]) + 1


def board_cells(view: Mapping[str, Any], moves: Mapping[str, Move]) -> list[Cell]:
    """Every hole and bridge slot with what stands there and the move that can be made there.
    Only the player to move sees places highlighted: the others (and the admin) cannot act there."""
    kings = {square: player for player, square in view["kings"].items() if square}
    highlighted = set(view.get("swappable", [])) | set(view.get("linkable", [])) if moves else set()
    cells = [Cell("hole", *_grid_place(square), square, view["board"].get(square), kings.get(square),
                  moves.get(square), square in highlighted) for square in SQUARES]
    for name in adjacent_pairs():
        (line_a, col_a), (line_b, col_b) = (_grid_place(square) for square in name.split("-"))
        kind = "bridge-h" if line_a == line_b else "bridge-v"
        cells.append(Cell(kind, (line_a + line_b) // 2, (col_a + col_b) // 2, name, view["bridges"].get(name),
                          move=moves.get(name), highlight=name in highlighted))
    return cells


def page_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action], me: str | None) -> dict[str, Any]:
    """Builds and swaps by square, links by pair (clicked on the board); bridge moves as a list."""
    by_place: dict[str, Move] = {}
    bridge_moves: list[Move] = []
    for action in legal:
        move = Move.of(engine, action, me)
        if action["type"] == "move-bridge":
            bridge_moves.append(move)
        elif action["type"] == "link":
            by_place[action["pair"]] = move
        elif not action.get("skip"):
            by_place[action["square"]] = move
    skips = [Move.of(engine, action, me) for action in legal if action.get("skip")]
    return {"cells": board_cells(view, by_place), "bridge_moves": bridge_moves, "skips": skips}
