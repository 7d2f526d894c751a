"""A deadline pass racing a player's move, and two passes at once: each acts once."""
from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from datetime import timedelta

from support import NOW, new_game
from tain.extensions import db
from tain.games import get_game
from tain.models import ActionRecord, Game, OutboxMessage, Seat
from tain.scheduler import run_due
from tain.services.deadlines import run_due_games
from tain.services.errors import NotYourMove, StaleMove
from tain.services.play import Submitted, submit

H = timedelta(hours=1)
LATE = NOW + 25 * H
# Seconds one side waits when the other goes first: enough that the order holds on a loaded CI
# machine, so both serial orders surely occur; the true races are the runs released together.
HEAD_START = 0.05


def race(app, *jobs: Callable[[], object], first: int | None = None) -> list[object]:
    """Run the jobs in threads, released together (or job `first` a few milliseconds ahead of
    the others); what each returned or raised."""
    barrier = threading.Barrier(len(jobs))
    outcomes: list[object] = [None] * len(jobs)

    def run(index: int, job: Callable[[], object]) -> None:
        with app.app_context():
            barrier.wait()
            if first is not None and index != first:
                time.sleep(HEAD_START)
            try:
                outcomes[index] = job()
            except Exception as error:  # noqa: BLE001 - the outcome is what the test checks
                outcomes[index] = error
            finally:
                db.session.remove()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def test_a_deadline_pass_racing_the_players_move_resolves_once(app):
    engine = get_game("tain")
    start = engine.setup(["Ann", "Bob", "Cat"], 7, {"first_player": "Ann"})
    move = next(a for a in engine.legal_actions(start, "Ann") if a["type"] == "scout")
    move_first = engine.apply(start, "Ann", move)  # then the pass finds nothing due
    timeout_first = engine.apply(start, "Ann", engine.timeout_action(start, "Ann"))  # then the move is refused
    seen = Counter()
    for repetition in range(30):
        game = new_game(move_deadline=24 * H, phase_deadline=48 * H)
        seat_id = game.seat_named("Ann").id
        outcome_move, outcome_pass = race(  # the move ahead, the pass ahead, or both at once, in turn
            app,
            lambda: submit(db.session.get(Seat, seat_id), move, now=LATE, expected_version=0),
            lambda: run_due_games(LATE).timeouts,
            first=(0, 1, None)[repetition % 3],
        )
        db.session.rollback()
        game = db.session.get(Game, game.id)
        records = db.session.query(ActionRecord).filter_by(game_id=game.id).all()
        assert len(records) == 1 and game.version == 1
        if records[0].on_timeout:
            assert isinstance(outcome_move, (NotYourMove, StaleMove)) and game.state == timeout_first
            seen["timeout first"] += 1
        else:
            assert isinstance(outcome_move, Submitted) and outcome_pass == 0 and game.state == move_first
            seen["move first"] += 1
    assert sum(seen.values()) == 30
    assert seen["move first"] and seen["timeout first"], seen  # both serial orders did happen


def test_two_ticks_at_once_never_act_twice_nor_send_twice(smtp_server, app):
    games = [new_game(move_deadline=24 * H, phase_deadline=48 * H, reminder_before=4 * H) for _ in range(8)]
    outcomes = race(app, lambda: run_due(LATE), lambda: run_due(LATE))
    assert not any(isinstance(outcome, Exception) for outcome in outcomes), outcomes
    db.session.rollback()
    assert sum(outcome.games.timeouts for outcome in outcomes) == len(games)
    assert db.session.query(ActionRecord).filter_by(on_timeout=True).count() == len(games)
    assert sum(outcome.mail.sent for outcome in outcomes) == db.session.query(OutboxMessage).count()
    received = [m["Message-ID"] for m in smtp_server.messages]
    assert len(received) == len(set(received)) == db.session.query(OutboxMessage).count()
    assert {m.status for m in db.session.query(OutboxMessage)} == {"sent"}
