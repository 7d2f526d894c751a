"""A game without a teller of its own: each logged action in the engine's own words
(`describe_action`; another player's as anyone may hear it), the stage as its view names it.
Only what the engine itself says may be told to others reaches the page, never the action. Each
sentence is a message (tain.messages), the engine's words said inside it."""
from __future__ import annotations

from tain.games import Action, Game as Engine, View
from tain.games.base import N_, message
from tain.games.standing import is_standing
from tain.messages import Told, described, told

from .known import KnownMove

OWN = ("timeline.own-move", N_("Your move: %(move)s."))
OTHERS = ("timeline.move", N_("%(move)s."))
STAGE = ("timeline.stage", N_("The game moves on: %(stage)s."))


class EngineTeller:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def public(self, action: Action, player: str) -> Action | None:
        """Another player's action as the engine tells it to anyone; nothing of a plan."""
        if is_standing(action):
            return None
        return {"told": described(self.engine, action, player, for_others=True)}

    def moves(self, before: View, after: View, move: KnownMove) -> list[tuple[str, Told]]:
        if move.action is None or is_standing(move.action):
            return []
        if move.mine:
            return [(move.player, self.own_move(move.action, {"you": move.player}))]
        return [(move.player, Told(message(*OTHERS, move=move.action["told"])))]

    def own_move(self, action: Action, view: View) -> Told:
        return Told(message(*OWN, move=described(self.engine, action, view["you"])))

    def stage(self, before: View | None, after: View) -> Told:
        return Told(message(*STAGE, stage=told(after["stage"], "long")))
