"""Standing orders through the service (issue 11): the page and the JSON API take a plan from a seat at
any time while the game runs, its move or not; a plan never makes another seat's form stale, never
restarts anyone's clock unless it made a move, and a paused, cancelled or finished game refuses it."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest

from support import NOW, advance_to_guarding, csrf_of, new_game, token
from tain import transactions
from tain.extensions import db
from tain.games import get_game
from tain.models import ActionRecord, Game
from tain.services.deadlines import pause
from tain.services.play import submit

TAIN = get_game("tain")
SCOUT_ANN = {"type": "scout", "token": "warrior", "board": "Ann", "entrance": "house-1"}
PLAN = {"type": "standing", "plan": [[SCOUT_ANN, {**SCOUT_ANN, "entrance": "house-2"}], [{"type": "pass"}]]}


def api(token_: str) -> str:
    return f"/api/v1/play/{token_}"


def started(app, **kwargs) -> tuple[int, dict[str, str]]:
    """A 3-clan game (Ann, Bob, Cat; Ann to move) and each seat's token."""
    with app.app_context():
        game = new_game(move_deadline=timedelta(hours=24), **kwargs)
        return game.id, {name: token(game, name) for name in ("Ann", "Bob", "Cat")}


def state_of(app, game_id: int) -> Game:
    with app.app_context():
        game = db.session.get(Game, game_id)
        db.session.expunge_all()
        return game


def plan_of(app, game_id: int, name: str) -> list:
    with app.app_context():
        return TAIN.view(db.session.get(Game, game_id).state, name)["plan"]


def decisions(app, game_id: int) -> dict[str, int]:
    with app.app_context():
        return {seat.name: seat.decision_version for seat in db.session.get(Game, game_id).seats}


def test_the_api_takes_a_plan_from_a_seat_that_is_not_to_move(app, client):
    game_id, tokens = started(app)
    response = client.post(api(tokens["Bob"]), json={"action": PLAN})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["view"]["plan"] == PLAN["plan"] and body["legal_actions"] == []
    assert body["game"]["to_act"] == ["Ann"]
    assert plan_of(app, game_id, "Bob") == PLAN["plan"]
    assert plan_of(app, game_id, "Ann") == []
    # and an ordinary move from him is still refused
    refused = client.post(api(tokens["Bob"]), json={"action": {"type": "pass"}})
    assert refused.status_code == 409 and refused.get_json()["code"] == "not-your-move"


def test_another_seats_move_never_makes_a_standing_order_stale(app, client):
    """Bob's page was shown during Ann's turn; her move made it his: his move from that page is stale, a
    plan sent from it is not (it answers no decision)."""
    game_id, tokens = started(app)
    shown = client.get(api(tokens["Bob"])).get_json()["game"]["version"]
    assert client.post(api(tokens["Ann"]), json={"action": {"type": "pass"}}).status_code == 200
    assert client.get(api(tokens["Bob"])).get_json()["game"]["to_act"] == ["Bob"]
    stale = client.post(api(tokens["Bob"]), json={"action": {"type": "pass"}, "version": shown})
    assert stale.status_code == 409 and stale.get_json()["code"] == "stale-move"
    response = client.post(api(tokens["Bob"]), json={"action": PLAN, "version": shown})
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["view"]["plan"] == PLAN["plan"][1:]  # his move now: its first entry made at once
    future = client.post(api(tokens["Bob"]), json={"action": PLAN, "version": shown + 100})
    assert future.status_code == 409 and future.get_json()["code"] == "stale-move"


def test_the_page_takes_a_plan_from_a_seat_that_is_not_to_move(app, client):
    game_id, tokens = started(app)
    page = client.get(f"/play/{tokens['Bob']}").text
    response = client.post(f"/play/{tokens['Bob']}", data={
        "csrf_token": csrf_of(page), "version": "0", "action": json.dumps(PLAN)})
    assert response.status_code == 303
    assert plan_of(app, game_id, "Bob") == PLAN["plan"]
    assert "It is not your move" not in client.get(response.headers["Location"]).text


def test_a_plan_plays_inside_the_move_that_makes_it_its_seats_move(app, client):
    game_id, tokens = started(app)
    assert client.post(api(tokens["Bob"]), json={"action": PLAN}).status_code == 200
    ann = client.get(api(tokens["Ann"])).get_json()
    guard = next(a for a in ann["legal_actions"] if a["type"] == "guard")
    after = client.post(api(tokens["Ann"]), json={"action": guard, "version": ann["game"]["version"]}).get_json()
    assert after["game"]["to_act"] == ["Cat"]  # Bob's plan scouted for him at once
    game = state_of(app, game_id)
    assert game.state["boards"]["Ann"]["house-1"]["scout"] == {"player": "Bob", "token": "warrior"}
    assert plan_of(app, game_id, "Bob") == [[{"type": "pass"}]]
    with app.app_context():  # the log holds the plan and Ann's move, nothing else: Bob's scout replays from it
        assert [r.action["type"] for r in db.session.query(ActionRecord).order_by(ActionRecord.seq)] == ["standing", "guard"]


def test_a_plan_makes_no_other_seats_form_stale(app, client):
    game_id, tokens = started(app)
    ann = client.get(api(tokens["Ann"])).get_json()
    assert client.post(api(tokens["Bob"]), json={"action": PLAN}).status_code == 200
    assert client.post(api(tokens["Cat"]), json={"action": {"type": "standing", "plan": []}}).status_code == 200
    move = next(a for a in ann["legal_actions"] if a["type"] == "guard")
    answer = client.post(api(tokens["Ann"]), json={"action": move, "version": ann["game"]["version"]})
    assert answer.status_code == 200, answer.get_json()


def test_a_plan_that_makes_no_move_changes_no_decision_and_no_clock(app, client):
    game_id, tokens = started(app)
    before, clock = decisions(app, game_id), state_of(app, game_id)
    assert client.post(api(tokens["Bob"]), json={"action": PLAN}).status_code == 200
    assert decisions(app, game_id) == before
    game = state_of(app, game_id)
    assert game.version == clock.version + 1
    assert (game.deadline_at, game.reminder_at, game.wake_at) == (clock.deadline_at, clock.reminder_at, clock.wake_at)


def test_a_seats_own_plan_that_moves_for_it_ends_its_decision(app, client):
    game_id, tokens = started(app)
    before, clock = decisions(app, game_id), state_of(app, game_id).deadline_at
    plan = {"type": "standing", "plan": [[{"type": "scout", "token": "warrior", "board": "Bob", "entrance": "house-1"}]]}
    assert client.post(api(tokens["Ann"]), json={"action": plan, "version": 0}).status_code == 200
    after = decisions(app, game_id)
    assert after["Ann"] == 1 and after["Bob"] == 1 and after["Cat"] == before["Cat"]
    game = state_of(app, game_id)
    assert game.state["boards"]["Bob"]["house-1"]["scout"] == {"player": "Ann", "token": "warrior"}
    assert game.deadline_at != clock  # Bob's own deadline, from the request's clock


def test_a_plan_in_guarding_that_moves_for_its_seat_keeps_the_others_forms(app, client):
    with app.app_context():
        game = new_game()
        advance_to_guarding(game)
        tokens = {name: token(game, name) for name in ("Ann", "Bob", "Cat")}
    shown = {name: client.get(api(tokens[name])).get_json() for name in ("Ann", "Cat")}
    guard = next(a for a in shown["Ann"]["legal_actions"] if a["type"] == "guard")
    assert client.post(api(tokens["Ann"]), json={"action": {"type": "standing", "plan": [[guard]]},
                                                 "version": shown["Ann"]["game"]["version"]}).status_code == 200
    cat_guard = next(a for a in shown["Cat"]["legal_actions"] if a["type"] == "guard")
    answer = client.post(api(tokens["Cat"]), json={"action": cat_guard, "version": shown["Cat"]["game"]["version"]})
    assert answer.status_code == 200, answer.get_json()
    # Ann's plan made her guard: her own page from before it is stale now
    stale = client.post(api(tokens["Ann"]), json={"action": {"type": "pass"}, "version": shown["Ann"]["game"]["version"]})
    assert stale.status_code == 409 and stale.get_json()["code"] == "stale-move"


def test_a_plan_that_cannot_play_keeps_its_seat_asked_with_the_same_decision(app, client):
    game_id, tokens = started(app)
    ann = client.get(api(tokens["Ann"])).get_json()
    impossible = {"type": "standing", "plan": [[{"type": "scout", "token": "daughter", "board": "Bob", "entrance": "house-1"}]]}
    answer = client.post(api(tokens["Ann"]), json={"action": impossible, "version": 0})
    assert answer.status_code == 200 and answer.get_json()["game"]["to_act"] == ["Ann"]
    assert answer.get_json()["view"]["plan"] == []  # cleared: she is asked
    assert decisions(app, game_id)["Ann"] == 0
    move = next(a for a in ann["legal_actions"] if a["type"] == "guard")
    assert client.post(api(tokens["Ann"]), json={"action": move, "version": 0}).status_code == 200


@pytest.mark.parametrize("stop", ["paused", "cancelled", "over"])
def test_a_game_that_is_not_running_refuses_a_plan(app, client, stop):
    game_id, tokens = started(app)
    with app.app_context():
        if stop == "paused":
            pause(game_id, now=NOW)
        else:
            with transactions.write():
                game = db.session.get(Game, game_id)
                game.status = stop if stop == "cancelled" else "over"
    response = client.post(api(tokens["Bob"]), json={"action": PLAN})
    assert response.status_code == 409 and response.get_json()["code"] == "game-not-running"
    assert plan_of(app, game_id, "Bob") == []


def test_a_bad_plan_is_refused_with_a_sentence_and_changes_nothing(app, client):
    game_id, tokens = started(app)
    for plan in ({"type": "standing"}, {"type": "standing", "plan": "pass"},
                 {"type": "standing", "plan": [[{"type": "fly"}]]}, {"type": "standing", "plan": [[]]},
                 {"type": "standing", "plan": [[{"type": "standing", "plan": []}]]}):
        response = client.post(api(tokens["Bob"]), json={"action": plan})
        assert response.status_code == 400 and isinstance(response.get_json()["error"], str)
    assert state_of(app, game_id).version == 0


def test_submit_takes_a_plan_from_any_seat(app):
    game_id, _ = started(app)
    with app.app_context():
        game = db.session.get(Game, game_id)
        snapshot = submit(game.seat_named("Cat"), PLAN, now=NOW).snapshot
    assert snapshot["view"]["plan"] == PLAN["plan"]
