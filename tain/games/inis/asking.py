"""Asking players inside the rules' program: one player, or several at once (I24, I39, I44, I53).

Whenever a holder of Moor is asked anything, playing Moor is one more of his
legal actions; it does not end his decision, which is asked again (I57).
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from tain.games.base import Action, Message, Player
from tain.games.inis.board import Board, opponents
from tain.games.inis.driver import Ask


def triskels_blocked(board: Board) -> bool:
    """I55: after Lug's Spear resolves, no Triskel card until the clash ends."""
    return bool(board["clash"] and board["clash"]["blocked"])


def moor_plays(board: Board, player: Player) -> list[Action]:
    if "moor" not in board["hands"][player]["advantage"] or triskels_blocked(board):
        return []
    return [{"type": "play", "card": "moor", "target": q} for q in opponents(board, player)]


def is_moor(action: Action) -> bool:
    return action.get("type") == "play" and action.get("card") == "moor" and "target" in action


def _with_moor(board: Board, legal: Callable[[Player], list[Action]]) -> Callable[[Player], list[Action]]:
    return lambda player: legal(player) + moor_plays(board, player)


def ask(board: Board, step: str, player: Player, legal: Callable[[Player], list[Action]], text: Message,
        mid_turn: bool = False, timeout: str = "first") -> Iterator[Any]:
    """Ask one player; returns his action. `mid_turn` holds only while nobody else was asked
    since he was ("The flow": he goes on with something he started)."""
    from tain.games.inis import plays
    while True:
        going_on = mid_turn and board["last_asked"] == player
        board["last_asked"] = player
        who, action = yield Ask(step, [player], _with_moor(board, legal), text, going_on, timeout)
        if is_moor(action):
            yield from plays.play_card(board, who, "moor", {"target": action["target"]}, "triskel")
            mid_turn = True
            continue
        return action


def ask_all(board: Board, step: str, players: list[Player], legal: Callable[[Player], list[Action]], text: Message,
            timeout: str = "first",
            on_answer: Callable[[Player], None] | None = None) -> Iterator[Any]:
    """Ask several players at once; each answers once, hidden from the others until all have
    answered; returns {player: action}."""
    from tain.games.inis import plays
    waiting = list(players)
    answers: dict[Player, Action] = {}
    moored = None  # who played Moor at the last ask: asked again alone, he goes on (I57, "The flow")
    while waiting:
        going_on = waiting == [moored] and board["last_asked"] == moored
        board["last_asked"] = waiting[0] if len(waiting) == 1 else None
        who, action = yield Ask(step, list(waiting), _with_moor(board, legal), text, going_on, timeout)
        if is_moor(action):
            yield from plays.play_card(board, who, "moor", {"target": action["target"]}, "triskel")
            moored = who
            continue
        moored = None
        answers[who] = action
        board["submitted"][who] = action
        waiting.remove(who)
        if on_answer:
            on_answer(who)
    for who in answers:
        board["submitted"].pop(who, None)
    return answers
