"""The database: games, their seats, the append-only action log, the mail outbox, and the clock's passes.

The action log is the truth; `Game.state` is a cache of the engine's replay of it, and
`Checkpoint` keeps a few of the states it went through (see `tain.services.games.rebuild_state`).
"""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any, Optional

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

from .extensions import db

JSONData = JSON().with_variant(JSONB(), "postgresql")
# A game's state and its logged actions keep the engine's key order (JSONB would sort the keys):
# that order is the order of legal_actions, and so of what a bot chooses, on every database.
OrderedJSON = JSON()
# Row ids are INTEGER columns and seeds BIGINT ones: a number past them never reaches a query.
MAX_ROW_ID = 2**31 - 1
MAX_SEED = 2**63 - 1


class UTCDateTime(TypeDecorator):
    """Aware UTC datetimes in and out, on SQLite (which drops time zones) and PostgreSQL alike."""

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: Optional[datetime], dialect: Any) -> Optional[datetime]:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given; pass an aware UTC datetime")
        return value.astimezone(timezone.utc).replace(tzinfo=None)

    def process_result_value(self, value: Optional[datetime], dialect: Any) -> Optional[datetime]:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=timezone.utc)
        return value.astimezone(timezone.utc)


class Game(db.Model):
    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_status_deadline_at", "status", "deadline_at"),
        Index("ix_games_wake_at", "wake_at"),
        # The admin's list, newest activity first, a page at a time; the waiting games read from the index
        # alone (SQLite would otherwise walk each row's state to reach the columns stored after it).
        Index("ix_games_updated_at", "updated_at"),
        Index("ix_games_status_updated_at", "status", "updated_at"),
        Index("ix_games_waiting", "status", "paused_at", "deadline_at", "updated_at", "to_act"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(32))  # the engine's registry name
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSONData, default=dict)
    status: Mapped[str] = mapped_column(String(16), default="running")  # running | over | cancelled
    state: Mapped[dict[str, Any]] = mapped_column(OrderedJSON)  # cache of the replayed log
    # What the admin's list shows of the state, kept beside it (services.games.cache_state_facts): its
    # to_act ([] once over) and its public stage.
    to_act: Mapped[list[str]] = mapped_column(JSONData, default=list)
    stage: Mapped[dict[str, Any]] = mapped_column(JSONData, default=dict)
    version: Mapped[int] = mapped_column(default=0)  # actions applied so far (the log's length)
    # The version every seat is shown (pages, forms, JSON, Message-IDs) and its time: it moves with each
    # action anyone could see, never with a standing order that changed nothing public (a hidden choice).
    moves: Mapped[int] = mapped_column(default=0, server_default="0")
    moved_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)
    move_deadline_seconds: Mapped[Optional[int]] = mapped_column()
    phase_deadline_seconds: Mapped[Optional[int]] = mapped_column()
    deadline_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)
    # Timing (issue 4, tain.services.deadlines): a reminder before the deadline, a bot on time-out,
    # a pause that stops the clock, and `wake_at`, the next moment the scheduler must look at the game.
    reminder_before_seconds: Mapped[Optional[int]] = mapped_column()
    reminder_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)  # None once sent
    bot_on_timeout: Mapped[bool] = mapped_column(default=False)
    paused_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)
    wake_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.position", cascade="all, delete-orphan"
    )
    actions: Mapped[list[ActionRecord]] = relationship(
        back_populates="game", order_by="ActionRecord.seq", cascade="all, delete-orphan"
    )

    @property
    def over(self) -> bool:
        return self.status == "over"

    @property
    def cancelled(self) -> bool:
        return self.status == "cancelled"

    def seat_named(self, name: str) -> Seat:
        return next(seat for seat in self.seats if seat.name == name)


class Seat(db.Model):
    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("game_id", "position", name="uq_seats_game_position"),
        UniqueConstraint("game_id", "name", name="uq_seats_game_name"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column()
    name: Mapped[str] = mapped_column(String(80))  # the player's name in the engine
    email: Mapped[str] = mapped_column(String(254))
    link_key: Mapped[str] = mapped_column(String(64))  # salts the seat's links; change it to revoke them
    last_seen_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)
    bot: Mapped[bool] = mapped_column(default=False)  # a bot plays this seat from its view, at once
    mail_mode: Mapped[str] = mapped_column(String(8), default="each")  # each | digest
    digest_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime, index=True)  # the next digest, in digest mode
    digest_reports: Mapped[int] = mapped_column(default=0)  # raid reports already told in a digest
    away_days: Mapped[list[str]] = mapped_column(JSONData, default=list)  # ISO dates the player cannot play
    # The game's version when the seat's current decision began (its own last move, or when it became
    # one to act): a move sent from a page older than that answers a decision that is gone (StaleMove).
    decision_version: Mapped[int] = mapped_column(default=0, server_default="0")
    # The game's version when the player was last shown the game (a page visit or an email):
    # "since you last looked" tells what came after it.
    seen_version: Mapped[int] = mapped_column(default=0, server_default="0")
    time_zone: Mapped[Optional[str]] = mapped_column(String(64))  # IANA name, e.g. Europe/Rome; None: UTC
    # The player's language (tain.wording.LANGUAGES), set by the game's creator or on their page;
    # None until chosen: their pages and emails are in English, the default.
    language: Mapped[Optional[str]] = mapped_column(String(8))

    game: Mapped[Game] = relationship(back_populates="seats")

    def away_dates(self) -> set[date]:
        return {date.fromisoformat(day) for day in self.away_days or []}


class ActionRecord(db.Model):
    """One line of a game's append-only log: who did what, when, and whether a deadline did it."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_actions_game_seq"),
                      Index("ix_actions_created_at", "created_at"))  # the admin's moves per day

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column()  # 0, 1, 2 … within the game
    player: Mapped[str] = mapped_column(String(80))
    action: Mapped[dict[str, Any]] = mapped_column(OrderedJSON)
    on_timeout: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)

    game: Mapped[Game] = relationship(back_populates="actions")


class Checkpoint(db.Model):
    """A game's state after its first `version` logged actions, kept so that a replay of the log starts
    near where it is needed, not at the set-up (tain.services.checkpoints). A cache like `Game.state`:
    the log wins (`tain.services.games.rebuild_state` writes them again)."""

    __tablename__ = "checkpoints"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(OrderedJSON)


class OutboxMessage(db.Model):
    """An email, written in the transaction of the change that causes it and delivered after commit."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_status_next_attempt_at", "status", "next_attempt_at"),
                      Index("ix_outbox_sent_at", "sent_at"))  # the admin's emails per day

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[Optional[int]] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), index=True)
    seat_id: Mapped[Optional[int]] = mapped_column(ForeignKey("seats.id", ondelete="SET NULL"))
    kind: Mapped[str] = mapped_column(String(32))  # tain.mail.messages.Letter.kind
    recipient: Mapped[str] = mapped_column(String(320))
    # Written by the sender from `letter` (tain.services.letters); None until then. A row queued with its
    # subject and bodies (before migration 0015, or by a test) has no letter; one queued before 0017 has
    # its subject.
    subject: Mapped[Optional[str]] = mapped_column(String(300))
    body_text: Mapped[Optional[str]] = mapped_column(Text)
    body_html: Mapped[Optional[str]] = mapped_column(Text)
    letter: Mapped[Optional[dict[str, Any]]] = mapped_column(JSON)  # tain.mail.messages.Draft, as JSON
    # What the HTML's picture of the board is made from (tain.pictures.source_of: the recipient's view),
    # drawn by the sender; None: no picture.
    picture: Mapped[Optional[str]] = mapped_column(Text)
    message_id: Mapped[str] = mapped_column(String(250))
    in_reply_to: Mapped[Optional[str]] = mapped_column(String(250))
    references: Mapped[Optional[str]] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="pending")  # pending | sending | sent | failed
    transport: Mapped[Optional[str]] = mapped_column(String(16))  # smtp | devmail, once sent
    attempts: Mapped[int] = mapped_column(default=0)
    last_error: Mapped[Optional[str]] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    next_attempt_at: Mapped[datetime] = mapped_column(UTCDateTime)
    sent_at: Mapped[Optional[datetime]] = mapped_column(UTCDateTime)


class AdminUser(db.Model):
    """An admin made with `flask --app app tain create-admin`; only the password's hash is kept."""

    __tablename__ = "admin_users"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    password_hash: Mapped[str] = mapped_column(String(256))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)


class AdminPreference(db.Model):
    """An admin's language and time zone on the dashboard, by name (the `admin` of ADMIN_PASSWORD has
    no AdminUser row, and a choice outlives the session it was made in)."""

    __tablename__ = "admin_preferences"

    admin: Mapped[str] = mapped_column(String(80), primary_key=True)
    language: Mapped[Optional[str]] = mapped_column(String(8))  # None: the browser's
    time_zone: Mapped[Optional[str]] = mapped_column(String(64))  # IANA name; None: UTC


class AuditEntry(db.Model):
    """One admin action: who did what, when, to which game (append-only)."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    actor: Mapped[str] = mapped_column(String(80))
    action: Mapped[str] = mapped_column(String(40))
    game_id: Mapped[Optional[int]] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), index=True)
    detail: Mapped[str] = mapped_column(Text, default="")


class SchedulerPass(db.Model):
    """One pass of the schedule (`tick`, the clock process or in-process) and what it did; the latest are kept."""

    __tablename__ = "scheduler_passes"

    id: Mapped[int] = mapped_column(primary_key=True)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    finished_at: Mapped[datetime] = mapped_column(UTCDateTime)
    timeouts: Mapped[int] = mapped_column(default=0)  # players timed out
    reminders: Mapped[int] = mapped_column(default=0)
    digests: Mapped[int] = mapped_column(default=0)
    emails_sent: Mapped[int] = mapped_column(default=0)
    emails_failed: Mapped[int] = mapped_column(default=0)


class AdminSession(db.Model):
    """A logged-in admin's session, kept on the server: the cookie holds a random id, this table its hash.

    Logging out or staying idle too long deletes the row, so that a copy of the cookie opens nothing.
    """

    __tablename__ = "admin_sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)  # SHA-256 of the cookie's id, in hex
    admin: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)  # written at most once a minute
