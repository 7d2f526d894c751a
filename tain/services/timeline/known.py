"""A logged action as one player may know it, handed to each game's teller."""
from __future__ import annotations

from dataclasses import dataclass

from tain.games import Action


@dataclass(frozen=True)
class KnownMove:
    """The whole action if it is the viewer's own, else only its public part (`Teller.public`)."""

    player: str
    action: Action | None  # None: nothing of it may be told
    mine: bool
