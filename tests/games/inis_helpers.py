"""Helpers for the Inis tests: fixed games, positions built from a Season turn, plays in text.

Everything goes through the public engine interface except `position`, which edits the board a
state keeps at its last checkpoint (the start of a Season turn, see tain/games/inis/driver.py)
and restarts the rules from it, when reaching a position by actions would take too long. Edits
keep every clan and card accounted for (`fetch` takes a card from wherever it is).
"""
from __future__ import annotations

import copy
from typing import Any, Callable, Iterable

from tain.games.inis import InisGame
from tain.games.inis import driver
from tain.games.inis.catalogue import EPIC, TERRITORY, actions_in_use, card_type
from tain.games.inis.flow import program

GAME = InisGame()
PLAYERS = ["ann", "bob", "cat"]
START = ["valley", "cove", "plains", "hills"]  # cells 0,0  1,0  0,1  1,-1
REST = [t for t in sorted(TERRITORY) if t not in START]


def decks(players: int = 3, territory: list[str] | None = None, crows: list[str] | None = None,
          action: list[list[str]] | None = None) -> dict[str, Any]:
    start = territory or START[:players]
    rest = [t for t in START + REST if t not in start]
    return {"territory": start + rest, "epic": sorted(EPIC), "crows": crows or ["cw"] * 40,
            **({"action": action} if action else {})}


def new_game(players: Iterable[str] = PLAYERS, seed: int = 1, first: str | None = None, **options: Any) -> dict:
    players = list(players)
    options.setdefault("decks", decks(len(players)))
    return GAME.setup(players, seed=seed, options={"first_player": first or players[0], **options})


def act(state: dict, player: str, action: dict | str) -> dict:
    if isinstance(action, str):
        action = GAME.parse_action(action)
    return GAME.apply(state, player, action)


def acts(state: dict, steps: Iterable[tuple[str, dict | str]]) -> dict:
    for player, action in steps:
        state = act(state, player, action)
    return state


def by_timeouts(state: dict, until: Callable[[dict], bool]) -> dict:
    """Let the deadlines play (I63) until `until(state)`."""
    for _ in range(2000):
        if until(state) or GAME.is_over(state):
            return state
        player = GAME.to_act(state)[0]
        state = GAME.apply(state, player, GAME.timeout_action(state, player))
    raise AssertionError("never reached")


def step(state: dict) -> str:
    return GAME.view(state, None)["step"]


def season_start(players: Iterable[str] = PLAYERS, seed: int = 1, **options: Any) -> dict:
    """A game at the Brenn's opening turn of round 1, setup and draft played by the deadlines."""
    state = new_game(players, seed, **options)
    return by_timeouts(state, lambda s: step(s) == "turn")


# --- positions ---------------------------------------------------------------------------------

def fetch(board: dict, card: str) -> None:
    """Take a card out of wherever it is (hands, decks, piles, set aside)."""
    for hand in board["hands"].values():
        for cards in hand.values():
            if card in cards:
                cards.remove(card)
                return
    for pile in ("action_deck", "action_discard", "epic_deck", "epic_discard", "adv_deck", "adv_face_up",
                 "adv_played"):
        if card in board[pile]:
            board[pile].remove(card)
            return
    if board["set_aside"] == card:
        board["set_aside"], board["set_aside_by"] = None, None
        return
    raise AssertionError(f"{card} is nowhere")


def set_hand(board: dict, player: str, cards: Iterable[str]) -> None:
    """Exactly these cards in the player's hand; his others go back (Action to the discard, Epic
    Tales to the bottom of the deck, Advantage cards face up)."""
    cards = list(cards)
    for kind, held in board["hands"][player].items():
        for card in list(held):
            if card not in cards:
                held.remove(card)
                {"action": board["action_discard"], "epic": board["epic_deck"],
                 "advantage": board["adv_face_up"]}[kind].append(card)
    for card in cards:
        if card not in board["hands"][player][card_type(card)]:
            fetch(board, card)
            board["hands"][player][card_type(card)].append(card)
    for held in board["hands"][player].values():
        held.sort()


def set_clans(board: dict, territory: str, counts: dict[str, int]) -> None:
    here = board["terr"][territory]["clans"]
    for player, count in counts.items():
        board["reserve"][player] += here.get(player, 0) - count
        assert board["reserve"][player] >= 0
        if count:
            here[player] = count
        else:
            here.pop(player, None)


def clear_board(board: dict) -> None:
    for territory in board["terr"]:
        set_clans(board, territory, {p: 0 for p in board["players"]})


def add_territory(board: dict, territory: str, cell: str) -> None:
    from tain.games.inis.board import add_territory as enter
    board["stack"].remove(territory)
    enter(board, territory, cell)


def position(state: dict, edit: Callable[[dict], None]) -> dict:
    """The state at its checkpoint with the board edited; the rules restart from it."""
    assert state["log"] == [], "positions are built at a checkpoint (a Season turn's start)"
    board = copy.deepcopy(state["base"])
    edit(board)
    fresh = dict(state, base=board, log=[], board=board, pending=None,
                 segment={"reports": 0, "known": {p: 0 for p in board["players"]},
                          "plan_moves": {p: 0 for p in board["players"]}})
    return driver.advance(fresh, program, [])


def turn_of(player: str, hands: dict[str, list[str]] | None = None,
            clans: dict[str, dict[str, int]] | None = None, players: Iterable[str] = PLAYERS,
            extra: Callable[[dict], None] | None = None, seed: int = 1,
            tiles: Iterable[tuple[str, str]] = (), **options: Any) -> dict:
    """A Season turn of `player` (not the opening one) with the given hands and clans, the `tiles`
    (territory, cell) added first (a territory's card comes with its tile)."""
    state = season_start(players, seed, **options)

    def edit(board: dict) -> None:
        for territory, cell in tiles:
            add_territory(board, territory, cell)
        board["season"].update(turn=player, opening=False, passes=0)
        given = [card for cards in (hands or {}).values() for card in cards]
        assert len(given) == len(set(given)), "each card exists once"
        for p in board["players"]:
            set_hand(board, p, (hands or {}).get(p, []))
        if extra:
            extra(board)
        if clans is not None:
            clear_board(board)
            for territory, counts in clans.items():
                set_clans(board, territory, counts)
    return position(state, edit)


# --- reading -----------------------------------------------------------------------------------

def view(state: dict, player: str | None = None) -> dict:
    return GAME.view(state, player)


def lines(state: dict) -> list[str]:
    """Every report line so far, the report under way included."""
    shown = view(state)
    found = [line for report in shown["reports"] for line in report["lines"]]
    if shown["current_report"]:
        found += shown["current_report"]["lines"]
    return found


def clans_of(state: dict, territory: str) -> dict[str, int]:
    return view(state)["territories"][territory]["clans"]


def hand(state: dict, player: str) -> list[str]:
    return view(state, player)["hand"]


def legal(state: dict, player: str) -> list[dict]:
    return GAME.legal_actions(state, player)


def legal_types(state: dict, player: str) -> set[str]:
    return {a["type"] for a in legal(state, player)}


def plays_of(state: dict, player: str, card: str) -> list[dict]:
    return [a for a in legal(state, player) if a["type"] == "play" and a.get("card") == card]


def accounted(state: dict) -> None:
    """12 clans per player and every card in exactly one place (engine-api-inis.md, the view)."""
    shown = view(state)
    board = state["board"]
    for p in board["players"]:
        on_board = sum(t["clans"].get(p, 0) for t in shown["territories"].values())
        assert shown["reserve"][p] + on_board + shown["cauldron"][p] == 12, p
    zones = shown["zones"]
    assert sum(zones["action"].values()) == len(actions_in_use(len(board["players"])))
    assert sum(zones["epic"].values()) == 30
    assert sum(zones["advantage"].values()) == 16
    assert sum(zones["territory"].values()) == 16
    places: list[str] = []
    for hand_ in board["hands"].values():
        for cards in hand_.values():
            places += cards
    for pile in ("action_deck", "action_discard", "epic_deck", "epic_discard", "adv_deck", "adv_face_up",
                 "adv_played", "stack", "tiles_drawn"):
        places += board[pile]
    places += [r["card"] for r in board["in_play"]] + list(board["cells"].values())
    places += [c for drawn in board["drawn"].values() for c in drawn]
    if board["set_aside"]:
        places.append(board["set_aside"])
    expected = actions_in_use(len(board["players"])) + sorted(EPIC) + sorted(TERRITORY) * 2
    assert sorted(places) == sorted(expected)




def assembly_of(edit: Callable[[dict], None] | None = None, players: Iterable[str] = PLAYERS, seed: int = 1,
                **options: Any) -> dict:
    """A game whose next step is an Assembly (as after a Season's end), the board edited first."""
    state = season_start(players, seed, **options)

    def to_assembly(board: dict) -> None:
        for p in board["players"]:
            board["action_discard"] += board["hands"][p]["action"]
            board["hands"][p]["action"] = []
        board.update(cursor="assembly", season=None, phase="season")
        if edit:
            edit(board)
    return position(state, to_assembly)
