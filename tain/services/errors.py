"""What can go wrong when a player acts, each with a sentence the player can read.

A refusal keeps its message id (the English sentence, marked with `N_`, `%(name)s` where a value
goes) and its parameters: `str(error)` is the English (the JSON API's "error", the logs, bots),
`error.translated()` (or `tain.wording.say(error)`) the reader's language.
"""
from __future__ import annotations

from typing import Any

from tain.games import IllegalAction
from tain.wording import N_, gettext, say

__all__ = [
    "ServiceError", "TokenError", "BadToken", "ExpiredToken", "RevokedToken",
    "NotYourMove", "GameNotRunning", "StaleMove", "IllegalAction", "InvalidGame", "GameNotFound", "AdminRefusal",
]


class ServiceError(Exception):
    """Base of the service's refusals; `str(error)` is meant for the player in English, `translated()`
    in their language, `code` for a program (the JSON API's "code").

    `ServiceError(N_("Game #%(game)s has no such seat."), game=4)`: a message without parameters is
    used as it is (so a sentence already written out still reads right, in English).
    """

    code = "refused"

    def __init__(self, message: str = "", **params: Any) -> None:
        super().__init__(message % params if params else message)
        self.message, self.params = message, params

    def translated(self) -> str:
        return gettext(self.message, **self.params) if self.message else ""


class TokenError(ServiceError):
    """A link that gives no seat."""

    code = "bad-link"


class BadToken(TokenError):
    def __init__(self, message: str = N_("This link is not valid. Use the latest link from your emails.")) -> None:
        super().__init__(message)


class ExpiredToken(TokenError):
    code = "expired-link"

    def __init__(self, message: str = N_("This link has expired.")) -> None:
        super().__init__(message)


class RevokedToken(TokenError):
    code = "replaced-link"

    def __init__(self, message: str = N_("This link was replaced by a newer one. Use the latest link from your emails.")) -> None:
        super().__init__(message)


class NotYourMove(ServiceError):
    """The player may not act now: someone else's move, already passed, or the game is over."""

    code = "not-your-move"


class GameNotRunning(NotYourMove):
    """The game is paused, cancelled or over: nobody may act in it now."""

    code = "game-not-running"


class StaleMove(ServiceError):
    """The move answers a decision that is no longer the seat's current one (a second click, or a page
    shown before the seat's last move); another seat's move never makes it stale."""

    code = "stale-move"


class AdminRefusal(ServiceError):
    """An admin action that cannot be done as asked; nothing was changed."""


class InvalidGame(ServiceError):
    """A new game that cannot be created; `problems` lists every reason."""

    code = "invalid-game"

    def __init__(self, problems: list[str]) -> None:
        super().__init__(" ".join(problems))
        self.problems = problems

    def translated(self) -> str:
        """Each problem in the reader's language (a `tain.wording.Phrase`, or a marked sentence)."""
        return " ".join(say(problem) for problem in self.problems)


class GameNotFound(ServiceError):
    code = "not-found"

    def __init__(self, game_id: int) -> None:
        super().__init__(N_("There is no game #%(game)s."), game=game_id)
