"""The 16 Advantage cards (`inis-cards.md`, "Territories"): Season sides (Misty Lands, Plains,
Swamp) and Triskel sides played in windows. Hills, Iron Mine and Mountains are folded into
decisions (I56) and do nothing by themselves here; Moor is offered at every decision (I57)."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Nn_, Player
from tain.games.inis import effects, options
from tain.games.inis.options import no_arguments
from tain.games.inis.board import (
    Board, adjacent, clans, exposed, hand, know, move, opponents, players_in, present, say, take_card,
)
from tain.games.inis.words import card_list, message

Record = dict[str, Any]


def _misty_discards(board: Board, player: Player) -> list[dict]:
    return [{"discard": cards} for cards in options.subsets(hand(board, player, "action"))] or [{"discard": None}]


def _misty_lands(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player, cards = record["player"], record["decl"]["discard"] or []
    cards = [c for c in cards if c in hand(board, player, "action")]
    for card in cards:
        take_card(board, player, card)
        board["action_discard"].append(card)
    if cards:
        say(board, "discards-actions", Nn_("%(player)s discards %(num)s Action card.",
                                           "%(player)s discards %(num)s Action cards."), player=player, num=len(cards))
        yield from effects.draw(board, player, len(cards), 1, "misty-lands")


def _cove(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player = record["player"]
    effects.take_set_aside(board, player)
    yield from effects.set_aside_step(board, player, "cove")


def _forest(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    yield from effects.draw(board, record["player"], 1, 1, "forest")


def _draw_more(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    effects.draw_more(board, record["player"])
    trigger["draw"]["keep"] = min(trigger["draw"]["keep"], 1) if record["card"] == "gates-of-tir-na-nog" \
        else trigger["draw"]["keep"]
    yield from ()


def _highlands_choices(board: Board, player: Player, trigger: Any) -> list[dict]:
    clash = board["clash"]
    return [{"instigator": q} for q in players_in(board, "highlands")
            if q != clash["instigator"] and exposed(board, q)]


def _highlands(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    chosen = record["decl"]["instigator"]
    board["clash"]["instigator"] = chosen
    say(board, "instigator", N_("%(player)s becomes the instigator."), player=chosen)
    yield from ()


def _lost_vale_choices(board: Board, player: Player, trigger: Any) -> list[dict]:
    return [{"from": t, "player": q} for t in adjacent(board, "lost-vale") for q in players_in(board, t)]


def _lost_vale(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    decl = record["decl"]
    if clans(board, decl["from"], decl["player"]):
        move(board, decl["player"], decl["from"], "lost-vale", 1)
        say(board, "moves-into-lost-vale", N_("A clan of %(player)s moves from %(source)s into %(destination)s."),
            player=decl["player"], source=decl["from"], destination="lost-vale")
    yield from ()


def _moor(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player, target = record["player"], record["decl"]["target"]
    seen = list(hand(board, target, "epic"))
    know(board, player, "moor", seen, message("holds", N_("%(player)s holds %(cards)s."), player=target,
                                              cards=card_list(seen, message("no-epic", N_("no Epic Tale")))), target)
    yield from ()


def _salt_mine_targets(board: Board, player: Player, trigger: Any) -> list[dict]:
    return [{"target": q} for q in opponents(board, player) if hand(board, q, "action")]


def _salt_mine(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player, target = record["player"], record["decl"]["target"]
    if effects.take_at_random(board, player, target) is not None:
        yield from effects.give_back(board, player, target)


def _stone_circle(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import removal
    player = record["player"]
    if clans(board, "stone-circle", player):
        removal.lose(board, player, "stone-circle", 1)
        target = trigger["record"]
        if target["dest"] is None:
            target["dest"] = ["hand", player]
            say(board, "takes-back", N_("%(player)s takes %(card)s back."), player=player, card=target["card"])
    yield from ()


def _valley_targets(board: Board, player: Player, trigger: Any) -> list[dict]:
    return [{"territory": t} for t in present(board, player)]


def _valley(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    effects.place_one(board, record["player"], record["decl"]["territory"])
    yield from ()


def _plains(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import moves
    yield from moves.carry_out(board, record["player"], record["decl"].get("moves") or [], True, "plains")


SEASON: dict[str, Any] = {
    "misty-lands": (_misty_discards, _misty_lands),
    "plains": (no_arguments, _plains),
    "swamp": (no_arguments, effects.nothing),
}

TRISKEL: dict[str, Any] = {
    "cove": (no_arguments, _cove),
    "forest": (no_arguments, _forest),
    "gates-of-tir-na-nog": (no_arguments, _draw_more),
    "highlands": (_highlands_choices, _highlands),
    "hills": (no_arguments, effects.nothing),
    "iron-mine": (no_arguments, effects.nothing),
    "lost-vale": (_lost_vale_choices, _lost_vale),
    "meadows": (no_arguments, _draw_more),
    "moor": (lambda board, player, trigger: [{"target": q} for q in opponents(board, player)], _moor),
    "mountains": (no_arguments, effects.nothing),
    "salt-mine": (_salt_mine_targets, _salt_mine),
    "stone-circle": (no_arguments, _stone_circle),
    "valley": (_valley_targets, _valley),
}
