"""Blocks of HTML kept once drawn (tain.web.kept: past reports, Tàin's clan boards): each reader
still gets them in their own language, and a page drawn from kept blocks is the page drawn afresh, for
every seat at every stage of a game."""
from __future__ import annotations

import re
from typing import Any

import pytest

from i18n_support import compile_catalogues
from support import NOW, create_game, parse_player, token
from tain import transactions
from tain.extensions import db
from tain.models import Game
from tain.services.games import engine_for
from tain.services.play import seat_snapshot, submit

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org> it", "Cat <cat@example.org>"]
CSRF = re.compile(r'name="csrf_token" value="[^"]+"')


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    compile_catalogues()


def game_after_raids(app: Any, raids: int = 2) -> int:
    """A Tàin game played by its bots until `raids` raid phases are reported."""
    with app.app_context(), transactions.write():
        game = create_game("tain", [parse_player(p) for p in PLAYERS], now=NOW, seed=3, first_player="Ann")
        game_id = game.id
    engine = None
    while True:
        with app.app_context():
            game = db.session.get(Game, game_id)
            engine = engine or engine_for(game)
            if len(engine.view(game.state, None)["reports"]) >= raids:
                return game_id
            player = engine.to_act(game.state)[0]
            snapshot = seat_snapshot(game.seat_named(player))
            submit(game.seat_named(player), engine.make_bot(1).choose(snapshot["view"], snapshot["legal_actions"]),
                   now=NOW)


def link(app: Any, game_id: int, name: str) -> str:
    """The seat's page with everything since the game began."""
    with app.app_context():
        return f"/play/{token(db.session.get(Game, game_id), name)}?since=0"


def story(client: Any, link: str) -> str:
    page = client.get(link)
    assert page.status_code == 200
    return CSRF.sub("", page.text)


def test_each_reader_gets_the_kept_reports_in_their_language(app, client):
    game_id = game_after_raids(app)
    ann, bob = link(app, game_id, "Ann"), link(app, game_id, "Bob")
    english, italian = story(client, ann), story(client, bob)
    assert english.count("Turn 1 raids") >= 2 and "Razzie del turno 1" not in english
    assert italian.count("Razzie del turno 1") >= 2 and "Turn 1 raids" not in italian
    assert story(client, ann) == english


def test_a_page_of_kept_reports_is_the_page_drawn_afresh(app, client):
    game_id = game_after_raids(app)
    cat = link(app, game_id, "Cat")
    first, kept = story(client, cat), story(client, cat)
    app.jinja_env.auto_reload = True  # templates that may change are drawn every time
    assert story(client, cat) == kept == first
    assert app.extensions["kept_html"]


def test_every_seat_s_page_from_kept_blocks_is_the_page_drawn_afresh_all_game_long(app):
    """Each seat's page after many moves of a 4-player game (the viewer's own board and the others', open
    slots to click, passes, raids, the end), drawn from what was kept over the whole game so far and drawn
    afresh: the same, so every block's key holds everything it reads."""
    players = ["Ann <ann@example.org>", "Bob <bob@example.org> it", "Cat <cat@example.org>", "Dan <dan@example.org>"]
    with app.app_context(), transactions.write():
        game = create_game("tain", [parse_player(p) for p in players], now=NOW, seed=11, first_player="Bob")
        game_id, names = game.id, [seat.name for seat in game.seats]
    links = {name: link(app, game_id, name).removesuffix("?since=0") for name in names}
    client, engine, moves, compared = app.test_client(), None, 0, 0
    while True:
        if moves % 3 == 0:
            for name, page in links.items():
                app.jinja_env.auto_reload = False
                kept = story(client, page)
                app.jinja_env.auto_reload = True
                assert story(client, page) == kept, (name, moves)
                compared += 1
        with app.app_context():
            game = db.session.get(Game, game_id)
            engine = engine or engine_for(game)
            if game.over:
                break
            player = engine.to_act(game.state)[0]
            snapshot = seat_snapshot(game.seat_named(player))
            submit(game.seat_named(player), engine.make_bot(moves).choose(snapshot["view"], snapshot["legal_actions"]),
                   now=NOW)
        moves += 1
    app.jinja_env.auto_reload = False
    assert compared > 100 and len(app.extensions["kept_html"]) > 50
