"""Two requests for one game never interleave: the game row is locked for the whole change."""
from __future__ import annotations

import threading
from datetime import datetime, timezone

import pytest

from support import NOW, token
from tain.extensions import db
from tain.models import ActionRecord, Game, Seat
from tain.services.errors import NotYourMove, StaleMove
from tain.services.play import submit


@pytest.mark.parametrize("opened_by", ["seat", "link"])  # a page's form, whose link was checked; the API's move
def test_the_same_move_sent_twice_at_once_is_applied_once(app, game, opened_by):
    """The second click waits for the first one's lock, then reads what it wrote: on PostgreSQL a row read
    beside the locked one in the same statement would be the one before the first click."""
    seat_id, game_id, link = game.seat_named("Ann").id, game.id, token(game, "Ann")
    now = NOW if opened_by == "seat" else datetime.now(timezone.utc)  # a link is checked against the clock it was made by
    for round_ in range(5):
        db.session.rollback()  # a fresh read: SQLite's WAL keeps an open transaction on its old snapshot
        version = db.session.get(Game, game_id).version
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def click() -> None:
            with app.app_context():
                opened = db.session.get(Seat, seat_id) if opened_by == "seat" else link
                barrier.wait()
                try:
                    submit(opened, {"type": "pass"} if round_ == 0 else {"type": "x"}, now=now, expected_version=version)
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
