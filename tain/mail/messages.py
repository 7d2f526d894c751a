"""The game's emails: one thread per seat and game, each built from the recipient's own view.

Every message starts from `view = game.view(state, recipient)`; nothing here
reads the state, so an email can never tell more than the player's page.

A change queues each email as a `Draft` (`send_letter`): its kind, until when, the link, the versions
it tells. The sender writes its subject and bodies later (`write`, called by tain.services.letters),
from the recipient's view at the draft's version, replayed from the log: rendering them is most of an
email's cost, and a move need not wait for it.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from email.utils import parseaddr
from typing import Any
from urllib.parse import urlsplit

from babel.dates import format_date
from flask import current_app, render_template
from flask_babel import pgettext
from jinja2 import TemplateNotFound

from tain.games import UnknownGame, get_game
from tain.games.base import standings
from tain.local_time import local_time, zone_named
from tain.messages import tell
from tain.models import Game, Seat
from tain.pictures import source_of
from tain.wording import N_, current_language, gettext, names, with_language

from .outbox import SUBJECT_LENGTH, enqueue
from .smtp import picture_content_id


@dataclass(frozen=True)
class Letter:
    """What one email says: its kind, the recipient's view and link, and what is new."""

    kind: str  # invitation | your-move | events | final-scores | link | reminder | digest | paused | resumed | cancelled
    view: dict[str, Any]
    link: str
    your_move: bool = False
    new_reports: tuple[dict[str, Any], ...] = ()
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


def _notice(game: Game, kind: str) -> str | None:
    """Which of GAME_NOTICES the email opens with: the game is paused, cancelled or over, unless this email
    (`kind`) says it."""
    state = "cancelled" if game.cancelled else "over" if game.over else "paused" if game.paused_at else None
    return None if state is None or _TELLING[state] == kind else state


def _domain() -> str:
    address = parseaddr(current_app.config["MAIL_DEFAULT_SENDER"])[1]
    return address.rpartition("@")[2] or urlsplit(current_app.config["BASE_URL"]).hostname or "tain.invalid"


def rules_link(game_name: str) -> str:
    """The game's rules page (tain.web.rules), linked from every email."""
    return f"{current_app.config['BASE_URL']}/rules/{game_name}"


def thread_root(game: Game, seat: Seat) -> str:
    """The invitation's Message-ID; every later email to the seat replies to it."""
    return f"<tain.{game.id}.{seat.id}@{_domain()}>"


def _deadline_at(game: Game) -> datetime | None:
    """The running deadline; none while the game is paused (its clock stands still) or stopped."""
    if game.deadline_at is None or game.paused_at is not None or game.status != "running":
        return None
    return game.deadline_at


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


def asked_of(game_name: str, view: dict[str, Any], your_move: bool) -> str | None:
    """What the recipient is asked now, in one sentence from their view ("Draft step 1 of 3: keep 1 card,
    pass 3 to Bob"), by the game's `email_asked.txt`; None when they are not to move, or for a game
    whose emails say only "your move" (Tàin, Tara)."""
    if not your_move:
        return None
    try:
        said = render_template(f"games/{game_name}/email_asked.txt", view=view, word=word_of(game_name))
    except TemplateNotFound:
        return None
    return " ".join(said.split()) or None


def subject(draft: Draft, view: dict[str, Any], new_reports: tuple[dict[str, Any], ...], asked: str | None,
            deadline: str | None, previous: str | None) -> str:
    """Distinct across a game: the stage says the turn and its step (and what moved since), or what the
    recipient is `asked` and until when (`deadline`, said on their clock); the invitation who started the
    game and with whom; a repeat of the seat's `previous` subject is numbered (`_not_repeated`)."""
    stage = render_template(f"games/{draft.game}/email_stage.txt", view=view).strip()
    report = tell(new_reports[-1], "headline") if new_reports else stage
    kind = draft.kind
    others = [player for player in view["players"] if player not in (draft.seat, draft.started_by)]
    if kind == "invitation" and draft.started_by:
        kind = "invitation-yours" if draft.started_by == draft.seat else "invitation-by" if others else "invitation-by-alone"
    elif kind == "reminder" and deadline is None:
        kind = "your-move"
    elif kind in ("events", "resumed") and draft.your_move:
        kind = f"{kind}-your-move"
    if asked and kind in ("your-move", "events-your-move", "reminder"):
        kind = "reminder-asked" if kind == "reminder" else "asked-until" if deadline else "asked"
    wording = SUBJECTS[kind]
    # Babel's lists and dates are not free: said only where the wording says them.
    day = format_date(datetime.fromisoformat(draft.queued_at).astimezone(zone_named(draft.time_zone)),
                      "EEE d MMM", locale=current_language()) if "%(day)s" in wording else ""
    text = gettext(
        wording, stage=stage, report=report, deadline=deadline or "", asked=asked, starter=draft.started_by,
        others=names(others) if "%(others)s" in wording else "", day=day,
    )
    return _not_repeated(f"[{draft.title} #{draft.game_id}] {text}", previous)[:SUBJECT_LENGTH]


def _not_repeated(text: str, previous: str | None) -> str:
    """Never the same subject twice in a row to a seat: a repeat of its `previous` one is numbered ("… (2)")."""
    if previous == text:
        return f"{text} (2)"
    numbered = f"{text} ("  # a numbered repeat: "… (3)"
    number = previous[len(numbered):-1] if previous and previous.startswith(numbered) and previous.endswith(")") else ""
    return f"{text} ({int(number) + 1})" if number.isascii() and number.isdigit() else text


def _nonce(letter: Letter) -> str:
    # A link can be sent again at the same version; each email needs its own Message-ID.
    return f".{secrets.token_hex(4)}" if letter.kind in REPEATABLE else ""


def _day_of_digest(letter: Letter, now: datetime) -> str:
    # A seat may get a digest each day at the same version; each needs its own Message-ID.
    return f".{now:%Y%m%d}" if letter.kind == "digest" else ""


def _noticed(notice: str | None, text: str) -> str:
    return f"{notice}\n\n{text}" if notice else text  # the HTML layout puts it above the body


@dataclass(frozen=True)
class Draft:
    """An email as the change that causes it queues it (the outbox row's `letter`): with the game's log up
    to `version`, everything its bodies say, as they would have been written at `queued_at`."""

    kind: str
    title: str
    game: str  # the game's name (tain, tara, inis)
    game_id: int
    seat: str  # the recipient's seat: its view at `version` is what the email shows
    version: int  # the log's length when the email was queued
    seen: int  # the seat's seen_version then: "since you last looked" is what came after it
    reports_from: int  # the view's reports from this one on are new to the email
    link: str
    your_move: bool
    started_by: str | None
    language: str | None
    time_zone: str | None
    deadline_at: str | None  # ISO 8601, UTC: the running deadline (`_deadline_at`)
    queued_at: str  # ISO 8601, UTC: the deadline is said as far off from then
    notice: str | None  # a key of GAME_NOTICES
    bot_on_timeout: bool
    seats: tuple[tuple[str, bool], ...]  # each seat's name and whether a bot plays it, in seat order

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Draft:
        # A draft queued before the sender wrote subjects also says what it asks: the sender works it out.
        known = {key: value for key, value in data.items() if key in _DRAFT_FIELDS}
        return cls(**{**known, "seats": tuple((name, bot) for name, bot in data["seats"])})


_DRAFT_FIELDS = {field.name for field in fields(Draft)}


@dataclass(frozen=True)
class Written:
    """An email's subject, bodies and what its picture is drawn from, as the sender writes them from its draft."""

    subject: str
    body_text: str
    body_html: str
    picture: str | None


@dataclass(frozen=True)
class _SeatFacts:
    name: str
    bot: bool


@dataclass(frozen=True)
class _GameFacts:
    """What the email templates read of the game (`game.id`, `game.game`, ...), as the draft keeps it."""

    id: int
    game: str
    bot_on_timeout: bool
    seats: tuple[_SeatFacts, ...]


def send_letter(game: Game, seat: Seat, title: str, letter: Letter, *, now: datetime) -> None:
    """Queue `letter` in the current transaction, whoever's request or pass queues it: its draft, from which
    the sender writes its subject and bodies in the recipient's language (English until they choose one)."""
    seen = seat.seen_version
    seat.seen_version = max(seen, game.version)  # "since you last looked" starts again here
    deadline_at = _deadline_at(game)
    draft = Draft(
        kind=letter.kind, title=title, game=game.game, game_id=game.id, seat=seat.name, version=game.version,
        seen=seen, reports_from=len(letter.view.get("reports") or []) - len(letter.new_reports),
        link=letter.link, your_move=letter.your_move, started_by=letter.started_by,
        language=seat.language, time_zone=seat.time_zone,
        deadline_at=None if deadline_at is None else deadline_at.isoformat(), queued_at=now.isoformat(),
        notice=_notice(game, letter.kind), bot_on_timeout=game.bot_on_timeout,
        seats=tuple((other.name, other.bot) for other in game.seats),
    )
    root = thread_root(game, seat)
    first = letter.kind == "invitation"
    enqueue(
        recipient=seat.email, subject=None, letter=draft.as_json(),
        message_id=root if first else f"<tain.{game.id}.{seat.id}.{game.moves}.{letter.kind}{_day_of_digest(letter, now)}{_nonce(letter)}@{_domain()}>",
        thread_root=None if first else root,
        kind=letter.kind, now=now, game_id=game.id, seat_id=seat.id,
    )


def write(draft: Draft, view: dict[str, Any], since: tuple[Any, ...], legal: list[dict[str, Any]],
          previous: str | None) -> Written:
    """`draft`'s email in its recipient's language, from their `view` at the draft's version, what happened
    `since` they last looked (timeline.Chapter) and the moves they may make then (`legal`, as their page
    lists them); its subject numbered if it repeats their `previous` one."""
    with with_language(draft.language):
        new_reports = tuple((view.get("reports") or [])[draft.reports_from:])
        picture = source_of(draft.game, view, new_reports[-1] if new_reports else None, language=current_language())
        notice = gettext(GAME_NOTICES[draft.notice]) if draft.notice else None
        queued_at = datetime.fromisoformat(draft.queued_at)
        deadline = (None if draft.deadline_at is None
                    else local_time(datetime.fromisoformat(draft.deadline_at), queued_at, draft.time_zone))
        asked = asked_of(draft.game, view, draft.your_move)
        game = _GameFacts(draft.game_id, draft.game, draft.bot_on_timeout,
                          tuple(_SeatFacts(name, bot) for name, bot in draft.seats))
        context = {
            "asked": asked, "kind": draft.kind, "word": word_of(draft.game),
            "picture_cid": picture_content_id(picture) if picture else None,
            "game": game, "title": draft.title, "seat": _SeatFacts(draft.seat, False), "view": view,
            "link": draft.link, "your_move": draft.your_move, "legal": legal, "new_reports": new_reports, "since": since,
            "deadline": deadline, "rules_link": rules_link(draft.game), "started_by": draft.started_by,
            "standings": standings(view) if draft.kind == "final-scores" else [], "notice": notice,
        }
        template = draft.kind.replace("-", "_")
        return Written(subject=subject(draft, view, new_reports, asked, deadline and deadline.when, previous),
                       body_text=_noticed(notice, render_template(f"email/{template}.txt", **context)),
                       body_html=render_template(f"email/{template}.html", **context), picture=picture)
