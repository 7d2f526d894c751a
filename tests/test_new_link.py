"""A seat's page says that its link is the seat; the player asks for a new link from it: the old links
stop working, the new one goes by email to that seat's address only and never onto a page."""
from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from support import BASE_URL, LINK_RE, NOW, csrf_of, new_game, outbox, token
from tain.extensions import db
from tain.models import AuditEntry, Game
from tain.services.games import NewPlayer, create_game
from tain.services.relink import send_new_link


@pytest.fixture
def config(config):
    config.update(NEW_LINK_RATE_LIMIT="2 per hour")
    return config


@pytest.fixture
def ann(app: Flask) -> str:
    with app.app_context():
        return token(new_game(), "Ann")


def mails_after_invitations(app: Flask) -> list[tuple[str, str, str]]:
    with app.app_context():
        return [(mail.recipient, mail.kind, mail.body_text) for mail in outbox() if mail.kind != "invitation"]


def ask(client: FlaskClient, link: str) -> tuple[int, str]:
    csrf = csrf_of(client.get(f"/play/{link}").text)
    response = client.post(f"/play/{link}/new-link", data={"csrf_token": csrf})
    return response.status_code, response.text


def test_the_page_says_the_link_is_the_seat_and_offers_a_new_one(client: FlaskClient, ann: str) -> None:
    page = " ".join(client.get(f"/play/{ann}").text.split())
    assert "This link is Ann's seat: do not forward your emails" in page
    assert "Forwarding one of these emails hands your seat to whoever receives it." in page
    assert f'action="/play/{ann}/new-link"' in page and "Email me a new link" in page


def test_a_new_link_is_emailed_to_the_seat_only_and_the_old_ones_stop(app: Flask, client: FlaskClient,
                                                                      ann: str) -> None:
    status, page = ask(client, ann)
    assert status == 200 and "A new link is on its way" in page
    assert "/play/" not in page and not LINK_RE.search(page)  # neither the old link nor the new one
    mails = mails_after_invitations(app)
    assert [(recipient, kind) for recipient, kind, _ in mails] == [("ann@example.org", "link")]
    new = LINK_RE.search(mails[0][2])[1]
    assert new != ann and new not in page
    assert client.get(f"/play/{ann}").status_code == 403
    assert "replaced" in client.get(f"/play/{ann}").text
    assert client.get(f"/play/{new}").status_code == 200 and client.get(f"/api/v1/play/{new}").status_code == 200
    with app.app_context():
        entry = db.session.scalars(select(AuditEntry)).one()
        assert (entry.actor, entry.action) == ("Ann (player)", "new link")
        game = db.session.scalars(select(Game)).one()
        assert game.version == 0  # nothing else changed


def test_the_old_link_cannot_ask_twice(app: Flask, client: FlaskClient, ann: str) -> None:
    csrf = csrf_of(client.get(f"/play/{ann}").text)
    assert client.post(f"/play/{ann}/new-link", data={"csrf_token": csrf}).status_code == 200
    again = client.post(f"/play/{ann}/new-link", data={"csrf_token": csrf})
    assert again.status_code == 403
    assert len(mails_after_invitations(app)) == 1


def test_a_request_from_a_key_already_replaced_does_nothing(app: Flask, ann: str) -> None:
    with app.app_context():
        game = db.session.scalars(select(Game)).one()
        seat = game.seat_named("Ann")
        old_key = seat.link_key
        send_new_link(game.id, seat.id, old_key, now=game.created_at)
        with pytest.raises(Exception, match="replaced"):
            send_new_link(game.id, seat.id, old_key, now=game.created_at)
    assert len(mails_after_invitations(app)) == 1


def test_without_the_pages_csrf_token_nothing_is_done(app: Flask, client: FlaskClient, ann: str) -> None:
    response = client.post(f"/play/{ann}/new-link", data={})
    assert response.status_code == 400
    assert client.get(f"/play/{ann}").status_code == 200 and mails_after_invitations(app) == []


def test_bad_links_get_the_403_page(client: FlaskClient, ann: str) -> None:
    csrf = csrf_of(client.get(f"/play/{ann}").text)
    response = client.post(f"/play/{ann[:-3]}xyz/new-link", data={"csrf_token": csrf})
    assert response.status_code == 403 and "not valid" in response.text


def test_a_bot_seat_has_no_address_to_send_to(app: Flask) -> None:
    with app.app_context():
        game = create_game("tain", [NewPlayer("Ann", "ann@example.org"), NewPlayer("Dana", "", bot=True)],
                           now=NOW, seed=1, first_player="Ann")
        dana = game.seat_named("Dana")
        with pytest.raises(Exception, match="bot plays Dana's seat"):
            send_new_link(game.id, dana.id, dana.link_key, now=NOW)


def test_requests_are_rate_limited_per_address(app: Flask, client: FlaskClient, ann: str) -> None:
    assert ask(client, ann)[0] == 200
    second = LINK_RE.search(mails_after_invitations(app)[-1][2])[1]
    assert ask(client, second)[0] == 200
    third = LINK_RE.search(mails_after_invitations(app)[-1][2])[1]
    status, page = ask(client, third)
    assert status == 429 and "Too many requests" in page
    assert client.get(f"/play/{third}").status_code == 200  # the refused request revoked nothing
    assert len(mails_after_invitations(app)) == 2


def test_the_link_email_says_earlier_links_stop(app: Flask, client: FlaskClient, ann: str) -> None:
    ask(client, ann)
    (_, _, text), = mails_after_invitations(app)
    assert "Any link you were sent before may no longer work." in text
    assert re.search(re.escape(BASE_URL) + r"/rules/tain", text)
