"""Each seat's language: set by the game's creator (`new-game --language Ann=it`, a line's language in
the new-game forms), changed by the player from their page (a CSRF-protected POST that changes only
that seat), refused clearly, changing nothing, when it is not one the service speaks."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import select

from admin_support import PASSWORD, log_in
from i18n_support import compile_catalogues
from support import csrf_of, new_game, outbox, token
from tain.extensions import db
from tain.models import Game, Seat
from tain.services.games import parse_player

PLAYERS = ["--player", "Ann <ann@example.org>", "--player", "Bob <bob@example.org>"]


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    """The Italian catalogue as `make` compiles it, for a run straight from pytest."""
    compile_catalogues()


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def languages() -> dict[str, str | None]:
    return {seat.name: seat.language for seat in db.session.scalars(select(Seat).order_by(Seat.id))}


def test_new_game_sets_each_player_s_language(runner, app):
    result = runner.invoke(args=["tain", "new-game", *PLAYERS, "--first-player", "Ann",
                                 "--language", "Ann=it", "--language", "Bob=en"])
    assert result.exit_code == 0, result.output
    assert languages() == {"Ann": "it", "Bob": "en"}
    # Ann's invitation gives her deadline in Italian (the clock is real: "tra 24 ore" or so).
    assert re.search(r"\(tra \d+ ore\)", outbox("ann@example.org")[0].body_text)


def test_without_language_a_seat_has_chosen_none(runner, app):
    result = runner.invoke(args=["tain", "new-game", *PLAYERS])
    assert result.exit_code == 0, result.output
    assert languages() == {"Ann": None, "Bob": None}


@pytest.mark.parametrize("option, words", [("Bob=fr", "en or it"), ("Dan=it", "Dan"), ("Bob", "Name=language"),
                                           ("Bob=it", "twice")])
def test_new_game_refuses_a_bad_language_clearly(runner, app, option, words):
    extra = ["--language", "Bob=en"] if words == "twice" else []
    result = runner.invoke(args=["tain", "new-game", *PLAYERS, "--language", option, *extra])
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output
    assert db.session.query(Game).count() == 0


def test_a_player_line_may_end_with_the_player_s_language():
    assert parse_player("Ann <ann@example.org> it").language == "it"
    assert parse_player("Ann <ann@example.org>").language is None


def test_the_lobby_form_takes_a_language_per_player(client, app):
    form = client.get("/games/new")
    answer = client.post("/games/new", data={
        "csrf_token": csrf_of(form.text), "game": "tain", "players": "Ann <ann@example.org> it\nBob <bob@example.org>",
        "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h"})
    assert answer.status_code == 303, answer.text
    with app.app_context():
        assert languages() == {"Ann": "it", "Bob": None}


def test_the_form_refuses_a_language_it_does_not_speak_beside_the_field(client, app):
    form = client.get("/games/new")
    answer = client.post("/games/new", data={
        "csrf_token": csrf_of(form.text), "game": "tain", "players": "Ann <ann@example.org> fr\nBob <bob@example.org>",
        "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h"})
    assert answer.status_code == 400 and "en or it" in answer.text and 'id="players-error-1"' in answer.text
    with app.app_context():
        assert db.session.query(Game).count() == 0


def test_the_admin_form_takes_a_language_per_player(client, app):
    log_in(client)
    form = client.get("/admin/games/new")
    answer = client.post("/admin/games/new", data={
        "csrf_token": csrf_of(form.text), "game": "tain",
        "players": "Ann <ann@example.org>\nBob <bob@example.org> it\nDana (bot)",
        "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h"})
    assert answer.status_code == 303, answer.text
    with app.app_context():
        assert languages() == {"Ann": None, "Bob": "it", "Dana": None}


@pytest.fixture
def links(ctx):
    game = new_game(move_deadline=timedelta(hours=23))
    return {name: token(game, name) for name in ("Ann", "Bob", "Cat")}


def switch(client, link: str, language: str, csrf: bool = True):
    data = {"language": language}
    if csrf:
        data["csrf_token"] = csrf_of(client.get(f"/play/{link}").text)
    return client.post(f"/play/{link}/language", data=data)


def test_the_player_s_page_switches_its_own_language(client, links, app):
    page = client.get(f"/play/{links['Bob']}").text
    assert f'action="/play/{links["Bob"]}/language"' in page and ">Italiano</button>" in page
    answer = switch(client, links["Bob"], "it")
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/play/{links['Bob']}")
    with app.app_context():
        assert languages() == {"Ann": None, "Bob": "it", "Cat": None}
    shown = client.get(f"/play/{links['Bob']}", headers={"Accept-Language": "en"}).text
    assert '<html lang="it">' in shown and "ora sono in italiano" in shown  # said in the new language
    switch(client, links["Bob"], "en")
    with app.app_context():
        assert languages()["Bob"] == "en"


@pytest.mark.parametrize("language", ["fr", "", "it; DROP TABLE seats", "x" * 5000])
def test_a_language_it_does_not_speak_is_refused_and_changes_nothing(client, links, app, language):
    answer = switch(client, links["Ann"], language)
    assert answer.status_code == 400 and "English (en) or Italian (it)" in answer.text
    assert "Nothing was changed" in answer.text
    with app.app_context():
        assert languages() == {"Ann": None, "Bob": None, "Cat": None}


def test_the_switch_needs_the_page_s_csrf_token(client, links, app):
    answer = switch(client, links["Ann"], "it", csrf=False)
    assert answer.status_code == 400
    with app.app_context():
        assert languages()["Ann"] is None


def test_the_switch_needs_a_link_that_opens_the_seat(client, links, app):
    csrf = csrf_of(client.get(f"/play/{links['Ann']}").text)
    answer = client.post("/play/not-a-real-token-here/language", data={"csrf_token": csrf, "language": "it"})
    assert answer.status_code == 403
    with app.app_context():
        assert all(language is None for language in languages().values())


def test_emails_follow_the_switch(client, links, app):
    switch(client, links["Ann"], "it")
    csrf = csrf_of(client.get(f"/play/{links['Ann']}").text)
    assert client.post(f"/play/{links['Ann']}/new-link", data={"csrf_token": csrf}).status_code == 200
    with app.app_context():
        link_email = outbox("ann@example.org")[-1]
    assert link_email.kind == "link" and re.search(r"\(tra \d+ \w+\)", link_email.body_text)  # her deadline
