"""The first phase: building ringforts near the enemy king (T5, T6, T11)."""
from __future__ import annotations

from tain.games.base import N_, Action, IllegalAction, Player, State
from tain.games.tara.board import SQUARE_SET, SQUARES, neighbours, within_reach
from tain.games.tara.state import opponent


def build_squares(state: State, player: Player) -> list[str]:
    """T5: empty holes 1 or 2 from the enemy king; any empty hole if none (or on the first build)."""
    board = state["board"]
    enemy_king = state["kings"][opponent(state, player)]
    if enemy_king is not None:
        near = [square for square in within_reach(enemy_king) if square not in board]
        if near:
            return near
    return [square for square in SQUARES if square not in board]


def gives_skip(state: State, player: Player, square: str) -> bool:
    """T11 (level 2): this build completes a siege of the lone enemy king, and a
    counter is left to pay for the skip. The build that fills the board gives none."""
    if state["options"]["level"] != 2 or not state["counters"][player]:
        return False
    if len(state["board"]) + 1 == len(SQUARES):
        return False
    king = state["kings"][opponent(state, player)]
    if king is None or square not in neighbours(king):
        return False
    board = state["board"]
    return all(board.get(n) == player or n == square for n in neighbours(king))


def legal_builds(state: State, player: Player) -> list[Action]:
    actions: list[Action] = []
    for square in build_squares(state, player):
        actions.append({"type": "build", "square": square})
        if gives_skip(state, player, square):
            actions.append({"type": "build", "square": square, "skip": True})
    return actions


def check_build(state: State, player: Player, action: Action) -> None:
    square = action.get("square")
    if not isinstance(square, str) or square not in SQUARE_SET:
        raise IllegalAction(N_("%(square)s is not a hole on the board; holes are A2 to G6, without the corners."),
                            "tara.not-a-hole", square=repr(square))
    if square in state["board"]:
        raise IllegalAction(N_("%(square)s already holds a ringfort."), "tara.hole-taken", square=square)
    if square not in build_squares(state, player):
        raise IllegalAction(N_("Build 1 or 2 holes from the enemy king on %(king)s, in a line or a diagonal."),
                            "tara.too-far", king=state["kings"][opponent(state, player)])
    if action.get("skip") and not gives_skip(state, player, square):
        raise IllegalAction(N_("A skip needs a build that completes the siege of the lone enemy king, and a counter."),
                            "tara.no-skip")


def build(state: State, player: Player, action: Action) -> bool:
    """Build and move the king in (in place). True when the board is now full."""
    square = action["square"]
    state["board"][square] = player
    state["kings"][player] = square
    enemy = opponent(state, player)
    if action.get("skip"):
        state["counters"][player] -= 1
        state["bridges_in_hand"][enemy] += 1  # a counter is one of the enemy's bridges (T3)
    else:
        state["to_move"] = enemy
    return len(state["board"]) == len(SQUARES)
