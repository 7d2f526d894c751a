"""In headless Chromium: create a game, open a player's invitation in the development
mailbox, follow its link, make moves by clicking, and save screenshots of the board
(tests/artifacts/board.png, and board-phone.png: the next player's page at a phone's width)."""
from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from support import CHROMIUM
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


def click_move(page: Page, label: str, group: str | None = None) -> None:
    """Click a move's button, first unfolding its group if named, and check it was recorded."""
    if group:
        page.locator("summary", has_text=group).click()
    page.get_by_role("button", name=label, exact=True).click()
    expect(page.get_by_text("Your move was recorded.")).to_be_visible()


def test_a_player_moves_by_clicking_and_sees_the_board(app: Flask, live_url: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    create_game(page, live_url)

    open_invitation(page, live_url, "ann@example.org")
    ann_url = page.url
    expect(page.locator(".status--mine")).to_contain_text("Your move")
    click_move(page, "Raid the foreign kingdom with your chieftain")
    expect(page.locator(".kingdom [title=\"Ann's chieftain\"]")).to_be_visible()
    expect(page.locator(".status--waiting")).to_contain_text("Waiting for Bob")

    open_invitation(page, live_url, "bob@example.org")
    bob_url = page.url
    click_move(page, "Scout Ann's pasture-2 with a warrior", group="Scout Ann's board")
    open_invitation(page, live_url, "cat@example.org")
    click_move(page, "Scout Ann's house-1 with a boy", group="Scout Ann's board")

    page.goto(ann_url)
    click_move(page, "Guard your pasture-2 with a boy", group="Guard your board")
    expect(page.locator(".clan-board--mine [title=\"Ann's boy\"]")).to_be_visible()
    expect(page.locator(".clan-board--mine [title=\"Bob's token, face down\"]")).to_be_visible()

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "board.png"), full_page=True)
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(bob_url)  # Bob's move now: his moves show under the board
    phone.locator("summary", has_text="Scout Ann's board").click()
    phone.screenshot(path=str(ARTIFACTS / "board-phone.png"), full_page=True)
    assert (ARTIFACTS / "board.png").stat().st_size > 10_000
