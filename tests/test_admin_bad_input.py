"""Bad input to the admin dashboard: a clear message, nothing changed, never a 500."""
from __future__ import annotations

import html
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from admin_support import PASSWORD, act, csrf, log_in
from bad_input_support import database_rows
from support import new_game
from tain.games import IllegalAction, get_game
from tain.extensions import db
from tain.models import AdminSession, AuditEntry, Game, OutboxMessage
from tain.transactions import write

FIVE = "\n".join(f"P{i} <p{i}@example.org>" for i in range(5))


@pytest.fixture
def config(config):
    config.update(ADMIN_PASSWORD=PASSWORD, ADMIN_LOGIN_LIMIT="3 per minute")
    return config


@pytest.fixture
def admin(client):
    log_in(client)
    return client


def snapshot() -> tuple:
    """Everything an admin action could change."""
    games = [(g.id, g.status, g.version, g.deadline_at, g.paused_at, tuple((s.email, s.bot, s.link_key) for s in g.seats))
             for g in db.session.scalars(select(Game).order_by(Game.id))]
    db.session.expire_all()
    return (games, db.session.scalar(select(func.count()).select_from(AuditEntry)),
            db.session.scalar(select(func.count()).select_from(OutboxMessage)))


def test_a_wrong_password_is_refused_clearly(client):
    response = log_in(client, password="wrong")
    assert response.status_code == 401 and "That name and password do not match." in response.text
    assert log_in(client, name="nobody").status_code == 401
    assert client.get("/admin/").status_code == 303


def test_login_attempts_are_rate_limited(client):
    for _ in range(3):
        assert log_in(client, password="wrong").status_code == 401
    response = log_in(client)  # even the right password, once the limit is hit
    assert response.status_code == 429 and "Too many login attempts" in response.text
    assert client.get("/admin/").status_code == 303


def test_an_expired_session_logs_out_and_changes_nothing(admin, app):
    game = new_game()
    token = csrf(admin)
    before = snapshot()
    with write():  # as if the admin had been idle longer than allowed
        for row in db.session.scalars(select(AdminSession)):
            row.last_seen_at -= timedelta(minutes=app.config["ADMIN_SESSION_MINUTES"], seconds=1)
    response = admin.post("/admin/games/1/cancel", data={"csrf_token": token, "confirm": "yes"})
    assert response.status_code == 303 and response.location == "/admin/login"
    assert "Your session expired" in admin.get("/admin/login").text
    assert snapshot() == before and db.session.get(Game, game.id).status == "running"


def test_a_form_without_its_csrf_token_changes_nothing(admin):
    new_game()
    before = snapshot()
    for path in ["/admin/games/1/cancel", "/admin/games/1/pause", "/admin/games/1/revoke", "/admin/logout"]:
        response = admin.post(path, data={"confirm": "yes"})
        assert response.status_code == 400 and "Reload it and try again" in response.text
    assert snapshot() == before


@pytest.mark.parametrize("fields, message", [
    ({"players": "Ann <ann@example.org>"}, "is played by 2 to 4 players, not 1"),
    ({"players": FIVE}, "is played by 2 to 4 players, not 5"),
    ({"players": "Ann <ann@example.org>\nBob <ann@example.org>"}, "the same email address"),
    ({"players": "Ann <ann@example.org>\nBob <bob-at-example>"}, "is not an email address"),
    ({"players": "Ann <ann@example.org>\nBob"}, "Write each player as Name &lt;email@example.org&gt;"),
    ({"players": "Dana (bot)\nEve (bot)"}, "at least one player who is not a bot"),
    ({"move_deadline": "-5h"}, "Write a duration as 90s, 30m, 24h or 3d"),
    ({"move_deadline": "0h"}, "Write a duration"),
    ({"players": ""}, "Write the players, one a line"),
    ({"first_player": "Zed"}, "is not one of the players"),
    ({"game": "chess"}, "Not a valid choice"),
])
def test_a_new_game_with_absurd_values_is_refused(admin, fields, message):
    data = {"game": "tain", "players": "Ann <ann@example.org>\nBob <bob@example.org>", "move_deadline": "24h",
            "phase_deadline": "48h", **fields}
    response = act(admin, "/admin/games/new", confirm=False, **data)
    assert response.status_code == 400 and message in response.text
    assert snapshot() == ([], 0, 0)


def test_an_unknown_game_or_seat_or_message(admin):
    game = new_game(move_deadline=timedelta(hours=24))
    before = snapshot()
    assert admin.get("/admin/games/99").status_code == 404
    assert "There is no game #99." in admin.get("/admin/games/99").text
    for path in ["cancel", "pause", "resume", "revoke", "export", "reveal", "resend"]:
        response = act(admin, f"/admin/games/99/{path}", seat=1)
        assert response.status_code == 404 and "There is no game #99." in response.text, path
    for path in ["reveal", "resend", "bot", "replace"]:
        response = act(admin, f"/admin/games/{game.id}/{path}", seat=999, email="new@example.org")
        assert response.status_code == 400 and "has no such seat" in response.text, path
        response = act(admin, f"/admin/games/{game.id}/{path}", seat="", email="new@example.org")
        assert response.status_code == 400 and "Choose a seat." in response.text, path
    assert act(admin, "/admin/mail/999/retry").status_code == 400
    assert snapshot() == before


def test_bad_clock_changes(admin):
    game = new_game(move_deadline=timedelta(hours=24))
    before = snapshot()
    cases = [
        ("extend", {"until": "2001-01-01T00:00"}, "That deadline is in the past"),
        ("extend", {"until": game.deadline_at.strftime("%Y-%m-%dT%H:%M")}, "later than the current one"),
        ("extend", {"until": "next tuesday"}, "Not a valid datetime value"),
        ("extend", {}, "Give the new deadline"),
        ("resume", {}, "is not paused"),
        ("timeout", {}, "This form is incomplete"),
        ("timeout", {"version": 5}, "The game has moved on"),
    ]
    for path, fields, message in cases:
        response = act(admin, f"/admin/games/{game.id}/{path}", **fields)
        assert response.status_code in (400, 409) and message in response.text, (path, fields, response.text[-600:])
    assert snapshot() == before


def test_bad_player_replacements(admin):
    game = new_game()
    before = snapshot()
    bob = game.seat_named("Bob").id
    for email, message in [("not-an-address", "is not an email address"), ("", "Give the new player"),
                           ("CAT@example.org", "already plays in game #1")]:
        response = act(admin, f"/admin/games/{game.id}/replace", seat=bob, email=email)
        assert response.status_code == 400 and message in response.text, email
    assert snapshot() == before


def test_bad_imports(admin):
    new_game()
    before = snapshot()
    for text, message in [("{not json", "That is not JSON."), ("[]", "This is not a game export"),
                          ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
                          ('{"format": "tain-game/1", "options": ' + "[" * 30 + "]" * 30 + "}", "nested too deeply"),
                          ('{"format": "tain-game/1", "game": "chess"}', "There is no game called"),
                          ('{"format": "tain-game/1", "game": "tain", "seed": 1, "players": [], "actions": []}',
                           "2 to 4 players")]:
        response = act(admin, "/admin/games/import", confirm=False, text=text)
        assert response.status_code == 400 and message in response.text, text
    assert snapshot() == before


def test_a_game_that_is_over_or_cancelled_cannot_be_changed(admin):
    game = new_game()
    act(admin, f"/admin/games/{game.id}/cancel")
    before = snapshot()
    for path in ["cancel", "pause", "bot", "replace"]:
        response = act(admin, f"/admin/games/{game.id}/{path}", seat=game.seats[0].id, email="x@example.org")
        assert response.status_code == 400 and "is cancelled; it cannot be changed" in response.text, path
    assert snapshot() == before


GAME_ACTIONS = ["cancel", "pause", "resume", "revoke", "export", "reveal", "resend", "bot", "replace", "timing",
                "extend", "timeout"]


@pytest.mark.parametrize("row_id", ["0", str(2**31), str(2**63), str(10**20)])
def test_a_game_or_email_id_out_of_range_is_not_found(admin, app, row_id):
    with app.app_context():
        new_game()
    before = database_rows(app)
    assert admin.get(f"/admin/games/{row_id}").status_code == 404
    for path in GAME_ACTIONS:
        response = act(admin, f"/admin/games/{row_id}/{path}", seat=1, email="new@example.org", version=0,
                       until="2031-01-01T00:00", move_deadline="24h", phase_deadline="48h")
        assert response.status_code == 404, path
    assert act(admin, f"/admin/mail/{row_id}/retry").status_code == 404
    assert database_rows(app) == before


def test_a_seat_or_version_out_of_range_is_refused_clearly(admin, app):
    with app.app_context():
        game_id = new_game().id
    before = database_rows(app)
    for path in ["reveal", "resend", "bot", "replace"]:
        response = act(admin, f"/admin/games/{game_id}/{path}", seat=str(10**20), email="new@example.org")
        assert response.status_code == 400 and "Number must be between" in response.text, path
    response = act(admin, f"/admin/games/{game_id}/timeout", version=str(10**20))
    assert response.status_code == 400 and "Number must be between" in response.text
    assert database_rows(app) == before


@pytest.mark.parametrize("fields, message", [
    ({"move_deadline": "1s"}, "from 1 minute to 90 days"), ({"phase_deadline": "9999999d"}, "from 1 minute to 90 days"),
    ({"move_deadline": "100000d"}, "from 1 minute to 90 days"), ({"reminder_before": "31d"}, "from 1 minute to 30 days"),
])
def test_a_timing_out_of_bounds_is_refused_before_it_is_confirmed(admin, app, fields, message):
    with app.app_context():
        game_id = new_game(move_deadline=timedelta(hours=24)).id
    before = database_rows(app)
    timing = {"move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h", **fields}
    for confirm in (False, True):
        response = act(admin, f"/admin/games/{game_id}/timing", confirm=confirm, **timing)
        assert response.status_code == 400 and message in response.text
        response = act(admin, "/admin/games/new", confirm=False, game="tain", players=FIVE.split("\n", 2)[2], **timing)
        assert response.status_code == 400 and message in response.text
    assert database_rows(app) == before


@pytest.mark.parametrize("email", ["ann,eve@example.org", "eve;ann@example.org", "eve(ann)@example.org",
                                   "évé@example.org", "eve@localhost"])
def test_a_replacement_address_mail_would_misread_is_refused(admin, app, email):
    with app.app_context():
        game = new_game()
        game_id, bob = game.id, game.seat_named("Bob").id
    before = database_rows(app)
    for confirm in (False, True):
        response = act(admin, f"/admin/games/{game_id}/replace", confirm=confirm, seat=bob, email=email)
        assert response.status_code == 400 and "is not an email address" in response.text
    assert database_rows(app) == before


def test_a_replacement_address_is_stored_normalized(admin, app):
    with app.app_context():
        game = new_game()
        game_id, bob = game.id, game.seat_named("Bob").id
    assert act(admin, f"/admin/games/{game_id}/replace", seat=bob, email="Eve@EXAMPLE.org").status_code == 303
    with app.app_context():
        assert db.session.get(Game, game_id).seat_named("Bob").email == "Eve@example.org"


def test_an_italian_admin_reads_an_import_refused_in_italian(admin):
    """The import's refusals are said in the admin's language, the engine's refusal inside them too."""
    admin.post("/admin/settings", data={"csrf_token": csrf(admin), "language": "it",
                                        "time_zone": "Europe/Rome"})
    players = '[{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]'
    refused_move = ('{"format": "tain-game/1", "game": "tain", "seed": 1, "options": {"first_player": "Ann"}, '
                    f'"players": {players}, "actions": [{{"player": "Bob", "action": {{"type": "pass"}}}}]}}')
    for text, message in [("[]", "Questa non è l&#39;esportazione di una partita"),
                          ('{"format": "tain-game/1", "game": "chess"}', "Non esiste un gioco chiamato"),
                          (refused_move, "L&#39;azione 1 del registro (Bob) è rifiutata: ")]:
        response = act(admin, "/admin/games/import", confirm=False, text=text)
        assert response.status_code == 400 and message in response.text, (text, response.text)
    refusal = response.text.split("rifiutata: ")[1].split("<")[0]
    engine = get_game("tain")
    with pytest.raises(IllegalAction) as english:
        engine.apply(engine.setup(["Ann", "Bob"], 1, {"first_player": "Ann"}), "Bob", {"type": "pass"})
    assert refusal.strip() and html.escape(str(english.value)) not in refusal


def test_an_italian_admin_reads_a_refused_clock_change_in_italian(admin):
    game = new_game(move_deadline=timedelta(hours=24))
    admin.post("/admin/settings", data={"csrf_token": csrf(admin), "language": "it", "time_zone": "Europe/Rome"})
    for path, fields, message in [("extend", {"until": "2001-01-01T00:00"}, "Quella scadenza è nel passato"),
                                  ("resume", {}, f"La partita n. {game.id} non è in pausa."),
                                  ("timeout", {"version": 5}, "La partita è andata avanti")]:
        response = act(admin, f"/admin/games/{game.id}/{path}", **fields)
        assert response.status_code in (400, 409) and message in response.text, (path, response.text[-600:])
    act(admin, f"/admin/games/{game.id}/cancel")
    response = act(admin, f"/admin/games/{game.id}/pause")
    assert f"La partita n. {game.id} è annullata: non si può più modificare." in response.text
