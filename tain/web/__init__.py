"""The web edge: one blueprint per concern, each calling the service layer."""
from __future__ import annotations

from datetime import datetime, timezone

from werkzeug.routing import IntegerConverter, Map

from tain.models import MAX_ROW_ID


def utcnow() -> datetime:
    """The request's `now`, passed into the services (which never read the clock)."""
    return datetime.now(timezone.utc)


class RowId(IntegerConverter):
    """`<id:game_id>` in a route: a database row id, 1 to MAX_ROW_ID. Any other number matches
    no route (a 404), so it never reaches a query the database would refuse."""

    def __init__(self, map: Map) -> None:
        super().__init__(map, min=1, max=MAX_ROW_ID)
