"""'Since you last looked' (tain.services.timeline): the page and every email open with exactly what
happened after the seat's previous email or visit, told from its own views; after the last pass the
raid report is at the top of the page, its revealed tokens drawn; a turn in which everyone passed
says so; a deadline missed is told."""
from __future__ import annotations

import json
import re
from datetime import timedelta
from html import unescape

import pytest
from flask.testing import FlaskClient

from support import NOW, csrf_of, new_game, new_tara_game, outbox, shown_in_browser, token
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.services.deadlines import pause, run_due_games
from tain.services.play import submit

SCOUT = {"type": "scout", "token": "boy", "board": "Bob", "entrance": "pasture-2"}
GUARD = {"type": "guard", "token": "warrior", "entrance": "house-1"}
RAID = {"type": "raid", "token": "chieftain"}
PASS = {"type": "pass"}
EVENT = re.compile(r'<li class="event[^"]*">(?:<span class="swatch[^"]*" aria-hidden="true"></span>)?(.*?)</li>', re.S)


def since_in_email(body_text: str) -> list[str]:
    """The "Since you last looked" lines of a text email, moves and headings, in order."""
    if "Since you last looked:" not in body_text:
        return []
    part = body_text.split("Since you last looked:\n", 1)[1]
    return [line.strip().removeprefix("* ") for line in part.splitlines() if line.startswith("  * ")]


def since_section(html: str) -> str:
    return html[html.index('<section class="since"'):html.index("</section>", html.index('<section class="since"'))]


def since_on_page(html: str) -> list[str]:
    return [unescape(text) for text in EVENT.findall(since_section(html))]


def page(client: FlaskClient, game: Game, name: str, query: str = "") -> str:
    """The seat's page as a browser shows it (and so, through its script, marks it seen)."""
    response = client.get(f"/play/{token(game, name)}{query}")
    assert response.status_code == 200
    shown_in_browser(client, response.text)
    return response.text


def move(game: Game, name: str, action: dict) -> None:
    submit(game.seat_named(name), action, now=NOW)
    db.session.refresh(game)


def last_email(address: str) -> str:
    return outbox(address)[-1].body_text


def seen(game_id: int, name: str) -> int:
    return db.session.get(Game, game_id).seat_named(name).seen_version


def post_move(client: FlaskClient, game: Game, name: str, action: dict) -> str:
    """A move from the seat's page, as a browser makes it; the page it is sent back to."""
    url = f"/play/{token(game, name)}"
    form = client.get(url).text
    version = re.search(r'name="version" value="(\d+)"', form)[1]
    response = client.post(url, data={"csrf_token": csrf_of(form), "version": version, "action": json.dumps(action),
                                      "confirm": "yes"})  # a pass is confirmed on a second page
    assert response.status_code == 303
    shown = client.get(response.headers["Location"]).text
    shown_in_browser(client, shown)
    return shown


def test_a_your_move_email_tells_exactly_what_happened_since_the_seat_last_looked(app):
    client = app.test_client()
    with app.app_context():
        game = new_game()
        page(client, game, "Ann")  # Ann has seen the game at version 0
        assert seen(game.id, "Ann") == 0
        move(game, "Ann", SCOUT)
        move(game, "Bob", GUARD)
        move(game, "Cat", RAID)  # Ann's move again: an email
        assert seen(game.id, "Ann") == 3
        assert since_in_email(last_email("ann@example.org")) == [
            "You scout Bob's pasture-2 with your boy.",
            "Bob guards their house-1 with a face-down token.",
            "Cat raids the foreign kingdom with a face-down token.",
        ]
        # Bob was emailed at version 1 (his move): his email told Ann's scout, and only that
        assert since_in_email(outbox("bob@example.org")[-1].body_text) == [
            "Ann scouts your pasture-2 with a face-down token."]


def test_the_page_tells_what_came_after_the_last_email_or_visit_and_marks_it_seen(app):
    client = app.test_client()
    with app.app_context():
        game = new_game()
        move(game, "Ann", SCOUT)  # Bob is emailed: his move
        assert since_on_page(page(client, game, "Bob")) == []  # the email told it all
        move(game, "Bob", GUARD)  # Cat is emailed
        page(client, game, "Ann")  # Ann looks at version 2
        assert seen(game.id, "Ann") == 2
        move(game, "Cat", RAID)  # Ann is emailed at 3: only Cat's raid is new to her
        assert since_in_email(last_email("ann@example.org")) == ["Cat raids the foreign kingdom with a face-down token."]
        html = page(client, game, "Bob")  # Bob was last shown the game by his email, at version 1
        assert since_on_page(html) == ["You guard your house-1 with your warrior.",
                                       "Cat raids the foreign kingdom with a face-down token."]
        assert seen(game.id, "Bob") == 3
        again = page(client, game, "Bob")
        assert since_on_page(again) == [] and "Nothing new since you last looked." in again


def seat_row(app, game_id: int, name: str) -> tuple[int, object]:
    with app.app_context():
        seat = db.session.get(Game, game_id).seat_named(name)
        return seat.seen_version, seat.last_seen_at


def test_opening_the_link_without_its_script_changes_nothing(app):
    """A mail scanner fetches the link (and the JSON) but runs no script: the seat is not marked as having
    looked, its next email still tells everything since its last one, and no visit is noted."""
    client = app.test_client()
    with app.app_context():
        game = new_game()
        move(game, "Ann", SCOUT)
        move(game, "Bob", GUARD)
        game_id, link = game.id, token(game, "Ann")
    before = seat_row(app, game_id, "Ann")
    for path in (f"/play/{link}", f"/api/v1/play/{link}", f"/play/{link}/history"):
        assert client.get(path).status_code == 200
    assert seat_row(app, game_id, "Ann") == before
    with app.app_context():
        game = db.session.get(Game, game_id)
        move(game, "Cat", RAID)  # Ann's move: her email tells all three, the scanner's fetch notwithstanding
    assert len(since_in_email(last_email("ann@example.org"))) == 3


def test_the_pages_script_marks_what_the_page_showed_and_only_that(app):
    client = app.test_client()
    with app.app_context():
        game = new_game()
        game_id, link = game.id, token(game, "Ann")
    html = client.get(f"/play/{link}").text
    with app.app_context():
        move(db.session.get(Game, game_id), "Ann", SCOUT)  # the game moves on before the script reports
    shown_in_browser(client, html)
    seen_version, visited = seat_row(app, game_id, "Ann")
    assert seen_version == 0 and visited is not None  # a visit, but not of the version after the move
    shown_in_browser(client, client.get(f"/play/{link}").text)
    assert seat_row(app, game_id, "Ann")[0] == 1
    csrf = csrf_of(html)
    for bad in ("", "x", "-1", "1" * 400, "2"):  # 2: a version the game has not reached
        response = client.post(f"/play/{link}/seen", data={"csrf_token": csrf, "version": bad})
        assert response.status_code == 400 and "version" in response.get_data(as_text=True)
    assert client.post(f"/play/{link}/seen", data={"version": "1"}).status_code == 400  # no CSRF token
    assert seat_row(app, game_id, "Ann")[0] == 1


def test_after_a_move_the_page_opens_with_what_it_led_to(app):
    client = app.test_client()
    with app.app_context():
        game = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
        move(game, "Ann", SCOUT)
        html = post_move(client, game, "Bob", GUARD)  # Bob's email counted as shown; his move is told anyway
        assert "Your move was recorded." in html
        assert since_on_page(html) == ["You guard your house-1 with your warrior."]


def test_the_last_pass_shows_the_raid_report_at_the_top_with_the_revealed_tokens(app):
    client = app.test_client()
    with app.app_context():
        game = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
        move(game, "Ann", SCOUT)
        move(game, "Bob", GUARD)
        move(game, "Ann", PASS)
        html = unescape(post_move(client, game, "Bob", PASS))  # the last pass: the raids are resolved
        assert "Your move was recorded." in html
        top = since_section(html)
        assert html.index('<section class="since"') < html.index('id="board-title"')  # above the board
        assert since_on_page(html) == ["You pass."]
        assert "Turn 1 raids" in top and "Bob's pasture-2: Ann's boy" in top
        assert "Turn 2 of 8 begins: you are the active player." in top
        revealed = top[top.index('class="revealed"'):]
        assert 'title="Ann\'s boy"' in revealed  # the scout, face up on Bob's board of turn 1
        assert "Bob's board" in revealed and "Everyone passed" not in top


def test_a_turn_in_which_everyone_passed_says_so(app):
    client = app.test_client()
    with app.app_context():
        game = new_game()
        for name in ("Ann", "Bob", "Cat"):
            move(game, name, PASS)
        for address in ("ann@example.org", "bob@example.org", "cat@example.org"):
            message = outbox(address)[-1]
            assert message.kind == "events"
            assert "Everyone passed: no raid this turn." in message.body_text
            assert "Everyone passed: no raid this turn." in message.body_html
            assert re.search(r"</h3>\s*(<ul[^>]*>\s*</ul>|$)", message.body_html) is None  # no heading over nothing
        html = unescape(page(client, game, "Ann"))
        story = html[html.index('class="story"'):]
        assert "Everyone passed: no raid this turn." in story
        assert re.search(r'<ul class="report__lines">\s*</ul>', html) is None  # never an empty box


def test_a_missed_deadline_is_told(app):
    with app.app_context():
        game = new_game(move_deadline=timedelta(hours=1))
        move(game, "Ann", SCOUT)  # Bob is to move until NOW + 1 h
        run_due_games(NOW + timedelta(hours=2))  # Bob passes on time-out; Cat's move
        assert since_in_email(last_email("cat@example.org")) == [
            "Ann scouts Bob's pasture-2 with a face-down token.",
            "Bob missed the deadline.",
            "Bob passes.",
        ]


def test_every_email_kind_opens_with_what_happened(app):
    """A pause (an admin's email, at no move of the player's) tells what the player had not yet been told."""
    with app.app_context():
        game = new_game()
        move(game, "Ann", SCOUT)
        move(game, "Bob", GUARD)
        pause(game.id, now=NOW)
        message = outbox("ann@example.org")[-1]
        assert message.kind == "paused"
        assert since_in_email(message.body_text) == ["You scout Bob's pasture-2 with your boy.",
                                                     "Bob guards their house-1 with a face-down token."]
        assert "Since you last looked" in message.body_html
        assert "Bob guards their house-1 with a face-down token." in message.body_html


def test_tara_tells_each_players_steps_since_they_last_looked(app):
    client = app.test_client()
    with app.app_context():
        game = new_tara_game()
        move(game, "Ann", {"type": "build", "square": "D4"})  # Bob's move: his email tells Ann's build
        assert since_in_email(last_email("bob@example.org")) == ["Ann builds a ringfort on D4."]
        build = get_game("tara").legal_actions(game.state, "Bob")[0]
        move(game, "Bob", build)
        assert since_in_email(last_email("ann@example.org")) == [
            "You build a ringfort on D4.", f"Bob builds a ringfort on {build['square']}."]
        assert since_on_page(page(client, game, "Ann")) == []
        history = client.get(f"/play/{token(game, 'Bob')}/history").text
        assert "Game 1 of 2 begins: Ann builds first." in history
        assert EVENT.findall(history) == ["Ann builds a ringfort on D4.", f"You build a ringfort on {build['square']}."]


@pytest.mark.parametrize("query", ["?since=abc", "?since=-1", "?since=99999999999", "?since=", "?since=%D9%A3"])
def test_a_bad_since_shows_what_came_after_the_last_look(app, query):
    client = app.test_client()
    with app.app_context():
        game = new_game()
        move(game, "Ann", SCOUT)  # Cat was last shown the game by her invitation
        assert since_on_page(page(client, game, "Cat", query)) == ["Ann scouts Bob's pasture-2 with a face-down token."]


def test_an_earlier_since_shows_more_of_what_the_seat_knows(app):
    client = app.test_client()
    with app.app_context():
        game = new_game()
        move(game, "Ann", SCOUT)
        move(game, "Bob", GUARD)
        assert since_on_page(page(client, game, "Bob")) == ["You guard your house-1 with your warrior."]
        assert since_on_page(page(client, game, "Bob", "?since=0")) == [
            "Ann scouts your pasture-2 with a face-down token.", "You guard your house-1 with your warrior."]


def test_the_page_opened_from_the_raid_report_email_still_starts_with_that_report(app):
    client = app.test_client()
    with app.app_context():
        game = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
        move(game, "Ann", SCOUT)
        move(game, "Bob", GUARD)
        move(game, "Ann", PASS)
        move(game, "Bob", PASS)  # the raids: Ann's email tells them, so nothing is new on her page
        assert outbox("ann@example.org")[-1].kind == "events"
        html = unescape(page(client, game, "Ann"))
        top = since_section(html)
        assert since_on_page(html) == [] and "Nothing new since you last looked. The latest report:" in top
        assert "Turn 1 raids" in top and "Bob's pasture-2: Ann's boy" in top
        assert html.index('<section class="since"') < html.index('id="board-title"')
