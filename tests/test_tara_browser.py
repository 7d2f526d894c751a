"""Tara in headless Chromium: create a match from the new-game form, open Ann's invitation in the
development mailbox, build by clicking a highlighted hole, then (the manoeuvres played through the
service) swap and link by clicking the board. Screenshots: tests/artifacts/tara-board.png (a
build step) and tara-battle.png (the link step of a battle turn)."""
from __future__ import annotations

from flask import Flask

from support import NOW, play_tara_until, token
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from test_browser import ARTIFACTS, open_invitation

from playwright.sync_api import Browser, Page, expect  # noqa: E402

ENGINE = get_game("tara")


def fresh() -> Game:
    """The game as the server left it (a new transaction: SQLite would keep showing an old snapshot)."""
    db.session.rollback()
    return db.session.get(Game, 1)


def hole(page: Page, square: str):
    return page.locator(f'.tara__hole[title^="{square}:"]')


def click_place(page: Page, name: str) -> None:
    """Click the board where the move is made (a hole or a bridge slot) and check it was recorded."""
    place = page.locator(f'.tara__cell--open[title^="{name}:"]')
    expect(place).to_have_count(1)
    place.get_by_role("button").click()
    expect(page.get_by_text("Your move was recorded.")).to_be_visible()


def test_a_tara_player_builds_swaps_and_links_by_clicking(app: Flask, live_url: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(f"{live_url}/games/new")
    page.locator("select[name=game]").select_option("tara")
    page.locator("textarea[name=players]").fill("Ann <ann@example.org>\nBob <bob@example.org>")
    page.locator("input[name=first_player]").fill("Ann")
    page.get_by_role("button", name="Create the game and email the players").click()
    expect(page.get_by_text("is created")).to_be_visible()

    open_invitation(page, live_url, "ann@example.org")
    expect(page.locator(".status--mine")).to_contain_text("Build a ringfort on a highlighted hole")
    expect(page.locator(".tara__hole.tara__cell--open")).to_have_count(45)  # the first build: anywhere (T5)
    click_place(page, "D4")
    expect(hole(page, "D4")).to_have_attribute("title", "D4: Ann's ringfort with Ann's king")
    expect(page.locator(".status--waiting")).to_contain_text("Waiting for Bob")
    expect(page.locator(".tara__cell--open")).to_have_count(0)

    game = fresh()
    assert ENGINE.view(game.state, None)["board"] == {"D4": "Ann"}
    page.goto(f"{live_url}/play/{token(game, 'Bob')}")  # Bob's build: 1 or 2 holes from Ann's king
    expect(page.locator(".tara__hole.tara__cell--open")).to_have_count(len(ENGINE.legal_actions(game.state, "Bob")))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tara-board.png"), full_page=True)

    play_tara_until(game, lambda view: view["phase"] == "battle", now=NOW)
    mover = ENGINE.to_act(game.state)[0]
    # a swap after which the mover has an own pair to link (T8.5)
    square = next(s for s in ENGINE.view(game.state, mover)["swappable"]
                  if ENGINE.view(ENGINE.apply(game.state, mover, {"type": "swap", "square": s}), None)["step"] == "link")
    page.goto(f"{live_url}/play/{token(game, mover)}")
    expect(page.locator(".status--mine")).to_contain_text("Swap a highlighted enemy ringfort")
    click_place(page, square)
    expect(hole(page, square)).to_have_attribute("title", f"{square}: {mover}'s ringfort with {mover}'s king")
    expect(page.locator(".status--mine")).to_contain_text("Now join two of your ringforts")
    game = fresh()
    pairs = ENGINE.view(game.state, mover)["linkable"]
    expect(page.locator(".tara__cell--open")).to_have_count(len(pairs))
    page.screenshot(path=str(ARTIFACTS / "tara-battle.png"), full_page=True)
    click_place(page, pairs[0])
    expect(page.locator(f'[title="{pairs[0]}: {mover}\'s bridge"]')).to_have_count(1)
    expect(page.locator(".status--waiting")).to_be_visible()
    game = fresh()
    assert ENGINE.view(game.state, None)["bridges"] == {pairs[0]: mover} and ENGINE.to_act(game.state) != [mover]
    assert (ARTIFACTS / "tara-battle.png").stat().st_size > 10_000
