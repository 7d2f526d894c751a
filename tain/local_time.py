"""Times as a player reads them: in their own time zone (an IANA name such as Europe/Rome, UTC when
they have chosen none), with the year only when it is not this year, and how far off it is.

Shared by the pages, the emails and the admin dashboard; formatted by Babel (dates, zones and
durations in the reader's language), never by strftime. `now` is always passed in.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from babel.dates import format_datetime, format_timedelta
from babel.lists import format_list
from babel.units import format_unit

from tain.wording import current_language

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


def local_time(moment: datetime, now: datetime, zone_name: str | None, locale: str | None = None) -> LocalTime:
    """`moment` in the reader's zone and language (`locale`, by default the current one: the request's
    reader, or the recipient inside `tain.wording.with_language`), with its year when that is not the
    current year there."""
    zone = zone_named(zone_name)
    locale = locale or current_language()
    same_year = moment.astimezone(zone).year == now.astimezone(zone).year
    return LocalTime(
        when=format_datetime(moment, THIS_YEAR if same_year else OTHER_YEAR, tzinfo=zone, locale=locale),
        relative=_relative(moment, now, locale),
        iso=moment.astimezone(timezone.utc).isoformat(),
    )


def read_of_now(moment: datetime, now: datetime, zone_name: str | None) -> tuple[int, str]:
    """All that `local_time(moment, now, zone_name)` reads of `now`: the year in the reader's zone, and how
    far off `moment` is in words (a page kept once drawn is kept while they hold: tain.web.kept_pages)."""
    return now.astimezone(zone_named(zone_name)).year, _relative(moment, now, current_language())


def _relative(moment: datetime, now: datetime, locale: str) -> str:
    return format_timedelta(moment - now, threshold=RELATIVE_THRESHOLD, add_direction=True, locale=locale)


def span_text(span: timedelta, locale: str | None = None) -> str:
    """How long something took or has waited, as the dashboard says it: `40 sec`, `12 min`, `3 hr, 5 min`,
    `2 days, 4 hr` (Italian: `3 h e 5 min`): days or hours with the next unit (unless 0), minutes or
    seconds alone."""
    locale = locale or current_language()
    seconds = max(0, int(span.total_seconds()))
    parts = [(seconds // 86400, "duration-day"), (seconds // 3600 % 24, "duration-hour"),
             (seconds // 60 % 60, "duration-minute"), (seconds % 60, "duration-second")]
    first = next((i for i, (value, _) in enumerate(parts) if value), len(parts) - 1)
    shown = [parts[first]] + [part for part in parts[first + 1:min(first + 2, 3)] if part[0]]
    return format_list([format_unit(value, unit, length="short", locale=locale) for value, unit in shown],
                       style="unit-short", locale=locale)
