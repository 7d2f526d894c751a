"""Email addresses are checked (email-validator) wherever one enters: the service, the new-game form,
the command line and an import; an address mail would take somewhere else is refused, and each kept
address is stored in its normalized form."""
from __future__ import annotations

import json

import pytest

from bad_input_support import database_rows
from support import NOW, csrf_of, new_game, outbox
from tain.extensions import db
from tain.models import Game
from tain.services.errors import InvalidGame
from tain.services.export import export_game, import_game

# Each would reach someone other than the one written (`ann,eve@…` went to `ann`), or nobody.
BAD = ["ann,eve@example.org", "ann;eve@example.org", "ann(eve)@example.org", "(eve)ann@example.org",
       '"ann eve"@example.org', "ann@example.org,eve@example.org", "ännä@example.org", "ann@@example.org",
       "ann@example", "ann@[127.0.0.1]", "ann@localhost", "ann@example.invalid", "ann.@example.org",
       "a" * 250 + "@example.org", "ann@" + "b" * 250 + ".org", "ann@exa_mple.org", "ann@example.org\n"]


@pytest.mark.parametrize("address", BAD)
def test_an_address_mail_would_misread_is_not_an_address(address):
    from tain.services.games import normalized_email

    assert normalized_email(address) is None


@pytest.mark.parametrize("address, normal", [("ann@example.org", "ann@example.org"),
                                             ("Ann@EXAMPLE.Org", "Ann@example.org"),
                                             ("ann+tain@example.org", "ann+tain@example.org"),
                                             ("ann@bücher.example", "ann@xn--bcher-kva.example")])
def test_a_good_address_is_kept_in_its_normalized_form(app, address, normal):
    from tain.services.games import normalized_email

    assert normalized_email(address) == normal
    with app.app_context():
        game = new_game(["Bob <bob@example.org>", f"Ann <{address}>"], first_player="Bob")
        assert game.seat_named("Ann").email == normal
        assert normal in {message.recipient for message in outbox()}  # the invitation goes there


@pytest.mark.parametrize("address", ["ann,eve@example.org", "ann(eve)@example.org", "ännä@example.org"])
def test_the_service_refuses_such_an_address(app, address):
    with app.app_context(), pytest.raises(InvalidGame, match="is not an email address"):
        new_game(["Bob <bob@example.org>", f"Ann <{address}>"])
    assert database_rows(app)["games"] == []


def test_two_addresses_the_same_once_normalized_are_refused(app):
    with app.app_context(), pytest.raises(InvalidGame, match="the same email address"):
        new_game(["Ann <ann@example.org>", "Bob <ann@EXAMPLE.org>"])


@pytest.mark.parametrize("address", ["ann,eve@example.org", "ann;eve@example.org", "ann(eve)@example.org"])
def test_the_new_game_form_refuses_such_an_address(client, app, address):
    data = {"csrf_token": csrf_of(client.get("/games/new").text), "game": "tain", "move_deadline": "24h",
            "phase_deadline": "48h", "players": f"Ann <{address}>\nBob <bob@example.org>"}
    response = client.post("/games/new", data=data)
    assert response.status_code == 400 and "is not an email address" in response.text
    assert database_rows(app)["games"] == [] and database_rows(app)["outbox"] == []


def test_the_command_line_refuses_such_an_address(runner, app):
    result = runner.invoke(args=["tain", "new-game", "--player", "Ann <ann,eve@example.org>",
                                 "--player", "Bob <bob@example.org>"])
    assert result.exit_code == 2 and "is not an email address" in result.output
    assert database_rows(app)["games"] == []


def test_an_import_refuses_such_an_address_and_normalizes_the_others(app):
    with app.app_context():
        data = json.loads(json.dumps(export_game(new_game())))
    before = database_rows(app)
    data["players"][1]["email"] = "bob,eve@example.org"
    with app.app_context(), pytest.raises(InvalidGame, match="is not an email address"):
        import_game(data, now=NOW)
    assert database_rows(app) == before
    data["players"][1]["email"] = "bob@EXAMPLE.ORG"
    with app.app_context():
        copy = import_game(data, now=NOW)
        assert db.session.get(Game, copy.id).seat_named("Bob").email == "bob@example.org"
