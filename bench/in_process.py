"""What one request costs the service's own process (issue 15): move POSTs and page GETs made
in-process (Flask's test client) on a database filled as bench/web.py fills it.

    .venv/bin/python bench/in_process.py [--database-url URL] [--games 10000] [--requests 100]
                                         [--keep FILE] [--profile kind]

For each of `--requests` running games, as a player plays it: the seat to act's API GET, its move
POST, then its page GET (drawn: the move changed it) and the page again (`reopen`: kept as drawn,
tain.web.kept_pages). It prints, per kind, the milliseconds per request (wall clock and this
process's CPU: SQLite's work is inside the process, PostgreSQL's in its own) and the statements
each ran (median/max). With `--profile post` (or `page`), a second pass over other games under
cProfile prints the top of that kind's functions by cumulative time (the project's, the session's
commit, flush and execute, Jinja's rendering, Flask-Babel's). The SQLite database is made
in a temporary directory; `--keep FILE` fills FILE once and works on a fresh copy of it each run,
migrated to this tree's schema, so that runs before and after a change start from the same games.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import os
import pathlib
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine  # noqa: E402

from bench import fill  # noqa: E402
from bench.load import environment, flask_command, fresh_database  # noqa: E402
from bench.web import PROFILED, Table, acting_link, bench_app, counting, tables_to_play  # noqa: E402
from tain.extensions import db, install_sqlite_behaviour  # noqa: E402
from tain.config import database_uri  # noqa: E402

KINDS = ("api", "post", "page", "reopen")


def filled(url: str, games: int) -> None:
    fresh_database(url)
    install_sqlite_behaviour()
    engine = create_engine(database_uri(url))
    with engine.connect() as connection:
        fill.fill(connection, games, fill.templates(min(fill.TEMPLATES, games)))
    engine.dispose()


def play(app: Any, tables: list[Table], measure: Callable[[str, Callable[[], Any]], Any]) -> None:
    """For each table: the seat to act's API GET, its POST, its page GET, each through `measure`."""
    client = app.test_client()
    for number, table in enumerate(tables):
        link = acting_link(app, table)
        if link is None:
            continue
        snapshot = measure("api", lambda: client.get(f"/api/v1/play/{link}")).get_json()
        legal = snapshot["legal_actions"]
        body = {"action": legal[number % len(legal)], "version": snapshot["game"]["version"]}
        response = measure("post", lambda: client.post(f"/api/v1/play/{link}", json=body))
        assert response.status_code == 200, response.text
        assert measure("page", lambda: client.get(f"/play/{link}")).status_code == 200
        assert measure("reopen", lambda: client.get(f"/play/{link}")).status_code == 200


def timed(app: Any, tables: list[Table]) -> dict[str, dict[str, list[float]]]:
    figures: dict[str, dict[str, list[float]]] = {kind: {"wall": [], "cpu": [], "statements": []} for kind in KINDS}

    def measure(kind: str, call: Callable[[], Any]) -> Any:
        with counting(app) as seen:
            wall, cpu = time.perf_counter(), time.process_time()
            answer = call()
            figures[kind]["cpu"].append(time.process_time() - cpu)
            figures[kind]["wall"].append(time.perf_counter() - wall)
        figures[kind]["statements"].append(len(seen))
        return answer

    play(app, tables, measure)
    return figures


def profiled(app: Any, tables: list[Table], kind: str) -> str:
    profile = cProfile.Profile()

    def measure(this: str, call: Callable[[], Any]) -> Any:
        if this != kind:
            return call()
        profile.enable()
        try:
            return call()
        finally:
            profile.disable()

    play(app, tables, measure)
    text = io.StringIO()
    pstats.Stats(profile, stream=text).sort_stats("cumulative").print_stats(PROFILED + "|flask_babel/", 45)
    return text.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", help="a PostgreSQL database (emptied and filled!); default: SQLite")
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--requests", type=int, default=100, help="games played, one move each")
    parser.add_argument("--keep", help="a SQLite file filled once and copied for each run")
    parser.add_argument("--profile", choices=KINDS, help="then profile this kind of request")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{tmp}/bench.sqlite3"
        if args.keep and not args.database_url:
            if not os.path.exists(args.keep):
                filled(f"sqlite:///{args.keep}", args.games)
            shutil.copyfile(args.keep, f"{tmp}/bench.sqlite3")
            flask_command(environment(url, "http://127.0.0.1"), "db", "upgrade")  # filled by an older tree, perhaps
        else:
            filled(url, args.games)
        install_sqlite_behaviour()
        app = bench_app(url)
        tables = tables_to_play(app, 2 * args.requests, seed=args.games)
        play(app, tables[:3], lambda kind, call: call())  # warm up: imports, templates, connections
        figures = timed(app, tables[3:args.requests + 3])
        load = " ".join(f"{value:.1f}" for value in os.getloadavg())
        print(f"{url.split(':')[0]}, {args.games:,} games, load average {load}")
        for kind, values in figures.items():
            print(f"  {kind:6}: {len(values['wall'])} requests, {1000 * statistics.mean(values['wall']):6.2f} ms wall,"
                  f" {1000 * statistics.mean(values['cpu']):6.2f} ms CPU (median {1000 * statistics.median(values['cpu']):.2f}),"
                  f" statements {statistics.median(values['statements']):.0f}/{max(values['statements']):.0f}")
        if args.profile:
            print(profiled(app, tables[args.requests + 3:], args.profile))
        with app.app_context():
            db.engine.dispose()


if __name__ == "__main__":
    main()
