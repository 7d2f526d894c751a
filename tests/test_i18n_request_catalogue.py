"""The catalogue is looked up once per request and language (`tain.wording.catalogue`, issue 15), and
the link's token checked once per request (`tain.web.seat_of_link`): every answer is still in its own
reader's language, request after request, and `with_language` still switches inside one."""
from __future__ import annotations

import pytest
from flask import render_template_string

from i18n_support import compile_catalogues
from support import new_game, token
from tain.wording import gettext, ngettext, with_language

PLAYERS = ["Ann <ann@example.org> it", "Bob <bob@example.org> en", "Cat <cat@example.org>"]
ITALIAN, ENGLISH = "Come si gioca a Tàin", "How to play Tàin"


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    compile_catalogues()


@pytest.fixture
def links(ctx) -> dict[str, str]:
    game = new_game(PLAYERS)
    return {name: token(game, name) for name in ("Ann", "Bob", "Cat")}


def test_requests_in_a_row_each_speak_their_own_reader_s_language(client, links):
    # (seat, the browser's language, the language of the answer): a chosen language wins over the browser's,
    # and a seat with none (Cat) reads English, the default
    for name, browser, expected in [("Ann", "en", "it"), ("Bob", "it", "en"), ("Ann", "en", "it"), ("Cat", "it", "en"),
                                    ("Cat", "en", "en"), ("Ann", "en", "it")]:
        page = client.get(f"/play/{links[name]}", headers={"Accept-Language": browser})
        assert page.status_code == 200 and page.headers["Content-Language"] == expected, (name, browser)
        assert f'<html lang="{expected}">' in page.text
        assert (ITALIAN if expected == "it" else ENGLISH) in page.text
        assert (ENGLISH if expected == "it" else ITALIAN) not in page.text
        api = client.get(f"/api/v1/play/{links[name]}", headers={"Accept-Language": browser})
        assert api.headers["Content-Language"] == expected, (name, browser)


def test_a_move_answers_in_the_seat_s_language(client, links):
    snapshot = client.get(f"/api/v1/play/{links['Ann']}").get_json()
    move = next(action for action in snapshot["legal_actions"] if action["type"] != "pass")
    answer = client.post(f"/api/v1/play/{links['Ann']}", json={"action": move, "version": snapshot["game"]["version"]})
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "it"
    assert answer.get_json()["game"]["version"] == snapshot["game"]["version"] + 1  # the snapshot after the move
    assert client.get(f"/api/v1/play/{links['Bob']}").headers["Content-Language"] == "en"


def test_with_language_switches_the_catalogue_inside_one_request(app):
    template = '{{ _("Your move was recorded.") }} {{ ngettext("%(num)d Citadel", "%(num)d Citadels", 2) }}'
    with app.test_request_context("/", headers={"Accept-Language": "it"}):
        italian = gettext("Your move was recorded.")
        assert italian == "La tua mossa è stata registrata."
        assert render_template_string(template) == f"{italian} 2 Cittadelle"
        with with_language("en"):
            assert gettext("Your move was recorded.") == "Your move was recorded."
            assert render_template_string(template) == "Your move was recorded. 2 Citadels"
            with with_language("it"):
                assert gettext("Your move was recorded.") == italian
        assert gettext("Your move was recorded.") == italian
        assert ngettext("%(num)d Citadel", "%(num)d Citadels", 1) == "1 Cittadella"
        assert render_template_string(template) == f"{italian} 2 Cittadelle"
