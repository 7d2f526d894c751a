"""The admin's games list a page at a time: each filter pages in SQL (only the page's games are
loaded and viewed), "waiting" read from the games' cached to_act, a page past the end is the last."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest

from admin_support import PASSWORD, act, log_in
from support import NOW, new_game
from tain.services import admin as service
from tain.services.play import submit


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


@pytest.fixture
def admin(client, monkeypatch):
    monkeypatch.setattr(service, "PAGE_SIZE", 3)
    assert log_in(client).status_code == 303
    return client


def listed(page: str) -> list[int]:
    return [int(number) for number in re.findall(r"Tàin #(\d+)</a>", page)]


def test_the_list_pages_newest_activity_first(app, admin, monkeypatch):
    with app.app_context():
        ids = [new_game(seed=seed).id for seed in range(7)]
        later = new_game(seed=9)
        submit(later.seat_named("Ann"), {"type": "raid", "token": "chieftain"}, now=NOW + timedelta(hours=1))
        newest_first = [later.id, *reversed(ids)]
    first = admin.get("/admin/").text
    assert listed(first) == newest_first[:3] and "Page 1 of 3, 8 games in all" in first
    assert 'rel="next"' in first and 'rel="prev"' not in first
    assert listed(admin.get("/admin/?page=2").text) == newest_first[3:6]
    last = admin.get("/admin/?page=3").text
    assert listed(last) == newest_first[6:] and 'rel="next"' not in last and 'rel="prev"' in last
    assert listed(admin.get("/admin/?page=99").text) == newest_first[6:]  # past the end: the last page
    for bad in ("0", "-1", "x", "1" * 40, "²", "٢"):
        answer = admin.get(f"/admin/?page={bad}")
        assert answer.status_code == 200 and listed(answer.text) == newest_first[:3], bad
    viewed = []
    monkeypatch.setattr(service, "game_row", lambda game: viewed.append(game.id) or real_row(game))
    admin.get("/admin/?page=2")
    assert viewed == newest_first[3:6]  # only the page's games are viewed


real_row = service.game_row


def test_each_filter_pages_on_its_own(app, admin):
    with app.app_context():
        games = [new_game(seed=seed).id for seed in range(5)]
    for game in games[:4]:
        act(admin, f"/admin/games/{game}/cancel")
    cancelled = admin.get("/admin/?status=cancelled").text
    assert "Page 1 of 2, 4 games in all" in cancelled
    assert listed(cancelled) + listed(admin.get("/admin/?status=cancelled&page=2").text) == [
        *reversed(games[:4])]
    running = admin.get("/admin/?status=running").text
    assert listed(running) == [games[4]] and "Page 1" not in running  # one page: no pager
    pager = admin.get("/admin/?status=cancelled").text.split('class="pager"')[1]
    assert "status=cancelled" in pager and "page=2" in pager


def test_waiting_games_come_nearest_deadline_first_and_find_a_person_by_any_case(app, admin):
    with app.app_context():
        players = ["Éamon <Eamon@Example.org>", "Bob <bob@example.org>"]
        slow = new_game(players, first_player="Éamon", move_deadline=timedelta(days=3))
        fast = new_game(players, first_player="Éamon", move_deadline=timedelta(hours=2))
        none = new_game(players, first_player="Bob")  # no deadline: after those with one
        over_to_bob = new_game(players, first_player="Éamon", move_deadline=timedelta(hours=1))
        submit(over_to_bob.seat_named("Éamon"), {"type": "raid", "token": "chieftain"}, now=NOW)
        slow, fast, none, over_to_bob = slow.id, fast.id, none.id, over_to_bob.id
    waiting = admin.get("/admin/?status=waiting").text
    assert "Page 1 of 2, 4 games in all" in waiting
    assert listed(waiting) + listed(admin.get("/admin/?status=waiting&page=2").text) == [
        over_to_bob, fast, slow, none]
    for who in ("éamon", "ÉAMON", "eamon@example.org"):
        assert listed(admin.get(f"/admin/?status=waiting&who={who}").text) == [fast, slow], who
    assert listed(admin.get("/admin/?status=waiting&who=bob").text) == [over_to_bob, none]
