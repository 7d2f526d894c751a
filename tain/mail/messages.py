"""The game's emails: one thread per seat and game, each built from the recipient's own view.

Every message starts from `view = game.view(state, recipient)`; nothing here
reads the state, so an email can never tell more than the player's page.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from email.utils import parseaddr
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, render_template

from tain.local_time import LocalTime, local_time
from tain.models import Game, Seat
from tain.pictures import source_of

from .outbox import enqueue
from .smtp import picture_content_id


@dataclass(frozen=True)
class Letter:
    """What one email says: its kind, the recipient's view and link, and what is new."""

    kind: str  # invitation | your-move | raid-report | final-scores | link | reminder | digest
    view: dict[str, Any]
    link: str
    your_move: bool = False
    new_reports: tuple[dict[str, Any], ...] = ()
    since: tuple[Any, ...] = ()  # what happened since the seat was last shown the game (timeline.Chapter)


SUBJECTS = {  # {stage} is the view's short stage ("Turn 3", "Game 1"), {report} the newest report's headline
    "invitation": "{stage}: you are invited to play",
    "your-move": "{stage}: your move",
    "raid-report": "{report}",
    "final-scores": "Final scores",
    "reminder": "{stage}: your move, {deadline_in}",
    "digest": "{stage}: your daily digest",
    "link": "{stage}: your link to the game",
    "paused": "{stage}: the game is paused",
    "resumed": "{stage}: the game has resumed",
    "cancelled": "The game was cancelled",
}
# Kinds that may be sent more than once at the same version (a link resent, a pause after a resume).
REPEATABLE = ("link", "paused", "resumed")


def _domain() -> str:
    address = parseaddr(current_app.config["MAIL_DEFAULT_SENDER"])[1]
    return address.rpartition("@")[2] or urlsplit(current_app.config["BASE_URL"]).hostname or "tain.invalid"


def rules_link(game_name: str) -> str:
    """The game's rules page (tain.web.rules), linked from every email."""
    return f"{current_app.config['BASE_URL']}/rules/{game_name}"


def thread_root(game: Game, seat: Seat) -> str:
    """The invitation's Message-ID; every later email to the seat replies to it."""
    return f"<tain.{game.id}.{seat.id}@{_domain()}>"


def _deadline(game: Game, seat: Seat, now: datetime) -> LocalTime | None:
    """The running deadline on the recipient's clock, and how far off it is when the email is written;
    none while the game is paused (its clock stands still) or stopped."""
    if game.deadline_at is None or game.paused_at is not None or game.status != "running":
        return None
    return local_time(game.deadline_at, now, seat.time_zone)


def subject(title: str, game: Game, seat: Seat, letter: Letter, now: datetime) -> str:
    stage = letter.view["stage"]["short"]
    report = letter.new_reports[-1]["headline"] if letter.new_reports else stage
    deadline = _deadline(game, seat, now)
    text = SUBJECTS[letter.kind].format(stage=stage, report=report,
                                        deadline_in=f"until {deadline.when}" if deadline else "")
    if letter.kind in ("raid-report", "resumed") and letter.your_move:
        text += " — your move"
    return f"[{title} #{game.id}] {text}"


def _nonce(letter: Letter) -> str:
    # A link can be sent again at the same version; each email needs its own Message-ID.
    return f".{secrets.token_hex(4)}" if letter.kind in REPEATABLE else ""


def _day_of_digest(letter: Letter, now: datetime) -> str:
    # A seat may get a digest each day at the same version; each needs its own Message-ID.
    return f".{now:%Y%m%d}" if letter.kind == "digest" else ""


def send_letter(game: Game, seat: Seat, title: str, letter: Letter, *, now: datetime) -> None:
    """Render `letter` as text and HTML and queue it in the current transaction."""
    template = letter.kind.replace("-", "_")
    picture = source_of(game.game, letter.view)
    context = {
        "picture_cid": picture_content_id(picture) if picture else None,
        "game": game, "title": title, "seat": seat, "view": letter.view, "link": letter.link,
        "your_move": letter.your_move, "new_reports": letter.new_reports, "since": letter.since,
        "deadline": _deadline(game, seat, now), "rules_link": rules_link(game.game),
    }
    root = thread_root(game, seat)
    first = letter.kind == "invitation"
    seat.seen_version = max(seat.seen_version, game.version)  # "since you last looked" starts again here
    enqueue(
        recipient=seat.email,
        subject=subject(title, game, seat, letter, now),
        body_text=render_template(f"email/{template}.txt", **context),
        body_html=render_template(f"email/{template}.html", **context),
        message_id=root if first else f"<tain.{game.id}.{seat.id}.{game.version}.{letter.kind}{_day_of_digest(letter, now)}{_nonce(letter)}@{_domain()}>",
        picture=picture,
        thread_root=None if first else root,
        kind=letter.kind, now=now, game_id=game.id, seat_id=seat.id,
    )
