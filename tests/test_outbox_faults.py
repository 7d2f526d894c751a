"""The outbox against a real aiosmtpd server on 127.0.0.1 that goes down or refuses a recipient."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from aiosmtpd.controller import Controller

from support import NOW, Mailbox, free_port, new_game, outbox
from tain import create_app
from tain.extensions import db
from tain.mail.outbox import MAX_ATTEMPTS, deliver_pending
from tain.models import OutboxMessage
from tain.services.play import submit


class RefusingMailbox(Mailbox):
    """Refuses one address at RCPT TO, as a server does for an unknown mailbox."""

    def __init__(self, refused: str) -> None:
        super().__init__()
        self.refused = refused

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: Any) -> str:
        if address == self.refused:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"


def serve(mailbox: Mailbox, port: int) -> Controller:
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller


def test_every_email_arrives_exactly_once_after_the_server_was_down(config):
    port = free_port()
    config.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=port)
    app = create_app(config)
    with app.app_context():
        db.drop_all()
        db.create_all()
        games = [new_game() for _ in range(3)]
        submit(games[0].seat_named("Ann"), {"type": "pass"}, now=NOW)
        queued = len(outbox())
        now = NOW
        for _ in range(5):  # down for a while: every pass fails and backs off, the whole queue waiting
            report = deliver_pending(now)
            assert report.sent == 0 and report.failed <= 1
            now += timedelta(minutes=30)
        assert {m.status for m in outbox()} == {"pending"} and outbox()[0].last_error
        mailbox = Mailbox()
        controller = serve(mailbox, port)
        try:
            assert deliver_pending(now).sent == queued
            assert deliver_pending(now + timedelta(days=1)).sent == 0
        finally:
            controller.stop()
        ids = [m["Message-ID"] for m in mailbox.messages]
        assert len(ids) == len(set(ids)) == queued
        assert all(m.status == "sent" and m.last_error is None for m in outbox())
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def test_a_refused_recipient_does_not_stop_the_others_and_is_recorded(config):
    port = free_port()
    config.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=port)
    app = create_app(config)
    mailbox = RefusingMailbox("bob@example.org")
    controller = serve(mailbox, port)
    try:
        with app.app_context():
            db.drop_all()
            db.create_all()
            new_game()
            report = deliver_pending(NOW)
            assert (report.sent, report.failed) == (2, 1)
            assert [len(mailbox.to(address)) for address in ("ann@", "bob@", "cat@")] == [1, 0, 1]
            now = NOW
            for _ in range(MAX_ATTEMPTS - 1):  # retried with back-off until the limit
                now += timedelta(days=1)
                deliver_pending(now)
            bob = outbox("bob@example.org")[0]
            assert bob.status == "failed" and bob.attempts == MAX_ATTEMPTS
            assert "550" in bob.last_error and "No such user" in bob.last_error
            assert deliver_pending(now + timedelta(days=30)).failed == 0  # failed for good: the admin sees it
            assert len(mailbox.messages) == 2
            assert db.session.query(OutboxMessage).filter_by(status="sent").count() == 2
            db.session.remove()
            db.drop_all()
            db.engine.dispose()
    finally:
        controller.stop()
