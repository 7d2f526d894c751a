"""The outbox against a real aiosmtpd server on 127.0.0.1 that goes down, or refuses or cannot take one message."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from support import NOW, Mailbox, free_port, new_game, outbox
from tain import create_app, transactions
from tain.extensions import db
from tain.mail.outbox import MAX_ATTEMPTS, enqueue
from tain.services.letters import send_pending
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


class RejectingMailbox(Mailbox):
    """Rejects the message to one address after its DATA, as a server does for content it will not take."""

    def __init__(self, rejected: str) -> None:
        super().__init__()
        self.rejected = rejected

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.rejected in envelope.rcpt_tos:
            return "554 5.6.0 Message content rejected"
        return await super().handle_DATA(server, session, envelope)


def serve(mailbox: Mailbox, port: int, **options: Any) -> Controller:
    controller = Controller(mailbox, hostname="127.0.0.1", port=port, **options)
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
            report = send_pending(now)
            assert report.sent == 0 and report.failed <= 1
            now += timedelta(minutes=30)
        assert {m.status for m in outbox()} == {"pending"} and outbox()[0].last_error
        mailbox = Mailbox()
        controller = serve(mailbox, port)
        try:
            assert send_pending(now).sent == queued
            assert send_pending(now + timedelta(days=1)).sent == 0
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
            report = send_pending(NOW)
            assert (report.sent, report.failed) == (2, 1)
            assert [len(mailbox.to(address)) for address in ("ann@", "bob@", "cat@")] == [1, 0, 1]
            now = NOW
            for _ in range(MAX_ATTEMPTS - 1):  # retried with back-off until the limit
                now += timedelta(days=1)
                send_pending(now)
            bob = outbox("bob@example.org")[0]
            assert bob.status == "failed" and bob.attempts == MAX_ATTEMPTS
            assert "550" in bob.last_error and "No such user" in bob.last_error
            assert send_pending(now + timedelta(days=30)).failed == 0  # failed for good: the admin sees it
            assert len(mailbox.messages) == 2
            assert db.session.query(OutboxMessage).filter_by(status="sent").count() == 2
            db.session.remove()
            db.drop_all()
            db.engine.dispose()
    finally:
        controller.stop()


def queue_to(*recipients: str) -> None:
    with transactions.write():
        for n, recipient in enumerate(recipients):
            enqueue(recipient=recipient, subject="[Tàin #1] Turn 1: your move" if n != 2 else "Two\nlines",
                    body_text="It is your move.\n", body_html="<p>It is your move.</p>\n",
                    message_id=f"<tain.1.{n}@tain.test>", thread_root=None, kind="your-move", now=NOW)


@pytest.fixture
def rejecting_server(app: Any) -> Any:
    """A server without SMTPUTF8 that cannot take the message to dan@example.org; the app sends there."""
    mailbox = RejectingMailbox("dan@example.org")
    controller = serve(mailbox, free_port(), enable_SMTPUTF8=False)  # aiosmtpd's Controller offers it by default
    app.config.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=controller.port)
    yield mailbox
    controller.stop()


def test_a_message_that_fails_alone_is_retried_alone_and_the_others_go_on(app, rejecting_server):
    # jörg@ needs SMTPUTF8, which the server does not offer; #2's subject is no header; dan@'s DATA is refused.
    with app.app_context():
        queue_to("ann@example.org", "jörg@example.org", "eve@example.org", "dan@example.org", "cat@example.org")
        report = send_pending(NOW)
        rows = {row.message_id: row for row in outbox()}
    assert (report.sent, report.failed) == (2, 3)
    assert sorted(m["To"] for m in rejecting_server.messages) == ["ann@example.org", "cat@example.org"]
    failed = [rows[f"<tain.1.{n}@tain.test>"] for n in (1, 2, 3)]
    assert [(row.status, row.attempts) for row in failed] == [("pending", 1)] * 3
    assert [row.last_error.split(":")[0] for row in failed] == ["SMTPNotSupportedError", "ValueError", "SMTPDataError"]
    assert all(row.next_attempt_at > NOW for row in failed)  # backing off, each alone
    now = NOW
    with app.app_context():
        for _ in range(MAX_ATTEMPTS - 1):
            now += timedelta(days=1)
            assert send_pending(now).sent == 0
        assert [row.status for row in outbox()] == ["sent", "failed", "failed", "failed", "sent"]
    assert len(rejecting_server.messages) == 2  # the others went once


def test_an_address_that_is_not_ascii_goes_to_a_server_that_offers_smtputf8(app):
    mailbox = Mailbox()
    controller = serve(mailbox, free_port(), enable_SMTPUTF8=True)
    app.config.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=controller.port)
    try:
        with app.app_context():
            queue_to("jörg@example.org")
            assert send_pending(NOW).sent == 1
    finally:
        controller.stop()
    assert [m["To"] for m in mailbox.messages] == ["jörg@example.org"]
