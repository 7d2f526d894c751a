"""Past reports' HTML kept once drawn (tain.web.game_pages.kept): each reader still gets the report in
their own language, and a page drawn from kept reports is the page drawn afresh."""
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
    assert app.extensions["kept_reports"]
