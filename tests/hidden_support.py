"""The hidden-information test's machinery (tests/test_hidden_information.py).

The check is structural: what a seat is shown (its page, its JSON, every email queued to it)
is made once from the real game and once more from a game in which every other seat's
secrets were drawn again, consistently with everything the seat may see. The two must be
the same, up to CSRF tokens, links and clock times. The admin's public board and log are
made once more with every seat's secrets drawn again, and must not change either.

What a game hides, and how to draw it again, is in SECRETS. A game not in it must hide
nothing: every seat's view must be the public view (`view(state, None)`), "you" aside.
A newly registered game that hides something fails the test until it is described here, or, when
its secrets cannot be drawn again behind its log (Inis: every hand comes from the deal and the
drafts), is played as twin games instead (tests/hidden_twins.py, TWINS).
"""
from __future__ import annotations

import difflib
import inspect
import json
import marshal
import random
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import inspect as orm_inspect, select, update
from sqlalchemy.orm.attributes import set_committed_value
from werkzeug.test import TestResponse

from tain import transactions
from tain.extensions import db
from tain.games import Action, Game as Engine, Player, State, View
from tain.games.tain.rules import RAIDERS, SCOUTS, TOKENS
from tain.mail import messages
from tain.mail.messages import Draft
from tain.models import ActionRecord, Checkpoint, Game, Seat
from tain.services import notify
from tain.services.errors import IllegalAction
from tain.services.games import replayed
from tain.services.letters import write_drafts
from tain.services.play import seat_snapshot


class Secrets(Protocol):
    """How one game's hidden information is drawn again."""

    def vary_state(self, state: State, keep: Player | None, rng: random.Random) -> State:
        """A copy of `state` in which the secrets of every seat but `keep` are drawn again, so
        that `keep` (and the public, `keep=None` varying every seat) sees exactly what it saw."""

    def vary_action(self, action: Action, rng: random.Random) -> Action:
        """A logged action of a seat whose secrets vary, its hidden part drawn again."""

    def log_for(self, log: list[tuple[Player, Action]], state: State, varied: State,
                keep: Player | None) -> list[tuple[Player, Action]]:
        """The log that, replayed, gives `varied` (`state`'s variation for `keep`): what a channel that
        replays the log (the history, "since you last looked") is shown from."""


class TainSecrets:
    """Tàin hides which of a clan's tokens lies where: behind its screen, or face down as a
    guard, a scout or a raider in the foreign kingdom. How many lie where is public, and so
    are the discard pile (each token in it was shown in a raid report) and the captives, so
    a new deal keeps those and only shuffles the clan's tokens among those places."""

    def vary_state(self, state: State, keep: Player | None, rng: random.Random) -> State:
        varied = {**state, **marshal.loads(marshal.dumps({key: state[key] for key in ("clans", "boards", "kingdom")}))}
        for player in varied["players"]:
            if player != keep:
                _redeal(varied, player, rng)
        return varied

    def vary_action(self, action: Action, rng: random.Random) -> Action:
        if "token" not in action:
            return action
        return {**action, "token": rng.choice([token for token in TOKENS if token != action["token"]])}

    def log_for(self, log: list[tuple[Player, Action]], state: State, varied: State,
                keep: Player | None) -> list[tuple[Player, Action]]:
        """Every token of a past turn was shown in its raid report, so only the placements still face
        down vary: the last logged action onto each such place takes the token `varied` holds there."""
        dealt = _dealt(state, varied, keep)
        again = list(log)
        for index in reversed(range(len(log))):
            player, action = log[index]
            place = _place_of(player, action)
            if place in dealt:
                again[index] = (player, {**action, "token": dealt.pop(place)})
        return again


def _dealt(state: State, varied: State, keep: Player | None) -> dict[tuple[str, ...], str]:
    """Each face-down token of a seat other than `keep`, by its place, as `varied` deals it."""
    dealt = {}
    for owner, board in state["boards"].items():
        for entrance, slot in board.items():
            if slot["guard"] is not None and owner != keep:
                dealt[("guard", owner, entrance)] = varied["boards"][owner][entrance]["guard"]
            scout = slot["scout"]
            if scout is not None and scout["player"] != keep:
                dealt[("scout", scout["player"], owner, entrance)] = varied["boards"][owner][entrance]["scout"]["token"]
    for raider, again in zip(state["kingdom"]["raiders"], varied["kingdom"]["raiders"], strict=True):
        if raider["player"] != keep:
            dealt[("raid", raider["player"])] = again["token"]  # one raid a turn each
    return dealt


def _place_of(player: Player, action: Action) -> tuple[str, ...] | None:
    kind = action.get("type")
    if kind == "guard":
        return ("guard", player, action["entrance"])
    if kind == "scout":
        return ("scout", player, action["board"], action["entrance"])
    return ("raid", player) if kind == "raid" else None


def _face_down(state: State, player: Player) -> list[tuple[dict[str, Any], str, tuple[str, ...]]]:
    """Each of `player`'s face-down tokens: (the dict holding it, its key, the tokens allowed there)."""
    places = [(slot, "guard", TOKENS) for slot in state["boards"][player].values() if slot["guard"] is not None]
    places += [(slot["scout"], "token", SCOUTS) for board in state["boards"].values() for slot in board.values()
               if slot["scout"] is not None and slot["scout"]["player"] == player]
    places += [(raider, "token", RAIDERS) for raider in state["kingdom"]["raiders"] if raider["player"] == player]
    return places


def _redeal(state: State, player: Player, rng: random.Random, tries: int = 4) -> None:
    """Deal `player`'s face-down and screened tokens again (in place), as differently as a few tries find."""
    places = sorted(_face_down(state, player), key=lambda place: len(place[2]))  # the most constrained first
    screen = state["clans"][player]["screen"]
    pool = [holder[key] for holder, key, _ in places] + [token for token, n in screen.items() for _ in range(n)]
    real = [holder[key] for holder, key, _ in places]
    deals = [_deal(pool, [allowed for _, _, allowed in places], rng) for _ in range(tries)]
    deals = [deal for deal in deals if deal is not None]
    if not deals:
        return
    tokens, rest = max(deals, key=lambda deal: sum(a != b for a, b in zip(deal[0], real)))
    for (holder, key, _), token in zip(places, tokens):
        holder[key] = token
    state["clans"][player]["screen"] = {token: rest.count(token) for token in screen}


def _deal(pool: list[str], allowed: list[tuple[str, ...]], rng: random.Random) -> tuple[list[str], list[str]] | None:
    """Tokens for each place from a shuffled `pool` (None if this shuffle strands a place), and the rest."""
    left = rng.sample(pool, len(pool))
    chosen = []
    for tokens in allowed:
        token = next((token for token in left if token in tokens), None)
        if token is None:
            return None
        left.remove(token)
        chosen.append(token)
    return chosen, left


SECRETS: dict[str, Secrets] = {"tain": TainSecrets()}  # a game not listed must hide nothing


def public_part(view: View) -> View:
    """A seat's view without what is its own in every game: its name and its standing orders."""
    return {key: value for key, value in view.items() if key not in ("you", "plan", "plan_moves")}


def check_views_of_a_game_without_secrets(engine: Engine, state: State, seats: list[str]) -> None:
    """A game not in SECRETS: every seat sees the public view, nothing of its own."""
    public = public_part(engine.view(state, None))
    for seat in seats:
        assert public_part(engine.view(state, seat)) == public, (
            f"{engine.name}: {seat}'s view differs from the public view, so the game hides something; "
            "say how to draw its secrets again in tests/hidden_support.py SECRETS")


# ---- normalising what may differ between two renderings of the same thing

_TOKEN_LINK = re.compile(r"/play/[A-Za-z0-9_.\-]+")
_CSRF = re.compile(r'(name="csrf_token"[^>]*value=")[^"]+"')
_CLOCK = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(\+00:00|Z)?"
                    r"|\w{3} \d{1,2} \w{3}( \d{4})?, \d{2}:\d{2}( UTC)?"
                    r"|\((in \d+ \w+|\d+ \w+ ago|tra \d+ \w+|\d+ \w+ fa)\)")  # how far off a deadline is (tain.local_time)
_LINK_NONCE = re.compile(r"\.[0-9a-f]{8}@")


def normalise(text: str, clock: bool = False) -> str:
    """Links (signed at the second they are made) and CSRF tokens out; with `clock`, times too."""
    text = _CSRF.sub(r'\1<csrf>"', _TOKEN_LINK.sub("/play/<token>", text))
    return _CLOCK.sub("<time>", text) if clock else text


def email_fields(message: dict[str, Any]) -> dict[str, Any]:
    """One queued email as compared: every field, links normalised, a resent link's nonce out."""
    fields = {key: normalise(value) if isinstance(value, str) else value for key, value in message.items()}
    if message.get("letter"):  # the draft the sender writes from: its link signed at the second too
        fields["letter"] = normalise(json.dumps(message["letter"], sort_keys=True))
    fields["message_id"] = _LINK_NONCE.sub("@", fields["message_id"])
    return fields


# ---- requests, each in its own application context and so its own database session

def fetch(app: Flask, client: FlaskClient, method: str, path: str, **kwargs: Any) -> TestResponse:
    with app.app_context():
        return client.open(path, method=method, **kwargs)


def json_of(value: Any) -> Any:
    """`value` as it reads after a trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(value))


# ---- writing a varied game over the real one, and back

def state_and_log(app: Flask, game_id: int, with_log: bool = True) -> tuple[State, list[tuple[str, Action]]]:
    """The game's state and (if asked) its logged actions, fresh from the database."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        return game.state, [(record.player, record.action) for record in game.actions] if with_log else []


def write_game(app: Flask, game_id: int, state: State, log: list[tuple[str, Action]] | None = None) -> None:
    """Put `state` (and `log`'s actions, in order) in the game's row — a varied game, or the real one back."""
    with app.app_context(), transactions.write():
        game = db.session.get(Game, game_id)
        game.state = state
        if log is not None:
            for record, (_, action) in zip(game.actions, log, strict=True):
                record.action = action
            for checkpoint, kept in _kept_states(game, log):
                checkpoint.state = kept


def snapshots_in(app: Flask, game_id: int, states: dict[str, State]) -> dict[str, Any]:
    """Each seat's snapshot (what its JSON shows) were the game in that seat's state; nothing is written."""
    with app.app_context(), db.session.no_autoflush:
        game = db.session.get(Game, game_id)
        snapshots = {}
        for name, state in states.items():
            game.state = state
            snapshots[name] = json_of(seat_snapshot(game.seat_named(name)))
        db.session.rollback()
        return snapshots


def vary_log(secrets: Secrets, log: list[tuple[str, Action]], keep: Player | None,
             rng: random.Random) -> list[tuple[str, Action]]:
    return [(player, action if player == keep else secrets.vary_action(action, rng)) for player, action in log]


# ---- the emails: every notify call is made again from varied states

class MailWitness:
    """Watches every email the service queues. Each function of `tain.services.notify` is
    wrapped: after the real call, the same call is made again once per person seated, from
    states in which the other seats' secrets are drawn again, and must queue that seat the
    same email; made again with every seat's secrets drawn again, it must queue the same
    recipients and subjects (the admin's mail table shows them)."""

    def __init__(self, secrets: Secrets | None, rng: random.Random) -> None:
        self.secrets = secrets
        self.rng = rng
        self.queued: list[dict[str, Any]] = []  # every email really queued, as enqueue was called
        self.unwitnessed: list[dict[str, Any]] = []  # queued outside a notify call: unchecked
        self.compared = 0  # emails made again and compared
        self.failures: list[str] = []  # kept, not raised: the service would turn them into a 500, or log them
        self.paused = False  # while the script is replayed up to the events a test item checks: unwatched
        self.passed: set[int] = set()  # which of the emails queued (0, 1, …) were queued while paused
        self._forwarded = 0  # emails really queued
        self._capture: list[dict[str, Any]] | None = None
        self._forward = True
        self._enqueue = messages.enqueue

    def install(self, monkeypatch: Any) -> None:
        monkeypatch.setattr(messages, "enqueue", self._queue)
        for name, function in inspect.getmembers(notify, inspect.isfunction):
            if function.__module__ == notify.__name__ and not name.startswith("_") \
                    and list(inspect.signature(function).parameters)[:2] == ["game", "engine"]:
                monkeypatch.setattr(notify, name, self._witnessed(function))

    def _queue(self, **fields: Any) -> Any:
        if self.paused:
            self.passed.add(self._forwarded)
        else:
            (self._capture if self._capture is not None else self.unwitnessed).append(fields)
        if self.paused or self._forward:
            self._forwarded += 1
            return self._enqueue(**fields)
        return None

    @contextmanager
    def _capturing(self, forward: bool) -> Iterator[list[dict[str, Any]]]:
        self._capture, self._forward = [], forward
        try:
            yield self._capture
        finally:
            self._capture, self._forward = None, True

    def _witnessed(self, function: Callable[..., Any]) -> Callable[..., Any]:
        def witnessed(game: Game, engine: Engine, *args: Any, **kwargs: Any) -> Any:
            if self.paused:
                return function(game, engine, *args, **kwargs)
            rows = [game, *game.seats]
            before = [_columns(row) for row in rows]
            previous = self._previous_subjects(game)
            with self._capturing(forward=True) as real:
                result = function(game, engine, *args, **kwargs)
                _written(game, engine, real, previous)
            self.queued += real
            if self.secrets is not None:
                after = [_columns(row) for row in rows]
                try:
                    self._check_again(function, game, engine, args, kwargs, real, rows, before, previous)
                except Exception as error:  # reported like a difference, not raised into the service
                    self.failures.append(f"{function.__name__}: making its emails again failed: {error!r}")
                finally:
                    _restore(rows, after)
            return result
        return witnessed

    def _previous_subjects(self, game: Game) -> dict[str, str]:
        """Each seat's latest subject among the game's emails witnessed so far: as the sender does, the
        emails written now number a subject that repeats it."""
        names = {seat.id: seat.name for seat in game.seats}
        return {names[m["seat_id"]]: m["subject"] for m in self.queued
                if m.get("game_id") == game.id and m.get("seat_id") in names and m.get("subject")}

    def _check_again(self, function: Callable[..., Any], game: Game, engine: Engine, args: tuple[Any, ...],
                     kwargs: dict[str, Any], real: list[dict[str, Any]], rows: list[Any],
                     before: list[dict[str, Any]], previous: dict[str, str]) -> None:
        people = [seat for seat in game.seats if not seat.bot]
        for keep in [seat.name for seat in people] + [None]:
            _restore(rows, before)
            again = self._again(function, game, engine, args, kwargs, keep, previous)
            if keep is None:
                seen = [(m["recipient"], normalise(m["subject"]), m["kind"]) for m in real]
                if [(m["recipient"], normalise(m["subject"]), m["kind"]) for m in again] != seen:
                    self.failures.append(f"{function.__name__} at version {game.version}: the emails' "
                                         "recipients or subjects (on the admin's page) change with the seats' secrets")
                continue
            seat_id = game.seat_named(keep).id
            mine = [email_fields(m) for m in real if m["seat_id"] == seat_id]
            theirs = [email_fields(m) for m in again if m["seat_id"] == seat_id]
            if theirs != mine:
                self.failures.append(f"{function.__name__} at version {game.version}: an email to {keep} changes "
                                     f"with the other seats' secrets:\n{_first_difference(mine, theirs)}")
            self.compared += len(mine)

    def _again(self, function: Callable[..., Any], game: Game, engine: Engine, args: tuple[Any, ...],
               kwargs: dict[str, Any], keep: str | None, previous: dict[str, str]) -> list[dict[str, Any]]:
        """The same call, from states varied for `keep`, queueing nothing: what it would have queued."""
        assert self.secrets is not None
        real_state = game.state
        varied_state = self.secrets.vary_state(real_state, keep, self.rng)

        def vary(value: Any) -> Any:
            if value is real_state:
                return varied_state
            return self.secrets.vary_state(value, keep, self.rng) if isinstance(value, dict) else value

        with db.session.no_autoflush, self._capturing(forward=False) as again, \
                _log_varied(self.secrets, game, real_state, varied_state, keep):
            game.state = varied_state
            function(game, engine, *[vary(arg) for arg in args], **{k: vary(v) for k, v in kwargs.items()})
            _written(game, engine, again, previous)
        return again


def _written(game: Game, engine: Engine, queued: list[dict[str, Any]], previous: dict[str, str]) -> None:
    """The subjects and bodies of the emails just queued, as the sender will write them from their drafts,
    written now: from this session's log (the real one, or the varied one), after the seats' `previous`
    subjects."""
    drafts = [(fields, Draft.from_json(fields["letter"])) for fields in queued if fields.get("letter")]
    if drafts:
        for (fields, _), email in zip(drafts, write_drafts(game, engine, [draft for _, draft in drafts], previous)):
            fields.update(subject=email.subject, body_text=email.body_text, body_html=email.body_html,
                          picture=email.picture)


@contextmanager
def _log_varied(secrets: Secrets, game: Game, state: State, varied: State, keep: Player | None) -> Iterator[None]:
    """The game's logged actions, in this transaction, as `secrets.log_for` varies them; put back afterwards."""
    records = list(db.session.scalars(select(ActionRecord).where(ActionRecord.game_id == game.id)
                                      .order_by(ActionRecord.seq)))
    real = [(record.player, record.action) for record in records]
    varied_log = secrets.log_for(real, state, varied, keep)
    for record, (_, action) in zip(records, varied_log):
        if action != record.action:
            _log_again(record, action)
    kept = _kept_states(game, varied_log)
    real_kept = [checkpoint.state for checkpoint, _ in kept]
    for checkpoint, varied_kept in kept:
        checkpoint.state = varied_kept
    try:
        yield
    finally:
        for record, (_, action) in zip(records, real):
            if record.action is not action:
                _log_again(record, action)
        for (checkpoint, _), real_state in zip(kept, real_kept):
            checkpoint.state = real_state


def _log_again(record: ActionRecord, action: Action) -> None:
    """`record` with `action` in its row (the replays read the rows, not the session's objects) and in the
    session's object, which the session does not write again (nothing is flushed meanwhile)."""
    db.session.execute(update(ActionRecord).where(ActionRecord.id == record.id).values(action=action))
    set_committed_value(record, "action", action)


def _kept_states(game: Game, log: list[tuple[str, Action]]) -> list[tuple[Checkpoint, State]]:
    """The states the game keeps (tain.services.checkpoints), each with the state `log` replays to at its
    version: a varied log's kept states are varied with it, as the log they are a cache of. A log that
    does not replay (the admin's check varies each action alone: what it checks never replays the log)
    leaves them as they are."""
    rows = list(db.session.scalars(select(Checkpoint).where(Checkpoint.game_id == game.id)))
    if not rows:
        return []
    try:
        _, replayed_states = replayed(game, log)
    except IllegalAction:
        return []
    return [(row, replayed_states[row.version]) for row in rows]


def _first_difference(real: list[dict[str, Any]], varied: list[dict[str, Any]]) -> str:
    if len(real) != len(varied):
        return f"{len(real)} emails, {len(varied)} from the varied states"
    for one, other in zip(real, varied):
        for key, value in one.items():
            if other[key] != value:
                lines = difflib.unified_diff(str(value).splitlines(), str(other[key]).splitlines(), "real", "varied",
                                             n=1, lineterm="")
                return f"{key}:\n" + "\n".join(list(lines)[:30])
    return ""


def _columns(row: Any) -> dict[str, Any]:
    return {attribute.key: getattr(row, attribute.key) for attribute in orm_inspect(row).mapper.column_attrs}


def _restore(rows: list[Any], values: list[dict[str, Any]]) -> None:
    for row, columns in zip(rows, values):
        for key, value in columns.items():
            if getattr(row, key) is not value:
                setattr(row, key, value)


def seat_ids(app: Flask, game_id: int) -> dict[str, int]:
    with app.app_context():
        return {seat.name: seat.id for seat in db.session.get(Game, game_id).seats}


def seat_row(game_id: int, name: str) -> Seat:
    """The seat in the current application context's session."""
    return db.session.get(Game, game_id).seat_named(name)
