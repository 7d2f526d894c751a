"""Tara: ringforts, bridges and kings for two players."""
from tain.games.tara.game import TaraGame

__all__ = ["TaraGame"]
