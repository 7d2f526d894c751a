"""In headless Chromium: create a game, open a player's invitation in the development
mailbox, follow its link, make moves by clicking (a token, then the slot of the board it goes to),
and save screenshots of the board (tests/artifacts/board.png, and board-phone.png: the next
player's page at a phone's width, where every open slot is a 44 px tap target)."""
from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

import tain.web.play
from support import CHROMIUM, NOW, new_game, token
from tain.extensions import db
from tain.models import Game
from tain.services.play import submit

ARTIFACTS = Path(__file__).parent / "artifacts"
PLAYERS = "Ann <ann@example.org>\nBob <bob@example.org>\nCat <cat@example.org>"

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect  # noqa: E402

# A loaded CI machine can take more than Playwright's default 5 s to serve and draw a page.
expect.set_options(timeout=20_000)


def create_game(page: Page, live_url: str) -> None:
    page.goto(f"{live_url}/games/new")
    page.locator("textarea[name=players]").fill(PLAYERS)
    page.locator("input[name=first_player]").fill("Ann")
    page.get_by_role("button", name="Create the game and email the players").click()
    expect(page.get_by_text("is created")).to_be_visible()


def open_invitation(page: Page, live_url: str, address: str) -> None:
    """From the development mailbox, open the player's invitation and follow its link."""
    page.goto(f"{live_url}/dev/mail?to={address}")
    page.locator("table.mail a").first.click()
    page.locator('a[href*="/play/"]').first.click()
    expect(page.locator(".play")).to_be_visible()


def click_move(page: Page, kind: str, slot: str) -> None:
    """Choose the token beside the board, click the slot of the board it goes to (named by what a click
    there does), and check the move was recorded."""
    page.locator(f"input[name=token][value={kind}]").check()
    page.get_by_role("button", name=f"{slot} with the chosen token", exact=True).click()
    expect(page.get_by_text("Your move was recorded.")).to_be_visible()


def test_a_player_moves_by_clicking_and_sees_the_board(app: Flask, live_url: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    create_game(page, live_url)

    open_invitation(page, live_url, "ann@example.org")
    ann_url = page.url
    expect(page.locator(".status--mine")).to_contain_text("Your move")
    click_move(page, "chieftain", "Raid the foreign kingdom")
    expect(page.locator(".kingdom [title=\"Ann's chieftain\"]")).to_be_visible()
    expect(page.locator(".status--waiting")).to_contain_text("Waiting for Bob")

    open_invitation(page, live_url, "bob@example.org")
    bob_url = page.url
    click_move(page, "warrior", "Scout Ann's pasture-2")
    open_invitation(page, live_url, "cat@example.org")
    click_move(page, "boy", "Scout Ann's house-1")

    page.goto(ann_url)
    click_move(page, "boy", "Guard your pasture-2")
    expect(page.locator(".clan-board--mine [title=\"Ann's boy\"]")).to_be_visible()
    expect(page.locator(".clan-board--mine [title=\"Bob's token, face down\"]")).to_be_visible()

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "board.png"), full_page=True)
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(bob_url)  # Bob's move now: the tokens to choose come before the board
    slots = phone.locator("button.slot--open")
    assert slots.count() == 3 + 5 + 5 + 1  # Ann's empty scout slots, Cat's, his own guard slots, the kingdom's
    for index in range(slots.count()):
        box = slots.nth(index).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    assert phone.locator(".place").bounding_box()["y"] < phone.locator(".table").bounding_box()["y"]
    phone.locator("input[name=token][value=bluff]").check()
    phone.screenshot(path=str(ARTIFACTS / "board-phone.png"), full_page=True)
    assert (ARTIFACTS / "board.png").stat().st_size > 10_000


def test_a_page_shown_in_the_browser_is_marked_seen_by_its_script(app: Flask, live_url: str, browser: Browser,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Fetching the link changes nothing (a mail scanner); the page's script reports it seen. The browser
    gets the page the scanner's fetch drew and kept (tain.web.kept_pages), with its own CSRF token."""
    with app.app_context():
        game = new_game()
        submit(game.seat_named("Ann"), {"type": "scout", "token": "boy", "board": "Bob", "entrance": "pasture-2"},
               now=NOW)
        game_id, link = game.id, token(game, "Cat")  # Cat is not emailed about Ann's scout
        cat = game.seat_named("Cat")
        assert cat.seen_version == 0 and cat.last_seen_at is None
    drawn, draw = [], tain.web.play._page
    monkeypatch.setattr(tain.web.play, "_page", lambda *args: drawn.append(args) or draw(*args))
    assert app.test_client().get(f"/play/{link}").status_code == 200  # the scanner, in a session of its own
    page = browser.new_page(viewport={"width": 390, "height": 844})
    with page.expect_response(lambda response: response.url.endswith("/seen")) as seen:
        page.goto(f"{live_url}/play/{link}")
    assert seen.value.status == 204
    assert len(drawn) == 1  # the scanner's: the browser's is the page kept
    with app.app_context():
        cat = db.session.get(Game, game_id).seat_named("Cat")
        assert cat.seen_version == 1 and cat.last_seen_at is not None
