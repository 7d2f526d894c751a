"""Small helpers for the Tara tests: play lines of text, draw positions as pictures.

Everything goes through the public engine interface except the `*_position`
builders, which make custom positions by editing a state from setup (states are
plain JSON, see the docstring of tain/games/tara/state.py) when reaching them
through actions would take too long.

A picture is the board seen from above, row 7 first, columns A to G, one word a
hole: `r` / `b` a red / blue ringfort, `R` / `B` the one holding that colour's
king, `.` an empty hole or a missing corner:

    . r r r r r .      <- row 7: A7 (corner), B7 ... F7, G7 (corner)
    ...
    . b b R b b .      <- row 1
"""
from __future__ import annotations

import copy
from typing import Iterable

from tain.games.tara import TaraGame

GAME = TaraGame()
RED, BLUE = "red", "blue"          # the players are named after their colours: red sits first
PLAYERS = [RED, BLUE]
COLUMNS = "ABCDEFG"
CORNERS = {"A1", "G1", "A7", "G7"}
SQUARES = [f"{c}{r}" for c in COLUMNS for r in range(1, 8) if f"{c}{r}" not in CORNERS]
# Red's two kingdoms (top left, bottom right) touch blue's two only at the corners of C3/C4/D3/D4.
# Red 22 on the board and holding the spare, blue 23: the count at red's turn in level 1.
MIXED = """
. r r b b b .
r r r b b b b
r r r b b b b
r r R b B b b
b b b r r r r
b b b r r r r
. b b r r r .
"""
BRIDGES_PER_COLOUR = 40            # 35 in hand + 5 given to the opponent as counters (T3)


def other(player: str) -> str:
    return BLUE if player == RED else RED


def new_match(first: str = RED, seed: int = 1, games: int | None = None, level: int | None = None) -> dict:
    options: dict = {"first_player": first}
    if games is not None:
        options["games"] = games
    if level is not None:
        options["level"] = level
    return GAME.setup(list(PLAYERS), seed=seed, options=options)


def play(state: dict, steps: Iterable[tuple[str, str]]) -> dict:
    """Apply `(player, action text)` steps in order; each must be legal."""
    for player, text in steps:
        state = GAME.apply(state, player, GAME.parse_action(text))
    return state


def texts(actions: Iterable[dict]) -> set[str]:
    return {GAME.action_text(action) for action in actions}


def legal(state: dict, player: str | None = None) -> set[str]:
    """The legal actions of `player` (default: the player to move) as text."""
    player = player or state["to_move"]
    return texts(GAME.legal_actions(state, player))


# ----- the board --------------------------------------------------------------------------------

def neighbours(square: str) -> list[str]:
    column, row = COLUMNS.index(square[0]), int(square[1:])
    found = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        if 0 <= column + dc < 7:
            name = f"{COLUMNS[column + dc]}{row + dr}"
            if name in SQUARES:
                found.append(name)
    return found


def pair(a: str, b: str) -> str:
    """Squares in board order: column, then row."""
    first, second = sorted((a, b), key=lambda s: (s[0], int(s[1:])))
    return f"{first}-{second}"


def adjacent_pairs() -> list[str]:
    return sorted({pair(a, b) for a in SQUARES for b in neighbours(a)})


def parse_picture(picture: str) -> tuple[dict[str, str], dict[str, str]]:
    """(board {square: player}, kings {player: square}) from a picture (see the module docstring)."""
    rows = [line.split() for line in picture.strip().splitlines() if line.strip()]
    assert len(rows) == 7 and all(len(row) == 7 for row in rows), "a picture is 7 rows of 7 holes"
    board, kings = {}, {}
    for index, words in enumerate(rows):
        row = 7 - index
        for column, word in zip(COLUMNS, words):
            square = f"{column}{row}"
            assert word in ".rRbB", f"{square}: {word!r}"
            if square in CORNERS:
                assert word == ".", f"{square} is a missing corner"
            if word == ".":
                continue
            player = RED if word.lower() == "r" else BLUE
            board[square] = player
            if word.isupper():
                assert player not in kings, f"two {player} kings"
                kings[player] = square
    return board, kings


def picture_of(state: dict) -> str:
    """The picture of a state's board and kings (the inverse of parse_picture)."""
    lines = []
    for row in range(7, 0, -1):
        words = []
        for column in COLUMNS:
            square = f"{column}{row}"
            owner = state["board"].get(square)
            word = "." if owner is None else owner[0]
            words.append(word.upper() if owner and state["kings"].get(owner) == square else word)
        lines.append(" ".join(words))
    return "\n".join(lines)


def all_bridges(board: dict[str, str], sparing: Iterable[str] = ()) -> dict[str, str]:
    """A bridge on every adjacent same-colour pair, except the pairs touching a square in `sparing`."""
    sparing = set(sparing)
    found = {}
    for name in adjacent_pairs():
        a, b = name.split("-")
        if board.get(a) is not None and board.get(a) == board.get(b) and not {a, b} & sparing:
            found[name] = board[a]
    return found


def kingdom_count(board: dict[str, str], player: str) -> int:
    """Groups of the player's ringforts through horizontal and vertical adjacency, counted here
    independently of the engine."""
    todo = {s for s, owner in board.items() if owner == player}
    count = 0
    while todo:
        count += 1
        stack = [todo.pop()]
        while stack:
            for n in neighbours(stack.pop()):
                if n in todo:
                    todo.remove(n)
                    stack.append(n)
    return count


# ----- custom positions (plain JSON edits of a state from setup) ---------------------------------

def _edit(state: dict, board, kings, bridges, counters) -> dict:
    state = copy.deepcopy(state)
    counters = {RED: 5, BLUE: 5, **(counters or {})}
    state["board"] = dict(board)
    state["kings"] = {RED: kings.get(RED), BLUE: kings.get(BLUE)}
    state["bridges"] = dict(bridges)
    state["counters"] = counters
    # T3: every bridge of a colour is on the board, in its owner's hand or a counter of the opponent.
    state["bridges_in_hand"] = {
        p: BRIDGES_PER_COLOUR - sum(owner == p for owner in bridges.values()) - counters[other(p)]
        for p in PLAYERS
    }
    assert all(n >= 0 for n in state["bridges_in_hand"].values()), state["bridges_in_hand"]
    return state


def manoeuvre_position(picture: str, to_move: str, level: int = 1, counters: dict | None = None,
                       games: int = 1, first: str = RED) -> dict:
    """A manoeuvre-phase position: the ringforts and kings of the picture, `to_move` builds next."""
    board, kings = parse_picture(picture)
    assert len(board) < 45
    state = _edit(new_match(first=first, games=games, level=level), board, kings, {}, counters)
    state.update(turn=len(board), to_move=to_move, step="build")
    return state


def battle_position(picture: str, to_move: str, bridges: dict[str, str] | None = None, level: int = 1,
                    counters: dict | None = None, games: int = 1, first: str = RED,
                    bridges_in_hand: dict | None = None) -> dict:
    """A battle position at the start of `to_move`'s turn (they hold the spare). Bridges default to
    one on every adjacent same-colour pair."""
    board, kings = parse_picture(picture)
    assert len(board) == 45 and set(kings) == {RED, BLUE}
    bridges = all_bridges(board) if bridges is None else bridges
    for name, owner in bridges.items():
        a, b = name.split("-")
        assert board[a] == board[b] == owner and b in neighbours(a), name
    state = _edit(new_match(first=first, games=games, level=level), board, kings, bridges, counters)
    state.update(phase="battle", turn=45, to_move=to_move, step="start", spare=to_move)
    if bridges_in_hand:
        state["bridges_in_hand"].update(bridges_in_hand)
    return state


def bridges_of_colour_conserved(state: dict) -> bool:
    """T3: on the board + in hand + held by the opponent as counters = 40, for each colour."""
    return all(
        sum(owner == p for owner in state["bridges"].values()) + state["bridges_in_hand"][p]
        + state["counters"][other(p)] == BRIDGES_PER_COLOUR
        for p in state["players"]
    )
