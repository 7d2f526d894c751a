"""A seat's page kept once drawn (tain.web.kept_pages): opened again, it is the page drawn afresh, for every
seat of every game all game long and after every change a player or the organiser makes that is not a
move, with the queries the page reads too; what is for one request alone (a message, a refused form, a
query the page does not read, the seconds before a deadline) is never kept; each browser gets its own
CSRF token on a kept page."""
from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest

import tain.web.play
from i18n_support import compile_catalogues
from kept_support import CSRF, opened, shared_through_redis, started
from support import NOW, csrf_of, shown_in_browser
from tain.extensions import db
from tain.models import Game
from tain.services import admin
from tain.services.games import engine_for
from tain.services.play import seat_snapshot, submit
from tain.web.kept import kept

MOVES_BETWEEN_LOOKS = {"tain": 12, "tara": 7, "inis": 20}
MOVES_AT_MOST = {"tain": 400, "tara": 400, "inis": 250}  # an Inis game is long: its first 250 moves


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    compile_catalogues()


def kept_and_fresh(app: Any, client: Any, url: str, draws: list[str]) -> tuple[str, str, bool]:
    """The page as the service answers it (kept, if it was drawn before for the same reads), and drawn
    afresh (templates that reload keep nothing), without their CSRF tokens; and whether the first was kept."""
    before = len(draws)
    kept = opened(client, url)
    was_kept = len(draws) == before
    app.jinja_env.auto_reload = True
    try:
        fresh = opened(client, url)
    finally:
        app.jinja_env.auto_reload = False
    return CSRF.sub("", kept), CSRF.sub("", fresh), was_kept


def post_form(client: Any, url: str, fields: dict[str, str], to: str = "") -> None:
    """A form of the page at `url` (sent to `url` + `to`), then the page it redirects to (its message, shown once)."""
    html = opened(client, url)
    response = client.post(url + to, data={"csrf_token": csrf_of(html), **fields})
    assert response.status_code == 303, response.text
    client.get(response.headers["Location"])


def a_change(app: Any, client: Any, game_id: int, urls: dict[str, str], step: int) -> None:
    """Something other than a move that changes what a page shows: each in turn."""
    name = list(urls)[step % len(urls)]
    url = urls[name]
    now = NOW + timedelta(days=1)
    match step % 7:
        case 0:  # nothing: the same page again
            pass
        case 1:  # the player's browser showed the page: "since you last looked" starts after it
            shown_in_browser(client, opened(client, url))
        case 2:
            post_form(client, url, {"mail_mode": "digest" if step % 2 else "each", "away_days": "",
                                    "time_zone": "Europe/Rome" if step % 3 else "America/New_York"})
        case 3:
            post_form(client, url, {"language": "it" if step % 2 else "en"}, to="/language")
        case 4:  # the game stays paused until the next change
            with app.app_context():
                game = db.session.get(Game, game_id)
                if game.status == "running" and game.paused_at is None:
                    admin.pause(game_id, actor="test", now=now)
        case 5:
            with app.app_context():
                game = db.session.get(Game, game_id)
                if game.paused_at is not None:
                    admin.resume(game_id, actor="test", now=now)
        case 6:
            with app.app_context():
                game = db.session.get(Game, game_id)
                if game.status == "running" and game.paused_at is None and game.deadline_at is not None:
                    admin.extend(game_id, game.deadline_at + timedelta(hours=5), actor="test", now=now)


@pytest.mark.parametrize("game_name, shelf", [("tain", "worker"), ("tara", "worker"), ("inis", "worker"),
                                              ("tain", "shared")])
def test_every_seats_kept_page_is_the_page_drawn_afresh_all_game_long(app, game_name, shelf, draws):
    """Between looks at every seat's page: moves, and each change that is not one (the page seen, settings,
    language, a pause and its end, a later deadline); each kept page is the page drawn afresh then, so
    its key holds everything the page shows. `shared`: each kept page is the one kept on Redis."""
    if shelf == "shared":
        shared_through_redis(app)
        app.config["KEPT_PAGES_MB"] = 0.001  # no page fits the worker's own shelf
    game_id, urls = started(app, game_name)
    client, moves, looks, kept_looks, step = app.test_client(), 0, 0, 0, 0
    bot = None
    while moves < MOVES_AT_MOST[game_name]:
        if moves % MOVES_BETWEEN_LOOKS[game_name] == 0:
            # Every seat's page, and the first one's with the queries the page reads: as after its move a few
            # moves ago, and in plan mode.
            since = f"?since={max(0, moves - 3)}"
            looked = {**urls, "Ann since": urls["Ann"] + since, "Ann plan": urls["Ann"] + "?plan=on"}
            for look in range(2):  # before and after the change
                for name, url in looked.items():
                    kept, fresh, was_kept = kept_and_fresh(app, client, url, draws)
                    assert kept == fresh, (game_name, name, moves, step, was_kept)
                    looks, kept_looks = looks + 1, kept_looks + was_kept
                if look == 0:
                    a_change(app, client, game_id, urls, step)
                    step += 1
        with app.app_context():
            game = db.session.get(Game, game_id)
            engine = engine_for(game)
            bot = bot or engine.make_bot(5)
            if game.over:
                break
            if game.paused_at is not None:  # nobody moves: look again, and the next change resumes it
                continue
            player = engine.to_act(game.state)[0]
            snapshot = seat_snapshot(game.seat_named(player))
            submit(game.seat_named(player), bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
        moves += 1
    assert step > 9 and looks > 50
    assert kept_looks > looks / 5, "pages opened again with nothing changed were drawn again"


def test_a_page_opened_again_is_kept_for_each_browser_with_its_own_csrf_token(app, draws):
    game_id, urls = started(app, "tara")
    ann, bob = app.test_client(), app.test_client()
    first, again = opened(ann, urls["Ann"]), opened(bob, urls["Ann"])
    assert len(draws) == 1  # Bob's browser got the page Ann's had drawn
    assert csrf_of(first) != csrf_of(again) and CSRF.sub("", first) == CSRF.sub("", again)
    response = bob.post(urls["Ann"], data={"csrf_token": csrf_of(again), "mail_mode": "digest", "away_days": "",
                                          "time_zone": ""})
    assert response.status_code == 303 and "Your days away" in bob.get(response.headers["Location"]).text
    with app.app_context():
        assert db.session.get(Game, game_id).seat_named("Ann").mail_mode == "digest"
    refused = ann.post(urls["Ann"], data={"csrf_token": csrf_of(again), "mail_mode": "each"})
    assert refused.status_code == 400  # a token is its own browser's, kept page or not


def test_what_is_for_one_request_is_drawn_for_it_alone(app, draws):
    """A message after a form, a refused form: shown once, never kept for the next open; a query the page
    reads is kept with its page, one it does not read is drawn each time."""
    _, urls = started(app, "tara")
    client, ann = app.test_client(), urls["Ann"]
    opened(client, ann)
    html = opened(client, ann)
    saved = client.post(ann, data={"csrf_token": csrf_of(html), "mail_mode": "digest", "away_days": "", "time_zone": ""})
    assert "Your days away, email choice and time zone were saved." in client.get(saved.headers["Location"]).text
    assert "were saved" not in opened(client, ann)
    refused = client.post(ann, data={"csrf_token": csrf_of(html), "mail_mode": "sometimes", "away_days": "soon"})
    with_problems = client.get(refused.headers["Location"]).text
    assert "soon" in with_problems and "soon" not in opened(client, ann)
    assert "?plan=on" not in ann and 'id="plan-form"' in opened(client, ann + "?plan=on")
    assert 'id="plan-form"' not in opened(client, ann) and 'id="plan-form"' in opened(client, ann + "?plan=on")
    opened(client, ann + "?from=email"), opened(client, ann + "?from=email")
    # Drawn: the first page, the one with the message, the next (the seat's settings changed), the refused form,
    # the plan's (once), the unread query's (each time).
    assert len(draws) == 7


def test_a_plan_drafted_on_the_seats_move_is_on_its_kept_page(app, draws):
    _, urls = started(app, "tara")
    client, ann = app.test_client(), urls["Ann"]
    html = opened(client, ann + "?plan=on")
    for square in ("D4", "E5"):
        response = client.post(ann, data={"csrf_token": csrf_of(html), "version": "0", "when": "plan", "as": "new",
                                          "plan_mode": "on", "action": json.dumps({"type": "build", "square": square}),
                                          "plan_shown": re.search(r'name="plan_shown" value="([^"]*)"', html)[1]})
        assert response.status_code == 303
        client.get(response.headers["Location"])  # its message, once
        kept, fresh, was_kept = kept_and_fresh(app, client, ann, draws)
        assert kept == fresh and f"Build on {square}" in kept and not was_kept
        html = opened(client, ann + "?plan=on")


def test_a_kept_page_says_how_far_off_the_deadline_is_as_time_goes_by(app, monkeypatch, draws):
    """Kept while the words for the time left hold ("in 3 hours"), drawn again once they change; in the last
    two minutes, the seconds, each page drawn."""
    game_id, urls = started(app, "tara", now=tain.web.play.utcnow())  # the link is as old as the game
    with app.app_context():
        deadline = db.session.get(Game, game_id).deadline_at
    client = app.test_client()
    for left, words in [(timedelta(hours=3), "in 3 hours"), (timedelta(hours=2, minutes=59), "in 3 hours"),
                        (timedelta(minutes=100), "in 100 minutes"), (timedelta(seconds=100), "in 100 seconds"),
                        (timedelta(seconds=70), "in 70 seconds"), (timedelta(seconds=-30), "30 seconds ago")]:
        monkeypatch.setattr(tain.web.play, "utcnow", lambda at=deadline - left: at)
        assert words in opened(client, urls["Ann"]), words
    assert len(draws) == 5


def test_nothing_is_kept_with_no_room_for_pages(app, draws):
    app.config["KEPT_PAGES_MB"] = 0
    _, urls = started(app, "tara")
    client = app.test_client()
    opened(client, urls["Ann"]), opened(client, urls["Ann"])
    assert len(draws) == 2 and "kept_pages" not in app.extensions


def test_a_shelf_forgets_the_least_recently_used_beyond_its_budget(app):
    drawn: list[str] = []

    def kept_as(reads: str, value: Any) -> Any:
        return kept("test_shelf", 10, [reads], lambda: drawn.append(reads) or value)

    with app.test_request_context():
        kept_as("a", b"1234"), kept_as("b", (b"12", b"34"))
        kept_as("a", b"1234")  # now the most recently used
        kept_as("c", b"1234")  # over the budget: "b" is forgotten
        kept_as("b", (b"12", b"34")), kept_as("a", b"1234")
        kept_as("d", b"x" * 11), kept_as("d", b"x" * 11)  # more than the whole budget: never kept
    assert drawn == ["a", "b", "c", "b", "a", "d", "d"]
