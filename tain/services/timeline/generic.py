"""A game without a teller of its own: each logged action in the engine's own words
(`describe_action`; another player's as anyone may hear it), the stage as its view names it.
Only what the engine itself says may be told to others reaches the page, never the action."""
from __future__ import annotations

from tain.games import Action, Game as Engine, View
from tain.games.standing import is_standing

from .known import KnownMove

OWN = "Your move: {move}."
OTHERS = "{move}."
STAGE = "The game moves on: {stage}."


class EngineTeller:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def public(self, action: Action, player: str) -> Action | None:
        """Another player's action as the engine tells it to anyone; nothing of a plan."""
        if is_standing(action):
            return None
        return {"told": self.engine.describe_action(action, player, for_others=True)}

    def moves(self, before: View, after: View, move: KnownMove) -> list[tuple[str, str]]:
        if move.action is None or is_standing(move.action):
            return []
        if move.mine:
            return [(move.player, OWN.format(move=self.engine.describe_action(move.action, move.player)))]
        return [(move.player, OTHERS.format(move=move.action["told"]))]

    def own_move(self, action: Action, view: View) -> str:
        return OWN.format(move=self.engine.describe_action(action, view["you"]))

    def stage(self, before: View | None, after: View) -> str:
        return STAGE.format(stage=after["stage"]["long"])
