"""Setting up (I1–I6): options, the `decks` that fix a deal, the start territories, the board,
and the setup decisions (the Capital, two laps of clan placements)."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Player, SetupError, State, check_setup
from tain.games.inis.asking import ask
from tain.games.inis.board import Board, close_report, open_report, place, rng, say, turn_order
from tain.games.inis.catalogue import CITADELS, CLANS, EPIC, SANCTUARIES, TERRITORY, actions_in_use
from tain.games.inis.cells import START_CELLS
from tain.games.inis.words import message

KNOWN_OPTIONS = {"first_player", "discovery", "decks"}
DECK_KEYS = {"territory", "epic", "action", "crows"}
DISCOVERY_START = ("valley", "cove", "plains", "hills")  # I6
DISCOVERY_BOTTOM = ("meadows", "misty-lands", "forest", "gates-of-tir-na-nog", "highlands", "mountains")


def check_options(players: Any, seed: Any, options: dict[str, Any]) -> None:
    check_setup("Inis", players, seed, options, 2, 4, KNOWN_OPTIONS)
    if not isinstance(options.get("discovery", False), bool):
        raise SetupError(N_("The discovery option is true or false."), "inis.discovery-option")
    decks = options.get("decks", {})
    if not isinstance(decks, dict):
        raise SetupError(N_("The decks option maps deck names to lists."), "inis.decks-option")
    unknown = set(decks) - DECK_KEYS
    if unknown:
        raise SetupError(N_("Inis has no deck %(deck)s."), "inis.no-such-deck", deck=repr(sorted(unknown)[0]))
    if options.get("discovery") and "territory" in decks:
        raise SetupError(N_("The discovery scenario fixes the start territories: leave out decks.territory."),
                         "inis.discovery-decks")
    if "territory" in decks:
        _permutation(decks["territory"], set(TERRITORY), "territory", N_("decks.territory must be a list of ids."),
                     N_("decks.territory must hold every territory exactly once."))
    if "epic" in decks:
        _permutation(decks["epic"], set(EPIC), "epic", N_("decks.epic must be a list of ids."),
                     N_("decks.epic must hold every Epic Tale exactly once."))
    if "action" in decks:
        if not isinstance(decks["action"], list):
            raise SetupError(N_("decks.action is a list of rounds, each a list of Action cards."), "inis.action-decks")
        in_use = set(actions_in_use(len(players)))
        for number, cards in enumerate(decks["action"], 1):
            _permutation(cards, in_use, "action", N_("decks.action round %(round)s must be a list of ids."),
                         N_("decks.action round %(round)s must hold every Action card in use exactly once."),
                         round=number)
    if "crows" in decks:
        crows = decks["crows"]
        if not isinstance(crows, list) or any(side not in ("cw", "ccw") for side in crows):
            raise SetupError(N_('decks.crows is a list of "cw" and "ccw".'), "inis.crows-deck")


def _permutation(cards: Any, wanted: set[str], deck: str, not_ids: str, not_all: str, **params: Any) -> None:
    """A deck of `decks`: a list of ids (else the sentence `not_ids`), each wanted once (else `not_all`)."""
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise SetupError(not_ids, f"inis.{deck}-deck-ids", **params)
    if len(cards) != len(set(cards)) or set(cards) != wanted:
        raise SetupError(not_all, f"inis.{deck}-deck-cards", **params)


def new_board(players: list[Player], seed: int, options: dict[str, Any]) -> Board:
    """I4 steps 1–4: the stack, the start territories, the Epic Tale deck, the Brenn."""
    decks = options.get("decks", {})
    board: Board = {
        "players": list(players), "seed": seed, "rng": 0, "cursor": "setup", "phase": "setup", "round": 0,
        "turns": 0, "brenn": players[0], "direction": "cw", "cells": {}, "terr": {}, "capital": None,
        "festival": None, "reserve": {p: CLANS for p in players}, "cauldron": {p: 0 for p in players},
        "supply": {"citadels": CITADELS, "sanctuaries": SANCTUARIES}, "deeds": {p: 0 for p in players},
        "pretenders": [], "hands": {p: {"action": [], "advantage": [], "epic": []} for p in players},
        "actions_in_use": actions_in_use(len(players)), "action_deck": actions_in_use(len(players)),
        "action_discard": [],
        "set_aside": None, "set_aside_by": None, "epic_deck": [], "epic_discard": [],
        "drawn": {p: [] for p in players}, "adv_deck": sorted(TERRITORY), "adv_face_up": [], "adv_played": [],
        "stack": [], "tiles_drawn": [], "exploring": None, "in_play": [],
        "standing": {p: [] for p in players}, "plans": {}, "plan_moves": {p: [] for p in players},
        "known": {p: [] for p in players}, "reports": [], "report": None,
        "report_n": 0, "season": None, "draft": None, "window": None, "clash": None, "declaring": None,
        "submitted": {}, "last_asked": None, "cathbad": None, "winner": None, "final": None,
        "decks": {"action": [list(r) for r in decks.get("action", [])], "crows": list(decks.get("crows", []))},
    }
    stack = _stack(board, options)
    from tain.games.inis.effects import enter_territory
    for cell, territory in zip(START_CELLS, stack[:len(players)]):
        enter_territory(board, territory, cell)
    board["stack"] = stack[len(players):]
    board["epic_deck"] = list(decks["epic"]) if "epic" in decks else _shuffled(board, sorted(EPIC))
    first = options.get("first_player")
    board["brenn"] = first if first is not None else players[rng(board).randrange(len(players))]
    board["report"] = None
    board["reports"] = []
    return board


def _shuffled(board: Board, cards: list[str]) -> list[str]:
    cards = list(cards)
    rng(board).shuffle(cards)
    return cards


def _stack(board: Board, options: dict[str, Any]) -> list[str]:
    decks = options.get("decks", {})
    if "territory" in decks:
        return list(decks["territory"])
    if not options.get("discovery"):
        return _shuffled(board, sorted(TERRITORY))
    start = list(DISCOVERY_START[:len(board["players"])])
    bottom = _shuffled(board, list(DISCOVERY_BOTTOM))
    rest = _shuffled(board, sorted(set(TERRITORY) - set(start) - set(bottom)))
    return start + rest + bottom


def setup_steps(board: Board) -> Iterator[Any]:
    """I4 steps 5–7: the Capital, the Crows, two laps of placements."""
    from tain.games.inis.assembly import toss
    from tain.games.inis.effects import say_placed
    brenn = board["brenn"]
    open_report(board, message("setup", N_("Setup")))
    say(board, "first-brenn", N_("%(player)s is the Brenn."), player=brenn)
    starts = [board["cells"][c] for c in START_CELLS if c in board["cells"]]
    action = yield from ask(board, "capital", brenn,
                            lambda p: [{"type": "capital", "territory": t} for t in starts if t != "swamp"],
                            message("ask-capital", N_("%(player)s, the Brenn, to choose the Capital"), player=brenn))
    capital = action["territory"]
    board["capital"] = capital
    board["terr"][capital]["citadels"] += 1
    if board["supply"]["sanctuaries"]:
        board["supply"]["sanctuaries"] -= 1
        board["terr"][capital]["sanctuaries"] += 1
    say(board, "capital", N_("%(territory)s is the Capital."), territory=capital)
    board["direction"] = toss(board)
    say(board, "crows", N_("The Flock of Crows shows %(direction)s."), direction=board["direction"])
    for _ in range(2):
        for player in turn_order(board):
            action = yield from ask(board, "place-clan", player,
                                    lambda p: [{"type": "place-clan", "territory": t} for t in sorted(board["terr"])],
                                    message("ask-place-clan", N_("%(player)s to place a clan"), player=player))
            place(board, player, action["territory"], 1)
            say_placed(board, player, 1, action["territory"])
    close_report(board)


def new_state(players: list[Player], seed: int, options: dict[str, Any] | None) -> State:
    if options is not None and not isinstance(options, dict):
        raise SetupError(N_("The options are a dict of option names and values."), "inis.options")
    options = dict(options or {})
    check_options(players, seed, options)
    board = new_board(players, seed, options)
    return {"game": "inis", "players": list(players), "seed": seed,
            "options": {"first_player": board["brenn"], "discovery": bool(options.get("discovery", False)),
                        "decks": options.get("decks", {})},
            "base": board, "log": [], "board": board, "reports": [], "known": {p: [] for p in players},
            "plan_moves": {p: [] for p in players},
            "segment": {"reports": 0, "known": {p: 0 for p in players}, "plan_moves": {p: 0 for p in players}},
            "pending": None}
