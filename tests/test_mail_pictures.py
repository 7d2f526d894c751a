"""The picture of the board in the HTML emails: every kind of email, received over SMTP by aiosmtpd,
has a text part that describes the board and an HTML part with a viewport and the picture (a PNG
beside it, multipart/related, shown by cid:); the picture is drawn by the sender from the view the
outbox row keeps — the recipient's, so another player's face-down tokens never change it."""
from __future__ import annotations

import io
import json
import re
from email.message import EmailMessage

import pytest
from flask import Flask
from PIL import Image

from support import NOW, Mailbox, new_game, new_tara_game, outbox, play_tara_until, text_of
from tain import pictures, transactions
from tain.extensions import db
from tain.games import get_game
from tain.services.letters import send_pending
from tain.models import Game
from tain.services import admin, notify
from tain.services.games import engine_for
from tain.services.play import submit

TAIN = get_game("tain")
TWO = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
ALL_KINDS = {"invitation", "your-move", "events", "reminder", "link", "digest", "paused", "resumed",
             "final-scores", "cancelled"}
CID_RE = re.compile(r'<img src="cid:([^"]+)"[^>]*alt="([^"]+)"')


def pass_(game: Game, name: str) -> None:
    submit(game.seat_named(name), {"type": "pass"}, now=NOW)
    db.session.refresh(game)


def queue_every_kind_of_tain_email() -> tuple[Game, Game]:
    """Two 2-player games whose mail, together, holds every kind of email the service sends."""
    game = new_game(TWO)  # invitations
    pass_(game, "Ann")  # Bob: your move
    pass_(game, "Bob")  # the raid report
    engine = engine_for(game)
    with transactions.write():
        game = db.session.get(Game, game.id)
        notify.reminder(game, engine, now=NOW)
        notify.seat_link(game, engine, game.seat_named("Ann"), now=NOW)
        notify.digest(game, engine, game.seat_named("Bob"), now=NOW)
    admin.pause(game.id, actor="admin", now=NOW)
    admin.resume(game.id, actor="admin", now=NOW)
    db.session.expire_all()
    game = db.session.get(Game, game.id)
    while not game.over:  # everyone passes to the end of turn 8 (R16): the final scores
        pass_(game, engine.to_act(game.state)[0])
    other = new_game(TWO)
    admin.cancel(other.id, actor="admin", now=NOW)
    return game, other


def picture_of(message: EmailMessage) -> tuple[bytes, str]:
    """The PNG the HTML shows, found by the cid its <img> names, and the image's alt text."""
    html_part = message.get_body(preferencelist=("html",))
    match = CID_RE.search(html_part.get_content())
    assert match, "the HTML shows no picture"
    related = message.get_body(preferencelist=("related",))
    assert related is not None and related.get_content_type() == "multipart/related"
    images = [part for part in related.iter_parts() if part["Content-ID"] == f"<{match[1]}>"]
    assert len(images) == 1 and images[0].get_content_type() == "image/png"
    assert images[0].get_content_disposition() == "inline"
    return images[0].get_content(), match[2]


def by_kind(mailbox: Mailbox) -> dict[str, list[EmailMessage]]:
    kinds = {row.message_id: row.kind for row in outbox()}
    found: dict[str, list[EmailMessage]] = {}
    for message in mailbox.messages:
        found.setdefault(kinds[message["Message-ID"]], []).append(message)
    return found


def test_every_kind_of_email_has_a_text_part_and_an_html_part_with_a_viewport_and_the_picture(
        smtp_server: Mailbox, app: Flask) -> None:
    game, _ = queue_every_kind_of_tain_email()
    assert send_pending(NOW).failed == 0
    received = by_kind(smtp_server)
    assert set(received) == ALL_KINDS
    for kind, messages in received.items():
        for message in messages:
            assert message.get_content_type() == "multipart/alternative", kind
            text = text_of(message)
            assert "The board as you see it" in text and "Foreign kingdom:" in text, kind
            html = message.get_body(preferencelist=("html",)).get_content()
            assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html, kind
            png, alt = picture_of(message)
            assert Image.open(io.BytesIO(png)).format == "PNG" and alt.startswith("The board of Tàin #"), kind
    # The final picture is drawn from each recipient's own view of the finished game, showing the
    # tokens its last raid phase revealed.
    for message in received["final-scores"]:
        name = "Ann" if "ann@" in message["To"] else "Bob"
        view = TAIN.view(game.state, name)
        assert picture_of(message)[0] == pictures.PICTURES["tain"](view, view["reports"][-1])
        assert "Your board:" in text_of(message)


def tain_picture(game: Game, name: str) -> bytes:
    return pictures.PICTURES["tain"](TAIN.view(game.state, name))


@pytest.mark.one_database
def test_a_tara_email_carries_the_tara_board_and_its_coordinates_in_words(smtp_server: Mailbox, app: Flask) -> None:
    game = new_tara_game(options={"games": 1})
    play_tara_until(game, lambda view: view["over"])
    assert send_pending(NOW).failed == 0
    received = by_kind(smtp_server)
    assert {"invitation", "your-move", "final-scores"} <= set(received)
    final = next(m for m in received["final-scores"] if "ann@" in m["To"])
    png, alt = picture_of(final)
    assert png == pictures.PICTURES["tara"](get_game("tara").view(game.state, "Ann"))
    text = text_of(final)
    assert "       A B C D E F G" in text and "Your bridges:" in text and "Bob's bridges:" in text
    assert '<meta name="viewport"' in final.get_body(preferencelist=("html",)).get_content()


def test_the_row_keeps_the_recipients_view_and_nothing_is_drawn_before_sending(
        app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    monkeypatch.setitem(pictures.PICTURES, "tain", lambda view, report=None: drawn.append(view["you"]) or b"")
    game = new_game(TWO)
    pass_(game, "Ann")
    bob = outbox("bob@example.org")[-1]
    assert json.loads(bob.picture) == {"game": "tain", "view": json.loads(json.dumps(TAIN.view(game.state, "Bob"))),
                                      "report": None, "language": "en"}
    assert drawn == []  # queued, not drawn: the sender draws


def states_differing_in_bobs_face_down_token() -> tuple[dict, dict]:
    """The same game after Bob scouts Ann's pasture-1 with a warrior in one, a bluff in the other."""
    state = TAIN.setup(["Ann", "Bob", "Cat"], seed=7, options={"first_player": "Ann"})
    state = TAIN.apply(state, "Ann", {"type": "raid", "token": "chieftain"})
    return tuple(TAIN.apply(state, "Bob", {"type": "scout", "token": token, "board": "Ann", "entrance": "pasture-1"})
                 for token in ("warrior", "bluff"))


def test_the_picture_is_drawn_from_the_recipients_view_only() -> None:
    warrior, bluff = states_differing_in_bobs_face_down_token()
    assert warrior != bluff
    for name in ("Ann", "Cat"):
        assert pictures.png_of(pictures.source_of("tain", TAIN.view(warrior, name))) == \
            pictures.png_of(pictures.source_of("tain", TAIN.view(bluff, name)))
    # Bob sees his own token, so his pictures differ: the comparison above could fail.
    assert pictures.PICTURES["tain"](TAIN.view(warrior, "Bob")) != pictures.PICTURES["tain"](TAIN.view(bluff, "Bob"))


def test_an_email_whose_picture_cannot_be_drawn_still_goes_without_it(
        smtp_server: Mailbox, app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    new_game(TWO)

    def broken(view: dict, report: dict | None = None) -> bytes:
        raise ValueError("a drawing bug")

    monkeypatch.setitem(pictures.PICTURES, "tain", broken)
    assert send_pending(NOW).sent == 2
    for message in smtp_server.messages:
        assert message.get_body(preferencelist=("related",)) is None
        assert "The board as you see it" in text_of(message)
        assert "The board of Tàin #1 as you see it" in message.get_body(preferencelist=("html",)).get_content()


def test_the_development_mailbox_shows_the_picture(app: Flask) -> None:
    game = new_game(TWO)
    pass_(game, "Ann")
    row = outbox("bob@example.org")[-1]
    client = app.test_client()
    picture = client.get(f"/dev/mail/{row.id}/board.png")
    assert picture.status_code == 200 and picture.mimetype == "image/png"
    assert picture.data == tain_picture(game, "Bob")
    html = client.get(f"/dev/mail/{row.id}/html")
    assert f'src="/dev/mail/{row.id}/board.png"' in html.text and "cid:" not in html.text
    assert "img-src 'self'" in html.headers["Content-Security-Policy"]
    page = client.get(f"/dev/mail/{row.id}")
    assert f'src="/dev/mail/{row.id}/board.png"' in page.text
    with transactions.write():
        db.session.get(type(row), row.id).picture = None
    assert client.get(f"/dev/mail/{row.id}/board.png").status_code == 404
    assert client.get("/dev/mail/9999/board.png").status_code == 404


def test_a_raid_reports_picture_shows_the_tokens_it_revealed_on_that_turns_boards(app: Flask) -> None:
    game = new_game(TWO)
    ann, bob = (TAIN.make_bot(seed) for seed in (1, 2))
    while not TAIN.view(game.state, "Ann")["reports"]:  # bots place tokens until the first raid phase
        player = TAIN.to_act(game.state)[0]
        bot = ann if player == "Ann" else bob
        submit(game.seat_named(player), bot.choose(TAIN.view(game.state, player),
                                                   TAIN.legal_actions(game.state, player)), now=NOW)
        db.session.refresh(game)
    view = TAIN.view(game.state, "Bob")
    report = view["reports"][-1]
    row = outbox("bob@example.org")[-1]
    assert row.kind == "events" and json.loads(row.picture)["report"] == json.loads(json.dumps(report))
    revealed = pictures.tain.as_revealed(view, report)
    scouted = [entry for entry in report["entrances"] if entry["scout"]]
    assert scouted and all(revealed["boards"][e["board"]][e["entrance"]]["scout"] == e["scout"] for e in scouted)
    assert all(not any(slot.values()) for slots in view["boards"].values() for slot in slots.values())
    assert pictures.png_of(row.picture) != pictures.PICTURES["tain"](view)  # the new turn's boards are empty
