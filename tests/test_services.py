"""The service layer: creating games, acting under the lock, the log as the truth."""
from __future__ import annotations

from datetime import timedelta

import pytest

from tain import transactions
from tain.extensions import db
from tain.models import ActionRecord, Game
from tain.services.errors import IllegalAction, InvalidGame, NotYourMove, StaleMove
from tain.services.games import check_game, engine_for, parse_duration, parse_player, rebuild_state
from tain.services.play import seat_snapshot, submit

from support import NOW, PLAYERS, new_game, outbox


def test_parse_player_and_duration():
    assert parse_player("Ann <ann@example.org>").name == "Ann"
    assert parse_player("<script> <s@example.org>").name == "<script>"
    assert parse_duration("90s") == timedelta(seconds=90)
    assert parse_duration("3d") == timedelta(days=3)
    for bad in ("ann@example.org", "<ann@example.org>"):
        with pytest.raises(InvalidGame):
            parse_player(bad)
    for bad in ("", "0h", "3w", "h", "-1h"):
        with pytest.raises(InvalidGame):
            parse_duration(bad)


@pytest.mark.parametrize("players, first, expected", [
    (PLAYERS[:1], None, "is played by 2 to 4 players"),
    (PLAYERS + ["Dan <dan@example.org>", "Eve <eve@example.org>"], None, "is played by 2 to 4 players"),
    (["Ann <ann@example.org>", "Ann <other@example.org>"], None, "same name"),
    (["Ann <ann@example.org>", "Bob <ANN@example.org>"], None, "same email"),
    (["Ann <ann@example.org>", "Bob <not-an-address>"], None, "not an email address"),
    (PLAYERS, "Zed", "not one of the players"),
])
def test_create_game_refuses_bad_setups(app, players, first, expected):
    with pytest.raises(InvalidGame, match=expected):
        new_game(players, first_player=first)
    assert db.session.query(Game).count() == 0
    assert outbox() == []


def test_create_game_seats_players_and_invites_each(game):
    assert [seat.name for seat in game.seats] == ["Ann", "Bob", "Cat"]
    assert game.version == 0 and game.status == "running"
    assert [m.kind for m in outbox()] == ["invitation"] * 3
    assert check_game(game) == []


def test_a_move_is_logged_cached_and_replayable(game):
    ann = game.seat_named("Ann")
    action = seat_snapshot(ann)["legal_actions"][0]
    snap = submit(ann, action, now=NOW, expected_version=0).snapshot
    assert snap["game"]["version"] == 1
    record = db.session.query(ActionRecord).one()
    assert (record.player, record.action, record.seq, record.on_timeout) == ("Ann", action, 0, False)
    assert check_game(db.session.get(Game, game.id)) == []


def test_refusals_change_nothing(game):
    ann, bob = game.seat_named("Ann"), game.seat_named("Bob")
    state, mails = game.state, len(outbox())
    with pytest.raises(NotYourMove):
        submit(bob, {"type": "pass"}, now=NOW)
    with pytest.raises(IllegalAction):
        submit(ann, {"type": "guard", "token": "dragon", "entrance": "house-1"}, now=NOW)
    with pytest.raises(IllegalAction):
        submit(ann, [], now=NOW)
    with pytest.raises(IllegalAction):
        submit(ann, ["pass"], now=NOW)
    with pytest.raises(StaleMove):
        submit(ann, {"type": "pass"}, now=NOW, expected_version=3)
    game = db.session.get(Game, game.id)
    assert game.version == 0 and game.state == state and len(outbox()) == mails
    assert db.session.query(ActionRecord).count() == 0


def test_a_list_of_actions_is_all_or_nothing(game):
    ann = game.seat_named("Ann")
    guard = {"type": "guard", "token": "warrior", "entrance": "house-1"}
    with pytest.raises(IllegalAction):
        submit(ann, [guard, guard], now=NOW)  # the slot is taken by the first
    assert db.session.get(Game, game.id).version == 0
    assert db.session.query(ActionRecord).count() == 0


def test_a_second_submission_of_the_same_page_is_stale(game):
    ann = game.seat_named("Ann")
    submit(ann, {"type": "guard", "token": "boy", "entrance": "house-1"}, now=NOW, expected_version=0)
    with pytest.raises(StaleMove):
        submit(ann, {"type": "guard", "token": "boy", "entrance": "house-1"}, now=NOW, expected_version=0)


def test_check_finds_a_tampered_cache_and_rebuild_repairs_it(game):
    submit(game.seat_named("Ann"), {"type": "pass"}, now=NOW)
    game = db.session.get(Game, game.id)
    state = dict(game.state)
    with transactions.write():
        game.state = engine_for(game).setup(["Ann", "Bob", "Cat"], 99, {})
    assert check_game(game) == [f"game #{game.id}: the cached state differs from the replayed log"]
    rebuild_state(game.id)
    game = db.session.get(Game, game.id)
    assert game.state == state and check_game(game) == []


def test_deadlines_follow_who_is_to_act(app):
    game = new_game(move_deadline=timedelta(hours=24), phase_deadline=timedelta(hours=48))
    assert game.deadline_at == NOW + timedelta(hours=24)
    later = NOW + timedelta(hours=1)
    submit(game.seat_named("Ann"), {"type": "pass"}, now=later)
    assert db.session.get(Game, game.id).deadline_at == later + timedelta(hours=24)
    assert seat_snapshot(game.seat_named("Bob"))["deadline"] == (later + timedelta(hours=24)).isoformat()
    assert seat_snapshot(game.seat_named("Ann"))["deadline"] is None
