"""`flask --app app tain …` and the migrations."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import upgrade
from sqlalchemy import select, text

from support import NOW, outbox
from tain import PROJECT_ROOT, transactions
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.services.play import submit


def test_new_game_prints_the_id_last(runner, app):
    result = runner.invoke(args=["tain", "new-game", "--game", "tain", "--player", "Ann <ann@example.org>",
                                 "--player", "Bob <bob@example.org>", "--move-deadline", "24h",
                                 "--phase-deadline", "72h", "--first-player", "Ann"])
    assert result.exit_code == 0, result.output
    game = db.session.get(Game, int(result.output.strip().splitlines()[-1]))
    assert game.options == {"first_player": "Ann"} and game.phase_deadline_seconds == 72 * 3600
    assert len(game.seats) == 2


def test_new_game_refuses_bad_input_clearly(runner, app):
    for args in (["--player", "Ann <ann@example.org>"],
                 ["--player", "Ann <ann@example.org>", "--player", "Bob <bob@example.org>", "--move-deadline", "soon"],
                 ["--player", "Ann <ann@example.org>", "--player", "Bob <bob@example.org>", "--move-deadline", ""],
                 ["--game", "chess", "--player", "Ann <a@example.org>", "--player", "Bob <b@example.org>"],
                 ["--game", "tara", "--player", "Ann <a@example.org>", "--player", "Bob <b@example.org>",
                  "--option", "level=²"]):  # a digit to str.isdigit, not a number
        result = runner.invoke(args=["tain", "new-game", *args])
        assert result.exit_code == 2 and "Error:" in result.output and "Traceback" not in result.output
    assert db.session.query(Game).count() == 0


def test_a_language_goes_to_the_name_before_the_last_equals_sign(runner, app):
    result = runner.invoke(args=["tain", "new-game", "--player", "A=B <ab@example.org>", "--player", "Bob <bob@example.org>",
                                 "--language", "A=B=it"])
    assert result.exit_code == 0, result.output
    game = db.session.get(Game, int(result.output.strip().splitlines()[-1]))
    assert [(seat.name, seat.language) for seat in game.seats] == [("A=B", "it"), ("Bob", None)]


def test_a_setting_that_is_not_a_number_stops_a_command_with_a_sentence(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite3", "MAIL_PORT": "twenty-five"}
    tick = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "tain", "tick"], cwd=PROJECT_ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert tick.returncode == 1 and "Traceback" not in tick.stderr
    assert tick.stderr.strip() == "The setting MAIL_PORT must be a whole number, not 'twenty-five'."


def test_check_replays_every_game(runner, game):
    result = runner.invoke(args=["tain", "check"])
    assert result.exit_code == 0 and "0 problems" in result.output
    with transactions.write():
        game.state = {**game.state, "turn": 5}
    result = runner.invoke(args=["tain", "check"])
    assert result.exit_code == 1 and "differs" in result.output


def test_rebuild_writes_every_game_again_from_its_log(runner, game):
    state = dict(game.state)
    with transactions.write():
        game.state = {**game.state, "turn": 5}
    result = runner.invoke(args=["tain", "rebuild"])
    assert result.exit_code == 0 and result.output.splitlines()[-1] == "1 games rebuilt, 0 not."
    result = runner.invoke(args=["tain", "check"])
    assert result.exit_code == 0 and "0 problems" in result.output
    assert db.session.get(Game, game.id).state == state


def test_rebuild_says_which_games_it_could_not_and_writes_nothing_for_them(runner, game):
    submit(game.seat_named("Ann"), {"type": "pass"}, now=NOW)
    game = db.session.get(Game, game.id)
    with transactions.write():
        game.actions[0].action = {"type": "fly"}
    tampered = dict(db.session.get(Game, game.id).state)
    result = runner.invoke(args=["tain", "rebuild", "--game", str(game.id), "--game", "999"])
    assert result.exit_code == 1, result.output
    assert f"game #{game.id}: the log does not replay, nothing was written" in result.output
    assert "game #999: no such game" in result.output and result.output.splitlines()[-1] == "0 games rebuilt, 2 not."
    assert db.session.get(Game, game.id).state == tampered


def test_rebuild_refuses_a_game_number_no_database_holds(runner, game):
    for bad in ("0", "9223372036854775808", "x"):
        result = runner.invoke(args=["tain", "rebuild", "--game", bad])
        assert result.exit_code == 2 and "Error:" in result.output and "Traceback" not in result.output, bad


def test_the_migrations_build_exactly_the_models(app):
    db.drop_all()
    with db.engine.begin() as connection:
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    upgrade()
    with db.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), db.metadata) == []
    with db.engine.begin() as connection:
        connection.execute(text("DROP TABLE alembic_version"))


def test_the_to_act_migration_fills_in_whom_each_game_waits_on_and_its_stage(app):
    db.drop_all()
    with db.engine.begin() as connection:
        connection.execute(text("DROP TABLE IF EXISTS alembic_version"))
    upgrade(revision="0012_ordered_json")
    engine = get_game("tain")
    running = engine.setup(["Ann", "Bob"], 3, {"first_player": "Bob"})  # the second row's status says over: the
    # state is what the columns are read from
    with transactions.write():
        for game_id, status, state in ((1, "running", running), (2, "over", running)):
            db.session.execute(text("INSERT INTO games (id, game, seed, options, status, state, version, created_at, "
                                    "updated_at, bot_on_timeout) VALUES (:id, 'tain', 3, '{}', :status, :state, 0, "
                                    ":now, :now, false)"),
                               {"id": game_id, "status": status, "state": json.dumps(state), "now": NOW})
    upgrade()
    with app.app_context():
        assert db.session.execute(select(Game.id, Game.to_act).order_by(Game.id)).all() == [(1, ["Bob"]), (2, ["Bob"])]
        assert [stage["long"] for stage in db.session.scalars(select(Game.stage))] == ["turn 1 of 8, scouting"] * 2
    db.session.remove()
    with db.engine.begin() as connection:
        connection.execute(text("DROP TABLE alembic_version"))


def test_new_game_invitations_say_who_started_it(runner, app):
    result = runner.invoke(args=["tain", "new-game", "--player", "Ann <ann@example.org>",
                                 "--player", "Bob <bob@example.org>", "--started-by", "Maeve"])
    assert result.exit_code == 0, result.output
    bodies = {message.recipient: message.body_text for message in outbox()}
    assert "Maeve started a game of Tàin" in bodies["bob@example.org"]
    assert "with Ann" in bodies["bob@example.org"]
