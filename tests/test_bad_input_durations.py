"""Deadlines and reminders within bounds (deadlines 1 minute to 90 days, the reminder 1 minute to 30 days),
in the forms, the command line, the service and an import: a clear refusal, nothing created or changed."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest

from bad_input_support import database_rows
from support import NOW, csrf_of, new_game
from tain.extensions import db
from tain.models import Game
from tain.services.deadlines import Timing, set_timing
from tain.services.errors import InvalidGame
from tain.services.export import export_game, import_game
from tain.services.games import parse_duration

TWO = "Ann <ann@example.org>\nBob <bob@example.org>"
DEADLINE_RANGE = "from 1 minute to 90 days"
REMINDER_RANGE = "from 1 minute to 30 days"


@pytest.mark.parametrize("text", ["99999999999999999999d", "1" * 8 + "s", "١٢h", "²h"])
def test_a_duration_too_long_to_read_is_refused(text):
    with pytest.raises(InvalidGame, match="Write a duration"):
        parse_duration(text)


@pytest.mark.parametrize("timing, message", [
    ({"move_deadline": timedelta(seconds=1)}, DEADLINE_RANGE),
    ({"move_deadline": timedelta(seconds=59)}, DEADLINE_RANGE),
    ({"move_deadline": timedelta(days=91)}, DEADLINE_RANGE),
    ({"phase_deadline": timedelta(days=9_999_999)}, DEADLINE_RANGE),
    ({"phase_deadline": -timedelta(hours=1)}, DEADLINE_RANGE),
    ({"reminder_before": timedelta(seconds=30)}, REMINDER_RANGE),
    ({"reminder_before": timedelta(days=31)}, REMINDER_RANGE),
])
def test_the_service_refuses_a_timing_out_of_bounds(app, timing, message):
    with app.app_context():
        with pytest.raises(InvalidGame, match=message):
            new_game(**timing)
        assert db.session.query(Game).count() == 0


def test_the_bounds_themselves_are_accepted(app):
    with app.app_context():
        game = new_game(move_deadline=timedelta(minutes=1), phase_deadline=timedelta(days=90),
                        reminder_before=timedelta(days=30))
        set_timing(game.id, Timing(timedelta(days=90), timedelta(minutes=1), timedelta(minutes=1)), now=NOW)


def test_set_timing_refuses_a_timing_out_of_bounds(app):
    with app.app_context():
        game_id = new_game(move_deadline=timedelta(hours=24)).id
    before = database_rows(app)
    for timing in (Timing(timedelta(seconds=1), None, None), Timing(None, timedelta(days=100_000), None),
                   Timing(timedelta(hours=1), timedelta(hours=2), timedelta(days=40))):
        with app.app_context(), pytest.raises(InvalidGame, match="from 1 minute to"):
            set_timing(game_id, timing, now=NOW)
    assert database_rows(app) == before


@pytest.mark.parametrize("field, text, message", [
    ("move_deadline", "1s", DEADLINE_RANGE), ("move_deadline", "9999999d", DEADLINE_RANGE),
    ("phase_deadline", "100000d", DEADLINE_RANGE), ("reminder_before", "31d", REMINDER_RANGE),
    ("move_deadline", "12345678901", "Field cannot be longer than 10 characters"),
])
def test_the_new_game_form_refuses_a_timing_out_of_bounds(client, app, field, text, message):
    data = {"csrf_token": csrf_of(client.get("/games/new").text), "game": "tain", "players": TWO,
            "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h", field: text}
    response = client.post("/games/new", data=data)
    assert response.status_code == 400 and message in response.text
    assert database_rows(app)["games"] == []


@pytest.mark.parametrize("option, text", [("--move-deadline", "1s"), ("--phase-deadline", "9999999d"),
                                          ("--reminder-before", "100000d"), ("--move-deadline", "9" * 30 + "d")])
def test_the_command_line_refuses_a_timing_out_of_bounds(runner, app, option, text):
    result = runner.invoke(args=["tain", "new-game", "--player", "Ann <ann@example.org>",
                                 "--player", "Bob <bob@example.org>", option, text])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert DEADLINE_RANGE in result.output or REMINDER_RANGE in result.output or "Write a duration" in result.output
    assert database_rows(app)["games"] == []


@pytest.mark.parametrize("field, seconds, message", [
    ("move_deadline_seconds", 1, DEADLINE_RANGE), ("phase_deadline_seconds", 10**30, "a whole number of seconds"),
    ("move_deadline_seconds", "24h", "a whole number"),
    ("move_deadline_seconds", -5, "a whole number of seconds"),
])
def test_an_import_with_a_timing_out_of_bounds_is_refused(app, field, seconds, message):
    with app.app_context():
        data = json.loads(json.dumps(export_game(new_game(move_deadline=timedelta(hours=24)))))
    before = database_rows(app)
    with app.app_context(), pytest.raises(InvalidGame, match=message):
        import_game({**data, field: seconds}, now=NOW)
    assert database_rows(app) == before
