"""Emails written by the sender (tain.services.letters, issue 15): a move queues each email's draft and
renders nothing of it; the sender writes its subject and bodies later, exactly as they would have been
written when the email was queued, however far the game has moved on since; a draft that cannot be
written is retried later and holds up no other email."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import select

from support import NOW, new_game, outbox
from tain import transactions
from tain.extensions import db
from tain.games import get_game
from tain.mail import messages
from tain.mail.messages import Draft
from tain.models import Game, OutboxMessage
from tain.services import letters
from tain.services.play import submit

TAIN = get_game("tain")


def placement(game_id: int) -> tuple[str, dict[str, Any]]:
    """The player to act and one placement (no pass) of theirs: the move goes to the next player."""
    game = db.session.get(Game, game_id)
    player = TAIN.to_act(game.state)[0]
    return player, next(a for a in TAIN.legal_actions(game.state, player) if a["type"] != "pass")


def move(game_id: int, now=NOW) -> str:
    player, action = placement(game_id)
    submit(db.session.get(Game, game_id).seat_named(player), action, now=now)
    return player


def rows(game_id: int) -> list[Any]:
    """The game's outbox rows as they stand (drafts not written), read as plain rows."""
    with transactions.read():
        return list(db.session.execute(select(OutboxMessage.__table__).where(OutboxMessage.game_id == game_id)
                                       .order_by(OutboxMessage.id)))


def written_now(game_id: int, row: Any) -> messages.Written:
    """The row's subject and bodies as its draft writes them from the log as it stands (nothing saved)."""
    with transactions.read():
        game = db.session.get(Game, game_id)
        return letters.write_drafts(game, TAIN, [Draft.from_json(row.letter)])[0]


def test_a_move_queues_drafts_and_renders_nothing(app, monkeypatch):
    with app.app_context():
        game_id = new_game().id
        rendered: list[str] = []
        render = messages.render_template
        monkeypatch.setattr(messages, "render_template", lambda name, **context: rendered.append(name) or render(name, **context))
        move(game_id)
        queued = rows(game_id)[-1]
    assert queued.kind == "your-move" and queued.subject is None
    assert queued.body_text is None and queued.body_html is None and queued.picture is None
    assert queued.letter["version"] == 1 and queued.letter["seat"] == "Bob"
    assert rendered == []


def test_the_sender_writes_what_the_move_would_have_written(app):
    """Bob's email, queued at version 1, is written after Bob and Cat moved and five hours went by: it is
    what it was when queued (his view then, what happened since his last look until then, the deadline
    as far off as it was), byte for byte, and Cat's tells Bob's move."""
    with app.app_context():
        game_id = new_game(move_deadline=timedelta(hours=24)).id
        ann = move(game_id)
        bobs = rows(game_id)[-1]
        then = written_now(game_id, bobs)
        bob = move(game_id, NOW + timedelta(hours=1))
        cat = move(game_id, NOW + timedelta(hours=2))
        assert (ann, bob, cat) == ("Ann", "Bob", "Cat")
        assert letters.send_pending(NOW + timedelta(hours=5)).sent == len(rows(game_id))
        sent = {row.id: row for row in rows(game_id)}
    assert (sent[bobs.id].subject, sent[bobs.id].body_text, sent[bobs.id].body_html, sent[bobs.id].picture) == (
        then.subject, then.body_text, then.body_html, then.picture)
    assert then.subject == f"[Tàin #{game_id}] Turn 1, scouting, 1 token placed: your move"
    assert "Since you last looked:\n  * Ann guards" in then.body_text and "(in 24 hours)" in then.body_text
    assert "Your board: nothing placed." in then.body_text  # as it was: Bob's own move came after
    cats = [row for row in sent.values() if row.recipient == "cat@example.org"][-1]
    assert "Bob" in cats.body_text.split("Since you last looked:", 1)[1]
    assert all(row.status == "sent" and row.body_text and row.body_html for row in sent.values())


def test_a_draft_that_cannot_be_written_waits_and_holds_up_no_other_email(app, monkeypatch):
    with app.app_context():
        broken, fine = new_game().id, new_game().id
        write = letters.write

        def fails_for_one_game(draft: Draft, *args: Any) -> messages.Written:
            if draft.game_id == broken:
                raise RuntimeError("the template is broken")
            return write(draft, *args)
        monkeypatch.setattr(letters, "write", fails_for_one_game)
        report = letters.send_pending(NOW)
        assert report.sent == 3 and report.failed == 0  # the fine game's three invitations
        waiting = rows(broken)
        assert all(row.status == "pending" and row.body_text is None and row.attempts == 1 for row in waiting)
        assert all("RuntimeError: the template is broken" in row.last_error for row in waiting)
        assert all(row.next_attempt_at > NOW for row in waiting)
        assert letters.send_pending(NOW).sent == 0  # not again before its back-off
        monkeypatch.setattr(letters, "write", write)
        assert letters.send_pending(NOW + timedelta(minutes=5)).sent == 3
        assert all(row.status == "sent" for row in rows(broken) + rows(fine))


def test_a_draft_written_by_two_senders_at_once_is_saved_once(app):
    """Two senders may read the same drafts before either saves them: the first to save stands."""
    with app.app_context():
        game_id = new_game().id
        with transactions.read():
            read_by_both = db.session.execute(select(OutboxMessage.id, OutboxMessage.game_id, OutboxMessage.seat_id,
                                                     OutboxMessage.attempts, OutboxMessage.letter)
                                              .order_by(OutboxMessage.id)).all()
        assert letters.write_pending(NOW) == 3  # the other sender, first
        with transactions.write():
            db.session.execute(OutboxMessage.__table__.update().values(body_html="<p>saved first</p>"))
        letters._write_group(game_id, read_by_both, NOW)
        assert [row.body_html for row in rows(game_id)] == ["<p>saved first</p>"] * 3


def test_the_development_mailbox_says_an_email_is_not_written_yet(app):
    with app.app_context():
        game_id = new_game().id
        row = rows(game_id)[0]
    client = app.test_client()
    page = client.get(f"/dev/mail/{row.id}")
    assert page.status_code == 200 and "The sender has not written this email yet" in page.text
    html = client.get(f"/dev/mail/{row.id}/html")
    assert html.status_code == 404 and "The sender has not written this email yet" in html.text
    with app.app_context():
        outbox()  # the sender's pass
    assert "It is your move" in client.get(f"/dev/mail/{row.id}").text
    assert client.get(f"/dev/mail/{row.id}/html").status_code == 200


def test_a_draft_queued_with_its_subject_keeps_it(app):
    """A draft queued before the sender wrote subjects (migration 0017) says its subject and what it asks:
    the sender keeps the subject and writes the bodies."""
    with app.app_context():
        game_id = new_game().id
        first = rows(game_id)[0]
        with transactions.write():
            db.session.execute(OutboxMessage.__table__.update().where(OutboxMessage.id == first.id).values(
                subject="[Tàin] as queued", letter={**first.letter, "asked": None}))
        assert letters.write_pending(NOW) == 3
        written = rows(game_id)
    assert written[0].subject == "[Tàin] as queued" and written[0].body_text
    assert all(row.subject.startswith(f"[Tàin #{game_id}] ") for row in written[1:])
