"""What a player sets for their seat: days away, and how they get their mail."""
from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime, timedelta
from functools import partial

from tain.local_time import is_zone_name, zone_named
from tain.models import Game, Seat
from tain.wording import N_, Phrase

from .errors import ServiceError
from .games import engine_for, locked_game
from .timing import move_past_away_days

MAX_AWAY_DAYS = 30  # at most this many days away at any time
AWAY_HORIZON = timedelta(days=365)  # and none further ahead than this
MAIL_MODES = ("each", "digest")
DIGEST_EVERY = timedelta(days=1)


class BadPreference(ServiceError):
    """A preference that cannot be set; the message says why."""


class BadSettings(BadPreference):
    """The settings form refused: `problems` holds one sentence for each field that is wrong
    (`away_days`, `mail_mode`, `time_zone`), each a `Phrase` (English, said in the reader's language by `say`)."""

    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__(" ".join(problems.values()))
        self.problems = problems


def settings_problems(days: Iterable[date], mode: str, time_zone: str | None, *, now: datetime) -> dict[str, str]:
    """What is wrong with the settings form's values, field by field (empty: nothing)."""
    checks = {"away_days": partial(_checked_away_days, days, now, time_zone), "mail_mode": partial(_check_mail_mode, mode),
              "time_zone": partial(_check_time_zone, time_zone)}
    problems = {}
    for field, check in checks.items():
        try:
            check()
        except BadPreference as refusal:
            problems[field] = Phrase(refusal.message, **refusal.params)
    return problems


def save_settings(seat: Seat, days: Iterable[date], mode: str, *, now: datetime,
                  time_zone: str | None = None) -> list[str]:
    """The settings form: days away, the email choice and the time zone (None: UTC), all checked before
    any is saved (BadSettings names every field that is wrong), then saved in one transaction (a refusal
    changes nothing); the days kept, as ISO dates."""
    days = list(days)
    problems = settings_problems(days, mode, time_zone, now=now)
    if problems:
        raise BadSettings(problems)
    kept = _checked_away_days(days, now, time_zone)
    with locked_game(seat.game_id) as game:
        game.seat_named(seat.name).time_zone = time_zone  # first: the days away are on this clock
        _mark_away(game, seat.name, kept)
        _choose_mail(game, seat.name, mode, now)
        return [day.isoformat() for day in kept]


def adopt_time_zone(seat: Seat, time_zone: str) -> None:
    """The zone the player's browser reported, as the seat's default: only while the seat has none,
    and only a name the time zone database knows (anything else is ignored: it is a hint, not a choice)."""
    if seat.time_zone is not None or not is_zone_name(time_zone):
        return
    with locked_game(seat.game_id) as game:
        chosen = game.seat_named(seat.name)
        if chosen.time_zone is None:
            chosen.time_zone = time_zone


def set_away_days(seat: Seat, days: Iterable[date], *, now: datetime) -> list[str]:
    """Replace the seat's away days, days on its own clock (past ones are dropped); the days kept, as ISO dates.

    A deadline of the seat's running move that falls on one of them moves past it
    at once; removing days never brings a deadline already set closer.
    """
    kept = _checked_away_days(days, now, seat.time_zone)
    with locked_game(seat.game_id) as game:
        _mark_away(game, seat.name, kept)
        return [day.isoformat() for day in kept]


def set_mail_mode(seat: Seat, mode: str, *, now: datetime) -> None:
    """`each`: an email for each of the seat's moves; `digest`: one a day listing what waits, from now."""
    _check_mail_mode(mode)
    with locked_game(seat.game_id) as game:
        _choose_mail(game, seat.name, mode, now)


def _checked_away_days(days: Iterable[date], now: datetime, time_zone: str | None) -> list[date]:
    """The days from today (on the player's clock) on, sorted; BadPreference for too many or too far ahead."""
    today = now.astimezone(zone_named(time_zone)).date()
    kept = sorted({day for day in days if day >= today})
    if len(kept) > MAX_AWAY_DAYS:
        raise BadPreference(N_("You can be away at most %(days)s days at a time."), days=MAX_AWAY_DAYS)
    if kept and kept[-1] > (now + AWAY_HORIZON).date():
        raise BadPreference(N_("Choose days within the coming year."))
    return kept


def _check_mail_mode(mode: str) -> None:
    if mode not in MAIL_MODES:
        raise BadPreference(N_("Choose an email for each move, or one digest a day."))


def _check_time_zone(time_zone: str | None) -> None:
    if time_zone is not None and not is_zone_name(time_zone):
        raise BadPreference(N_("%(zone)s is not a time zone. Write one as Europe/Rome, America/New_York or UTC (the "
                               "names of the time zone database)."), zone=repr(time_zone[:40]))


def _mark_away(game: Game, name: str, days: list[date]) -> None:
    """Inside the game's lock: the seat's away days, and its running deadline moved past them."""
    game.seat_named(name).away_days = [day.isoformat() for day in days]
    to_act = engine_for(game).to_act(game.state)
    if name in to_act:
        move_past_away_days(game, to_act)


def _choose_mail(game: Game, name: str, mode: str, now: datetime) -> None:
    """Inside the game's lock: the seat's email choice; a digest starts a day from now."""
    seat = game.seat_named(name)
    if seat.mail_mode != mode:
        seat.mail_mode = mode
        seat.digest_at = now + DIGEST_EVERY if mode == "digest" else None
        seat.digest_reports = len(engine_for(game).view(game.state, name).get("reports") or [])
