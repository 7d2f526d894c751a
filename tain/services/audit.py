"""The admin's audit log: who did what, when, to which game. Entries join the change's transaction."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import select

from tain.extensions import db
from tain.models import AuditEntry, Game


def record(actor: str, action: str, *, now: datetime, game_id: int | None = None, detail: str = "") -> AuditEntry:
    """Add an entry to the current transaction; the caller commits it with the change it describes."""
    entry = AuditEntry(at=now, actor=actor, action=action, game_id=game_id, detail=detail)
    db.session.add(entry)
    return entry


def recorder(actor: str, action: str, *, now: datetime,
             detail: str | Callable[[Game], str] = "") -> Callable[[Game], None]:
    """An entry to write inside a service's own transaction, once it has the changed game
    (`detail` may be worked out from it): the change and its record commit together."""
    def record_for(game: Game) -> None:
        record(actor, action, now=now, game_id=game.id, detail=detail(game) if callable(detail) else detail)

    return record_for


def entries(*, game_id: int | None = None, limit: int = 500) -> list[AuditEntry]:
    """The newest entries first, of one game or of all."""
    query = select(AuditEntry).order_by(AuditEntry.id.desc()).limit(limit)
    if game_id is not None:
        query = query.where(AuditEntry.game_id == game_id)
    return list(db.session.scalars(query))
