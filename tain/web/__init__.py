"""The web edge: one blueprint per concern, each calling the service layer."""
from __future__ import annotations

from datetime import datetime, timezone


def utcnow() -> datetime:
    """The request's `now`, passed into the services (which never read the clock)."""
    return datetime.now(timezone.utc)
