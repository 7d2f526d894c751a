"""What each reader reads in: a seat's language (chosen by the game's creator, changed by the player
on their page) and an admin's language and time zone on the dashboard (kept by admin name)."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import update

from tain.extensions import db
from tain.local_time import is_zone_name
from tain.models import AdminPreference, Seat
from tain.transactions import write
from tain.wording import N_, is_language

from .errors import ServiceError


class BadLanguage(ServiceError):
    """A language or time zone that cannot be chosen; nothing was changed."""

    code = "bad-language"


@dataclass(frozen=True)
class AdminSettings:
    language: str | None = None  # None: the browser's
    time_zone: str | None = None  # None: UTC


def checked_language(code: object) -> str:
    """`code` when it is a language the service speaks; BadLanguage otherwise."""
    if not is_language(code):
        raise BadLanguage(N_("Choose English (en) or Italian (it) as the language."))
    return str(code)


def set_seat_language(seat_id: int, language: str) -> None:
    """The player's own choice: that seat's pages and emails are in `language` from now on."""
    language = checked_language(language)
    with write():
        db.session.execute(update(Seat).where(Seat.id == seat_id).values(language=language))


def admin_settings(admin: str) -> AdminSettings:
    """The admin's choices, or none yet (the browser's language, UTC)."""
    row = db.session.get(AdminPreference, admin)
    return AdminSettings(row.language, row.time_zone) if row else AdminSettings()


def save_admin_settings(admin: str, language: str, time_zone: str | None) -> AdminSettings:
    """Both checked before either is saved; `time_zone` None or empty: UTC."""
    language = checked_language(language)
    time_zone = time_zone or None
    if time_zone is not None and not is_zone_name(time_zone):
        raise BadLanguage(N_("%(zone)s is not a time zone; choose one from the list, such as Europe/Rome."),
                          zone=time_zone[:64])
    with write():
        db.session.merge(AdminPreference(admin=admin, language=language, time_zone=time_zone))
    return AdminSettings(language, time_zone)
