"""The plan editor of the player's page (issue 11), without JavaScript: a move queued from the board
(Tàin: the token chosen beside it, "Queue it" beside "Place it now"; Tara: a click in plan mode), its
fallbacks, the plan in the player's own words, moved up and down, an entry removed, the plan cleared;
on the player's own move, what is queued is sent with the move made now. Every bad form is refused
with a sentence and changes nothing."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

from support import NOW, csrf_of, new_game, new_tara_game, token
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.services.deadlines import pause

TAIN, TARA = get_game("tain"), get_game("tara")
SHOWN_RE = re.compile(r'name="plan_shown" value="([0-9a-f]+)"')
SLOT_RE = re.compile(r'<button type="submit" form="place-form" name="slot" value="([^"]+)"')
CELL_RE = re.compile(r'<button type="submit" form="plan-form" name="action" value="([^"]+)"')
ERROR = '<p class="notice notice--error" role="alert">'
PASS = {"type": "pass"}


def scout(board: str, entrance: str, kind: str = "warrior") -> dict:
    return {"type": "scout", "token": kind, "board": board, "entrance": entrance}


def started(app, tara: bool = False) -> tuple[int, dict[str, str]]:
    with app.app_context():
        game = new_tara_game() if tara else new_game()
        return game.id, {seat.name: f"/play/{token(game, seat.name)}" for seat in game.seats}


def plan_of(app, game_id: int, name: str) -> list:
    engine = None
    with app.app_context():
        game = db.session.get(Game, game_id)
        engine = TARA if game.game == "tara" else TAIN
        return engine.view(game.state, name)["plan"]


def version_of(app, game_id: int) -> int:
    with app.app_context():
        return db.session.get(Game, game_id).version


def form_fields(html: str) -> dict[str, str]:
    """What every plan form of the page sends besides its own fields."""
    return {"csrf_token": csrf_of(html), "version": re.search(r'name="version" value="(\d+)"', html)[1],
            "plan_shown": SHOWN_RE.search(html)[1]}


def queue(client, url: str, html: str, move: dict, target: str = "new", **extra: str):
    """Queue `move` as the board in plan mode sends it (Tàin: the slot and the token)."""
    slot = {key: value for key, value in move.items() if key != "token"}
    fields = {**form_fields(html), "when": "plan", "as": target, **extra}
    if move["type"] == "pass":
        fields["action"] = json.dumps(move)
    else:
        fields.update(slot=json.dumps(slot, sort_keys=True), token=move["token"])
    return client.post(url, data=fields)


def edit(client, url: str, html: str, what: str, entry: int | None = None):
    return client.post(url, data={**form_fields(html), "plan_edit": what, **({"entry": str(entry)} if entry else {})})


def page(client, url: str, query: str = "") -> str:
    response = client.get(url + query)
    assert response.status_code == 200
    return unescape(response.text)


def offered(client, url: str, query: str, pattern: re.Pattern[str]) -> list[dict]:
    """The moves the board's buttons send (Tàin's slots, or Tara's places in plan mode)."""
    response = client.get(url + query)
    return [json.loads(unescape(value)) for value in pattern.findall(response.text)]


def plan_panel(html: str) -> str:
    return html[html.index('<section class="plan"'):html.index("</section>", html.index('<section class="plan"'))]


def test_a_seat_not_to_move_queues_moves_from_the_board_in_plan_mode(app, client):
    game_id, urls = started(app)
    bob = urls["Bob"]
    plain = page(client, bob)
    assert offered(client, bob, "", SLOT_RE) == [] and "Nothing is queued." in plan_panel(plain)
    assert 'href="?plan=on#board-title">Plan your next moves on the board</a>' in plain

    html = page(client, bob, "?plan=on")
    slots = offered(client, bob, "?plan=on", SLOT_RE)
    assert {"type": "scout", "board": "Ann", "entrance": "house-1"} in slots
    assert {"type": "guard", "entrance": "pasture-1"} in slots and {"type": "raid"} in slots
    assert not any(slot.get("board") == "Bob" for slot in slots)  # nobody scouts their own board
    assert 'name="when" value="plan"' in html and "Queue a pass" in html and "Plan your next moves" in html

    response = queue(client, bob, html, scout("Ann", "house-1"), plan_mode="on")
    assert response.status_code == 303 and response.headers["Location"].endswith("?plan=on#plan")
    assert plan_of(app, game_id, "Bob") == [[scout("Ann", "house-1")]]
    html = page(client, response.headers["Location"])
    assert "Your plan was saved." in html and "Scout Ann's house-1 with a warrior" in plan_panel(html)

    response = queue(client, bob, html, scout("Ann", "house-2"), target="1", plan_mode="on")
    assert plan_of(app, game_id, "Bob") == [[scout("Ann", "house-1"), scout("Ann", "house-2")]]
    html = page(client, response.headers["Location"])
    assert "If it cannot be made: Scout Ann's house-2 with a warrior." in plan_panel(html)
    queue(client, bob, html, PASS, plan_mode="on")
    assert plan_of(app, game_id, "Bob") == [[scout("Ann", "house-1"), scout("Ann", "house-2")], [PASS]]
    with app.app_context():
        assert TAIN.to_act(db.session.get(Game, game_id).state) == ["Ann"]  # nothing was played


def test_the_plan_is_reordered_cut_and_cleared(app, client):
    game_id, urls = started(app)
    bob = urls["Bob"]
    moves = [scout("Ann", "house-1"), {"type": "guard", "token": "boy", "entrance": "pasture-1"}, PASS]
    for move in moves:
        queue(client, bob, page(client, bob, "?plan=on"), move)
    assert plan_of(app, game_id, "Bob") == [[move] for move in moves]
    html = page(client, bob)
    panel = plan_panel(html)
    assert panel.index("Scout Ann's house-1 with a warrior") < panel.index("Guard your pasture-1 with a boy") < panel.index("Pass")
    assert panel.count("Move up") == 2 and panel.count("Move down") == 2 and panel.count(">Remove<") == 3

    assert edit(client, bob, html, "down", 1).status_code == 303
    assert plan_of(app, game_id, "Bob") == [[moves[1]], [moves[0]], [PASS]]
    edit(client, bob, page(client, bob), "up", 3)
    assert plan_of(app, game_id, "Bob") == [[moves[1]], [PASS], [moves[0]]]
    edit(client, bob, page(client, bob), "remove", 2)
    assert plan_of(app, game_id, "Bob") == [[moves[1]], [moves[0]]]
    edit(client, bob, page(client, bob), "clear")
    assert plan_of(app, game_id, "Bob") == []
    assert "Nothing is queued." in plan_panel(page(client, bob))


def test_an_edit_of_a_plan_that_changed_since_the_page_was_shown_does_nothing(app, client):
    game_id, urls = started(app)
    bob = urls["Bob"]
    old = page(client, bob, "?plan=on")
    queue(client, bob, old, scout("Ann", "house-1"))
    for send in (lambda: queue(client, bob, old, scout("Ann", "house-2")), lambda: edit(client, bob, old, "clear")):
        response = send()
        assert response.status_code == 303
        assert "Your plan has changed since this page was shown" in page(client, response.headers["Location"])
    assert plan_of(app, game_id, "Bob") == [[scout("Ann", "house-1")]]


def test_on_your_move_what_you_queue_is_sent_with_the_move_you_make_now(app, client):
    game_id, urls = started(app)
    ann = urls["Ann"]
    html = page(client, ann)
    assert 'name="when" value="now" checked' in html and "Queue it for a later turn" in html
    response = queue(client, ann, html, {"type": "guard", "token": "boy", "entrance": "house-1"})
    assert response.status_code == 303 and version_of(app, game_id) == 0  # kept for the move made now
    html = page(client, ann)
    assert "Your queued moves were kept: they are sent with the move you make now." in html
    panel = plan_panel(html)
    assert "It is your move." in panel and "Guard your house-1 with a boy" in panel
    edit(client, ann, html, "clear")
    assert "Nothing is queued." in plan_panel(page(client, ann))
    queue(client, ann, page(client, ann), {"type": "guard", "token": "boy", "entrance": "house-1"})
    queue(client, ann, page(client, ann), PASS)

    html = page(client, ann)
    placed = client.post(ann, data={**form_fields(html), "when": "now", "token": "warrior",
                                    "slot": json.dumps({"type": "scout", "board": "Bob", "entrance": "house-2"})})
    assert placed.status_code == 303 and "Your move was recorded." in page(client, placed.headers["Location"])
    assert version_of(app, game_id) == 2  # the move, then the plan
    assert plan_of(app, game_id, "Ann") == [[{"type": "guard", "token": "boy", "entrance": "house-1"}], [PASS]]
    assert "Nothing is queued." not in plan_panel(page(client, ann))  # her plan now, no draft left
    assert "It is your move." not in plan_panel(page(client, ann))


def test_tara_queues_a_build_from_the_board_in_plan_mode(app, client):
    game_id, urls = started(app, tara=True)
    bob = urls["Bob"]
    assert offered(client, bob, "", CELL_RE) == []
    html = page(client, bob, "?plan=on")
    builds = offered(client, bob, "?plan=on", CELL_RE)
    assert len(builds) == 45 and all(action["type"] == "build" for action in builds)
    assert 'id="plan-form"' in html and "Plan your next turns" in html
    response = client.post(bob, data={**form_fields(html), "when": "plan", "as": "new", "plan_mode": "on",
                                      "action": json.dumps({"type": "build", "square": "D4"})})
    assert response.status_code == 303
    assert plan_of(app, game_id, "Bob") == [[{"type": "build", "square": "D4"}]]
    assert "Build on D4" in plan_panel(page(client, bob))


@pytest.mark.parametrize("fields, sentence", [
    ({"plan_edit": "sideways", "entry": "1"}, "That form was not understood"),
    ({"plan_edit": "remove", "entry": "7"}, "That move is not in your plan any more"),
    ({"plan_edit": "remove", "entry": "x"}, "That move is not in your plan any more"),
    ({"plan_edit": "remove", "entry": "²"}, "That move is not in your plan any more"),  # a digit, not a number
    ({"when": "plan", "as": "5", "slot": json.dumps({"type": "raid"}), "token": "bluff"}, "That move is not in your plan"),
    ({"when": "plan", "as": "new", "slot": json.dumps({"type": "scout", "board": "Bob", "entrance": "house-1"}),
      "token": "warrior"}, "That move cannot be planned now"),
    ({"when": "plan", "as": "new", "slot": json.dumps({"type": "raid"})}, "Choose a token first"),
    ({"when": "plan", "as": "new", "action": "{not json"}, "That move is not understood"),
    ({"when": "plan", "as": "new", "actions": [json.dumps(PASS), json.dumps(PASS)]}, "Queue one move at a time"),
    ({"plan_edit": "clear", "plan_shown": "0000"}, "Your plan has changed since this page was shown"),
    ({"plan_edit": "clear", "version": ""}, "That form was incomplete"),
])
def test_a_bad_plan_form_is_refused_with_a_sentence_and_changes_nothing(app, client, fields, sentence):
    game_id, urls = started(app)
    bob = urls["Bob"]
    queue(client, bob, page(client, bob, "?plan=on"), scout("Ann", "house-1"))
    before = plan_of(app, game_id, "Bob"), version_of(app, game_id)
    response = client.post(bob, data={**form_fields(page(client, bob)), **fields})
    assert response.status_code == 303
    html = page(client, response.headers["Location"])
    assert ERROR in html and sentence in html
    assert (plan_of(app, game_id, "Bob"), version_of(app, game_id)) == before


def test_a_paused_game_takes_no_plan_and_offers_none(app, client):
    game_id, urls = started(app)
    bob = urls["Bob"]
    html = page(client, bob, "?plan=on")
    with app.app_context():
        pause(game_id, now=NOW)
    response = queue(client, bob, html, scout("Ann", "house-1"))
    assert "That move cannot be planned now" in page(client, response.headers["Location"])
    assert plan_of(app, game_id, "Bob") == []
    paused = page(client, bob, "?plan=on")
    assert offered(client, bob, "?plan=on", SLOT_RE) == [] and '<section class="plan"' not in paused


def test_a_confirmed_pass_carries_what_was_queued_on_the_move(app, client):
    """Passing asks again first; the confirmed pass is sent with what was queued."""
    game_id, urls = started(app)
    ann = urls["Ann"]
    guard = {"type": "guard", "token": "boy", "entrance": "house-1"}
    queue(client, ann, page(client, ann), guard)
    html = page(client, ann)
    asked = client.post(ann, data={**form_fields(html), "action": json.dumps(PASS)})
    assert asked.status_code == 200 and version_of(app, game_id) == 0  # the page asking "Yes, pass"
    done = client.post(ann, data={**form_fields(html), "action": json.dumps(PASS), "confirm": "yes"})
    assert done.status_code == 303 and version_of(app, game_id) == 2
    assert plan_of(app, game_id, "Ann") == [[guard]]  # kept, though she has passed: it ends with the turn


def test_tara_plans_battle_turns_on_the_board(app, client):
    from support import play_tara_until

    with app.app_context():
        game = new_tara_game()
        play_tara_until(game, lambda view: view["phase"] == "battle")
        waiting = next(seat.name for seat in game.seats if seat.name not in TARA.to_act(game.state))
        game_id, url = game.id, f"/play/{token(game, waiting)}"
        view = TARA.view(game.state, waiting)
    moves = offered(client, url, "?plan=on", CELL_RE)
    swaps = [move for move in moves if move["type"] == "swap"]
    links = [move for move in moves if move["type"] == "link"]
    assert swaps and links and len(swaps) + len(links) == len(moves)
    assert all(view["board"][move["square"]] not in (None, waiting) for move in swaps)
    html = page(client, url, "?plan=on")
    client.post(url, data={**form_fields(html), "when": "plan", "as": "new", "action": json.dumps(swaps[0])})
    client.post(url, data={**form_fields(page(client, url, "?plan=on")), "when": "plan", "as": "new",
                           "action": json.dumps(links[0])})
    assert plan_of(app, game_id, waiting) == [[swaps[0]], [links[0]]]
