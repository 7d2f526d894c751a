"""Deadlines on the player's own clock: the time zone chosen on the page (or reported by the browser),
the year when it is not this year, how far off it is, the same in every email."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from html import unescape

import pytest

from support import NOW, csrf_of, new_game, outbox, token
from tain import transactions
from tain.extensions import db
from tain.local_time import is_zone_name, local_time
from tain.models import Game, Seat
from tain.services.play import submit

H = timedelta(hours=1)
TIMING = {"move_deadline": 24 * H, "phase_deadline": 48 * H, "reminder_before": 4 * H}
RAID = {"type": "raid", "token": "chieftain"}


def seat_of(app, game_id: int, name: str) -> Seat:
    with app.app_context():
        seat = db.session.get(Game, game_id).seat_named(name)
        db.session.expunge(seat)
        return seat


def set_zone(app, game_id: int, name: str, zone: str | None) -> None:
    with app.app_context(), transactions.write():
        db.session.get(Game, game_id).seat_named(name).time_zone = zone


def settings(client, url: str, **fields: str):
    form = {"csrf_token": csrf_of(client.get(url).text), "away_days": "", "mail_mode": "each", **fields}
    return client.post(url, data=form)


# ----- the format ----------------------------------------------------------------------------------

def test_a_deadline_this_year_has_no_year_and_says_how_far_off_it_is():
    shown = local_time(NOW + 23 * H, NOW, "Europe/Rome")
    assert shown.when == "Thu 2 May, 13:00 +0200" and shown.relative == "in 23 hours"
    assert shown.iso == "2030-05-02T11:00:00+00:00" and str(shown) == "Thu 2 May, 13:00 +0200 (in 23 hours)"


def test_a_deadline_in_another_year_says_the_year():
    assert local_time(datetime(2300, 9, 16, 18, tzinfo=timezone.utc), NOW, None).when == "Sun 16 Sep 2300, 18:00 UTC"
    # the year is the reader's: 23:30 UTC on 31 December is already next year in Rome
    new_year = datetime(2030, 12, 31, 23, 30, tzinfo=timezone.utc)
    assert local_time(new_year, new_year - H, "UTC").when == "Tue 31 Dec, 23:30 UTC"
    assert local_time(new_year, new_year - H, "Europe/Rome").when == "Wed 1 Jan 2031, 00:30 +0100"


@pytest.mark.parametrize("after, relative", [(36 * H, "in 36 hours"), (10 * 24 * H, "in 10 days"),
                                             (timedelta(minutes=90), "in 90 minutes"), (-3 * H, "3 hours ago")])
def test_how_far_off_reads_in_whole_units(after, relative):
    assert local_time(NOW + after, NOW, None).relative == relative


@pytest.mark.parametrize("name, known", [("Europe/Rome", True), ("UTC", True), ("America/Argentina/Salta", True),
                                         ("europe/rome", False), ("Mars/Olympus", False), ("../../etc/passwd", False),
                                         ("", False), ("Europe/Rome" * 10, False)])
def test_only_names_of_the_time_zone_database_are_zones(name, known):
    assert is_zone_name(name) is known


# ----- the page ------------------------------------------------------------------------------------

def test_the_page_shows_the_deadline_on_the_seats_clock(client, app, monkeypatch):
    app.config["LINK_MAX_AGE_DAYS"] = 100 * 365  # the page is opened in 2030, the link is signed today
    with app.app_context():
        game_id, url = (game := new_game(**TIMING)).id, f"/play/{token(game, 'Ann')}"
    monkeypatch.setattr("tain.web.play.utcnow", lambda: NOW + H)  # 23 hours before Ann's deadline
    assert "Thu 2 May, 12:00 UTC</time> (in 23 hours)" in client.get(url).text
    set_zone(app, game_id, "Ann", "America/New_York")
    page = client.get(url).text
    assert '<time datetime="2030-05-02T12:00:00+00:00">Thu 2 May, 08:00 EDT</time> (in 23 hours)' in page
    monkeypatch.setattr("tain.web.play.utcnow", lambda: datetime(2029, 12, 1, tzinfo=timezone.utc))
    assert "Thu 2 May 2030, 08:00 EDT</time> (in 5 months)" in client.get(url).text


def test_the_settings_form_chooses_the_time_zone_and_refuses_what_is_none(client, app):
    with app.app_context():
        game_id, url = (game := new_game(**TIMING)).id, f"/play/{token(game, 'Bob')}"
    assert settings(client, url, time_zone=" Asia/Kolkata ").status_code == 303
    assert seat_of(app, game_id, "Bob").time_zone == "Asia/Kolkata"
    page = unescape(client.get(url).text)
    assert 'name="time_zone" value="Asia/Kolkata"' in page and "17:30 +0530</time>" in page

    refused = settings(client, url, time_zone="Mars/Olympus", mail_mode="digest")
    assert refused.status_code == 303
    bob = seat_of(app, game_id, "Bob")
    assert (bob.time_zone, bob.mail_mode) == ("Asia/Kolkata", "each")  # a refused form changes nothing
    assert "'Mars/Olympus' is not a time zone." in unescape(client.get(url).text)

    settings(client, url, time_zone="")
    assert seat_of(app, game_id, "Bob").time_zone is None  # empty: back to UTC


def test_a_seat_without_a_time_zone_takes_the_one_its_browser_reports(client, app):
    with app.app_context():
        game_id, url = (game := new_game(**TIMING)).id, f"/play/{token(game, 'Ann')}"
    page = client.get(url).text
    assert 'name="detected_time_zone"' in page and "local-time.js" in page
    assert client.get("/static/local-time.js").status_code == 200
    form = {"csrf_token": csrf_of(page), "version": "0", "action": '{"type": "raid", "token": "boy"}'}
    client.post(url, data={**form, "detected_time_zone": "Mars/Olympus"})  # not a zone: ignored
    assert seat_of(app, game_id, "Ann").time_zone is None
    client.post(url, data={**form, "detected_time_zone": "Europe/Rome"})  # a refused move: the zone is kept all the same
    assert seat_of(app, game_id, "Ann").time_zone == "Europe/Rome"
    assert 'name="detected_time_zone"' not in client.get(url).text
    client.post(url, data={**form, "detected_time_zone": "Asia/Tokyo"})  # a zone once chosen stays
    assert seat_of(app, game_id, "Ann").time_zone == "Europe/Rome"


# ----- the emails ----------------------------------------------------------------------------------

def test_every_email_tells_the_deadline_on_the_recipients_clock(app):
    game = new_game(**TIMING)
    set_zone(app, game.id, "Bob", "America/New_York")
    with app.app_context():
        submit(db.session.get(Game, game.id).seat_named("Ann"), RAID, now=NOW + H)
        [your_move] = [m for m in outbox("bob@example.org") if m.kind == "your-move"]
    for body in (your_move.body_text, unescape(your_move.body_html)):
        assert "please play by Thu 2 May, 09:00 EDT (in 24 hours)" in body.replace("\n", " ") \
            or "Please play by Thu 2 May, 09:00 EDT (in 24 hours)." in body
    with app.app_context():
        [invitation] = [m for m in outbox("ann@example.org") if m.kind == "invitation"]
    assert "Thu 2 May, 12:00 UTC (in 24 hours)" in invitation.body_text  # Ann has chosen no zone: UTC


def test_the_reminder_subject_and_body_are_on_the_recipients_clock(app):
    from tain.services.deadlines import run_due_games

    game = new_game(**TIMING)
    set_zone(app, game.id, "Ann", "Asia/Tokyo")
    with app.app_context():
        run_due_games(NOW + 20 * H)
        [reminder] = [m for m in outbox("ann@example.org") if m.kind == "reminder"]
    assert "until Thu 2 May, 21:00 +0900" in reminder.subject
    assert "The deadline is Thu 2 May, 21:00 +0900 (in 4 hours)" in reminder.body_text
