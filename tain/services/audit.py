"""The admin's audit log: who did what, when, to which game. Entries join the change's transaction."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from tain.extensions import db
from tain.models import AuditEntry


def record(actor: str, action: str, *, now: datetime, game_id: int | None = None, detail: str = "") -> AuditEntry:
    """Add an entry to the current transaction; the caller commits it with the change it describes."""
    entry = AuditEntry(at=now, actor=actor, action=action, game_id=game_id, detail=detail)
    db.session.add(entry)
    return entry


def entries(*, game_id: int | None = None, limit: int = 500) -> list[AuditEntry]:
    """The newest entries first, of one game or of all."""
    query = select(AuditEntry).order_by(AuditEntry.id.desc()).limit(limit)
    if game_id is not None:
        query = query.where(AuditEntry.game_id == game_id)
    return list(db.session.scalars(query))
