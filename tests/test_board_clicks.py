"""Tàin's board is clickable: every empty slot the player may fill now is a button of the moves' form
(`slot`, the placement without its token) that places the token chosen beside the board (`token`, radio
buttons) — plain HTML, no JavaScript. No collapsed groups of token buttons any more."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from typing import Any

from support import csrf_of, new_game, token
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.web.play_context import seat_colours

ENGINE = get_game("tain")
ERROR = '<p class="notice notice--error" role="alert">'


@dataclass
class Page:
    """What the page offers for placing: its slot buttons (with the section each is drawn in) and the
    fields of the form they submit."""

    slots: list[dict[str, str]] = field(default_factory=list)
    place_form: list[tuple[str, str, dict[str, str]]] = field(default_factory=list)  # (name, value, attributes)


class PlacementParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page()
        self._sections: list[str] = []
        self._in_place_form = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "section":
            self._sections.append(attr.get("aria-labelledby", ""))
        elif tag == "form":
            self._in_place_form = attr.get("id") == "place-form"
        elif tag == "button" and attr.get("form") == "place-form":
            self.page.slots.append({**attr, "section": self._sections[-1]})
        elif tag == "input" and self._in_place_form:
            self.page.place_form.append((attr["name"], attr.get("value", ""), attr))

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self._sections:
            self._sections.pop()
        elif tag == "form":
            self._in_place_form = False


def parsed(html: str) -> Page:
    parser = PlacementParser()
    parser.feed(html)
    return parser.page


def ann_page(client, app) -> tuple[int, str, str]:
    with app.app_context():
        game = new_game()
        url = f"/play/{token(game, 'Ann')}"
    return game.id, url, client.get(url).text


def legal(app, game_id: int, name: str = "Ann") -> list[dict[str, Any]]:
    with app.app_context():
        return ENGINE.legal_actions(db.session.get(Game, game_id).state, name)


def test_every_legal_placement_is_a_slot_on_the_board_with_a_token_chosen_beside_it(client, app):
    game_id, _, html = ann_page(client, app)
    page = parsed(html)
    colours = seat_colours(["Ann", "Bob", "Cat"])
    offered = set()
    for slot in page.slots:
        placement = json.loads(unescape(slot["value"]))
        assert slot["name"] == "slot" and slot["type"] == "submit" and "token" not in placement
        drawn_in = {"raid": "kingdom-name", "guard": f"{colours['Ann']}-name"}.get(placement["type"])
        assert slot["section"] == (drawn_in or f"{colours[placement.get('board', '')]}-name")
        offered |= {json.dumps({**placement, "token": kind}, sort_keys=True) for kind in slot["data-tokens"].split()}
    placements = [a for a in legal(app, game_id) if a["type"] != "pass"]
    assert offered == {json.dumps(a, sort_keys=True) for a in placements}
    assert len(page.slots) == 2 * 5 + 5 + 1  # Bob's and Cat's scout slots, Ann's guard slots, the kingdom

    radios = [(value, attrs) for name, value, attrs in page.place_form if name == "token"]
    assert [value for value, _ in radios] == ["chieftain", "warrior", "boy", "daughter", "bluff"]
    assert all("required" in attrs and "checked" not in attrs for _, attrs in radios)
    assert {name for name, _, _ in page.place_form} >= {"csrf_token", "version", "token"}
    assert "move-group--scout" not in html and "move-matrix" not in html and "move-token" not in html
    assert "Pass</button>" in html


def test_a_click_on_a_slot_places_the_chosen_token(client, app):
    game_id, url, html = ann_page(client, app)
    [bob_house] = [s for s in parsed(html).slots if json.loads(unescape(s["value"])) ==
                   {"type": "scout", "board": "Bob", "entrance": "house-1"}]
    assert bob_house["title"] == "Scout Bob's house-1 with the chosen token"
    response = client.post(url, data={"csrf_token": csrf_of(html), "version": "0", "token": "warrior",
                                      "slot": unescape(bob_house["value"])})
    assert response.status_code == 303
    with app.app_context():
        view = ENGINE.view(db.session.get(Game, game_id).state, "Ann")
    assert view["boards"]["Bob"]["house-1"]["scout"] == {"player": "Ann", "token": "warrior"}
    assert "Your move was recorded." in client.get(response.headers["Location"]).text


def test_a_click_without_a_token_chosen_says_so_and_changes_nothing(client, app):
    game_id, url, html = ann_page(client, app)
    raid = json.dumps({"type": "raid"})
    response = client.post(url, data={"csrf_token": csrf_of(html), "version": "0", "slot": raid})
    assert response.status_code == 303 and response.headers["Location"].endswith("#moves-title")
    page = unescape(client.get(url).text)
    assert f"{ERROR}Choose a token first, then click the slot where it goes.</p>" in page
    assert '<p class="field-error" id="place-error">Choose a token first' in page
    with app.app_context():
        assert db.session.get(Game, game_id).version == 0


def test_a_refused_click_keeps_the_chosen_token_and_says_why(client, app):
    game_id, url, html = ann_page(client, app)
    scout = json.dumps({"type": "scout", "board": "Cat", "entrance": "pasture-1"})
    client.post(url, data={"csrf_token": csrf_of(html), "version": "0", "slot": scout, "token": "daughter"})
    page = unescape(client.get(url).text)
    assert f"{ERROR}The chieftain's daughter never goes scouting.</p>" in page
    [daughter] = [attrs for name, value, attrs in parsed(page).place_form if name == "token" and value == "daughter"]
    assert "checked" in daughter
    with app.app_context():
        assert db.session.get(Game, game_id).version == 0


def test_the_slots_are_buttons_only_for_the_player_to_move_and_not_in_guarding(client, app):
    from test_play_page import reach_guarding

    with app.app_context():
        game = new_game()
        bob, ann = f"/play/{token(game, 'Bob')}", f"/play/{token(game, 'Ann')}"
    assert parsed(client.get(bob).text).slots == []  # not his move
    with app.app_context():
        reach_guarding(db.session.get(Game, game.id))
    html = client.get(ann).text
    assert parsed(html).slots == [] and 'class="guarding"' in html  # guarding is one form of every guard

