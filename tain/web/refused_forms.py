"""A refused form of the player's page, carried across the redirect back to the page.

The page is POST-redirect-GET: a refused form redirects too, so that reloading the page never
sends it again. What the player chose and what is wrong with it, field by field, go into the
session (one-shot, like a flashed message) and come back on the seat's next page: the form as
it was sent, each problem beside its field (`problems[""]`: the form as a whole). A page of
another seat drops them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import session
from werkzeug.datastructures import MultiDict

from tain.models import Seat

_KEY = "refused_form"
# What may be carried in the session cookie: the page's own values are far shorter than this.
MAX_VALUE = 400
MAX_VALUES = 8
FIELDS = {  # the fields each form keeps; a list field keeps every value sent, in order
    "settings": {"away_days": False, "mail_mode": False, "time_zone": False},
    "moves": {"actions": True, "token": False},
}


@dataclass(frozen=True)
class RefusedForm:
    """One refused form: which it was, the values sent, and a sentence for each field that is wrong."""

    form: str  # settings | moves
    values: dict[str, Any] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)

    def kept(self, form: str, name: str, default: Any = None) -> Any:
        """The value sent in field `name` if this is `form`, else `default` (the page's own)."""
        return self.values.get(name, default) if self.form == form else default

    def problem(self, form: str, name: str = "") -> str | None:
        return self.problems.get(name) if self.form == form else None


def keep_refused(seat: Seat, form: str, sent: MultiDict[str, str], problems: dict[str, str]) -> None:
    """Remember `form`'s values as sent and its problems for the seat's next page."""
    values: dict[str, Any] = {}
    for name, many in FIELDS[form].items():
        texts = [text for text in sent.getlist(name)[:MAX_VALUES] if len(text) <= MAX_VALUE]
        if many:
            values[name] = texts
        elif texts:
            values[name] = texts[0]
    session[_KEY] = {"seat": seat.id, "form": form, "values": values, "problems": problems}


NOTHING_REFUSED = RefusedForm("")


def any_refused() -> bool:
    """Whether a refused form waits for a page, whichever seat's."""
    return _KEY in session


def take_refused(seat: Seat) -> RefusedForm:
    """The refused form kept for this seat, once (NOTHING_REFUSED if there is none)."""
    if not any_refused():  # only touch the session when there is something: a page sets no cookie otherwise
        return NOTHING_REFUSED
    kept = session.pop(_KEY)
    if not isinstance(kept, dict) or kept.get("seat") != seat.id:
        return NOTHING_REFUSED
    return RefusedForm(kept["form"], kept["values"], kept["problems"])
