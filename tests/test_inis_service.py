"""Inis through the service: standing rules from a seat that is not to act are taken and restart no
deadline, and neither a standing rule nor a draft choice (a simultaneous step) makes another seat's
page or JSON stale — through the player's page and the JSON API."""
from __future__ import annotations

import json
import re
from typing import Any, Callable

from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.services.games import create_game, parse_player
from tain.services.play import seat_snapshot, submit

from support import NOW, csrf_of, token

ENGINE = get_game("inis")
NAMES = ("Ann", "Bob", "Cat")
GEIS_ON_BOB = {"window": "announced", "when": {"by": ["Bob"]}, "then": {"play": "geis"}}


def new_inis_game(app, seed: int = 1) -> int:
    with app.app_context():
        players = [parse_player(f"{name} <{name.lower()}@example.org>") for name in NAMES]
        return create_game("inis", players, now=NOW, seed=seed, first_player="Ann").id


def state_of(app, game_id: int) -> dict[str, Any]:
    with app.app_context():
        return db.session.get(Game, game_id).state


def play_until(app, game_id: int, done: Callable[[dict[str, Any]], bool], seed: int = 1) -> list[str]:
    """The engine's bot plays through the service until `done(public view)` holds; who is to act then."""
    bot = ENGINE.make_bot(seed)
    for _ in range(400):
        state = state_of(app, game_id)
        if done(ENGINE.view(state, None)):
            return ENGINE.to_act(state)
        with app.app_context():
            seat = db.session.get(Game, game_id).seat_named(ENGINE.to_act(state)[0])
            snapshot = seat_snapshot(seat)
            submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
    raise AssertionError("the step never came")


def link(app, game_id: int, name: str) -> str:
    with app.app_context():
        return token(db.session.get(Game, game_id), name)


def api_get(app, client, game_id: int, name: str) -> dict[str, Any]:
    return client.get(f"/api/v1/play/{link(app, game_id, name)}").get_json()


def api_post(app, client, game_id: int, name: str, action: dict[str, Any], version: int):
    return client.post(f"/api/v1/play/{link(app, game_id, name)}", json={"action": action, "version": version})


def shown_page(app, client, game_id: int, name: str) -> tuple[str, str]:
    """The seat's page as shown now: its CSRF token and the version its forms send."""
    text = client.get(f"/play/{link(app, game_id, name)}").text
    return csrf_of(text), re.search(r'name="version" value="(\d+)"', text)[1]


def page_post(app, client, game_id: int, name: str, shown: tuple[str, str], action: dict[str, Any]):
    csrf, version = shown
    return client.post(f"/play/{link(app, game_id, name)}",
                       data={"csrf_token": csrf, "version": version, "action": json.dumps(action)})


def timing(app, game_id: int) -> tuple[Any, Any]:
    with app.app_context():
        game = db.session.get(Game, game_id)
        return game.deadline_at, game.reminder_at


def test_standing_rules_from_a_seat_not_to_act_keep_the_deadline_and_the_other_forms(app, client):
    game_id = new_inis_game(app)
    [mover] = play_until(app, game_id, lambda view: view["step"] == "turn")
    idle = next(name for name in NAMES if name != mover)
    before = api_get(app, client, game_id, mover)
    shown = shown_page(app, client, game_id, mover)
    clock = timing(app, game_id)

    rules = {"type": "standing", "rules": [GEIS_ON_BOB]}
    response = api_post(app, client, game_id, idle, rules, api_get(app, client, game_id, idle)["game"]["version"])
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["view"]["standing"] == [GEIS_ON_BOB]
    assert response.get_json()["legal_actions"] == []
    assert timing(app, game_id) == clock  # no deadline restarted, no reminder moved
    assert api_get(app, client, game_id, mover)["legal_actions"] == before["legal_actions"]

    move = before["legal_actions"][0]  # the mover's page, shown before the rule, still acts
    response = page_post(app, client, game_id, mover, shown, move)
    assert response.status_code == 303
    with app.app_context():
        logged = [(record.player, record.action) for record in db.session.get(Game, game_id).actions]
    assert (mover, move) in logged[logged.index((idle, rules)) + 1:]  # made after the rule, not refused as stale
    assert ENGINE.view(state_of(app, game_id), idle)["standing"] == [GEIS_ON_BOB]


def test_a_standing_rule_from_a_seat_not_to_act_is_taken_through_its_page(app, client):
    game_id = new_inis_game(app)
    [mover] = play_until(app, game_id, lambda view: view["step"] == "turn")
    idle = next(name for name in NAMES if name != mover)
    clock = timing(app, game_id)
    response = page_post(app, client, game_id, idle, shown_page(app, client, game_id, idle),
                         {"type": "standing", "rules": [GEIS_ON_BOB]})
    assert response.status_code == 303
    assert ENGINE.view(state_of(app, game_id), idle)["standing"] == [GEIS_ON_BOB]
    assert timing(app, game_id) == clock


def keep_of(snapshot: dict[str, Any]) -> dict[str, Any]:
    return next(action for action in snapshot["legal_actions"] if action["type"] == "draft")


def test_a_draft_choice_makes_no_other_seats_page_or_json_stale(app, client):
    """Three seats choose at once: each chooses from what it was shown before the others chose (Bob
    from his page, Cat from her JSON), the last of them after the step became hers alone."""
    game_id = new_inis_game(app)
    assert set(play_until(app, game_id, lambda view: view["step"] == "draft")) == set(NAMES)
    clock = timing(app, game_id)
    shown = {name: api_get(app, client, game_id, name) for name in NAMES}
    bob_page = shown_page(app, client, game_id, "Bob")

    response = api_post(app, client, game_id, "Ann", keep_of(shown["Ann"]), shown["Ann"]["game"]["version"])
    assert response.status_code == 200, response.get_json()
    ann_rules = {"type": "standing", "rules": [GEIS_ON_BOB]}  # Ann, done with the step, sets a rule
    assert api_post(app, client, game_id, "Ann", ann_rules, response.get_json()["game"]["version"]).status_code == 200
    assert timing(app, game_id) == clock  # the step's phase deadline holds while seats drop out

    response = page_post(app, client, game_id, "Bob", bob_page, keep_of(shown["Bob"]))
    assert response.status_code == 303
    assert ENGINE.to_act(state_of(app, game_id)) == ["Cat"]

    response = api_post(app, client, game_id, "Cat", keep_of(shown["Cat"]), shown["Cat"]["game"]["version"])
    assert response.status_code == 200, response.get_json()
    view = ENGINE.view(state_of(app, game_id), None)
    assert view["step"] != "draft" or view["draft"]["step"] == 2  # the step resolved with Cat's choice


def test_a_second_click_on_ones_own_draft_choice_is_stale(app, client):
    game_id = new_inis_game(app)
    play_until(app, game_id, lambda view: view["step"] == "draft")
    shown = api_get(app, client, game_id, "Ann")
    assert api_post(app, client, game_id, "Ann", keep_of(shown), shown["game"]["version"]).status_code == 200
    again = api_post(app, client, game_id, "Ann", keep_of(shown), shown["game"]["version"])
    assert again.status_code == 409 and again.get_json()["code"]


def test_the_others_are_told_of_a_draft_keep_without_its_cards_and_never_of_a_standing_rule(app, client):
    """The timeline's Inis teller ("since you last looked", the history): Bob hears that Ann kept cards
    and not which, and nothing of Cat's standing rule; Ann's own history names what she kept."""
    game_id = new_inis_game(app)
    play_until(app, game_id, lambda view: view["step"] == "draft")
    keep = keep_of(api_get(app, client, game_id, "Ann"))
    assert api_post(app, client, game_id, "Ann", keep, api_get(app, client, game_id, "Ann")["game"]["version"]).status_code == 200
    rules = {"type": "standing", "rules": [GEIS_ON_BOB]}
    assert api_post(app, client, game_id, "Cat", rules, api_get(app, client, game_id, "Cat")["game"]["version"]).status_code == 200
    names = [facts["name"] for card, facts in ENGINE.catalogue()["cards"].items() if card in keep["keep"]]
    bob = client.get(f"/play/{link(app, game_id, 'Bob')}/history").text
    assert "Ann: Keep Action cards." in bob
    assert not any(name in bob for name in names) and "standing" not in bob and "Geis" not in bob
    ann = client.get(f"/play/{link(app, game_id, 'Ann')}/history").text
    assert all(name in ann for name in names)


def test_a_seat_s_own_history_tells_its_standing_rules_as_rules_not_as_a_plan(app, client):
    game_id = new_inis_game(app)
    version = api_get(app, client, game_id, "Bob")["game"]["version"]
    rules = {"type": "standing", "rules": [GEIS_ON_BOB, {"window": "announced", "then": "ask"}]}
    assert api_post(app, client, game_id, "Bob", rules, version).status_code == 200
    assert api_post(app, client, game_id, "Bob", {"type": "standing", "rules": []}, version).status_code == 200
    history = client.get(f"/play/{link(app, game_id, 'Bob')}/history").text
    assert "You changed your standing rules: 2 rules are set." in history
    assert "You cleared your standing rules." in history and "your plan" not in history
