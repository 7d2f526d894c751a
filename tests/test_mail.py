"""The outbox and the game's emails: written with the change, delivered after commit, threaded."""
from __future__ import annotations

from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller

from support import NOW, Mailbox, free_port, new_game, outbox, text_of, token
from tain import transactions
from tain.extensions import db
from tain.games import get_game
from tain.mail.messages import GAME_NOTICES
from tain.mail.outbox import enqueue
from tain.services.letters import send_pending
from tain.models import OutboxMessage
from tain.services.errors import IllegalAction
from tain.services import admin, deadlines
from tain.services.play import submit


def test_invitations_are_threaded_and_name_the_game(game):
    mails = outbox()
    assert [m.subject for m in mails] == ["[Tàin #1] You are invited to play with Bob and Cat",
                                          "[Tàin #1] You are invited to play with Ann and Cat",
                                          "[Tàin #1] You are invited to play with Ann and Bob"]
    assert [m.message_id for m in mails] == [f"<tain.1.{s.id}@tain.test>" for s in game.seats]
    assert all(m.in_reply_to is None for m in mails)
    ann = outbox("ann@example.org")[0]
    assert "It is your move" in ann.body_text and "/play/" in ann.body_text
    assert "It is your move" not in outbox("bob@example.org")[0].body_text


def test_your_move_goes_only_to_the_player_whose_move_it_is(game):
    submit(game.seat_named("Ann"), {"type": "pass"}, now=NOW)
    mails = outbox()[3:]
    assert [(m.recipient, m.subject) for m in mails] == [("bob@example.org", "[Tàin #1] Turn 1, scouting: your move")]
    assert mails[0].in_reply_to == outbox("bob@example.org")[0].message_id
    assert "http://tain.test/play/" in mails[0].body_text and "http://tain.test/play/" in mails[0].body_html


def test_a_refused_move_queues_no_mail(game):
    with pytest.raises(IllegalAction):
        submit(game.seat_named("Ann"), [{"type": "pass"}, {"type": "fly"}], now=NOW)
    assert len(outbox()) == 3


def test_raid_report_and_final_scores_come_from_each_players_view(app):
    game = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
    for name in ("Ann", "Bob"):
        submit(game.seat_named(name), {"type": "pass"}, now=NOW)
    ann, bob = outbox()[-2:]
    assert (ann.recipient, bob.recipient) == ("ann@example.org", "bob@example.org")
    assert ann.subject == "[Tàin #1] Turn 1: raid report"
    assert bob.subject == "[Tàin #1] Turn 1: raid report — your move"  # Bob is active in turn 2
    assert all("The raids of turn 1" in m.body_text and "It is your move" not in ann.body_text for m in (ann, bob))
    assert ann.kind == bob.kind == "events"  # the service's word for a round's reports, whatever the game
    for turn in range(2, 9):  # everyone passes to the end of turn 8 (R16)
        for name in ("Bob", "Ann") if turn % 2 == 0 else ("Ann", "Bob"):
            submit(game.seat_named(name), {"type": "pass"}, now=NOW)
    finals = outbox()[-2:]
    assert [m.subject for m in finals] == ["[Tàin #1] Final scores"] * 2
    assert "Ann (you): 19 points — winner" in finals[0].body_text and "A shared win for Ann and Bob" in finals[0].body_text


def test_an_email_queued_under_an_old_kind_is_still_shown_and_sent(app, client):
    """Rows written before reports were "events" keep their kind ("raid-report"): nothing reads the kind
    to show or send a row, whose subject and bodies were written when it was queued."""
    with transactions.write():
        row = enqueue(recipient="ann@example.org", subject="[Tàin #1] Turn 1: raid report", body_text="The raids.",
                      body_html="<p>The raids.</p>", message_id="<old.1@tain.test>", thread_root=None,
                      kind="raid-report", now=NOW)
    row_id = row.id
    assert send_pending(NOW).sent == 1
    shown = client.get(f"/dev/mail/{row_id}")
    assert shown.status_code == 200 and "Turn 1: raid report" in shown.text and "The raids." in shown.text
    assert client.get(f"/dev/mail/{row_id}/html").status_code == 200


def test_delivery_over_smtp_with_threading_headers(smtp_server, app):
    game = new_game()
    assert send_pending(NOW).sent == 3
    submit(game.seat_named("Ann"), {"type": "pass"}, now=NOW)
    assert send_pending(NOW).sent == 1
    assert send_pending(NOW).sent == 0  # never twice
    invitation, your_move = smtp_server.to("bob@example.org")
    assert your_move["In-Reply-To"] == invitation["Message-ID"] == your_move["References"]
    assert your_move["Subject"] == "[Tàin #1] Turn 1, scouting: your move"
    assert your_move.get_body(preferencelist=("html",)) is not None
    assert token(game, "Bob").split(".")[0] in text_of(your_move)
    assert all(m.status == "sent" and m.transport == "smtp" for m in outbox())


def test_mail_waits_while_the_server_is_down_and_goes_once_it_is_up(config):
    port = free_port()
    config.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=port)
    from tain import create_app
    from support import reset_database
    app = create_app(config)
    with app.app_context():
        reset_database()
        new_game()
        report = send_pending(NOW)
        assert (report.sent, report.failed) == (0, 1)
        pending = outbox()
        assert all(m.status == "pending" for m in pending) and pending[0].last_error
        assert send_pending(NOW).sent == 0  # backing off
        mailbox = Mailbox()
        controller = Controller(mailbox, hostname="127.0.0.1", port=port)
        controller.start()
        try:
            assert send_pending(NOW + timedelta(minutes=5)).sent == 3
            assert send_pending(NOW + timedelta(hours=1)).sent == 0
        finally:
            controller.stop()
        assert len(mailbox.messages) == 3
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def test_tick_delivers_what_is_due(runner, game):
    with transactions.write():
        db.session.query(OutboxMessage).update({"status": "pending", "transport": None, "next_attempt_at": game.created_at - timedelta(days=3650)})
    result = runner.invoke(args=["tain", "tick"])
    assert result.exit_code == 0 and "3 emails sent" in result.output


def test_final_scores_list_the_winners_first_then_by_points_as_the_page_does(app):
    game = new_game()
    engine = get_game("tain")
    bot = engine.make_bot(1)
    while not game.over:
        player = engine.to_act(game.state)[0]
        submit(game.seat_named(player), bot.choose(engine.view(game.state, player),
                                                   engine.legal_actions(game.state, player)), now=NOW)
    view = engine.view(game.state, "Ann")
    ranked = sorted(view["players"], key=lambda name: (name not in view["winners"], -view["scores"][name]))
    assert ranked != view["players"]  # else this game could not tell the order from the seats'
    final = outbox("ann@example.org")[-1].body_text
    lines = final[final.index("Final scores:"):].splitlines()[1:4]
    assert [line.split(":")[0].strip().removesuffix(" (you)") for line in lines] == ranked


@pytest.mark.parametrize("stop", ["paused", "cancelled", "over"])
def test_every_email_of_a_stopped_game_opens_by_saying_so(app, stop):
    game = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
    if stop == "paused":
        deadlines.pause(game.id, now=NOW)
    elif stop == "cancelled":
        admin.cancel(game.id, actor="root", now=NOW)
    else:
        for turn in range(1, 9):  # everyone passes to the end of turn 8 (R16)
            for name in ("Ann", "Bob") if turn % 2 else ("Bob", "Ann"):
                submit(game.seat_named(name), {"type": "pass"}, now=NOW)
    telling = outbox("bob@example.org")[-1]  # the email that tells it says it once, in its own words
    assert telling.body_text.count("This game is") + telling.body_text.count("This game was") == 0
    admin.resend_link(game.id, game.seat_named("Bob").id, actor="root", now=NOW)
    link = outbox("bob@example.org")[-1]
    sentence = GAME_NOTICES[stop]
    assert link.kind == "link" and link.body_text.startswith(sentence)
    assert link.body_html.index(sentence) < link.body_html.index("Here is your link")
