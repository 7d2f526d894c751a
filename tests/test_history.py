"""Each player's history of the game (/play/<token>/history, tain.services.timeline.history): every
move in order as that player may know it — their own tokens named, the others' face down — with the
raid reports, the turns that began, the deadlines missed, and the moves standing orders made."""
from __future__ import annotations

import re
from datetime import timedelta
from html import unescape

from flask.testing import FlaskClient

from support import NOW, new_game, token
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.services.deadlines import run_due_games
from tain.services import timeline
from tain.services.play import submit

TAIN = get_game("tain")
EVENT = re.compile(r'<li class="event[^"]*">(?:<span class="swatch[^"]*" aria-hidden="true"></span>)?(.*?)</li>', re.S)
HEADING = re.compile(r'<h3 class="chapter__heading">(.*?)</h3>')
TWO = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def history(client: FlaskClient, game: Game, name: str) -> str:
    response = client.get(f"/play/{token(game, name)}/history")
    assert response.status_code == 200
    return unescape(response.text)


def move(game: Game, name: str, action: dict) -> None:
    submit(game.seat_named(name), action, now=NOW)
    db.session.refresh(game)


def play_a_turn(game: Game) -> None:
    """Turn 1 of a two-clan game: Ann scouts Bob, Bob guards, Ann raids, both pass."""
    move(game, "Ann", {"type": "scout", "token": "warrior", "board": "Bob", "entrance": "pasture-1"})
    move(game, "Bob", {"type": "guard", "token": "boy", "entrance": "pasture-1"})
    move(game, "Ann", {"type": "raid", "token": "bluff"})
    move(game, "Bob", {"type": "pass"})
    move(game, "Ann", {"type": "pass"})


def test_the_history_tells_every_move_in_order_as_the_player_knows_it(app):
    client = app.test_client()
    with app.app_context():
        game = new_game(TWO)
        play_a_turn(game)
        move(game, "Bob", {"type": "scout", "token": "boy", "board": "Ann", "entrance": "house-2"})
        bob, ann = history(client, game, "Bob"), history(client, game, "Ann")
    assert EVENT.findall(bob) == [
        "Ann scouts your pasture-1 with a face-down token.",
        "You guard your pasture-1 with your boy.",
        "Ann raids the foreign kingdom with a face-down token.",
        "You pass.",
        "Ann passes.",
        "You scout Ann's house-2 with your boy.",
    ]
    assert EVENT.findall(ann) == [
        "You scout Bob's pasture-1 with your warrior.",
        "Bob guards their pasture-1 with a face-down token.",
        "You raid the foreign kingdom with your bluff.",
        "Bob passes.",
        "You pass.",
        "Bob scouts your house-2 with a face-down token.",
    ]
    assert HEADING.findall(bob) == ["Turn 1 of 8 begins: Ann is the active player.",
                                    "Turn 2 of 8 begins: you are the active player."]
    # the raid report in its place, between the turns, with the tokens it revealed
    report = bob[bob.index("Ann passes."):bob.index("Turn 2 of 8 begins")]
    assert "Turn 1 raids" in report and "Bob's pasture-1: Ann's warrior" in report
    assert 'title="Ann\'s warrior"' in report and 'title="Bob\'s boy"' in report
    assert "Ann's bluff was only a bluff" in report


def test_the_page_links_to_the_history_and_a_bad_link_gets_a_403(app):
    client = app.test_client()
    with app.app_context():
        game = new_game(TWO)
        link = f"/play/{token(game, 'Ann')}"
        assert f'href="{link}/history"' in client.get(link).text
        assert client.get(f"{link}x/history").status_code == 403
        assert client.get("/play/nonsense/history").status_code == 403


def test_missed_deadlines_and_a_finished_game_are_in_the_history(app):
    client = app.test_client()
    with app.app_context():
        game = new_game(TWO, move_deadline=timedelta(hours=1))
        move(game, "Ann", {"type": "pass"})
        run_due_games(NOW + timedelta(hours=2))  # Bob passes on time-out: turn 1 ends, nobody raided
        text = history(client, game, "Ann")
        assert EVENT.findall(text) == ["You pass.", "Bob missed the deadline.", "Bob passes."]
        assert "Everyone passed: no raid this turn." in text
        while not db.session.get(Game, game.id).over:
            player = TAIN.to_act(game.state)[0]
            move(game, player, {"type": "pass"})
        final = history(client, game, "Bob")
        assert "The game is over after turn 8." in HEADING.findall(final)
        assert final.count("Everyone passed: no raid this turn.") == 8


def test_moves_made_by_standing_orders_are_told_to_everyone(app):
    """A plan's move is made inside another player's move; the others see it on the board, face down."""
    client = app.test_client()
    with app.app_context():
        game = new_game()  # Ann, Bob, Cat
        move(game, "Ann", {"type": "guard", "token": "boy", "entrance": "house-1"})
        plan = {"type": "standing", "plan": [[{"type": "guard", "token": "warrior", "entrance": "house-2"}],
                                             [{"type": "pass"}]]}
        move(game, "Bob", plan)  # Bob's first entry is played at once; his pass waits for his next move
        move(game, "Cat", {"type": "raid", "token": "chieftain"})
        move(game, "Ann", {"type": "pass"})  # Bob's plan passes for him inside Ann's move
        cat, bob = EVENT.findall(history(client, game, "Cat")), EVENT.findall(history(client, game, "Bob"))
    assert cat == [
        "Ann guards their house-1 with a face-down token.",
        "Bob guards their house-2 with a face-down token.",
        "You raid the foreign kingdom with your chieftain.",
        "Ann passes.",
        "Bob passes.",
    ]
    assert bob == [
        "Ann guards their house-1 with a face-down token.",
        "You changed your plan: 2 moves are planned.",
        'You guard your house-2 with your warrior. <span class="event__plan">Made from your plan.</span>',
        "Cat raids the foreign kingdom with a face-down token.",
        "Ann passes.",
        'You pass. <span class="event__plan">Made from your plan.</span>',
    ]


def test_a_game_without_a_teller_of_its_own_is_told_in_the_engines_words(app, monkeypatch):
    monkeypatch.setattr(timeline, "TELLERS", {})
    client = app.test_client()
    with app.app_context():
        game = new_game(TWO)
        move(game, "Ann", {"type": "scout", "token": "warrior", "board": "Bob", "entrance": "pasture-1"})
        move(game, "Bob", {"type": "pass"})
        bob, ann = history(client, game, "Bob"), history(client, game, "Ann")
    assert EVENT.findall(bob) == ["Ann scouts Bob's pasture-1.", "Your move: Pass."]
    assert EVENT.findall(ann) == ["Your move: Scout Bob's pasture-1 with a warrior.", "Bob passes."]
    assert HEADING.findall(bob) == ["The game moves on: turn 1 of 8, scouting."]
