"""The new-game form (lobby and dashboard): each game's own options only in that game's fieldset,
player counts in words, every problem at once beside its field; the creator's page and the game's
public board (public facts only)."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from admin_support import PASSWORD, log_in
from support import NOW, csrf_of, token
from tain.extensions import db
from tain.models import Game, OutboxMessage
from tain.services.games import engine_for
from tain.services.play import submit

GOOD = {"game": "tain", "players": "Ann <ann@example.org>\nBob <bob@example.org>\nCat <cat@example.org>",
        "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h"}


class FieldParser(HTMLParser):
    """For each div.field: the ids of the controls in it and the text of its error lines; and which
    fieldset legend each control sits under."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[dict] = []
        self.legend_of: dict[str, str] = {}
        self._legend: str | None = None
        self._in_legend = False
        self._depth = 0  # div depth inside the current field
        self._error = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "div" and "field" in attr.get("class", "").split():
            self.fields.append({"controls": [], "errors": [], "invalid": "field--invalid" in attr["class"]})
            self._depth = 1
        elif tag == "div" and self._depth:
            self._depth += 1
        elif tag == "legend":
            self._in_legend, self._legend = True, ""
        elif tag in ("input", "select", "textarea") and attr.get("id"):
            if self._depth:
                self.fields[-1]["controls"].append(attr["id"])
            self.legend_of[attr["id"]] = self._legend or ""
        elif tag == "p" and self._depth and "field-error" in attr.get("class", ""):
            self._error = True
            self.fields[-1]["errors"].append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._depth:
            self._depth -= 1
        elif tag == "legend":
            self._in_legend = False
        elif tag == "fieldset":
            self._legend = None
        elif tag == "p":
            self._error = False

    def handle_data(self, data: str) -> None:
        if self._in_legend:
            self._legend += data
        elif self._error:
            self.fields[-1]["errors"][-1] += data


def fields_of(html: str) -> FieldParser:
    parser = FieldParser()
    parser.feed(html)
    return parser


def errors_beside(html: str) -> dict[str, list[str]]:
    """Each control's id → the error lines shown in its own field."""
    return {control: field["errors"] for field in fields_of(html).fields for control in field["controls"]
            if field["errors"]}


def post(client: FlaskClient, path: str = "/games/new", **fields: str):
    return client.post(path, data={"csrf_token": csrf_of(client.get(path).text), **GOOD, **fields})


def count(model) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


def test_each_games_options_sit_in_its_own_fieldset(client: FlaskClient) -> None:
    page = client.get("/games/new").text
    legends = fields_of(page).legend_of
    assert legends["option_tara_level"] == legends["option_tara_games"] == "Tara only"
    assert legends["game"] == legends["players"] == ""  # the common fields belong to no game
    assert "Tàin only" not in page  # Tàin has no options of its own
    assert "Tàin: 2 to 4 players; Tara: exactly 2 players; Inis: 2 to 4 players." in page and "2 to 2" not in page
    assert "/static/new-game.js" in page
    assert client.get("/static/new-game.js").status_code == 200


def test_tara_says_exactly_two_players(app: Flask, client: FlaskClient) -> None:
    response = post(client, game="tara")
    assert response.status_code == 400
    assert errors_beside(response.text)["players"] == ["Tara is played by exactly 2 players, not 3."]
    with app.app_context():
        assert count(Game) == 0


def test_every_problem_is_reported_at_once_beside_its_field(app: Flask, client: FlaskClient) -> None:
    players = "Ann <ann@example.org>\nBob\nCat <ann@example.org>\nDan <dan@example.org>\nEve <eve@example.org>"
    response = post(client, players=players, move_deadline="soon", phase_deadline="0h", reminder_before="99d",
                    first_player="x" * 41)
    assert response.status_code == 400
    beside = errors_beside(response.text)
    assert beside["players"] == ["Write each player as Name <email@example.org>, not 'Bob'.",
                                 "Tàin is played by 2 to 4 players, not 5.",
                                 "Two players have the same email address; each needs their own."]
    assert beside["move_deadline"] == ["Write a duration as 90s, 30m, 24h or 3d, not 'soon'."]
    assert beside["phase_deadline"] == ["Write a duration as 90s, 30m, 24h or 3d, not '0h'."]
    assert beside["reminder_before"] == ["The reminder must be from 1 minute to 30 days, not 99d."]
    assert beside["first_player"] == ["Field cannot be longer than 40 characters."]
    assert "This form has 7 problems; nothing was created." in response.text
    invalid = [field["controls"] for field in fields_of(response.text).fields if field["invalid"]]
    assert invalid == [["players"], ["first_player"], ["move_deadline"], ["phase_deadline"], ["reminder_before"]]
    assert 'aria-invalid="true"' in response.text and 'aria-describedby="players-hint players-error-1' in response.text
    # every choice is kept
    assert "Bob\nCat &lt;ann@example.org&gt;" in response.text and 'value="soon"' in response.text
    with app.app_context():
        assert (count(Game), count(OutboxMessage)) == (0, 0)


def test_an_italian_reader_gets_every_problem_in_italian(app: Flask, client: FlaskClient) -> None:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "it"
    players = "Ann <ann@example.org>\nBob\nAnn <ann@example.org>"
    response = post(client, players=players, move_deadline="soon", phase_deadline="100d", reminder_before="99d")
    assert response.status_code == 400
    beside = errors_beside(response.text)
    assert beside["players"] == ["Scrivi ogni giocatore come Nome <email@example.org>, non 'Bob'.",
                                 "Due giocatori hanno lo stesso nome; date a ciascuno un nome diverso.",
                                 "Due giocatori hanno lo stesso indirizzo email; ognuno ha bisogno del proprio."]
    assert beside["move_deadline"] == ["Scrivi una durata come 90s, 30m, 24h o 3d, non 'soon'."]
    assert beside["phase_deadline"] == ["Il tempo per una fase giocata da tutti insieme deve essere da 1 minuto a 90 "
                                        "giorni, non 100d."]
    assert beside["reminder_before"] == ["Il promemoria deve essere da 1 minuto a 30 giorni, non 99d."]
    beside = errors_beside(post(client, first_player="Zed").text)
    assert beside == {"first_player": ["Il primo giocatore 'Zed' non è tra i giocatori."]}
    with app.app_context():
        assert (count(Game), count(OutboxMessage)) == (0, 0)


def test_the_first_player_is_checked_with_the_rest(client: FlaskClient) -> None:
    response = post(client, first_player="Zed", move_deadline="100d")
    beside = errors_beside(response.text)
    assert beside == {"first_player": ["The first player 'Zed' is not one of the players."],
                      "move_deadline": ["The time for each move must be from 1 minute to 90 days, not 100d."]}


def test_a_tampered_option_of_the_other_game_is_ignored(app: Flask, client: FlaskClient) -> None:
    response = post(client, option_tara_level="9")
    assert response.status_code == 303
    bad = post(client, game="tara", players="Ann <ann@example.org>\nBob <bob@example.org>", option_tara_level="9")
    assert bad.status_code == 400 and errors_beside(bad.text) == {"option_tara_level": ["Not a valid choice."]}


def test_the_creator_gets_a_page_with_the_players_and_the_public_board(app: Flask, client: FlaskClient) -> None:
    response = post(client, first_player="Bob")
    assert response.status_code == 303 and response.headers["Location"] == "/games/1/created"
    page = client.get("/games/1/created").text
    assert "<h1>Game #1 is created</h1>" in page
    rows = re.findall(r"<tr><td>(\d)</td>\s*<th scope=\"row\">.*?</span>(\w+)</th>\s*<td>(.*?)</td></tr>", page, re.S)
    assert [(seat, name) for seat, name, _ in rows] == [("1", "Ann"), ("2", "Bob"), ("3", "Cat")]
    assert all(re.match(r"invitation (sent|waiting to be sent)", status) for _, _, status in rows)
    assert "<strong>to move</strong>" in rows[1][2] and "to move" not in rows[0][2]
    assert 'href="/games/1"' in page and "Waiting for Bob." in page
    assert "@example.org" not in page  # no address on a page anyone may open


def test_the_public_board_shows_no_face_down_token(app: Flask, client: FlaskClient) -> None:
    post(client, first_player="Ann")
    with app.app_context():
        game = db.session.get(Game, 1)
        submit(game.seat_named("Ann"), {"type": "scout", "token": "chieftain", "entrance": "pasture-1", "board": "Bob"},
               now=NOW)
        anns = token(game, "Ann")
        assert engine_for(game).to_act(game.state) == ["Bob"]
    board = client.get("/games/1").text
    assert "Tàin #1: the public board" in board and "Waiting for Bob." in board
    assert "Ann's token, face down" in board and "Ann's chieftain" not in board
    assert "Ann's chieftain" in client.get(f"/play/{anns}").text  # Ann's own page names it


def test_the_public_pages_are_the_development_mailboxs_only(app: Flask, client: FlaskClient) -> None:
    post(client)
    assert client.get("/games/1").status_code == 200 and client.get("/games/2").status_code == 404
    app.config["MAIL_SERVER"] = "smtp.example.org"
    assert client.get("/games/1").status_code == 404 and client.get("/games/1/created").status_code == 404


@pytest.fixture
def admin_config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def test_the_dashboards_form_reports_every_problem_at_once(admin_config, app: Flask, client: FlaskClient) -> None:
    log_in(client)
    response = post(client, "/admin/games/new", players="Ann <ann@example.org>\nDana (bot)\nEve",
                    move_deadline="x", game="tara")
    assert response.status_code == 400
    beside = errors_beside(response.text)
    assert beside == {"players": ["Write each player as Name <email@example.org>, not 'Eve'.",
                                  "Tara is played by exactly 2 players, not 3."],
                      "move_deadline": ["Write a duration as 90s, 30m, 24h or 3d, not 'x'."]}
    good = post(client, "/admin/games/new", players="Ann <ann@example.org>\nDana (bot)", game="tara")
    assert good.status_code == 303 and good.headers["Location"] == "/admin/games/1"
