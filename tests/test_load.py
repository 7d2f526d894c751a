"""The load of bench/load.py, smaller: gunicorn with 4 workers and the clock process on a fresh, migrated
database (SQLite, and PostgreSQL with TEST_DATABASE_URL), players double-clicking every move through the
JSON API and opening their pages while deadlines pass. Never a 500, never a lost or doubled move, every
game equal to its replay, every email once (see bench/load.py for what is checked)."""
from __future__ import annotations

import pytest

from bench import load

pytestmark = pytest.mark.load


def test_double_clicking_players_racing_the_clock_get_no_500_and_lose_no_move(database_url, tmp_path):
    try:
        result = load.run(database_url, tmp_path, games=6, players=3, workers=4, think=0.5, time_limit=120)
    finally:
        load.empty_database(database_url)
    print(result.summary())  # the figures, with -s
    assert result.problems == []
    assert result.server_tracebacks == []
    assert set(result.figures["statuses"]) <= {200, 409}, result.figures  # 409: the second click, a late move
    by_kind = result.figures["by_kind"]
    assert all(by_kind[kind]["requests"] for kind in load.KINDS)
    assert by_kind["post"]["statuses"].get(409, 0) >= by_kind["post"]["requests"] / 2  # every double click refused once
    assert result.timeouts > 0, "the clock timed nobody out: the deadlines did not race the players"
