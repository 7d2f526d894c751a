"""Inis: the third game, a pure engine (engine-api-inis.md; rulings I1–I64)."""
from tain.games.inis.game import InisGame

__all__ = ["InisGame"]
