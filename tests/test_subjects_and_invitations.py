"""The invitation says who started the game and with whom; subjects are distinct across a game (turn
and step, or the opponent's last move) and never the same twice in a row to a seat; plurals agree with
their numbers; every page has a favicon."""
from __future__ import annotations

from datetime import timedelta
from itertools import groupby

import pytest
from flask import Flask, render_template
from flask.testing import FlaskClient

from admin_support import PASSWORD, log_in
from support import NOW, csrf_of, new_game, new_tara_game, outbox, play_tara_until, token
from tain import transactions
from tain.games import get_game
from tain.models import OutboxMessage
from tain.services.games import NewPlayer, create_game, engine_for
from tain.services.notify import seat_link
from tain.services.play import seat_snapshot, submit
from tain.services.preferences import set_mail_mode

GOOD = {"game": "tain", "players": "Ann <ann@example.org>\nBob <bob@example.org>\nCat <cat@example.org>",
        "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h"}


def lobby(client: FlaskClient, **fields: str):
    return client.post("/games/new", data={"csrf_token": csrf_of(client.get("/games/new").text), **GOOD, **fields})


def invitations(app: Flask) -> dict[str, OutboxMessage]:
    with app.app_context():
        return {mail.recipient.split("@")[0]: mail for mail in outbox() if mail.kind == "invitation"}


def test_the_invitation_says_who_started_the_game_and_with_whom(app: Flask, client: FlaskClient) -> None:
    assert lobby(client, started_by="Maeve", first_player="Ann").status_code == 303
    mails = invitations(app)
    assert mails["bob"].subject == "[Tàin #1] Maeve invites you to play with Ann and Cat"
    assert "Maeve started a game of Tàin (#1) and invites you to play with Ann and Cat." in mails["bob"].body_text
    assert "Maeve started a game of Tàin (#1) and invites you to play with Ann and Cat." in mails["bob"].body_html
    assert "Players, in seat order: Ann, Bob, Cat. Ann starts." in mails["cat"].body_text


def test_by_default_the_first_player_listed_started_it(app: Flask, client: FlaskClient) -> None:
    lobby(client)
    mails = invitations(app)
    assert mails["ann"].subject == "[Tàin #1] You started a game with Bob and Cat"
    assert "You started this game of Tàin (#1) with Bob and Cat." in mails["ann"].body_text
    assert mails["cat"].subject == "[Tàin #1] Ann invites you to play with Bob"
    assert "Ann started a game of Tàin (#1) and invites you to play with Bob." in mails["cat"].body_text


@pytest.mark.parametrize("language, subject, opening", [
    ("en", "Ann invites you to play with Bob", "Ann started a game of Tàin (#1) and invites you to play with Bob."),
    ("it", "Ann ti invita a giocare con Bob", "Ann ha iniziato una partita di Tàin (#1) e ti invita a giocare con Bob."),
])
def test_a_starter_who_plays_invites_you_to_play_with_the_others_only(app: Flask, language, subject, opening) -> None:
    """Neither the starter nor the invitee is among those the invitation names, in either language."""
    with app.app_context():
        create_game("tain", [NewPlayer("Ann", "ann@example.org"), NewPlayer("Bob", "bob@example.org"),
                             NewPlayer("Cat", "cat@example.org", language=language)],
                    now=NOW, seed=1, first_player="Ann", started_by="Ann")
    cat = invitations(app)["cat"]
    assert cat.subject == f"[Tàin #1] {subject}"
    assert opening in cat.body_text and opening in cat.body_html


@pytest.mark.parametrize("language, subject, opening", [
    ("en", "Ann invites you to play", "Ann started a game of Tara (#1) and invites you to play."),
    ("it", "Ann ti invita a giocare", "Ann ha iniziato una partita di Tara (#1) e ti invita a giocare."),
])
def test_a_starter_who_is_your_only_opponent_invites_you_to_play(app: Flask, language, subject, opening) -> None:
    with app.app_context():
        create_game("tara", [NewPlayer("Ann", "ann@example.org"), NewPlayer("Bob", "bob@example.org", language=language)],
                    now=NOW, seed=1, first_player="Ann", started_by="Ann")
    bob = invitations(app)["bob"]
    assert bob.subject == f"[Tara #1] {subject}"
    assert opening in bob.body_text and opening in bob.body_html


def test_a_game_started_elsewhere_invites_without_a_name(app: Flask) -> None:
    with app.app_context():
        new_game()
    mails = invitations(app)
    assert mails["bob"].subject == "[Tàin #1] You are invited to play with Ann and Cat"
    assert "You are invited to a game of Tàin (#1) with Ann and Cat." in mails["bob"].body_text


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def test_the_admin_starts_it_in_their_name_and_bots_are_named_so(app: Flask, client: FlaskClient) -> None:
    log_in(client)
    data = {"csrf_token": csrf_of(client.get("/admin/games/new").text), **GOOD,
            "players": "Ann <ann@example.org>\nDana (bot)", "first_player": "Ann"}
    assert client.post("/admin/games/new", data=data).status_code == 303
    ann = invitations(app)["ann"]
    assert ann.subject == "[Tàin #1] admin invites you to play with Dana"
    assert "admin started a game of Tàin (#1) and invites you to play with Dana (a bot)." in ann.body_text


def test_names_in_the_invitation_are_text_in_html(app: Flask) -> None:
    with app.app_context():
        create_game("tain", [NewPlayer("Ann", "ann@example.org"), NewPlayer("<b>Bo</b>", "bo@example.org")],
                    now=NOW, seed=1, first_player="Ann", started_by="<i>Eve</i>")
    ann = invitations(app)["ann"]
    assert "<i>Eve</i> started a game" in ann.body_text and "with <b>Bo</b>." in ann.body_text
    assert "&lt;i&gt;Eve&lt;/i&gt; started a game" in ann.body_html and "<b>Bo</b>" not in ann.body_html
    assert "<i>Eve</i>" not in ann.body_html


def test_who_started_it_is_a_name(app: Flask, client: FlaskClient) -> None:
    response = lobby(client, started_by="x" * 41)
    assert response.status_code == 400 and "Field cannot be longer than 40 characters." in response.text


def subjects_by_seat(app: Flask) -> dict[str, list[str]]:
    with app.app_context():
        mails = outbox()
        return {recipient: [mail.subject for mail in group]
                for recipient, group in groupby(sorted(mails, key=lambda m: (m.recipient, m.id)), key=lambda m: m.recipient)}


def play_tain_to_the_end(game) -> None:
    engine = engine_for(game)
    bots = {seat.name: engine.make_bot(n) for n, seat in enumerate(game.seats)}
    while not game.over:
        for player in engine.to_act(game.state):
            snapshot = seat_snapshot(game.seat_named(player))
            submit(game.seat_named(player), bots[player].choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)


@pytest.mark.one_database
def test_a_whole_tain_game_never_sends_a_seat_the_same_subject_twice_in_a_row(app: Flask) -> None:
    with app.app_context():
        play_tain_to_the_end(new_game())
    for recipient, subjects in subjects_by_seat(app).items():
        assert all(one != following for one, following in zip(subjects, subjects[1:])), (recipient, subjects)
        moves = [subject for subject in subjects if subject.endswith(": your move")]
        assert len(set(moves)) == len(moves) and moves, (recipient, moves)
        assert all(", scouting" in subject or ", guarding" in subject for subject in moves)
    assert any("tokens placed: your move" in subject for subjects in subjects_by_seat(app).values() for subject in subjects)


@pytest.mark.one_database
def test_a_tara_match_names_the_opponents_last_turn(app: Flask) -> None:
    with app.app_context():
        play_tara_until(new_tara_game(), lambda view: view["over"])
    for recipient, subjects in subjects_by_seat(app).items():
        assert all(one != following for one, following in zip(subjects, subjects[1:])), (recipient, subjects)
        opponent = "Bob" if recipient.startswith("ann") else "Ann"
        assert any(f", after {opponent}'s build " in subject for subject in subjects)
        assert any(f"battle, after {opponent}'s swap " in subject for subject in subjects)


def test_a_repeat_is_numbered(app: Flask) -> None:
    with app.app_context():
        game = new_game()
        for minutes in range(3):
            with transactions.write():
                seat_link(game, engine_for(game), game.seat_named("Bob"), now=NOW + timedelta(minutes=minutes))
        links = [mail.subject for mail in outbox("bob@example.org") if mail.kind == "link"]
    assert links == ["[Tàin #1] Turn 1, scouting: your link to the game",
                     "[Tàin #1] Turn 1, scouting: your link to the game (2)",
                     "[Tàin #1] Turn 1, scouting: your link to the game (3)"]


def test_a_digest_names_its_day(app: Flask) -> None:
    from tain.services.digests import send_due_digests

    with app.app_context():
        game = new_game(move_deadline=timedelta(days=5))
        set_mail_mode(game.seat_named("Ann"), "digest", now=NOW)
        send_due_digests(NOW + timedelta(days=1))
        send_due_digests(NOW + timedelta(days=2))
        digests = [mail.subject for mail in outbox("ann@example.org") if mail.kind == "digest"]
    assert len(digests) == 2 and digests[0] != digests[1]
    assert digests[0].startswith("[Tàin #1] Turn 1, scouting: your digest of ")


# ----- plurals ---------------------------------------------------------------------------------

@pytest.fixture
def tain_view() -> dict:
    state = get_game("tain").setup(["Ann", "Bob"], seed=1, options={"first_player": "Ann"})
    state["clans"]["Ann"].update(cows=1, jewels=1, captives=[{"owner": "Bob", "token": "boy"}])
    state["kingdom"]["cows"] = 1
    return get_game("tain").view(state, "Ann")


def test_one_cow_one_jewel_one_captive(app: Flask, tain_view: dict) -> None:
    with app.test_request_context():
        text = render_template("games/tain/email_standings.txt", view=tain_view, seat=type("S", (), {"name": "Ann"}))
    assert "Ann (you): 1 cow, 1 jewel, 1 captive" in text and "Bob: 5 cows, 3 jewels, 0 captives" in text
    assert "Foreign kingdom: 1 cow" in text


def test_taras_results_count_kingdoms_ringforts_and_points_in_words(app: Flask) -> None:
    result = {"game_number": 1, "kingdoms": {"Ann": 1, "Bob": 1}, "ringforts": {"Ann": 23, "Bob": 22},
              "points": {"Ann": 3, "Bob": 0}, "winner": "Ann"}
    view = {"players": ["Ann", "Bob"], "results": [result], "reports": []}
    with app.test_request_context():
        story = render_template("games/tara/story.html", view=view, colours={"Ann": "clan-0", "Bob": "clan-1"})
    assert "Ann: 1 kingdom, 23 ringforts, 3 points; Bob: 1 kingdom, 22 ringforts, 0 points." in " ".join(story.split())


def test_taras_report_of_equal_kingdoms_says_1_kingdom_each() -> None:
    from tain.games.tara.view import _report

    state = {"players": ["Ann", "Bob"], "results": [
        {"game_number": 1, "winner": "Ann", "kingdoms": {"Ann": 1, "Bob": 1}, "ringforts": {"Ann": 23, "Bob": 22},
         "points": {"Ann": 3, "Bob": 0}}]}
    assert "(1 kingdom each, 23 ringforts against 22)" in _report(state, state["results"][0])["lines"][0]


# ----- the favicon -----------------------------------------------------------------------------

def test_every_page_links_a_favicon_that_exists(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        ann = token(new_game(), "Ann")
    for path in ("/", "/games/new", "/rules/tain", f"/play/{ann}", "/dev/mail", "/no/such/page", "/games/1"):
        page = client.get(path).text
        assert '<link rel="icon" href="/static/favicon.ico"' in page, path
    icon = client.get("/static/favicon.ico")
    assert icon.status_code == 200 and icon.data[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert client.get("/favicon.ico").data == icon.data  # for what is not a page of ours (JSON)
    assert client.get("/static/apple-touch-icon.png").status_code == 200


def test_a_browser_finds_everything_a_page_links(app: Flask, live_url: str, browser) -> None:
    with app.app_context():
        ann = token(new_game(), "Ann")
    page = browser.new_page()
    asked = []
    page.on("response", lambda response: asked.append((response.url, response.status)))
    for path in ("/", "/games/new", "/rules/tara", f"/play/{ann}", "/games/1/created"):
        page.goto(live_url + path)
        page.wait_for_load_state("networkidle")
        # headless Chromium fetches no icon by itself: ask for the one the page links
        assert page.evaluate("fetch(document.querySelector('link[rel=icon]').href).then(r => r.status)") == 200
    assert asked and [url for url, status in asked if status == 404] == []


def test_the_rules_form_and_public_pages_fit_a_phone(app: Flask, live_url: str, browser) -> None:
    """At 390 px wide, nothing runs off the screen (wide tables scroll inside their own box)."""
    with app.app_context():
        new_tara_game()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    for path in ("/rules/tain", "/rules/tara", "/games/new", "/games/1/created", "/games/1"):
        page.goto(live_url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
    page.goto(live_url + "/games/new")
    page.fill("#move_deadline", "soon")
    page.click("button[type=submit]")
    assert page.locator(".field-error").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_with_javascript_only_the_chosen_games_options_show(app: Flask, live_url: str, browser) -> None:
    page = browser.new_page()
    page.goto(live_url + "/games/new")
    tara_only = page.locator("fieldset.game-options[data-game=tara]")
    assert page.input_value("#game") == "tain" and not tara_only.is_visible()
    page.select_option("#game", "tara")
    assert tara_only.is_visible() and page.locator("#option_tara_level").is_visible()
