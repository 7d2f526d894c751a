"""The player's settings (days away and email choice) are saved together or not at all."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from bad_input_support import database_rows
from support import NOW, csrf_of, new_game, token
from tain.extensions import db
from tain.models import Seat
from tain.services.preferences import BadPreference


def settings_form(client, ann: str, **fields: str):
    return client.post(f"/play/{ann}", data={"csrf_token": csrf_of(client.get("/games/new").text), **fields})


@pytest.mark.parametrize("fields, message", [
    ({"mail_mode": "weekly"}, "Choose an email for each move, or one digest a day."),
    ({"mail_mode": "digest", "away_days": "soon"}, "Write days away as"),
    ({"mail_mode": "digest", "away_days": "2100-01-01..2100-01-05"}, "Choose days within the coming year."),
])
def test_a_refused_settings_form_changes_nothing(client, app, fields, message):
    with app.app_context():
        ann = token(new_game(), "Ann")
    soon = (date.today() + timedelta(days=3)).isoformat()
    before = database_rows(app)
    response = settings_form(client, ann, **{"away_days": soon, **fields})
    assert response.status_code == 303 and database_rows(app) == before
    assert message in client.get(f"/play/{ann}").text


def test_an_accepted_settings_form_saves_both(client, app):
    with app.app_context():
        ann = token(new_game(), "Ann")
    soon = date.today() + timedelta(days=3)
    settings_form(client, ann, away_days=soon.isoformat(), mail_mode="digest")
    assert "Your days away, email choice and time zone were saved." in client.get(f"/play/{ann}").text
    with app.app_context():
        seat = db.session.get(Seat, 1)
        assert (seat.away_days, seat.mail_mode) == ([soon.isoformat()], "digest")


def test_save_settings_checks_everything_before_it_changes_anything(app):
    from tain.services.preferences import save_settings

    with app.app_context():
        seat_id = new_game().seat_named("Ann").id
    before = database_rows(app)
    for days, mode in [([NOW.date() + timedelta(days=1)], "weekly"),
                       ([NOW.date() + timedelta(days=n) for n in range(31)], "digest"),
                       ([NOW.date() + timedelta(days=400)], "each")]:
        with app.app_context(), pytest.raises(BadPreference):
            save_settings(db.session.get(Seat, seat_id), days, mode, now=NOW)
    assert database_rows(app) == before
