"""Two `flask --app app tain tick` processes at once, on one database (SQLite file or PostgreSQL),
with due games and pending mail to a real aiosmtpd: each game is timed out once, each email arrives once."""
from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support import PLAYERS, Mailbox, smtp_serving
from tain import PROJECT_ROOT
from tain.extensions import db
from tain.models import ActionRecord, Game, OutboxMessage, SchedulerPass
from tain.services.games import create_game, parse_player

H = timedelta(hours=1)
DUE, IDLE = 5, 1

# `flask --app app tain tick` through Flask's own command line, once the app is loaded and a start
# gate opens: both processes are warmed up and released together, so that their passes overlap.
GATED_FLASK = """
import os, sys, time
import app  # noqa: F401  (loads the app before the gate; flask's --app app finds it imported)
from flask.cli import main
ready, gate = sys.argv.pop(1), sys.argv.pop(1)
open(ready, "w").close()
while not os.path.exists(gate):
    time.sleep(0.001)
main()
"""


class SlowMailbox(Mailbox):
    """Takes 20 ms per message, so that both processes are still sending when the other one is."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        await asyncio.sleep(0.02)
        return await super().handle_DATA(server, session, envelope)


@pytest.fixture
def slow_smtp(config: dict[str, Any]) -> Iterator[Mailbox]:
    with smtp_serving(config, SlowMailbox()) as mailbox:
        yield mailbox


def game_made(at: datetime) -> Game:
    return create_game("tain", [parse_player(p) for p in PLAYERS], now=at, first_player="Ann",
                       move_deadline=24 * H, phase_deadline=48 * H, reminder_before=4 * H)


def start_tick(env: dict[str, str], ready: Path, gate: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", GATED_FLASK, str(ready), str(gate), "--app", "app", "tain", "tick"],
        cwd=PROJECT_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def test_two_tick_processes_at_once_time_out_each_game_once_and_send_each_email_once(config, slow_smtp, app,
                                                                                      tmp_path):
    now = datetime.now(timezone.utc)
    due = [game_made(now - 25 * H).id for _ in range(DUE)]  # their move deadline passed an hour ago
    idle = [game_made(now).id for _ in range(IDLE)]
    pending = db.session.query(OutboxMessage).count()
    assert pending == 3 * (DUE + IDLE) and {m.status for m in db.session.query(OutboxMessage)} == {"pending"}
    db.session.remove()

    env = {**os.environ, "DATABASE_URL": config["SQLALCHEMY_DATABASE_URI"], "SECRET_KEY": config["SECRET_KEY"],
           "BASE_URL": config["BASE_URL"], "MAIL_SERVER": "127.0.0.1", "MAIL_PORT": str(config["MAIL_PORT"]),
           "MAIL_DEFAULT_SENDER": config["MAIL_DEFAULT_SENDER"], "SCHEDULER": "off"}
    gate = tmp_path / "gate"
    ready = [tmp_path / f"ready-{n}" for n in range(2)]
    ticks = [start_tick(env, ready[n], gate) for n in range(2)]
    deadline = time.monotonic() + 60
    while not all(path.exists() for path in ready):
        assert time.monotonic() < deadline and all(tick.poll() is None for tick in ticks), "a tick did not start"
        time.sleep(0.01)
    gate.touch()
    outputs = [tick.communicate(timeout=60) for tick in ticks]
    for tick, (out, err) in zip(ticks, outputs):
        assert tick.returncode == 0, err
    timed_out = sum(int(re.search(r"(\d+) players timed out", out)[1]) for out, _ in outputs)
    sent = sum(int(re.search(r"(\d+) emails sent", out)[1]) for out, _ in outputs)

    records = db.session.query(ActionRecord).filter_by(on_timeout=True).all()
    assert sorted(r.game_id for r in records) == due and timed_out == DUE
    assert db.session.query(ActionRecord).count() == DUE  # nothing else was played, twice or otherwise
    assert not db.session.query(ActionRecord).filter(ActionRecord.game_id.in_(idle)).count()
    messages = db.session.query(OutboxMessage).all()
    assert len(messages) == pending + DUE  # the invitations, and one "your move" per time-out
    assert {m.status for m in messages} == {"sent"} and sent == len(messages)
    received = [m["Message-ID"] for m in slow_smtp.messages]
    assert sorted(received) == sorted({m.message_id for m in messages})  # each one, once
    first, second = sorted(db.session.query(SchedulerPass), key=lambda p: p.started_at)
    assert second.started_at < first.finished_at, "the two passes did not overlap"
    assert (first.timeouts + second.timeouts, first.emails_sent + second.emails_sent) == (DUE, len(messages))
