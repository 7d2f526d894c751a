"""The Assembly (I17–I23, I26): the `assembly-start` window, the Brenn, the check for victory,
Advantage cards, the Oracles, the deal, the draft, CathBad's Word."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_
from tain.games.inis import draft, effects, windows
from tain.games.inis.board import (
    Board, chieftain, close_report, give_card, know, open_report, rng, say, take_advantage,
)
from tain.games.inis.scoring import check_victory, conditions_met
from tain.games.inis.words import message, player_list


def assembly(board: Board) -> Iterator[Any]:
    """One Assembly; returns True when a player has won (I61: the game ends at once)."""
    board["round"] += 1
    board["phase"] = "assembly"
    board["last_asked"] = None
    open_report(board, message("assembly", N_("Round %(round)s: the Assembly"), round=board["round"]))
    yield from windows.window(board, {"kind": "assembly-start", "actor": board["brenn"], "card": None,
                                      "territories": [], "players": []})
    _assign_brenn(board)
    if _check_victory(board):
        return True
    close_report(board)
    open_report(board, message("advantage-cards", N_("Round %(round)s: Advantage cards"), round=board["round"]))
    _advantage_cards(board)
    close_report(board)
    open_report(board, message("oracles", N_("Round %(round)s: the Oracles"), round=board["round"]))
    yield from oracles(board)
    close_report(board)
    open_report(board, message("draft", N_("Round %(round)s: the deal and the draft"), round=board["round"]))
    yield from draft.deal_and_draft(board)
    close_report(board)
    if board["cathbad"]:
        open_report(board, message("cathbads-word", N_("Round %(round)s: CathBad's Word"), round=board["round"]))
        yield from _cathbad(board)
        close_report(board)
    return False


def _assign_brenn(board: Board) -> None:
    """I18: the Capital's chieftain; none, and the Brenn stays."""
    chief = chieftain(board, board["capital"])
    if chief is not None and chief != board["brenn"]:
        board["brenn"] = chief
        say(board, "brenn", N_("%(player)s becomes the Brenn."), player=chief)
    else:
        say(board, "brenn-stays", N_("%(player)s stays the Brenn."), player=board["brenn"])


def _check_victory(board: Board) -> bool:
    """I20, I61: a winner ends the game here; every Pretender token goes back either way."""
    winner = check_victory(board)
    if board["pretenders"]:
        say(board, "pretenders", N_("Pretenders: %(players)s."), players=player_list(board["pretenders"]))
    board["pretenders"] = []
    if winner is None:
        return False
    board["winner"] = winner
    board["final"] = conditions_met(board)
    board["phase"] = board["cursor"] = "over"
    say(board, "wins", N_("%(player)s is elected Ard-Rí and wins the game."), player=winner)
    close_report(board)
    return True


def _advantage_cards(board: Board) -> None:
    """I21: each territory's chieftain takes its card; with none it goes, or stays, face up."""
    for territory in sorted(board["terr"]):
        chief = chieftain(board, territory)
        take_advantage(board, chief, territory)
        if chief:
            say(board, "takes-advantage", N_("%(player)s takes %(card)s."), player=chief, card=territory)
    board["adv_played"] = []


def toss(board: Board) -> str:
    """The Flock of Crows: the next `decks.crows` entry, else the seed."""
    if board["decks"]["crows"]:
        return board["decks"]["crows"].pop(0)
    return rng(board).choice(["cw", "ccw"])


def oracles(board: Board) -> Iterator[Any]:
    """I22: the toss; a change of direction sets off the Gates of Tír na nÓg."""
    side = toss(board)
    changed = side != board["direction"]
    board["direction"] = side
    if side == "cw":
        say(board, "crows-cw", N_("The Flock of Crows shows cw: play goes clockwise."))
    else:
        say(board, "crows-ccw", N_("The Flock of Crows shows ccw: play goes counterclockwise."))
    if changed:
        yield from effects.gates_effect(board)


def _cathbad(board: Board) -> Iterator[Any]:
    """I26: after the draft its player takes the set-aside card, then sets one aside in secret."""
    player = board["cathbad"]["player"]
    board["cathbad"] = None
    card = board["set_aside"]
    if card is not None:
        board["set_aside"] = None
        give_card(board, player, card)
        know(board, player, "set-aside", [card], message("take-set-aside", N_("You take the set-aside card: %(card)s."),
                                                         card=card))
        say(board, "takes-set-aside", N_("%(player)s takes the set-aside Action card."), player=player)
    yield from effects.set_aside_step(board, player, "cathbads-word")

