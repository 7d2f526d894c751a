"""The rules pages (/rules/<game>): their tables equal the engines' own, they are linked from every
player page and every email, and the short help sits where a choice is made."""
from __future__ import annotations

import re
from html.parser import HTMLParser

from flask import Flask
from flask.testing import FlaskClient

from i18n_support import compile_catalogues, visible_words
from support import BASE_URL, NOW, advance_to_guarding, create_game, new_game, new_tara_game, outbox, parse_player, token
from tain.games.inis import catalogue, scoring as inis_scoring
from tain.games.tain import rules as tain_rules
from tain.games.tara.board import SQUARES
from tain.services.play import submit
from test_i18n_catalogue import english_words


class CellParser(HTMLParser):
    """Every element's data-* attributes and text, for the tables of a rules page."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[dict[str, str]] = []
        self.rows: list[dict[str, str]] = []
        self.table: str | None = None
        self._scout: str | None = None
        self._in_cell = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "table":
            self.table = attr.get("id")
        elif tag == "th" and "data-scout" in attr:
            self._scout = attr["data-scout"]
        elif tag == "td" and "data-outcome" in attr and self.table == "outcome-table":
            self.cells.append({"scout": self._scout or "", "text": "", **attr})
            self._in_cell = True
        elif tag == "tr" and "data-raiders" in attr and self.table == "kingdom-table":
            self.rows.append(attr)

    def handle_endtag(self, tag: str) -> None:
        if tag == "td":
            self._in_cell = False

    def handle_data(self, data: str) -> None:
        if self._in_cell:
            self.cells[-1]["text"] += data


def parsed(html: str) -> CellParser:
    parser = CellParser()
    parser.feed(html)
    return parser


def test_the_outcome_table_is_the_engines(client: FlaskClient) -> None:
    response = client.get("/rules/tain")
    assert response.status_code == 200
    cells = parsed(response.get_data(as_text=True)).cells
    scouts = [token for token in tain_rules.SCOUTS if token != tain_rules.BLUFF]
    guards = [None, "chieftain", "warrior", "boy", "daughter"]
    assert [(cell["scout"], cell["data-guard"] or None) for cell in cells] == [
        (scout, guard) for scout in scouts for guard in guards]
    words = {"success": "gets in", "repelled": "stopped", "captured": "stopped, and the boy is captured",
             "kidnapped": "stopped, but the daughter is kidnapped"}
    for cell in cells:
        outcome = tain_rules.encounter(cell["scout"], cell["data-guard"] or None)
        assert (cell["data-outcome"], cell["text"].strip()) == (outcome, words[outcome]), cell
    # a bluff guarding counts as nobody: the first column says so and the engine agrees
    assert all(tain_rules.encounter(scout, "bluff") == tain_rules.encounter(scout, None) for scout in scouts)


def test_the_kingdom_table_is_the_engines(client: FlaskClient) -> None:
    rows = parsed(client.get("/rules/tain").get_data(as_text=True)).rows
    assert [row["data-raiders"] for row in rows] == [
        "chieftain", "warrior", "chieftain chieftain", "chieftain warrior", "warrior warrior"]
    for row in rows:
        raiders = row["data-raiders"].split()
        winners = tain_rules.kingdom_winners([(f"seat {n}", kind) for n, kind in enumerate(raiders)])
        assert row["data-winners"].split() == [raiders[int(seat.split()[1])] for seat in winners], row


def test_tains_page_gives_the_engines_numbers(client: FlaskClient) -> None:
    page = " ".join(client.get("/rules/tain").get_data(as_text=True).split())
    for words in (f"lasts {tain_rules.LAST_TURN} turns", f"has {tain_rules.BIG_HERD} cows",
                  "each cow on its pasture</th><td>2 points", "each jewel in its house</th><td>3 points",
                  "each captive boy in its house</th><td>1 point<", "each captive daughter in its house</th><td>5 points",
                  "more cows wins; then more jewels; then more tokens still unused behind its screen",
                  "Passing is final"):
        assert words in page, words
    for kind, count in tain_rules.SUPPLY.items():
        assert f"<th scope=\"row\">{kind}</th><td>{count}</td>" in page


def test_taras_page_says_the_fewest_kingdoms_win_and_draws_the_board(client: FlaskClient) -> None:
    page = client.get("/rules/tara").get_data(as_text=True)
    assert "The fewest kingdoms win." in page
    assert "Level 1, the quick-start game" in page and "Level 2, with skips and the king's lines" in page
    drawn = [square for square in SQUARES if f"<td>{square}</td>" in page]
    assert drawn == list(SQUARES) and "<td>A1</td>" not in page
    assert "1 kingdom against 3 kingdoms scores 4 points" in " ".join(page.split())


def test_an_unknown_game_has_no_rules(client: FlaskClient) -> None:
    assert client.get("/rules/chess").status_code == 404
    assert "How to play Tara" in client.get("/rules").get_data(as_text=True)


def test_every_player_page_links_its_rules_and_the_help_sits_with_the_moves(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game = new_game()
        ann, bob = token(game, "Ann"), token(game, "Bob")
        tara = new_tara_game()
        tara_ann = token(tara, "Ann")
    anns = client.get(f"/play/{ann}").get_data(as_text=True)
    bobs = client.get(f"/play/{bob}").get_data(as_text=True)
    assert 'href="/rules/tain"' in anns and 'href="/rules/tain"' in bobs
    assert "What each token does, and what passing means" in anns and "Passing</strong> is final" in anns
    assert "What each token does" not in bobs  # not Bob's move: no choice to help with
    taras = client.get(f"/play/{tara_ann}").get_data(as_text=True)
    assert 'href="/rules/tara"' in taras and "How this turn goes" in taras and "1 or 2 holes from the enemy king" in taras


def test_the_help_in_simultaneous_guarding_says_what_passing_does_then(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        game = new_game()
        advance_to_guarding(game)
        ann = token(game, "Ann")
    page = client.get(f"/play/{ann}").get_data(as_text=True)
    assert "Setting your guards and passing:" in page


def test_every_email_links_the_rules(app: Flask) -> None:
    with app.app_context():
        game = new_game()
        ann = game.seat_named("Ann")
        submit(ann, {"type": "pass"}, now=NOW)
        tara_id = new_tara_game().id
        mails = outbox()
    assert {mail.kind for mail in mails} >= {"invitation", "your-move"}
    for mail in mails:
        name = "tara" if mail.game_id == tara_id else "tain"
        assert f"{BASE_URL}/rules/{name}" in mail.body_text, mail.kind
        assert f'href="{BASE_URL}/rules/{name}"' in mail.body_html, mail.kind


# Inis's own English words ("clan", "round", "draft", "Brenn" and "Triskel" are Italian too).
INIS_WORDS = {"card", "cards", "territory", "territories", "season", "hand", "pass", "clash", "peace", "attack",
              "deed", "deeds", "sanctuary", "sanctuaries", "citadel", "citadels", "capital", "king", "window",
              "assembly", "turn", "rule", "rules", "time", "out"}


def test_inis_has_its_rules_in_english_and_in_italian(app: Flask, client: FlaskClient) -> None:
    compile_catalogues()
    english = client.get("/rules/inis")
    assert english.status_code == 200
    page = " ".join(english.get_data(as_text=True).split())
    for words in ("How to play Inis", "High King", f"reaches {inis_scoring.TARGET} or more", "Pretender token",
                  "Lug Samildanach", "Battle Frenzy", "Geis", "Standing rules", "On time-out"):
        assert words in page, words
    ranking = [catalogue.card_name(card) for card in catalogue.RANKING]
    assert ", ".join(ranking).replace("&", "&amp;") in page  # the time-out ranking is the engine's
    italian = client.get("/rules/inis", headers={"Accept-Language": "it"})
    assert italian.status_code == 200 and '<html lang="it">' in italian.text
    assert english_words(italian.text) | (set(visible_words(italian.text)) & INIS_WORDS) == set()
    assert "Re Supremo" in italian.text and "Furia di Battaglia" in italian.text
    with app.app_context():
        players = [parse_player(line) for line in ("Ann <ann@example.org>", "Bob <bob@example.org>")]
        ann = token(create_game("inis", players, now=NOW, seed=10, first_player="Ann"), "Ann")
    links = re.findall(r'href="(/rules/[^"#]*)"', client.get(f"/play/{ann}").get_data(as_text=True))
    assert links == ["/rules/inis"] and client.get(links[0]).status_code == 200
