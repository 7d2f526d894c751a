"""What each admin page costs with many games in the database (issue 15: every admin page under
100 ms at 10,000 games): the pages an admin opens, in-process (Flask's test client, logged in), on a
database filled as bench/web.py fills it.

    .venv/bin/python bench/admin.py [--database-url URL] [--games 1000,10000] [--repeat 7]

For each size it prints, per page, the median and the slowest of `--repeat` requests in ms, the
median CPU time of this process (SQLite's work included; on a busy machine the figure to compare) and
the statements one request ran. SQLite is made in a temporary directory; PostgreSQL is emptied first
(default: sqlite only; give `--database-url postgresql://tain:tain@127.0.0.1:5432/tain_bench`).
"""
from __future__ import annotations

import argparse
import cProfile
import io
import pathlib
import pstats
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from sqlalchemy import func, select  # noqa: E402

from bench.in_process import filled  # noqa: E402
from bench.web import bench_app, counting  # noqa: E402
from tain.extensions import db  # noqa: E402
from tain.models import Game, OutboxMessage  # noqa: E402
from tain.services.accounts import create_admin  # noqa: E402

PASSWORD = "a bench password"


def pages(app) -> list[tuple[str, str]]:
    """The admin's pages, each once: lists and filters, a late page, a long game's page, mail, audit."""
    with app.app_context():
        longest = db.session.scalar(select(Game.id).order_by(Game.version.desc()).limit(1))
        running = db.session.scalar(select(Game.id).where(Game.status == "running").limit(1))
        seat = db.session.get(Game, running).seats[0]
    return [("games, first page", "/admin/"), ("games, page 100", "/admin/?page=100"),
            ("running", "/admin/?status=running"), ("waiting", "/admin/?status=waiting"),
            ("waiting on one player", f"/admin/?status=waiting&who={seat.email}"),
            ("finished", "/admin/?status=finished"), ("a long game", f"/admin/games/{longest}"),
            ("mail", "/admin/mail"), ("audit", "/admin/audit"), ("health", "/admin/health"),
            ("settings", "/admin/settings"), ("new game", "/admin/games/new")]


def logged_in(app):
    client = app.test_client()
    login = client.get("/admin/login").text
    token = login.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    answer = client.post("/admin/login", data={"csrf_token": token, "name": "bench", "password": PASSWORD})
    assert answer.status_code == 303, answer.text[:300]
    return client


def measure(url: str, games: int, repeat: int, profile: str | None = None) -> None:
    filled(url, games)
    app = bench_app(url)
    with app.app_context():
        create_admin("bench", PASSWORD, now=datetime.now(timezone.utc))
        mails = db.session.scalar(select(func.count()).select_from(OutboxMessage))
    client = logged_in(app)
    print(f"\n{games:,} games ({mails:,} emails), {url.split(':')[0]}: ms median / slowest, CPU ms median, statements")
    for name, path in pages(app):
        times, cpu = [], []
        for _ in range(repeat):
            with counting(app) as statements:
                start, started_cpu = time.perf_counter(), time.process_time()
                answer = client.get(path)
                times.append((time.perf_counter() - start) * 1000)
                cpu.append((time.process_time() - started_cpu) * 1000)
            assert answer.status_code == 200, (path, answer.status_code)
        print(f"  {name:<24} {statistics.median(times):7.1f} {max(times):7.1f} {statistics.median(cpu):7.1f}"
              f" {len(statements):4d}")
    if profile:
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [client.get(profile) for _ in range(20)])
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(30)
        print(out.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--games", default="1000,10000")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--profile", metavar="PATH", help="also print a cProfile of 20 requests of that page")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        url = args.database_url or f"sqlite:///{workdir}/admin.db"
        for games in (int(size) for size in args.games.split(",")):
            measure(url, games, args.repeat, args.profile)


if __name__ == "__main__":
    main()
