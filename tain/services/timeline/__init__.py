"""What happened in a game, as one player may know it: "since you last looked" and the history.

The action log is replayed, and each logged action is told from the player's own views just
before and just after it (`engine.view(state, player)`): the moves it shows on their board
(their own tokens named, everyone else's face down), a deadline missed, the raid reports that
came, the turn or phase that began. Another player's action reaches a game's teller only as
its public part (`Teller.public`), so nothing hidden can be told. Each game's teller
(`tain.services.timeline.<game>`) puts its moves and stages into sentences; a game without one is
told in its engine's own words (`generic.EngineTeller`).

`Seat.seen_version` is the game's version when the seat was last shown the game (an email
queued to it, its page shown in a browser: `tain.services.play.record_seen`): "since you last
looked" is what came after it.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Row, select, update

from tain.extensions import db
from tain.games import Action, Game as Engine, State, View
from tain.games.base import N_, Nn_, message
from tain.games.standing import is_standing
from tain.messages import Told
from tain.models import ActionRecord, Game, Seat
from tain.services import checkpoints
from tain.services.standing import new_plan_moves

from . import inis, tain, tara
from .generic import EngineTeller
from .known import KnownMove

# Sentences are messages (tain.messages): English as a str, said in each reader's language by `say`
# where they are shown, since one replay tells the same events to readers of several languages.
LATE = (("timeline.late", N_("%(player)s missed the deadline.")), ("timeline.late-own", N_("You missed the deadline.")))
PLAN_CLEARED = ("timeline.plan-cleared", N_("You cleared your plan."))
PLAN_CHANGED = ("timeline.plan-changed", Nn_("You changed your plan: %(num)d move is planned.",
                                             "You changed your plan: %(num)d moves are planned."))
RULES_CLEARED = ("timeline.rules-cleared", N_("You cleared your standing rules."))
RULES_CHANGED = ("timeline.rules-changed", Nn_("You changed your standing rules: %(num)d rule is set.",
                                               "You changed your standing rules: %(num)d rules are set."))


class Teller(Protocol):
    """One game's words for what happened (tain.services.timeline.tain, .tara, .inis)."""

    def public(self, action: Action, player: str) -> Action | None:
        """What every player may know of `player`'s action (None: nothing)."""

    def moves(self, before: View, after: View, move: KnownMove) -> list[tuple[str, Told]]:
        """(player, sentence) for each move a step shows on the viewer's views, in order."""

    def stage(self, before: View | None, after: View) -> Told:
        """The sentence for the stage `after` begins (`before` None: the game begins)."""

    def own_move(self, action: Action, view: View) -> Told:
        """The sentence for one of the viewer's own moves, as `moves` says it (`view`: theirs after it)."""


TELLERS: dict[str, Teller] = {"tain": tain, "tara": tara, "inis": inis.TELLER}  # type: ignore[dict-item]


def teller_for(engine: Engine) -> Teller:
    """The game's own teller, or the engine's own words for a game that has none yet."""
    return TELLERS.get(engine.name) or EngineTeller(engine)


@dataclass(frozen=True)
class Event:
    """One thing that happened, as one player may know it."""

    version: int  # the game's version once it had happened (0: the game began)
    kind: str  # move | late (a deadline missed) | report | stage (a turn or phase began)
    text: str = ""  # the sentence (a tain.messages.Told: `say` it); a report is told by its game's templates
    player: str | None = None  # whose move or deadline
    mine: bool = False  # the viewer's own
    report: dict[str, Any] | None = None
    by_plan: bool = False  # a move the viewer's plan made (only ever the viewer's own)


@dataclass(frozen=True)
class Part:
    """A run of moves, or one report."""

    moves: tuple[Event, ...] = ()
    report: dict[str, Any] | None = None


@dataclass(frozen=True)
class Chapter:
    """What happened in one stage: its heading (None: the stage the player already knew), then its parts."""

    heading: str | None  # a tain.messages.Told: `say` it
    parts: tuple[Part, ...]


def since(game: Game, engine: Engine, player: str, after_version: int) -> list[Event]:
    """What `player` may know happened after the game's version `after_version`; nothing, and no replay,
    once they have seen every logged action (a page opened from the latest email, or again)."""
    if after_version >= game.version:
        return []
    return _told(game, engine, {player: after_version})[player]


def history(game: Game, engine: Engine, player: str) -> list[Event]:
    """Everything `player` may know of the game, from its beginning."""
    first = engine.view(checkpoints.set_up(game, engine), player)
    return [Event(0, "stage", teller_for(engine).stage(None, first)), *since(game, engine, player, 0)]


def chapters(events: Sequence[Event]) -> tuple[Chapter, ...]:
    """The events as the page and emails show them: a chapter per stage, its moves in runs, its reports."""
    result: list[Chapter] = []
    heading: str | None = None
    parts: list[Part] = []
    moves: list[Event] = []

    def close_moves() -> None:
        if moves:
            parts.append(Part(moves=tuple(moves)))
            moves.clear()

    for event in events:
        if event.kind == "stage":
            close_moves()
            if heading is not None or parts:
                result.append(Chapter(heading, tuple(parts)))
            heading, parts = event.text, []
        elif event.kind == "report":
            close_moves()
            parts.append(Part(report=event.report))
        else:
            moves.append(event)
    close_moves()
    if heading is not None or parts:
        result.append(Chapter(heading, tuple(parts)))
    return tuple(result)


def mark_seen(seat_id: int, version: int) -> None:
    """The seat was shown the game at `version` (its page, in a browser): in the caller's write
    transaction, and only if it moves `Seat.seen_version` on."""
    db.session.execute(update(Seat).where(Seat.id == seat_id, Seat.seen_version < version).values(seen_version=version))


def _log(game: Game, start: int, version: int | None) -> Sequence[Row]:
    """The logged actions from `start` (to `version`), as rows of what a replay reads (seq, player, action,
    on_timeout): not the ORM's objects, which cost more to build than the replay of most of them; and
    from the table (not the game's loaded relationship), so that actions just logged in this
    transaction are there too (the session flushes them first)."""
    query = select(ActionRecord.seq, ActionRecord.player, ActionRecord.action, ActionRecord.on_timeout).where(
        ActionRecord.game_id == game.id, ActionRecord.seq >= start)
    if version is not None:
        query = query.where(ActionRecord.seq < version)
    return db.session.execute(query.order_by(ActionRecord.seq)).all()


def _told(game: Game, engine: Engine, after: Mapping[str, int]) -> dict[str, list[Event]]:
    return told_until(game, engine, after, None).told


@dataclass(frozen=True)
class Replayed:
    """The log replayed up to a version once, for several readers."""

    told: dict[str, list[Event]]  # what each reader may know happened after their last look
    state: State  # the state at that version
    views: dict[str, View]  # the views of it the replay built: those of the readers told anything

    def view(self, engine: Engine, player: str) -> View:
        """`player`'s view of the state, built only if the replay did not build it."""
        return self.views[player] if player in self.views else engine.view(self.state, player)


def told_until(game: Game, engine: Engine, after: Mapping[str, int], version: int | None) -> Replayed:
    """Replay the log's first `version` actions (None: all) once: for each player, what they may know
    happened after their version in `after`, from their own views; and the state at `version`.

    The replay starts from the latest state kept before the earliest version it must tell
    (tain.services.checkpoints), or from the set-up: a kept state strictly before it, so that the
    first action told has the one before it (a deadline's moves are told as one)."""
    teller = teller_for(engine)
    told: dict[str, list[Event]] = {player: [] for player in after}
    views: dict[str, View] = {}
    earliest = min([*after.values(), game.version if version is None else version])
    start, state = checkpoints.latest_before(game, earliest) or (0, checkpoints.set_up(game, engine))
    previous: Row | None = None
    for record in _log(game, start, version):
        version = record.seq + 1
        watching = [player for player, seen in after.items() if version > seen]
        for player in watching:
            if player not in views:
                views[player] = engine.view(state, player)
        state = engine.apply(state, record.player, record.action)
        for player in watching:
            now = engine.view(state, player)
            told[player] += _step(teller, views[player], now, record, previous, player, version)
            views[player] = now
        previous = record
    return Replayed(told, state, views)


def _step(teller: Teller, before: View, after: View, record: Row, previous: Row | None,
          viewer: str, version: int) -> list[Event]:
    """One logged action as `viewer` may know it."""
    mine = record.player == viewer
    move = KnownMove(record.player, record.action if mine else teller.public(record.action, record.player), mine)
    events = []
    late_again = previous is not None and previous.on_timeout and previous.player == record.player
    if record.on_timeout and not late_again:  # one deadline's moves are logged one by one
        events.append(Event(version, "late", Told(message(*LATE[mine], player=record.player)), record.player, mine))
    if mine and is_standing(record.action):  # the moves it made at once follow
        events.append(Event(version, "move", _plan_changed(record.action), viewer, True))
    planned = [teller.own_move(made["action"], after) for made in new_plan_moves(before, after)]
    for player, text in teller.moves(before, after, move):
        by_plan = player == viewer and text in planned
        if by_plan:
            planned.remove(text)
        events.append(Event(version, "move", text, player, player == viewer, by_plan=by_plan))
    # a step that ended the phase cleared the board its planned moves were read from: told from the plan
    events += [Event(version, "move", text, viewer, True, by_plan=True) for text in planned]
    events += [Event(version, "report", report=report) for report in _new(before, after)]
    if before["stage"] != after["stage"]:
        events.append(Event(version, "stage", teller.stage(before, after)))
    return events


def _plan_changed(action: Action) -> Told:
    """The viewer's own standing order, in words: how many moves it plans, or that it cleared the plan;
    Inis's, how many standing rules it leaves him (engine-api-inis.md, "standing")."""
    if "rules" in action:
        rules = len(action["rules"] or [])
        return Told(message(*RULES_CHANGED, num=rules) if rules else message(*RULES_CLEARED))
    entries = len(action.get("plan") or [])
    return Told(message(*PLAN_CHANGED, num=entries) if entries else message(*PLAN_CLEARED))


def _new(before: View, after: View) -> list[dict[str, Any]]:
    old = before.get("reports") or []
    return (after.get("reports") or [])[len(old):]
