"""Every page and form: the front page, new game, the player's page, the dev mailbox;
security headers, CSRF, escaping, and bad input as a clear page (never a 500)."""
from __future__ import annotations

import json
import logging

import pytest

from support import csrf_of, new_game, outbox, token
from tain.extensions import db
from tain.models import Game
from tain.web.security import RedactTokens, redact

PLAYERS_TEXT = "Ann <ann@example.org>\nBob <bob@example.org>\nCat <cat@example.org>"


def play(token_: str) -> str:
    return f"/play/{token_}"


def form_for(client, url: str, **fields) -> dict:
    """Fields with the session's CSRF token (read from the new-game form, which always has one)."""
    return {"csrf_token": csrf_of(client.get("/games/new").text), **fields}


def test_every_response_has_the_security_headers(client, game):
    for url in ["/", "/games/new", play(token(game, "Ann")), "/dev/mail", "/nope", play("bad")]:
        response = client.get(url)
        csp = response.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
    assert client.get(play(token(game, "Ann"))).headers["Cache-Control"] == "no-store"


def test_front_page(client):
    response = client.get("/")
    assert response.status_code == 200 and "/games/new" in response.text and "/dev/mail" in response.text


def test_new_game_form_creates_a_game_and_emails_the_players(client, app):
    data = form_for(client, "/games/new", game="tain", players=PLAYERS_TEXT, move_deadline="24h",
                    phase_deadline="48h", first_player="Bob")
    response = client.post("/games/new", data=data, follow_redirects=True)
    assert response.status_code == 200 and "Game #1 is created" in response.text
    game = db.session.get(Game, 1)
    assert [s.name for s in game.seats] == ["Ann", "Bob", "Cat"] and game.move_deadline_seconds == 86400
    assert sorted(m.recipient for m in outbox()) == ["ann@example.org", "bob@example.org", "cat@example.org"]


def test_new_game_form_sets_the_reminder_and_a_bot_on_time_out(client, app):
    form = client.get("/games/new").text
    assert 'name="reminder_before"' in form and 'value="4h"' in form and 'name="bot_on_timeout"' in form
    assert "(bot)" not in form  # bot seats are the dashboard's
    data = form_for(client, "/games/new", game="tain", players=PLAYERS_TEXT, move_deadline="24h",
                    phase_deadline="48h", reminder_before="3h", bot_on_timeout="y")
    assert client.post("/games/new", data=data).status_code == 303
    game = db.session.get(Game, 1)
    assert (game.reminder_before_seconds, game.bot_on_timeout) == (3 * 3600, True)


@pytest.mark.parametrize("fields, message", [
    ({"players": "Ann <ann@example.org>"}, "is played by 2 to 4 players"),
    ({"players": "Ann <ann@example.org>\nBob <ann@example.org>"}, "same email"),
    ({"players": "Ann\nBob"}, "Write each player as"),
    ({"players": ""}, "Write the players, one a line"),
    ({"move_deadline": "yesterday"}, "Write a duration"),
    ({"reminder_before": "-1h"}, "Write a duration"),
    ({"first_player": "Zed"}, "not one of the players"),
    ({"game": "chess"}, "Not a valid choice"),
])
def test_new_game_form_explains_bad_input(client, app, fields, message):
    data = form_for(client, "/games/new", **{"game": "tain", "players": PLAYERS_TEXT, "move_deadline": "24h",
                                                "phase_deadline": "48h", **fields})
    response = client.post("/games/new", data=data)
    assert response.status_code == 400
    assert message in response.text.replace("&#39;", "'")
    assert db.session.query(Game).count() == 0 and outbox() == []


def test_forms_without_csrf_are_refused(client, game):
    response = client.post("/games/new", data={"game": "tain", "players": PLAYERS_TEXT})
    assert response.status_code == 400 and "Reload it" in response.text
    response = client.post(play(token(game, "Ann")), data={"action": json.dumps({"type": "pass"}), "version": "0"})
    assert response.status_code == 400 and "Reload it" in response.text
    assert db.session.query(Game).count() == 1 and db.session.get(Game, game.id).version == 0


def test_the_player_page_shows_and_never_changes(client, game):
    for name in ("Ann", "Bob", "Ann"):
        response = client.get(play(token(game, name)))
        assert response.status_code == 200 and name in response.text
    assert db.session.get(Game, game.id).version == 0


def test_a_move_from_the_page_and_a_second_click(client, game):
    url = play(token(game, "Ann"))
    data = form_for(client, url, action=json.dumps({"type": "pass"}), version="0", confirm="yes")
    response = client.post(url, data=data)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"{url}?since=0")
    assert db.session.get(Game, game.id).version == 1
    again = client.post(url, data=data)  # the same button, clicked twice
    assert again.status_code in (303, 409)
    assert db.session.get(Game, game.id).version == 1
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("fields", [
    {"action": json.dumps({"type": "fly"})},
    {"action": "{not json"},
    {},
    {"actions": [json.dumps({"type": "guard", "token": "boy", "entrance": "house-1"})] * 2},
])
@pytest.mark.parametrize("player", ["Ann", "Bob"])
def test_bad_or_untimely_moves_from_the_page_change_nothing(client, game, fields, player):
    url = play(token(game, player))
    response = client.post(url, data=form_for(client, url, version="0", **fields), follow_redirects=True)
    assert response.status_code in (200, 400, 409) and "Traceback" not in response.text
    assert db.session.get(Game, game.id).version == 0
    assert outbox()[3:] == []


@pytest.mark.parametrize("method", ["get", "post"])
def test_bad_links_give_a_clear_page(client, game, method):
    for bad in ["nonsense", token(game, "Ann")[:-3] + "abc"]:
        response = getattr(client, method)(play(bad))
        assert response.status_code in (400, 403) and "<html" in response.text and "Traceback" not in response.text
    assert client.get("/no/such/page").status_code == 404


def test_a_player_named_script_is_shown_as_text(client, app):
    game = new_game(["<script>alert(1)</script> <s@example.org>", "Bob <bob@example.org>"], first_player=None)
    for name in ("<script>alert(1)</script>", "Bob"):
        page = client.get(play(token(game, name))).text
        assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert client.get(f"/api/v1/play/{token(game, name)}").mimetype == "application/json"  # data, not markup
    for message in outbox():
        assert "<script>" not in message.body_html
        assert "<script>" not in client.get(f"/dev/mail/{message.id}").text


def test_dev_mailbox_lists_and_shows_messages_with_clickable_links(client, game):
    inbox = client.get("/dev/mail")
    assert inbox.status_code == 200 and inbox.text.count("/dev/mail/") >= 3
    assert "bob@example.org" in client.get("/dev/mail?to=bob@example.org").text
    message = outbox("bob@example.org")[0]
    page = client.get(f"/dev/mail/{message.id}").text
    assert '<a href="http://tain.test/play/' in page
    html = client.get(f"/dev/mail/{message.id}/html")
    assert html.status_code == 200 and "script-src" not in html.headers["Content-Security-Policy"]
    assert "default-src 'none'" in html.headers["Content-Security-Policy"]
    assert client.get("/dev/mail/999").status_code == 404


@pytest.fixture
def with_mail_server(config):
    config["MAIL_SERVER"] = "smtp.example.org"


def test_dev_mailbox_does_not_exist_with_a_mail_server(with_mail_server, client):
    assert client.get("/dev/mail").status_code == 404
    assert client.get("/dev/mail/1").status_code == 404
    assert "/dev/mail" not in client.get("/").text


def test_logs_never_hold_a_whole_token(game):
    secret = token(game, "Ann")
    assert secret not in redact(f"GET /play/{secret} HTTP/1.1")
    assert secret not in redact(f"GET /api/v1/play/{secret} HTTP/1.1")
    record = logging.LogRecord("werkzeug", logging.INFO, "", 0, '%s - - [%s] "%s" %s %s',
                               ("127.0.0.1", "now", f"GET /play/{secret} HTTP/1.1", "200", "-"), None)
    RedactTokens().filter(record)
    assert secret not in record.getMessage() and "/play/" + secret[:6] in record.getMessage()
    gunicorn = logging.LogRecord("gunicorn.access", logging.INFO, "", 0, "%(r)s", None, None)
    gunicorn.args = {"r": f"GET /play/{secret} HTTP/1.1"}
    RedactTokens().filter(gunicorn)
    assert secret not in gunicorn.getMessage()


def test_forms_work_over_https_though_no_page_sends_a_referer(app, game):
    """Over HTTPS (TLS at the app, or a proxy it trusts to say so), a browser sends no Referer to any
    page of ours (Referrer-Policy: no-referrer): a form is still taken on its CSRF token."""
    client = app.test_client()
    link = play(token(game, "Cat"))
    page = client.get(link, base_url="https://tain.example.org")
    assert page.headers["Referrer-Policy"] == "no-referrer"
    seen = client.post(f"{link}/seen", base_url="https://tain.example.org",
                       data={"csrf_token": csrf_of(page.text), "version": "0"})
    assert seen.status_code == 204, seen.get_data(as_text=True)
