"""The game's emails: one thread per seat and game, each built from the recipient's own view.

Every message starts from `view = game.view(state, recipient)`; nothing here
reads the state, so an email can never tell more than the player's page.
"""
from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from email.utils import parseaddr
from typing import Any
from urllib.parse import urlsplit

from babel.dates import format_date
from flask import current_app, render_template
from flask_babel import pgettext
from jinja2 import TemplateNotFound
from sqlalchemy import select

from tain.extensions import db
from tain.games import UnknownGame, get_game
from tain.games.base import standings
from tain.local_time import LocalTime, local_time, zone_named
from tain.messages import tell
from tain.models import Game, OutboxMessage, Seat
from tain.pictures import source_of
from tain.wording import N_, current_language, gettext, names, with_language

from .outbox import enqueue
from .smtp import picture_content_id


@dataclass(frozen=True)
class Letter:
    """What one email says: its kind, the recipient's view and link, and what is new."""

    kind: str  # invitation | your-move | events | final-scores | link | reminder | digest | paused | resumed | cancelled
    view: dict[str, Any]
    link: str
    your_move: bool = False
    new_reports: tuple[dict[str, Any], ...] = ()
    since: tuple[Any, ...] = ()  # what happened since the seat was last shown the game (timeline.Chapter)
    started_by: str | None = None  # who started the game, for the invitation


# Each subject is a whole sentence for the catalogue: %(stage)s is games/<game>/email_stage.txt ("Turn 3,
# guarding"), %(report)s the newest report's headline, %(deadline)s when the running deadline falls,
# %(asked)s what the recipient is asked (games/<game>/email_asked.txt, for a game that has it).
SUBJECTS = {
    "invitation": N_("You are invited to play with %(others)s"),
    "invitation-by": N_("%(starter)s invites you to play with %(others)s"),
    "invitation-by-alone": N_("%(starter)s invites you to play"),  # the starter is the only other player
    "invitation-yours": N_("You started a game with %(others)s"),
    "your-move": N_("%(stage)s: your move"),
    "events": "%(report)s",  # the headline alone, in the reader's words already
    "events-your-move": N_("%(report)s — your move"),
    "asked": "%(asked)s",  # the game's own sentence, in the reader's words already
    "asked-until": N_("%(asked)s — until %(deadline)s"),
    "reminder-asked": N_("Reminder: %(asked)s — until %(deadline)s"),
    "final-scores": N_("Final scores"),
    "reminder": N_("%(stage)s: your move, until %(deadline)s"),
    "digest": N_("%(stage)s: your digest of %(day)s"),
    "link": N_("%(stage)s: your link to the game"),
    "paused": N_("%(stage)s: the game is paused"),
    "resumed": N_("%(stage)s: the game has resumed"),
    "resumed-your-move": N_("%(stage)s: the game has resumed — your move"),
    "cancelled": N_("The game was cancelled"),
}
# What a game that is not running says at the top of every email, except the one that tells it.
GAME_NOTICES = {
    "paused": N_("This game is paused: nobody can move and no deadline runs until the organiser resumes it."),
    "cancelled": N_("This game was cancelled by the organiser: nobody can move any more."),
    "over": N_("This game is over."),
}
_TELLING = {"paused": "paused", "cancelled": "cancelled", "over": "final-scores"}
# Kinds that may be sent more than once at the same version (a link resent, a pause after a resume).
REPEATABLE = ("link", "paused", "resumed")


def game_notice(game: Game, kind: str) -> str | None:
    """The sentence saying that the game is paused, cancelled or over, unless this email (`kind`) says it;
    in the current language."""
    state = "cancelled" if game.cancelled else "over" if game.over else "paused" if game.paused_at else None
    if state is None or _TELLING[state] == kind:
        return None
    return gettext(GAME_NOTICES[state])


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


def word_of(game_name: str) -> Callable[[str, str], str]:
    """`word(kind, id)`: one of the game's words (a card, a territory: its engine's `words`) in the current
    language, for its email parts; the id itself when the game has no such word."""
    try:
        words = getattr(get_game(game_name), "words", {})
    except UnknownGame:
        words = {}

    def word(kind: str, value: str) -> str:
        entry = words.get(kind, {}).get(value)
        return value if entry is None else pgettext(*entry)
    return word


def asked_of(game: Game, letter: Letter) -> str | None:
    """What the recipient is asked now, in one sentence from their view ("Draft step 1 of 3: keep 1 card,
    pass 3 to Bob"), by the game's `email_asked.txt`; None when they are not to move, or for a game
    whose emails say only "your move" (Tàin, Tara)."""
    if not letter.your_move:
        return None
    try:
        said = render_template(f"games/{game.game}/email_asked.txt", game=game, view=letter.view,
                               word=word_of(game.game))
    except TemplateNotFound:
        return None
    return " ".join(said.split()) or None


def subject(title: str, game: Game, seat: Seat, letter: Letter, now: datetime, asked: str | None = None) -> str:
    """Distinct across a game: the stage says the turn and its step (and what moved since), or what the
    recipient is `asked` and until when; the invitation who started the game and with whom; a repeat
    in a row is numbered (`_not_repeated`)."""
    stage = render_template(f"games/{game.game}/email_stage.txt", game=game, view=letter.view).strip()
    report = tell(letter.new_reports[-1], "headline") if letter.new_reports else stage
    deadline = _deadline(game, seat, now)
    kind = letter.kind
    others = [player for player in letter.view["players"] if player not in (seat.name, letter.started_by)]
    if kind == "invitation" and letter.started_by:
        kind = "invitation-yours" if letter.started_by == seat.name else "invitation-by" if others else "invitation-by-alone"
    elif kind == "reminder" and deadline is None:
        kind = "your-move"
    elif kind in ("events", "resumed") and letter.your_move:
        kind = f"{kind}-your-move"
    if asked and kind in ("your-move", "events-your-move", "reminder"):
        kind = "reminder-asked" if kind == "reminder" else "asked-until" if deadline else "asked"
    text = gettext(
        SUBJECTS[kind], stage=stage, report=report, deadline=deadline.when if deadline else "", asked=asked,
        starter=letter.started_by, others=names(others),
        day=format_date(now.astimezone(zone_named(seat.time_zone)), "EEE d MMM", locale=current_language()),
    )
    return _not_repeated(f"[{title} #{game.id}] {text}", game, seat, now)


def _not_repeated(text: str, game: Game, seat: Seat, now: datetime) -> str:
    """Never the same subject twice in a row to a seat: a repeat of the previous one is numbered ("… (2)").
    The previous one is the seat's last email written before `now`: what this change writes depends on
    this change alone (the hidden-information test writes its emails again, from other secrets)."""
    previous = db.session.scalar(select(OutboxMessage.subject).where(
        OutboxMessage.game_id == game.id, OutboxMessage.seat_id == seat.id, OutboxMessage.created_at < now,
    ).order_by(OutboxMessage.id.desc()).limit(1))
    if previous == text:
        return f"{text} (2)"
    repeat = re.fullmatch(re.escape(text) + r" \(([0-9]+)\)", previous or "")
    return f"{text} ({int(repeat[1]) + 1})" if repeat else text


def _nonce(letter: Letter) -> str:
    # A link can be sent again at the same version; each email needs its own Message-ID.
    return f".{secrets.token_hex(4)}" if letter.kind in REPEATABLE else ""


def _day_of_digest(letter: Letter, now: datetime) -> str:
    # A seat may get a digest each day at the same version; each needs its own Message-ID.
    return f".{now:%Y%m%d}" if letter.kind == "digest" else ""


def _noticed(notice: str | None, text: str) -> str:
    return f"{notice}\n\n{text}" if notice else text  # the HTML layout puts it above the body


def send_letter(game: Game, seat: Seat, title: str, letter: Letter, *, now: datetime) -> None:
    """Render `letter` as text and HTML in the recipient's language (English until they choose one),
    whoever's request or pass writes it, and queue it in the current transaction."""
    with with_language(seat.language):
        _render_and_queue(game, seat, title, letter, now)


def _render_and_queue(game: Game, seat: Seat, title: str, letter: Letter, now: datetime) -> None:
    template = letter.kind.replace("-", "_")
    picture = source_of(game.game, letter.view, letter.new_reports[-1] if letter.new_reports else None,
                        language=current_language())
    asked = asked_of(game, letter)
    context = {
        "asked": asked, "kind": letter.kind, "word": word_of(game.game),
        "picture_cid": picture_content_id(picture) if picture else None,
        "game": game, "title": title, "seat": seat, "view": letter.view, "link": letter.link,
        "your_move": letter.your_move, "new_reports": letter.new_reports, "since": letter.since,
        "deadline": _deadline(game, seat, now), "rules_link": rules_link(game.game), "started_by": letter.started_by,
        "standings": standings(letter.view) if letter.kind == "final-scores" else [],
        "notice": game_notice(game, letter.kind),
    }
    root = thread_root(game, seat)
    first = letter.kind == "invitation"
    seat.seen_version = max(seat.seen_version, game.version)  # "since you last looked" starts again here
    enqueue(
        recipient=seat.email,
        subject=subject(title, game, seat, letter, now, asked),
        body_text=_noticed(context["notice"], render_template(f"email/{template}.txt", **context)),
        body_html=render_template(f"email/{template}.html", **context),
        message_id=root if first else f"<tain.{game.id}.{seat.id}.{game.moves}.{letter.kind}{_day_of_digest(letter, now)}{_nonce(letter)}@{_domain()}>",
        picture=picture,
        thread_root=None if first else root,
        kind=letter.kind, now=now, game_id=game.id, seat_id=seat.id,
    )
