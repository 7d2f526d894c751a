"""Every email survives a real SMTP server's line limit (RFC 5321: 998 octets a line), whatever its bodies hold."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from support import NOW, Mailbox, outbox, smtp_serving, text_of
from tain import transactions
from tain.mail.outbox import enqueue
from tain.services.letters import send_pending

ROOT = "<tain.1.2@tain.test>"


@pytest.fixture
def mailbox(app) -> Iterator[Mailbox]:
    """aiosmtpd with its default limits; the app sends there (set on the app, whatever the fixtures' order)."""
    with smtp_serving(app.config, Mailbox()) as box:
        yield box


def lines_of(text: str) -> list[str]:
    return text.splitlines()  # a body comes back with SMTP's CRLF line ends


def queue(body_text: str, body_html: str) -> None:
    with transactions.write():
        enqueue(recipient="bob@example.org", subject="[Tàin #1] Final scores — Bob wins", body_text=body_text,
                body_html=body_html, message_id="<tain.1.2.9.final-scores@tain.test>", thread_root=ROOT,
                kind="final-scores", now=NOW)


@pytest.mark.parametrize("text_line, html_line", [
    ("Bob: 19 points. " * 200, "<td>Bob</td><td>19</td>" * 200),  # plain ASCII, 3,200 and 4,600 octets
    ("Tàin: Ann Ó Néill, 19 points. " * 100, "<td>Aodh Ó Dónaill</td>" * 200),  # and not ASCII
])
def test_an_email_with_lines_longer_than_smtp_allows_arrives_whole(app, mailbox, text_line, html_line):
    body_text = f"Final scores\n\n{text_line}\n\nThe end.\n"
    body_html = f"<html><body><table><tr>{html_line}</tr></table></body></html>\n"
    with app.app_context():
        queue(body_text, body_html)
        report = send_pending(NOW)
        [row] = outbox()
    assert (report.sent, report.failed, row.status, row.last_error) == (1, 0, "sent", None)
    [received] = mailbox.messages
    assert received["Subject"] == "[Tàin #1] Final scores — Bob wins"
    assert received["Message-ID"] == "<tain.1.2.9.final-scores@tain.test>"
    assert received["In-Reply-To"] == received["References"] == ROOT
    assert received.get_content_type() == "multipart/alternative"
    assert lines_of(text_of(received)) == lines_of(body_text)
    assert lines_of(received.get_body(preferencelist=("html",)).get_content()) == lines_of(body_html)
    assert max(len(line) for line in received.as_bytes().splitlines()) <= 998
