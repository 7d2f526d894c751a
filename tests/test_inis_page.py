"""Inis's player's page (tain/web/game_pages/inis.py, templates/games/inis/): the page at a draft step,
a Season turn, a clash and a window offers every legal action as a control, and shows a seat
nothing that another seat's hand would change."""
from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

import tain.models
from tain.extensions import db
from tain.games import get_game
from tain.games.inis.catalogue import ACTION
from tain.services.games import create_game, parse_player
from tain.services.play import seat_snapshot, submit

from hidden_support import normalise
from support import NOW, csrf_of, token

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cat <cat@example.org>"]
ENGINE = get_game("inis")


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


def sent_by_controls(text: str) -> list[dict[str, Any]]:
    """The actions the page's controls send: buttons' hidden fields, radio buttons, list options."""
    found = re.findall(r'<input type="hidden" name="action" value="([^"]*)"', text)
    found += re.findall(r'<input type="radio" name="action" value="([^"]*)"', text)
    for select in re.findall(r'<select name="action"[^>]*>(.*?)</select>', text, re.S):
        found += re.findall(r'<option value="([^"]*)"', select)
    return [json.loads(html.unescape(value)) for value in found]


def control_values(text: str) -> set[str]:
    """The moves the page's controls send (its standing rules' buttons aside, which any seat has at any time)."""
    return {json.dumps(action, sort_keys=True) for action in sent_by_controls(text) if action["type"] != "standing"}


def standing_controls(text: str) -> list[list[dict[str, Any]]]:
    """The lists of standing rules the page's buttons send."""
    return [action["rules"] for action in sent_by_controls(text) if action["type"] == "standing"]


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
    "place-territory": lambda view: view["step"] == "place-territory",
    "declare": lambda view: view["step"] == "declare",
    "mountains": lambda view: view["step"] == "mountains",
    "citadels": lambda view: view["step"] == "citadels",
    "take": lambda view: view["step"] == "take",
    "give": lambda view: view["step"] == "give",
}
QUESTIONS = {
    "draft": "choose the cards you keep", "turn": "Your Season turn", "window": "A Triskel moment: ",
    "maneuver": "your maneuver", "attack-answer": "You are attacked in", "peace-vote": "Peace is offered in",
    "place-territory": "Place the territory: tap an open cell on the map.", "declare": "Go on with your declaration",
    "mountains": "Moving into the Mountains costs a card or a clan", "citadels": "shelter in its Citadels?",
    "take": "Choose the card you take.", "give": "Choose the card you give.",
}


@pytest.mark.one_database
@pytest.mark.parametrize("step", list(STEPS))
def test_every_legal_action_is_a_control(app, client, step):
    game_id = new_inis_game(app)
    player = play_until(app, game_id, STEPS[step])
    text = assert_every_legal_action_is_a_control(app, client, game_id, player)
    assert QUESTIONS[step] in text
    assert '<svg class="inis__svg inis__svg--' in text and "The territories, in words" in text
    others = [name for name in ("Ann", "Bob", "Cat") if name not in legal_of_all(app, game_id)]
    for name in others:  # a seat that is not asked is offered nothing
        assert control_values(page(app, client, game_id, name)) == set()


def legal_of_all(app, game_id: int) -> list[str]:
    return [name for name in ("Ann", "Bob", "Cat") if legal_of(app, game_id, name)]


def test_the_map_choice_is_a_button_on_the_map(app, client):
    game_id = new_inis_game(app)
    text = page(app, client, game_id, "Ann")  # the Brenn chooses the Capital
    clicks = re.findall(r'<foreignObject class="inis__click".*?</foreignObject>', text, re.S)
    assert len(clicks) == len(legal_of(app, game_id, "Ann")) > 0
    assert_every_legal_action_is_a_control(app, client, game_id, "Ann")


def test_the_hand_shows_its_cards_by_name(app, client):
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


def test_another_seats_hand_changes_nothing_on_a_page(app, client):
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


def holding(app, game_id: int, card: str) -> str | None:
    """The seat whose hand holds `card` now, if any."""
    with app.app_context():
        state = db.session.get(tain.models.Game, game_id).state
    return next((p for p in ENGINE.view(state, None)["players"] if card in ENGINE.view(state, p)["hand"]), None)


def post_controls(app, game_id: int, name: str, action: dict[str, Any]):
    """Send one of the page's buttons, as the seat's browser would (its CSRF token and the page's
    version), from a browser of its own (its flashed message is for that browser only)."""
    client = app.test_client()
    with app.app_context():
        link = f"/play/{token(db.session.get(tain.models.Game, game_id), name)}"
    text = client.get(link).text
    version = re.search(r'name="version" value="(\d+)"', text)[1]
    return client.post(link, data={"csrf_token": csrf_of(text), "version": version, "action": json.dumps(action)})


def rules_of(app, game_id: int, name: str) -> list[dict[str, Any]]:
    with app.app_context():
        return ENGINE.view(db.session.get(tain.models.Game, game_id).state, name)["standing"]


def rules_section(text: str) -> str:
    return text.split('id="rules-title"')[1].split("</section>")[0]


def test_a_triskel_card_held_has_its_moment_and_one_click_orders_sent_from_a_seat_not_to_act(app, client):
    """Geis in a hand: its moment and "Play Geis on the next Action card Bob plays"; the order is taken
    from a seat that is not to act, then listed in words with its edits, and removed in one click."""
    game_id = new_inis_game(app)
    to_act = play_until(app, game_id, lambda view: view["step"] == "turn" and view["to_act"] != ["Ann"])
    holder = holding(app, game_id, "geis")  # Ann, in this deal
    assert holder and holder != to_act
    opponent = next(name for name in ("Ann", "Bob", "Cat") if name != holder)
    text = page(app, client, game_id, holder)
    section = rules_section(text)
    assert "Geis" in section and "When a card has been announced, before its effect" in section
    assert "asks you makes the game stop at that moment" in section  # I59's warning
    geis = {"window": "announced", "then": {"play": "geis"}, "once": True,
            "when": {"by": [opponent], "card": sorted(c for c, facts in ENGINE.catalogue()["cards"].items()
                                                      if facts["type"] == "action")}}
    assert [geis] in standing_controls(text)
    assert f"Play Geis on the next Action card {opponent} plays." in section
    assert control_values(text) == set()  # not to act: no move, only rules

    response = post_controls(app, game_id, holder, {"type": "standing", "rules": [geis]})
    assert response.status_code == 303
    assert rules_of(app, game_id, holder) == [geis]
    section = rules_section(page(app, client, game_id, holder))
    assert f"only when it comes from {opponent}" in section and "only for Action cards" in section
    assert "play Geis" in section and "once, then the rule is removed" in section
    assert f"Play Geis on the next Action card {opponent} plays." not in section  # already a rule
    assert [] in standing_controls(section)  # its Remove button
    from_anyone = {key: value for key, value in geis.items() if key != "when"} | {"when": {"card": geis["when"]["card"]}}
    assert f"Drop the condition: only when it comes from {opponent}" in section and [from_anyone] in standing_controls(section)
    post_controls(app, game_id, holder, {"type": "standing", "rules": [from_anyone]})
    assert rules_of(app, game_id, holder) == [from_anyone]
    assert "only when it comes from" not in rules_section(page(app, client, game_id, holder))
    post_controls(app, game_id, holder, {"type": "standing", "rules": []})
    assert rules_of(app, game_id, holder) == []


def test_every_rule_the_page_offers_is_one_the_engine_takes(app, client):
    """For every Triskel card in the catalogue, each order, "ask me" and "let it pass" the panel builds
    (for a seat holding them all), and each edit of the list they make, is accepted by the engine."""
    from tain.web.game_pages import inis_rules

    catalogue = ENGINE.catalogue()
    triskels = sorted(card for card, facts in catalogue["cards"].items() if facts["triskel"])
    assert set(triskels) == set(inis_rules.ORDERS) | set(inis_rules.FOLDED)
    state = ENGINE.setup(["ann", "bob", "cat"], seed=1, options={"first_player": "ann"})
    names = {card: facts["name"] for card, facts in catalogue["cards"].items()}
    view = {**ENGINE.view(state, "ann"), "hand": triskels}
    with app.test_request_context():
        offered = [order for entry in inis_rules.card_orders(view, "ann", catalogue, names) for order in entry.orders]
        assert len(offered) > len(inis_rules.ORDERS)
        season = inis_rules.season_orders({**view, "phase": "season", "hand": list(inis_rules.QUEUED)}, names)
        assert len(season) == 1 + len(inis_rules.QUEUED)
        offered += season
        for order in offered:
            rules = json.loads(order.value)["rules"]
            state_after = ENGINE.apply(state, "ann", {"type": "standing", "rules": rules})
            assert ENGINE.view(state_after, "ann")["standing"] == rules
        # The season's first (a condition no card order has), as many as a seat may keep:
        rules = [json.loads(order.value)["rules"][0] for order in reversed(offered)][:inis_rules.MAX_RULES]
        shown = inis_rules.rules_shown({**view, "standing": rules}, catalogue, names)
        dropped = set()
        for number, rule in enumerate(shown):
            for edit in rule.edits:
                edited = json.loads(edit.value)["rules"]
                ENGINE.apply(state, "ann", {"type": "standing", "rules": edited})
                if edit.label.startswith("Drop the condition: "):
                    before, after = rules[number]["when"], edited[number].get("when", {})
                    [gone] = set(before) - set(after)  # one condition, and only it, gone from that rule alone
                    assert edited[:number] + edited[number + 1:] == rules[:number] + rules[number + 1:]
                    assert {**after, gone: before[gone]} == before
                    assert {**edited[number], "when": before} == {**rules[number], "when": before}
                    assert edit.label.endswith(rule.conditions[list(before).index(gone)])
                    dropped.add(gone)
        assert dropped == {"by", "card", "territory", "targets_me", "season_would_end", "my_action_cards"}


def test_a_seats_rules_change_nothing_on_the_others_pages(app, client):
    """Two games that differ only in the standing rule Ann set give Bob and Cat the same pages (and so
    the same version in their forms: it does not move with a standing order that changed nothing public)."""
    games = [new_inis_game(app) for _ in range(2)]
    for game_id in games:
        play_until(app, game_id, STEPS["turn"])
    post_controls(app, games[1], "Ann", {"type": "standing", "rules": [
        {"window": "turn-end", "when": {"season_would_end": True}, "then": "ask"}]})
    assert rules_of(app, games[1], "Ann") and not rules_of(app, games[0], "Ann")
    for name in ("Bob", "Cat"):
        pages = [same_but_ids(page(app, client, game_id, name), game_id) for game_id in games]
        assert pages[0] == pages[1]


def test_an_italian_seat_reads_its_standing_rules_in_italian(app, client):
    with app.app_context():
        game_id = create_game("inis", [parse_player(f"{p} it") for p in PLAYERS], now=NOW, seed=1,
                              first_player="Ann").id
    play_until(app, game_id, lambda view: view["step"] == "turn" and view["to_act"] != ["Ann"])
    section = rules_section(page(app, client, game_id, "Ann"))
    assert "Le tue regole permanenti" in section and "Attenzione: gli altri non vedono le tue regole" in section
    assert re.search(r"Gioca .+ sulla prossima carta Azione che gioca Bob\.", section)
    assert "Your standing rules" not in section and "Play " not in section


def test_the_public_board_draws_the_map_and_offers_nothing(app, client):
    game_id = new_inis_game(app)
    play_until(app, game_id, STEPS["turn"])
    response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    assert '<svg class="inis__svg inis__svg--' in response.text and "The territories, in words" in response.text
    assert sent_by_controls(response.text) == [] and 'id="hand-title"' not in response.text
    assert 'id="rules-title"' not in response.text


def test_a_card_that_names_a_territory_is_played_from_the_map_once_picked(app, client):
    """On a Season turn, a card whose plays differ only in their territory links to the page with it
    picked (`?pick=<card>`), where the map's buttons are exactly its plays; a pick that is no such
    card changes nothing."""
    def plays_by_card(legal: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
        by_card: dict[str, list[dict[str, Any]]] = {}
        for action in legal:
            if action["type"] == "play":
                by_card.setdefault(action["card"], []).append(action)
        return by_card

    def mappable_of(by_card: dict[str, list[dict[str, Any]]]) -> list[str]:
        return [card for card, plays in by_card.items()
                if len(plays) > 1 and all(set(a) == {"type", "card", "territory"} for a in plays)]

    game_id = new_inis_game(app)
    player = play_until(app, game_id, lambda view: view["step"] == "turn" and bool(
        mappable_of(plays_by_card(legal_of(app, game_id, view["to_act"][0])))))
    legal = legal_of(app, game_id, player)
    by_card = plays_by_card(legal)
    mappable = mappable_of(by_card)
    text = page(app, client, game_id, player)
    assert [f'href="?pick={card}#board-title"' in text for card in by_card] == [card in mappable for card in by_card]
    with app.app_context():
        link = f"/play/{token(db.session.get(tain.models.Game, game_id), player)}"
    for card in mappable:
        picked = client.get(f"{link}?pick={card}").text
        clicks = re.findall(r'<foreignObject class="inis__click".*?</foreignObject>', picked, re.S)
        on_map = [action for click in clicks for action in sent_by_controls(click)]
        assert sorted(on_map, key=json.dumps) == sorted(by_card[card], key=json.dumps)
        assert control_values(picked) == {json.dumps(action, sort_keys=True) for action in legal}
    for wrong in ("nothing", "pass", "%22", ""):
        assert client.get(f"{link}?pick={wrong}").text.count('class="inis__click"') == 0


def test_a_rule_set_meanwhile_never_makes_the_seat_to_acts_page_stale(app, client):
    """Bob's page is shown, Ann (not to act) sets a rule from hers, then Bob sends his move from the
    page he had: it is made."""
    game_id = new_inis_game(app)
    to_act = play_until(app, game_id, lambda view: view["step"] == "turn" and view["to_act"] != ["Ann"])
    with app.app_context():
        link = f"/play/{token(db.session.get(tain.models.Game, game_id), to_act)}"
    bobs = app.test_client()
    shown = bobs.get(link).text
    version = re.search(r'name="version" value="(\d+)"', shown)[1]
    move = next(action for action in sent_by_controls(shown) if action["type"] == "play")
    rule = {"window": "turn-end", "when": {"season_would_end": True}, "then": "ask"}
    assert post_controls(app, game_id, "Ann", {"type": "standing", "rules": [rule]}).status_code == 303
    assert rules_of(app, game_id, "Ann") == [rule]
    response = bobs.post(link, data={"csrf_token": csrf_of(shown), "version": version, "action": json.dumps(move)})
    assert response.status_code == 303
    assert "Your move was recorded." in bobs.get(response.headers["Location"]).text
    with app.app_context():
        last = db.session.query(tain.models.ActionRecord).filter_by(game_id=game_id).order_by(
            tain.models.ActionRecord.seq.desc()).first()
        assert (last.player, last.action) == (to_act, move)


def test_a_rule_sent_from_the_page_says_the_rules_were_saved_not_that_a_move_was_made(app):
    game_id = new_inis_game(app)
    client = app.test_client()
    with app.app_context():
        link = f"/play/{token(db.session.get(tain.models.Game, game_id), 'Bob')}"
    shown = client.get(link).text
    rule = {"window": "turn-end", "when": {"season_would_end": True}, "then": "ask"}
    version = client.get(f"/api/v1{link}").get_json()["game"]["version"]
    response = client.post(link, data={"csrf_token": csrf_of(shown), "version": version,
                                       "action": json.dumps({"type": "standing", "rules": [rule]})})
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).text
    assert "Your standing rules were saved." in page and "Your move was recorded." not in page
    assert rules_of(app, game_id, "Bob") == [rule]


def test_a_rule_button_from_an_older_page_changes_nothing(app, client):
    """Every rule button sends the whole new list, so one from a second tab, built from the rules before
    the first tab's change, is refused (it would undo that change): the page says so, then offers them
    as they stand."""
    game_id = new_inis_game(app)
    play_until(app, game_id, lambda view: view["step"] == "turn" and view["to_act"] != ["Ann"])
    holder = holding(app, game_id, "geis")
    with app.app_context():
        link = f"/play/{token(db.session.get(tain.models.Game, game_id), holder)}"
    first, second = app.test_client(), app.test_client()
    pages = [first.get(link).text, second.get(link).text]
    orders = [rules for rules in standing_controls(pages[0]) if rules]
    assert len(orders) >= 2, orders

    def send(browser, text: str, rules: list) -> Any:
        return browser.post(link, data={
            "csrf_token": csrf_of(text), "version": re.search(r'name="version" value="(\d+)"', text)[1],
            "rules_were": re.search(r'name="rules_were" value="([0-9a-f]+)"', text)[1],
            "action": json.dumps({"type": "standing", "rules": rules})})

    assert send(first, pages[0], orders[0]).status_code == 303
    assert rules_of(app, game_id, holder) == orders[0]
    refused = send(second, pages[1], orders[1])
    assert refused.status_code == 303 and rules_of(app, game_id, holder) == orders[0]
    shown = second.get(refused.headers["Location"]).text
    assert "Your standing rules have changed since this page was shown" in shown
    assert send(second, shown, [*orders[0], *orders[1]]).status_code == 303
    assert rules_of(app, game_id, holder) == [*orders[0], *orders[1]]
