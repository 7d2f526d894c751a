"""Schedule health: each pass is recorded, the health page says when it last ran and how late it is,
and every admin page warns when it has not run for five minutes — with the clock passed in."""
from __future__ import annotations

import html
from datetime import datetime, timedelta

import pytest

from admin_support import PASSWORD, log_in
from support import NOW, new_game
from tain.extensions import db
from tain.models import SchedulerPass
from tain.scheduler import run_due
from tain.services import health
from tain.services.health import is_stale, latest_passes, record_pass, schedule_health
from tain.local_time import span_text

H = timedelta(hours=1)
MINUTE = timedelta(minutes=1)
ADMIN_PAGES = ["/admin/", "/admin/games/1", "/admin/games/new", "/admin/games/import", "/admin/mail", "/admin/health",
               "/admin/audit"]
WARNING = "The schedule has not run for"


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


class Clock:
    """The web edge's `now`, set by the test."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(monkeypatch) -> Clock:
    clock = Clock(NOW)
    monkeypatch.setattr("tain.web.admin.utcnow", clock)
    monkeypatch.setattr("tain.web.admin.overview.utcnow", clock)
    return clock


@pytest.fixture
def admin(client, clock):
    assert log_in(client).status_code == 303
    return client


def a_pass(at: datetime, **figures: int) -> None:
    record_pass(at, at + timedelta(seconds=2), **{"timeouts": 0, "reminders": 0, "digests": 0,
                                                  "emails_sent": 0, "emails_failed": 0, **figures})


def test_a_pass_records_what_it_did(app):
    new_game(move_deadline=24 * H, phase_deadline=48 * H)
    run_due(NOW + 25 * H)
    (row,) = latest_passes(5)
    assert row.started_at == NOW + 25 * H and row.started_at <= row.finished_at < row.started_at + MINUTE
    assert (row.timeouts, row.reminders, row.digests, row.emails_sent, row.emails_failed) == (1, 0, 0, 4, 0)
    run_due(NOW + 26 * H)
    assert [p.timeouts for p in latest_passes(5)] == [0, 1]


def test_only_the_latest_passes_are_kept(app, monkeypatch):
    monkeypatch.setattr(health, "KEEP_PASSES", 3)
    for minute in range(5):
        a_pass(NOW + minute * MINUTE)
    assert [p.started_at for p in latest_passes(10)] == [NOW + m * MINUTE for m in (4, 3, 2)]
    assert db.session.query(SchedulerPass).count() == 3


def test_stale_after_five_minutes_without_a_pass(app):
    assert is_stale(None, NOW)
    a_pass(NOW)
    (last,) = latest_passes()
    finished = last.finished_at
    assert not is_stale(last, finished + 5 * MINUTE - timedelta(seconds=1))
    assert is_stale(last, finished + 5 * MINUTE)


def test_how_late_the_schedule_is(app):
    quiet = schedule_health(NOW)
    assert quiet.last is None and quiet.stale and quiet.due_games == 0 and quiet.lateness is None
    assert quiet.unsent_emails == 0 and quiet.oldest_unsent_age is None
    early = new_game(move_deadline=24 * H, phase_deadline=48 * H, reminder_before=4 * H)
    new_game(move_deadline=30 * H, phase_deadline=48 * H)  # due at NOW + 30 h, no reminder
    a_pass(NOW + H)
    figures = schedule_health(NOW + 21 * H)  # only the first game's reminder is due (at NOW + 20 h)
    assert (figures.due_games, figures.most_overdue_game, figures.lateness) == (1, early.id, H)
    assert not figures.most_overdue_is_deadline
    assert figures.since_last == 20 * H - timedelta(seconds=2) and figures.stale
    assert figures.unsent_emails == 6 and figures.oldest_unsent_age == 21 * H  # the invitations, never sent
    late = schedule_health(NOW + 31 * H)
    assert (late.due_games, late.most_overdue_game, late.lateness) == (2, early.id, 11 * H)
    run_due(NOW + 31 * H)
    caught_up = schedule_health(NOW + 31 * H + MINUTE)
    assert caught_up.due_games == 0 and caught_up.unsent_emails == 0 and not caught_up.stale


def test_no_warning_after_a_recent_pass(admin, clock, game):
    a_pass(NOW - 4 * MINUTE)
    for path in ADMIN_PAGES:
        page = admin.get(path)
        assert page.status_code == 200, path
        assert WARNING not in page.text and "never run" not in page.text, path


def test_every_admin_page_warns_after_five_minutes_without_a_pass(admin, clock, game):
    a_pass(NOW - 10 * MINUTE)
    clock.now = NOW - 10 * MINUTE + timedelta(seconds=2) + 5 * MINUTE  # just five minutes after it finished
    for path in ADMIN_PAGES:
        page = html.unescape(admin.get(path).text)
        assert 'role="alert"' in page and f"{WARNING} 5 min" in page and "flask --app app tain scheduler" in page, path
    clock.now = NOW
    assert WARNING in admin.get("/admin/").text
    a_pass(NOW)  # the clock runs again: the warning goes
    assert WARNING not in admin.get("/admin/").text


def test_every_admin_page_warns_when_the_schedule_never_ran(admin, game):
    for path in ADMIN_PAGES:
        assert "The schedule has never run" in admin.get(path).text, path


def test_the_login_page_says_nothing_of_the_schedule(client, clock):
    assert "schedule" not in client.get("/admin/login").text


def test_the_health_page_shows_the_last_pass_and_how_late_it_is(admin, clock):
    new_game(move_deadline=24 * H, phase_deadline=48 * H)
    a_pass(NOW + 24 * H + 30 * MINUTE, timeouts=2, reminders=1, digests=0, emails_sent=7, emails_failed=1)
    clock.now = NOW + 25 * H  # the game's deadline (NOW + 24 h) passed an hour ago; the pass ran 30 min ago
    log_in(admin)  # the session from NOW has expired
    page = html.unescape(admin.get("/admin/health").text)
    assert "Last ran <b>29 min ago</b>" in page and "taking 2 sec" in page and "pill--late" in page
    assert "<b>1</b> game due" in page and "game #1</a>" in page and "has waited <b>1 hr</b> since its deadline" in page
    assert "<b>3</b> emails not yet sent, the oldest queued <b>1 day, 1 hr ago</b>" in page
    assert "<td>2</td><td>1</td><td>0</td><td>7</td><td>1</td>" in page
    assert f"{WARNING} 29 min" in page


def test_the_health_page_when_all_is_well(admin, clock, game):
    run_due(NOW)  # sends the invitations (to the dev mailbox)
    clock.now = NOW + 2 * MINUTE  # a moment less than two minutes after the pass finished
    page = html.unescape(admin.get("/admin/health").text)
    assert "Last ran <b>1 min ago</b>" in page and "pill--late" not in page
    assert "No game is waiting for a deadline or a reminder." in page and "No email waits to be sent." in page
    assert "<td>0</td><td>0</td><td>0</td><td>3</td><td>0</td>" in page


@pytest.mark.parametrize("seconds, text", [(0, "0 sec"), (59, "59 sec"), (60, "1 min"), (3599, "59 min"),
                                           (3600, "1 hr"), (3660, "1 hr, 1 min"), (86400, "1 day"),
                                           (90000, "1 day, 1 hr")])
def test_durations_as_the_dashboard_says_them(seconds, text):
    assert span_text(timedelta(seconds=seconds), "en") == text
