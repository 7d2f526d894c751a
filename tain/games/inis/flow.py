"""The whole game as one program (driver.py): setup, then Assemblies and Season turns until a
check for victory finds a winner. It restarts from a checkpoint's board by its `cursor`."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.inis import season
from tain.games.inis.assembly import assembly
from tain.games.inis.board import Board
from tain.games.inis.driver import CHECKPOINT
from tain.games.inis.setup import setup_steps


def program(board: Board) -> Iterator[Any]:
    if board["cursor"] == "setup":
        yield from setup_steps(board)
        board["cursor"] = "assembly"
    while board["cursor"] != "over":
        yield CHECKPOINT
        if board["cursor"] == "assembly":
            if (yield from assembly(board)):
                return
            season.start(board)
        else:
            yield from season.turn(board)
