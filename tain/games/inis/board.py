"""The board: what is where, who is chieftain, and the small changes every rule is made of.

A board is plain JSON (built in setup.py):

    {"players": [...], "seed": 7, "rng": 0, "cursor": "setup" | "assembly" | "season" | "over",
     "phase": "setup" | "assembly" | "season" | "over", "round": 0, "turns": 0,
     "brenn": p, "direction": "cw" | "ccw",
     "cells": {"0,0": "valley"}, "terr": {t: {"clans": {p: n}, "sanctuaries": n, "citadels": n}},
     "capital": t, "festival": t | None,
     "reserve": {p: n}, "cauldron": {p: n}, "supply": {"citadels": n, "sanctuaries": n},
     "deeds": {p: n}, "pretenders": [p],
     "hands": {p: {"action": [...], "advantage": [...], "epic": [...]}},
     "action_deck", "action_discard", "set_aside": card | None, "set_aside_by": p | None,
     "epic_deck", "epic_discard", "drawn": {p: [...]},
     "adv_deck", "adv_face_up", "adv_played", "stack", "tiles_drawn": [...], "exploring": t | None,
     "in_play": [{"card": c, "player": p}],
     "standing": {p: [rule]}, "known": {p: [...]}, "reports": [...], "report": {...} | None, "report_n": n,
     "season", "draft", "window", "clash", "declaring", "submitted": {p: action}, "decks", "cathbad",
     "winner": p | None, "final": {p: n} | None}

Clans in a territory include those sheltered in its Citadels during a clash (I39);
`citadels` counts the Capital (I2).
"""
from __future__ import annotations

import random
from typing import Any

from tain.games.base import N_, Message, Player
from tain.games.inis.catalogue import CLANS, TERRITORY, card_name, card_type, territory_name
from tain.games.inis.cells import neighbour_cells
from tain.games.inis.words import message

Board = dict[str, Any]


# --- randomness: every draw its own seeded generator, so that replays repeat it -------------------

def rng(board: Board) -> random.Random:
    board["rng"] += 1
    return random.Random(f"inis:{board['seed']}:{board['rng']}")


# --- players and order (I1, I12) --------------------------------------------------------------

def order_from(board: Board, first: Player) -> list[Player]:
    """Every player in the current direction, starting with `first`."""
    players = board["players"]
    start = players.index(first)
    seats = players[start:] + players[:start]
    return seats if board["direction"] == "cw" else [seats[0], *reversed(seats[1:])]


def turn_order(board: Board) -> list[Player]:
    return order_from(board, board["brenn"])


def next_player(board: Board, player: Player) -> Player:
    return order_from(board, player)[1]


def opponents(board: Board, player: Player) -> list[Player]:
    return order_from(board, player)[1:]


# --- the map ----------------------------------------------------------------------------------

def territories(board: Board) -> list[str]:
    return sorted(board["terr"])


def cell_of(board: Board, territory: str) -> str:
    return next(cell for cell, t in board["cells"].items() if t == territory)


def adjacent(board: Board, territory: str) -> list[str]:
    """I9: the territories in the neighbouring cells, sorted."""
    cells = board["cells"]
    return sorted(cells[c] for c in neighbour_cells(cell_of(board, territory)) if c in cells)


def clans(board: Board, territory: str, player: Player) -> int:
    return board["terr"][territory]["clans"].get(player, 0)


def present(board: Board, player: Player) -> list[str]:
    """I11: the territories holding at least one of `player`'s clans."""
    return [t for t in territories(board) if board["terr"][t]["clans"].get(player)]


def players_in(board: Board, territory: str) -> list[Player]:
    here = board["terr"][territory]["clans"]
    return [p for p in board["players"] if here.get(p)]


def chieftain(board: Board, territory: str) -> Player | None:
    """I11: strictly more clans than every other player; none when empty or tied."""
    here = board["terr"][territory]["clans"]
    if not here:
        return None
    top = max(here.values())
    leaders = [p for p, n in here.items() if n == top]
    return leaders[0] if len(leaders) == 1 else None


def on_board(board: Board, player: Player) -> int:
    return sum(t["clans"].get(player, 0) for t in board["terr"].values())


# --- clans (I13) ------------------------------------------------------------------------------

def _set_clans(board: Board, territory: str, player: Player, count: int) -> None:
    here = board["terr"][territory]["clans"]
    if count:
        here[player] = count
    else:
        here.pop(player, None)


def place(board: Board, player: Player, territory: str, count: int) -> int:
    """Place up to `count` clans from the reserve; returns how many were placed."""
    count = min(count, board["reserve"][player])
    if count > 0:
        board["reserve"][player] -= count
        _set_clans(board, territory, player, clans(board, territory, player) + count)
    return max(count, 0)


def take_off(board: Board, player: Player, territory: str, count: int, sheltered: int = 0) -> int:
    """Take clans off a territory (exposed ones first during a clash there, then sheltered, unless
    `sheltered` says how many of them are sheltered); the caller says where they go."""
    count = min(count, clans(board, territory, player))
    clash = board["clash"]
    if clash and clash["territory"] == territory:
        held = clash["sheltered"].get(player, 0)
        exposed = clans(board, territory, player) - held
        from_citadels = sheltered if sheltered else max(0, count - exposed)
        if from_citadels:
            if held - from_citadels:
                clash["sheltered"][player] = held - from_citadels
            else:
                clash["sheltered"].pop(player, None)
    _set_clans(board, territory, player, clans(board, territory, player) - count)
    return count


def to_reserve(board: Board, player: Player, territory: str, count: int) -> int:
    count = take_off(board, player, territory, count)
    board["reserve"][player] += count
    return count


def move(board: Board, player: Player, source: str, destination: str, count: int, sheltered: int = 0) -> int:
    count = take_off(board, player, source, count, sheltered)
    _set_clans(board, destination, player, clans(board, destination, player) + count)
    return count


def exposed(board: Board, player: Player) -> int:
    """Clans of `player` in the clashing territory outside its Citadels (I39)."""
    clash = board["clash"]
    return clans(board, clash["territory"], player) - clash["sheltered"].get(player, 0)


def exposed_players(board: Board) -> list[Player]:
    return [p for p in board["players"] if exposed(board, p) > 0]


def reserve_ok(board: Board) -> bool:
    """I2: 12 clans a player, always accounted for."""
    return all(board["reserve"][p] + on_board(board, p) + board["cauldron"][p] == CLANS for p in board["players"])


# --- hands and piles (I14, I16) ---------------------------------------------------------------

def hand(board: Board, player: Player, kind: str) -> list[str]:
    return board["hands"][player][kind]


def holds(board: Board, player: Player, card: str) -> bool:
    return card in board["hands"][player][card_type(card)]


def give_card(board: Board, player: Player, card: str) -> None:
    cards = board["hands"][player][card_type(card)]
    cards.append(card)
    cards.sort()


def take_card(board: Board, player: Player, card: str) -> None:
    board["hands"][player][card_type(card)].remove(card)


def hand_size(board: Board, player: Player) -> int:
    return sum(len(cards) for cards in board["hands"][player].values())


def discard_card(board: Board, card: str) -> None:
    """A played or discarded card to its pile: Action face down, Epic Tale face up, Advantage played."""
    kind = card_type(card)
    if kind == "action":
        board["action_discard"].append(card)
    elif kind == "epic":
        board["epic_discard"].append(card)
    else:
        board["adv_played"].append(card)


def draw_epic(board: Board, player: Player, count: int) -> list[str]:
    """I16: from the top; an empty deck is replaced by the discard, shuffled."""
    drawn = []
    for _ in range(count):
        if not board["epic_deck"] and board["epic_discard"]:
            pile = list(board["epic_discard"])
            rng(board).shuffle(pile)
            board["epic_deck"], board["epic_discard"] = pile, []
        if not board["epic_deck"]:
            break
        drawn.append(board["epic_deck"].pop(0))
    return drawn


def advantage_holder(board: Board, card: str) -> Player | None:
    return next((p for p in board["players"] if card in board["hands"][p]["advantage"]), None)


def take_advantage(board: Board, player: Player | None, card: str) -> None:
    """An Advantage card into `player`'s hand, or face up when `player` is None, from wherever it is."""
    holder = advantage_holder(board, card)
    if holder is not None:
        board["hands"][holder]["advantage"].remove(card)
    for pile in (board["adv_face_up"], board["adv_played"], board["adv_deck"]):
        if card in pile:
            pile.remove(card)
    if player is None:
        board["adv_face_up"].append(card)
        board["adv_face_up"].sort()
    else:
        give_card(board, player, card)


def add_territory(board: Board, territory: str, cell: str) -> None:
    """I10, I4.2: a territory enters play empty, with its entry Sanctuary, its Advantage card face up."""
    board["cells"][cell] = territory
    sanctuary = 1 if TERRITORY[territory][1] and board["supply"]["sanctuaries"] else 0
    board["supply"]["sanctuaries"] -= sanctuary
    board["terr"][territory] = {"clans": {}, "sanctuaries": sanctuary, "citadels": 0}
    take_advantage(board, None, territory)


# --- reports and private knowledge (I62) --------------------------------------------------------

def open_report(board: Board, headline: Message) -> None:
    board["report_n"] += 1
    board["report"] = {"n": board["report_n"], "round": board["round"], "headline": headline, "lines": []}


def say(board: Board, key: str, msgid: str | tuple[str, str], **params: Any) -> None:
    """A line of the report under way (`message(key, msgid, **params)`)."""
    tell(board, message(key, msgid, **params))


def tell(board: Board, line: Message) -> None:
    if board["report"] is None:
        open_report(board, message("events", N_("Round %(round)s"), round=board["round"]))
    board["report"]["lines"].append(line)


def headline(board: Board, key: str, msgid: str, **params: Any) -> None:
    said = message(key, msgid, **params)
    if board["report"] is None:
        open_report(board, said)
    else:
        board["report"]["headline"] = said


def close_report(board: Board) -> None:
    if board["report"] is not None:
        board["reports"].append(report_shown(board["report"]))
        board["report"] = None


def report_shown(report: dict[str, Any]) -> dict[str, Any]:
    """A report as views show it: English sentences, and beside them their messages."""
    return {"n": report["n"], "round": report["round"], "headline": report["headline"]["text"],
            "lines": [line["text"] for line in report["lines"]],
            "messages": {"headline": report["headline"], "lines": list(report["lines"])}}


def know(board: Board, player: Player, source: str, cards: list[str], said: Message,
         about: Player | None = None) -> None:
    """What `player` alone is shown: its English `text`, and beside it its message."""
    board["known"][player].append({"round": board["round"], "source": source, "player": about,
                                   "cards": list(cards), "text": said["text"], "messages": {"text": said}})


# --- words ------------------------------------------------------------------------------------

def name(card_or_territory: str) -> str:
    return card_name(card_or_territory)


def land(territory: str) -> str:
    return territory_name(territory)
