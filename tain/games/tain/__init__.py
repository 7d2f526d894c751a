"""Tàin: the rules engine of the flagship game."""
from tain.games.tain.game import TainGame

__all__ = ["TainGame"]
