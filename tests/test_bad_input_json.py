"""JSON too deep or too large, in the API, the play page's forms and a huge body: a clear 400 or 413, never a 500."""
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


def test_a_huge_api_body_is_a_413_in_json(client, app):
    ann = ann_token(app)
    response = client.post(f"/api/v1/play/{ann}", data=b" " * TOO_LARGE, content_type="application/json")
    assert response.status_code == 413 and "too large" in response.get_json()["error"]


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
