"""A game as JSON (seed, options, players, action log) and back.

An import replays the log through the engine before anything is written: a log
the engine refuses is refused with the engine's own sentence, and nothing changes.
The export holds every face-down token (it is the whole log): the admin asks for it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import Any

from tain.games import Action, Game as Engine, IllegalAction, SetupError, UnknownGame, get_game
from tain.models import Game

from .errors import InvalidGame
from .games import NewPlayer, create_game, seed_problems

MAX_SECONDS = 10**9  # about 31 years: any duration past it is no timing (and would overflow a timedelta)

FORMAT = "tain-game/1"


def export_game(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": game.game,
        "id": game.id,
        "seed": game.seed,
        "options": dict(game.options),
        "players": [{"name": s.name, "email": s.email, "bot": s.bot} for s in game.seats],
        "move_deadline_seconds": game.move_deadline_seconds,
        "phase_deadline_seconds": game.phase_deadline_seconds,
        "status": game.status,
        "actions": [
            {"player": r.player, "action": r.action, "on_timeout": r.on_timeout, "at": r.created_at.isoformat()}
            for r in game.actions
        ],
    }


def import_game(data: Any, *, now: datetime, also: Callable[[Game], None] | None = None) -> Game:
    """A new game (new links, invitations sent) from an export; InvalidGame says what is wrong with it.
    `also` does more to the new game in the same transaction (the admin's audit entry)."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise InvalidGame([f"This is not a game export (its \"format\" must be {FORMAT!r})."])
    try:
        engine = get_game(data.get("game"))
    except (UnknownGame, TypeError):
        raise InvalidGame([f"There is no game called {data.get('game')!r}."]) from None
    players = _players(data.get("players"))
    options = data.get("options") or {}
    seed = data.get("seed")
    if type(seed) is not int or not isinstance(options, Mapping):
        raise InvalidGame(["The export's seed must be a whole number and its options an object."])
    if seed_problems(seed):  # before the replay, which would refuse its first action instead
        raise InvalidGame(seed_problems(seed))
    log = _log(data.get("actions"))
    _replay(engine, [p.name for p in players], seed, dict(options), log)  # the engine judges the options
    return create_game(
        engine.name, players, now=now, seed=seed, first_player=options.get("first_player"),
        options={key: value for key, value in options.items() if key != "first_player"},
        move_deadline=_duration(data, "move_deadline_seconds"),
        phase_deadline=_duration(data, "phase_deadline_seconds"),
        log=log, also=also,
    )


def _players(raw: Any) -> list[NewPlayer]:
    if not isinstance(raw, list) or not all(isinstance(p, Mapping) for p in raw):
        raise InvalidGame(["The export's \"players\" must be a list of {\"name\", \"email\", \"bot\"}."])
    try:
        return [NewPlayer(str(p["name"]), str(p.get("email") or ""), bool(p.get("bot"))) for p in raw]
    except KeyError:
        raise InvalidGame(["Every player in the export needs a name."]) from None


def _log(raw: Any) -> list[tuple[str, Action, bool]]:
    if not isinstance(raw, list):
        raise InvalidGame(["The export's \"actions\" must be a list."])
    log = []
    for number, entry in enumerate(raw, start=1):
        if not (isinstance(entry, Mapping) and isinstance(entry.get("player"), str)
                and isinstance(entry.get("action"), dict)):
            raise InvalidGame([f"Action {number} of the log needs a \"player\" and an \"action\" object."])
        log.append((entry["player"], entry["action"], bool(entry.get("on_timeout"))))
    return log


def _replay(engine: Engine, players: list[str], seed: int, options: dict[str, Any],
            log: list[tuple[str, Action, bool]]) -> None:
    """Refuse the log at its first action the engine refuses, in the engine's words."""
    try:
        state = engine.setup(players, seed, options)
    except SetupError as error:
        raise InvalidGame([str(error)]) from None
    for number, (player, action, _) in enumerate(log, start=1):
        try:
            state = engine.apply(state, player, action)
        except (IllegalAction, TypeError, KeyError, ValueError) as error:
            raise InvalidGame([f"Action {number} of the log ({player}) is refused: {_sentence(error)}"]) from None


def _sentence(error: Exception) -> str:
    return str(error) if isinstance(error, IllegalAction) else "that move is not understood."


def _duration(data: Mapping[str, Any], key: str) -> timedelta | None:
    """A timing of the export, null for none; create_game judges its range."""
    seconds = data.get(key)
    if seconds is None:
        return None
    if type(seconds) is not int or not 0 < seconds <= MAX_SECONDS:
        raise InvalidGame([f"The export's {key!r} must be a whole number of seconds, or null."])
    return timedelta(seconds=seconds)
