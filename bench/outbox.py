"""Emails per second the outbox delivers to a local aiosmtpd server, leasing each just before sending it.

    .venv/bin/python bench/outbox.py [emails]

Target (issue 4): 1,000 emails in under 10 s. Uses a fresh SQLite file and a
real SMTP server on 127.0.0.1; every email is checked to arrive exactly once.
"""
from __future__ import annotations

import pathlib
import socket
import sys
import tempfile
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from aiosmtpd.controller import Controller  # noqa: E402

from tain import create_app  # noqa: E402
from tain.extensions import db  # noqa: E402
from tain.mail.outbox import deliver_pending, enqueue  # noqa: E402
from tain.web import utcnow  # noqa: E402


class Counter:
    def __init__(self) -> None:
        self.message_ids: list[str] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        for line in envelope.content.split(b"\r\n"):
            if line.lower().startswith(b"message-id:"):
                self.message_ids.append(line.split(b":", 1)[1].strip().decode())
        return "250 OK"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    counter = Counter()
    controller = Controller(counter, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite3", "SCHEDULER": "off",
                              "MAIL_SERVER": "127.0.0.1", "MAIL_PORT": controller.port})
            with app.app_context():
                db.create_all()
                now = utcnow()
                for n in range(count):
                    enqueue(recipient=f"player{n}@example.org", subject=f"[Tàin #{n}] Turn 1: your move",
                            body_text="It is your move.\n" * 20, body_html="<p>It is your move.</p>" * 20,
                            message_id=f"<bench.{n}@tain.test>", thread_root=None, kind="your-move", now=now)
                db.session.commit()
                start = time.perf_counter()
                report = deliver_pending(now)
                seconds = time.perf_counter() - start
    finally:
        controller.stop()
    assert report.sent == count and len(counter.message_ids) == len(set(counter.message_ids)) == count
    print(f"{count:,} emails delivered to aiosmtpd on 127.0.0.1 in {seconds:.2f} s: "
          f"{count / seconds:,.0f} emails/s   (target: 1,000 in < 10 s); each arrived exactly once")


if __name__ == "__main__":
    main()
