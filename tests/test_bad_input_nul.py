"""A NUL character, which PostgreSQL stores in no text (nor JSONB), is refused wherever a request
carries one — in a query string, a form or a JSON body — with a clear 400, never a 500."""
from __future__ import annotations

import pytest

from admin_support import PASSWORD
from bad_input_support import database_rows
from support import new_game, token


@pytest.fixture
def config(config):
    config.update(ADMIN_PASSWORD=PASSWORD, WTF_CSRF_ENABLED=False)
    return config


@pytest.mark.parametrize("method, path, fields", [
    ("get", "/dev/mail", {"to": "ann\x00@example.org"}),
    ("post", "/admin/login", {"name": "ad\x00min", "password": PASSWORD}),
    ("post", "/admin/login", {"name": "admin", "password": "x\x00"}),
    ("post", "/games/new", {"game": "tain", "players": "Ann <ann@example.org>\nBob\x00 <bob@example.org>",
                            "move_deadline": "24h", "phase_deadline": "48h"}),
    ("post", "/games/new", {"game": "tain\x00", "players": "Ann <ann@example.org>\nBob <bob@example.org>"}),
])
def test_a_nul_character_in_a_query_or_form_is_a_400(client, app, method, path, fields):
    before = database_rows(app)
    send = client.get if method == "get" else client.post
    response = send(path, **({"query_string": fields} if method == "get" else {"data": fields}))
    assert response.status_code == 400 and "NUL character" in response.text
    assert database_rows(app) == before


def test_a_nul_character_in_an_admin_query_is_a_400(client, app):
    assert client.post("/admin/login", data={"name": "admin", "password": PASSWORD}).status_code == 303
    for query in ({"who": "\x00"}, {"status": "running\x00"}):
        response = client.get("/admin/", query_string=query)
        assert response.status_code == 400 and "NUL character" in response.text


@pytest.mark.parametrize("body", ['{"action": {"type": "pass\\u0000"}}', '{"action": {"type": "pass", "\\u0000": 1}}'])
def test_a_nul_character_in_json_is_a_400(client, app, body):
    with app.app_context():
        ann = token(new_game(), "Ann")
    before = database_rows(app)
    response = client.post(f"/api/v1/play/{ann}", data=body, content_type="application/json")
    assert response.status_code == 400 and "NUL character" in response.get_json()["error"]
    assert database_rows(app) == before
