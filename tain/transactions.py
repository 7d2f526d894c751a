"""Every way the service starts a transaction: the one place that begins, commits and rolls back.

- `read()`: a fresh snapshot that only reads (plain BEGIN). Views that only show use
  the session's own autobegin, which is the same thing.
- `write()`: a transaction that will write. On SQLite it begins with BEGIN IMMEDIATE:
  a transaction that began as a read cannot become a write once another connection
  has committed (it fails at once with "database is locked", whatever busy_timeout
  says), so anything that may write starts as a write. Plain BEGIN on PostgreSQL.
- `game_under_lock(game_id)`: a write transaction holding the game's row lock
  (SELECT … FOR UPDATE), re-read after the lock; `skip_locked=True` gives None
  instead of waiting when another transaction holds it (the deadline pass).
  `seat_under_lock(seat_id)` the same for a seat's game, found by the seat.

Each discards whatever the session held before, so that nothing read earlier
(and possibly stale) leaks into the new transaction, and commits on success or
rolls back on any error. Inside `kept_as_written()` a commit leaves what the
transaction held loaded as it wrote it, for an answer built right after it.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import bindparam, select

from .extensions import WRITE_LOCK_OPTION, db
from .models import Game, Seat

# Built once: a statement's construction costs more than its execution.
_GAME_OF_SEAT_LOCKED = (
    select(Game).where(Game.id == select(Seat.game_id).where(Seat.id == bindparam("seat_id")).scalar_subquery())
    .with_for_update().execution_options(populate_existing=True)
)


@contextmanager
def read() -> Iterator[None]:
    """A fresh read-only snapshot; ended (rolled back) afterwards."""
    db.session.rollback()
    try:
        yield
    finally:
        db.session.rollback()


@contextmanager
def write() -> Iterator[None]:
    """A fresh transaction that will write; commits on success, rolls back on error."""
    db.session.rollback()
    db.session.connection(execution_options={WRITE_LOCK_OPTION: True})
    try:
        yield
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


@contextmanager
def game_under_lock(game_id: int, *, skip_locked: bool = False, where: Any = None) -> Iterator[Game | None]:
    """A write transaction holding `game_id`'s row lock; the game re-read after the lock, or None
    when there is no such game (or, with `skip_locked`, another transaction holds it, or it does
    not meet the extra condition `where`)."""
    query = select(Game).where(Game.id == game_id)
    if where is not None:
        query = query.where(where)
    with write():
        yield db.session.execute(
            query.with_for_update(skip_locked=skip_locked).execution_options(populate_existing=True)
        ).scalar_one_or_none()


@contextmanager
def seat_under_lock(seat_id: int) -> Iterator[Seat | None]:
    """A write transaction holding the row lock of seat `seat_id`'s game; the seat and its game, read after
    the lock (None when there is no such seat): the game found by the seat, then its seats. Not in one
    statement: on PostgreSQL, a statement that waited for a lock reads the locked row as the lock's holder
    left it, but the rows beside it as they were before (READ COMMITTED)."""
    with write():
        game = db.session.execute(_GAME_OF_SEAT_LOCKED, {"seat_id": seat_id}).scalar_one_or_none()
        yield None if game is None else next(seat for seat in game.seats if seat.id == seat_id)


@contextmanager
def kept_as_written() -> Iterator[None]:
    """A commit inside leaves the objects its transaction held loaded as it left them, instead of
    expiring them: what a move answers (the game as the move left it, under its lock until the
    commit) is built from them, not read again. They are expired when the block ends, as the
    commit would have: nothing kept outlives the answer."""
    session = db.session()
    expiring, session.expire_on_commit = session.expire_on_commit, False
    try:
        yield
    finally:
        session.expire_on_commit = expiring
        session.expire_all()


def end() -> None:
    """End whatever transaction the session holds (after a refusal or an error), without raising:
    with the database gone, there is nothing left to roll back."""
    try:
        db.session.rollback()
    except Exception:
        db.session.invalidate()
