"""Inis's player's page (tain/web/game_pages/inis.py, templates/games/inis/), with Inis put in the
registry for the test only (it is not yet registered with the service): the page at a draft step,
a Season turn, a clash and a window offers every legal action as a control, and shows a seat
nothing that another seat's hand would change."""
from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import tain.games
import tain.models
from tain.extensions import db
from tain.games.inis import InisGame
from tain.games.inis.catalogue import ACTION
from tain.services.games import create_game, parse_player
from tain.services.play import seat_snapshot, submit

from hidden_support import normalise
from support import NOW, token

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cat <cat@example.org>"]
ENGINE = InisGame()


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(tain.games._REGISTRY, "inis", ENGINE)


def new_inis_game(app, seed: int = 1, options: dict[str, Any] | None = None) -> int:
    with app.app_context():
        return create_game("inis", [parse_player(p) for p in PLAYERS], now=NOW, seed=seed,
                           first_player="Ann", options=options).id


def play_until(app, game_id: int, done: Callable[[dict[str, Any]], bool], seed: int = 1) -> str:
    """The engine's bot plays through the service until `done(public view)` holds; the player to act then."""
    bot = ENGINE.make_bot(seed)
    for _ in range(400):
        with app.app_context():
            game = db.session.get(tain.models.Game, game_id)
            if done(ENGINE.view(game.state, None)):
                return ENGINE.to_act(game.state)[0]
            seat = game.seat_named(ENGINE.to_act(game.state)[0])
            snapshot = seat_snapshot(seat)
            submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
    raise AssertionError("the step never came")


def page(app, client, game_id: int, name: str) -> str:
    with app.app_context():
        link = f"/play/{token(db.session.get(tain.models.Game, game_id), name)}"
    response = client.get(link)
    assert response.status_code == 200, response.text
    return response.text


def legal_of(app, game_id: int, name: str) -> list[dict[str, Any]]:
    with app.app_context():
        return seat_snapshot(db.session.get(tain.models.Game, game_id).seat_named(name))["legal_actions"]


def control_values(text: str) -> set[str]:
    """The actions the page's controls send: buttons' hidden fields, radio buttons, list options."""
    found = re.findall(r'<input type="hidden" name="action" value="([^"]*)"', text)
    found += re.findall(r'<input type="radio" name="action" value="([^"]*)"', text)
    for select in re.findall(r'<select name="action"[^>]*>(.*?)</select>', text, re.S):
        found += re.findall(r'<option value="([^"]*)"', select)
    return {json.dumps(json.loads(html.unescape(value)), sort_keys=True) for value in found}


def assert_every_legal_action_is_a_control(app, client, game_id: int, name: str) -> str:
    legal = legal_of(app, game_id, name)
    assert legal
    text = page(app, client, game_id, name)
    assert control_values(text) == {json.dumps(action, sort_keys=True) for action in legal}
    return text


STEPS = {
    "draft": lambda view: view["step"] == "draft",
    "turn": lambda view: view["step"] == "turn",
    "window": lambda view: view["step"] == "window",
    "maneuver": lambda view: view["step"] == "maneuver",
    "attack-answer": lambda view: view["step"] == "attack-answer",
    "peace-vote": lambda view: view["step"] == "peace-vote",
}
QUESTIONS = {
    "draft": "choose the cards you keep", "turn": "Your Season turn", "window": "A Triskel moment: ",
    "maneuver": "your maneuver", "attack-answer": "You are attacked in", "peace-vote": "Peace is offered in",
}


@pytest.mark.parametrize("step", list(STEPS))
def test_every_legal_action_is_a_control(app, client, registered, step):
    game_id = new_inis_game(app)
    player = play_until(app, game_id, STEPS[step])
    text = assert_every_legal_action_is_a_control(app, client, game_id, player)
    assert QUESTIONS[step] in text
    assert '<svg viewBox="0 0' in text and "The territories" in text
    others = [name for name in ("Ann", "Bob", "Cat") if name not in legal_of_all(app, game_id)]
    for name in others:  # a seat that is not asked is offered nothing
        assert control_values(page(app, client, game_id, name)) == set()


def legal_of_all(app, game_id: int) -> list[str]:
    return [name for name in ("Ann", "Bob", "Cat") if legal_of(app, game_id, name)]


def test_the_map_choice_is_a_button_on_the_map(app, client, registered):
    game_id = new_inis_game(app)
    text = page(app, client, game_id, "Ann")  # the Brenn chooses the Capital
    clicks = re.findall(r'<div class="inis__click".*?</div>', text, re.S)
    assert len(clicks) == len(legal_of(app, game_id, "Ann")) > 0
    assert_every_legal_action_is_a_control(app, client, game_id, "Ann")


def test_the_hand_shows_its_cards_by_name(app, client, registered):
    game_id = new_inis_game(app)
    player = play_until(app, game_id, STEPS["turn"])
    with app.app_context():
        hand = ENGINE.view(db.session.get(tain.models.Game, game_id).state, player)["hand"]
    text = page(app, client, game_id, player)
    names = {card: facts["name"] for card, facts in ENGINE.catalogue()["cards"].items()}
    section = text.split('id="hand-title"')[1].split("</section>")[0]
    assert re.findall(r"<strong>(.*?)</strong>", section) == [html.escape(names[c]) for c in hand]


def action_deck(swap: bool) -> list[str]:
    """The first round's Action cards of a 3-player game, top first: the set-aside card, then Ann's
    four, Bob's, Cat's. With `swap`, Ann's first card and the set-aside card change places."""
    cards = sorted(card for card, (_, _, _, four_only) in ACTION.items() if not four_only)
    if swap:
        cards[0], cards[1] = cards[1], cards[0]
    return cards


def same_but_ids(text: str, game_id: int) -> str:
    return normalise(text).replace(f"#{game_id}", "#<game>")


def test_another_seats_hand_changes_nothing_on_a_page(app, client, registered):
    """Two games that differ only in the card Ann was dealt (and the one set aside, which nobody
    sees) give Bob and Cat the same pages, while Ann's own page shows her card."""
    games = [new_inis_game(app, options={"decks": {"action": [action_deck(swap)]}}) for swap in (False, True)]
    for game_id in games:
        play_until(app, game_id, STEPS["draft"])
    for name in ("Bob", "Cat"):
        pages = [same_but_ids(page(app, client, game_id, name), game_id) for game_id in games]
        assert pages[0] == pages[1]
    own = [same_but_ids(page(app, client, game_id, "Ann"), game_id) for game_id in games]
    assert own[0] != own[1]
