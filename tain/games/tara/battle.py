"""The second phase: swapping unlinked enemy ringforts, linking and moving
enemy bridges (T7, T8, T12). A turn is a short series of actions by one player:

    [move-bridge] → swap → [link]

`step` says which comes next: "start" (a bridge move or a swap), "swap" (after
a bridge move; no link follows), "link" (after a swap, when a pair can be joined).
"""
from __future__ import annotations

from collections import Counter

from tain.games.base import N_, Action, IllegalAction, Player, State
from tain.games.tara.board import adjacent_pairs, in_kings_lines
from tain.games.tara.state import opponent


def _linked(state: State) -> Counter[str]:
    """How many bridges touch each square."""
    touching: Counter[str] = Counter()
    for name in state["bridges"]:
        a, b = name.split("-")
        touching[a] += 1
        touching[b] += 1
    return touching


def swap_squares(state: State, player: Player) -> list[str]:
    """T8.2: unlinked enemy ringforts without the enemy king."""
    enemy = opponent(state, player)
    linked = _linked(state)
    king = state["kings"][enemy]
    return sorted(s for s, owner in state["board"].items() if owner == enemy and s != king and not linked[s])


def open_pairs(state: State, owner: Player, king: str | None) -> list[str]:
    """Adjacent pairs of `owner`'s ringforts not yet joined; in level 2 only those
    in the king's lines (T12)."""
    board, bridges = state["board"], state["bridges"]
    level_two = state["options"]["level"] == 2
    found = []
    for name in adjacent_pairs():
        a, b = name.split("-")
        if board.get(a) == owner and board.get(b) == owner and name not in bridges:
            if not level_two or (king is not None and in_kings_lines(name, king)):
                found.append(name)
    return found


def bridge_moves(state: State, player: Player) -> list[Action]:
    """T8.1: an enemy bridge moved to an open enemy pair, paid with a counter,
    allowed only when a swap is possible after it."""
    if not state["counters"][player]:
        return []
    enemy = opponent(state, player)
    king = state["kings"][enemy]
    targets = open_pairs(state, enemy, king)
    unlinked_now = set(swap_squares(state, player))
    linked = _linked(state)
    moves = []
    for source, owner in state["bridges"].items():
        if owner != enemy:
            continue
        freed = {s for s in source.split("-") if linked[s] == 1 and s != king}
        for target in targets:
            if (unlinked_now | freed) - set(target.split("-")):
                moves.append({"type": "move-bridge", "from": source, "to": target})
    return moves


def legal_steps(state: State, player: Player) -> list[Action]:
    step = state["step"]
    if step == "link":
        return [{"type": "link", "pair": name} for name in link_pairs(state, player)]
    swaps = [{"type": "swap", "square": square} for square in swap_squares(state, player)]
    return swaps + bridge_moves(state, player) if step == "start" else swaps


def link_pairs(state: State, player: Player) -> list[str]:
    """T8.5: the pairs the player may join now (none without a bridge in hand)."""
    if not state["bridges_in_hand"][player]:
        return []
    return open_pairs(state, player, state["kings"][player])


def check_step(state: State, player: Player, action: Action) -> None:
    kind, step = action["type"], state["step"]
    if kind == "link":
        if step != "link":
            raise IllegalAction(N_("Link two of your ringforts after your swap, not before."), "tara.link-first")
        if action["pair"] not in link_pairs(state, player):
            if _level_two(state):
                raise IllegalAction(N_("You cannot join %(pair)s: pick two adjacent ringforts of yours not yet joined, "
                                       "in your king's row or column."), "tara.cannot-link", pair=repr(action["pair"]))
            raise IllegalAction(N_("You cannot join %(pair)s: pick two adjacent ringforts of yours not yet joined."),
                                "tara.cannot-link", pair=repr(action["pair"]))
    elif kind == "swap":
        if step == "link":
            raise IllegalAction(N_("You have swapped this turn; now link two of your ringforts."), "tara.swapped")
        if action["square"] not in swap_squares(state, player):
            raise IllegalAction(N_("You can only swap an unlinked enemy ringfort without the enemy king, not "
                                   "%(square)s."), "tara.cannot-swap", square=repr(action["square"]))
    else:  # a move-bridge: the action's shape is checked before
        if step != "start":
            raise IllegalAction(N_("An enemy bridge can only be moved at the start of your turn."), "tara.bridge-late")
        if not state["counters"][player]:
            raise IllegalAction(N_("You have no counter left to pay for moving an enemy bridge."), "tara.no-counter")
        if action not in bridge_moves(state, player):
            if _level_two(state):
                raise IllegalAction(N_("That bridge move is not allowed: move an enemy bridge onto two adjacent enemy "
                                       "ringforts not yet joined in the enemy king's row or column, so that a swap is "
                                       "possible after it."), "tara.cannot-move-bridge")
            raise IllegalAction(N_("That bridge move is not allowed: move an enemy bridge onto two adjacent enemy "
                                   "ringforts not yet joined, so that a swap is possible after it."),
                                "tara.cannot-move-bridge")


def _level_two(state: State) -> bool:
    return state["options"]["level"] == 2


def take_step(state: State, player: Player, action: Action) -> bool:
    """Carry out one step (in place); True when the player's turn is complete."""
    enemy = opponent(state, player)
    kind = action["type"]
    if kind == "move-bridge":
        del state["bridges"][action["from"]]
        state["bridges"][action["to"]] = enemy
        state["counters"][player] -= 1
        state["bridges_in_hand"][enemy] += 1  # the counter is one of the enemy's bridges (T3)
        state["step"] = "swap"
        return False
    if kind == "swap":
        square = action["square"]
        state["board"][square] = player
        state["kings"][player] = square
        state["spare"] = enemy
        if state["step"] == "start" and link_pairs(state, player):
            state["step"] = "link"
            return False
        return True
    state["bridges"][action["pair"]] = player
    state["bridges_in_hand"][player] -= 1
    return True


def has_turn(state: State, player: Player) -> bool:
    """T9: whether the player to move has any legal turn."""
    return bool(swap_squares(state, player) or bridge_moves(state, player))
