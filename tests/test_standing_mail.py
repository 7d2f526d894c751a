"""Emails with standing orders (issue 11): "your move" only when a player is really asked, never for a
move their plan made; the email opens with what happened while they were away, from their own view."""
from __future__ import annotations

from datetime import timedelta

from support import NOW, new_game, outbox, token
from tain.extensions import db
from tain.models import Game
from tain.services.deadlines import run_due_games

TWO = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
EMAILS = {"Ann": "ann@example.org", "Bob": "bob@example.org", "Cat": "cat@example.org"}


def api(token_: str) -> str:
    return f"/api/v1/play/{token_}"


def scout(board: str, entrance: str, kind: str = "warrior") -> dict:
    return {"type": "scout", "token": kind, "board": board, "entrance": entrance}


def started(app, players=None, **kwargs) -> tuple[int, dict[str, str]]:
    with app.app_context():
        game = new_game(players, **kwargs)
        return game.id, {seat.name: token(game, seat.name) for seat in game.seats}


def mails(app, name: str) -> list[tuple[str, str]]:
    """(kind, text) of every email queued to the seat, oldest first."""
    with app.app_context():
        return [(message.kind, message.body_text) for message in outbox(EMAILS[name])]


def post(client, token_: str, action: dict) -> dict:
    response = client.post(api(token_), json={"action": action})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_plan_given_by_a_seat_not_to_move_sends_no_email(app, client):
    _, tokens = started(app)
    with app.app_context():
        before = len(outbox())
    post(client, tokens["Bob"], {"type": "standing", "plan": [[scout("Ann", "house-1")]]})
    post(client, tokens["Cat"], {"type": "standing", "plan": []})
    with app.app_context():
        assert len(outbox()) == before


def test_no_your_move_email_for_a_move_a_plan_made_and_the_next_player_is_told_only_what_they_may_know(app, client):
    _, tokens = started(app)
    post(client, tokens["Bob"], {"type": "standing", "plan": [[scout("Ann", "house-1")], [{"type": "pass"}]]})
    post(client, tokens["Ann"], {"type": "guard", "token": "boy", "entrance": "pasture-1"})
    assert [kind for kind, _ in mails(app, "Bob")] == ["invitation"]  # his plan scouted for him: no email
    kind, text = mails(app, "Cat")[-1]
    assert kind == "your-move" and text.startswith("Since you last looked:")
    assert "Ann guards their pasture-1 with a face-down token." in text
    assert "Bob scouts Ann's house-1 with a face-down token." in text
    assert "warrior" not in text and "plan" not in text.lower()
    assert [kind for kind, _ in mails(app, "Ann")] == ["invitation"]  # she is on her page

    post(client, tokens["Cat"], {"type": "raid", "token": "chieftain"})
    post(client, tokens["Ann"], {"type": "pass"})  # Bob's plan passes for him: Cat is asked next
    assert [kind for kind, _ in mails(app, "Bob")] == ["invitation"]
    assert [kind for kind, _ in mails(app, "Cat")] == ["invitation", "your-move", "your-move"]
    assert "Bob passes." in mails(app, "Cat")[-1][1]


def test_a_plan_that_cannot_play_asks_its_seat_by_email(app, client):
    _, tokens = started(app)
    post(client, tokens["Bob"], {"type": "standing", "plan": [[scout("Cat", "house-1")]]})
    post(client, tokens["Ann"], scout("Cat", "house-1", "boy"))  # the slot Bob planned is taken first
    kind, text = mails(app, "Bob")[-1]
    assert kind == "your-move" and text.startswith("Since you last looked:")
    assert "Ann scouts Cat's house-1 with a face-down token." in text
    assert [kind for kind, _ in mails(app, "Cat")] == ["invitation"]
    assert post(client, tokens["Bob"], {"type": "pass"})["game"]["to_act"] == ["Cat"]


def test_a_player_whose_deadline_moved_for_them_is_told_when_their_turn_comes_round_again(app, client):
    """Ann's deadline passes: a bot places for her (the game says so), Bob's plan answers at once, and it
    is Ann's move again: she is not on her page, so she is emailed."""
    game_id, tokens = started(app, TWO, move_deadline=timedelta(hours=1), bot_on_timeout=True)
    entries = [[scout("Ann", entrance, kind) for entrance in ("pasture-1", "pasture-2", "pasture-3", "house-1", "house-2")]
               for kind in ("warrior", "boy")]
    post(client, tokens["Bob"], {"type": "standing", "plan": entries})
    with app.app_context():
        run_due_games(NOW + timedelta(hours=2))
        game = db.session.get(Game, game_id)
        assert game.state["current"] == "Ann" and game.version >= 2
    kind, text = mails(app, "Ann")[-1]
    assert kind == "your-move" and "You missed the deadline." in text
    assert [kind for kind, _ in mails(app, "Bob")] == ["invitation"]
