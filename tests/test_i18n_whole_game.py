"""A whole game of Tàin in two languages, as its players live it: started from /games/new (with a mail
server, the dashboard's form behind the login), each player's language after their address, a bot in the
third seat; played to the end only through the links of the emails each player received from a real SMTP
server (aiosmtpd), with the clock driven by `tain tick`. Ann reads Italian, Bob English: every page and
every email each of them gets is in their own language (for Ann no English word of the interface, for Bob
no Italian one), refusals included — a refused form on the page in the seat's language, the JSON API's
refusals with their English `error` and their `code` —, and so are the reminder, the deadline Ann misses
and the final scores."""
from __future__ import annotations

import json
import re
from collections import Counter
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from html import unescape
from typing import Any

import pytest
from markupsafe import escape

from admin_support import PASSWORD, log_in
from i18n_support import ITALIAN_WORDS, compile_catalogues, italian_in, visible_words
from support import LINK_RE, csrf_of, text_of
from test_board_clicks import parsed
from test_i18n_catalogue import english_words
from test_i18n_emails import english_in
from test_play_page import forms_of

LANGUAGES = {"Ann": "it", "Bob": "en"}
BOT = "Dana"
PASS = {"type": "pass"}
REMINDER_BEFORE = timedelta(hours=4)
# Every module that reads the clock for a request or a command of this game.
CLOCK_READERS = ("tain.scheduler", "tain.web.admin.games", "tain.web.play", "tain.web.api", "tain.web.language")
GUARD_SELECT = re.compile(r'<select id="guard-[^"]+" name="actions"[^>]*>(.*?)</select>', re.S)
OPTION_VALUE = re.compile(r'<option value="([^"]+)"')


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    compile_catalogues()


def address(name: str) -> str:
    return f"{name.lower()}@example.org"


def version_of(html: str) -> str:
    """The game version the page's forms answer."""
    return re.search(r'name="version" value="(\d+)"', html)[1]


def page_problems(language: str, html: str) -> set[str]:
    """The other language's words on a page of `language`, and a page that does not say it is in it."""
    wrong = english_words(html) if language == "it" else set(visible_words(html)) & ITALIAN_WORDS
    return wrong | (set() if f'<html lang="{language}">' in html else {"<html lang>"})


def email_problems(language: str, message: EmailMessage) -> set[str]:
    """The other language's words in an email's subject, text and HTML, and an HTML not in `language`."""
    html = message.get_body(preferencelist=("html",)).get_content()
    check = english_in if language == "it" else italian_in
    parts = (message["Subject"], text_of(message), re.sub(r"<[^>]+>", " ", html))
    return set().union(*map(check, parts)) | (set() if f'<html lang="{language}">' in html else {"<html lang>"})


class Players:
    """The two players at their mailboxes and browsers: each acts only through the link of the last
    email they received, and every page and email they get is checked for its language."""

    def __init__(self, client: Any, runner: Any, mailbox: Any, clock: list[datetime]) -> None:
        self.client, self.runner, self.mailbox, self.clock = client, runner, mailbox, clock
        self.read = Counter()  # how many of each player's emails were read
        self.links: dict[str, str] = {}
        self.told: set[str] = set()  # who received an email since they last acted
        self.pages = Counter()  # pages checked, by language
        self.moves = Counter()  # moves made on the pages, by kind
        self.subjects: dict[str, list[str]] = {name: [] for name in LANGUAGES}

    # ---- the mail and the clock

    def tick(self, at: datetime | None = None) -> None:
        """`tain tick` at the clock's next minutes (or `at`): what is due, then the mail; then read it."""
        self.clock[0] = at or self.clock[0] + timedelta(minutes=7)
        result = self.runner.invoke(args=["tain", "tick"])
        assert result.exit_code == 0, result.output
        self.read_mail()

    def read_mail(self) -> list[str]:
        """Each player's new emails, checked; their links kept. Who got one."""
        got = []
        for name, language in LANGUAGES.items():
            for message in self.mailbox.to(address(name))[self.read[name]:]:
                assert email_problems(language, message) == set(), (name, message["Subject"], text_of(message))
                self.links[name] = LINK_RE.search(text_of(message))[1]
                self.subjects[name].append(message["Subject"])
                self.read[name] += 1
                self.told.add(name)
                got.append(name)
        return got

    # ---- the browser, from the emailed link

    def check(self, name: str, response: Any) -> str:
        assert response.status_code == 200, (name, response.status_code)
        assert response.headers["Content-Language"] == LANGUAGES[name]
        assert page_problems(LANGUAGES[name], response.text) == set(), (name, response.request.path)
        self.pages[LANGUAGES[name]] += 1
        return response.text

    def page(self, name: str) -> str:
        return self.check(name, self.client.get(f"/play/{self.links[name]}"))

    def post(self, name: str, data: dict[str, Any]) -> str:
        """A form sent from the page: redirected to the page again, which is checked and returned."""
        response = self.client.post(f"/play/{self.links[name]}", data=data)
        assert response.status_code == 303, (name, response.status_code, response.text[:300])
        return self.check(name, self.client.get(response.headers["Location"]))

    def api(self, name: str, action: dict[str, Any] | None = None) -> Any:
        path = f"/api/v1/play/{self.links[name]}"
        return self.client.post(path, json={"action": action}) if action else self.client.get(path)

    # ---- moves, made on the page as a player makes them

    def act(self, name: str, snapshot: dict[str, Any]) -> None:
        assert name in self.told, f"{name} acted without an email telling them to"
        self.told.discard(name)
        legal = snapshot["legal_actions"]
        if snapshot["view"]["phase"] == "guarding":
            self.guard(name)
            self.moves["guard"] += 1
        elif snapshot["view"]["turn"] == 1 and (place := next((a for a in legal if a["type"] in ("scout", "raid")), None)):
            self.place(name, place)
            self.moves[place["type"]] += 1
        else:
            self.pass_turn(name)
            self.moves["pass"] += 1
        self.tick()

    def place(self, name: str, action: dict[str, Any]) -> None:
        """Choose the token beside the board, then click the slot."""
        board = parsed(self.page(name))
        where = {key: value for key, value in action.items() if key != "token"}
        [slot] = [s["value"] for s in board.slots if json.loads(s["value"]) == where]
        fields = {field: value for field, value, _ in board.place_form if field in ("csrf_token", "version")}
        assert action["token"] in [value for field, value, _ in board.place_form if field == "token"]
        self.post(name, {**fields, "token": action["token"], "slot": slot, "when": "now"})

    def pass_turn(self, name: str) -> None:
        """The pass button, then "yes" on the page that says what passing means."""
        html = self.page(name)
        assert f'name="action" value="{escape(json.dumps(PASS))}"' in html  # the page's pass button
        confirm = self.check(name, self.client.post(f"/play/{self.links[name]}", data={
            "csrf_token": csrf_of(html), "version": version_of(html), "action": json.dumps(PASS)}))
        [yes] = [f for f in forms_of(confirm) if ("confirm", "yes") in f.fields]
        self.post(name, dict(yes.fields))

    def guard(self, name: str) -> None:
        """The guarding form: a guard on the first entrance, the others left empty, and the pass (R8)."""
        html = self.page(name)
        selects = [OPTION_VALUE.findall(options) for options in GUARD_SELECT.findall(html)]
        chosen = [selects[0][0]] + [""] * (len(selects) - 1)
        self.post(name, {"csrf_token": csrf_of(html), "version": version_of(html),
                         "actions": [unescape(value) for value in chosen] + [json.dumps(PASS)]})


@pytest.fixture
def config(config: dict[str, Any]) -> dict[str, Any]:
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[datetime]:
    now = [datetime.now(timezone.utc).replace(microsecond=0)]
    for module in CLOCK_READERS:
        monkeypatch.setattr(f"{module}.utcnow", lambda: now[0])
    return now


def start_a_game(app: Any) -> int:
    """What the organiser does: /games/new, which sends them to the dashboard's form, behind the login."""
    organiser = app.test_client()
    asked = organiser.get("/games/new")
    assert asked.status_code == 303 and asked.headers["Location"].endswith("/admin/games/new")
    assert log_in(organiser).status_code == 303
    form = organiser.get("/admin/games/new")
    assert form.status_code == 200
    lines = [f"{name} <{address(name)}> {language}" for name, language in LANGUAGES.items()] + [f"{BOT} (bot)"]
    made = organiser.post("/admin/games/new", data={
        "csrf_token": csrf_of(form.text), "game": "tain", "players": "\n".join(lines), "first_player": "Bob",
        "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h"})
    assert made.status_code == 303, made.text
    return int(re.search(r"/admin/games/(\d+)", made.headers["Location"])[1])


@pytest.mark.one_database
def test_a_whole_game_in_italian_and_english_through_the_emailed_links(smtp_server, app, runner, client, clock):
    game_id = start_a_game(app)
    players = Players(client, runner, smtp_server, clock)
    players.tick()
    assert sorted(players.subjects) == ["Ann", "Bob"] and players.read == {"Ann": 1, "Bob": 1}
    assert players.subjects["Ann"] == [f"[Tàin #{game_id}] admin ti invita a giocare con Bob e Dana"]
    assert players.subjects["Bob"] == [f"[Tàin #{game_id}] admin invites you to play with Ann and Dana"]

    # Refusals. The JSON API's: English error and code, whatever the seat's language.
    refused = players.api("Ann", PASS)
    assert refused.status_code == 409 and refused.headers["Content-Language"] == "it"
    assert refused.json == {"error": "It is not your move now.", "code": "not-your-move"}
    daughter = {"type": "scout", "token": "daughter", "board": "Ann", "entrance": "pasture-1"}
    refused = players.api("Bob", daughter)
    assert refused.status_code == 400 and refused.json["error"] == "The chieftain's daughter never goes scouting."
    assert refused.json["code"].startswith("tain.")
    # The page's, in the seat's language: a bad settings form (Ann), a slot clicked with no token chosen (Bob).
    html = players.page("Ann")
    refused_page = players.post("Ann", {"csrf_token": csrf_of(html), "away_days": "soon", "mail_mode": "each",
                                        "time_zone": "Nowhere/Atlantis"})
    assert 'class="field-error"' in refused_page and "Atlantis" in refused_page
    html = players.page("Bob")
    [raid] = [s["value"] for s in parsed(html).slots if json.loads(s["value"]) == {"type": "raid"}]
    refused_page = players.post("Bob", {"csrf_token": csrf_of(html), "version": version_of(html), "slot": raid})
    assert "Choose a token first, then click the slot where it goes." in refused_page
    assert players.read_mail() == []  # nothing was changed, nobody told

    missed = False
    for _ in range(100):
        game = players.api("Bob").json["game"]
        if game["status"] == "over":
            break
        to_act = [name for name in game["to_act"] if name in LANGUAGES]
        snapshots = {name: players.api(name).json for name in to_act}
        if not missed and to_act == ["Ann"] and snapshots["Ann"]["view"]["turn"] == 2:
            missed = True  # Ann lets her deadline pass: first the reminder, then the time-out
            deadline = datetime.fromisoformat(snapshots["Ann"]["deadline"])
            read = players.read.copy()
            players.tick(at=deadline - REMINDER_BEFORE + timedelta(minutes=1))
            assert players.read - read == Counter({"Ann": 1}) and ", fino a " in players.subjects["Ann"][-1]
            players.tick(at=deadline + timedelta(minutes=1))
            assert players.api("Ann").json["legal_actions"] == []
            continue
        for name in to_act:
            players.act(name, snapshots[name])
    else:
        pytest.fail("the game did not end")

    assert missed
    assert any("Hai mancato la scadenza." in text_of(m) for m in smtp_server.to(address("Ann")))
    assert any("Ann missed the deadline." in text_of(m) for m in smtp_server.to(address("Bob")))
    assert players.subjects["Ann"][-1] == f"[Tàin #{game_id}] Punteggi finali"
    assert players.subjects["Bob"][-1] == f"[Tàin #{game_id}] Final scores"
    players.page("Ann")
    players.page("Bob")
    assert set(players.api("Ann").json["game"]["scores"]) == {"Ann", "Bob", BOT}
    assert players.pages["it"] > 15 and players.pages["en"] > 15
    assert set(players.moves) == {"scout", "raid", "guard", "pass"}, players.moves
