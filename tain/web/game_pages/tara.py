"""What Tara's page needs beyond the seat's view: the board as a grid of holes and
bridge slots, each holding the move that can be made there by a click, with the
coordinates the moves and the story use drawn around it. Moving an enemy bridge takes
two clicks on the board: the bridge (a link to the page with it picked, `?pick=C3-C4`),
then the slot it goes to."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tain.games import Action, Game as Engine, get_game
from tain.games.tara import scoring as tara_scoring, state as tara_state
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
    pick: str | None = None  # an enemy bridge the player may move: the page with it picked
    picked: bool = False  # the bridge picked to be moved


@dataclass(frozen=True)
class AxisLabel:
    """A column letter above and below the board, or a row number on each side of it."""

    text: str
    row: int
    column: int


LAST_LINE = 2 * len(ROWS) + 1  # the grid: a line of labels, the 13 lines of holes and bridge slots, labels


def _grid_place(square: str) -> tuple[int, int]:
    """The grid line and column of a hole: row 7 on top, column A on the left, inside the labels."""
    return 2 * (len(ROWS) - int(square[1:])) + 2, 2 * COLUMNS.index(square[0]) + 2


def axis_labels() -> list[AxisLabel]:
    """A–G above and below the board, 1–7 (from the bottom) on its left and right."""
    letters = [AxisLabel(letter, line, 2 * index + 2) for index, letter in enumerate(COLUMNS) for line in (1, LAST_LINE)]
    numbers = [AxisLabel(str(row), 2 * (len(ROWS) - row) + 2, column) for row in ROWS for column in (1, LAST_LINE)]
    return letters + numbers


def board_cells(view: Mapping[str, Any], moves: Mapping[str, Move], picks: Sequence[str] = (),
                picked: str | None = None) -> list[Cell]:
    """Every hole and bridge slot with what stands there and the move that can be made there.
    Only the player to move sees places highlighted: the others (and the admin) cannot act there."""
    kings = {square: player for player, square in view["kings"].items() if square}
    if picked:
        highlighted = set(moves)  # where the picked bridge may go
    elif moves:
        highlighted = set(view.get("swappable", [])) | set(view.get("linkable", []))
    else:
        highlighted = set()
    cells = [Cell("hole", *_grid_place(square), square, view["board"].get(square), kings.get(square),
                  moves.get(square), square in highlighted) for square in SQUARES]
    for name in adjacent_pairs():
        (line_a, col_a), (line_b, col_b) = (_grid_place(square) for square in name.split("-"))
        kind = "bridge-h" if line_a == line_b else "bridge-v"
        cells.append(Cell(kind, (line_a + line_b) // 2, (col_a + col_b) // 2, name, view["bridges"].get(name),
                          move=moves.get(name), highlight=name in highlighted,
                          pick=name if name in picks and name != picked else None, picked=name == picked))
    return cells


def plannable(view: Mapping[str, Any], me: str) -> list[Action]:
    """What `me` may queue for their next turns, read off the board: in the manoeuvres a build on each
    empty hole; in the battle a swap of each enemy ringfort without its king and a link of each empty
    bridge slot between two ringforts. A skip or a bridge move is chosen when it is their move."""
    if view["over"]:
        return []
    board = view["board"]
    if view["phase"] == "manoeuvre":
        return [{"type": "build", "square": square} for square in SQUARES if not board.get(square)]
    kings = set(view["kings"].values())
    swaps = [{"type": "swap", "square": square} for square in SQUARES
             if board.get(square) not in (None, me) and square not in kings]
    links = [{"type": "link", "pair": pair} for pair in adjacent_pairs()
             if pair not in view["bridges"] and all(board.get(square) for square in pair.split("-"))]
    return swaps + links


def page_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action], me: str | None,
                 picked: str | None = None, planned: Sequence[Action] | None = None) -> dict[str, Any]:
    """Builds and swaps by square, links by pair, each clicked on the board. A bridge move is two
    clicks: an enemy bridge that may move (a link picking it), then, with it `picked`, one of the
    slots it may go to (the swaps wait meanwhile). A pick that is no movable bridge is ignored.
    In plan mode (`planned`) each place of the board queues what it offers there."""
    if planned is not None:
        offered = {action.get("square") or action["pair"]: Move.of(engine, action, me) for action in planned}
        return {"cells": board_cells(view, offered), "axis_labels": axis_labels(),
                "bridge_sources": [], "picked": None, "skips": [], "plan_mode": True}
    bridge_moves = [action for action in legal if action["type"] == "move-bridge"]
    sources = list(dict.fromkeys(action["from"] for action in bridge_moves))
    picked = picked if picked in sources else None
    by_place: dict[str, Move] = {}
    if picked:
        by_place = {action["to"]: Move.of(engine, action, me) for action in bridge_moves if action["from"] == picked}
    else:
        for action in legal:
            if action["type"] == "link":
                by_place[action["pair"]] = Move.of(engine, action, me)
            elif action["type"] != "move-bridge" and not action.get("skip"):
                by_place[action["square"]] = Move.of(engine, action, me)
    skips = [Move.of(engine, action, me) for action in legal if action.get("skip")]
    return {"cells": board_cells(view, by_place, sources, picked), "axis_labels": axis_labels(),
            "bridge_sources": sources, "picked": picked, "skips": skips, "plan_mode": False}


def rules_context() -> dict[str, Any]:
    """The facts of the rules page (/rules/tara), read from the engine."""
    return {
        "squares": set(SQUARES),
        "square_count": len(SQUARES),
        "columns": COLUMNS,
        "rows": list(ROWS),
        "win_points": tara_scoring.WIN_POINTS,
        "counters": tara_state.COUNTERS,
        "bridges": tara_state.BRIDGES,
        "options": get_game("tara").option_choices,
    }
