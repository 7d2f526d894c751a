"""Inis behind the engine interface (`engine-api.md`, `engine-api-inis.md`)."""
from __future__ import annotations

import json
import marshal
from typing import Any

from tain.games.base import N_, Action, Bot, IllegalAction, Message, Player, State, View
from tain.games.inis import driver, notation, standing
from tain.games.inis.driver import canonical
from tain.games.inis.bots import InisBot
from tain.games.inis.catalogue import catalogue, catalogue_messages, is_card
from tain.games.inis.flow import program
from tain.games.inis.setup import new_state
from tain.games.inis.timeouts import timeout_for
from tain.games.inis.view import build_view, _scores
from tain.games.inis.words import WORDS, players_and, refusal

SEASON_PASS_RULE = {"window": "season-turn", "then": "pass"}


class InisGame:
    """Chieftains of Celtic clans on a new island, by card play, drafts and clashes."""

    name = "inis"
    title = "Inis"
    min_players = 2
    max_players = 4
    option_choices = {"discovery": (N_("Start"), [(False, N_("random territories")), (True, N_("discovery scenario"))])}
    words = WORDS
    # I63: the steps everyone concerned answers at once, on the phase deadline however many still owe
    # them (a window or gifts asking several are too: the service counts `to_act`).
    simultaneous_steps = frozenset({"draft", "citadels", "peace-vote"})

    def setup(self, players: list[Player], seed: int, options: dict[str, Any] | None = None) -> State:
        state = new_state(players, seed, options)
        return driver.advance(state, program, [])

    def catalogue(self) -> dict[str, Any]:
        return catalogue()

    def to_act(self, state: State) -> list[Player]:
        pending = state["pending"]
        return list(pending["players"]) if pending else []

    def legal_actions(self, state: State, player: Player) -> list[Action]:
        pending = state["pending"]
        if not pending or player not in pending["players"]:
            return []
        return marshal.loads(marshal.dumps(pending["legal"][player]))

    def apply(self, state: State, player: Player, action: Action) -> State:
        self._check_player(state, player)
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction(N_('An action is a dict with a type, such as {"type": "pass"}.'), "inis.no-type")
        if not _plain_json(action):  # a state holds only plain JSON (standing rules are kept in it)
            raise IllegalAction(N_("An action holds only names, numbers, true, false, null, lists and dicts."),
                                "inis.not-json")
        if action["type"] == "standing":
            if set(action) == {"type", "rules"}:
                standing.check_rules(action["rules"])
                return driver.add_rules(state, player, action)
            if set(action) == {"type", "plan"}:
                standing.check_plan(action["plan"])
                return driver.advance(state, program, [[player, json.loads(json.dumps(action))]])
            raise IllegalAction(N_("A standing action has the keys type and rules (or type and plan)."),
                                "inis.standing-keys")
        pending = state["pending"]
        if player not in pending["players"]:
            raise IllegalAction(N_("It is not your move; waiting for %(players)s."), "inis.not-your-move",
                                waiting=pending["players"], players=players_and(pending["players"]))
        wanted = canonical(action)
        legal = pending["legal"][player]
        plain = json.loads(wanted)
        chosen = next((a for a in legal if a == plain and canonical(a) == wanted), None)
        if chosen is None:
            raise _refusal(state, player, action, legal)
        return driver.advance(state, program, [[player, chosen]])

    def _check_player(self, state: State, player: Player) -> None:
        if player not in state["players"]:
            raise _not_playing(player)
        if state["pending"] is None:
            raise IllegalAction(N_("The game is over."), "inis.game-over")

    def view(self, state: State, player: Player | None) -> View:
        if player is not None and player not in state["players"]:
            raise _not_playing(player)
        return build_view(state, player)

    def timeout_action(self, state: State, player: Player) -> Action:
        """I63: what a missed deadline does now for `player`."""
        self._check_player(state, player)
        if player not in state["pending"]["players"]:
            raise IllegalAction(N_("It is not your move."), "inis.not-your-move", waiting=state["pending"]["players"])
        pending = state["pending"]
        return timeout_for(state["board"], player, pending["timeout"], pending["legal"][player])

    def timeout_actions(self, state: State, player: Player, bot: Bot | None = None) -> list[Action]:
        """Everything the deadline does, in order: on a Season turn a Season-turn pass rule then
        the pass (I63); a declaration under way finished; with a bot, the bot's choices."""
        first = self.timeout_action(state, player)
        if bot is None and state["pending"]["step"] == "turn" and first == {"type": "pass"}:
            rules = [r for r in state["board"]["standing"][player] if r != SEASON_PASS_RULE]
            return [{"type": "standing", "rules": [dict(SEASON_PASS_RULE)] + rules[:standing.MAX_RULES - 1]}, first]
        actions = []
        while True:
            if bot is None:
                action = self.timeout_action(state, player)
            else:
                action = bot.choose(self.view(state, player), self.legal_actions(state, player))
            actions.append(action)
            state = self.apply(state, player, action)
            pending = state["pending"]
            if not pending or player not in pending["players"] or pending["step"] != "declare":
                return actions

    def make_bot(self, seed: int) -> InisBot:
        return InisBot(seed)

    def mid_turn(self, state: State) -> bool:
        return bool(state["pending"] and state["pending"]["mid_turn"])

    def is_over(self, state: State) -> bool:
        return state["pending"] is None

    def scores(self, state: State) -> dict[Player, int]:
        return _scores(state["board"])

    def winners(self, state: State) -> list[Player]:
        winner = state["board"]["winner"]
        return [winner] if winner else []

    action_text = staticmethod(notation.action_text)
    parse_action = staticmethod(notation.parse_action)
    describe_action = staticmethod(notation.describe_action)
    describe_action_message = staticmethod(notation.describe_action_message)
    catalogue_messages = staticmethod(catalogue_messages)


def _plain_json(value: Any) -> bool:
    try:
        return json.loads(json.dumps(value, allow_nan=False)) == value
    except (TypeError, ValueError):
        return False


def _not_playing(player: Any) -> IllegalAction:
    return IllegalAction(N_("%(player)s is not playing in this game."), "inis.not-playing", player=repr(player))


def _refusal(state: State, player: Player, action: Action, legal: list[Action]) -> IllegalAction:
    """One sentence in the player's terms saying why the action is not allowed now."""
    kind = action["type"]
    waiting: Message = state["pending"]["message"]
    if not any(a["type"] == kind for a in legal):
        return refusal(N_("You cannot %(type)s now: waiting for %(waiting)s."), "inis.wrong-step",
                             type=kind, step=state["pending"]["step"], waiting=waiting)
    card = action.get("card")
    if kind == "play" and is_card(card):
        if not any(a.get("card") == card for a in legal):
            return refusal(N_("You cannot play %(card)s now."), "inis.card-not-playable", card=card)
        return refusal(N_("%(card)s cannot be played that way now; check its targets."),
                             "inis.play-not-allowed", card=card)
    return IllegalAction(N_("That %(type)s is not allowed now."), "inis.not-allowed", type=kind)
