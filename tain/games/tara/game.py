"""Tara behind the engine interface (`../shared/spec/engine-api.md`): a match of
two games (or one, with the option `games: 1`) for two players."""
from __future__ import annotations

import random
from typing import Any

from tain.games import standing
from tain.games.base import N_, Action, Bot, IllegalAction, Player, State, View
from tain.games.tara import battle, manoeuvres, notation
from tain.games.tara.bots import TaraBot
from tain.games.tara.scoring import game_result, match_points, match_winners
from tain.games.tara.state import copy_state, new_match, opponent, start_game
from tain.games.tara.view import build_view
from tain.games.tara.words import WORDS

ACTION_KEYS = {
    "build": ({"type", "square"}, {"skip"}),
    "move-bridge": ({"type", "from", "to"}, set()),
    "swap": ({"type", "square"}, set()),
    "link": ({"type", "pair"}, set()),
}
PHASE_ACTIONS = {"manoeuvre": {"build"}, "battle": {"move-bridge", "swap", "link"}}
PLAN_SHAPES: standing.ActionShapes = ACTION_KEYS


def _moment(state: State) -> dict[str, Any]:
    return {"game_number": state["game_number"], "turn": state["turn"]}


class TaraGame:
    """Ringforts, bridges and kings on a cross of 45 holes."""

    name = "tara"
    title = "Tara"
    min_players = 2
    max_players = 2
    option_choices = {
        "level": (N_("Level"), [(1, N_("1, the quick-start game")), (2, N_("2, with skips and the king's lines"))]),
        "games": (N_("Match"), [(2, N_("two games, each player beginning one")), (1, N_("one game"))]),
    }
    words = WORDS

    def setup(self, players: list[Player], seed: int, options: dict[str, Any] | None = None) -> State:
        return new_match(players, seed, options)

    def to_act(self, state: State) -> list[Player]:
        return [] if state["phase"] == "over" else [state["to_move"]]

    def legal_actions(self, state: State, player: Player) -> list[Action]:
        if player not in self.to_act(state):
            return []
        if state["phase"] == "manoeuvre":
            return manoeuvres.legal_builds(state, player)
        return battle.legal_steps(state, player)

    def apply(self, state: State, player: Player, action: Action) -> State:
        """The state after `player`'s action; then every player to act who has a plan plays
        it as far as it goes (standing orders)."""
        if standing.is_standing(action):
            standing.check_player(self.name, state, player, state["phase"] == "over")
            plan = standing.check_plan(self.name, action, PLAN_SHAPES)
            new = copy_state(state)
            standing.set_plan(new, player, plan)
        else:
            self._check_may_act(state, player)
            self._check_legal(state, player, action)
            new = copy_state(state)
            self._play(new, player, action)
        standing.play_plans(new, to_act=self.to_act, is_legal=self._is_legal, play=self._play, moment=_moment)
        return new

    def _check_legal(self, state: State, player: Player, action: Action) -> None:
        self._check_shape(state, action)
        if state["phase"] == "manoeuvre":
            manoeuvres.check_build(state, player, action)
        else:
            battle.check_step(state, player, action)

    def _is_legal(self, state: State, player: Player, action: Action) -> bool:
        try:
            self._check_legal(state, player, action)
        except IllegalAction:
            return False
        return True

    def _play(self, state: State, player: Player, action: Action) -> None:
        """One legal action by the rules (in place)."""
        self._record(state, player, action)
        if state["phase"] == "manoeuvre":
            full = manoeuvres.build(state, player, action)
            state["turn"] += 1
            if full:
                self._start_battle(state, player)
        elif battle.take_step(state, player, action):
            state["turn"] += 1
            state["to_move"], state["step"] = opponent(state, player), "start"
            self._end_if_stuck(state)

    def _record(self, state: State, player: Player, action: Action) -> None:
        """Each player's latest turn, in text, so that the other can read what happened."""
        last = state["last_turn"] or {}
        starts_turn = state["step"] in ("build", "start")
        previous = [] if starts_turn else last.get(player, [])
        state["last_turn"] = {**last, player: previous + [notation.action_text(action)]}

    def _start_battle(self, state: State, last_builder: Player) -> None:
        """T6: the player who did not build last holds the spare and starts the battle."""
        spare = opponent(state, last_builder)
        state.update(phase="battle", spare=spare, to_move=spare, step="start")
        self._end_if_stuck(state)

    def _end_if_stuck(self, state: State) -> None:
        """T9: the game ends when the player to move has no legal turn; T4: the
        second game begins with the first game's second player."""
        if battle.has_turn(state, state["to_move"]):
            return
        state["results"] = state["results"] + [game_result(state)]
        standing.clear_all(state)  # a plan is for the game of the match it was given in
        if state["game_number"] < state["options"]["games"]:
            start_game(state, opponent(state, state["first"]))
        else:
            state.update(phase="over", to_move=None, step=None)

    def _check_may_act(self, state: State, player: Player) -> None:
        if player not in state["players"]:
            raise IllegalAction(N_("%(player)s is not playing in this game."), "tara.not-a-player", player=repr(player))
        if state["phase"] == "over":
            raise IllegalAction(N_("The match is over."), "tara.match-over")
        if player != state["to_move"]:
            raise IllegalAction(N_("It is not your move; waiting for %(waiting)s."), "tara.not-your-move",
                                waiting=[state["to_move"]])

    def _check_shape(self, state: State, action: Any) -> None:
        kind = action.get("type") if isinstance(action, dict) else None
        if not isinstance(kind, str) or kind not in ACTION_KEYS:
            raise IllegalAction(N_("An action is one of build, move-bridge, swap or link."), "tara.action-type")
        if kind not in PHASE_ACTIONS[state["phase"]]:
            if state["phase"] == "manoeuvre":
                raise IllegalAction(N_("In the manoeuvre phase you may only build."), "tara.manoeuvre-builds")
            raise IllegalAction(N_("In the battle phase you may only link or move-bridge or swap."), "tara.battle-steps")
        required, optional = ACTION_KEYS[kind]
        if not required <= set(action) <= required | optional:
            keys = ", ".join(sorted(required))
            if optional:
                raise IllegalAction(N_("A %(kind)s action has exactly the keys %(keys)s (and optionally %(optional)s)."),
                                    "tara.action-keys", kind=kind, keys=keys, optional=", ".join(sorted(optional)))
            raise IllegalAction(N_("A %(kind)s action has exactly the keys %(keys)s."), "tara.action-keys",
                                kind=kind, keys=keys)
        if "skip" in action and action["skip"] is not True:
            raise IllegalAction(N_("Leave out 'skip' unless you take the skip option."), "tara.skip-value")

    def view(self, state: State, player: Player | None) -> View:
        if player is not None and player not in state["players"]:
            raise IllegalAction(N_("%(player)s is not playing in this game."), "tara.not-a-player", player=repr(player))
        return build_view(state, player, self.to_act(state))

    def timeout_action(self, state: State, player: Player) -> Action:
        """T13: no passing in Tara, so the bot chooses for the late player."""
        self._check_may_act(state, player)
        position = f"{state['seed']}:{state['game_number']}:{state['turn']}:{state['step']}"
        bot = self.make_bot(random.Random(position).randrange(2**31))
        return bot.choose(self.view(state, player), self.legal_actions(state, player))

    def timeout_actions(self, state: State, player: Player, bot: Bot | None = None) -> list[Action]:
        """T13: a deadline, even mid-turn, completes the whole turn with the bot's choices
        (the given bot's, or the game's own)."""
        actions = []
        start = (state["game_number"], state["turn"])
        while player in self.to_act(state) and (state["game_number"], state["turn"]) == start:
            if bot is None:
                action = self.timeout_action(state, player)
            else:
                action = bot.choose(self.view(state, player), self.legal_actions(state, player))
            actions.append(action)
            state = self.apply(state, player, action)
        return actions

    def make_bot(self, seed: int) -> Bot:
        return TaraBot(seed)

    def mid_turn(self, state: State) -> bool:
        """After a bridge move or a swap the same player goes on with their turn."""
        return state["phase"] == "battle" and state["step"] in ("swap", "link")

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> dict[Player, int]:
        return match_points(state)

    def winners(self, state: State) -> list[Player]:
        return match_winners(state)

    action_text = staticmethod(notation.action_text)
    parse_action = staticmethod(notation.parse_action)
    describe_action = staticmethod(notation.describe_action)
    describe_action_message = staticmethod(notation.describe_action_message)
