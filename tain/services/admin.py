"""What the admin dashboard sees and does to games, seats and mail; every change is audit-logged.

Everything shown is built from public views (`view(state, None)`) unless the admin
asks to reveal a seat's view, which is itself audit-logged. Each action takes the
game's row lock and commits its audit entry with the change.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import String, cast, func, select
from sqlalchemy.orm import defer, load_only, selectinload

from tain import transactions
from tain.extensions import db
from tain.games import Game as Engine
from tain.messages import described, told
from tain.models import ActionRecord, Game, OutboxMessage, Seat
from tain.wording import N_, Phrase

from . import audit, deadlines, notify
from .export import export_game
from .errors import AdminRefusal, InvalidGame
from .games import (
    NewPlayer, checked_email, create_game, duration_text, engine_for, let_bots_play, locked_game,
    parse_player,
)
from .links import revoke_links
from .timing import set_wake

FILTERS = ("running", "waiting", "paused", "finished", "cancelled")
MAIL_STATUSES = ("pending", "sending", "failed", "sent")
_BOT_RE = re.compile(r"^\s*(?P<name>[^<>]*?)\s*\(bot\)\s*$")


def game_status(game: Game) -> str:
    """running | paused | finished | cancelled, as the dashboard names them."""
    if game.cancelled:
        return "cancelled"
    if game.over:
        return "finished"
    return "paused" if game.paused_at else "running"


@dataclass(frozen=True)
class GameRow:
    id: int
    title: str
    status: str
    players: list[str]
    bots: list[str]
    stage: str  # where the game stands, in the engine's words: "turn 3 of 8, scouting"
    to_act: list[str]
    deadline: datetime | None
    last_activity: datetime


def game_row(game: Game) -> GameRow:
    """What the lists show of a game, read from its row and seats (its state is not decoded)."""
    return GameRow(
        id=game.id, title=engine_for(game).title, status=game_status(game),
        players=[seat.name for seat in game.seats], bots=[seat.name for seat in game.seats if seat.bot],
        stage=told(game.stage, "long"),
        to_act=[] if game.over or game.cancelled else list(game.to_act),
        deadline=game.deadline_at if game_status(game) == "running" else None,
        last_activity=game.updated_at,
    )


@dataclass(frozen=True)
class GamesPage:
    rows: list[GameRow]
    page: int  # from 1
    pages: int  # at least 1
    total: int  # games listed over every page


def list_games(status: str | None = None, who: str = "", page: int = 1) -> GamesPage:
    """One page of games, newest activity first: all, or those with a status; "waiting" means running
    and waiting on a person (on `who`, a name or email, when given), the nearest deadline first.
    A page past the last is the last. Only the page's games are loaded and viewed, whatever their number."""
    who = who.strip().lower()
    if status == "waiting" and who:
        ids = _waiting_on(who)
        total, page = len(ids), _within(page, len(ids))
        shown = ids[(page - 1) * PAGE_SIZE:page * PAGE_SIZE]
        by_id = {game.id: game for game in db.session.scalars(
            select(Game).where(Game.id.in_(shown)).options(*_ROW_ONLY))}
        games = [by_id[game_id] for game_id in shown]
    else:
        where, order = _LISTED.get(status or "", ((), _NEWEST_FIRST))
        total = db.session.scalar(select(func.count()).select_from(Game).where(*where)) or 0
        page = _within(page, total)
        games = list(db.session.scalars(select(Game).where(*where).order_by(*order)
                                        .offset((page - 1) * PAGE_SIZE).limit(PAGE_SIZE)
                                        .options(*_ROW_ONLY)))
    return GamesPage([game_row(game) for game in games], page, max(1, -(-total // PAGE_SIZE)), total)


PAGE_SIZE = 50
_ROW_ONLY = (defer(Game.state), selectinload(Game.seats))  # a list reads no state, and each game's seats at once
_RUNNING = (Game.status == "running", Game.paused_at.is_(None))
# A running game whose to_act is not empty waits on a person: bots move as soon as they are asked
# (games.let_bots_play), so none is ever waited on. Read from ix_games_waiting alone.
_WAITING = (*_RUNNING, cast(Game.to_act, String) != "[]")
_NEWEST_FIRST = (Game.updated_at.desc(), Game.id.desc())
_NEAREST_DEADLINE = (Game.deadline_at.is_(None), func.coalesce(Game.deadline_at, Game.updated_at), Game.id)
_LISTED = {"running": (_RUNNING, _NEWEST_FIRST), "waiting": (_WAITING, _NEAREST_DEADLINE),
           "paused": ((Game.status == "running", Game.paused_at.is_not(None)), _NEWEST_FIRST),
           "finished": ((Game.status == "over",), _NEWEST_FIRST),
           "cancelled": ((Game.status == "cancelled",), _NEWEST_FIRST)}


def _within(page: int, total: int) -> int:
    return min(max(page, 1), max(1, -(-total // PAGE_SIZE)))


def _waiting_on(who: str) -> list[int]:
    """The running games waiting on the person `who` (a name or an email, lower case), the nearest deadline
    first: the games where one of their seats is to act."""
    seats = select(Seat.game_id, Seat.name, Seat.email).where(Seat.bot.is_(False),
                                                              Seat.game_id.in_(select(Game.id).where(*_WAITING)))
    if who.isascii():  # SQLite's lower() knows only ASCII: other names are compared in Python below
        seats = seats.where((func.lower(Seat.name) == who) | (func.lower(Seat.email) == who))
    theirs: dict[int, set[str]] = {}
    for game_id, name, email in db.session.execute(seats):
        if who in (name.lower(), email.lower()):
            theirs.setdefault(game_id, set()).add(name)
    waiting = db.session.execute(select(Game.id, Game.to_act).where(*_WAITING, Game.id.in_(theirs))
                                 .order_by(*_NEAREST_DEADLINE))
    return [game_id for game_id, to_act in waiting if theirs[game_id] & set(to_act)]


@dataclass(frozen=True)
class SeatRow:
    id: int
    name: str
    email: str
    bot: bool
    last_seen_at: datetime | None
    moves_made: int
    deadlines_missed: int
    to_act: bool


def seat_rows(game: Game) -> list[SeatRow]:
    """Each seat with its moves (made by the player) and missed deadlines (moves a deadline made)."""
    counts = Counter(
        (player, on_timeout) for player, on_timeout in db.session.execute(
            select(ActionRecord.player, ActionRecord.on_timeout).where(ActionRecord.game_id == game.id)
        )
    )
    to_act = game_row(game).to_act
    return [
        SeatRow(seat.id, seat.name, seat.email, seat.bot, seat.last_seen_at,
                counts[(seat.name, False)], counts[(seat.name, True)], seat.name in to_act)
        for seat in game.seats
    ]


@dataclass(frozen=True)
class LogLine:
    seq: int
    at: datetime
    player: str
    text: str  # a sentence that names its player; or, `whole`, the action in the game's notation
    on_timeout: bool
    whole: bool = False  # the revealed seat's own action, every secret of it shown


def action_log(game: Game, revealed_for: str | None = None) -> list[LogLine]:
    """The log as everyone may read it (`log_text`), except `revealed_for`'s own actions, told whole."""
    engine = engine_for(game)
    return [LogLine(r.seq, r.created_at, r.player, log_text(engine, r, revealed_for), r.on_timeout,
                    whole=r.player == revealed_for) for r in game.actions]


def log_text(engine: Engine, record: ActionRecord, revealed_for: str | None) -> str:
    """One logged action: whole in the game's notation for the seat revealed; otherwise as the engine
    tells it to someone who may not know it (a face-down token, a plan), what any other player reads."""
    if record.player == revealed_for:
        return engine.action_text(record.action)
    return described(engine, record.action, record.player, for_others=True)


def public_view(game: Game) -> dict[str, Any]:
    return engine_for(game).view(game.state, None)


def reveal(game_id: int, seat_id: int, *, actor: str, now: datetime) -> tuple[Game, Seat, dict[str, Any]]:
    """The board as one seat sees it, face-down tokens of theirs included; written to the audit log."""
    with locked_game(game_id) as game:
        seat = _seat_of(game, seat_id)
        audit.record(actor, "reveal", now=now, game_id=game.id, detail=f"showed {seat.name}'s view")
    return game, seat, engine_for(game).view(game.state, seat.name)


def export(game_id: int, *, actor: str, now: datetime) -> dict[str, Any]:
    """The game as JSON (tain.services.export), read under its lock with the audit entry it needs:
    the file holds every face-down token."""
    with locked_game(game_id) as game:
        audit.record(actor, "export", now=now, game_id=game.id)
        return export_game(game)


# What the mail tables show: not the bodies or the picture, which are most of an email's row.
_MAIL_LISTED = load_only(OutboxMessage.id, OutboxMessage.recipient, OutboxMessage.subject, OutboxMessage.status,
                         OutboxMessage.attempts, OutboxMessage.created_at, OutboxMessage.sent_at,
                         OutboxMessage.last_error)


def games_mail(game_id: int) -> list[OutboxMessage]:
    return list(db.session.scalars(
        select(OutboxMessage).where(OutboxMessage.game_id == game_id).order_by(OutboxMessage.id.desc())
        .options(_MAIL_LISTED)
    ))


def _seat_of(game: Game, seat_id: int) -> Seat:
    seat = next((seat for seat in game.seats if seat.id == seat_id), None)
    if seat is None:
        raise AdminRefusal(N_("Game #%(game)s has no such seat."), game=game.id)
    return seat


def _open(game: Game) -> None:
    if game.over or game.cancelled:
        raise AdminRefusal(N_("Game #%(game)s is cancelled; it cannot be changed any more.") if game.cancelled
                           else N_("Game #%(game)s is finished; it cannot be changed any more."), game=game.id)


def replace_player(game_id: int, seat_id: int, email: str, *, actor: str, now: datetime) -> Seat:
    """A new person in the seat: their email, a new link sent to them, every old link revoked."""
    email = checked_email(email)
    with locked_game(game_id) as game:
        _open(game)
        seat = _seat_of(game, seat_id)
        if any(other.email.lower() == email.lower() for other in game.seats if other is not seat):
            raise InvalidGame([Phrase(N_("%(address)s already plays in game #%(game)s; each player needs their own address."),
                                      address=email, game=game.id)])
        old = seat.email or "a bot"
        seat.email, seat.bot = email, False
        revoke_links(seat)
        notify.seat_link(game, engine_for(game), seat, now=now)
        audit.record(actor, "replace player", now=now, game_id=game.id, detail=f"{seat.name}: {old} → {email}")
    return seat


def resend_link(game_id: int, seat_id: int, *, actor: str, now: datetime) -> Seat:
    """Email the seat's link again (older links keep working)."""
    with locked_game(game_id) as game:
        seat = _seat_of(game, seat_id)
        if seat.bot:
            raise AdminRefusal(N_("%(name)s's seat is played by a bot; it has no email to send a link to."), name=seat.name)
        notify.seat_link(game, engine_for(game), seat, now=now)
        audit.record(actor, "resend link", now=now, game_id=game.id, detail=f"to {seat.name} <{seat.email}>")
    return seat


def revoke_all_links(game_id: int, *, actor: str, now: datetime) -> None:
    """Every link of every seat stops working; send new ones with "resend link"."""
    with locked_game(game_id) as game:
        for seat in game.seats:
            revoke_links(seat)
        audit.record(actor, "revoke links", now=now, game_id=game.id, detail="every seat's links")


def seat_bot(game_id: int, seat_id: int, *, actor: str, now: datetime) -> Seat:
    """A bot plays the seat from now on (at once if it is its move); the player's links are revoked."""
    with locked_game(game_id) as game:
        _open(game)
        seat = _seat_of(game, seat_id)
        if seat.bot:
            raise AdminRefusal(N_("A bot already plays %(name)s's seat."), name=seat.name)
        if all(other.bot for other in game.seats if other is not seat):
            raise AdminRefusal(N_("A game needs at least one player who is not a bot."))
        seat.bot = True
        revoke_links(seat)
        audit.record(actor, "bot in seat", now=now, game_id=game.id, detail=f"{seat.name} ({seat.email}) is now a bot")
        let_bots_play(game, now=now)
    return seat


def cancel(game_id: int, *, actor: str, now: datetime) -> None:
    """Stop the game for good: no more moves, no deadline; its links expire like a finished game's."""
    with locked_game(game_id) as game:
        _open(game)
        game.status, game.finished_at, game.updated_at = "cancelled", now, now
        game.deadline_at = game.reminder_at = None
        set_wake(game)
        audit.record(actor, "cancel", now=now, game_id=game.id)
        notify.cancelled(game, engine_for(game), now=now)


def outbox(status: str | None = None, limit: int = 300) -> list[OutboxMessage]:
    query = select(OutboxMessage).order_by(OutboxMessage.id.desc()).limit(limit).options(_MAIL_LISTED)
    if status in MAIL_STATUSES:
        query = query.where(OutboxMessage.status == status)
    return list(db.session.scalars(query))


def mail_counts() -> dict[str, int]:
    counts = dict(db.session.execute(select(OutboxMessage.status, func.count()).group_by(OutboxMessage.status)).all())
    return {status: counts.get(status, 0) for status in MAIL_STATUSES}


def retry_mail(message_id: int, *, actor: str, now: datetime) -> OutboxMessage:
    """Send a pending or failed email again at the next delivery, with a fresh count of attempts.

    Decided under the row's lock: a sender that claimed it meanwhile makes it `sending`, and
    it is not sent twice."""
    with transactions.write():
        message = db.session.scalar(
            select(OutboxMessage).where(OutboxMessage.id == message_id).with_for_update()
            .execution_options(populate_existing=True))
        if message is None:
            raise AdminRefusal(N_("There is no such email in the outbox."))
        if message.status not in ("pending", "failed"):
            raise AdminRefusal(N_("That email is being sent; only a pending or failed one can be retried.")
                               if message.status == "sending" else
                               N_("That email is already sent; only a pending or failed one can be retried."))
        message.status, message.attempts, message.next_attempt_at = "pending", 0, now
        audit.record(actor, "retry mail", now=now, game_id=message.game_id,
                     detail=f"email #{message.id} to {message.recipient}")
    return message


@dataclass(frozen=True)
class DayCounts:
    day: date
    moves: int
    emails: int


def activity(now: datetime, days: int = 7) -> list[DayCounts]:
    """Moves made and emails sent on each of the last `days` days (UTC), today first."""
    since = datetime.combine((now - timedelta(days=days - 1)).date(), datetime.min.time(), now.tzinfo)
    moves = Counter(at.date() for at in db.session.scalars(select(ActionRecord.created_at).where(ActionRecord.created_at >= since)))
    emails = Counter(at.date() for at in db.session.scalars(select(OutboxMessage.sent_at).where(OutboxMessage.sent_at >= since)))
    return [DayCounts(day, moves[day], emails[day]) for day in ((now - timedelta(days=n)).date() for n in range(days))]


def running_count() -> int:
    return db.session.scalar(select(func.count()).select_from(Game).where(Game.status == "running")) or 0



def parse_seat(line: str) -> NewPlayer:
    """`Ann <ann@example.org>` seats a person, `Dana (bot)` a bot; InvalidGame for anything else."""
    match = _BOT_RE.match(line)
    return NewPlayer(match["name"], "", bot=True) if match else parse_player(line)


def create(game_name: str, lines: list[str], *, actor: str, now: datetime, first_player: str | None,
           timing: deadlines.Timing, options: dict[str, Any] | None = None, started_by: str | None = None) -> Game:
    """A new game from the dashboard's form (one seat a line), audit-logged; the invitations say it was
    started by `started_by` (the admin's name when not given)."""
    seated = audit.recorder(actor, "create", now=now, detail=lambda game: ", ".join(
        f"{seat.name} (bot)" if seat.bot else f"{seat.name} <{seat.email}>" for seat in game.seats))
    return create_game(game_name, [parse_seat(line) for line in lines], now=now, first_player=first_player,
                       options=options, also=seated, started_by=started_by or actor, **asdict(timing))


def pause(game_id: int, *, actor: str, now: datetime) -> None:
    """Stop the game and its clock (tain.services.deadlines), audit-logged."""
    deadlines.pause(game_id, now=now, also=audit.recorder(actor, "pause", now=now))


def resume(game_id: int, *, actor: str, now: datetime) -> None:
    """Restart the clock with the time that was left at the pause, audit-logged."""
    deadlines.resume(game_id, now=now, also=audit.recorder(actor, "resume", now=now))


def extend(game_id: int, until: datetime, *, actor: str, now: datetime) -> datetime:
    """Move the running deadline later, to `until`; refused for a time already past or not later
    than the deadline as it stands when the game is locked."""
    return deadlines.extend_deadline_to(game_id, until, now=now, also=audit.recorder(
        actor, "extend deadline", now=now,
        detail=lambda game: f"{game.deadline_at:%Y-%m-%d %H:%M} → {until:%Y-%m-%d %H:%M} UTC"))


def change_timing(game_id: int, timing: deadlines.Timing, *, actor: str, now: datetime) -> None:
    """New deadlines, reminder and time-out choice, from the next deadline on; audit-logged."""
    detail = (f"moves {duration_text(timing.move_deadline) or 'no deadline'}, "
              f"phases {duration_text(timing.phase_deadline) or 'no deadline'}, "
              f"reminder {duration_text(timing.reminder_before) or 'none'}, "
              f"bot on time-out {'yes' if timing.bot_on_timeout else 'no'}")
    deadlines.set_timing(game_id, timing, now=now, also=audit.recorder(actor, "change timing", now=now, detail=detail))


def time_out_now(game_id: int, version: int, *, actor: str, now: datetime) -> int:
    """Apply the deadline now to everyone still to act (as the page showed the game at `version`,
    checked under the lock), audit-logged."""
    recorded = audit.recorder(actor, "time out now", now=now, detail=lambda game: (
        f"{len(engine_for(game).to_act(game.state))} players timed out"))
    return deadlines.apply_timeouts(game_id, now=now, expected_version=version, also=recorded)


