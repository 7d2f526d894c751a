"""Inis: the third game, a pure engine (`engine-api-inis.md`; rulings I1–I64).

Modules: catalogue (cards and territories), cells (the hex map), setup (options, decks, the
board), driver (the rules as a replayed program of asks), flow (the whole game), assembly and
draft, season, plays (I29) with cards_action, cards_advantage and cards_epic, moves (declared
moves, the Mountains), clash, removal (clans lost and saved), windows and standing (I48–I59),
effects (draws, Deeds, the Gates), scoring (I19, I20), timeouts (I63), bots (I64), view (I62),
notation (the text forms).
"""
from tain.games.inis.game import InisGame

__all__ = ["InisGame"]
