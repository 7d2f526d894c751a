"""Tàin behind the engine interface (`../shared/spec/engine-api.md`)."""
from __future__ import annotations

from typing import Any

from tain.games import standing
from tain.games.base import N_, Action, Bot, IllegalAction, Player, State, View
from tain.games.tain import notation, raid, scouting, scoring
from tain.games.tain.bots import HeuristicBot
from tain.games.tain.rules import MAX_PLAYERS, MIN_PLAYERS
from tain.games.tain.state import new_state
from tain.games.tain.view import build_view
from tain.games.tain.words import WORDS

PASS: Action = {"type": "pass"}
PLAN_SHAPES: standing.ActionShapes = {kind: (keys, set()) for kind, keys in scouting.ACTION_KEYS.items()}


def _is_legal(state: State, player: Player, action: Action) -> bool:
    try:
        scouting.check_action(state, player, action)
    except IllegalAction:
        return False
    return True


def _moment(state: State) -> dict[str, Any]:
    return {"turn": state["turn"]}


class TainGame:
    """Celtic cattle raiding for 2–4 clans with face-down tokens."""

    name = "tain"
    title = "Tàin"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    option_choices: dict[str, tuple[str, list[tuple[Any, str]]]] = {}
    words = WORDS

    def setup(self, players: list[Player], seed: int, options: dict[str, Any] | None = None) -> State:
        state = new_state(players, seed, options)
        scouting.advance(state, None)
        return state

    def to_act(self, state: State) -> list[Player]:
        return scouting.to_act(state)

    def legal_actions(self, state: State, player: Player) -> list[Action]:
        return scouting.legal_actions(state, player)

    def apply(self, state: State, player: Player, action: Action) -> State:
        """The state after `player` takes `action`; a last pass resolves the turn. Then every
        player to act who has a plan plays it as far as it goes (standing orders)."""
        if standing.is_standing(action):
            standing.check_player(self.name, state, player, state["phase"] == "over")
            plan = standing.check_plan(self.name, action, PLAN_SHAPES)
            state = state.copy()
            standing.set_plan(state, player, plan)
        else:
            self._check_may_act(state, player)
            scouting.check_action(state, player, action)
            state = state.copy()  # a new state, sharing its parts with the input until a change copies them
            self._play(state, player, action)
        if state.get("plans"):  # most games never have one: a call saved on every move
            standing.play_plans(state, to_act=scouting.to_act, is_legal=_is_legal, play=self._play,
                                moment=_moment)
        return state

    def _play(self, state: State, player: Player, action: Action) -> None:
        """One legal move by the rules (in place), and all that follows until someone must act."""
        if action["type"] == "pass":
            scouting.mark_passed(state, player)
        else:
            scouting.place(state, player, action)
        self._continue(state, player)

    def _continue(self, state: State, after: Player | None) -> None:
        while scouting.advance(state, after):
            raid.resolve_turn(state)
            standing.clear_all(state)  # a plan is for the scouting phase it was given in
            if state["phase"] == "over":
                return
            after = None

    def _check_may_act(self, state: State, player: Player) -> None:
        if player not in state["players"]:
            raise IllegalAction(N_("%(player)s is not playing in this game."), "tain.not-a-player", player=repr(player))
        if state["phase"] == "over":
            raise IllegalAction(N_("The game is over."), "tain.game-over")
        if not scouting.is_asked(state, player):
            if player in state["passed"]:
                raise IllegalAction(N_("You have passed for this scouting phase."), "tain.passed")
            raise IllegalAction(N_("It is not your move; waiting for %(waiting)s."), "tain.not-your-move",
                                waiting=scouting.to_act(state))

    def view(self, state: State, player: Player | None) -> View:
        if player is not None and player not in state["players"]:
            raise IllegalAction(N_("%(player)s is not playing in this game."), "tain.not-a-player", player=repr(player))
        return build_view(state, player)

    def timeout_action(self, state: State, player: Player) -> Action:
        """R19: a late player passes for the rest of the phase; guards already placed stay."""
        self._check_may_act(state, player)
        return dict(PASS)

    def timeout_actions(self, state: State, player: Player, bot: Bot | None = None) -> list[Action]:
        """Everything a deadline does for `player`: one pass (R19). With a bot (a game set so),
        the bot plays the rest of their turn instead: one placement in the scouting order, or
        its whole simultaneous guarding (R8), which ends with its pass."""
        if bot is None:
            return [self.timeout_action(state, player)]
        guarding = state["phase"] == "guarding"
        actions = []
        while True:
            action = bot.choose(self.view(state, player), self.legal_actions(state, player))
            actions.append(action)
            state = self.apply(state, player, action)
            if not guarding or state["phase"] != "guarding" or player not in self.to_act(state):
                return actions

    def make_bot(self, seed: int) -> Bot:
        return HeuristicBot(seed)

    def mid_turn(self, state: State) -> bool:
        """Every Tàin action is a whole move (a placement, a guard, a pass)."""
        return False

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> dict[Player, int]:
        return scoring.scores(state)

    def winners(self, state: State) -> list[Player]:
        return scoring.winners(state)

    action_text = staticmethod(notation.action_text)
    parse_action = staticmethod(notation.parse_action)
    describe_action = staticmethod(notation.describe_action)
    describe_action_message = staticmethod(notation.describe_action_message)
