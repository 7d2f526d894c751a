"""The player's page keeps a refused form as it was sent and says what is wrong beside each field, in
error styling (the guarding form's own case is in test_play_page); success is never styled as an error,
nor an error as success."""
from __future__ import annotations

import json
from datetime import date, timedelta
from html import unescape

from support import csrf_of, new_game, token
from tain.extensions import db
from tain.models import Game
from test_play_page import reach_guarding

SUCCESS = '<p class="notice" role="status">'
ERROR = '<p class="notice notice--error" role="alert">'


def urls(app) -> tuple[int, str, str]:
    with app.app_context():
        game = new_game()
        return game.id, f"/play/{token(game, 'Ann')}", f"/play/{token(game, 'Bob')}"


def send_settings(client, url: str, **fields: str):
    return client.post(url, data={"csrf_token": csrf_of(client.get(url).text), **fields})


def settings_part(html: str) -> str:
    return unescape(html[html.index('<section class="settings"'):])


def saved(app, game_id: int, name: str) -> tuple:
    with app.app_context():
        seat = db.session.get(Game, game_id).seat_named(name)
        return seat.away_days, seat.mail_mode, seat.time_zone


def test_a_bad_days_away_value_comes_back_as_typed_with_its_error_beside_it(client, app):
    game_id, ann, bob = urls(app)
    before = saved(app, game_id, "Ann")
    response = send_settings(client, ann, away_days="soon", mail_mode="digest", time_zone="Europe/Rome")
    assert response.status_code == 303 and response.headers["Location"].endswith("#settings-title")
    assert saved(app, game_id, "Ann") == before  # nothing of it saved

    html = client.get(ann).text
    assert ERROR in html and SUCCESS not in html and "were saved" not in html
    form = settings_part(html)
    sentence = "Write days away as 2030-05-02 or 2030-05-02..2030-05-05, not 'soon'."
    assert f'<p class="field-error" id="away-days-error">{sentence}</p>' in form
    field = form[form.index('id="away-days"'):]
    assert field.startswith('id="away-days" name="away_days" value="soon"')
    assert 'aria-invalid="true" aria-describedby="away-days-error"' in field[:field.index(">")]
    assert '<option value="digest" selected>' in form and 'name="time_zone" value="Europe/Rome"' in form
    assert form.count("field-error") == 1  # only the field that is wrong

    assert "soon" not in settings_part(client.get(ann).text)  # shown once: then the seat's own settings again


def test_every_wrong_field_is_named_at_once(client, app):
    game_id, ann, _ = urls(app)
    send_settings(client, ann, away_days="2030-13-01", mail_mode="weekly", time_zone="Mars/Olympus")
    form = settings_part(client.get(ann).text)
    for field_id, words in [("away-days", "not '2030-13-01'"), ("mail-mode", "Choose an email for each move"),
                            ("time-zone", "'Mars/Olympus' is not a time zone.")]:
        error = form[form.index(f'id="{field_id}-error"'):]
        assert words in error[:error.index("</p>")]
    assert 'name="time_zone" value="Mars/Olympus"' in form


def test_a_saved_form_is_said_in_success_styling(client, app):
    game_id, ann, _ = urls(app)
    soon = (date.today() + timedelta(days=3)).isoformat()
    response = send_settings(client, ann, away_days=soon, mail_mode="each", time_zone="UTC")
    assert not response.headers["Location"].endswith("#settings-title")
    html = client.get(ann).text
    assert f"{SUCCESS}Your days away, email choice and time zone were saved.</p>" in html
    assert ERROR not in html and "field-error" not in html
    assert saved(app, game_id, "Ann") == ([soon], "each", "UTC")


def test_a_refused_form_comes_back_only_on_its_own_seats_page(client, app):
    _, ann, bob = urls(app)
    send_settings(client, ann, away_days="soon", mail_mode="each")
    assert "field-error" not in client.get(bob).text
    assert "field-error" not in client.get(ann).text  # dropped, not kept for later


def test_a_refusal_of_the_whole_guarding_form_is_said_in_it_and_keeps_the_choices(client, app):
    game_id, ann, _ = urls(app)
    with app.app_context():
        reach_guarding(db.session.get(Game, game_id))
        version = db.session.get(Game, game_id).version
    boy = json.dumps({"entrance": "house-2", "token": "boy", "type": "guard"})
    client.post(ann, data={"csrf_token": csrf_of(client.get(ann).text), "version": str(version),
                           "actions": [boy, "{not json", json.dumps({"type": "pass"})]})
    html = unescape(client.get(ann).text)
    guarding = html[html.index('class="guarding"'):]
    guarding = guarding[:guarding.index("</form>")]
    assert '<p class="field-error" id="guarding-error">That move is not understood' in guarding
    assert f'<option value="{boy}" selected>' in guarding
    assert ERROR in html
    with app.app_context():
        assert db.session.get(Game, game_id).version == version
