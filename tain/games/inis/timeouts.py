"""I63: what a missed deadline does, by the kind of decision. A pending decision names its kind;
the action is worked out from the board and the legal actions only when a deadline asks."""
from __future__ import annotations

from typing import Callable

from tain.games.base import Action, Player
from tain.games.inis.board import Board, exposed, order_from
from tain.games.inis.catalogue import RANKING

DONE: Action = {"type": "done"}


def _first(board: Board, player: Player, legal: list[Action]) -> Action:
    return legal[0]


def _last(board: Board, player: Player, legal: list[Action]) -> Action:
    """The most allowed: shelter as many as he may, return as many as allowed, `done`."""
    return legal[-1]


def _decline(board: Board, player: Player, legal: list[Action]) -> Action:
    return {"type": "decline"}


def _pass(board: Board, player: Player, legal: list[Action]) -> Action:
    return {"type": "pass"}


def _yes(board: Board, player: Player, legal: list[Action]) -> Action:
    return {"type": "peace", "accept": True}


def _declare(board: Board, player: Player, legal: list[Action]) -> Action:
    """A declaration under way: `done` if allowed, else the first legal step."""
    return DONE if DONE in legal else legal[0]


def _opening(board: Board, player: Player, legal: list[Action]) -> Action:
    """The Brenn's opening turn: the best-ranked playable card, with its first declaration."""
    ranked = [a for a in legal if a.get("card") in RANKING]
    if not ranked:
        return legal[0]
    best = min(RANKING.index(a["card"]) for a in ranked)
    return next(a for a in ranked if RANKING.index(a["card"]) == best)


def _ranked_keep(board: Board, player: Player, legal: list[Action]) -> Action:
    """A draft step: keep the cards ranked highest."""
    return min(legal, key=lambda a: sorted(RANKING.index(c) for c in a["keep"]))


def _lowest_or_lose(board: Board, player: Player, legal: list[Action]) -> Action:
    """An Attack or the Mountains: discard the lowest-ranked Action card; with none, lose the
    clan, unsaved."""
    discards = [a for a in legal if a["type"] in ("discard", "discard-and-lose") and a.get("card") and len(a) == 2]
    if discards:
        return max(discards, key=lambda a: RANKING.index(a["card"]))
    plain = [a for a in legal if a in ({"type": "lose-clan"}, {"type": "discard-and-lose", "card": None})]
    return plain[0] if plain else legal[0]


def _maneuver(board: Board, player: Player, legal: list[Action]) -> Action:
    """End the clash if alone exposed; otherwise attack the opponent with the most exposed clans,
    a tie going to the first in turn order after him."""
    if {"type": "end-clash"} in legal:
        return {"type": "end-clash"}
    targets = [q for q in order_from(board, player)[1:] if exposed(board, q)]
    most = max(exposed(board, q) for q in targets)
    return {"type": "attack", "target": next(q for q in targets if exposed(board, q) == most)}


KINDS: dict[str, Callable[[Board, Player, list[Action]], Action]] = {
    "first": _first, "last": _last, "decline": _decline, "pass": _pass, "yes": _yes, "declare": _declare,
    "opening": _opening, "ranked-keep": _ranked_keep, "lowest-or-lose": _lowest_or_lose, "maneuver": _maneuver,
}


def timeout_for(board: Board, player: Player, kind: str, legal: list[Action]) -> Action:
    from tain.games.inis.asking import is_moor
    own = [a for a in legal if not is_moor(a)]
    return KINDS[kind](board, player, own)

