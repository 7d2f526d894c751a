"""Admins' sessions, kept on the server: the cookie holds only a random id, the table its hash.

Logging out, or staying idle longer than allowed, deletes the row: a copy of the cookie opens
nothing afterwards. `last_seen_at` is written at most once a minute, in a write transaction of
its own, so that every admin page costs one read; a session may therefore end up to a minute early.
"""
from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update

from tain.extensions import db
from tain.models import AdminSession
from tain.transactions import read, write

SEEN_EVERY = timedelta(minutes=1)


class SessionExpired(Exception):
    """The session was idle too long; it is ended."""


def _hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def start(admin: str, *, now: datetime, idle: timedelta) -> str:
    """A new session for `admin`, and its id for the cookie; sessions idle longer than `idle` go with it."""
    session_id = secrets.token_urlsafe(32)
    with write():
        db.session.execute(delete(AdminSession).where(AdminSession.last_seen_at < now - idle))
        db.session.add(AdminSession(key_hash=_hash(session_id), admin=admin, created_at=now, last_seen_at=now))
    return session_id


def admin_of(session_id: str, *, now: datetime, idle: timedelta) -> str | None:
    """The admin whose live session this is, now seen; None for no such session (logged out, or
    never); SessionExpired, and the session ended, when it was idle longer than `idle`."""
    key_hash = _hash(session_id)
    with read():
        row = db.session.execute(
            select(AdminSession.admin, AdminSession.last_seen_at).where(AdminSession.key_hash == key_hash)
        ).one_or_none()
    if row is None:
        return None
    admin, last_seen = row
    if now - last_seen > idle:
        end(session_id)
        raise SessionExpired()
    if now - last_seen >= SEEN_EVERY:
        with write():  # the condition again: of two requests at once, one writes
            db.session.execute(update(AdminSession).where(
                AdminSession.key_hash == key_hash, AdminSession.last_seen_at <= now - SEEN_EVERY,
            ).values(last_seen_at=now))
    return admin


def end(session_id: str) -> None:
    """Log out: the session's row goes, and with it every copy of the cookie."""
    with write():
        db.session.execute(delete(AdminSession).where(AdminSession.key_hash == _hash(session_id)))
