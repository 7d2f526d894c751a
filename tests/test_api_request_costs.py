"""What the API's GET and POST skip or read more cheaply (issue 15), shown to change no answer: the
cookie session is never opened for the API, the players' names are read in the seats' order; a GET writes nothing and a
move notes the visit, at most once every VISIT_EVERY."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from flask.sessions import SecureCookieSessionInterface
from sqlalchemy import update

from support import token
from tain import transactions
from tain.extensions import db
from tain.models import Game, Seat
from tain.services.play import VISIT_EVERY
import tain.web.api


def api(token_: str) -> str:
    return f"/api/v1/play/{token_}"


def test_the_api_never_opens_the_cookie_session(app, client, game, monkeypatch):
    with app.app_context():
        ann, bob = token(game, "Ann"), token(game, "Bob")
    assert client.get(f"/play/{ann}").status_code == 200  # the page gives the browser its session cookie
    assert client.get_cookie("session") is not None
    opened = []
    real = SecureCookieSessionInterface.get_signing_serializer

    def noted(self, app_):
        opened.append(True)
        return real(self, app_)

    monkeypatch.setattr(SecureCookieSessionInterface, "get_signing_serializer", noted)
    snapshot = client.get(api(ann))
    assert snapshot.status_code == 200
    move = {"action": snapshot.get_json()["legal_actions"][0], "version": snapshot.get_json()["game"]["version"]}
    assert client.post(api(ann), json=move).status_code == 200
    assert client.post(api(bob), data="{", content_type="application/json").status_code == 400
    assert client.get(api("not-a-token")).status_code == 403
    assert opened == []
    assert client.get(f"/play/{ann}").status_code == 200 and opened  # the page still reads its session


def test_players_are_named_in_the_seats_order_not_the_rows(app, client, game):
    with app.app_context(), transactions.write():
        seats = {seat.name: seat.id for seat in db.session.get(Game, game.id).seats}
        db.session.execute(update(Seat).where(Seat.id == seats["Ann"]).values(position=9))
        db.session.execute(update(Seat).where(Seat.id == seats["Cat"]).values(position=0))
        db.session.execute(update(Seat).where(Seat.id == seats["Ann"]).values(position=2))
    with app.app_context():
        link = token(db.session.get(Game, game.id), "Bob")
    assert client.get(api(link)).get_json()["game"]["players"] == ["Cat", "Bob", "Ann"]


def test_a_get_writes_nothing_and_a_move_notes_the_visit_at_most_once_every_visit_every(app, client, game, monkeypatch):
    """Opening a link changes nothing (the contract: mail scanners open links); a move is a visit."""
    with app.app_context():
        link = token(game, "Ann")
        seat_id = game.seat_named("Ann").id
    start = datetime.now(timezone.utc)  # the links were signed just now: they have not expired then

    def last_seen() -> datetime | None:
        with app.app_context(), transactions.read():
            return db.session.get(Seat, seat_id).last_seen_at

    assert client.get(api(link)).status_code == 200 and last_seen() is None
    later = VISIT_EVERY + timedelta(minutes=1)
    for after, written in ((timedelta(0), timedelta(0)), (timedelta(minutes=1), timedelta(0)),
                           (VISIT_EVERY - timedelta(seconds=1), timedelta(0)), (later, later)):
        monkeypatch.setattr(tain.web.api, "utcnow", lambda at=start + after: at)
        plan = {"type": "standing", "plan": [[{"type": "pass"}]] if after else []}  # a move, whoever is to act
        assert client.post(api(link), json={"action": plan}).status_code == 200
        assert last_seen() == start + written
