"""The rules engines, looked up by name.

>>> from tain.games import get_game
>>> game = get_game("tain")
>>> state = game.setup(["ann", "bob"], seed=7, options={"first_player": "ann"})
>>> game.to_act(state)
['ann']
"""
from __future__ import annotations

from tain.games.base import Action, Bot, Game, IllegalAction, Player, SetupError, State, UnknownGame, View
from tain.games.inis import InisGame
from tain.games.tain import TainGame
from tain.games.tara import TaraGame

# Every game the service hosts, listed once in this, the lowest layer. Each has its page module in
# tain.web.game_pages (PAGES), checked when the app is built (docs/engine.md, "Adding a game").
_REGISTRY: dict[str, Game] = {game.name: game for game in (TainGame(), TaraGame(), InisGame())}


def get_game(name: str) -> Game:
    """The engine registered as `name`; raises UnknownGame (a KeyError) otherwise."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise UnknownGame(name) from None


def game_names() -> list[str]:
    """Names of every registered game, in registration order."""
    return list(_REGISTRY)


__all__ = [
    "Action", "Bot", "Game", "IllegalAction", "Player", "SetupError", "State", "UnknownGame", "View",
    "get_game", "game_names",
]
