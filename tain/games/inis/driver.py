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

import json
import marshal
from typing import Any, Callable, Iterator

from tain.games.base import Action, Message, Player, State

CHECKPOINT = "checkpoint"
Legal = Callable[[Player], list[Action]]


class Ask:
    """A decision awaited from `players` at `step` (engine-api-inis.md, "The flow"); `text` says
    who is asked what, as a message ("ann to play a Season card")."""

    __slots__ = ("step", "players", "legal", "text", "mid_turn", "timeout")

    def __init__(self, step: str, players: list[Player], legal: Legal, text: Message, mid_turn: bool = False,
                 timeout: str = "first") -> None:
        self.step, self.players, self.legal, self.text = step, players, legal, text
        self.mid_turn, self.timeout = mid_turn, timeout


Program = Callable[[dict], Iterator[Any]]


def copy_board(board: dict) -> dict:
    return marshal.loads(marshal.dumps(board))


class _Live:
    """The rules' program paused at its last ask, with its own board: a state made from it can go
    on without replaying. Only the exact state object returned may use it, once."""

    __slots__ = ("shown", "generator", "board", "ask")

    def __init__(self, shown: dict, generator: Iterator[Any], board: dict, ask: Ask) -> None:
        self.shown, self.generator, self.board, self.ask = shown, generator, board, ask


_LIVE: dict[int, _Live] = {}
_LIVE_MAX = 32


def _take_live(state: State) -> _Live | None:
    live = _LIVE.pop(id(state["board"]), None)
    return live if live is not None and live.shown is state["board"] else None


def _keep_live(live: _Live) -> None:
    if len(_LIVE) >= _LIVE_MAX:
        _LIVE.pop(next(iter(_LIVE)))
    _LIVE[id(live.shown)] = live


def advance(state: State, program: Program, new: list[list[Any]]) -> State:
    """The state after the actions `new` (the program replayed from the checkpoint, unless the
    program paused at `state` is still at hand, which gives the same result faster)."""
    live = _take_live(state)
    if live is not None:
        board, generator, item = live.board, live.generator, live.ask
        inputs, consumed = state["log"] + new, len(state["log"])
    else:
        board = copy_board(state["base"])
        generator = program(board)
        inputs, consumed = state["log"] + new, 0
        item = _next(generator, None)
    harvest = _Harvest(state, skip=live is None)
    base = state["base"]
    position = len(inputs)
    ask = None
    while item is not None:
        if item == CHECKPOINT:
            if consumed == position:  # a checkpoint after every input: the new base
                harvest.take(board)
                harvest.rebase()
                base, inputs, consumed, position = copy_board(board), [], 0, 0
            item = _next(generator, None)
            continue
        while consumed < position and inputs[consumed][1]["type"] == "standing":
            set_standing(board, *inputs[consumed])
            consumed += 1
        planned = _planned_move(board, item)
        if planned is not None:
            item = _next(generator, planned)
            continue
        if consumed == position:
            ask = item
            break
        item = _next(generator, tuple(inputs[consumed]))
        consumed += 1
    harvest.take(board)
    shown = copy_board(board)
    result = dict(state)
    result.update(base=base, log=[list(entry) for entry in inputs], board=shown, pending=_pending(board, ask),
                  **harvest.result())
    if ask is not None:
        _keep_live(_Live(shown, generator, board, ask))
    return result


def _next(generator: Iterator[Any], value: Any) -> Any:
    try:
        return generator.send(value)
    except StopIteration:
        return None


def add_rules(state: State, player: Player, action: Action) -> State:
    """A `standing` action with rules (I51): logged, and set on the board at once; nothing else
    moves, so the program is not even resumed."""
    live = _take_live(state)
    board = copy_board(state["board"])
    set_standing(board, player, action)
    new = dict(state)
    new.update(board=board, log=state["log"] + [[player, action]])
    if live is not None:
        set_standing(live.board, player, action)
        _keep_live(_Live(board, live.generator, live.board, live.ask))
    return new


def set_standing(board: dict, player: Player, action: Action) -> None:
    """Standing rules (Inis, I51) or a plan of moves (every game, engine-api.md)."""
    if "rules" in action:
        board["standing"][player] = marshal.loads(marshal.dumps(action["rules"]))
    elif action["plan"]:
        board["plans"][player] = marshal.loads(marshal.dumps(action["plan"]))
    else:
        board["plans"].pop(player, None)


def canonical(action: Any) -> str:
    """An action as sorted JSON, `keep` and `discard` lists in any order (engine-api-inis.md)."""
    if isinstance(action, dict):
        action = {k: (sorted(v) if k in ("keep", "discard") and isinstance(v, list)
                      and all(isinstance(x, str) for x in v) else v) for k, v in action.items()}
    return json.dumps(action, sort_keys=True)


def _planned_move(board: dict, ask: Ask) -> tuple[Player, Action] | None:
    """Standing orders (engine-api.md): the first player asked who has a plan plays the first legal
    alternative of its next entry; an entry with no legal alternative clears his plan."""
    plans = board["plans"]
    while True:
        player = next((p for p in ask.players if plans.get(p)), None)
        if player is None:
            return None
        entry = plans[player].pop(0)
        if not plans[player]:
            del plans[player]
        legal = {canonical(a): a for a in ask.legal(player)}
        chosen = next((legal[canonical(a)] for a in entry if canonical(a) in legal), None)
        if chosen is None:
            plans.pop(player, None)
            continue
        board["plan_moves"][player].append({"round": board["round"], "step": ask.step, "action": chosen})
        return player, chosen


class _Harvest:
    """Finished reports, private knowledge and the moves plans made leave the board as soon as
    they are made: they never change again, so states share them instead of copying them with the
    board on every action. `segment` counts what was harvested since the checkpoint, which a replay
    makes again."""

    LISTS = ("known", "plan_moves")

    def __init__(self, state: State, skip: bool) -> None:
        self.reports = state["reports"]
        self.lists = {name: state[name] for name in self.LISTS}
        segment = state["segment"]
        self.count = {"reports": segment["reports"], **{name: dict(segment[name]) for name in self.LISTS}}
        self.skip = marshal.loads(marshal.dumps(self.count)) if skip else \
            {"reports": 0, **{name: {p: 0 for p in self.lists[name]} for name in self.LISTS}}

    def take(self, board: dict) -> None:
        made = board["reports"][self.skip["reports"]:]
        if made:
            self.reports = self.reports + made
            self.count["reports"] += len(made)
        board["reports"], self.skip["reports"] = [], 0
        for name in self.LISTS:
            for p, entries in board[name].items():
                fresh = entries[self.skip[name][p]:]
                if fresh:
                    self.lists[name] = {**self.lists[name], p: self.lists[name][p] + fresh}
                    self.count[name][p] += len(fresh)
                board[name][p], self.skip[name][p] = [], 0

    def rebase(self) -> None:
        self.count = {"reports": 0, **{name: {p: 0 for p in self.count[name]} for name in self.LISTS}}

    def result(self) -> dict:
        return {"reports": self.reports, **self.lists, "segment": marshal.loads(marshal.dumps(self.count))}


def _pending(board: dict, ask: Ask | None) -> dict | None:
    if ask is None:
        return None
    legal = {p: ask.legal(p) for p in ask.players}
    return {"step": ask.step, "players": list(ask.players), "text": ask.text["text"], "message": ask.text,
            "mid_turn": ask.mid_turn, "legal": legal, "timeout": ask.timeout}
