"""What a seat sees and does: the one seam shared by the player's page and the JSON API."""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import bindparam, or_, update
from sqlalchemy.orm.attributes import set_committed_value

from tain import transactions
from tain.extensions import db
from tain.models import Game, Seat
from tain.wording import N_

from . import timeline
from .errors import GameNotRunning, IllegalAction, NotYourMove, StaleMove
from .games import apply_actions, engine_for, locked_game
from .links import check_link, seat_id_in
from .seat_names import player_names
from .standing import Plan, only_standing, plan_in, rules_digest
from .views import Views

VISIT_EVERY = timedelta(minutes=5)  # a seat's last visit, for the admin, to within this
# Built once, on the table (Core): it needs none of the ORM's objects, and building costs more than running.
_SEATS = Seat.__table__.c
_VISIT = update(Seat.__table__).where(
    _SEATS.id == bindparam("seat_id"), or_(_SEATS.last_seen_at.is_(None), _SEATS.last_seen_at < bindparam("before")),
).values(last_seen_at=bindparam("now"))


def game_info(game: Game, *, seats: bool = True) -> dict[str, Any]:
    """Public facts about the game itself (not the board: that is in the view); `seats` as in
    `player_names`."""
    engine = engine_for(game)
    info: dict[str, Any] = {
        "id": game.id,
        "name": game.game,
        "title": engine.title,
        "players": player_names(game, seats=seats),
        "status": game.status,
        "paused": game.paused_at is not None,  # by the admin: nobody moves and no clock runs until resumed
        "version": game.moves,
        "to_act": engine.to_act(game.state),
        "created_at": game.created_at.isoformat(),
        "updated_at": (game.moved_at or game.created_at).isoformat(),
    }
    if game.over:
        info["scores"] = engine.scores(game.state)
        info["winners"] = engine.winners(game.state)
    return info


def seat_snapshot(seat: Seat, views: Views | None = None, *, seats: bool = True) -> dict[str, Any]:
    """Everything the seat's page or JSON shows, built from the seat's own view only (in `views` when
    the move just made built it); `seats` as in `player_names`.

    `game.moves` (the "version") counts the moves anyone could see; send it back with a move so a
    second click on an old page is refused (StaleMove) instead of acting twice. It does not move
    with a standing order that changed nothing public, so no seat can tell another gave one.
    While the game is paused (or over, or cancelled) the seat has no move and no deadline.
    """
    game = seat.game
    engine = engine_for(game)
    state = game.state
    my_move = playing(game) and seat.name in engine.to_act(state)
    return {
        "game": game_info(game, seats=seats),
        "player": seat.name,
        "view": (views or Views(engine)).of(state, seat.name),
        "legal_actions": engine.legal_actions(state, seat.name) if my_move else [],
        "deadline": game.deadline_at.isoformat() if game.deadline_at and my_move else None,
        "over": game.over,
    }


def record_seen(seat: Seat, moves: int, now: datetime) -> None:
    """A browser showed the seat's page at the game's public version `moves`: its script says so after the
    page (static/seen.js), so a mail scanner that only fetches the link changes nothing (the contract).
    Notes the visit, for the admin (at most once every VISIT_EVERY), and, if the game is still at that
    version, that the seat has seen all of it ("since you last looked" starts after it); in a write of its
    own, and only when either changes."""
    game = seat.game
    version = game.version if game.moves == moves else None  # the page says `moves`, never the log's length
    visit_due = _visit_due(seat, now)
    if not visit_due and (version is None or seat.seen_version >= version):
        return
    seat_id = seat.id  # read before the write's fresh transaction expires `seat`
    with transactions.write():
        if visit_due:
            db.session.execute(_VISIT, {"seat_id": seat_id, "before": now - VISIT_EVERY, "now": now})
        if version is not None:
            timeline.mark_seen(seat_id, version)


def _note_visit(seat: Seat, now: datetime) -> None:
    """A move is a visit too (the API's included), noted in the move's own transaction."""
    if _visit_due(seat, now):
        seat.last_seen_at = now


def _visit_due(seat: Seat, now: datetime) -> bool:
    return seat.last_seen_at is None or now - seat.last_seen_at >= VISIT_EVERY


class Submitted(NamedTuple):
    snapshot: dict[str, Any]
    language: str | None  # the seat's, as its move read it


def submit(
    opened: Seat | str,
    actions: Mapping[str, Any] | Sequence[Mapping[str, Any]],
    *,
    now: datetime,
    expected_version: int | None = None,
    plan_was: Plan | None = None,
) -> Submitted:
    """`make_moves`, then the seat's new snapshot, built from the game as the move(s) left it and the views
    they built (not read nor built again), and the seat's language."""
    with transactions.kept_as_written():
        seat, views = make_moves(opened, actions, now=now, expected_version=expected_version, plan_was=plan_was)
        return Submitted(seat_snapshot(seat, views), seat.language)


def make_moves(
    opened: Seat | str,
    actions: Mapping[str, Any] | Sequence[Mapping[str, Any]],
    *,
    now: datetime,
    expected_version: int | None = None,
    plan_was: Plan | None = None,
    rules_were: str | None = None,
) -> tuple[Seat, Views]:
    """Make the seat's move(s) in one transaction; the seat, its game loaded as the move left it, and the
    views of the states the move went through. `opened` is the seat a checked link opened, or the link's
    token itself, checked under the game's lock (`_opened_under_lock`).

    `actions` is one action or a list applied in order, all or nothing — in
    simultaneous guarding (R8) a player sends every guard and the pass at once.
    A standing order (`{"type": "standing", "plan": [...]}`) is taken from the seat whether or not
    it is its move. `plan_was` is the plan the seat's page showed when the page edits it: if the
    plan is another by now (a move was made from it, another page changed it), nothing is done;
    `rules_were` likewise for the standing rules (`rules_digest` of those the page showed).

    Raises GameNotRunning (paused, cancelled or over), NotYourMove (not this
    player's move), StaleMove (`expected_version`, the game's version when the
    page was shown, is older than the seat's current decision: another seat's
    move never makes it stale; or the plan is not `plan_was` any more) or
    IllegalAction, or for a token that opens no seat a TokenError; nothing changes when it raises.
    """
    with _opened_under_lock(opened, now) as (game, seat):  # a link that opens no seat is refused first
        batch = [actions] if isinstance(actions, Mapping) else list(actions)
        if not batch or not all(isinstance(action, Mapping) for action in batch):
            raise IllegalAction(N_('Choose a move: each one is an object such as {"type": "pass"}.'), "no-move")
        batch = [dict(action) for action in batch]
        refuse_unless_playing(game)
        engine = engine_for(game)
        views = Views(engine)
        # A standing order answers no decision, so no move of anyone's makes it stale (the contract).
        decision = 0 if only_standing(batch) else seat.decision_version
        if expected_version is not None and not decision <= expected_version <= game.moves:
            raise StaleMove(N_("The game has moved on for you since this page was shown (or it was sent twice), "
                               "so nothing was done. Here it is as it stands now."))
        if plan_was is not None and plan_in(views.of(game.state, seat.name)) != plan_was:
            raise StaleMove(N_("Your plan has changed since this page was shown (a move was made from it, or "
                               "another page changed it), so nothing was done. Here it is as it stands now."))
        if rules_were is not None and rules_digest(views.of(game.state, seat.name)) != rules_were:
            raise StaleMove(N_("Your standing rules have changed since this page was shown (another page changed "
                               "them, or a rule was used), so nothing was done. Here they are as they stand now."))
        if not only_standing(batch) and seat.name not in engine.to_act(game.state):
            raise NotYourMove(N_("It is not your move now."))
        _note_visit(seat, now)  # before the change flushes the seat's row: one UPDATE of it, not two
        apply_actions(game, seat.name, batch, now=now, views=views)
    return seat, views


@contextmanager
def _opened_under_lock(opened: Seat | str, now: datetime) -> Iterator[tuple[Game, Seat]]:
    """The game and the seat a move is made on, in a write transaction holding the game's lock: for a
    seat whose link was checked already, its game read again under the lock; for a link's token (the
    JSON API's move), the game found by the seat under the lock, then its seats, and the link checked on
    them: read once for both."""
    if isinstance(opened, Seat):
        name, game_id = opened.name, opened.game_id  # as the link's check read them: the lock expires `opened`
        with locked_game(game_id) as game:
            seat = game.seat_named(name)
            # The seat's game is the locked one: the snapshot after the commit reads it from there, not again.
            set_committed_value(seat, "game", game)
            yield game, seat
    else:
        with transactions.seat_under_lock(seat_id_in(opened)) as seat:
            seat = check_link(seat, opened, now)
            yield seat.game, seat


def playing(game: Game) -> bool:
    """Whether anyone may move: the game runs and is not paused."""
    return game.status == "running" and game.paused_at is None


def refuse_unless_playing(game: Game) -> None:
    if game.over:
        raise GameNotRunning(N_("This game is over; no more moves can be made."))
    if game.cancelled:
        raise GameNotRunning(N_("This game was cancelled; no more moves can be made."))
    if game.paused_at is not None:
        raise GameNotRunning(N_("This game is paused by its organiser: nobody can move until it resumes, "
                                "and you will get an email then. Nothing was done."))
