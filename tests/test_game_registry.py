"""One registry per layer: every engine registered in tain.games has its page module in
tain.web.game_pages (and the reverse), checked when the app is built."""
from __future__ import annotations

import pytest

import tain.games
from tain import create_app
from tain.games import game_names, get_game
from tain.web import game_pages


def test_every_registered_game_has_its_page_module_and_every_page_its_engine():
    assert set(game_names()) == set(game_pages.PAGES) == {"tain", "tara", "inis"}
    game_pages.check_registered()


def test_an_engine_without_its_page_module_stops_the_app_from_starting(monkeypatch):
    monkeypatch.setitem(tain.games._REGISTRY, "tain-again", get_game("tain"))
    with pytest.raises(RuntimeError, match=r"games without a page module: \['tain-again'\]"):
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})


def test_a_page_module_without_its_engine_stops_the_app_from_starting(monkeypatch):
    monkeypatch.setitem(game_pages.PAGES, "chess", game_pages.PAGES["tara"])
    with pytest.raises(RuntimeError, match=r"page modules without an engine: \['chess'\]"):
        game_pages.check_registered()
    with pytest.raises(RuntimeError):
        create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://"})
