"""Tara's board: the coordinates the moves and the story use are drawn around it, and an enemy bridge
is moved on the board in two clicks — the bridge (a link: the page with it picked), then the slot it
goes to — without JavaScript; in headless Chromium too (tests/artifacts/tara-bridge-picked-phone.png)."""
from __future__ import annotations

import re
from html import unescape

import pytest

from support import CHROMIUM, NOW, csrf_of, new_tara_game, play_tara_until, token
from tain.extensions import db
from tain.games import get_game
from tain.games.tara.board import COLUMNS, SQUARES
from tain.models import Game
from tain.services.play import seat_snapshot, submit
from test_tara_service import PICK_RE, cells, clickable, form_field, key, move_forms

ENGINE = get_game("tara")
LABEL_RE = re.compile(r'<span class="tara__label gr-(\d+) gc-(\d+)" aria-hidden="true">([A-G1-7])</span>')
HOLE_RE = re.compile(r'class="tara__cell tara__hole gr-(\d+) gc-(\d+)[^"]*" title="([A-G][1-7]):')


def reach_a_bridge_move(game: Game) -> str:
    """Play the bots (never moving a bridge) into the battle until the player to move may move an
    enemy bridge; that player."""
    play_tara_until(game, lambda view: view["phase"] == "battle")
    bot = ENGINE.make_bot(4)
    for _ in range(300):
        mover = ENGINE.to_act(game.state)[0]
        snapshot = seat_snapshot(game.seat_named(mover))
        if any(a["type"] == "move-bridge" for a in snapshot["legal_actions"]):
            return mover
        others = [a for a in snapshot["legal_actions"] if a["type"] != "move-bridge"]
        submit(game.seat_named(mover), bot.choose(snapshot["view"], others), now=NOW)
        db.session.refresh(game)
    raise AssertionError("no bridge move came up")


def test_the_coordinates_are_drawn_in_line_with_the_holes(client, app):
    game = new_tara_game()
    html = client.get(f"/play/{token(game, 'Ann')}").text
    labels = [(int(row), int(column), text) for row, column, text in LABEL_RE.findall(html)]
    assert sorted(text for _, _, text in labels) == sorted(list(COLUMNS) * 2 + [str(n) for n in range(1, 8)] * 2)
    columns = {text: {c for _, c, t in labels if t == text} for text in COLUMNS}
    rows = {text: {r for r, _, t in labels if t == text} for text in "1234567"}
    holes = {square: (int(row), int(column)) for row, column, square in HOLE_RE.findall(html)}
    assert set(holes) == set(SQUARES)
    for square, (row, column) in holes.items():
        assert columns[square[0]] == {column} and rows[square[1]] == {row}  # the letter above and below it, the number beside
    assert {r for r, _, t in labels if t in COLUMNS} == {1, 15} and {c for _, c, t in labels if t.isdigit()} == {1, 15}


def test_an_enemy_bridge_moves_in_two_clicks_on_the_board(client, app):
    game = new_tara_game()
    mover = reach_a_bridge_move(game)
    url = f"/play/{token(game, mover)}"
    legal = seat_snapshot(game.seat_named(mover))["legal_actions"]
    moves = [a for a in legal if a["type"] == "move-bridge"]
    html = client.get(url).text
    assert "<select name=\"action\"" not in html and "Move this bridge" not in html
    assert sorted(PICK_RE.findall(html)) == sorted({a["from"] for a in moves})

    source = moves[0]["from"]
    picked = client.get(f"{url}?pick={source}").text
    enemy = next(name for name in ("Ann", "Bob") if name != mover)
    assert f"Click the highlighted slot where {enemy}'s bridge {source} goes." in unescape(picked)
    assert f'href="{url}#board-title">Keep the bridge where it is</a>' in picked
    targets = clickable(picked)
    assert set(targets) == {a["to"] for a in moves if a["from"] == source}  # the swaps wait meanwhile

    target, action = sorted(targets.items())[0]
    form = move_forms(picked)[key(action)]
    counters = ENGINE.view(game.state, None)["counters"][mover]
    response = client.post(url, data={"csrf_token": csrf_of(form), "version": form_field(form, "version"),
                                      "action": key(action)})
    assert response.status_code == 303 and "Your move was recorded." in client.get(response.headers["Location"]).text
    db.session.refresh(game)
    view = ENGINE.view(game.state, None)
    assert view["bridges"].get(target) == enemy and source not in view["bridges"]
    assert view["counters"][mover] == counters - 1 and view["step"] == "swap"


@pytest.mark.parametrize("pick", ["Z9-Z8", "<script>", "", "A2-A3" * 50])
def test_a_pick_that_is_no_movable_bridge_changes_nothing_on_the_page(client, app, pick):
    game = new_tara_game()
    mover = reach_a_bridge_move(game)
    url = f"/play/{token(game, mover)}"
    plain = client.get(url)
    odd = client.get(url, query_string={"pick": pick})
    assert odd.status_code == 200
    assert clickable(odd.text) == clickable(plain.text) and "tara__cell--picked" not in odd.text
    assert {n for n, c in cells(odd.text).items() if c["open"]} == {n for n, c in cells(plain.text).items() if c["open"]}


@pytest.mark.skipif(not CHROMIUM.exists(), reason=f"{CHROMIUM} is not installed")
def test_a_bridge_is_moved_by_two_clicks_in_a_browser(app, live_url, browser):
    from playwright.sync_api import expect

    from test_browser import ARTIFACTS

    with app.app_context():
        game = new_tara_game()
        mover = reach_a_bridge_move(game)
        move = next(a for a in seat_snapshot(game.seat_named(mover))["legal_actions"] if a["type"] == "move-bridge")
        url = f"{live_url}/play/{token(game, mover)}"
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(url)
    page.locator(f'.tara__cell--movable[title^="{move["from"]}:"] a').click()
    expect(page.locator(f'.tara__cell--picked[title^="{move["from"]}:"]')).to_have_count(1)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tara-bridge-picked-phone.png"), full_page=True)
    target = page.locator(f'.tara__cell--open[title^="{move["to"]}:"] button')
    box = target.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44, box
    target.click()
    expect(page.get_by_text("Your move was recorded.")).to_be_visible()
    with app.app_context():
        db.session.rollback()
        view = ENGINE.view(db.session.get(Game, game.id).state, None)
    assert move["to"] in view["bridges"] and move["from"] not in view["bridges"]
