"""Inis's player's page in headless Chromium, at a desktop's size (1280×800) and a phone's (390×844):
the draft, a Season turn, a clash (a maneuver, an attack to answer, a peace vote), a Triskel window
and a seat that is not asked, in English and one in Italian. Screenshots go to
tests/artifacts/inis/<size>/<page>.png. On a phone no page is wider than the screen (at 390 px and at
360 px), and every tap target is at least 44 px high (tests/test_pages_browser.py's checks)."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

import tain.games
from support import CHROMIUM, app_settings, reset_database, serving, token
from tain import create_app
from tain.extensions import db
from tain.games.inis import InisGame
from tain.models import Game
from tain.services.games import create_game, parse_player
from tain.services.play import seat_snapshot, submit

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)

from playwright.sync_api import Browser  # noqa: E402
from test_pages_browser import (  # noqa: E402
    DESKTOP, PHONE, SMALL_PHONE, SMALL_TAP_TARGETS, TAP_TARGET, TAP_TARGETS, WIDER_THAN_THE_SCREEN,
)

ARTIFACTS = Path(__file__).parent / "artifacts" / "inis"
NOW = datetime.now(timezone.utc)  # the pages are read now: their deadlines are a day or two ahead
DEADLINES = {"move_deadline": timedelta(hours=24), "phase_deadline": timedelta(hours=48)}
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Siobhán Ní Bhriain <siobhan@example.org>"]
# The step each page shows, as the public view tells it.
STEPS: dict[str, Callable[[dict[str, Any]], bool]] = {
    "capital": lambda view: view["step"] == "capital",
    "draft": lambda view: view["step"] == "draft",
    "season-turn": lambda view: view["step"] == "turn" and view["round"] >= 1,
    "window": lambda view: view["step"] == "window",
    "clash-maneuver": lambda view: view["step"] == "maneuver",
    "clash-attacked": lambda view: view["step"] == "attack-answer",
    "clash-peace-vote": lambda view: view["step"] == "peace-vote",
    "clash-citadels": lambda view: view["step"] == "citadels",
    "place-territory": lambda view: view["step"] == "place-territory",
    "declare": lambda view: view["step"] == "declare",
}


def _play_until(game_id: int, done: Callable[[dict[str, Any]], bool], engine: InisGame) -> str:
    """The engine's bot plays every seat through the service until `done(public view)` holds; who is to act."""
    bot = engine.make_bot(1)
    for _ in range(600):
        game = db.session.get(Game, game_id)
        if done(engine.view(game.state, None)):
            return engine.to_act(game.state)[0]
        seat = game.seat_named(engine.to_act(game.state)[0])
        snapshot = seat_snapshot(seat)
        submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
        db.session.expire_all()
    raise AssertionError("the step never came")


def _territory_plays(game_id: int, view: dict[str, Any]) -> list[str]:
    """The cards the player to act may play in several territories, each play naming only its territory."""
    seat = db.session.get(Game, game_id).seat_named(view["to_act"][0])
    plays = [a for a in seat_snapshot(seat)["legal_actions"] if a["type"] == "play" and set(a) == {"type", "card", "territory"}]
    return sorted({a["card"] for a in plays if sum(b["card"] == a["card"] for b in plays) > 1})


def _new_game(language: str = "") -> int:
    return create_game("inis", [parse_player(f"{p} {language}".strip()) for p in PLAYERS], now=NOW, seed=1,
                       first_player="Ann", **DEADLINES).id


def _games(engine: InisGame) -> dict[str, str]:
    """A game at each step worth seeing; the page of the seat asked there (and one of a seat waiting)."""
    pages = {}
    for name, done in STEPS.items():
        game_id = _new_game()
        player = _play_until(game_id, done, engine)
        game = db.session.get(Game, game_id)
        pages[name] = f"/play/{token(game, player)}"
        if name == "season-turn":
            waiting = next(p for p in engine.view(game.state, None)["players"] if p != player)
            pages["season-waiting"] = f"/play/{token(game, waiting)}"  # with two standing rules listed
            submit(game.seat_named(waiting), {"type": "standing", "rules": [
                {"window": "announced", "when": {"by": [player], "card": ["conquest", "new-clans"]},
                 "then": {"play": "geis"}, "once": True},
                {"window": "turn-end", "when": {"season_would_end": True}, "then": "ask"}]}, now=NOW)
    picked = _new_game()
    player = _play_until(picked, lambda view: view["step"] == "turn" and bool(_territory_plays(picked, view)), engine)
    game = db.session.get(Game, picked)  # a card whose territory is chosen on the map, picked
    pages["season-picked"] = f"/play/{token(game, player)}?pick={_territory_plays(picked, engine.view(game.state, None))[0]}"
    italian = _new_game("it")
    player = _play_until(italian, STEPS["season-turn"], engine)
    pages["it-season-turn"] = f"/play/{token(db.session.get(Game, italian), player)}"
    return pages


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, str]]]:
    engine = tain.games.get_game("inis")
    app = create_app(app_settings(f"sqlite:///{tmp_path_factory.mktemp('inis')}/tain.sqlite3"))
    with serving(app) as url:
        with app.app_context():
            reset_database()
            pages = _games(engine)
        yield url, pages
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()


def each_page(browser: Browser, site: tuple[str, dict[str, str]], viewport: dict[str, int]) -> Iterator[tuple[str, Any]]:
    url, pages = site
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        for name, path in pages.items():
            assert page.goto(f"{url}{path}").status == 200, name
            yield name, page
    finally:
        context.close()


@pytest.mark.parametrize("size, viewport", [("desktop", DESKTOP), ("phone", PHONE)])
def test_the_inis_pages_are_shown_and_saved(module_chromium: Browser, site, size: str, viewport: dict[str, int]) -> None:
    folder = ARTIFACTS / size
    folder.mkdir(parents=True, exist_ok=True)
    for name, page in each_page(module_chromium, site, viewport):
        assert page.locator("svg.inis__svg").count() == 1, name  # the map
        assert page.locator("#hand-title").count() == 1, name
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
        assert (folder / f"{name}.png").stat().st_size > 5_000


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390px", "360px"])
def test_no_inis_page_is_wider_than_a_phone(module_chromium: Browser, site, viewport: dict[str, int]) -> None:
    too_wide = []
    for name, page in each_page(module_chromium, site, viewport):
        measured = page.evaluate(WIDER_THAN_THE_SCREEN)
        if measured["scroll"] > measured["inner"]:
            too_wide.append(f"{name}: {measured['scroll']} px wide on a {measured['inner']} px screen, "
                            f"past its edge: {', '.join(measured['wide'])}")
    assert not too_wide, "\n".join(too_wide)


def test_every_inis_tap_target_on_a_phone_is_at_least_44_px_high(module_chromium: Browser, site) -> None:
    small: list[str] = []
    for name, page in each_page(module_chromium, site, PHONE):
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        small += [f"{name}: {target}" for target in page.evaluate(SMALL_TAP_TARGETS, TAP_TARGETS)[:8]]
    assert not small, f"{len(small)} tap targets lower than {TAP_TARGET} px:\n" + "\n".join(small)
