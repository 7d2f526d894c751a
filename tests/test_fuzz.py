"""Hostile values (Hypothesis) into every form and JSON endpoint, through the Flask test client:
the player's page (move and settings forms), the API (GET, POST), the lobby's new-game form, every
admin form and action (login, new game, timing, extend, replace, import, …) and /dev/mail.

Each case checks two things: no answer is a 500 (nor any 5xx), and a refused request — an error
status, or a page that says it did nothing — leaves every row of the database as it was. CSRF and
rate limits are off here, so that the values reach the code that must judge them (their own tests
are elsewhere). The session's summary says how many cases ran.
"""
from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings, strategies as st
from werkzeug.test import TestResponse

from admin_support import PASSWORD
from bad_input_support import database_rows
from support import new_game, new_tara_game, token
from tain.extensions import db
from tain.models import Game
from tain.services.export import export_game

ADMIN_TABLES_NOT_COMPARED = ("admin_sessions",)  # an admin's last visit is noted on any request


class Tally:
    """Counts the cases and requests of this module, and says so at the end of the session."""

    def __init__(self) -> None:
        self.cases: Counter[str] = Counter()
        self.requests = 0
        self.accepted = 0
        self.seconds = 0.0  # spent in the requests and their row comparisons

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.cases:
            per_target = ", ".join(f"{name} {count}" for name, count in sorted(self.cases.items()))
            terminalreporter.write_line(
                f"fuzz: {sum(self.cases.values())} hostile cases, {self.requests} requests ({self.accepted} accepted, "
                f"the others refused), in {self.seconds:.0f} s ({per_target})")


TALLY = Tally()


@pytest.fixture(autouse=True, scope="module")
def tally(request: pytest.FixtureRequest) -> None:
    if not request.config.pluginmanager.is_registered(TALLY):
        request.config.pluginmanager.register(TALLY, "tain-fuzz-tally")


@pytest.fixture
def config(config):
    config.update(WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=False, ADMIN_PASSWORD=PASSWORD)
    return config


def fuzz(max_examples: int) -> Callable[..., Any]:
    return settings(max_examples=max_examples, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ----- hostile values ---------------------------------------------------------------------------

NASTY = [
    "", " ", "0", "-1", "007", "1s", "59s", "9999999d", "100000d", "99999999999999999999d", "①", "²", "٣",
    "9" * 5000, str(2**31), str(2**63), str(10**20), "\x00", "a\x00b", "\u202e", "\r\n", "<script>x</script>",
    "' OR 1=1 --", "ann,eve@example.org", "ann;eve@example.org", "eve(x)@example.org", "ännä@example.org",
    "Ann <ann,eve@example.org>", "Dana (bot)", "[" * 3000, '{"type": "pass"}', '[{"type": "pass"}]', "null",
    "NaN", "1e999", "true", "{}", "[]", "..", "2030-02-30", "2030-05-02..2031-09-09", "9999-12-31",
    "0001-01-01T00:00", "9999-12-31T23:59", "yes", "y", "each", "digest", "tain", "tara", "../../etc/passwd",
    "%00", "x" * 300, "é" * 100,
]
TEXT = st.one_of(st.sampled_from(NASTY), st.text(max_size=30), st.integers().map(str),
                 st.text(max_size=8).map(lambda text: f"{text}\x00{text}"))  # no PostgreSQL text holds a NUL
KEYS = st.sampled_from(["type", "token", "entrance", "square", "from", "to", "action", "actions", "version", "x"])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS | st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
ACTION_TYPES = ["pass", "scout", "raid", "guard", "build", "skip", "swap", "link", "move", "standing"]
ACTION = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(ACTION_TYPES)}, optional={
        "token": st.sampled_from(["chieftain", "warrior", "boy", "druid", "bard", "cow"]) | TEXT,
        "entrance": st.sampled_from(["house-1", "house-2", "house-3", "roof"]) | TEXT,
        "square": st.sampled_from(["A1", "D4", "G7", "E5"]) | TEXT, "x": JSON}),
    JSON,
)
VERSION = st.one_of(st.integers(min_value=-2, max_value=12).map(str), TEXT)


def checked(app: Flask, send: Callable[[], TestResponse], accepted: Callable[[TestResponse], bool],
            target: str, ignore: tuple[str, ...] = ()) -> TestResponse:
    """Send one request: never a 5xx, and if it was not accepted, no row changed."""
    started = time.monotonic()
    before = database_rows(app)
    response = send()
    TALLY.requests += 1
    assert response.status_code < 500, (target, response.status_code, response.get_data(as_text=True)[-800:])
    if accepted(response):
        TALLY.accepted += 1
    else:
        after = database_rows(app)
        assert {t: rows for t, rows in after.items() if t not in ignore} == \
            {t: rows for t, rows in before.items() if t not in ignore}, target
    TALLY.seconds += time.monotonic() - started
    return response


def games_replay(app: Flask) -> None:
    """After the cases, the log is still the truth: every game replays to its cached state."""
    from tain.services.games import check_game

    with app.app_context():
        assert [problem for game in db.session.query(Game) for problem in check_game(game)] == []


def flashed_error(client: FlaskClient) -> bool:
    """Whether the page the POST sends the player back to says nothing was done (and clears it)."""
    with client.session_transaction() as session:
        flashes = session.pop("_flashes", [])
    return any(category == "error" for category, _ in flashes)


def games_for_fuzzing(app: Flask) -> list[int]:
    """A Tàin game and a Tara game: the targets' rows."""
    with app.app_context():
        return [new_game().id, new_tara_game().id]


def tokens(app: Flask, game_ids: list[int]) -> list[str]:
    """Every seat's link, each game's in turn."""
    with app.app_context():
        games = [db.session.get(Game, game_id) for game_id in game_ids]
        return [token(game, seat.name) for game in games for seat in game.seats]


# ----- the player's page and the API ------------------------------------------------------------

def test_fuzz_the_play_page_forms(client, app):
    links = tokens(app, games_for_fuzzing(app))

    @fuzz(70)
    @given(link=st.sampled_from(links), version=VERSION, action=st.one_of(ACTION.map(json.dumps), TEXT),
           actions=st.lists(st.one_of(ACTION.map(json.dumps), TEXT), max_size=4), several=st.booleans())
    def moves(link: str, version: str, action: str, actions: list[str], several: bool) -> None:
        TALLY.cases["play move"] += 1
        fields = {"version": version, **({"actions": actions} if several else {"action": action})}
        checked(app, lambda: client.post(f"/play/{link}", data=fields),
                lambda response: response.status_code == 303 and not flashed_error(client), "play move")

    @fuzz(40)
    @given(link=st.sampled_from(links), mail_mode=st.sampled_from(["each", "digest"]) | TEXT,
           away_days=st.one_of(TEXT, st.dates().map(str), st.tuples(st.dates(), st.dates()).map(lambda d: f"{d[0]}..{d[1]}")))
    def settings_form(link: str, mail_mode: str, away_days: str) -> None:
        TALLY.cases["play settings"] += 1
        checked(app, lambda: client.post(f"/play/{link}", data={"mail_mode": mail_mode, "away_days": away_days}),
                lambda response: response.status_code == 303 and not flashed_error(client), "play settings")

    moves()
    settings_form()
    games_replay(app)


def test_fuzz_the_api(client, app):
    links = tokens(app, games_for_fuzzing(app))
    bodies = st.one_of(
        st.fixed_dictionaries({"action": ACTION}, optional={"version": st.integers() | JSON}).map(json.dumps),
        st.fixed_dictionaries({"actions": st.lists(ACTION, max_size=4)}, optional={"version": JSON}).map(json.dumps),
        JSON.map(json.dumps), TEXT, st.binary(max_size=40),
    )

    @fuzz(90)
    @given(link=st.one_of(st.sampled_from(links), TEXT.filter(lambda t: "/" not in t and "?" not in t and "#" not in t)),
           body=bodies, content_type=st.sampled_from(["application/json", "text/plain", "application/json; charset=latin-1"]),
           method=st.sampled_from(["get", "post"]))
    def api(link: str, body: Any, content_type: str, method: str) -> None:
        TALLY.cases["api"] += 1
        send = (lambda: client.get(f"/api/v1/play/{link}")) if method == "get" else \
            (lambda: client.post(f"/api/v1/play/{link}", data=body, content_type=content_type))
        response = checked(app, send, lambda response: response.status_code == 200, "api")
        body_json = response.get_json(silent=True)
        assert isinstance(body_json, dict) and (response.status_code == 200 or isinstance(body_json.get("error"), str))

    api()
    games_replay(app)


# ----- the lobby --------------------------------------------------------------------------------

PLAYER_LINES = st.lists(st.one_of(st.sampled_from(["Ann <ann@example.org>", "Bob <bob@example.org>",
                                                   "Cat <CAT@Example.org>", "Dana (bot)"]), TEXT), max_size=5)
NEW_GAME = st.fixed_dictionaries({
    "game": st.sampled_from(["tain", "tara"]) | TEXT,
    "players": PLAYER_LINES.map("\n".join),
}, optional={
    "first_player": st.sampled_from(["Ann", "Bob"]) | TEXT,
    "move_deadline": st.sampled_from(["24h", "1m", "90d"]) | TEXT,
    "phase_deadline": st.sampled_from(["48h", "2d"]) | TEXT,
    "reminder_before": st.sampled_from(["", "4h", "30d"]) | TEXT,
    "bot_on_timeout": st.sampled_from(["y", ""]) | TEXT,
    "option_tara_level": st.sampled_from(["1", "2"]) | TEXT,
    "option_tara_games": st.sampled_from(["1", "2"]) | TEXT,
})


def test_fuzz_the_lobby_new_game_form(client, app):
    @fuzz(50)
    @given(fields=NEW_GAME)
    def lobby(fields: dict[str, str]) -> None:
        TALLY.cases["lobby new game"] += 1
        checked(app, lambda: client.post("/games/new", data=fields),
                lambda response: response.status_code == 303, "lobby new game")

    lobby()


# ----- the admin dashboard ----------------------------------------------------------------------

def test_fuzz_the_admin_login(client, app):
    @fuzz(30)
    @given(name=st.sampled_from(["admin"]) | TEXT, password=st.sampled_from([PASSWORD]) | TEXT,
           next_page=st.sampled_from(["/admin/games/1", "//evil.example", "https://evil.example"]) | TEXT)
    def login(name: str, password: str, next_page: str) -> None:
        TALLY.cases["admin login"] += 1
        fresh = app.test_client()
        response = checked(app, lambda: fresh.post("/admin/login", data={"name": name, "password": password,
                                                                        "next": next_page}),
                           lambda response: response.status_code == 303, "admin login")
        if response.status_code == 303:
            assert response.location.startswith("/admin"), response.location

    login()


GAME_ACTIONS = ["reveal", "resend", "bot", "replace", "revoke", "cancel", "timing", "pause", "resume", "extend",
                "timeout", "export"]


def test_fuzz_every_admin_action(client, app):
    game_ids = games_for_fuzzing(app) + games_for_fuzzing(app)
    with app.app_context():
        seat_ids = [seat.id for game_id in game_ids for seat in db.session.get(Game, game_id).seats]
    assert client.post("/admin/login", data={"name": "admin", "password": PASSWORD}).status_code == 303
    fields = st.fixed_dictionaries({}, optional={
        "confirm": st.sampled_from(["yes", "yes", ""]) | TEXT,
        "seat": st.sampled_from([str(i) for i in seat_ids]) | TEXT,
        "email": st.sampled_from(["new@example.org", "Eve <eve@example.org>"]) | TEXT,
        "until": st.datetimes().map(lambda d: d.strftime("%Y-%m-%dT%H:%M")) | TEXT,
        "version": VERSION,
        "move_deadline": st.sampled_from(["12h", "1m"]) | TEXT,
        "phase_deadline": st.sampled_from(["2d", "90d"]) | TEXT,
        "reminder_before": st.sampled_from(["", "1h"]) | TEXT,
        "bot_on_timeout": st.sampled_from(["y", ""]) | TEXT,
    })

    @fuzz(110)
    @given(game=st.sampled_from([str(i) for i in game_ids]) | st.sampled_from(["0", "-1", str(2**40), "x"]),
           action=st.sampled_from(GAME_ACTIONS), data=fields)
    def admin_action(game: str, action: str, data: dict[str, str]) -> None:
        TALLY.cases["admin action"] += 1
        checked(app, lambda: client.post(f"/admin/games/{game}/{action}", data=data),
                lambda response: data.get("confirm") == "yes" and response.status_code < 400, f"admin {action}",
                ignore=ADMIN_TABLES_NOT_COMPARED)

    admin_action()
    games_replay(app)


def test_fuzz_the_admin_new_game_import_and_lists(client, app):
    game_ids = games_for_fuzzing(app)
    with app.app_context():
        export = json.loads(json.dumps(export_game(db.session.get(Game, game_ids[0]))))
    assert client.post("/admin/login", data={"name": "admin", "password": PASSWORD}).status_code == 303
    @fuzz(40)
    @given(fields=NEW_GAME)
    def new(fields: dict[str, str]) -> None:
        TALLY.cases["admin new game"] += 1
        checked(app, lambda: client.post("/admin/games/new", data=fields),
                lambda response: response.status_code == 303, "admin new game", ignore=ADMIN_TABLES_NOT_COMPARED)

    mutated = st.builds(lambda key, value: {**export, key: value},
                        st.sampled_from(sorted(export)) | st.text(max_size=5), JSON)
    changed_action = st.builds(
        lambda n, key, value: {**export, "actions": [
            {**entry, key: value} if i == n else entry for i, entry in enumerate(export["actions"])]},
        st.integers(0, 3), st.sampled_from(["player", "action", "on_timeout", "at"]), ACTION)

    @fuzz(50)
    @given(text=st.one_of(mutated.map(json.dumps), changed_action.map(json.dumps), TEXT, JSON.map(json.dumps)))
    def import_(text: str) -> None:
        TALLY.cases["admin import"] += 1
        checked(app, lambda: client.post("/admin/games/import", data={"text": text}),
                lambda response: response.status_code == 303, "admin import", ignore=ADMIN_TABLES_NOT_COMPARED)

    @fuzz(40)
    @given(path=st.sampled_from(["/admin/", "/admin/mail", "/admin/audit", "/admin/health", "/dev/mail"]),
           status=TEXT, who=TEXT, to=TEXT, message=st.sampled_from(["1", "2", "0", str(2**63)]) | TEXT,
           retry=st.booleans())
    def lists(path: str, status: str, who: str, to: str, message: str, retry: bool) -> None:
        TALLY.cases["admin lists, mail, dev mail"] += 1
        safe = message.replace("/", "").replace("?", "").replace("#", "") or "1"
        for send in (lambda: client.get(path, query_string={"status": status, "who": who, "to": to}),
                     lambda: client.get(f"/dev/mail/{safe}"), lambda: client.get(f"/dev/mail/{safe}/html"),
                     lambda: client.post(f"/admin/mail/{safe}/retry", data={"confirm": "yes" if retry else ""})):
            checked(app, send, lambda response: retry and response.status_code == 303, "admin lists",
                    ignore=ADMIN_TABLES_NOT_COMPARED)

    new()
    import_()
    lists()
    games_replay(app)

