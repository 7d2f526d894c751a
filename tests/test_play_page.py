"""The player's page at /play/<token>: the board, the moves as forms, simultaneous guarding,
the story and the final scores; flash and redirect, stale clicks, bad links, escaping,
and the hidden-information rule (other seats' pages do not depend on a face-down choice)."""
from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest
from flask.testing import FlaskClient

from support import NOW, SEEN_FORM, csrf_of, new_game, reset_database, token
from tain import transactions
from tain.extensions import db
from tain.games import IllegalAction, get_game
from tain.models import Game
from tain.services.links import revoke_links
from tain.services.play import seat_snapshot, submit

ENGINE = get_game("tain")
CSRF_VALUE = re.compile(r'(name="csrf_token" value=")[^"]+(")')
SEAT_LINK = re.compile(r"/play/[A-Za-z0-9_.\-]+/")


@dataclass
class Form:
    """One <form> of a page: its fields in document order and its submit buttons' text."""

    fields: list[tuple[str, str]] = field(default_factory=list)
    selects: dict[str, list[str]] = field(default_factory=dict)
    buttons: list[str] = field(default_factory=list)

    def value(self, name: str) -> str:
        return next(value for key, value in self.fields if key == name)


class FormParser(HTMLParser):
    """Collects every form of a page, with buttons named as a screen reader names them
    (enough of HTML for our own templates: aria-hidden only on leaf spans)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: list[str] | None = None
        self._button: list[str] | None = None
        self._hidden = False  # inside an aria-hidden element: not part of a button's name

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "form":
            self._form = Form()
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag == "input":
            self._form.fields.append((attr["name"], attr.get("value", "")))
        elif tag == "select":
            self._select = self._form.selects.setdefault(attr["name"], [])
            self._form.fields.append((attr["name"], "<select>"))
        elif tag == "option" and self._select is not None:
            self._select.append(attr["value"])
        elif tag == "button":
            self._button = []
        elif attr.get("aria-hidden") == "true":
            self._hidden = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "span":
            self._hidden = False
        elif tag == "select":
            self._select = None
        elif tag == "button" and self._form is not None and self._button is not None:
            self._form.buttons.append(" ".join("".join(self._button).split()))
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._button is not None and not self._hidden:
            self._button.append(data)


def sort_key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def forms_of(html: str) -> list[Form]:
    """The page's move forms (the seat's settings form, last on the page, is tested in test_deadlines; the
    form its script sends once the page is shown, in test_since)."""
    parser = FormParser()
    parser.feed(SEEN_FORM.sub("", html.split('<section class="settings"')[0]))
    return parser.forms


def raw_page(client: FlaskClient, game: Game, name: str) -> str:
    response = client.get(f"/play/{token(game, name)}")
    assert response.status_code == 200
    return response.text


def page(client: FlaskClient, game: Game, name: str) -> str:
    """The seat's page with its entities decoded, to look for text in it."""
    return unescape(raw_page(client, game, name))


def legal(game: Game, name: str) -> list[dict[str, Any]]:
    return seat_snapshot(game.seat_named(name))["legal_actions"]


def session_csrf(client: FlaskClient) -> str:
    """The session's CSRF token (from the new-game form: a seat's page has none when it may not act)."""
    return csrf_of(client.get("/games/new").text)


def post(client: FlaskClient, game: Game, name: str, **fields: Any) -> Any:
    return client.post(f"/play/{token(game, name)}", data={"csrf_token": session_csrf(client), **fields})


def play_until(game: Game, done: Any, choose: Any) -> None:
    """Make moves through the service (at the fixed time NOW) until `done(view)` holds."""
    while not done(ENGINE.view(game.state, None)):
        name = ENGINE.to_act(game.state)[0]
        submit(game.seat_named(name), choose(legal(game, name)), now=NOW)


def reach_guarding(game: Game) -> None:
    """Fill every scout and raid slot, so the phase turns to simultaneous guarding (R8)."""
    def placing(actions: list[dict[str, Any]]) -> dict[str, Any]:
        return next((a for a in actions if a["type"] in ("scout", "raid")), {"type": "pass"})
    play_until(game, lambda view: view["phase"] == "guarding", placing)


# ----- scouting: the board, the moves (each placement a click on the board: test_board_clicks) -----------

def test_a_player_who_may_not_act_sees_the_board_and_no_forms(client, game):
    html = page(client, game, "Bob")
    assert forms_of(raw_page(client, game, "Bob")) == []
    assert "Waiting for Ann" in html and "Your move" not in html
    assert html.count('class="clan-board ') == 3 and "Foreign kingdom" in html and 'aria-current="step">1' in html
    assert "Behind your screen" in html and "Your discard pile" in html


def test_the_board_shows_whose_token_and_only_the_owner_sees_what(client, game):
    submit(game.seat_named("Ann"), {"type": "scout", "token": "warrior", "board": "Bob", "entrance": "house-1"}, now=NOW)
    submit(game.seat_named("Bob"), {"type": "raid", "token": "chieftain"}, now=NOW)
    ann, bob, cat = (page(client, game, name) for name in ("Ann", "Bob", "Cat"))
    assert "Ann's warrior" in ann and "Bob's token, face down" in ann
    assert "Bob's chieftain" in bob and "Ann's token, face down" in bob
    assert "Ann's token, face down" in cat and "Bob's token, face down" in cat
    assert "Ann's warrior" not in bob + cat and "Bob's chieftain" not in ann + cat


def without_csrf(html: str) -> str:
    """The page without its CSRF token, and without its own link (the history's), which is the seat's."""
    return SEAT_LINK.sub("/play/…/", CSRF_VALUE.sub(r"\1…\2", html))


def test_other_seats_pages_do_not_depend_on_a_face_down_choice(client, app):
    """Two games differing only in Ann's face-down token: Bob's and Cat's pages are identical."""
    pages = []
    for kind in ("boy", "bluff"):
        reset_database()
        game = new_game()
        submit(game.seat_named("Ann"), {"type": "scout", "token": kind, "board": "Bob", "entrance": "pasture-2"}, now=NOW)
        submit(game.seat_named("Bob"), {"type": "guard", "token": "boy", "entrance": "pasture-2"}, now=NOW)
        pages.append({name: without_csrf(page(client, game, name)) for name in ("Ann", "Bob", "Cat")})
    assert pages[0]["Bob"] == pages[1]["Bob"] and pages[0]["Cat"] == pages[1]["Cat"]
    assert pages[0]["Ann"] != pages[1]["Ann"]


# ----- simultaneous guarding -------------------------------------------------------------------

def test_guarding_offers_one_form_for_all_guards(client, game):
    reach_guarding(game)
    html = page(client, game, "Ann")
    assert "simultaneous guarding" in html
    [form] = forms_of(raw_page(client, game, "Ann"))
    guards = [a for a in legal(game, "Ann") if a["type"] == "guard"]
    empty_slots = sorted({a["entrance"] for a in guards})
    assert [name for name, value in form.fields if value == "<select>"] == ["actions"] * len(empty_slots)
    assert len(form.selects["actions"]) == len(empty_slots) + len(guards)  # "leave empty" and every legal guard
    assert form.fields[-1] == ("actions", json.dumps({"type": "pass"}))
    assert form.buttons == ["Place these guards and pass"]


def test_the_guarding_form_places_the_chosen_guards_and_passes(client, game):
    reach_guarding(game)
    guard = [{"type": "guard", "token": "boy", "entrance": e} for e in ("pasture-1", "house-2")]
    fields = [json.dumps(guard[0]), "", json.dumps(guard[1]), json.dumps({"type": "pass"})]
    response = post(client, game, "Ann", version=str(game.version), actions=fields)
    assert response.status_code == 303
    view = ENGINE.view(game.state, "Ann")
    assert "Ann" in view["passed"]
    assert {e for e, slot in view["boards"]["Ann"].items() if slot["guard"]} >= {"pasture-1", "house-2"}
    html = client.get(response.headers["Location"]).text
    assert "Your move was recorded." in html and "You have passed" in html


def test_a_guarding_form_asking_too_much_places_nothing_says_why_beside_the_slots_and_keeps_every_choice(client, game):
    reach_guarding(game)
    daughter = [json.dumps({"type": "guard", "token": "daughter", "entrance": e}, sort_keys=True)  # as the page sends
                for e in ("pasture-1", "pasture-2")]
    boy = json.dumps({"type": "guard", "token": "boy", "entrance": "house-1"}, sort_keys=True)
    before = game.version
    response = post(client, game, "Ann", version=str(before), actions=[*daughter, "", boy, json.dumps({"type": "pass"})])
    assert response.status_code == 303 and response.headers["Location"].endswith("#moves-title")
    html = client.get(response.headers["Location"]).text
    assert db.session.get(Game, game.id).version == before
    sentence = ("You chose your only daughter for pasture-1 and pasture-2: it can guard just one of them. "
                "Choose another token, or leave empty, for the others.")
    assert f'<p class="notice notice--error" role="alert">{sentence}</p>' in unescape(html)
    assert "Your move was recorded." not in html and '<p class="notice" ' not in html
    guarding = unescape(html[html.index('<form method="post" class="guarding">'):])
    guarding = guarding[:guarding.index("</form>")]
    # said once, beside the first of the two entrances, and both marked as wrong
    assert guarding.count(sentence) == 1 and guarding.index(sentence) < guarding.index('id="guard-pasture-2"')
    assert guarding.count('aria-invalid="true" aria-describedby="guard-pasture-1-error"') == 2
    assert f'<p class="field-error" id="guard-pasture-1-error">{sentence}</p>' in guarding
    for chosen in (*daughter, boy):
        assert f'<option value="{chosen}" selected>' in guarding
    assert guarding.count(" selected>") == 3
    again = raw_page(client, game, "Ann")  # shown once: the next page offers the form afresh
    assert "field-error" not in again and " selected>" not in again.split('class="guarding"')[1].split("</form>")[0]


# ----- the story and the end ---------------------------------------------------------------------

def test_the_story_tells_each_raid_phase_newest_first_and_the_end_shows_final_scores(client, app):
    game = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
    rng = random.Random(3)
    play_until(game, lambda view: view["over"], rng.choice)
    html = page(client, game, "Bob")
    view = ENGINE.view(game.state, "Bob")
    story = html[html.index('class="story"'):]  # the latest report may also open the page (since.html)
    turns = [int(t) for t in re.findall(r"<h3>Turn (\d+) ", story)]
    assert turns == sorted({r["turn"] for r in view["reports"]}, reverse=True) and len(turns) >= 2
    for report in view["reports"]:
        for line in report["lines"]:
            assert line in html
    moves = [form for form in forms_of(raw_page(client, game, "Bob"))
             if form.buttons not in (["Email me a new link"], ["English", "Italiano"])]
    assert "Final scores" in html and "The game is over" in html and moves == []  # no move left: the seat's link and language
    final = html[html.index("Final scores"):html.index("</table>")]
    for name in ("Ann", "Bob"):
        assert f">{view['scores'][name]}<" in final
    assert all(winner in final for winner in view["winners"]) and "winner" in final


# ----- acting: redirect, flash, stale clicks, refusals ---------------------------------------------

def test_a_move_redirects_to_the_page_with_a_message_and_shows_it(client, game):
    url = f"/play/{token(game, 'Ann')}"
    raid = json.dumps({"type": "raid", "token": "chieftain"})
    response = client.post(url, data={"csrf_token": session_csrf(client), "action": raid, "version": "0"})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"{url}?since=0")  # what it led to
    html = unescape(client.get(response.headers["Location"]).text)
    assert "Your move was recorded." in html
    kingdom = html[html.index('class="kingdom"'):html.index("turn-track")]
    assert "Ann's chieftain" in kingdom and "Waiting for Bob" in html
    assert "Your move was recorded." not in client.get(response.headers["Location"]).text  # shown once


def test_a_second_click_is_refused_and_changes_nothing(client, game):
    data = {"action": json.dumps({"type": "raid", "token": "warrior"}), "version": "0"}
    assert post(client, game, "Ann", **data).status_code == 303
    again = post(client, game, "Ann", **data)
    assert again.status_code == 303
    assert "The game has moved on" in client.get(again.headers["Location"]).text
    assert db.session.get(Game, game.id).version == 1 and len(game.actions) == 1


OWN_BOARD_SCOUT = {"type": "scout", "token": "boy", "board": "Ann", "entrance": "house-1"}


def illegal_sentence(game: Game, name: str, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(game.state, name, action)
    return str(refusal.value)


@pytest.mark.parametrize("name, fields, message", [
    ("Ann", {"action": json.dumps(OWN_BOARD_SCOUT)}, None),
    ("Ann", {"action": "{not json"}, "not understood"),
    ("Ann", {}, "incomplete"),
    ("Bob", {"action": json.dumps({"type": "pass"})}, "not your move"),
])
def test_refused_moves_say_why_and_change_nothing(client, game, name, fields, message):
    message = message or illegal_sentence(game, name, OWN_BOARD_SCOUT)
    response = post(client, game, name, version="0", **fields)
    assert response.status_code == 303
    html = client.get(response.headers["Location"]).text
    notice = re.search(r'<p class="notice notice--error" role="alert">([^<]+)</p>', html)
    assert notice and message in notice[1] and "recorded" not in notice[1]
    assert db.session.get(Game, game.id).version == 0


def test_a_move_without_the_page_version_is_refused(client, game):
    response = post(client, game, "Ann", action=json.dumps({"type": "pass"}))
    assert "incomplete" in client.get(response.headers["Location"]).text
    assert db.session.get(Game, game.id).version == 0


# ----- bad links and names -----------------------------------------------------------------------

def test_tampered_revoked_and_expired_links_get_a_403_page(client, app, game):
    good = token(game, "Ann")
    tampered = good[:-4] + ("AAAA" if not good.endswith("AAAA") else "BBBB")
    pass_ = {"csrf_token": session_csrf(client), "action": json.dumps({"type": "pass"}), "version": "0"}
    for response in (client.get(f"/play/{tampered}"), client.post(f"/play/{tampered}", data=pass_)):
        assert response.status_code == 403 and "not valid" in response.text
    with transactions.write():
        revoke_links(game.seat_named("Ann"))
    response = client.get(f"/play/{good}")
    assert response.status_code == 403 and "replaced" in response.text
    app.config["LINK_MAX_AGE_DAYS"] = -1
    response = client.get(f"/play/{token(game, 'Bob')}")
    assert response.status_code == 403 and "expired" in response.text
    assert db.session.get(Game, game.id).version == 0


def test_a_player_named_script_is_text_everywhere_on_the_page(client, app):
    game = new_game(["<script>alert(1)</script> <s@example.org>", "Bob <bob@example.org>"],
                    first_player="<script>alert(1)</script>")
    submit(game.seat_named("<script>alert(1)</script>"), {"type": "raid", "token": "bluff"}, now=NOW)
    for name in ("<script>alert(1)</script>", "Bob"):
        html = client.get(f"/play/{token(game, name)}").text
        assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
