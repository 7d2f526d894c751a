"""How an Inis state moves on: the game as a program that asks, replayed from a checkpoint.

The rules are written as generators (flow.py) that mutate a plain-JSON *board*
and `yield` an `Ask` whenever a player must decide; they receive `(player,
action)` back. A state keeps the board at the last *checkpoint* (the start of
an Assembly or of a Season turn, where the program can be restarted from the
board alone, its `cursor`), the actions since, and the board and decision as
they stand now. `advance` replays the actions since the checkpoint plus the new
one, so a state stays plain JSON while the rules read as straight-line code.
Standing rules (I51) are logged in place and set on the board between asks,
never sent to the program.
"""
from __future__ import annotations

import marshal
from typing import Any, Callable, Iterator

from tain.games.base import Action, Player, State

CHECKPOINT = "checkpoint"
Legal = Callable[[Player], list[Action]]


class Ask:
    """A decision awaited from `players` at `step` (engine-api-inis.md, "The flow")."""

    __slots__ = ("step", "players", "legal", "text", "mid_turn", "timeout")

    def __init__(self, step: str, players: list[Player], legal: Legal, text: str, mid_turn: bool = False,
                 timeout: Callable[[Player, list[Action]], Action] | None = None) -> None:
        self.step, self.players, self.legal, self.text = step, players, legal, text
        self.mid_turn, self.timeout = mid_turn, timeout


Program = Callable[[dict], Iterator[Any]]


def copy_board(board: dict) -> dict:
    return marshal.loads(marshal.dumps(board))


def advance(state: State, program: Program, inputs: list[list[Any]]) -> State:
    """The state after replaying `inputs` (the log since the checkpoint, then new ones)."""
    board = copy_board(state["base"])
    reports, known = state["reports"], state["known"]
    base, consumed, position = state["base"], 0, len(inputs)
    generator = program(board)
    value = None
    ask = None
    while True:
        try:
            item = generator.send(value)
        except StopIteration:
            break
        value = None
        if item == CHECKPOINT:
            if consumed == position:  # a new checkpoint after every input: rebase there
                reports, known = _archive(board, reports, known)
                base, inputs, consumed, position = copy_board(board), [], 0, 0
            continue
        while consumed < position and inputs[consumed][1]["type"] == "standing":
            set_standing(board, inputs[consumed][0], inputs[consumed][1]["rules"])
            consumed += 1
        if consumed == position:
            ask = item
            break
        value = tuple(inputs[consumed])
        consumed += 1
    new = {key: value for key, value in state.items()}
    new.update(base=base, log=[list(entry) for entry in inputs], board=board,
               reports=reports, known=known, pending=_pending(board, ask))
    return new


def add_standing(state: State, player: Player, action: Action) -> State:
    """A `standing` action: logged, and set on the board at once; nothing else moves."""
    board = copy_board(state["board"])
    set_standing(board, player, action["rules"])
    new = dict(state)
    new.update(board=board, log=state["log"] + [[player, action]])
    return new


def set_standing(board: dict, player: Player, rules: list) -> None:
    board["standing"][player] = marshal.loads(marshal.dumps(rules))


def _archive(board: dict, reports: list, known: dict) -> tuple[list, dict]:
    """Finished reports and private knowledge leave the board at a checkpoint: they are never
    changed again, so states share them instead of copying them on every action."""
    if board["reports"]:
        reports = reports + board["reports"]
        board["reports"] = []
    if any(board["known"].values()):
        known = {p: known[p] + board["known"][p] for p in known}
        board["known"] = {p: [] for p in board["known"]}
    return reports, known


def _pending(board: dict, ask: Ask | None) -> dict | None:
    if ask is None:
        return None
    legal = {p: ask.legal(p) for p in ask.players}
    timeout = {p: (ask.timeout(p, legal[p]) if ask.timeout else legal[p][0]) for p in ask.players}
    return {"step": ask.step, "players": list(ask.players), "text": ask.text, "mid_turn": ask.mid_turn,
            "legal": legal, "timeout": timeout}
