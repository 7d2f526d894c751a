"""A player's page in Italian: every page an Italian seat is shown (Tàin while scouting, guarding,
after raids and at the end; Tara while building and in battle; Inis choosing the Capital, in a draft
step, a Season turn, a window and a maneuver; the history, the plan editor, a
refused form, the pass confirmation) has no English word of the interface, while an English seat's
page in the same game stays in English."""
from __future__ import annotations

import re
from typing import Any

import pytest

from i18n_support import compile_catalogues, visible_words
from support import NOW, advance_to_guarding, create_game, csrf_of, parse_player, play_tara_until, token
from tain import transactions
from tain.extensions import db
from tain.models import Game
from tain.services.games import engine_for
from tain.services.play import seat_snapshot, submit
from test_i18n_catalogue import english_words

PLAYERS = ["Ann <ann@example.org> it", "Bob <bob@example.org>", "Cat <cat@example.org> it"]
TARA = ["Ann <ann@example.org> it", "Bob <bob@example.org>"]


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    compile_catalogues()


def tain_game(app: Any, until: Any = None) -> int:
    with app.app_context(), transactions.write():
        game = create_game("tain", [parse_player(p) for p in PLAYERS], now=NOW, seed=7, first_player="Ann")
        if until:
            until(game)
        return game.id


def seat_page(client: Any, app: Any, game_id: int, name: str, suffix: str = "") -> str:
    with app.app_context():
        link = f"/play/{token(db.session.get(Game, game_id), name)}{suffix}"
    page = client.get(link)
    assert page.status_code == 200
    return page.text


def italian(html: str) -> set[str]:
    assert '<html lang="it">' in html
    return english_words(html)


def play_bots(game: Any, done: Any) -> None:
    engine = engine_for(game)
    bots = {seat.name: engine.make_bot(n) for n, seat in enumerate(game.seats)}
    while not done(game):
        for player in engine.to_act(game.state):
            snapshot = seat_snapshot(game.seat_named(player))
            submit(game.seat_named(player), bots[player].choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)


def after_raids(game: Any) -> None:
    play_bots(game, lambda g: bool(engine_for(g).view(g.state, None)["reports"]))


def to_the_end(game: Any) -> None:
    play_bots(game, lambda g: g.over)


@pytest.mark.parametrize("until", [None, advance_to_guarding, after_raids, to_the_end],
                         ids=["scouting", "guarding", "after-raids", "final"])
def test_an_italian_tain_seat_s_page_has_no_english_word(client, app, until):
    game_id = tain_game(app, until)
    for name in ("Ann", "Cat"):
        assert italian(seat_page(client, app, game_id, name)) == set()


def test_an_italian_seat_s_history_and_plan_editor_have_no_english_word(client, app):
    game_id = tain_game(app, after_raids)
    assert italian(seat_page(client, app, game_id, "Cat", "/history")) == set()
    assert italian(seat_page(client, app, game_id, "Cat", "?plan=on")) == set()


def test_an_italian_seat_s_refused_form_and_pass_confirmation_have_no_english_word(client, app):
    game_id = tain_game(app)
    with app.app_context():
        link = f"/play/{token(db.session.get(Game, game_id), 'Ann')}"
    html = client.get(link).text
    refused = client.post(link, data={"csrf_token": csrf_of(html), "away_days": "soon", "mail_mode": "each",
                                      "time_zone": "Nowhere/Atlantis"}, follow_redirects=True)
    assert 'class="field-error"' in refused.text and italian(refused.text) == set()
    version = re.search(r'name="version" value="(\d+)"', html)[1]
    confirm = client.post(link, data={"csrf_token": csrf_of(html), "version": version, "action": '{"type": "pass"}'})
    assert 'id="confirm-title"' in confirm.text and italian(confirm.text) == set()


@pytest.mark.parametrize("phase", ["build", "battle"])
def test_an_italian_tara_seat_s_page_has_no_english_word(client, app, phase):
    with app.app_context(), transactions.write():
        game = create_game("tara", [parse_player(p) for p in TARA], now=NOW, seed=7, first_player="Ann")
        if phase == "battle":
            play_tara_until(game, lambda view: view["phase"] == "battle")
        game_id = game.id
    assert italian(seat_page(client, app, game_id, "Ann")) == set()


TOKEN_LETTER = re.compile(r'token--(\w+)[^"]*" title="[^"]*">\s*<span aria-hidden="true">([^<]*)</span>')
LEGEND_LETTER = re.compile(r"<span><b>([^<]*)</b> ([^<]*)</span>")


@pytest.mark.parametrize("name, language, letters", [("Ann", "it", {"C", "G", "R", "M"}), ("Bob", "en", {"C", "W", "B", "D"})])
def test_the_page_s_token_letters_are_the_picture_s_in_the_seat_s_language(client, app, name, language, letters):
    """The page draws a face-up token with the letter the emailed picture draws (tain.pictures), in the seat's
    language: its name's initial there."""
    from tain.pictures.tain import glyph
    from tain.wording import with_language

    game_id = tain_game(app, after_raids)
    html = seat_page(client, app, game_id, name) + seat_page(client, app, game_id, name, "/history")
    shown = set(TOKEN_LETTER.findall(html))
    assert {kind for kind, _ in shown} >= {"chieftain", "warrior", "boy", "daughter"}, shown
    with app.app_context(), with_language(language):
        assert all(letter == glyph(kind) for kind, letter in shown), shown
    legend = dict(LEGEND_LETTER.findall(html))
    assert letters <= set(legend) and "~" in legend, legend


def test_an_english_seat_s_page_stays_in_english(client, app):
    game_id = tain_game(app, after_raids)
    html = seat_page(client, app, game_id, "Bob")
    assert '<html lang="en">' in html
    for sentence in ("Since you last looked", "This link is your seat", "Days away, email and time zone",
                     "The story so far", "Email me a new link"):
        assert sentence in html


INIS = ["Ann <ann@example.org> it", "Bob <bob@example.org>", "Cat <cat@example.org> it"]
# Inis's own English words, which its cards, questions and reports would leave on an Italian page.
INIS_ENGLISH = {"card", "cards", "territory", "territories", "season", "hand", "draw", "discard", "place", "keep",
                "clash", "peace", "attack", "deeds", "pass", "choose", "sanctuary", "citadel", "capital"}


@pytest.mark.parametrize("step", ["capital", "draft", "turn", "window", "maneuver"])
def test_an_italian_inis_seat_s_page_has_no_english_word(client, app, step):
    def reached(game: Any) -> bool:
        return game.over or engine_for(game).view(game.state, None)["step"] == step

    with app.app_context(), transactions.write():
        game = create_game("inis", [parse_player(p) for p in INIS], now=NOW, seed=4, first_player="Ann")
        play_bots(game, reached)
        assert not game.over, step
        game_id = game.id
    for name in ("Ann", "Cat"):
        page = seat_page(client, app, game_id, name)
        assert italian(page) | (set(visible_words(page)) & INIS_ENGLISH) == set(), (step, name)
