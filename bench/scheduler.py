"""Cost of one scheduler pass (`run_due`: deadlines, reminders, digests, outbox) on SQLite.

    .venv/bin/python bench/scheduler.py [--database-url URL]

Prints the cost of a pass over 10,000 running games of which none is due
(target: under 50 ms; the due-ness query must use an index — its query plan is
printed), over 1,000 due games (target: under 10 s on SQLite), and how the idle
cost grows from 1,000 to 10,000 to 100,000 games. Games are inserted in bulk
as copies of one real game; the due ones time out for real (engine, log, emails).
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time
from datetime import timedelta

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from sqlalchemy import insert, select, text  # noqa: E402

from tain import create_app  # noqa: E402
from tain.extensions import db  # noqa: E402
from tain.models import Game, OutboxMessage, Seat  # noqa: E402
from tain.scheduler import run_due  # noqa: E402
from tain.services.games import create_game, parse_player  # noqa: E402
from tain.web import utcnow  # noqa: E402

PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cat <cat@example.org>"]
NOW = utcnow()


def add_games(count: int, *, due: bool) -> None:
    """`count` copies of a fresh 3-player game, waking an hour ago (due) or in ten hours (idle)."""
    model = db.session.scalars(select(Game).order_by(Game.id).limit(1)).one()
    wake = NOW - timedelta(hours=1) if due else NOW + timedelta(hours=10)
    first_id = (db.session.scalar(select(db.func.max(Game.id))) or 0) + 1
    games, seats = [], []
    for game_id in range(first_id, first_id + count):
        games.append({
            "id": game_id, "game": "tain", "seed": model.seed, "options": model.options, "status": "running",
            "state": model.state, "version": 0, "move_deadline_seconds": 86400, "phase_deadline_seconds": 172800,
            "reminder_before_seconds": 4 * 3600, "deadline_at": wake, "reminder_at": None, "wake_at": wake,
            "created_at": NOW, "updated_at": NOW, "bot_on_timeout": False,
        })
        seats += [{"game_id": game_id, "position": i, "name": s.name, "email": f"{game_id}.{s.email}",
                   "link_key": s.link_key, "mail_mode": "each", "digest_reports": 0, "away_days": [], "bot": False}
                  for i, s in enumerate(model.seats)]
    for start in range(0, count, 5000):
        db.session.execute(insert(Game), games[start:start + 5000])
        db.session.execute(insert(Seat), seats[start * 3:(start + 5000) * 3])
    db.session.commit()


def timed_pass() -> tuple[float, object]:
    start = time.perf_counter()
    report = run_due(NOW)
    return time.perf_counter() - start, report


def best_idle_pass(repeats: int = 5) -> float:
    return min(timed_pass()[0] for _ in range(repeats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: a fresh SQLite file in a temporary directory")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{tmp}/bench.sqlite3"
        app = create_app({"SQLALCHEMY_DATABASE_URI": url, "MAIL_SERVER": None, "SCHEDULER": "off",
                          "BASE_URL": "http://bench.test", "SERVER_NAME": "bench.test"})
        with app.app_context():
            db.drop_all()
            db.create_all()
            create_game("tain", [parse_player(p) for p in PLAYERS], now=NOW, seed=1, first_player="Ann",
                        move_deadline=timedelta(hours=24), phase_deadline=timedelta(hours=48),
                        reminder_before=timedelta(hours=4))
            run_due(NOW)

            due_query = select(Game.id).where(Game.wake_at <= NOW).order_by(Game.wake_at, Game.id).limit(500)
            sql = str(due_query.compile(db.engine, compile_kwargs={"literal_binds": True}))
            print(f"database: {db.engine.dialect.name}")
            print("due-ness query:", " ".join(sql.split()))
            explain = "EXPLAIN QUERY PLAN " if db.engine.dialect.name == "sqlite" else "EXPLAIN "
            for row in db.session.execute(text(explain + sql)):
                print("  plan:", " | ".join(str(value) for value in row))
            db.session.rollback()

            print("\nidle games (none due): one pass, best of 5")
            total = 1
            for target in (1_000, 10_000, 100_000):
                add_games(target - total, due=False)
                total = target
                print(f"  {target:>7,} running games: {best_idle_pass() * 1000:7.2f} ms"
                      + ("   (target: < 50 ms)" if target == 10_000 else ""))

            add_games(1_000, due=True)
            seconds, report = timed_pass()
            emails = db.session.query(OutboxMessage).filter(OutboxMessage.status == "sent").count()
            print(f"\n1,000 due games among {total:,}: one pass {seconds:.2f} s   (target: < 10 s on SQLite)")
            print(f"  {report}")
            print(f"  outbox rows delivered so far: {emails}")
            print(f"  a second pass: {timed_pass()[0] * 1000:.2f} ms (nothing left due)")


if __name__ == "__main__":
    main()
