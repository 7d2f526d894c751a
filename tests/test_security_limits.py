"""Rate limits: per link token on the page and the API, refused links per address, the lobby's form per
address; a clear 429 page or JSON with Retry-After; nothing done. (An unreachable storage: test_security_gunicorn.)"""
from __future__ import annotations

import pytest
from sqlalchemy import func, select

from admin_support import PASSWORD, log_in
from support import csrf_of, new_game, token
from tain import create_app
from tain.extensions import db
from tain.models import ActionRecord, Game

ELSEWHERE = {"REMOTE_ADDR": "203.0.113.9"}
BAD = "WzEyLCJhYmNkZWYxMiJd.aw6cJQ.E6goIgmNKtIhrklcnbwp2CfRblY"  # well formed, not signed by this app
NEW_GAME = {"game": "tain", "players": "Ann <ann@example.org>\nBob <bob@example.org>", "move_deadline": "24h",
            "phase_deadline": "48h", "reminder_before": "4h"}


@pytest.fixture
def tokens(app) -> dict[str, str]:
    with app.app_context():
        game = new_game()
        return {name: token(game, name) for name in ("Ann", "Bob")}


def assert_too_many(response, json: bool = False) -> None:
    assert response.status_code == 429 and int(response.headers["Retry-After"]) > 0
    if json:
        body = response.get_json()
        assert body["code"] == "too-many-requests" and "Too many requests" in body["error"]
    else:
        assert "Too many requests" in response.text and "Nothing was changed" in response.text


def counts(app) -> tuple[int, int]:
    with app.app_context():
        return (db.session.scalar(select(func.count()).select_from(Game)),
                db.session.scalar(select(func.count()).select_from(ActionRecord)))


@pytest.fixture
def config(config):
    config.update(PLAY_RATE_LIMIT="3 per minute", BAD_LINK_RATE_LIMIT="100 per minute", LOBBY_RATE_LIMIT="2 per minute")
    return config


def test_each_link_has_its_own_limit_shared_by_its_page_and_the_api(app, client, tokens):
    ann = tokens["Ann"]
    assert client.get(f"/play/{ann}").status_code == 200
    assert client.get(f"/api/v1/play/{ann}").status_code == 200
    assert client.get(f"/play/{ann}").status_code == 200
    assert_too_many(client.get(f"/play/{ann}"))
    assert_too_many(client.get(f"/api/v1/play/{ann}"), json=True)
    assert client.get(f"/play/{tokens['Bob']}").status_code == 200  # Bob's link counts alone


def test_a_move_over_the_limit_is_not_made(app, client, tokens):
    ann = tokens["Ann"]
    form = {"csrf_token": csrf_of(client.get(f"/play/{ann}").text), "action": '{"type": "pass"}', "version": "0"}
    for _ in range(2):
        client.get(f"/api/v1/play/{ann}")
    before = counts(app)
    assert_too_many(client.post(f"/api/v1/play/{ann}", json={"action": {"type": "pass"}}), json=True)
    assert_too_many(client.post(f"/play/{ann}", data=form))
    assert counts(app) == before


@pytest.fixture
def bad_link_limit(config):
    config.update(PLAY_RATE_LIMIT="100 per minute", BAD_LINK_RATE_LIMIT="2 per minute")


def test_refused_links_are_limited_per_address_and_only_refusals_count(bad_link_limit, app, client, tokens):
    for _ in range(5):  # good links do not count
        assert client.get(f"/play/{tokens['Ann']}").status_code == 200
    assert client.get(f"/play/{BAD}").status_code == 403
    assert client.get(f"/api/v1/play/{BAD}x").status_code == 403
    assert_too_many(client.get(f"/play/{BAD}y"))
    assert_too_many(client.get(f"/api/v1/play/{tokens['Ann']}"), json=True)  # this address is done guessing
    assert client.get(f"/play/{tokens['Ann']}", environ_base=ELSEWHERE).status_code == 200
    assert client.get(f"/play/{BAD}", environ_base=ELSEWHERE).status_code == 403


def new_game_form(client, **environ) -> dict[str, str]:
    return {**NEW_GAME, "csrf_token": csrf_of(client.get("/games/new", environ_base=environ).text)}


def test_the_lobby_form_is_limited_per_address(app, client):
    for _ in range(3):  # showing the form does not count
        form = new_game_form(client)
    for _ in range(2):
        assert client.post("/games/new", data=form).status_code == 303
    before = counts(app)
    assert_too_many(client.post("/games/new", data=form))
    assert counts(app) == before and before[0] == 2
    assert client.post("/games/new", data=new_game_form(client, **ELSEWHERE), environ_base=ELSEWHERE).status_code == 303


def test_limits_are_read_from_the_environment(monkeypatch, config, tokens):
    for name in ("PLAY_RATE_LIMIT", "BAD_LINK_RATE_LIMIT", "LOBBY_RATE_LIMIT"):
        config.pop(name)
    monkeypatch.setenv("PLAY_RATE_LIMIT", "1 per minute")
    client = create_app(config).test_client()
    assert client.get(f"/play/{tokens['Ann']}").status_code == 200
    assert client.get(f"/play/{tokens['Ann']}").status_code == 429


def test_limits_can_be_turned_off(config, tokens):
    client = create_app({**config, "RATELIMIT_ENABLED": False}).test_client()
    for _ in range(5):
        assert client.get(f"/play/{tokens['Ann']}").status_code == 200


def test_the_admin_login_limit_says_when_to_come_back(config):
    client = create_app({**config, "ADMIN_PASSWORD": PASSWORD, "ADMIN_LOGIN_LIMIT": "2 per minute"}).test_client()
    for _ in range(2):
        assert log_in(client, password="wrong").status_code == 401
    response = log_in(client)
    assert response.status_code == 429 and "Too many login attempts" in response.text
    assert 0 < int(response.headers["Retry-After"]) <= 60
