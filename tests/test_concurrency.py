"""Two requests for one game never interleave: the game row is locked for the whole change."""
from __future__ import annotations

import threading

from support import NOW
from tain.extensions import db
from tain.models import ActionRecord, Game, Seat
from tain.services.errors import NotYourMove, StaleMove
from tain.services.play import submit


def test_the_same_move_sent_twice_at_once_is_applied_once(app, game):
    seat_id, game_id = game.seat_named("Ann").id, game.id
    for round_ in range(5):
        db.session.rollback()  # a fresh read: SQLite's WAL keeps an open transaction on its old snapshot
        version = db.session.get(Game, game_id).version
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def click() -> None:
            with app.app_context():
                seat = db.session.get(Seat, seat_id)
                barrier.wait()
                try:
                    submit(seat, {"type": "pass"} if round_ == 0 else {"type": "x"}, now=NOW, expected_version=version)
                    outcomes.append("applied")
                except (StaleMove, NotYourMove) as refusal:
                    outcomes.append(type(refusal).__name__)
                except ValueError:
                    outcomes.append("illegal")
                finally:
                    db.session.remove()

        threads = [threading.Thread(target=click) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        if round_ == 0:
            assert sorted(outcomes) == ["StaleMove", "applied"]
        else:  # Ann has passed: both clicks are refused, nothing is applied
            assert "applied" not in outcomes and len(outcomes) == 2
    db.session.rollback()
    assert db.session.get(Game, game_id).version == 1
    assert db.session.query(ActionRecord).count() == 1
