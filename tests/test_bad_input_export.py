"""Export then import gives back the same game: timing, status, times and the log with each action's
time (export → import → export is equal but for the id). A cancelled or finished game imported sends
no invitations; an export whose status or times do not hold is refused, and nothing is created."""
from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

from bad_input_support import database_rows
from support import NOW, new_game, new_tara_game
from tain.extensions import db
from tain.models import Game
from tain.services import admin, deadlines
from tain.services.errors import InvalidGame
from tain.services.export import export_game, import_game
from tain.services.games import engine_for
from tain.services.play import seat_snapshot, submit

H = timedelta(hours=1)
LATER = NOW + 30 * 24 * H  # when the copy is imported


def exported(app: Any, game_id: int) -> dict[str, Any]:
    """The game's export, as it travels (through JSON)."""
    with app.app_context():
        return json.loads(json.dumps(export_game(db.session.get(Game, game_id))))


def round_trip(app: Any, game_id: int) -> tuple[dict[str, Any], dict[str, Any], int]:
    """The game's export, the export of its imported copy, and how many emails the import queued."""
    data = exported(app, game_id)
    mails = len(database_rows(app)["outbox"])
    with app.app_context():
        copy_id = import_game(data, now=LATER).id
    return data, exported(app, copy_id), len(database_rows(app)["outbox"]) - mails


def without_id(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "id"}


def made_moves(app: Any, **timing: Any) -> int:
    """A Tàin game with its reminder and a bot on time-out, two moves made an hour and two hours in."""
    with app.app_context():
        game = new_game(move_deadline=24 * H, phase_deadline=48 * H, reminder_before=3 * H, bot_on_timeout=True,
                        **timing)
        submit(game.seat_named("Ann"), {"type": "raid", "token": "chieftain"}, now=NOW + H)
        submit(game.seat_named("Bob"), {"type": "pass"}, now=NOW + 2 * H)
        return game.id


def test_a_running_game_comes_back_the_same(app):
    data, again, invitations = round_trip(app, made_moves(app))
    assert without_id(again) == without_id(data) and again["id"] != data["id"]
    assert (data["reminder_before_seconds"], data["bot_on_timeout"], data["status"]) == (3 * 3600, True, "running")
    assert [entry["at"] for entry in data["actions"]] == [(NOW + H).isoformat(), (NOW + 2 * H).isoformat()]
    assert data["created_at"] == NOW.isoformat() and data["finished_at"] is None and data["paused_at"] is None
    assert invitations == 3
    with app.app_context():
        copy = db.session.get(Game, again["id"])
        assert copy.deadline_at == LATER + 24 * H and copy.reminder_at == LATER + 21 * H  # a fresh clock


def test_a_paused_game_comes_back_paused(app):
    game_id = made_moves(app)
    with app.app_context():
        deadlines.pause(game_id, now=NOW + 3 * H)
    data, again, invitations = round_trip(app, game_id)
    assert without_id(again) == without_id(data) and data["paused_at"] == (NOW + 3 * H).isoformat()
    with app.app_context():
        copy = db.session.get(Game, again["id"])
        assert copy.paused_at == NOW + 3 * H and copy.wake_at is None
    assert invitations == 3


def test_a_cancelled_game_comes_back_cancelled_and_tells_nobody(app):
    game_id = made_moves(app)
    with app.app_context():
        admin.cancel(game_id, actor="admin", now=NOW + 5 * H)
    data, again, invitations = round_trip(app, game_id)
    assert without_id(again) == without_id(data)
    assert (data["status"], data["finished_at"]) == ("cancelled", (NOW + 5 * H).isoformat())
    assert invitations == 0
    with app.app_context():
        copy = db.session.get(Game, again["id"])
        assert (copy.deadline_at, copy.wake_at) == (None, None)


def test_a_finished_game_comes_back_finished_and_tells_nobody(app):
    with app.app_context():
        game = new_tara_game(options={"games": 1})
        engine, bot, moves = engine_for(game), engine_for(game).make_bot(3), 0
        while not engine.is_over(game.state):
            seat = game.seat_named(engine.to_act(game.state)[0])
            snapshot = seat_snapshot(seat)
            submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW + moves * H)
            db.session.refresh(game)
            moves += 1
        game_id = game.id
    data, again, invitations = round_trip(app, game_id)
    assert without_id(again) == without_id(data)
    assert (data["status"], data["finished_at"]) == ("over", (NOW + (moves - 1) * H).isoformat())
    assert invitations == 0


@pytest.mark.parametrize("change, message", [
    ({"status": "over"}, "the log does not end the game"),
    ({"status": "lost"}, "status"),
    ({"status": "cancelled", "finished_at": None}, "finished_at"),
    ({"paused_at": "2030-05-01T13:00:00+00:00", "status": "cancelled", "finished_at": "2030-05-01T14:00:00+00:00"},
     "Only a running game"),
    ({"created_at": "yesterday"}, "created_at"),
    ({"created_at": "2030-05-01T12:00:00"}, "created_at"),  # no time zone
    ({"created_at": "0001-01-01T00:00:00+05:00"}, "created_at"),
    ({"paused_at": "2999-01-01T00:00:00+00:00"}, "later than now"),  # the copy's clock would start there
    ({"bot_on_timeout": "yes"}, "bot_on_timeout"),
    ({"reminder_before_seconds": 40 * 86400}, "from 1 minute to 30 days"),
])
def test_an_export_whose_status_or_times_do_not_hold_is_refused(app, change, message):
    data = exported(app, made_moves(app))
    before = database_rows(app)
    with app.app_context(), pytest.raises(InvalidGame, match=message):
        import_game({**data, **change}, now=LATER)
    assert database_rows(app) == before


@pytest.mark.parametrize("at", ["soon", 5, "2030-05-01T13:00:00", "9999-12-31T23:00:00-05:00"])
def test_an_action_time_that_does_not_hold_is_refused(app, at):
    data = exported(app, made_moves(app))
    data["actions"][1]["at"] = at
    with app.app_context(), pytest.raises(InvalidGame, match="of action 2 of the log"):
        import_game(data, now=LATER)


def test_each_players_language_comes_back(app):
    with app.app_context():
        game_id = new_game(["Ann <ann@example.org> it", "Bob <bob@example.org> en", "Cat <cat@example.org>"]).id
    data, again, _ = round_trip(app, game_id)
    assert [player["language"] for player in data["players"]] == ["it", "en", None]
    assert without_id(again) == without_id(data)
    data["players"][2]["language"] = "klingon"
    with app.app_context(), pytest.raises(InvalidGame, match="language"):
        import_game(data, now=LATER)
