"""`flask --app app tain tick` SIGKILLed while it sends to a real aiosmtpd, several times at random moments:
at most the message in flight at each kill goes twice, and every other one goes at the next pass."""
from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import time
from datetime import datetime, timezone
from typing import Any

from sqlalchemy import func, select

from support import Mailbox, smtp_serving
from tain import PROJECT_ROOT, transactions
from tain.extensions import db
from tain.mail.outbox import CLAIM_LEASE, enqueue
from tain.services.letters import send_pending
from tain.models import OutboxMessage

EMAILS, KILLS = 120, 3


class SlowMailbox(Mailbox):
    """Takes 10 ms per message, as a real server may: a kill finds the sender in the middle of its queue."""

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        await asyncio.sleep(0.01)
        return await super().handle_DATA(server, session, envelope)


def tick(env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "tain", "tick"], cwd=PROJECT_ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def kill_while_sending(env: dict[str, str], mailbox: Mailbox, pause: float) -> None:
    """Start a tick, wait until the server has taken two more emails from it, `pause` seconds more, then SIGKILL it.

    Two, because the sender leases the next message only after it marked the last one sent: so each kill
    leaves at least one message sent, however slow the machine, and the kills are mid-queue."""
    process, received = tick(env), len(mailbox.messages)
    deadline = time.monotonic() + 60
    while len(mailbox.messages) < received + 2 and process.poll() is None:
        assert time.monotonic() < deadline, "the tick sent nothing in 60 s"
        time.sleep(0.002)
    time.sleep(pause)
    process.kill()
    process.communicate()


def statuses(app: Any) -> dict[str, int]:
    with app.app_context(), transactions.read():
        return dict(db.session.execute(select(OutboxMessage.status, func.count()).group_by(OutboxMessage.status)).all())


def test_a_killed_tick_sends_at_most_its_message_in_flight_twice_and_the_rest_at_the_next_pass(app, config):
    now = datetime.now(timezone.utc)
    with app.app_context(), transactions.write():
        for n in range(EMAILS):
            enqueue(recipient=f"player{n}@example.org", subject=f"[Tàin #{n}] Turn 1: your move",
                    body_text="It is your move.\n", body_html="<p>It is your move.</p>\n",
                    message_id=f"<kill.{n}@tain.test>", thread_root=None, kind="your-move", now=now)
    seed = random.randrange(10**6)
    draw = random.Random(seed)  # one generator: a new one per kill would draw the same pause three times
    pauses = [draw.uniform(0, 0.15) for _ in range(KILLS)]
    with smtp_serving(app.config, SlowMailbox()) as mailbox:
        env = {**os.environ, "DATABASE_URL": config["SQLALCHEMY_DATABASE_URI"], "SECRET_KEY": config["SECRET_KEY"],
               "BASE_URL": config["BASE_URL"], "MAIL_SERVER": "127.0.0.1", "MAIL_PORT": str(app.config["MAIL_PORT"]),
               "MAIL_DEFAULT_SENDER": config["MAIL_DEFAULT_SENDER"], "SCHEDULER": "off"}
        for pause in pauses:
            kill_while_sending(env, mailbox, pause)
        killed = statuses(app)
        out, err = tick(env).communicate(timeout=120)  # the next pass, run to its end
        after_next_pass = statuses(app)
        with app.app_context():  # the leases of the messages in flight at each kill have run out
            send_pending(datetime.now(timezone.utc) + CLAIM_LEASE)
        at_the_end = statuses(app)
    received = [message["Message-ID"] for message in mailbox.messages]
    story = f"seed {seed}: after the kills {killed}, after the next pass {after_next_pass}"
    assert "emails sent" in out, err
    assert 0 < killed.get("sent", 0) < EMAILS, f"the kills were not mid-queue; {story}"
    assert set(after_next_pass) <= {"sent", "sending"} and after_next_pass.get("sending", 0) <= KILLS, story
    assert at_the_end == {"sent": EMAILS}, story
    assert sorted(set(received)) == sorted(f"<kill.{n}@tain.test>" for n in range(EMAILS)), story
    assert len(received) - EMAILS <= KILLS, f"{len(received) - EMAILS} duplicates for {KILLS} kills; {story}"
