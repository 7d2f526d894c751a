"""The admin dashboard with the test client: login, every page, every action and its audit entry."""
from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from sqlalchemy import select

from admin_support import PASSWORD, act, log_in
from support import NOW, outbox, token
from tain import transactions
from tain.extensions import db
from tain.models import AuditEntry, Game, OutboxMessage
from tain.services.errors import RevokedToken
from tain.services.links import seat_from_token


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


@pytest.fixture
def admin(client):
    assert log_in(client).status_code == 303
    return client


def audit_actions() -> list[tuple[str, str, int | None]]:
    return [(e.actor, e.action, e.game_id) for e in db.session.scalars(select(AuditEntry).order_by(AuditEntry.id))]


def test_the_password_is_kept_only_as_a_hash(app):
    assert "ADMIN_PASSWORD" not in app.config
    assert app.config["ADMIN_PASSWORD_HASH"].startswith(("scrypt:", "pbkdf2:")) and PASSWORD not in app.config["ADMIN_PASSWORD_HASH"]


def test_every_page_needs_a_login(client, game):
    for url in ["/admin/", "/admin/games/1", "/admin/mail", "/admin/health", "/admin/audit",
                "/admin/games/new", "/admin/games/import"]:
        response = client.get(url)
        assert response.status_code == 303 and response.location.startswith("/admin/login?next=/admin/"), url
    assert client.post("/admin/games/1/cancel", data={"csrf_token": csrf_token_of_login(client)}).status_code == 303
    assert db.session.get(Game, 1).status == "running"


def csrf_token_of_login(client):
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', client.get("/admin/login").text)[1]


def test_login_sets_a_safe_session_cookie_and_goes_where_asked(client):
    token = csrf_token_of_login(client)
    response = client.post("/admin/login", data={"csrf_token": token, "name": "admin", "password": PASSWORD,
                                                 "next": "/admin/mail"})
    assert response.status_code == 303 and response.location == "/admin/mail"
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert client.get("/admin/mail").status_code == 200


def test_login_never_sends_you_to_another_site(client):
    token = csrf_token_of_login(client)
    response = client.post("/admin/login", data={"csrf_token": token, "name": "admin", "password": PASSWORD,
                                                 "next": "//evil.example/admin"})
    assert response.location == "/admin/"


def test_the_session_cookie_is_secure_over_https(monkeypatch, tmp_path):
    from tain.config import from_environment

    monkeypatch.setenv("BASE_URL", "https://tain.example.org")
    assert from_environment(str(tmp_path))["SESSION_COOKIE_SECURE"] is True
    monkeypatch.setenv("BASE_URL", "http://127.0.0.1:5000")
    assert from_environment(str(tmp_path))["SESSION_COOKIE_SECURE"] is False


def test_make_runs_the_clock_in_process_unless_scheduler_is_set(monkeypatch, tmp_path):
    """`make run` sets SCHEDULER_DEFAULT only: a SCHEDULER from the environment or `.env` (which
    load_dotenv puts in the environment unless it is already there) wins."""
    from tain.config import from_environment

    monkeypatch.delenv("SCHEDULER", raising=False)
    assert from_environment(str(tmp_path))["SCHEDULER"] == "off"
    monkeypatch.setenv("SCHEDULER_DEFAULT", "inprocess")
    assert from_environment(str(tmp_path))["SCHEDULER"] == "inprocess"
    monkeypatch.setenv("SCHEDULER", "off")
    assert from_environment(str(tmp_path))["SCHEDULER"] == "off"


def test_logout(admin):
    response = act(admin, "/admin/logout", confirm=False)
    assert response.status_code == 303
    assert admin.get("/admin/").status_code == 303


def test_an_admin_made_on_the_command_line_logs_in(runner, client):
    result = runner.invoke(args=["tain", "create-admin", "--name", "maeve", "--password", "a long password"])
    assert result.exit_code == 0, result.output
    from tain.models import AdminUser

    stored = db.session.scalar(select(AdminUser))
    assert stored.name == "maeve" and "a long password" not in stored.password_hash
    assert log_in(client, "maeve", "a long password").status_code == 303
    act(client, "/admin/games/new", confirm=False, game="tain", players="Ann <a@example.org>\nBob <b@example.org>",
        move_deadline="24h", phase_deadline="48h")
    assert audit_actions() == [("maeve", "create", 1)]


def test_create_admin_refuses_a_short_password_or_a_taken_name(runner):
    assert runner.invoke(args=["tain", "create-admin", "--name", "maeve", "--password", "short"]).exit_code == 2
    assert runner.invoke(args=["tain", "create-admin", "--name", "maeve", "--password", "a long password"]).exit_code == 0
    result = runner.invoke(args=["tain", "create-admin", "--name", "maeve", "--password", "another long one"])
    assert result.exit_code == 2 and "already an admin" in result.output


def test_the_games_list_shows_each_game_and_filters(admin, game):
    from support import new_game

    other = new_game(["Dee <dee@example.org>", "Eve <eve@example.org>"], first_player="Eve")
    act(admin, f"/admin/games/{other.id}/cancel")
    page = admin.get("/admin/").text
    assert "Tàin #1" in page and "Ann, Bob, Cat" in page and "turn 1 of 8, scouting" in page and "Tàin #2" in page
    assert "Tàin #2" not in admin.get("/admin/?status=running").text
    assert "Tàin #1" not in admin.get("/admin/?status=cancelled").text
    assert "No games finished" in admin.get("/admin/?status=finished").text
    assert "Tàin #1" in admin.get("/admin/?status=waiting").text
    assert "Tàin #1" in admin.get("/admin/?status=waiting&who=ann@example.org").text
    assert "No games waiting on a player" in admin.get("/admin/?status=waiting&who=bob").text
    act(admin, "/admin/games/1/pause")
    assert "Tàin #1" in admin.get("/admin/?status=paused").text
    assert "Tàin #1" not in admin.get("/admin/?status=running").text


def test_the_game_page_shows_seats_board_log_and_mail_without_hidden_tokens(admin, game, client):
    from tain.services.play import submit

    client.get(f"/play/{token(game, 'Bob')}")  # Bob opens his link
    submit(game.seat_named("Ann"), {"type": "raid", "token": "chieftain"}, now=NOW)
    submit(game.seat_named("Bob"), {"type": "scout", "token": "warrior", "board": "Ann", "entrance": "pasture-2"}, now=NOW)
    page = admin.get("/admin/games/1").text
    assert "bob@example.org" in page and "never" in page  # Ann and Cat never opened theirs
    assert "The public board" in page and "Ann's token, face down" in page and "Bob's token, face down" in page
    assert "Ann's chieftain" not in page and "warrior" not in page.split("Action log")[1].split("Emails")[0]
    assert "Ann raids the foreign kingdom" in page and "Bob scouts Ann&#39;s pasture-2" in page
    assert re.search(r"<td>1</td>\s*<td>0</td>", page)  # Ann: one move made, no deadline missed
    assert "(not written yet)" in page.split("Emails")[-1]  # the moves' emails, before the sender's pass
    outbox()  # the sender writes them
    page = admin.get("/admin/games/1").text.split("Emails")[-1]
    assert "You are invited to play with" in page and "your move" in page and "(not written yet)" not in page


def test_reveal_is_confirmed_and_audit_logged(admin, game):
    from tain.services.play import submit

    submit(game.seat_named("Ann"), {"type": "raid", "token": "chieftain"}, now=NOW)
    seat = game.seat_named("Ann").id
    first = act(admin, "/admin/games/1/reveal", confirm=False, seat=seat)
    assert "Are you sure?" in first.text and "Ann's chieftain" not in first.text and audit_actions() == []
    page = act(admin, "/admin/games/1/reveal", seat=seat).text
    assert "The board as Ann sees it" in page and "Ann's chieftain" in page and "raid chieftain" in page
    assert audit_actions() == [("admin", "reveal", 1)]
    assert "Ann's chieftain" not in admin.get("/admin/games/1").text


def test_create_a_game_with_a_bot_seat(admin):
    response = act(admin, "/admin/games/new", confirm=False, game="tain", move_deadline="24h", phase_deadline="48h",
                   players="Ann <ann@example.org>\nDana (bot)\nCat <cat@example.org>", first_player="Ann")
    assert response.status_code == 303 and response.location == "/admin/games/1"
    game = db.session.get(Game, 1)
    assert [(s.name, s.bot) for s in game.seats] == [("Ann", False), ("Dana", True), ("Cat", False)]
    assert {m.recipient for m in outbox()} == {"ann@example.org", "cat@example.org"}
    assert audit_actions() == [("admin", "create", 1)]
    assert "Dana (bot)" in db.session.scalar(select(AuditEntry.detail))


def test_create_a_game_with_its_reminder_and_a_bot_on_time_out(admin):
    form = admin.get("/admin/games/new").text
    assert 'name="reminder_before"' in form and 'value="4h"' in form and 'name="bot_on_timeout"' in form
    act(admin, "/admin/games/new", confirm=False, game="tain", move_deadline="24h", phase_deadline="48h",
        reminder_before="2h", bot_on_timeout="y", players="Ann <ann@example.org>\nBob <bob@example.org>")
    act(admin, "/admin/games/new", confirm=False, game="tain", move_deadline="24h", phase_deadline="48h",
        reminder_before="", players="Ann <ann@example.org>\nBob <bob@example.org>")
    with_reminder, without = db.session.get(Game, 1), db.session.get(Game, 2)
    assert (with_reminder.reminder_before_seconds, with_reminder.bot_on_timeout) == (2 * 3600, True)
    assert (without.reminder_before_seconds, without.reminder_at, without.bot_on_timeout) == (None, None, False)
    response = act(admin, "/admin/games/new", confirm=False, game="tain", move_deadline="24h", phase_deadline="48h",
                   reminder_before="soon", players="Ann <ann@example.org>\nBob <bob@example.org>")
    assert response.status_code == 400 and "Write a duration" in response.text
    assert db.session.query(Game).count() == 2


def test_a_bot_seat_moves_at_once_and_a_bot_can_take_a_seat(admin, game):
    from tain.services.games import engine_for
    from tain.services.play import submit

    old = token(game, "Bob")
    assert "Are you sure?" in act(admin, "/admin/games/1/bot", confirm=False, seat=game.seat_named("Bob").id).text
    act(admin, "/admin/games/1/bot", seat=game.seat_named("Bob").id)
    submit(game.seat_named("Ann"), {"type": "raid", "token": "chieftain"}, now=NOW)
    db.session.refresh(game)
    assert [r.player for r in game.actions] == ["Ann", "Bob"]  # the bot moved in Ann's transaction
    assert engine_for(game).to_act(game.state) == ["Cat"]
    with pytest.raises(RevokedToken):
        seat_from_token(old, NOW)
    assert audit_actions() == [("admin", "bot in seat", 1)]


def test_pause_and_resume_keep_the_time_left(admin, app):
    from support import new_game

    game = new_game(move_deadline=timedelta(hours=24))
    deadline = game.deadline_at
    act(admin, "/admin/games/1/pause")
    game = db.session.get(Game, 1)
    assert game.paused_at is not None and "paused" in admin.get("/admin/games/1").text
    act(admin, "/admin/games/1/resume")
    game = db.session.get(Game, 1)
    assert game.paused_at is None and game.deadline_at > deadline
    assert [a for _, a, _ in audit_actions()] == ["pause", "resume"]


def test_the_timing_is_shown_and_changed_from_the_games_page(admin, app):
    from support import new_game

    new_game(move_deadline=timedelta(hours=24), phase_deadline=timedelta(hours=48))
    page = admin.get("/admin/games/1").text
    assert 'name="move_deadline"' in page and 'value="1d"' in page and 'value="2d"' in page
    unconfirmed = act(admin, "/admin/games/1/timing", confirm=False, move_deadline="12h", phase_deadline="2d",
                      reminder_before="", bot_on_timeout="y")
    assert "Change the timing" in unconfirmed.text and db.session.get(Game, 1).move_deadline_seconds == 86400
    assert act(admin, "/admin/games/1/timing", move_deadline="12h", phase_deadline="2d", reminder_before="",
               bot_on_timeout="y").status_code == 303
    db.session.expire_all()
    game = db.session.get(Game, 1)
    assert (game.move_deadline_seconds, game.phase_deadline_seconds, game.reminder_before_seconds,
            game.bot_on_timeout) == (12 * 3600, 2 * 86400, None, True)
    assert audit_actions()[-1][1] == "change timing"
    assert 'value="12h"' in admin.get("/admin/games/1").text


def test_a_timing_it_cannot_read_is_refused_and_changes_nothing(admin, app):
    from support import new_game

    new_game(move_deadline=timedelta(hours=24))
    response = act(admin, "/admin/games/1/timing", move_deadline="soon", phase_deadline="2d")
    assert response.status_code == 400 and "Write a duration as 90s, 30m, 24h or 3d" in response.text
    assert db.session.get(Game, 1).move_deadline_seconds == 86400 and audit_actions() == []


def test_a_clock_change_and_its_audit_entry_commit_together(app, monkeypatch):
    """If the audit entry cannot be written, the pause does not happen either."""
    from support import new_game
    from tain.services import admin as admin_service, audit

    game = new_game(move_deadline=timedelta(hours=24))

    def broken_record(*args, **kwargs):
        raise RuntimeError("the audit log is unavailable")

    monkeypatch.setattr(audit, "record", broken_record)
    with pytest.raises(RuntimeError):
        admin_service.pause(game.id, actor="admin", now=NOW)
    db.session.expire_all()
    assert db.session.get(Game, game.id).paused_at is None


def test_extend_the_deadline_and_time_out_now(admin, app):
    from support import new_game

    game = new_game(move_deadline=timedelta(hours=24))
    act(admin, "/admin/games/1/extend", until="2099-01-02T03:04")
    game = db.session.get(Game, 1)
    assert game.deadline_at.strftime("%Y-%m-%d %H:%M") == "2099-01-02 03:04"
    act(admin, "/admin/games/1/timeout", version=0)
    game = db.session.get(Game, 1)
    assert [(r.player, r.action, r.on_timeout) for r in game.actions] == [("Ann", {"type": "pass"}, True)]
    assert "<td>1</td>" in admin.get("/admin/games/1").text.split("Ann")[1][:400]  # a deadline missed
    assert [a for _, a, _ in audit_actions()] == ["extend deadline", "time out now"]


def test_replace_a_player(admin, game):
    old = token(game, "Bob")
    act(admin, "/admin/games/1/replace", seat=game.seat_named("Bob").id, email="dan@example.org")
    db.session.refresh(game)
    assert game.seat_named("Bob").email == "dan@example.org"
    with pytest.raises(RevokedToken):
        seat_from_token(old, NOW)
    mail = outbox("dan@example.org")
    assert len(mail) == 1 and "your link to the game" in mail[0].subject and "/play/" in mail[0].body_text
    assert audit_actions() == [("admin", "replace player", 1)]


def test_resend_a_link_and_revoke_every_link(admin, game):
    act(admin, "/admin/games/1/resend", seat=game.seat_named("Cat").id)
    act(admin, "/admin/games/1/resend", seat=game.seat_named("Cat").id)
    links = [m for m in outbox("cat@example.org") if m.kind == "link"]
    assert len(links) == 2 and links[0].message_id != links[1].message_id
    old = token(game, "Ann")
    act(admin, "/admin/games/1/revoke")
    with pytest.raises(RevokedToken):
        seat_from_token(old, NOW)
    assert [a for _, a, _ in audit_actions()] == ["resend link", "resend link", "revoke links"]


def test_cancel_a_game(admin, game):
    from tain.services.errors import NotYourMove
    from tain.services.play import submit

    act(admin, "/admin/games/1/cancel")
    db.session.refresh(game)
    assert game.status == "cancelled" and game.deadline_at is None
    with pytest.raises(NotYourMove, match="cancelled"):
        submit(game.seat_named("Ann"), {"type": "pass"}, now=NOW)
    assert "cannot be changed" in act(admin, "/admin/games/1/pause").text


def test_export_and_import_a_game(admin, game):
    from tain.services.play import submit

    submit(game.seat_named("Ann"), {"type": "raid", "token": "chieftain"}, now=NOW)
    response = act(admin, "/admin/games/1/export")
    assert response.mimetype == "application/json" and "attachment" in response.headers["Content-Disposition"]
    data = json.loads(response.data)
    assert data["seed"] == 7 and data["options"] == {"first_player": "Ann"}
    assert [p["email"] for p in data["players"]] == ["ann@example.org", "bob@example.org", "cat@example.org"]
    assert data["actions"][0]["action"] == {"type": "raid", "token": "chieftain"}
    response = act(admin, "/admin/games/import", confirm=False, text=json.dumps(data))
    assert response.status_code == 303 and response.location == "/admin/games/2"
    copy = db.session.get(Game, 2)
    assert copy.state == db.session.get(Game, 1).state and copy.version == 1
    assert [a for _, a, _ in audit_actions()] == ["export", "import"]


def test_import_refuses_an_invalid_log_with_the_engines_sentence(admin, game):
    data = json.loads(act(admin, "/admin/games/1/export").data)
    data["actions"] = [{"player": "Bob", "action": {"type": "pass"}}]
    response = act(admin, "/admin/games/import", confirm=False, text=json.dumps(data))
    assert response.status_code == 400 and "Action 1 of the log (Bob) is refused:" in response.text
    assert db.session.query(Game).count() == 1


def test_the_outbox_shows_failures_and_retries(admin, game):
    first = outbox()[0].id  # written by the sender
    with transactions.write():
        message = db.session.get(OutboxMessage, first)
        message.status, message.attempts, message.last_error = "failed", 8, "SMTPServerDisconnected: gone"
    page = admin.get("/admin/mail?status=failed").text
    assert "SMTPServerDisconnected: gone" in page and "failed (1)" in page
    act(admin, f"/admin/mail/{message.id}/retry")
    message = db.session.get(OutboxMessage, message.id)
    assert message.status == "sent" and message.last_error is None  # retried at once, to the dev mailbox
    assert audit_actions() == [("admin", "retry mail", 1)]
    assert "only a pending or failed one" in act(admin, f"/admin/mail/{message.id}/retry").text


def test_health_counts_games_moves_and_emails(admin, game):
    page = admin.get("/admin/health").text
    assert "<b>1</b> game running" in page


def test_the_audit_log_page(admin, game):
    act(admin, "/admin/games/1/revoke")
    page = admin.get("/admin/audit").text
    assert "revoke links" in page and "admin" in page and 'href="/admin/games/1"' in page


def test_with_a_mail_server_new_games_are_made_behind_the_login(config, smtp_server, client):
    response = client.get("/games/new")
    assert response.status_code == 303 and response.location == "/admin/games/new"
    assert client.get("/admin/games/new").status_code == 303  # to the login
