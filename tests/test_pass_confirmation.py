"""Passing is final, so the page's pass button asks for a second, deliberate click: its first POST
changes nothing and answers a page saying what passing means, whose "Yes, pass" form (confirm=yes)
makes the pass. No JavaScript is needed; the JSON API asks nothing."""
from __future__ import annotations

import json
from html import unescape

from support import csrf_of, new_game, token
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from test_play_page import FormParser, reach_guarding

PASS = json.dumps({"type": "pass"})
ENGINE = get_game("tain")


def ann_url(app) -> tuple[int, str]:
    with app.app_context():
        game = new_game()
        return game.id, f"/play/{token(game, 'Ann')}"


def version(app, game_id: int) -> int:
    with app.app_context():
        return db.session.get(Game, game_id).version


def passed(app, game_id: int) -> list[str]:
    with app.app_context():
        return ENGINE.view(db.session.get(Game, game_id).state, None)["passed"]


def test_the_first_click_on_pass_asks_and_changes_nothing(client, app):
    game_id, url = ann_url(app)
    page = client.get(url).text
    response = client.post(url, data={"csrf_token": csrf_of(page), "version": "0", "action": PASS})
    assert response.status_code == 200 and version(app, game_id) == 0 and passed(app, game_id) == []
    html = unescape(response.text)
    assert "Do you want to pass?" in html and "Passing is final: you place no more tokens until the next turn" in html
    assert "You still have 18 tokens behind your screen." in html
    assert f'href="{url}#moves-title">No, back to the board</a>' in html
    parser = FormParser()
    parser.feed(response.text)
    [form] = parser.forms
    assert form.buttons == ["Yes, pass"]
    assert {name for name, _ in form.fields} >= {"csrf_token", "version", "action", "confirm"}
    assert (form.value("version"), form.value("action"), form.value("confirm")) == ("0", PASS, "yes")


def test_yes_pass_passes(client, app):
    game_id, url = ann_url(app)
    first = client.post(url, data={"csrf_token": csrf_of(client.get(url).text), "version": "0", "action": PASS})
    parser = FormParser()
    parser.feed(first.text)
    response = client.post(url, data=dict(parser.forms[0].fields))
    assert response.status_code == 303 and version(app, game_id) == 1 and passed(app, game_id) == ["Ann"]
    assert "Your move was recorded." in client.get(response.headers["Location"]).text


def test_a_pass_that_is_not_the_players_to_make_is_refused_at_once(client, app):
    with app.app_context():
        game = new_game()
        game_id, bob = game.id, f"/play/{token(game, 'Bob')}"
    response = client.post(bob, data={"csrf_token": csrf_of(client.get(bob).text), "version": "0", "action": PASS})
    assert response.status_code == 303 and "not your move" in client.get(bob).text
    assert version(app, game_id) == 0


def test_the_guarding_form_which_says_it_passes_is_not_asked_again(client, app):
    game_id, url = ann_url(app)
    with app.app_context():
        reach_guarding(db.session.get(Game, game_id))
    before = version(app, game_id)
    response = client.post(url, data={"csrf_token": csrf_of(client.get(url).text), "version": str(before),
                                      "actions": ["", PASS]})
    assert response.status_code == 303 and "Ann" in passed(app, game_id)


def test_the_api_passes_at_once(client, app):
    game_id, url = ann_url(app)
    response = client.post(f"/api/v1{url}", json={"action": {"type": "pass"}})
    assert response.status_code == 200 and passed(app, game_id) == ["Ann"]
