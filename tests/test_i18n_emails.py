"""Every email in its recipient's language: in a game of one Italian and one English player, every
kind of email the Italian player gets (Tàin's and Tara's: subject, text and HTML) has no English
word of the interface, and its picture of the board is drawn with Italian words; the English
player's are exactly those of a game in which nobody chose a language."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from flask import Flask

from i18n_email_scenarios import queue_every_kind_of_email
from i18n_support import compile_catalogues
from support import reset_database
import tain.games
from tain import pictures
from tain.games.inis import InisGame
from test_i18n_catalogue import ENGLISH_WORDS

TAIN_KINDS = {"invitation", "your-move", "events", "reminder", "link", "digest", "paused", "resumed",
              "final-scores", "cancelled"}
TARA_KINDS = {"invitation", "your-move", "events", "reminder", "digest", "final-scores"}
INIS_KINDS = {"invitation", "your-move", "events", "reminder", "digest"}
# The emails' own English words, besides the pages' (none of them Italian).
EMAIL_WORDS = ENGLISH_WORDS | {
    "move", "moves", "hello", "here", "page", "please", "by", "until", "since", "last", "looked", "still", "after",
    "reminder", "day", "paused", "cancelled", "resumed", "organiser", "invited", "started", "starts", "start",
    "seat", "order", "over", "final", "scores", "point", "winner", "wins", "shared", "win", "everyone", "passed",
    "standings", "report", "scouting", "guarding", "pass", "all", "once", "then", "pasture", "house", "warrior",
    "chieftain", "boy", "daughter", "raid", "raids", "raiding", "foreign", "kingdom", "cow", "jewel", "captives",
    "token", "placed", "scouted", "guarded", "face", "down", "left", "it", "at", "match", "battle", "manoeuvres",
    "build", "swap", "bridges", "kingdoms", "ringforts", "counters", "red", "blue", "colour", "hole", "capital",
    "letter", "empty", "king", "active", "behind", "screen", "scouts", "guards", "wall", "inside", "outside",
    "ringed", "yellow", "opponent", "latest",
    # Inis's (its own words that Italian says otherwise: "clan", "round", "draft", "Brenn" are the same)
    "keep", "card", "cards", "season", "answer", "clash", "vote", "hand", "deed", "deeds", "victory", "conditions",
    "met", "rest", "shelter", "maneuver", "attacks", "offers", "peace", "tale", "tales", "setup", "assembly",
    "ranked", "highest"}
MIXED = {"Ann": "it", "Bob": "en"}


@dataclass(frozen=True)
class Mail:
    recipient: str
    kind: str
    subject: str
    text: str
    html: str
    picture: str | None

    @property
    def game(self) -> str:
        return "tara" if self.subject.startswith("[Tara") else "inis" if self.subject.startswith("[Inis") else "tain"


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    compile_catalogues()


@pytest.fixture(autouse=True)
def inis_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inis in the registry for its scenario, until the service registers it."""
    if "inis" not in tain.games._REGISTRY:
        monkeypatch.setitem(tain.games._REGISTRY, "inis", InisGame())


def every_email(app: Flask, languages: dict[str, str | None]) -> list[Mail]:
    with app.app_context():
        return [Mail(row.recipient, row.kind, row.subject, row.body_text, row.body_html, row.picture)
                for row in queue_every_kind_of_email(languages)]


def to(mails: list[Mail], name: str) -> list[Mail]:
    return [mail for mail in mails if mail.recipient == f"{name.lower()}@example.org"]


def english_in(text: str) -> set[str]:
    """The English words of the interface in a subject, a text, or an HTML part's text (links aside)."""
    return {word for word in re.findall(r"[^\W\d_]+", re.sub(r"https?://\S+", " ", text).lower())
            if word in EMAIL_WORDS}


@pytest.mark.one_database
def test_an_italian_seat_gets_every_kind_of_email_in_italian(app: Flask) -> None:
    mails = to(every_email(app, MIXED), "Ann")
    assert {m.kind for m in mails if m.game == "tain"} == TAIN_KINDS
    assert {m.kind for m in mails if m.game == "tara"} == TARA_KINDS
    assert {m.kind for m in mails if m.game == "inis"} == INIS_KINDS
    for mail in mails:
        html_text = re.sub(r"<[^>]+>", " ", mail.html)
        for part, text in (("subject", mail.subject), ("text", mail.text), ("html", html_text)):
            assert english_in(text) == set(), (mail.kind, part, text)
        assert '<html lang="it">' in mail.html, mail.kind
        assert 'alt="Il tabellone di' in mail.html or mail.game == "inis", mail.kind  # Inis has no picture yet
    first = mails[0]
    assert first.subject == "[Tàin #1] Hai iniziato una partita con Bob"
    assert first.text.startswith("Ciao Ann,\n\nHai iniziato questa partita di Tàin (#1) con Bob.\n")
    assert "gioca entro gio 2 mag, 12:00 UTC (tra 24 ore)." in first.text
    tara_final = next(m for m in mails if m.game == "tara" and m.kind == "final-scores")
    assert "Il tabellone come lo vedi tu" in tara_final.text and "Punteggi finali" in tara_final.html


@pytest.mark.one_database
def test_an_english_seat_s_emails_are_those_of_a_game_in_which_nobody_chose_a_language(app: Flask) -> None:
    def comparable(mail: Mail) -> tuple[str, ...]:  # the links and the picture's cid differ from game to game
        def same(text: str) -> str:
            return re.sub(r"cid:board\.[0-9a-f]+@tain", "cid:", re.sub(r"/play/[\w.\-]+", "/play/", text))
        return mail.kind, mail.subject, same(mail.text), same(mail.html)

    mixed = to(every_email(app, MIXED), "Bob")
    with app.app_context():
        reset_database()
    unchosen = to(every_email(app, {"Ann": None, "Bob": None}), "Bob")
    assert [comparable(m) for m in mixed] == [comparable(m) for m in unchosen]
    assert [pictures.png_of(m.picture) for m in mixed if m.picture][:3] == \
        [pictures.png_of(m.picture) for m in unchosen if m.picture][:3]
    assert mixed[1].subject == "[Tàin #1] Turn 1, scouting, 1 token placed: your move"
    assert "Bob, it is your move in Tàin #1: turn 1 of 8, scouting." in mixed[1].text
    assert all('<html lang="en">' in m.html for m in mixed)


def _in_english(source: str) -> str:
    return json.dumps({**json.loads(source), "language": "en"}, ensure_ascii=False, separators=(",", ":"))


@pytest.mark.one_database
def test_the_picture_for_an_italian_seat_is_drawn_with_italian_words(app: Flask) -> None:
    mails = [m for m in to(every_email(app, MIXED), "Ann") if m.picture]
    assert {m.game for m in mails} == {"tain", "tara"}
    with app.app_context():
        for mail in mails[:3] + mails[-3:] + [m for m in mails if m.kind in ("events", "final-scores")]:
            words = pictures.words_of(mail.picture)
            assert english_in(" · ".join(words)) == set(), (mail.kind, words)
            english = _in_english(mail.picture)
            assert words != pictures.words_of(english), mail.kind
            assert pictures.png_of(mail.picture) != pictures.png_of(english), mail.kind
            assert pictures.png_of(english) == pictures.png_of(english)  # the same words, the same bytes
            made_from = json.loads(mail.picture)
            assert pictures.png_of(english) == pictures.PICTURES[mail.game](made_from["view"], made_from["report"])
        tain_words = pictures.words_of(next(m for m in mails if m.game == "tain").picture)
        assert {"Territorio neutro", "Ann (tu)", "stalla", "casa del capo", "guerriero", "moglie del capo",
                "coperto", "Gli esploratori stanno fuori dal muro, le guardie dentro."} <= set(tain_words)
        assert {"C", "G", "R", "M"} <= set(tain_words) and "W" not in tain_words  # the tokens' Italian initials
        tara_words = pictures.words_of(next(m for m in mails if m.game == "tara").picture)
        assert "Cerchiato in giallo: l’ultimo turno dell’avversario." in tara_words
