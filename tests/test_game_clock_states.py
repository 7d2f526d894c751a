"""Issue 9: paused and cancelled games, and the admin's clock changes decided under the game's lock.

While paused: pages and the JSON say so, no deadline runs or is shown or emailed, and a
move is refused with a clear sentence (409 in the API). Once cancelled: no reminder, no
wake-up, nothing overdue. A clock change is decided on the game as it is under the lock.
"""
from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from support import NOW, advance_to_guarding, new_game, outbox, token
from tain.extensions import db
from tain.models import Game
from tain.services import admin, deadlines
from tain.services.errors import AdminRefusal, GameNotRunning, StaleMove
from tain.services.games import engine_for
from tain.services.health import schedule_health
from tain.services.play import seat_snapshot, submit

H = timedelta(hours=1)
TIMING = {"move_deadline": 24 * H, "phase_deadline": 48 * H, "reminder_before": 4 * H}
PASS = {"type": "pass"}


def fresh(game_id: int) -> Game:
    db.session.rollback()
    return db.session.get(Game, game_id)


def test_a_paused_game_refuses_moves_shows_no_deadline_and_says_so(app, client):
    game = new_game(**TIMING)
    admin.pause(game.id, actor="maeve", now=NOW + H)
    with pytest.raises(GameNotRunning, match="paused"):
        submit(fresh(game.id).seat_named("Ann"), PASS, now=NOW + 2 * H)
    assert fresh(game.id).version == 0

    response = client.post(f"/api/v1/play/{token(fresh(game.id), 'Ann')}", json={"action": PASS})
    assert response.status_code == 409
    assert "paused" in response.get_json()["error"] and response.get_json()["code"] == "game-not-running"

    body = client.get(f"/api/v1/play/{token(fresh(game.id), 'Ann')}").get_json()
    assert body["deadline"] is None and body["game"]["paused"] is True and body["legal_actions"] == []
    page = client.get(f"/play/{token(fresh(game.id), 'Ann')}").text
    assert "paused" in page and "UTC" not in page.split("paused", 1)[1][:400]
    assert 'name="action"' not in page and 'name="actions"' not in page
    assert fresh(game.id).version == 0


def test_pausing_and_resuming_tell_the_players_and_resume_gives_the_time_that_was_left(app):
    game = new_game(**TIMING)
    before = len(outbox())
    admin.pause(game.id, actor="maeve", now=NOW + H)
    paused = outbox()[before:]
    assert sorted(m.recipient for m in paused) == ["ann@example.org", "bob@example.org", "cat@example.org"]
    assert all("paused" in m.subject.lower() and "until" not in m.body_text for m in paused)
    admin.resume(game.id, actor="maeve", now=NOW + 10 * H)
    resumed = outbox()[before + len(paused):]
    assert fresh(game.id).deadline_at == NOW + 33 * H  # 23 hours were left at the pause
    ann = next(m for m in resumed if m.recipient == "ann@example.org")
    assert "resumed" in ann.subject.lower() and "your move" in ann.body_text.lower()
    submit(fresh(game.id).seat_named("Ann"), PASS, now=NOW + 11 * H)
    assert fresh(game.id).version == 1


def test_a_bot_seated_while_paused_waits_for_the_resume(app):
    game = new_game(**TIMING)
    admin.pause(game.id, actor="maeve", now=NOW + H)
    ann = fresh(game.id).seat_named("Ann")
    admin.seat_bot(game.id, ann.id, actor="maeve", now=NOW + 2 * H)
    assert fresh(game.id).version == 0
    admin.resume(game.id, actor="maeve", now=NOW + 3 * H)
    assert fresh(game.id).version >= 1


def test_a_cancelled_game_keeps_no_reminder_no_wake_and_is_never_overdue(app):
    game = new_game(**TIMING)
    admin.cancel(game.id, actor="maeve", now=NOW + H)
    game = fresh(game.id)
    assert (game.deadline_at, game.reminder_at, game.wake_at) == (None, None, None)
    reminders_before = [m for m in outbox() if m.kind == "reminder"]
    assert deadlines.run_due_games(NOW + 100 * H).reminders == 0
    assert [m for m in outbox() if m.kind == "reminder"] == reminders_before
    assert schedule_health(NOW + 100 * H).most_overdue_game is None
    assert seat_snapshot(fresh(game.id).seat_named("Ann"))["deadline"] is None


def ann_passes_before_the_lock(app, monkeypatch, game_id: int) -> None:
    """The admin's next clock change takes the lock only after Ann has passed, in another session."""
    original_lock = deadlines.locked_game

    def move_first_then_lock(locked_id):
        def ann_passes():
            with app.app_context():
                submit(db.session.get(Game, game_id).seat_named("Ann"), PASS, now=NOW + 5 * H)
                db.session.remove()
        thread = threading.Thread(target=ann_passes)
        thread.start()
        thread.join()
        monkeypatch.setattr(deadlines, "locked_game", original_lock)
        return original_lock(locked_id)

    db.session.rollback()
    monkeypatch.setattr(deadlines, "locked_game", move_first_then_lock)


def test_extend_is_decided_on_the_deadline_under_the_lock_not_the_one_read_before(app, monkeypatch):
    """A move lands between the admin's page and the lock: "extend to 12:00" must not become
    "the new player's deadline plus the difference"."""
    game_id = new_game(**TIMING).id
    ann_passes_before_the_lock(app, monkeypatch, game_id)
    until = NOW + 40 * H  # later than Ann's deadline (NOW + 24 h) and Bob's (NOW + 29 h)
    assert admin.extend(game_id, until, actor="maeve", now=NOW + 6 * H) == until
    assert fresh(game_id).deadline_at == until


def test_extend_to_a_time_before_the_deadline_a_move_just_set_is_refused(app, monkeypatch):
    game_id = new_game(**TIMING).id
    ann_passes_before_the_lock(app, monkeypatch, game_id)
    with pytest.raises(AdminRefusal, match="later than the current one"):
        admin.extend(game_id, NOW + 26 * H, actor="maeve", now=NOW + 6 * H)
    assert fresh(game_id).deadline_at == NOW + 29 * H


def _guards_then_pass(game: Game, player: str) -> list[dict]:
    legal = engine_for(game).legal_actions(game.state, player)
    guard = next(action for action in legal if action["type"] == "guard")
    return [guard, PASS]


def test_in_simultaneous_guarding_another_seats_move_never_makes_a_page_stale(app, client):
    game = new_game(**TIMING)
    advance_to_guarding(game)
    game = fresh(game.id)
    first, second, *_ = engine_for(game).to_act(game.state)
    shown = game.version  # both pages were opened now
    submit(game.seat_named(first), _guards_then_pass(game, first), now=NOW, expected_version=shown)
    game = fresh(game.id)
    second_moves = _guards_then_pass(game, second)
    response = client.post(f"/api/v1/play/{token(game, second)}", json={"actions": second_moves, "version": shown})
    assert response.status_code == 200, response.get_json()
    with pytest.raises(StaleMove):  # the same page sent again: its decision is made
        submit(fresh(game.id).seat_named(second), second_moves, now=NOW, expected_version=shown)
