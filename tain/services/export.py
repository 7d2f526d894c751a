"""A game as JSON (seed, options, players, timing, status and times, action log) and back.

An import replays the log through the engine before anything is written: a log
the engine refuses is refused with the engine's own sentence, and nothing changes.
Export → import → export gives the same JSON but for the id: the copy keeps its
timing, its status (a cancelled game stays cancelled), its pause and every time;
only its clock starts afresh at the import, and a game that no longer runs
invites nobody. The export holds every face-down token (it is the whole log):
the admin asks for it.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta, timezone
from typing import Any

from tain.games import Game as Engine, IllegalAction, SetupError, State, UnknownGame, get_game
from tain.messages import told
from tain.models import Game
from tain.wording import N_, Phrase

from .errors import InvalidGame
from .games import History, LoggedAction, NewPlayer, create_game, seed_problems

FORMAT = "tain-game/1"  # the fields added since (timing, status, times) are optional on import
MAX_SECONDS = 10**9  # about 31 years: any duration past it is no timing (and would overflow a timedelta)
STATUSES = ("running", "over", "cancelled")


def export_game(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": game.game,
        "id": game.id,
        "seed": game.seed,
        "options": dict(game.options),
        "players": [{"name": s.name, "email": s.email, "bot": s.bot, "language": s.language} for s in game.seats],
        "move_deadline_seconds": game.move_deadline_seconds,
        "phase_deadline_seconds": game.phase_deadline_seconds,
        "reminder_before_seconds": game.reminder_before_seconds,
        "bot_on_timeout": game.bot_on_timeout,
        "status": game.status,
        "created_at": _time_text(game.created_at),
        "paused_at": _time_text(game.paused_at),
        "finished_at": _time_text(game.finished_at),
        "actions": [
            {"player": r.player, "action": r.action, "on_timeout": r.on_timeout, "at": _time_text(r.created_at)}
            for r in game.actions
        ],
    }


def import_game(data: Any, *, now: datetime, also: Callable[[Game], None] | None = None) -> Game:
    """A new game (new links; invitations sent if it runs) from an export; InvalidGame says what is
    wrong with it. `also` does more to the new game in the same transaction (the admin's audit entry)."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise InvalidGame([Phrase(N_("This is not a game export (its \"format\" must be \"%(format)s\")."), format=FORMAT)])
    try:
        engine = get_game(data.get("game"))
    except (UnknownGame, TypeError):
        raise InvalidGame([Phrase(N_("There is no game called %(game)s."), game=repr(data.get("game")))]) from None
    players = _players(data.get("players"))
    options = data.get("options") or {}
    seed = data.get("seed")
    if type(seed) is not int or not isinstance(options, Mapping):
        raise InvalidGame([Phrase(N_("The export's seed must be a whole number and its options an object."))])
    if seed_problems(seed):  # before the replay, which would refuse its first action instead
        raise InvalidGame(seed_problems(seed))
    bot_on_timeout = data.get("bot_on_timeout", False)
    if type(bot_on_timeout) is not bool:
        raise InvalidGame([Phrase(N_("The export's \"bot_on_timeout\" must be true or false."))])
    log = _log(data.get("actions"), now)
    state = _replay(engine, [p.name for p in players], seed, dict(options), log)  # the engine judges the options
    return create_game(
        engine.name, players, now=now, seed=seed, first_player=options.get("first_player"),
        options={key: value for key, value in options.items() if key != "first_player"},
        move_deadline=_duration(data, "move_deadline_seconds"),
        phase_deadline=_duration(data, "phase_deadline_seconds"),
        reminder_before=_duration(data, "reminder_before_seconds"),
        bot_on_timeout=bot_on_timeout, history=_history(data, log, engine.is_over(state), now), also=also,
    )


def _players(raw: Any) -> list[NewPlayer]:
    if not isinstance(raw, list) or not all(isinstance(p, Mapping) for p in raw):
        raise InvalidGame([Phrase(N_("The export's \"players\" must be a list of {\"name\", \"email\", \"bot\", \"language\"}."))])
    try:  # a language that is not a string is refused by create_game like any other it does not know
        return [NewPlayer(str(p["name"]), str(p.get("email") or ""), bool(p.get("bot")), p.get("language"))
                for p in raw]
    except KeyError:
        raise InvalidGame([Phrase(N_("Every player in the export needs a name."))]) from None


def _log(raw: Any, now: datetime) -> list[LoggedAction]:
    """The log's entries; an entry without its time (a hand-made log) is dated `now`."""
    if not isinstance(raw, list):
        raise InvalidGame([Phrase(N_("The export's \"actions\" must be a list."))])
    log = []
    for number, entry in enumerate(raw, start=1):
        if not (isinstance(entry, Mapping) and isinstance(entry.get("player"), str)
                and isinstance(entry.get("action"), dict)):
            raise InvalidGame([Phrase(N_("Action %(number)s of the log needs a \"player\" and an \"action\" object."),
                                      number=number)])
        at = _time(entry.get("at"), Phrase(N_("The time of action %(number)s of the log (\"at\")"), number=number))
        log.append(LoggedAction(entry["player"], entry["action"], bool(entry.get("on_timeout")), at or now))
    return log


def _history(data: Mapping[str, Any], log: list[LoggedAction], over: bool, now: datetime) -> History:
    """The game's status and times, refused where they do not agree with each other or with the log."""
    status = data.get("status", "over" if over else "running")
    if status not in STATUSES:
        raise InvalidGame([Phrase(N_("The export's \"status\" must be one of %(statuses)s."), statuses=", ".join(STATUSES))])
    if (status == "over") != over:
        raise InvalidGame([Phrase(N_("The export's status is \"%(status)s\", but the log does not end the game that way."),
                                  status=status)
                           if status == "over" else Phrase(N_("The log ends the game, so its status must be \"over\"."))])
    created_at, paused_at, finished_at = (_time(data.get(key), Phrase(N_("The export's \"%(key)s\""), key=key))
                                          for key in ("created_at", "paused_at", "finished_at"))
    if paused_at is not None and paused_at > now:  # the copy's clock starts from it
        raise InvalidGame([Phrase(N_("The export's \"paused_at\" is later than now."))])
    if paused_at is not None and status != "running":
        raise InvalidGame([Phrase(N_("Only a running game can be paused; this one is not running."))])
    if status == "cancelled" and finished_at is None:
        raise InvalidGame([Phrase(N_("A cancelled game needs the time it was cancelled, \"finished_at\"."))])
    if status == "running" and finished_at is not None:
        raise InvalidGame([Phrase(N_("A running game has no \"finished_at\"."))])
    created_at = created_at or (log[0].at if log else now)  # an export made before it had the field
    return History(log, created_at, paused_at, finished_at, cancelled=status == "cancelled")


def _time(raw: Any, what: Phrase) -> datetime | None:
    """An ISO time with its offset, in UTC (None stays None); InvalidGame saying `what` is wrong."""
    if raw is None:
        return None
    try:
        moment = datetime.fromisoformat(raw)
        if moment.tzinfo is not None:
            return moment.astimezone(timezone.utc)
    except (TypeError, ValueError, OverflowError):
        pass
    raise InvalidGame([Phrase(N_("%(what)s must be a time with its offset, such as %(example)s."), what=what,
                              example="2030-05-01T12:00:00+00:00")])


def _time_text(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _replay(engine: Engine, players: list[str], seed: int, options: dict[str, Any], log: list[LoggedAction]) -> State:
    """The state the log gives; refused at its first action the engine refuses, in the engine's words."""
    try:
        state = engine.setup(players, seed, options)
    except SetupError as error:
        raise InvalidGame([told(error)]) from None
    for number, entry in enumerate(log, start=1):
        try:
            state = engine.apply(state, entry.player, entry.action)
        except (IllegalAction, TypeError, KeyError, ValueError) as error:
            raise InvalidGame([Phrase(N_("Action %(number)s of the log (%(player)s) is refused: %(reason)s"), number=number,
                                      player=entry.player, reason=_sentence(error))]) from None
    return state


def _sentence(error: Exception) -> str:
    return told(error) if isinstance(error, IllegalAction) else Phrase(N_("that move is not understood."))


def _duration(data: Mapping[str, Any], key: str) -> timedelta | None:
    """A timing of the export, null for none; create_game judges its range."""
    seconds = data.get(key)
    if seconds is None:
        return None
    if type(seconds) is not int or not 0 < seconds <= MAX_SECONDS:
        raise InvalidGame([Phrase(N_("The export's \"%(key)s\" must be a whole number of seconds, or null."), key=key)])
    return timedelta(seconds=seconds)
