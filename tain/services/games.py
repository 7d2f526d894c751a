"""Creating games, applying actions under a row lock, and replaying the log.

The action log is the truth: a game's state is `setup(players, seed, options)`
followed by every logged action; `Game.state` only caches that replay.
"""
from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from email_validator import EmailNotValidError, validate_email

from tain import transactions
from tain.extensions import db
from tain.games import Action, Game as Engine, SetupError, State, UnknownGame, View, get_game
from tain.games.base import player_count_problem
from tain.games.standing import is_standing
from tain.messages import Told, told
from tain.models import MAX_SEED, ActionRecord, Game, Seat
from tain.wording import N_, Phrase, is_language

from . import checkpoints, notify
from .bots import bot_rules_due, next_bot_move
from .links import new_link_key
from .standing import moved_by_plan
from .views import Views
from .errors import GameNotFound, IllegalAction, InvalidGame
from .timing import restart_clock

# `Name <email>`, and the player's language after it if the creator chooses it (`Ann <ann@example.org> it`).
_PLAYER_RE = re.compile(r"^\s*(?P<name>.*?)\s*<(?P<email>[^<>\s]+)>\s*(?P<language>[^<>\s]+)?\s*$")
_DURATION_RE = re.compile(r"\s*([0-9]{1,7})\s*([smhd])\s*")  # ASCII digits, few enough for a timedelta
_OPTION_RE = re.compile(r"^[a-z][a-z_]{0,30}$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
# A deadline shorter than a minute plays the game by time-outs; one of years is a mistake (and past
# year 9999, a crash). The reminder goes at most 30 days ahead.
DEADLINE_RANGE = (timedelta(minutes=1), timedelta(days=90), Phrase(N_("from 1 minute to 90 days")))
REMINDER_RANGE = (timedelta(minutes=1), timedelta(days=30), Phrase(N_("from 1 minute to 30 days")))
MAX_NAME_LENGTH = 40
log = logging.getLogger(__name__)


def normalized_email(text: str) -> str | None:
    """The address as it is stored and mailed to (domain in lower case, an international one in
    IDNA), or None when it is no address mail goes to exactly: a `,`, `;`, comment or quote in
    it, a local part that is not ASCII (we do not require SMTPUTF8 of servers), a reserved domain."""
    try:
        return validate_email(text, check_deliverability=False, allow_smtputf8=False).ascii_email
    except EmailNotValidError:
        return None


def checked_email(text: str) -> str:
    """`normalized_email(text)`, or InvalidGame saying it is not an email address."""
    address = normalized_email(text.strip())
    if address is None:
        raise InvalidGame([Phrase(N_("%(address)s is not an email address."), address=repr(text.strip()))])
    return address


@dataclass(frozen=True)
class NewPlayer:
    name: str
    email: str  # "" for a bot seat
    bot: bool = False
    language: str | None = None  # tain.wording.LANGUAGES; None: not chosen (English, the default)


@dataclass(frozen=True)
class LoggedAction:
    player: str
    action: Action
    on_timeout: bool
    at: datetime


@dataclass(frozen=True)
class History:
    """An imported game's past: its log with each action's time, when it was made, and how it stands
    (paused since `paused_at`; ended at `finished_at`, by its log or by being `cancelled`)."""

    log: Sequence[LoggedAction]
    created_at: datetime
    paused_at: datetime | None = None
    finished_at: datetime | None = None
    cancelled: bool = False


def parse_player(text: str) -> NewPlayer:
    """`Ann <ann@example.org>` → NewPlayer; raises InvalidGame for anything else."""
    match = _PLAYER_RE.match(text)
    if not match or not match["name"]:
        raise InvalidGame([Phrase(N_("Write each player as Name <email@example.org>, not %(text)s."),
                                  text=repr(text.strip()))])
    if match["language"] is not None and not is_language(match["language"]):
        raise InvalidGame([Phrase(N_("Write a player's language after their address as en or it, not %(code)s."),
                                  code=repr(match["language"][:10]))])
    return NewPlayer(match["name"], match["email"], language=match["language"])


def parse_duration(text: str) -> timedelta:
    """`90s`, `30m`, `24h` or `3d` → timedelta; raises InvalidGame otherwise."""
    match = _DURATION_RE.fullmatch(text or "")
    if not match or int(match[1]) == 0:
        raise InvalidGame([Phrase(N_("Write a duration as 90s, 30m, 24h or 3d, not %(text)s."), text=repr(text))])
    return timedelta(seconds=int(match[1]) * _UNITS[match[2]])


def timing_problems(move_deadline: timedelta | None, phase_deadline: timedelta | None,
                    reminder_before: timedelta | None) -> list[str]:
    """What is wrong with a game's timing (None: no deadline, or no reminder): each within its range."""
    problems = []
    for problem, duration, (shortest, longest, words) in (
        (N_("The time for each move must be %(range)s, not %(given)s."), move_deadline, DEADLINE_RANGE),
        (N_("The time for a phase played by all at once must be %(range)s, not %(given)s."), phase_deadline,
         DEADLINE_RANGE),
        (N_("The reminder must be %(range)s, not %(given)s."), reminder_before, REMINDER_RANGE),
    ):
        if duration is not None and not shortest <= duration <= longest:
            problems.append(Phrase(problem, range=words, given=duration_text(duration) or Phrase(N_("nothing"))))
    return problems


_BOOLEANS = {"true": True, "false": False}


def parse_options(text: str) -> dict[str, Any]:
    """`level=2 games=1` (spaces or commas between) → {"level": 2, "games": 1}: a game's setup
    options, whole numbers as numbers, true and false as such (Inis: `discovery=true`); raises
    InvalidGame for anything else. The engine
    decides which options and values it takes."""
    options: dict[str, Any] = {}
    for part in (text or "").replace(",", " ").split():
        key, equals, value = part.partition("=")
        if not equals or not _OPTION_RE.match(key) or not value or key == "first_player":
            raise InvalidGame([Phrase(N_("Write each option as name=value (such as level=2), not %(text)s."),
                                      text=repr(part[:30]))])
        options[key] = int(value) if value.isascii() and value.isdigit() else _BOOLEANS.get(value.lower(), value)
    return options


def duration_text(duration: timedelta | None) -> str:
    """The inverse of `parse_duration`, in the largest exact unit: 1 day → `1d`, 90 minutes → `90m`; None → ``."""
    seconds = 0 if duration is None else int(duration.total_seconds())
    if not seconds:
        return ""
    unit = next(unit for unit, size in sorted(_UNITS.items(), key=lambda item: -item[1]) if seconds % size == 0)
    return f"{seconds // _UNITS[unit]}{unit}"


def engine_for(game: Game) -> Engine:
    return get_game(game.game)


def player_problems(engine: Engine, players: Sequence[NewPlayer], seats: int | None = None) -> list[str]:
    """What is wrong with a new game's players: their number, names and addresses, every problem at once.
    `seats` is how many were asked for, when some of them could not be read (a form's lines)."""
    problems = []
    seats = len(players) if seats is None else seats
    if not engine.min_players <= seats <= engine.max_players:
        problems.append(Told(player_count_problem(engine.title, engine.min_players, engine.max_players, seats)))
    names = [p.name for p in players]
    emails = [p.email.lower() for p in players if not p.bot]
    if len(set(names)) != len(names):
        problems.append(Phrase(N_("Two players have the same name; give each a different one.")))
    if len(set(emails)) != len(emails):
        problems.append(Phrase(N_("Two players have the same email address; each needs their own.")))
    if players and all(p.bot for p in players):
        problems.append(Phrase(N_("A game needs at least one player who is not a bot.")))
    for player in players:
        if not player.name.isprintable():
            problems.append(Phrase(N_("A player's name may not contain control characters.")))
        if len(player.name) > MAX_NAME_LENGTH:
            problems.append(Phrase(N_("The name %(name)s… is longer than %(most)s characters."),
                                   name=repr(player.name[:20]), most=MAX_NAME_LENGTH))
        if not player.bot and normalized_email(player.email) is None:
            problems.append(Phrase(N_("%(address)s is not an email address."), address=repr(player.email)))
        if player.language is not None and not is_language(player.language):
            problems.append(Phrase(N_("%(name)s's language must be en or it, not %(code)s."),
                                   name=player.name[:20], code=repr(str(player.language)[:10])))
    return problems


def first_player_problems(players: Sequence[NewPlayer], first_player: str | None) -> list[str]:
    """The chosen first player (None: drawn) must be one of the players."""
    if first_player is not None and first_player not in [p.name for p in players]:
        return [Phrase(N_("The first player %(name)s is not one of the players."), name=repr(first_player))]
    return []


def starter_problems(started_by: str | None) -> list[str]:
    """Who started the game is a name as a player's is: printable, at most MAX_NAME_LENGTH characters."""
    if started_by is not None and not (started_by.isprintable() and 0 < len(started_by) <= MAX_NAME_LENGTH):
        return [Phrase(N_("Who started the game is written as a name of 1 to %(most)s printable characters."),
                       most=MAX_NAME_LENGTH)]
    return []


def seed_problems(seed: int | None) -> list[str]:
    """What is wrong with a chosen seed: it is a whole number from 0 to MAX_SEED (a BIGINT column)."""
    if seed is None or (type(seed) is int and 0 <= seed <= MAX_SEED):
        return []
    return [Phrase(N_("The seed must be a whole number from 0 to %(most)s."), most=MAX_SEED)]


def create_game(
    game_name: str,
    players: Sequence[NewPlayer],
    *,
    now: datetime,
    seed: int | None = None,
    first_player: str | None = None,
    move_deadline: timedelta | None = None,
    phase_deadline: timedelta | None = None,
    reminder_before: timedelta | None = None,
    bot_on_timeout: bool = False,
    options: Mapping[str, Any] | None = None,
    history: History | None = None,
    also: Callable[[Game], None] | None = None,
    started_by: str | None = None,
) -> Game:
    """Set the game up, seat the players and queue their invitations, in one transaction.

    `options` are the game's own setup options besides the first player (Tara: `games`,
    `level`); the engine refuses those it does not know (InvalidGame, in its words).
    An imported game's `history` is applied first: its log, its times, its pause or its end (a
    game that is not running invites nobody). Bot seats then play until a person is to act.
    `also` does more to the new game in the same transaction (the admin's audit entry).
    `started_by` names who started it in the invitations (not kept).
    """
    try:
        engine = get_game(game_name)
    except UnknownGame:
        raise InvalidGame([Phrase(N_("There is no game called %(game)s."), game=repr(game_name))]) from None
    players = [p if p.bot else replace(p, email=normalized_email(p.email) or p.email) for p in players]
    problems = (player_problems(engine, players) + first_player_problems(players, first_player)
                + starter_problems(started_by) + seed_problems(seed)
                + timing_problems(move_deadline, phase_deadline, reminder_before))
    if problems:
        raise InvalidGame(problems)
    seed = secrets.randbelow(2**31) if seed is None else seed
    setup_options: dict[str, Any] = {**(options or {}), **({"first_player": first_player} if first_player else {})}
    try:
        state = engine.setup([p.name for p in players], seed, setup_options)
    except SetupError as error:
        raise InvalidGame([told(error)]) from None

    game = Game(
        game=engine.name, seed=seed, options=setup_options, status="running", state=state, version=0,
        move_deadline_seconds=_seconds(move_deadline), phase_deadline_seconds=_seconds(phase_deadline),
        reminder_before_seconds=_seconds(reminder_before), bot_on_timeout=bot_on_timeout,
        created_at=history.created_at if history else now, updated_at=now,
        paused_at=history.paused_at if history else None,
        seats=[
            Seat(position=i, name=p.name, email=p.email, bot=p.bot, link_key=new_link_key(), language=p.language)
            for i, p in enumerate(players)
        ],
    )
    views = Views(engine)
    with transactions.write():
        db.session.add(game)
        db.session.flush()  # the log and the invitations need the game's id
        for entry in history.log if history else ():
            _record(game, views, entry.player, entry.action, now=entry.at, on_timeout=entry.on_timeout)
        if history and history.cancelled:
            game.status, game.finished_at = "cancelled", history.finished_at
        else:
            if game.paused_at is None:
                _let_bots_play(game, views, now)
            _mark_over(game, engine, (history and history.finished_at) or now)
        cache_state_facts(game, engine, views.of(game.state))
        restart_clock(game, [], engine.to_act(game.state), now,
                      simultaneous=simultaneous_step(engine, views.of(game.state)))
        if game.status == "running":
            notify.game_created(game, engine, now=now, started_by=started_by)
        if also:
            also(game)
    return game


def _seconds(duration: timedelta | None) -> int | None:
    return None if duration is None else int(duration.total_seconds())


@contextmanager
def locked_game(game_id: int) -> Iterator[Game]:
    """A write transaction holding `game_id`'s row lock (`tain.transactions.game_under_lock`);
    GameNotFound when there is no such game. Commits on success, rolls back on error."""
    with transactions.game_under_lock(game_id) as game:
        if game is None:
            raise GameNotFound(game_id)
        yield game


def apply_actions(
    game: Game, player: str, actions: Sequence[Action], *, now: datetime, on_timeout: bool = False,
    views: Views | None = None,
) -> None:
    """Apply `actions` for `player` in order, log them and tell whoever must be told.

    Call inside `locked_game`. All or nothing: IllegalAction from any of them
    leaves the game as it was (the caller's transaction rolls back). `views` are the caller's
    (those it read of the game before, or will read after), shared with the change.
    """
    views = views or Views(engine_for(game))
    before, decided = game.state, _decisions(game)
    for action in actions:
        _record(game, views, player, action, now=now, on_timeout=on_timeout)
    _let_bots_play(game, views, now)
    _changed(game, views, before, now, clock=_decisions(game) != decided,
             timed_out=player if on_timeout else None, mover=None if on_timeout else player)


def let_bots_play(game: Game, *, now: datetime, tell: bool = True) -> None:
    """After a seat was given to a bot: let the bots move if it is theirs (inside `locked_game`), and
    tell everyone what it means for them (unless `tell` is False: the caller's own email says it)."""
    views = Views(engine_for(game))
    before = game.state
    if _let_bots_play(game, views, now):
        _changed(game, views, before, now, tell=tell)


def _record(game: Game, views: Views, player: str, action: Action, *, now: datetime, on_timeout: bool) -> None:
    before = game.state
    game.state = _apply_one(views.engine, before, player, action)
    db.session.add(ActionRecord(
        game_id=game.id, seq=game.version, player=player, action=action, on_timeout=on_timeout, created_at=now,
    ))
    game.version += 1
    checkpoints.keep(game)
    _new_decisions(game, views, player, action, before, now)


def _new_decisions(game: Game, views: Views, player: str, action: Action, before: State, now: datetime) -> None:
    """Move the version every seat is shown (`Game.moves`) when anyone could see the action, and mark
    where each seat's current decision began (`Seat.decision_version`, on that version): the player's
    own move ends theirs, and so does a move their plan made; a seat that has just become one to act,
    or stays to act into a new stage, starts a new one. Another seat's move in a simultaneous step
    changes nothing for the others (even when the stage's words change as seats drop out: an Inis draft
    step left to one seat), nor does a standing order that made no move: it moves no version either,
    so nobody else can tell that it was given."""
    engine = views.engine
    to_act_before, to_act_after = engine.to_act(before), engine.to_act(game.state)
    public_before, public_after = views.of(before), views.of(game.state)
    new_stage = public_before["stage"] != public_after["stage"]
    moved = moved_by_plan(views, before, game.state, [seat.name for seat in game.seats])
    if not is_standing(action):
        moved.add(player)
    if moved or public_before != public_after or to_act_before != to_act_after:
        game.moves, game.moved_at = game.moves + 1, now
    for seat in game.seats:
        if seat.name in moved or (seat.name in to_act_after and (seat.name not in to_act_before or (
                new_stage and engine.legal_actions(before, seat.name) != engine.legal_actions(game.state, seat.name)))):
            seat.decision_version = game.moves


def _decisions(game: Game) -> list[int]:
    return [seat.decision_version for seat in game.seats]


def _let_bots_play(game: Game, views: Views, now: datetime) -> int:
    """Every bot move due now, in the change's transaction, each after the standing rules the bots
    owe (they make no move, so they tell nobody anything); how many moves were made."""
    made = 0
    while True:
        for player, rules in bot_rules_due(game, views):
            _record(game, views, player, rules, now=now, on_timeout=False)
        if (move := next_bot_move(game, views)) is None:
            return made
        _record(game, views, *move, now=now, on_timeout=False)
        made += 1


def _mark_over(game: Game, engine: Engine, now: datetime) -> None:
    if engine.is_over(game.state):
        game.status = "over"
        game.finished_at = now


def cache_state_facts(game: Game, engine: Engine, public: View) -> None:
    """Keep beside the state what the admin's list shows of it, so that a page of games is read without
    decoding any state: whom it waits on ([] once over) and where it stands (the stage of `public`, the
    state's public view)."""
    game.to_act = [] if engine.is_over(game.state) else engine.to_act(game.state)
    game.stage = public["stage"]


def _changed(game: Game, views: Views, before: State, now: datetime, *, clock: bool = True,
             timed_out: str | None = None, mover: str | None = None, tell: bool = True) -> None:
    """After a change: the game's end, its clock (unless no seat's decision changed: a standing
    order that made no move keeps everyone's deadline), and the emails (unless not `tell`)."""
    engine = views.engine
    game.updated_at = now
    _mark_over(game, engine, now)
    cache_state_facts(game, engine, views.of(game.state))
    if clock:
        restart_clock(game, engine.to_act(before), engine.to_act(game.state), now, engine.mid_turn(game.state),
                      simultaneous_step(engine, views.of(game.state)))
    if tell:
        notify.game_changed(game, engine, before, game.state, views=views, now=now, timed_out=timed_out, mover=mover)


def simultaneous_step(engine: Engine, public: View) -> bool:
    """Whether the step awaited in the state whose public view is `public` is one the game plays all at
    once (its `simultaneous_steps`, named in its views' `step`), however many still owe it: it runs on
    the phase deadline."""
    steps = getattr(engine, "simultaneous_steps", ())
    return bool(steps) and public.get("step") in steps


def _apply_one(engine: Engine, state: State, player: str, action: Action) -> State:
    try:
        return engine.apply(state, player, action)
    except IllegalAction:
        raise
    except (TypeError, KeyError, ValueError, AttributeError) as error:
        # Malformed input the engine did not foresee is still the player's mistake, not a crash.
        log.warning("engine %s refused %r with %r", engine.name, action, error)
        raise IllegalAction(N_("That move is not understood.")) from error


def get_game_row(game_id: int) -> Game:
    game = db.session.get(Game, game_id)
    if game is None:
        raise GameNotFound(game_id)
    return game


def replay(game: Game) -> State:
    """The state the action log gives: setup, then every logged action in order."""
    return replayed(game, _logged(game))[0]


def replayed(game: Game, log: Sequence[tuple[str, Action]]) -> tuple[State, dict[int, State]]:
    """`log` (player, action) replayed from the game's set-up: the last state, and by version those a game
    with that log keeps (tain.services.checkpoints). IllegalAction if it does not replay."""
    engine = engine_for(game)
    state = checkpoints.set_up(game, engine)
    kept = {}
    for version, (player, action) in enumerate(log, 1):
        state = engine.apply(state, player, action)
        if checkpoints.due(version, len(log)):
            kept[version] = state
    return state, kept


def _logged(game: Game) -> list[tuple[str, Action]]:
    return [(record.player, record.action) for record in game.actions]


def check_game(game: Game) -> list[str]:
    """Rebuild the state from the log and say where the cache disagrees ([] when it agrees)."""
    try:
        state, kept = replayed(game, _logged(game))
    except IllegalAction as error:
        return [f"game #{game.id}: the log does not replay: {error}"]
    problems = []
    if state != game.state:
        problems.append(f"game #{game.id}: the cached state differs from the replayed log")
    problems += [f"game #{game.id}: the state kept at version {version} differs from the replayed log"
                 for version, kept_state in sorted(checkpoints.kept(game).items()) if kept.get(version) != kept_state]
    if len(game.actions) != game.version:
        problems.append(f"game #{game.id}: version {game.version} but {len(game.actions)} logged actions")
    if engine_for(game).is_over(state) != game.over:
        problems.append(f"game #{game.id}: status {game.status!r} does not match the replayed state")
    return problems


def rebuild_state(game_id: int) -> None:
    """Replace the game's cached state, and the states kept on the way, by the replay of its log (the log
    wins); GameNotFound, or IllegalAction (nothing written) when the log does not replay."""
    with locked_game(game_id) as locked:
        locked.state, kept = replayed(locked, _logged(locked))
        checkpoints.replace(locked, kept)
        engine = engine_for(locked)
        cache_state_facts(locked, engine, engine.view(locked.state, None))
