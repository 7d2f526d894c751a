"""JSON too deep or too large, numbers or text no field can store, in the API, the play page's forms and a
huge body: a clear 400 (a 413 page for a huge form), never a 500."""
from __future__ import annotations

import pytest
from flask import Flask

from bad_input_support import database_rows
from support import csrf_of, new_game, token

DEEP = "[" * 5_000 + "]" * 5_000  # past the parser's recursion limit, within the size of a move
DEEPISH = '{"type": "pass", "x": ' + "[" * 200 + "]" * 200 + "}"  # parses, but no move is nested like that
TOO_LARGE = 4 * 1024 * 1024  # bytes: past MAX_CONTENT_LENGTH


def ann_token(app: Flask) -> str:
    with app.app_context():
        return token(new_game(), "Ann")


@pytest.mark.parametrize("body", ['{"action": ' + DEEP + "}", DEEP, '{"action": ' + DEEPISH + "}",
                                  '{"actions": [' + DEEPISH + "]}"])
def test_a_deeply_nested_api_body_is_a_400(client, app, body):
    ann = ann_token(app)
    before = database_rows(app)
    response = client.post(f"/api/v1/play/{ann}", data=body, content_type="application/json")
    assert response.status_code == 400 and "nested too deeply" in response.get_json()["error"]
    assert database_rows(app) == before


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_a_number_json_does_not_have_is_a_400(client, app, constant):
    ann = ann_token(app)
    before = database_rows(app)
    response = client.post(f"/api/v1/play/{ann}", data='{"action": {"type": "pass"}, "version": %s}' % constant,
                           content_type="application/json")
    assert response.status_code == 400 and "not JSON" in response.get_json()["error"]
    assert database_rows(app) == before


def test_a_huge_api_body_is_a_400_as_any_body_larger_than_a_move(client, app):
    ann = ann_token(app)
    response = client.post(f"/api/v1/play/{ann}", data=b" " * TOO_LARGE, content_type="application/json")
    assert response.status_code == 400 and response.get_json()["code"] == "illegal-action"
    assert "too large" in response.get_json()["error"]


# A standing order is accepted at any time and its values stored as they came: each of these once reached
# the state's encoder, which refused it with a 500 (its transaction rolled back).
STANDING_GUARD = '{"action": {"type": "standing", "plan": [[{"type": "guard", "token": %s, "entrance": "pasture-1"}]]}}'
UNSTORABLE = {
    "2**64": STANDING_GUARD % 2**64,
    "-2**63-1": STANDING_GUARD % (-2**63 - 1),
    "a 5000-digit number": STANDING_GUARD % ("9" * 5000),
    "a lone high surrogate": STANDING_GUARD % '"\\ud800"',
    "a lone low surrogate in a key": '{"action": {"type": "standing", "plan": [[{"type": "guard", "\\udfff": 1}]]}}',
    "a version of 2**64": '{"action": {"type": "pass"}, "version": %s}' % 2**64,
}


@pytest.mark.parametrize("body", UNSTORABLE.values(), ids=UNSTORABLE.keys())
def test_a_number_or_text_that_no_field_can_store_is_a_400_and_changes_nothing(client, app, body):
    ann = ann_token(app)
    before = database_rows(app)
    response = client.post(f"/api/v1/play/{ann}", data=body, content_type="application/json")
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["code"] == "illegal-action"
    assert any(words in response.get_json()["error"] for words in ("larger than any field", "half of a character",
                                                                    "not JSON"))
    assert database_rows(app) == before


def test_the_largest_numbers_a_field_stores_are_read(client, app):
    """At the bounds the body is read: the plan (whose moves are checked when they are played) is stored,
    and the service refuses the version as stale."""
    with app.app_context():
        game = new_game()
        ann, bob = token(game, "Ann"), token(game, "Bob")  # Ann is to move: Bob's plan waits for his turn
    for number in (2**63 - 1, -2**63):
        response = client.post(f"/api/v1/play/{bob}", data=STANDING_GUARD % number, content_type="application/json")
        assert response.status_code == 200, response.get_json()
        assert client.get(f"/api/v1/play/{bob}").get_json()["view"]["plan"][0][0]["token"] == number
    response = client.post(f"/api/v1/play/{ann}", data='{"action": {"type": "pass"}, "version": %s}' % (2**63 - 1),
                           content_type="application/json")
    assert response.status_code == 409 and response.get_json()["code"] == "stale-move"


def test_a_lone_surrogate_in_a_move_from_the_page_is_refused_and_changes_nothing(client, app):
    ann = ann_token(app)
    csrf = csrf_of(client.get(f"/play/{ann}").text)
    before = database_rows(app)
    action = '{"type": "standing", "plan": [[{"type": "guard", "token": "\\ud800", "entrance": "pasture-1"}]]}'
    response = client.post(f"/play/{ann}", data={"csrf_token": csrf, "version": "0", "action": action})
    assert response.status_code == 303
    assert "That move is not understood" in client.get(f"/play/{ann}").text
    assert database_rows(app) == before


def test_an_api_body_larger_than_any_move_is_a_400(client, app):
    ann = ann_token(app)
    body = '{"action": {"type": "pass"}, "padding": "%s"}' % ("x" * 100_000)
    response = client.post(f"/api/v1/play/{ann}", data=body, content_type="application/json")
    assert response.status_code == 400 and "too large" in response.get_json()["error"]


@pytest.mark.parametrize("fields", [{"action": DEEP}, {"action": DEEPISH}, {"actions": DEEP}])
def test_a_deeply_nested_move_from_the_page_is_refused_and_changes_nothing(client, app, fields):
    ann = ann_token(app)
    csrf = csrf_of(client.get(f"/play/{ann}").text)
    before = database_rows(app)
    response = client.post(f"/play/{ann}", data={"csrf_token": csrf, "version": "0", **fields})
    assert response.status_code == 303
    assert "That move is not understood" in client.get(f"/play/{ann}").text
    assert database_rows(app) == before


def test_a_huge_form_is_a_413_page(client, app):
    ann = ann_token(app)
    csrf = csrf_of(client.get(f"/play/{ann}").text)
    response = client.post(f"/play/{ann}", data={"csrf_token": csrf, "version": "0", "action": "x" * TOO_LARGE})
    assert response.status_code == 413 and "too large" in response.text
