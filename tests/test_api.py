"""The JSON API of the contract: shapes, status codes, and every bad input → a JSON error, never a 500."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from support import NOW, advance_to_guarding, outbox, token
from tain import transactions
from tain.extensions import db
from tain.models import ActionRecord, Game


def api(token_: str) -> str:
    return f"/api/v1/play/{token_}"


def test_get_gives_the_seat_as_the_contract_says(client, game):
    response = client.get(api(token(game, "Ann")))
    assert response.status_code == 200
    body = response.get_json()
    assert set(body) == {"game", "player", "view", "legal_actions", "deadline", "over"}
    assert body["player"] == "Ann" and body["over"] is False
    assert body["view"]["you"] == "Ann"
    assert {"type": "pass"} in body["legal_actions"]
    assert body["game"]["players"] == ["Ann", "Bob", "Cat"]
    assert client.get(api(token(game, "Bob"))).get_json()["legal_actions"] == []


def test_get_changes_nothing(client, game):
    for _ in range(3):
        client.get(api(token(game, "Ann")))
    assert db.session.get(Game, game.id).version == 0


def test_post_an_action_from_legal_actions(client, game):
    action = client.get(api(token(game, "Ann"))).get_json()["legal_actions"][0]
    response = client.post(api(token(game, "Ann")), json={"action": action})
    assert response.status_code == 200
    assert response.get_json()["game"]["version"] == 1
    assert db.session.query(ActionRecord).one().action == action


def test_post_several_actions_at_once_in_guarding(client, game):
    advance_to_guarding(game)
    version = game.version
    guards = [a for a in client.get(api(token(game, "Bob"))).get_json()["legal_actions"] if a["type"] == "guard"]
    chosen = [guards[0], next(g for g in guards if g["entrance"] != guards[0]["entrance"])]
    response = client.post(api(token(game, "Bob")), json={"actions": chosen + [{"type": "pass"}], "version": version})
    assert response.status_code == 200
    body = response.get_json()
    assert body["game"]["version"] == version + 3 and body["legal_actions"] == []


@pytest.mark.parametrize("body, status", [
    ({"action": {"type": "fly"}}, 400),
    ({"action": {"type": "guard", "token": "warrior", "entrance": "roof"}}, 400),
    ({"action": {"type": "guard", "token": "warrior"}}, 400),
    ({"action": {"type": "pass", "extra": 1}}, 400),
    ({"action": {"type": ["pass"]}}, 400),
    ({"action": "pass"}, 400),
    ({"action": None}, 400),
    ({"action": []}, 400),
    ({"actions": []}, 400),
    ({"actions": ["pass"]}, 400),
    ({"actions": [{"type": "pass"}, 7]}, 400),
    ({"action": {"type": "pass"}, "actions": [{"type": "pass"}]}, 400),
    ({}, 400),
    ([], 400),
    ("pass", 400),
    (None, 400),
    ({"action": {"type": "pass"}, "version": "0"}, 400),
    ({"action": {"type": "pass"}, "version": 5}, 409),
])
def test_bad_bodies_are_refused_and_change_nothing(client, game, body, status):
    response = client.post(api(token(game, "Ann")), json=body)
    assert response.status_code == status
    assert isinstance(response.get_json()["error"], str)
    assert db.session.get(Game, game.id).version == 0


@pytest.mark.parametrize("data, content_type", [
    ("{not json", "application/json"),
    ('{"action": {"type": "pass"}}', "text/plain"),
    ("action=%7B%22type%22%3A%22pass%22%7D", "application/x-www-form-urlencoded"),
    ("", None),
    (b"\xff\xfe", "application/json"),
])
def test_only_a_json_body_is_accepted(client, game, data, content_type):
    response = client.post(api(token(game, "Ann")), data=data, content_type=content_type)
    assert response.status_code == 400
    assert "JSON" in response.get_json()["error"]
    assert db.session.get(Game, game.id).version == 0


def test_not_your_move_is_409(client, game):
    response = client.post(api(token(game, "Bob")), json={"action": {"type": "pass"}})
    assert response.status_code == 409
    assert response.get_json() == {"error": "It is not your move now.", "code": "not-your-move"}


def test_a_repeated_submission_is_409(client, game):
    body = {"action": {"type": "guard", "token": "boy", "entrance": "house-1"}, "version": 0}
    assert client.post(api(token(game, "Ann")), json=body).status_code == 200
    assert client.post(api(token(game, "Ann")), json=body).status_code == 409
    assert db.session.get(Game, game.id).version == 1


def test_a_finished_game_takes_no_moves(client, game):
    with transactions.write():
        game.status, game.finished_at = "over", NOW
    response = client.post(api(token(game, "Ann")), json={"action": {"type": "pass"}})
    assert response.status_code == 409


@pytest.mark.parametrize("method", ["get", "post"])
def test_bad_tokens_are_403(client, game, method):
    good = token(game, "Ann")
    bad_tokens = ["nonsense", good[:-2] + ("AA" if good[-2:] != "AA" else "BB"), good + "x", "a.b.c", "%00", "." * 40]
    for bad in bad_tokens:
        response = getattr(client, method)(api(bad), json={"action": {"type": "pass"}})
        assert response.status_code in (403, 404), bad
        assert "error" in response.get_json()
    assert db.session.get(Game, game.id).version == 0


@pytest.mark.parametrize("method", ["get", "post"])
def test_revoked_and_expired_tokens_are_403(client, game, method):
    """A move checks its link under the game's lock (one read of the seat and its game): the same refusals."""
    from tain.services.links import revoke_links

    def send(link):
        return getattr(client, method)(api(link), json={"action": {"type": "pass"}})

    old = token(game, "Ann")
    with transactions.write():
        revoke_links(game.seat_named("Ann"))
    response = send(old)
    assert response.status_code == 403 and "replaced" in response.get_json()["error"]
    assert db.session.get(Game, game.id).version == 0
    with transactions.write():
        game.status, game.finished_at = "over", datetime.now(timezone.utc) - timedelta(days=31)
    response = send(token(game, "Ann"))
    assert response.status_code == 403 and "expired" in response.get_json()["error"]


@pytest.mark.parametrize("body", [b"", b"{not json", b'{"action": 3}', b'{"action": {"type": "pass"}, "version": "x"}',
                                  b"[" * 100_000, b'{"actions": []}', b'{"actions": [1]}', b'{"actions": ["pass"]}'])
def test_a_move_on_a_link_that_opens_no_seat_is_403_whatever_its_body(client, game, body):
    good = token(game, "Ann")
    for bad in ["nonsense", good[:-2] + ("AA" if good[-2:] != "AA" else "BB")]:
        response = client.post(api(bad), data=body, content_type="application/json")
        assert response.status_code == 403 and "error" in response.get_json(), (bad, body[:20])
    refused = client.post(api(good), data=body, content_type="application/json")  # the body's own refusal
    assert refused.status_code in (400, 413) and "error" in refused.get_json()
    assert db.session.get(Game, game.id).version == 0


def test_api_errors_are_json_for_unknown_paths_and_methods(client, game):
    response = client.get("/api/v1/nothing")
    assert response.status_code == 404 and set(response.get_json()) == {"error", "code"}
    response = client.delete(api(token(game, "Ann")))
    assert response.status_code == 405 and "error" in response.get_json()


def test_api_needs_no_csrf_token_and_sends_mail(client, game):
    before = len(outbox())
    client.post(api(token(game, "Ann")), json={"action": {"type": "pass"}})
    mails = outbox()[before:]
    assert [m.recipient for m in mails] == ["bob@example.org"]
    assert all(m.status == "sent" and m.transport == "devmail" for m in mails)
