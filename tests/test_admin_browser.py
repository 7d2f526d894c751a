"""In headless Chromium: log in to /admin, create a game, pause and resume it, and save screenshots
of the games list and the game's page (tests/artifacts/admin-games.png, admin-game.png)."""
from __future__ import annotations

import pytest
from flask import Flask

from admin_support import PASSWORD
from test_browser import ARTIFACTS

from playwright.sync_api import Browser, Page, expect  # noqa: E402


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def confirm(page: Page, button: str, confirmation: str) -> None:
    """Click an action's button, then its confirmation page's."""
    page.get_by_role("button", name=button, exact=True).click()
    expect(page.get_by_text("Are you sure?")).to_be_visible()
    page.get_by_role("button", name=confirmation, exact=True).click()


def test_an_admin_creates_pauses_and_resumes_a_game(app: Flask, live_url: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{live_url}/admin")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Games")).to_be_visible()

    page.get_by_role("link", name="New game").click()
    page.locator("textarea[name=players]").fill("Ann <ann@example.org>\nBob <bob@example.org>\nDana (bot)")
    page.locator("input[name=first_player]").fill("Bob")
    page.get_by_role("button", name="Create the game and email the players").click()
    expect(page.get_by_text("Game #1 is created")).to_be_visible()

    confirm(page, "Pause", "Pause the game")
    expect(page.get_by_text("Game #1 is paused")).to_be_visible()
    expect(page.locator("h1 .pill")).to_have_text("paused")
    confirm(page, "Resume", "Resume the game")
    expect(page.get_by_text("Game #1 is running again")).to_be_visible()
    expect(page.locator("h1 .pill")).to_have_text("running")

    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "admin-game.png"), full_page=True)
    page.get_by_role("link", name="Audit log").click()
    expect(page.locator("table.audit-table")).to_contain_text("resume")
    page.get_by_role("link", name="Games").click()
    expect(page.locator("table.games")).to_contain_text("Ann, Bob, Dana (bot)")
    page.screenshot(path=str(ARTIFACTS / "admin-games.png"), full_page=True)
