"""Admin sessions end on the server: a copy of the cookie opens nothing after logout or idle expiry."""
from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from admin_support import PASSWORD, csrf, log_in
from support import new_game
from tain.extensions import db
from tain.models import AdminSession, Game
from tain.transactions import write

MINUTE = timedelta(minutes=1)


@pytest.fixture
def config(config):
    config.update(ADMIN_PASSWORD=PASSWORD)
    return config


def sessions(app) -> list[AdminSession]:
    with app.app_context():
        rows = list(db.session.scalars(select(AdminSession).order_by(AdminSession.id)))
        db.session.expunge_all()
        return rows


def age_sessions(app, by: timedelta) -> None:
    """As if the admins had last been seen `by` earlier."""
    with app.app_context(), write():
        for row in db.session.scalars(select(AdminSession)):
            row.last_seen_at -= by


def replay(app, cookie: str):
    """Another browser (an attacker's) holding a copy of the session cookie."""
    other = app.test_client()
    other.set_cookie("session", cookie)
    return other


def cancel(client, token: str):
    return client.post("/admin/games/1/cancel", data={"csrf_token": token, "confirm": "yes"})


def game_status(app) -> str:
    with app.app_context():
        return db.session.get(Game, 1).status


def test_a_copy_of_the_cookie_opens_nothing_after_logout(app, client):
    with app.app_context():
        new_game()
    assert log_in(client).status_code == 303
    token = csrf(client)
    copy = client.get_cookie("session").value
    assert client.post("/admin/logout", data={"csrf_token": token}).status_code == 303
    assert sessions(app) == []

    thief = replay(app, copy)
    page = thief.get("/admin/")
    assert page.status_code == 303 and page.location.startswith("/admin/login")
    refused = cancel(thief, token)
    assert refused.status_code == 303 and refused.location.startswith("/admin/login")
    assert game_status(app) == "running"


def test_an_idle_session_ends_on_the_server(app, client):
    with app.app_context():
        new_game()
    log_in(client)
    token = csrf(client)
    copy = client.get_cookie("session").value
    age_sessions(app, timedelta(minutes=app.config["ADMIN_SESSION_MINUTES"]) + MINUTE)

    response = cancel(client, token)
    assert response.status_code == 303 and response.location == "/admin/login"
    assert "Your session expired" in client.get("/admin/login").text
    assert sessions(app) == [] and game_status(app) == "running"
    assert replay(app, copy).get("/admin/").status_code == 303  # the copy died with it


def test_last_seen_is_written_at_most_once_a_minute(app, client):
    log_in(client)
    [started] = sessions(app)
    for _ in range(3):
        assert client.get("/admin/").status_code == 200
    assert sessions(app)[0].last_seen_at == started.last_seen_at

    age_sessions(app, MINUTE)
    assert client.get("/admin/").status_code == 200
    assert sessions(app)[0].last_seen_at > started.last_seen_at


def test_logging_out_ends_only_that_session(app):
    first, second = app.test_client(), app.test_client()
    log_in(first), log_in(second)
    assert len(sessions(app)) == 2 and sessions(app)[0].key_hash != sessions(app)[1].key_hash
    first.post("/admin/logout", data={"csrf_token": csrf(first)})
    assert first.get("/admin/").status_code == 303
    assert second.get("/admin/").status_code == 200 and len(sessions(app)) == 1


def test_the_cookie_holds_a_random_id_and_the_table_only_its_hash(app, client):
    log_in(client)
    with client.session_transaction() as cookie:
        session_id = cookie["admin_session"]
    assert set(cookie) <= {"admin_session", "csrf_token", "_flashes"}
    [row] = sessions(app)
    assert row.admin == "admin" and session_id not in row.key_hash and len(session_id) >= 40
