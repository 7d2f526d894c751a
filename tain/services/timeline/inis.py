"""Inis as one player may know it: each logged action in the engine's own words, as the generic
teller says them, but another player's move after their name (the engine tells others "Keep Action
cards", its cards left out, without saying whose). A standing rule is never told to anyone else, nor
which cards a draft keep, a discard to an Attack or a gift held; the story of each turn, with its
windows and clashes, comes in the view's public reports."""
from __future__ import annotations

from tain.games import View
from tain.games.base import N_, message
from tain.games.inis import InisGame
from tain.messages import Told

from .generic import EngineTeller
from .known import KnownMove

OTHERS = ("timeline.inis-move", N_("%(player)s: %(move)s."))


class InisTeller(EngineTeller):
    def moves(self, before: View, after: View, move: KnownMove) -> list[tuple[str, Told]]:
        if move.mine or move.action is None:  # their own, or nothing to tell (a standing rule)
            return super().moves(before, after, move)
        return [(move.player, Told(message(*OTHERS, player=move.player, move=move.action["told"])))]


TELLER = InisTeller(InisGame())
