"""What every rules engine shares: the state types, the error, the interface.

A game is a stateless object whose methods take and return plain JSON states
(see docs/engine.md). Engines never import Flask, SQLAlchemy, the mail code or
the clock: they can be replayed, tested and benchmarked on their own.
"""
from __future__ import annotations

from typing import Any, Protocol

Player = str
State = dict[str, Any]
Action = dict[str, Any]
View = dict[str, Any]
# A sentence for a person (docs/engine.md, "Messages"):
# {"id": "tain.kingdom-cow", "msgid": "Foreign kingdom: %(player)s's %(token)s takes a cow.",
#  "params": {"player": "ann", "token": "warrior"}, "text": "Foreign kingdom: ann's warrior takes a cow."}
# and, when it changes with a number, "plural" (the plural msgid; `params["num"]` chooses).
Message = dict[str, Any]
# A game's words among its messages' parameters: parameter name → {value: (context, English)}, each
# entry written `Np_("tain token", "warrior")`; the service says a word in the reader's language.
Words = dict[str, dict[str, tuple[str, str]]]


# The markers `make messages` extracts (babel.cfg; the Makefile's keywords): they only mark, and the
# service translates where it shows a sentence.
def N_(message: str) -> str:
    """An English sentence, its message id in the catalogue: `%(name)s` where a parameter goes."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """A sentence that changes with the parameter `num`: its singular and its plural."""
    return singular, plural


def Np_(context: str, word: str) -> tuple[str, str]:
    """A word of a game (a token, an entrance) in its context: one entry of the game's `words`."""
    return context, word


def message(key: str, msgid: str | tuple[str, str], words: Words | None = None, **params: Any) -> Message:
    """A sentence for a person: its id (`<game>.<what>`), its English msgid (`N_`, or `Nn_` with a
    `num` parameter), its parameters (names, numbers, and words of the game as their ids), and its
    English text, each word in its English form (`words`)."""
    if isinstance(msgid, tuple):
        singular, plural = msgid
        return {"id": key, "msgid": singular, "plural": plural, "params": params,
                "text": english(singular if params["num"] == 1 else plural, params, words)}
    return {"id": key, "msgid": msgid, "params": params, "text": english(msgid, params, words)}


def english(msgid: str, params: dict[str, Any], words: Words | None = None) -> str:
    """The sentence in English: each word in its English form, a list of names as "a, b and c"."""
    return msgid % {name: _english(words, name, value) for name, value in params.items()}


def _english(words: Words | None, name: str, value: Any) -> Any:
    if isinstance(value, list):
        items = [str(item) for item in value]
        return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)
    if isinstance(value, dict) and "text" in value:  # a message inside a message (Inis: a move's details)
        return value["text"]
    entry = words.get(name, {}).get(value) if words and isinstance(value, str) else None
    return value if entry is None else entry[1]


class Bot(Protocol):
    """Chooses a move for one seat from that seat's view and legal actions, never the state."""

    def choose(self, view: View, legal_actions: list[Action]) -> Action: ...


class PlanningBot(Bot, Protocol):
    """A bot that can also give standing orders: a whole plan from its view (standing.py)."""

    def plan(self, view: View) -> list[list[Action]]: ...


class Refusal(ValueError):
    """A refusal in a sentence for a person. `message` is the English msgid (`N_`, `%(name)s` where
    a parameter goes), `code` its message id and `params` what fills it, so that the service can say
    it in the person's own language (docs/engine.md, "Messages"); `str(error)` is the English
    sentence (bots, logs and the JSON API's "error").

    `IllegalAction(N_("Your %(entrance)s is already guarded."), "tain.guarded", entrance="house-2")`
    """

    code = "refused"

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(english(message, params) if params else message)
        self.message = message
        self.code = code or self.code
        self.params = params

    @classmethod
    def saying(cls, said: Message) -> Refusal:
        """The refusal that says a message (`message`'s)."""
        return cls(said["msgid"], said["id"], **said["params"])


class IllegalAction(Refusal):
    """An action the rules do not allow now."""

    code = "illegal-action"


class SetupError(Refusal):
    """Players, seed or options that a game cannot be set up with."""

    code = "bad-setup"


def standings(view: dict[str, Any]) -> list[str]:
    """A finished game's players as its final scores list them: winners first, then by points (the
    engine's tie-breaks already chose the winners), seat order between equals."""
    scores, winners = view["scores"], view["winners"]
    return sorted(view["players"], key=lambda player: (player not in winners, -scores[player]))


def player_count_problem(title: str, min_players: int, max_players: int, count: int) -> Message:
    """The sentence refusing `count` players: "Tara is played by exactly 2 players, not 3."."""
    if min_players == max_players:
        return message("setup.player-count-exact", N_("%(title)s is played by exactly %(least)s players, not %(count)s."),
                       title=title, least=min_players, count=count)
    return message("setup.player-count", N_("%(title)s is played by %(least)s to %(most)s players, not %(count)s."),
                   title=title, least=min_players, most=max_players, count=count)


def check_setup(title: str, players: Any, seed: Any, options: dict[str, Any],
                min_players: int, max_players: int, known_options: set[str]) -> None:
    """What every game asks of `setup`'s arguments; raises SetupError in plain words."""
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise SetupError(N_("Players must be a list of non-empty names."), "setup.players")
    if any(p != p.strip() for p in players):  # the text form of an action could not name them
        raise SetupError(N_("A player's name may not begin or end with a space."), "setup.name-spaces")
    if not min_players <= len(players) <= max_players:
        raise SetupError.saying(player_count_problem(title, min_players, max_players, len(players)))
    if len(set(players)) != len(players):
        raise SetupError(N_("Each player needs a different name."), "setup.same-names")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SetupError(N_("The seed must be a whole number."), "setup.seed")
    unknown = set(options) - known_options
    if unknown:
        raise SetupError(N_("%(title)s has no option %(option)s."), "setup.unknown-option", title=title,
                         option=repr(sorted(unknown)[0]))
    first = options.get("first_player")
    if first is not None and first not in players:
        raise SetupError(N_("The first player %(player)s is not one of the players."), "setup.first-player",
                         player=repr(first))


class UnknownGame(KeyError):
    """No engine is registered under that name."""

    def __str__(self) -> str:
        return f"There is no game called {self.args[0]!r}."


class Game(Protocol):
    """The interface of `../shared/spec/engine-api.md`; every engine implements it."""

    name: str
    title: str
    min_players: int
    max_players: int
    # The game's own setup options besides the first player, for forms:
    # option → (label, [(value, words), ...]), the default first; label and words marked with N_.
    option_choices: dict[str, tuple[str, list[tuple[Any, str]]]]
    words: Words  # the words among its messages' parameters (docs/engine.md, "Messages")

    def setup(self, players: list[Player], seed: int, options: dict[str, Any] | None = None) -> State: ...
    def to_act(self, state: State) -> list[Player]: ...
    def legal_actions(self, state: State, player: Player) -> list[Action]: ...
    def apply(self, state: State, player: Player, action: Action) -> State: ...
    def view(self, state: State, player: Player | None) -> View: ...
    def timeout_action(self, state: State, player: Player) -> Action: ...
    def timeout_actions(self, state: State, player: Player, bot: Bot | None = None) -> list[Action]: ...
    def make_bot(self, seed: int) -> PlanningBot: ...
    def mid_turn(self, state: State) -> bool: ...
    def is_over(self, state: State) -> bool: ...
    def scores(self, state: State) -> dict[Player, int]: ...
    def winners(self, state: State) -> list[Player]: ...
    def action_text(self, action: Action) -> str: ...
    def parse_action(self, text: str) -> Action: ...
    def describe_action(self, action: Action, player: Player, for_others: bool = False) -> str: ...
    def describe_action_message(self, action: Action, player: Player, for_others: bool = False) -> Message: ...
