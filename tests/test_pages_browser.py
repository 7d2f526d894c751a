"""Every page in headless Chromium, at a desktop's size (1280×800) and a phone's (390×844): the player's
page of each game at several stages (the final one too), the lobby and its new-game form, the rules,
the development mailbox with a message and its HTML email, the admin's pages. Screenshots go to
tests/artifacts/pages/<size>/<page>.png. On a phone no page may be wider than the screen (at 390 px
and at 360 px), and every tap target — buttons, and links in forms — is at least 44 px high.

One browser and one served app (on SQLite: the layout does not depend on the database) serve the
whole module; each game stands at its own stage."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from werkzeug.exceptions import NotFound
from werkzeug.routing import MapAdapter

from admin_support import PASSWORD
from support import (CHROMIUM, NOW, advance_to_guarding, app_settings, new_game, new_tara_game, outbox,
                     play_tara_until, reset_database, serving, token)
from tain import create_app, transactions
from tain.extensions import db
from tain.models import Game
from tain.services.games import engine_for
from tain.services.play import submit

if not CHROMIUM.exists():
    pytest.skip(f"{CHROMIUM} is not installed", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect  # noqa: E402

ARTIFACTS = Path(__file__).parent / "artifacts" / "pages"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
TAP_TARGET = 44  # px, the least height of anything a thumb must hit
# What a thumb taps: buttons, links in forms, the headings that unfold a group. Hidden ones are not measured.
TAP_TARGETS = "button, input[type=submit], input[type=button], form a, a.button, summary"

expect.set_options(timeout=20_000)


@dataclass(frozen=True)
class Site:
    url: str
    pages: dict[str, str]  # name → path, for a player or anyone
    admin_pages: dict[str, str]  # name → path, behind the admin's login


def _pass_until(game: Game, done: Callable[[dict[str, Any]], bool]) -> None:
    """Whoever is to act passes, until `done(public view)` holds."""
    engine = engine_for(game)
    while not done(engine.view(game.state, None)):
        submit(game.seat_named(engine.to_act(game.state)[0]), {"type": "pass"}, now=NOW)
        db.session.refresh(game)


def _games() -> dict[str, str]:
    """A game at each stage worth seeing, and the pages that show them."""
    three = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Siobhán Ní Bhriain <siobhan@example.org>"]
    start = new_game(three)
    guarding = new_game(three)
    advance_to_guarding(guarding)
    reported = new_game(three)
    advance_to_guarding(reported)
    _pass_until(reported, lambda view: view["turn"] == 2)  # the raids of turn 1 are resolved
    final = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
    _pass_until(final, lambda view: view["over"])
    tara = new_tara_game()
    battle = new_tara_game()
    play_tara_until(battle, lambda view: view["phase"] == "battle")
    tara_final = new_tara_game(options={"games": 1})
    play_tara_until(tara_final, lambda view: view["over"])
    scout = {"type": "scout", "token": "warrior", "board": "Ann", "entrance": "house-1"}
    submit(start.seat_named("Bob"), {"type": "standing", "plan": [  # the plan editor, with an entry's fallbacks
        [scout, {**scout, "entrance": "house-2"}, {**scout, "board": "Siobhán Ní Bhriain"}],
        [{"type": "guard", "token": "boy", "entrance": "pasture-1"}], [{"type": "pass"}]]}, now=NOW)
    submit(tara.seat_named("Bob"), {"type": "standing", "plan": [[{"type": "build", "square": "D4"}]]}, now=NOW)
    italian = [f"{player} it" for player in three]  # the same stages for Italian seats (issue 12)
    it_start, it_reported, it_final = new_game(italian), new_game(italian), new_game(italian[:2])
    advance_to_guarding(it_reported)
    _pass_until(it_reported, lambda view: view["turn"] == 2)
    _pass_until(it_final, lambda view: view["over"])
    it_tara, it_battle = new_tara_game(), new_tara_game()
    with transactions.write():
        for seat in (*it_tara.seats, *it_battle.seats):
            seat.language = "it"
    play_tara_until(it_battle, lambda view: view["phase"] == "battle")

    def mail(game: Game, kind: str) -> int:
        return next(m.id for m in outbox() if m.game_id == game.id and m.kind == kind)

    return {
        "lobby": "/", "new-game": "/games/new",
        "tain-start-to-move": f"/play/{token(start, 'Ann')}",
        "tain-start-waiting": f"/play/{token(start, 'Bob')}",
        "tain-guarding": f"/play/{token(guarding, engine_for(guarding).to_act(guarding.state)[0])}",
        "tain-after-raids": f"/play/{token(reported, 'Ann')}",
        "tain-final": f"/play/{token(final, 'Ann')}",
        "tara-build": f"/play/{token(tara, 'Ann')}",
        "tara-battle": f"/play/{token(battle, engine_for(battle).to_act(battle.state)[0])}",
        "tara-final": f"/play/{token(tara_final, 'Ann')}",
        "tain-plan": f"/play/{token(start, 'Bob')}?plan=on", "tara-plan": f"/play/{token(tara, 'Bob')}?plan=on",
        "public-board": f"/games/{reported.id}", "created": f"/games/{reported.id}/created",
        "history": f"/play/{token(reported, 'Ann')}/history",
        "rules": "/rules", "rules-tain": "/rules/tain", "rules-tara": "/rules/tara",
        "devmail": "/dev/mail", "devmail-one": "/dev/mail?to=siobhan@example.org",
        "devmail-message": f"/dev/mail/{mail(reported, 'events')}",
        "email-raid-report": f"/dev/mail/{mail(reported, 'events')}/html",
        "email-final-scores": f"/dev/mail/{mail(final, 'final-scores')}/html",
        "email-tara-final": f"/dev/mail/{mail(tara_final, 'final-scores')}/html",
        "email-invitation": f"/dev/mail/{mail(start, 'invitation')}/html",
        "it-tain-start": f"/play/{token(it_start, 'Ann')}", "it-tain-plan": f"/play/{token(it_start, 'Bob')}?plan=on",
        "it-tain-after-raids": f"/play/{token(it_reported, 'Ann')}", "it-tain-final": f"/play/{token(it_final, 'Ann')}",
        "it-history": f"/play/{token(it_reported, 'Ann')}/history", "it-tara-build": f"/play/{token(it_tara, 'Ann')}",
        "it-tara-battle": f"/play/{token(it_battle, engine_for(it_battle).to_act(it_battle.state)[0])}",
    }


def _routed(routes: MapAdapter, path: str) -> bool:
    try:
        routes.match(path.split("?")[0], method="GET")
    except NotFound:
        return False
    return True


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    settings = app_settings(f"sqlite:///{tmp_path_factory.mktemp('pages')}/tain.sqlite3")
    app = create_app({**settings, "ADMIN_PASSWORD": PASSWORD})
    with serving(app) as url:  # the links the games email point at this server
        with app.app_context():
            reset_database()
            pages = _games()
            game_id = db.session.query(Game.id).order_by(Game.id).limit(1).scalar()
        # A page the service does not have yet is left out (the rules, the history).
        routes = app.url_map.bind("localhost")
        pages = {name: path for name, path in pages.items() if _routed(routes, path)}
        admin_pages = {"admin-games": "/admin/", "admin-game": f"/admin/games/{game_id}",
                       "admin-new-game": "/admin/games/new", "admin-import": "/admin/games/import",
                       "admin-health": "/admin/health", "admin-mail": "/admin/mail", "admin-audit": "/admin/audit"}
        yield Site(url, pages, admin_pages)
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()


def _logged_in(page: Page, site: Site) -> Page:
    page.goto(f"{site.url}/admin/login")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Games")).to_be_visible()
    return page


def _refused_new_game(page: Page, site: Site) -> None:
    """The new-game form sent with mistakes: the same form again, saying what is wrong."""
    page.goto(f"{site.url}/games/new")
    page.locator("textarea[name=players]").fill("Ann <ann@example.org>\nnot an address")
    page.get_by_role("button", name="Create the game and email the players").click()
    page.wait_for_load_state()


def _admin_confirmation(page: Page, site: Site) -> None:
    """An admin action's confirmation page (pausing the first game)."""
    page.goto(f"{site.url}{site.admin_pages['admin-game']}")
    page.get_by_role("button", name="Pause", exact=True).click()
    expect(page.get_by_text("Are you sure?")).to_be_visible()


def each_page(browser: Browser, site: Site, viewport: dict[str, int]) -> Iterator[tuple[str, Page]]:
    """Every page, shown one after the other in a tab of `viewport`'s size."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        for name, path in site.pages.items():
            assert page.goto(f"{site.url}{path}").status == 200, name
            yield name, page
        _refused_new_game(page, site)
        yield "new-game-refused", page
        page.goto(f"{site.url}/admin/login")
        yield "admin-login", page
        _logged_in(page, site)
        for name, path in site.admin_pages.items():
            assert page.goto(f"{site.url}{path}").status == 200, name
            yield name, page
        _admin_confirmation(page, site)
        yield "admin-confirm", page
    finally:
        context.close()


@pytest.mark.parametrize("size, viewport", [("desktop", DESKTOP), ("phone", PHONE)])
def test_every_page_is_shown_and_saved_at_desktop_and_phone_sizes(module_chromium: Browser, site: Site, size: str,
                                                                  viewport: dict[str, int]) -> None:
    folder = ARTIFACTS / size
    folder.mkdir(parents=True, exist_ok=True)
    shown = []
    for name, page in each_page(module_chromium, site, viewport):
        assert page.locator("body").inner_text().strip(), name
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
        shown.append(name)
    assert {"tain-final", "tara-final", "devmail-message", "email-final-scores", "admin-game"} <= set(shown)
    assert all((folder / f"{name}.png").stat().st_size > 5_000 for name in shown)


# How wide the page is, and the outermost elements that reach past the screen's edge (their parent does not).
WIDER_THAN_THE_SCREEN = """() => {
  const width = window.innerWidth;
  const past = e => e.getBoundingClientRect().right > width + 0.5;
  const name = e => e.tagName.toLowerCase() + (typeof e.className === 'string' && e.className.trim()
    ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  const culprits = [...document.querySelectorAll('body *')].filter(e => past(e) && !past(e.parentElement));
  return {scroll: document.documentElement.scrollWidth, inner: width, wide: culprits.slice(0, 5).map(name)};
}"""


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390px", "360px"])
def test_no_page_is_wider_than_a_phone(module_chromium: Browser, site: Site, viewport: dict[str, int]) -> None:
    too_wide = []
    for name, page in each_page(module_chromium, site, viewport):
        measured = page.evaluate(WIDER_THAN_THE_SCREEN)
        if measured["scroll"] > measured["inner"]:
            too_wide.append(f"{name}: {measured['scroll']} px wide on a {measured['inner']} px screen, "
                            f"past its edge: {', '.join(measured['wide'])}")
    assert not too_wide, "\n".join(too_wide)


SMALL_TAP_TARGETS = """(selector) => [...document.querySelectorAll(selector)]
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([e, box]) => box.width > 0 && box.height > 0 && getComputedStyle(e).visibility !== 'hidden')
  .filter(([e, box]) => box.height < %d - 0.5)
  .map(([e, box]) => `${e.tagName.toLowerCase()} "${(e.innerText || e.value || e.getAttribute('aria-label') || e.title || '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`)
""" % TAP_TARGET


def test_every_tap_target_on_a_phone_is_at_least_44_px_high(module_chromium: Browser, site: Site) -> None:
    small: list[str] = []
    for name, page in each_page(module_chromium, site, PHONE):
        # Unfold every group of moves, so that the buttons inside are measured too.
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        found: list[Any] = page.evaluate(SMALL_TAP_TARGETS, TAP_TARGETS)
        small += [f"{name}: {target}" for target in found[:8]]
    assert not small, f"{len(small)} tap targets lower than {TAP_TARGET} px:\n" + "\n".join(small)
