"""Which language each reader gets: a seat's page and API in the seat's language, the dashboard in its
admin's choice, any other page in the browser's; emails in their recipient's language, whoever's
request wrote them; Babel's dates, durations, plurals and lists in the current language."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest

from admin_support import PASSWORD, act, log_in
from i18n_support import compile_catalogues
from support import NOW, csrf_of, outbox, token
from tain import transactions
from tain.extensions import db
from tain.local_time import local_time
from tain.models import AdminPreference, Game
from tain.services import notify
from tain.services.games import NewPlayer, create_game, engine_for
from tain.wording import Phrase, current_language, names, ngettext, say, with_language

ITALIAN = {"Accept-Language": "it-IT,it;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.8"}


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    """The Italian catalogue as `make` compiles it, for a run straight from pytest."""
    compile_catalogues()


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def page_language(html: str) -> str:
    return re.search(r'<html lang="([a-z]+)"', html)[1]


def mixed_game() -> Game:
    """Ann has chosen no language, Bob Italian, Cat English; Ann to move, for 23 hours."""
    return create_game("tain", [NewPlayer("Ann", "ann@example.org"), NewPlayer("Bob", "bob@example.org", language="it"),
                                NewPlayer("Cat", "cat@example.org", language="en")],
                       now=NOW, seed=7, first_player="Ann", move_deadline=timedelta(hours=23))


def test_babel_speaks_the_language_it_is_asked_for(app):
    with app.test_request_context("/"):
        assert current_language() == "en"
        assert ngettext("%(num)d point", "%(num)d points", 2) == "2 points" and names(["Ann", "Bob"]) == "Ann and Bob"
        with with_language("it"):
            assert current_language() == "it"
            assert ngettext("%(num)d point", "%(num)d points", 2) == "2 punti"
            assert ngettext("%(num)d point", "%(num)d points", 1) == "1 punto"
            assert names(["Ann", "Bob", "Cat"]) == "Ann, Bob e Cat"
            assert local_time(NOW + timedelta(hours=23), NOW, "Europe/Rome").relative == "tra 23 ore"
            phrase = Phrase("There is no game #%(game)s.", game=4)
            assert phrase == "There is no game #4." and say(phrase) == "Non c'è nessuna partita n. 4."
            with with_language("en"):
                assert local_time(NOW + timedelta(hours=23), NOW, None).relative == "in 23 hours"
            assert current_language() == "it"
        assert current_language() == "en"
        with with_language("xx"):  # an unknown language is English
            assert current_language() == "en"


def test_outside_a_request_it_is_english_unless_told(app):
    assert current_language() == "en"
    with with_language("it"):
        assert local_time(NOW + timedelta(days=3), NOW, None).when == "sab 4 mag, 12:00 UTC"


@pytest.mark.parametrize("headers, expected", [(ITALIAN, "it"), (ENGLISH, "en"), ({"Accept-Language": "fr"}, "en"),
                                                ({}, "en")])
def test_pages_without_a_reader_follow_the_browser(client, headers, expected):
    assert page_language(client.get("/", headers=headers).text) == expected
    assert page_language(client.get("/rules/tain", headers=headers).text) == expected


def test_the_front_page_and_the_rules_speak_italian(client):
    assert "Inizia una nuova partita" in client.get("/", headers=ITALIAN).text
    rules = client.get("/rules/tain", headers=ITALIAN).text
    assert "Come si gioca a Tàin" in rules and "mucche" in rules and "How to play" not in rules


def test_a_seat_s_page_is_in_the_seat_s_language_whatever_the_browser(client):
    game = mixed_game()
    links = {name: token(game, name) for name in ("Ann", "Bob", "Cat")}
    assert page_language(client.get(f"/play/{links['Bob']}", headers=ENGLISH).text) == "it"
    assert page_language(client.get(f"/play/{links['Cat']}", headers=ITALIAN).text) == "en"
    # Ann chose none: English, the default (service-contract.md), whatever her browser asks.
    assert page_language(client.get(f"/play/{links['Ann']}", headers=ITALIAN).text) == "en"
    assert client.get(f"/api/v1/play/{links['Ann']}", headers=ITALIAN).headers["Content-Language"] == "en"
    assert page_language(client.get(f"/play/{links['Bob']}/history", headers=ENGLISH).text) == "it"


def test_a_link_that_opens_no_seat_follows_the_browser(client):
    page = client.get("/play/not-a-token-at-all-really", headers=ITALIAN)
    assert page.status_code == 403 and page_language(page.text) == "it"
    assert "Questo link non è valido" in page.text


def test_the_api_answers_in_the_seat_s_language_and_keeps_its_error_english(client):
    game = mixed_game()
    bob = token(game, "Bob")
    answer = client.get(f"/api/v1/play/{bob}", headers=ENGLISH)
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "it"
    refused = client.post(f"/api/v1/play/{bob}", json={"action": {"type": "pass"}}, headers=ITALIAN)
    assert refused.status_code == 409 and refused.headers["Content-Language"] == "it"
    assert refused.json["code"] == "not-your-move" and refused.json["error"] == "It is not your move now."
    bad = client.get("/api/v1/play/nonsense-token", headers=ITALIAN)
    assert bad.status_code == 403 and bad.json["error"].startswith("This link is not valid")


def test_each_email_is_in_its_recipient_s_language(app):
    mixed_game()
    deadline = {m.recipient: m.body_text for m in outbox()}
    assert "in 23 hours" in deadline["ann@example.org"]  # Ann, to move, chose none: English
    with transactions.write():
        db.session.get(Game, 1).seat_named("Ann").language = "it"
    with app.test_request_context("/", headers=ENGLISH):  # an English reader's request writes Ann's email
        assert current_language() == "en"
        game = db.session.get(Game, 1)
        with transactions.write():
            notify.seat_link(game, engine_for(game), game.seat_named("Ann"), now=NOW)
        assert current_language() == "en"
    assert "tra 23 ore" in outbox("ann@example.org")[-1].body_text


def test_the_dashboard_follows_its_admin_s_choice(client, app):
    mixed_game()
    assert log_in(client).status_code == 303
    assert page_language(client.get("/admin/", headers=ITALIAN).text) == "it"  # no choice yet: the browser's
    settings = client.get("/admin/settings", headers=ENGLISH)
    assert settings.status_code == 200 and "UTC" in settings.text
    answer = client.post("/admin/settings", data={"csrf_token": csrf_of(settings.text), "language": "it",
                                                  "time_zone": "Europe/Rome"}, headers=ENGLISH)
    assert answer.status_code == 303
    with app.app_context():
        assert db.session.get(AdminPreference, "admin").language == "it"
    games = client.get("/admin/", headers=ENGLISH).text
    assert page_language(games) == "it" and "Partite" in games
    # Times follow the admin's zone, and the page says which: the deadline is 11:00 UTC, 13:00 in Rome.
    assert "13:00" in games and "Europe/Rome" in games
    game_page = client.get("/admin/games/1", headers=ENGLISH).text
    assert "13:00" in game_page and "Europe/Rome" in game_page


def test_an_admin_s_extended_deadline_is_read_on_their_clock(client, app):
    mixed_game()
    log_in(client)
    settings = client.get("/admin/settings")
    client.post("/admin/settings", data={"csrf_token": csrf_of(settings.text), "language": "en",
                                         "time_zone": "Europe/Rome"})
    act(client, "/admin/games/1/extend", until="2099-01-02T03:04")
    with app.app_context():
        assert db.session.get(Game, 1).deadline_at.strftime("%Y-%m-%d %H:%M") == "2099-01-02 02:04"  # CET is UTC+1


@pytest.mark.parametrize("fields", [{"language": "fr", "time_zone": ""}, {"language": "it", "time_zone": "Mars/Olympus"},
                                    {"time_zone": "UTC"}])
def test_a_bad_admin_setting_is_refused_and_changes_nothing(client, app, fields):
    log_in(client)
    settings = client.get("/admin/settings")
    answer = client.post("/admin/settings", data={"csrf_token": csrf_of(settings.text), **fields}, headers=ENGLISH)
    assert answer.status_code == 400 and "Nothing was changed" in answer.text
    with app.app_context():
        assert db.session.get(AdminPreference, "admin") is None


def test_the_admin_settings_need_the_form_s_csrf_token(client, app):
    log_in(client)
    answer = client.post("/admin/settings", data={"language": "it", "time_zone": ""})
    assert answer.status_code == 400
    with app.app_context():
        assert db.session.get(AdminPreference, "admin") is None
