"""bench/tempo.py's core: the critical path of asks, the players' nights, and tiny games on the
engine and through the service (whose asking emails must be the bench's asks)."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest
from flask import Flask

from bench import tempo

TWO_PLAYERS = tempo.Config("Tàin, 2 players", "tain", 2)


class FixedDelay:
    """Stands for the random generator: every delay is `hours` long."""

    def __init__(self, hours: float) -> None:
        self.hours = hours

    def expovariate(self, rate: float) -> float:
        return self.hours


def test_critical_path_counts_a_simultaneous_step_once_and_the_longest_chain() -> None:
    path = tempo.AskPath()
    path.asked(["Ann"])
    path.replied("Ann")
    path.asked(["Bob"])
    path.replied("Bob")
    path.asked(["Ann", "Bob", "Cat"])  # simultaneous guarding: one step, until the last reply
    for player in ("Cat", "Ann", "Bob"):
        path.replied(player)
    path.asked(["Dan"])
    assert path.length == 4

    # While Bob takes his time, Ann's reply leads to Cat's ask and Cat's to Ann's again: Dan's ask,
    # made once both Ann and Bob answered, is one step after the longer chain, whichever reply came last.
    path = tempo.AskPath()
    path.asked(["Ann", "Bob"])
    path.replied("Ann")
    path.asked(["Cat"])
    path.replied("Cat")
    path.asked(["Ann"])
    path.replied("Ann")
    path.replied("Bob")  # the short chain's reply, last
    path.asked(["Dan"])
    assert path.length == 4
    with pytest.raises(ValueError):
        path.asked(["Dan"])


@pytest.mark.parametrize(("asked", "hours", "replied"), [
    ((10, 0), 3, (6, 13, 0)),           # by day: the delay itself
    ((22, 30), 2.5, (7, 7, 0)),         # would be 01:00: the next morning
    ((5, 0), 1.5, (6, 7, 0)),           # asked in the night, would be 06:30: 07:00
    ((22, 0), 0.5, (6, 22, 30)),        # before 23:00: still awake
])
def test_a_reply_that_would_fall_in_the_night_comes_in_the_morning(
        asked: tuple[int, int], hours: float, replied: tuple[int, int, int]) -> None:
    at = datetime(2030, 5, 6, *asked, tzinfo=tempo.ZONE)  # Dublin in May: UTC+1
    day, hour, minute = replied
    expected = datetime(2030, 5, day, hour, minute, tzinfo=tempo.ZONE)
    assert tempo.reply_time(at.astimezone(timezone.utc), FixedDelay(hours)) == expected


def test_engine_games_are_the_same_for_a_seed_and_plans_need_fewer_asks() -> None:
    without = [tempo.play_game(TWO_PLAYERS, seed, False, tempo.EngineTable()) for seed in (3, 4)]
    with_plans = [tempo.play_game(TWO_PLAYERS, seed, True, tempo.EngineTable()) for seed in (3, 4)]
    assert without == [tempo.play_game(TWO_PLAYERS, seed, False, tempo.EngineTable()) for seed in (3, 4)]
    for game in without + with_plans:
        assert 0 < game.sequential_asks <= sum(game.asks.values()) and game.days > 0
    assert all(planned.sequential_asks < plain.sequential_asks for planned, plain in zip(with_plans, without))


def test_through_the_service_every_ask_is_an_email_that_asks(app: Flask) -> None:
    engine_game = tempo.play_game(TWO_PLAYERS, 5, True, tempo.EngineTable())
    table = tempo.ServiceTable()
    assert tempo.play_game(TWO_PLAYERS, 5, True, table) == engine_game
    emails = table.count_emails()
    assert set(emails) == {"Ann", "Bob"}
    for player, count in emails.items():
        assert count["invitation"] == count["final-scores"] == 1
        assert count["asking"] <= engine_game.asks[player] <= count["asking"] + 1
    # the one ask without an asking email: the first player's invitation, whose subject does not say so
    assert sum(count["asking"] for count in emails.values()) == sum(engine_game.asks.values()) - 1
