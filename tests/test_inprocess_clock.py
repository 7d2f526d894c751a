"""SCHEDULER=inprocess: only the serving process runs the clock, from the first request it serves.

Before, every process that built the app started a clock — `flask db upgrade` and `tick`
included, which then raced the migration on a fresh database.
"""
from __future__ import annotations

import os
import subprocess
import sys

from tain import PROJECT_ROOT, create_app


def test_building_the_app_starts_no_clock_and_the_first_request_starts_one(config):
    app = create_app({**config, "SCHEDULER": "inprocess"})
    assert "tain_scheduler" not in app.extensions
    app.test_client().get("/")
    scheduler = app.extensions["tain_scheduler"]
    try:
        assert scheduler.running and {job.id for job in scheduler.get_jobs()} == {"tain-pass", "tain-mail"}
        app.test_client().get("/")
        assert app.extensions["tain_scheduler"] is scheduler  # one clock per process
    finally:
        scheduler.shutdown(wait=False)


def test_upgrade_and_tick_on_a_fresh_database_never_start_a_clock(tmp_path):
    env = {**os.environ, "SCHEDULER": "inprocess", "DATABASE_URL": f"sqlite:///{tmp_path}/fresh.sqlite3",
           "SECRET_KEY": "test"}
    flask = [sys.executable, "-m", "flask", "--app", "app"]
    for _ in range(3):
        upgrade = subprocess.run([*flask, "db", "upgrade"], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True,
                                 timeout=120)
        assert upgrade.returncode == 0, upgrade.stderr
        tick = subprocess.run([*flask, "tain", "tick"], cwd=PROJECT_ROOT, env=env, capture_output=True, text=True,
                              timeout=120)
        assert tick.returncode == 0 and "players timed out" in tick.stdout, tick.stderr
