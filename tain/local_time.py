"""Times as a player reads them: in their own time zone (an IANA name such as Europe/Rome, UTC when
they have chosen none), with the year only when it is not this year, and how far off it is.

Shared by the pages and the emails; formatted by Babel (dates, zones and durations in the
reader's language), never by strftime. `now` is always passed in.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from babel.dates import format_datetime, format_timedelta

MAX_ZONE_NAME = 64  # seats.time_zone's length
THIS_YEAR = "EEE d MMM, HH:mm zzz"  # Wed 14 May, 20:00 CEST
OTHER_YEAR = "EEE d MMM y, HH:mm zzz"  # Sun 16 Sep 2300, 18:00 UTC
# A duration switches to the next unit at twice that unit: "in 36 hours", not "in 2 days".
RELATIVE_THRESHOLD = 2


@lru_cache(maxsize=1)
def zone_names() -> frozenset[str]:
    """Every IANA time zone name this machine knows (from the tzdata package if the system has none)."""
    return frozenset(available_timezones())


def is_zone_name(name: str) -> bool:
    """An IANA time zone name, written exactly as the database writes it ("Europe/Rome", "UTC")."""
    return len(name) <= MAX_ZONE_NAME and name in zone_names()


def zone_named(name: str | None) -> ZoneInfo:
    """The zone of that name; UTC for none (or a name this machine no longer knows)."""
    return ZoneInfo(name) if name and is_zone_name(name) else ZoneInfo("UTC")


@dataclass(frozen=True)
class LocalTime:
    """A moment as one reader sees it: `when` on their clock, `relative` from now, `iso` for machines."""

    when: str  # Wed 14 May, 20:00 CEST
    relative: str  # in 23 hours
    iso: str  # 2030-05-14T18:00:00+00:00

    def __str__(self) -> str:
        return f"{self.when} ({self.relative})"


def local_time(moment: datetime, now: datetime, zone_name: str | None, locale: str = "en") -> LocalTime:
    """`moment` in the reader's zone, with its year when that is not the current year there."""
    zone = zone_named(zone_name)
    same_year = moment.astimezone(zone).year == now.astimezone(zone).year
    return LocalTime(
        when=format_datetime(moment, THIS_YEAR if same_year else OTHER_YEAR, tzinfo=zone, locale=locale),
        relative=format_timedelta(moment - now, threshold=RELATIVE_THRESHOLD, add_direction=True, locale=locale),
        iso=moment.astimezone(timezone.utc).isoformat(),
    )
