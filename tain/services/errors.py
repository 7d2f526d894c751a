"""What can go wrong when a player acts, each with a sentence the player can read."""
from __future__ import annotations

from tain.games import IllegalAction

__all__ = [
    "ServiceError", "TokenError", "BadToken", "ExpiredToken", "RevokedToken",
    "NotYourMove", "StaleMove", "IllegalAction", "InvalidGame", "GameNotFound",
]


class ServiceError(Exception):
    """Base of the service's refusals; `str(error)` is meant for the player."""


class TokenError(ServiceError):
    """A link that gives no seat."""


class BadToken(TokenError):
    def __init__(self, message: str = "This link is not valid. Use the latest link from your emails.") -> None:
        super().__init__(message)


class ExpiredToken(TokenError):
    def __init__(self, message: str = "This link has expired.") -> None:
        super().__init__(message)


class RevokedToken(TokenError):
    def __init__(self, message: str = "This link was replaced by a newer one. Use the latest link from your emails.") -> None:
        super().__init__(message)


class NotYourMove(ServiceError):
    """The player may not act now: someone else's move, already passed, or the game is over."""


class StaleMove(ServiceError):
    """The move was chosen on a page the game has moved past (a second click, or another move since)."""


class InvalidGame(ServiceError):
    """A new game that cannot be created; `problems` lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = problems


class GameNotFound(ServiceError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game #{game_id}.")
