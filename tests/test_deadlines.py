"""Deadlines (R19), reminders, away days, pauses and digests, with the clock passed in (no sleeping)."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from support import NOW, advance_to_guarding, new_game, new_tara_game, outbox, play_tara_until
from tain.extensions import db
from tain.models import ActionRecord, Game
from tain.scheduler import run_due
from tain.services import admin
from tain.services.deadlines import Timing, apply_timeouts, extend_deadline, pause, resume, run_due_games, set_timing
from tain.services.digests import send_due_digests
from tain.services.errors import StaleMove
from tain.services.games import engine_for
from tain.services.play import submit
from tain.services.preferences import BadPreference, save_settings, set_away_days, set_mail_mode
from tain.services.timing import restart_clock

H = timedelta(hours=1)
TIMING = {"move_deadline": 24 * H, "phase_deadline": 48 * H, "reminder_before": 4 * H}


def fresh(game_id: int) -> Game:
    db.session.rollback()
    return db.session.get(Game, game_id)


def kinds_to(address: str) -> list[str]:
    return [m.kind for m in outbox(address)]


def timed_out(game_id: int) -> list[tuple[str, dict]]:
    records = db.session.query(ActionRecord).filter_by(game_id=game_id, on_timeout=True).order_by(ActionRecord.seq)
    return [(r.player, r.action) for r in records]


def test_a_move_deadline_passes_the_late_player_and_times_the_next(app):
    game = new_game(**TIMING)
    assert game.deadline_at == NOW + 24 * H and game.wake_at == NOW + 20 * H
    assert run_due_games(NOW + 24 * H - timedelta(seconds=1)).timeouts == 0
    report = run_due_games(NOW + 24 * H)
    assert report.timeouts == 1
    game = fresh(game.id)
    assert timed_out(game.id) == [("Ann", {"type": "pass"})]
    assert engine_for(game).to_act(game.state) == ["Bob"]
    assert game.deadline_at == NOW + 48 * H  # a fresh move deadline from the time-out
    assert kinds_to("bob@example.org")[-1] == "your-move"


def test_the_phase_deadline_passes_everyone_still_guarding_and_keeps_their_guards(app):
    game = new_game(**TIMING)
    advance_to_guarding(game)
    game = fresh(game.id)
    guarding = engine_for(game).to_act(game.state)
    assert len(guarding) > 1 and game.deadline_at == NOW + 48 * H
    first, *late = guarding
    guard = next(a for a in engine_for(game).legal_actions(game.state, first) if a["type"] == "guard")
    submit(game.seat_named(first), [guard, {"type": "pass"}], now=NOW + H)
    assert fresh(game.id).deadline_at == NOW + 48 * H  # the phase keeps its one deadline
    assert run_due_games(NOW + 48 * H).timeouts == len(late)
    game = fresh(game.id)
    assert timed_out(game.id) == [(player, {"type": "pass"}) for player in late]
    assert engine_for(game).view(game.state, None)["turn"] == 2  # the phase resolved
    report = engine_for(game).view(game.state, None)["reports"][-1]
    assert any(entry["guard"] == guard["token"] and entry["board"] == first for entry in report["entrances"])


def test_one_reminder_per_move_at_the_set_time_however_many_passes(app):
    game = new_game(**TIMING)
    assert run_due_games(NOW + 20 * H - timedelta(seconds=1)).reminders == 0
    assert run_due_games(NOW + 20 * H).reminders == 1
    assert run_due_games(NOW + 20 * H).reminders == 0
    assert run_due_games(NOW + 23 * H).reminders == 0
    assert kinds_to("ann@example.org") == ["invitation", "reminder"]
    reminder = outbox("ann@example.org")[-1]
    assert reminder.subject.startswith("[Tàin #1] Turn 1, scouting: your move, until") and "/play/" in reminder.body_text
    assert kinds_to("bob@example.org") == ["invitation"]
    submit(game.seat_named("Ann"), {"type": "pass"}, now=NOW + 21 * H)  # Bob's move: his own reminder
    assert run_due_games(NOW + 21 * H + 20 * H).reminders == 1
    assert kinds_to("bob@example.org") == ["invitation", "your-move", "reminder"]


def test_a_short_deadline_is_reminded_halfway(app):
    game = new_game(move_deadline=2 * H, phase_deadline=4 * H, reminder_before=4 * H)
    assert game.reminder_at == NOW + H


def test_a_deadline_on_an_away_day_moves_past_it(app):
    game = new_game(**TIMING)
    tomorrow = (NOW + 24 * H).date()
    kept = set_away_days(game.seat_named("Ann"), [tomorrow, tomorrow + timedelta(days=1), date(2000, 1, 1)], now=NOW)
    assert kept == [tomorrow.isoformat(), (tomorrow + timedelta(days=1)).isoformat()]  # the past is dropped
    game = fresh(game.id)
    assert game.deadline_at == NOW + 72 * H and game.reminder_at == NOW + 68 * H
    assert run_due_games(NOW + 71 * H).timeouts == 0
    set_away_days(game.seat_named("Bob"), [(NOW + 96 * H).date()], now=NOW)
    submit(game.seat_named("Ann"), {"type": "pass"}, now=NOW + 72 * H)  # Bob's deadline falls on his day away
    assert fresh(game.id).deadline_at == NOW + 120 * H
    with pytest.raises(BadPreference):
        set_away_days(game.seat_named("Ann"), [tomorrow + timedelta(days=n) for n in range(31)], now=NOW)


def test_a_pass_after_downtime_catches_up_in_order(app):
    games = [new_game(**TIMING) for _ in range(3)]
    submit(games[1].seat_named("Ann"), {"type": "pass"}, now=NOW + 2 * H)  # game 2's deadline is later
    assert [g.id for g in db.session.query(Game).order_by(Game.wake_at, Game.id)] == [1, 3, 2]
    later = NOW + 10 * 24 * H  # the clock was down for ten days
    report = run_due(later)
    assert report.games.timeouts == 3 and report.games.reminders == 0  # too late to remind
    for game in games:
        game = fresh(game.id)
        assert len(timed_out(game.id)) == 1 and game.deadline_at == later + 24 * H
    order = [r.game_id for r in db.session.query(ActionRecord).filter_by(on_timeout=True).order_by(ActionRecord.id)]
    assert order == [1, 3, 2]
    assert run_due(later).games.timeouts == 0


def test_a_bot_moves_for_a_late_player_when_the_game_says_so(app):
    game = new_game(**TIMING, bot_on_timeout=True)
    run_due_games(NOW + 24 * H)
    (player, action), = timed_out(game.id)
    assert player == "Ann" and action["type"] != "pass"
    advance_to_guarding(fresh(game.id))
    game = fresh(game.id)
    guarding = engine_for(game).to_act(game.state)
    run_due_games(game.deadline_at)
    bot_moves = timed_out(game.id)[1:]
    assert {p for p, _ in bot_moves} == set(guarding)
    assert any(a["type"] == "guard" for _, a in bot_moves)
    assert engine_for(fresh(game.id)).view(fresh(game.id).state, None)["turn"] == 2


def test_the_admin_can_change_timing_extend_pause_resume_and_time_out(app):
    game = new_game(**TIMING)
    set_timing(game.id, Timing(12 * H, 24 * H, None, True), now=NOW)
    game = fresh(game.id)
    assert (game.move_deadline_seconds, game.reminder_before_seconds, game.bot_on_timeout) == (12 * 3600, None, True)
    assert extend_deadline(game.id, 6 * H, now=NOW) == NOW + 30 * H
    assert fresh(game.id).reminder_at == NOW + 26 * H
    pause(game.id, now=NOW + 10 * H)
    assert fresh(game.id).wake_at is None and run_due_games(NOW + 100 * H).timeouts == 0
    resume(game.id, now=NOW + 100 * H)
    game = fresh(game.id)
    assert game.deadline_at == NOW + 120 * H and game.wake_at == NOW + 116 * H  # 20 hours were left
    with pytest.raises(StaleMove):
        apply_timeouts(game.id, now=NOW + 101 * H, expected_version=5)
    assert apply_timeouts(game.id, now=NOW + 101 * H, expected_version=0) == 1
    game = fresh(game.id)
    assert engine_for(game).to_act(game.state) == ["Bob"] and game.deadline_at == NOW + 113 * H


def test_a_turn_a_plan_begins_inside_the_change_that_ended_anothers_gets_a_fresh_deadline(app):
    """Tara's battle: Bob's plan swaps the moment Ann's turn ends, so he is asked for his link mid-turn,
    but it is his turn now: his own deadline and reminder, not what was left of Ann's."""
    game = new_tara_game(options={"games": 1}, **TIMING)
    play_tara_until(game, lambda view: view["phase"] == "battle" and view["to_act"] == ["Ann"] and view["step"] == "start")
    game = fresh(game.id)
    engine, state, turn = engine_for(game), game.state, []
    while "Ann" in engine.to_act(state):  # Ann's whole turn, her swap and her link, as the bot makes it
        action = engine.make_bot(3).choose(engine.view(state, "Ann"), engine.legal_actions(state, "Ann"))
        turn.append(action)
        state = engine.apply(state, "Ann", action)
    swaps = [action for action in engine.legal_actions(state, "Bob") if action["type"] == "swap"][:8]
    submit(game.seat_named("Bob"), {"type": "standing", "plan": [swaps]}, now=NOW + H)
    late = fresh(game.id).deadline_at - H
    submit(fresh(game.id).seat_named("Ann"), turn, now=late)
    game = fresh(game.id)
    assert engine.to_act(game.state) == ["Bob"] and engine.view(game.state, None)["step"] == "link"
    assert engine.mid_turn(game.state)
    assert game.deadline_at == late + 24 * H and game.reminder_at == late + 20 * H
    assert "in 24 hours" in outbox("bob@example.org")[-1].body_text


def test_a_game_resumed_with_a_bot_to_move_tells_everyone_once_and_asks_the_next_player_once(app):
    game = new_game(**TIMING)
    admin.pause(game.id, actor="maeve", now=NOW + H)
    admin.seat_bot(game.id, game.seat_named("Ann").id, actor="maeve", now=NOW + 2 * H)
    before = {address: len(outbox(address)) for address in ("bob@example.org", "cat@example.org")}
    admin.resume(game.id, actor="maeve", now=NOW + 3 * H)
    game = fresh(game.id)
    assert engine_for(game).to_act(game.state) == ["Bob"] and game.deadline_at == NOW + 27 * H
    for address, asked in (("bob@example.org", True), ("cat@example.org", False)):
        new = outbox(address)[before[address]:]
        assert [m.kind for m in new] == ["resumed"], address
        assert new[0].subject.endswith("the game has resumed — your move") == asked
        assert "Ann raids the foreign kingdom with a face-down token." in new[0].body_text


def test_a_paused_game_s_digest_does_not_say_it_is_your_move_and_an_ended_game_sends_none(app):
    game = new_game(**TIMING)
    set_mail_mode(game.seat_named("Ann"), "digest", now=NOW)
    pause(game.id, now=NOW + H)
    assert send_due_digests(NOW + 24 * H) == 0 and send_due_digests(NOW + 48 * H) == 0
    resume(game.id, now=NOW + 49 * H)
    assert send_due_digests(NOW + 72 * H) == 1 and "It is your move" in outbox("ann@example.org")[-1].body_text
    admin.cancel(game.id, actor="maeve", now=NOW + 73 * H)
    told = len(outbox("ann@example.org"))
    assert outbox("ann@example.org")[-1].kind == "cancelled"
    assert send_due_digests(NOW + 96 * H) == 0 and len(outbox("ann@example.org")) == told
    assert fresh(game.id).seat_named("Ann").digest_at is None


def test_a_deadline_that_has_just_timed_out_a_decision_is_not_kept_for_the_same_player_s_next_one():
    """An Inis placement timed out leaves its player to act mid-turn, on his Season turn: the deadline
    that passed is not his turn's (it would time it out at the next pass); a running one is kept."""
    game = Game(status="running", move_deadline_seconds=24 * 3600, reminder_before_seconds=4 * 3600, seats=[],
                deadline_at=NOW, reminder_at=NOW - 4 * H)
    restart_clock(game, ["Ann"], ["Ann"], NOW, mid_turn=True)
    assert (game.deadline_at, game.reminder_at) == (NOW + 24 * H, NOW + 20 * H)
    restart_clock(game, ["Ann"], ["Ann"], NOW + H, mid_turn=True)
    assert (game.deadline_at, game.reminder_at) == (NOW + 24 * H, NOW + 20 * H)


def test_digest_seats_get_one_email_a_day_listing_what_waits(app):
    game = new_game(**TIMING)
    set_mail_mode(game.seat_named("Bob"), "digest", now=NOW)
    submit(game.seat_named("Ann"), {"type": "pass"}, now=NOW + H)
    assert kinds_to("bob@example.org") == ["invitation"]  # no per-move email
    assert send_due_digests(NOW + 23 * H) == 0
    assert send_due_digests(NOW + 24 * H) == 1
    assert send_due_digests(NOW + 24 * H) == 0
    digest = outbox("bob@example.org")[-1]
    assert digest.kind == "digest" and "It is your move" in digest.body_text
    assert send_due_digests(NOW + 5 * 24 * H) == 1  # after downtime: one, not one per day missed
    assert len({m.message_id for m in outbox("bob@example.org")}) == 3
    with pytest.raises(BadPreference):
        set_mail_mode(game.seat_named("Bob"), "weekly", now=NOW)


def test_the_play_page_sets_days_away_and_the_digest(client, app):
    from support import csrf_of, token

    game = new_game(**TIMING)
    day = [(date.today() + timedelta(days=n)).isoformat() for n in (10, 11, 12, 13)]
    url = f"/play/{token(game, 'Bob')}"
    page = client.get(url).text
    assert 'name="away_days"' in page and 'name="mail_mode"' in page
    response = client.post(url, data={
        "csrf_token": csrf_of(page), "away_days": f"{day[0]}, {day[2]}..{day[3]}", "mail_mode": "digest"})
    assert response.status_code == 303
    seat = fresh(game.id).seat_named("Bob")
    assert seat.away_days == [day[0], day[2], day[3]] and seat.mail_mode == "digest"
    assert f"{day[0]} {day[2]}" in client.get(url).text
    bad = client.post(url, data={"csrf_token": csrf_of(page), "away_days": "soon", "mail_mode": "each"},
                      follow_redirects=True)
    assert "Write days away as" in bad.text and fresh(game.id).seat_named("Bob").mail_mode == "digest"
    assert client.post(url, data={"away_days": ""}).status_code == 400  # no CSRF token


def test_days_away_are_days_on_the_players_own_clock(app):
    game = new_game(**TIMING)  # Ann's deadline: 2 May 12:00 UTC, which is 3 May 00:00 in Auckland (UTC+12)
    ann = game.seat_named("Ann")
    kept = save_settings(ann, [date(2030, 5, 1), date(2030, 5, 2)], "each", now=NOW, time_zone="Pacific/Auckland")
    assert kept == ["2030-05-02"]  # 1 May is over in Auckland at noon UTC
    assert fresh(game.id).deadline_at == NOW + 24 * H  # 2 May in UTC, but 3 May on Ann's clock: she is back
    save_settings(ann, [date(2030, 5, 3)], "each", now=NOW, time_zone="Pacific/Auckland")
    assert fresh(game.id).deadline_at == NOW + 48 * H  # 4 May 00:00 on Ann's clock, her first day back
