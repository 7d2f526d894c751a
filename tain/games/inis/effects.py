"""Small procedures the cards share: placing, drawing Epic Tales with the `draw` window (I16),
Deeds (I47), the Gates of Tír na nÓg (tile effect), a new territory entering play (I10)."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Action, Nn_, Player
from tain.games.inis.asking import ask
from tain.games.inis.board import (
    Board, add_territory, clans, draw_epic, give_card, hand, know, place, rng, say, take_card, turn_order,
)
from tain.games.inis.words import card_list, message


def place_spread(board: Board, player: Player, spread: dict[str, int] | None) -> None:
    for territory, count in sorted((spread or {}).items()):
        placed = place(board, player, territory, count)
        if placed:
            say_placed(board, player, placed, territory)


def say_placed(board: Board, player: Player, count: int, territory: str) -> None:
    say(board, "places", Nn_("%(player)s places %(num)s clan in %(territory)s.",
                             "%(player)s places %(num)s clans in %(territory)s."),
        player=player, num=count, territory=territory)


def place_one(board: Board, player: Player, territory: str) -> None:
    place_spread(board, player, {territory: 1})


def place_declared(board: Board, record: dict, trigger: Any) -> Iterator[Any]:
    """The effect of a card that places its declared `place` spread (New Clans, Ériu, …)."""
    place_spread(board, record["player"], record["decl"].get("place"))
    yield from ()


def nothing(board: Board, record: dict, trigger: Any) -> Iterator[Any]:
    """The effect of a card whose play is all it does (Swamp; folded cards, whose decision acts)."""
    yield from ()


def take_at_random(board: Board, player: Player, victim: Player) -> str | None:
    """Raid and Salt Mine: one of the victim's Action cards, at random, into the player's hand;
    the two of them know which (I62)."""
    cards = hand(board, victim, "action")
    if not cards:
        return None
    card = rng(board).choice(sorted(cards))
    take_card(board, victim, card)
    give_card(board, player, card)
    know(board, player, "exchange", [card], message("you-take", N_("You take %(card)s from %(player)s."),
                                                    card=card, player=victim), victim)
    know(board, victim, "exchange", [card], message("takes-from-you", N_("%(player)s takes %(card)s from you."),
                                                    card=card, player=player), player)
    say(board, "takes-action", N_("%(player)s takes an Action card from %(victim)s."), player=player, victim=victim)
    return card


def hand_over(board: Board, giver: Player, receiver: Player, card: str) -> None:
    """An Action card given, seen by the two players only (I62)."""
    take_card(board, giver, card)
    give_card(board, receiver, card)
    know(board, giver, "exchange", [card], message("you-give", N_("You give %(card)s to %(player)s."),
                                                   card=card, player=receiver), receiver)
    know(board, receiver, "exchange", [card], message("gives-you", N_("%(player)s gives you %(card)s."),
                                                      card=card, player=giver), giver)


def give_back(board: Board, player: Player, receiver: Player) -> Iterator[Any]:
    """Salt Mine and Maeve's Wealth: the player chooses one of his Action cards for the receiver."""
    action = yield from ask(
        board, "give", player,
        lambda p: [{"type": "give", "card": c, "to": receiver} for c in hand(board, p, "action")],
        message("ask-give", N_("%(player)s to give %(to)s one Action card"), player=player, to=receiver),
        mid_turn=True)
    hand_over(board, player, receiver, action["card"])
    say(board, "gives-action", N_("%(player)s gives %(to)s an Action card."), player=player, to=receiver)


def gain_deed(board: Board, player: Player) -> None:
    board["deeds"][player] += 1
    say(board, "deed", N_("%(player)s gains a Deed."), player=player)


def draw(board: Board, player: Player, count: int, keep: int, cause: str | None, by_gates: bool = False
         ) -> Iterator[Any]:
    """Draw Epic Tales; the `draw` window (Meadows, Gates of Tír na nÓg); keep `keep` of them
    and discard the others face up (I16)."""
    from tain.games.inis import windows
    drawn = draw_epic(board, player, count)
    if not drawn:
        say(board, "draws-nothing", N_("%(player)s draws no Epic Tale: there is none left."), player=player)
        return
    board["drawn"][player] = drawn
    say(board, "draws", Nn_("%(player)s draws %(num)s Epic Tale.", "%(player)s draws %(num)s Epic Tales."),
        player=player, num=len(drawn))
    record = {"keep": keep, "by_gates": by_gates}
    yield from windows.window(board, {"kind": "draw", "actor": player, "card": cause, "territories": [],
                                      "players": [player], "draw": record})
    drawn = board["drawn"][player]
    kept = list(drawn)
    if len(drawn) > record["keep"]:
        action = yield from ask(board, "keep", player,
                                lambda p: [{"type": "keep", "card": c} for c in sorted(set(board["drawn"][p]))],
                                message("ask-keep", N_("%(player)s to keep 1 of the Epic Tales drawn"), player=player),
                                mid_turn=True)
        kept = [action["card"]]
        others = list(drawn)
        others.remove(action["card"])
        board["epic_discard"] += others
        say(board, "keeps", N_("%(player)s keeps 1 Epic Tale and discards %(cards)s."), player=player,
            cards=card_list(others))
    board["drawn"][player] = []
    for card in kept:
        give_card(board, player, card)


def draw_more(board: Board, player: Player) -> None:
    """Meadows and the Gates' Advantage card: one more card into the draw under way."""
    board["drawn"][player] += draw_epic(board, player, 1)
    say(board, "draws-more", N_("%(player)s draws 1 more Epic Tale."), player=player)


def gates_effect(board: Board) -> Iterator[Any]:
    """The Gates of Tír na nÓg, when the direction changes: in turn order from the Brenn, each
    player present there loses a clan there and draws 1 Epic Tale."""
    from tain.games.inis import removal
    if "gates-of-tir-na-nog" not in board["terr"]:
        return
    for player in turn_order(board):
        if clans(board, "gates-of-tir-na-nog", player):
            yield from removal.remove(board, player, "gates-of-tir-na-nog", 1, None, None)
            yield from draw(board, player, 1, 1, None, by_gates=True)


def enter_territory(board: Board, territory: str, cell: str) -> None:
    add_territory(board, territory, cell)
    say(board, "territory-enters", N_("%(territory)s enters play at %(cell)s."), territory=territory, cell=cell)


def set_aside_step(board: Board, player: Player, source: str) -> Iterator[Any]:
    """Cove and CathBad's Word: set aside one Action card of his hand, in secret."""
    if not board["hands"][player]["action"]:
        return
    action: Action = yield from ask(
        board, "set-aside", player,
        lambda p: [{"type": "set-aside", "card": c} for c in board["hands"][p]["action"]],
        message("ask-set-aside", N_("%(player)s to set aside one Action card"), player=player), mid_turn=True)
    board["hands"][player]["action"].remove(action["card"])
    board["set_aside"], board["set_aside_by"] = action["card"], player
    know(board, player, "set-aside", [action["card"]], message("you-set-aside", N_("You set aside %(card)s."),
                                                               card=action["card"]))
    say(board, "sets-aside", N_("%(player)s sets aside an Action card."), player=player)


def take_set_aside(board: Board, player: Player) -> None:
    card = board["set_aside"]
    if card is None:
        return
    board["set_aside"], board["set_aside_by"] = None, None
    give_card(board, player, card)
    know(board, player, "set-aside", [card], message("take-set-aside", N_("You take the set-aside card: %(card)s."),
                                                     card=card))
    say(board, "takes-set-aside", N_("%(player)s takes the set-aside Action card."), player=player)
