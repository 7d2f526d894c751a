"""An SMTP server that accepts the connection and never answers: delivery gives up after MAIL_TIMEOUT and
retries later, and the clock's pass of deadlines never waits for it."""
from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from apscheduler.schedulers.background import BackgroundScheduler
from sqlalchemy import select

from support import NOW, PLAYERS, Mailbox, new_game, outbox, smtp_serving
from tain import transactions
from tain.extensions import db
from tain.services.letters import send_pending
from tain.models import ActionRecord, SchedulerPass
from tain.scheduler import add_jobs
from tain.services.games import create_game, parse_player


class SilentServer:
    """Takes every connection on 127.0.0.1 and never says a word, as a hung mail server does."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.05)
        self.port = self.listener.getsockname()[1]
        self.connections: list[socket.socket] = []
        self.open = True
        self.thread = threading.Thread(target=self._accept, daemon=True)
        self.thread.start()

    def _accept(self) -> None:
        while self.open:
            try:
                self.connections.append(self.listener.accept()[0])
            except TimeoutError:
                continue

    def close(self) -> None:
        """Hang up on every connection, which ends any wait on them."""
        self.open = False
        self.thread.join()
        for connection in [self.listener, *self.connections]:
            connection.close()


@pytest.fixture
def silent_server(app: Any) -> Iterator[SilentServer]:
    server = SilentServer()
    app.config.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=server.port)
    yield server
    server.close()


def in_thread(app: Any, job: Any) -> threading.Thread:
    """`job` in its own thread and application context (so that a hang cannot hang the test)."""
    def run() -> None:
        with app.app_context():
            job()
            db.session.remove()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_delivery_gives_up_on_a_silent_server_after_mail_timeout_and_retries_later(app, silent_server):
    app.config["MAIL_TIMEOUT"] = 1
    with app.app_context():
        new_game()
    reports = []
    started = time.monotonic()
    in_thread(app, lambda: reports.append(send_pending(NOW))).join(timeout=20)
    waited = time.monotonic() - started
    assert reports, "delivery still waiting for the server after 20 s"
    assert 1 <= waited < 10 and (reports[0].sent, reports[0].failed) == (0, 1)
    with app.app_context():
        first, *others = outbox()
        assert first.status == "pending" and "timed out" in first.last_error
        assert all(m.status == "pending" and m.next_attempt_at > NOW for m in [first, *others])  # backing off
    silent_server.close()
    with smtp_serving(app.config, Mailbox()) as mailbox, app.app_context():
        assert send_pending(NOW + timedelta(hours=1)).sent == 3
    assert len(mailbox.messages) == 3


def test_the_clocks_pass_of_deadlines_completes_while_the_mail_server_hangs(app, silent_server):
    assert app.config["MAIL_TIMEOUT"] == 30  # the default: the pass must not wait for it
    with app.app_context():
        late = create_game("tain", [parse_player(p) for p in PLAYERS], now=datetime.now(timezone.utc) - timedelta(
            hours=25), first_player="Ann", move_deadline=timedelta(hours=24)).id
    scheduler = BackgroundScheduler(timezone=timezone.utc)
    add_jobs(scheduler, app)
    scheduler.start()
    try:
        deadline = time.monotonic() + 15
        while True:
            with app.app_context(), transactions.read():
                passes = db.session.scalars(select(SchedulerPass)).all()
                timed_out = db.session.scalars(select(ActionRecord.game_id).filter_by(on_timeout=True)).all()
            if passes or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert passes, "no pass of the clock completed in 15 s"
        assert timed_out == [late]
        silent_server.close()  # the mail job, still waiting for the server, gives up now
    finally:
        scheduler.shutdown(wait=True)
    with app.app_context():
        mails = outbox()
        assert len(mails) == 4 and {m.status for m in mails} == {"pending"}  # 3 invitations, Bob's move
        assert mails[0].last_error  # the invitations back off; Bob's move, queued since, is tried next
        assert all(m.next_attempt_at > datetime.now(timezone.utc) for m in mails[:3])
