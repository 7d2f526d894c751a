"""SQL statements per request (issue 15): a move POSTed through the API, an API GET and a page GET each
run a fixed, small number of statements, the same whatever the game's length and however many other
games the database holds.

Counted as the database driver sees them (SQLAlchemy's `before_cursor_execute`): on SQLite the
service's own BEGIN / BEGIN IMMEDIATE are statements too, while psycopg2 opens PostgreSQL's
transactions by itself, so the bounds are per database. Each request is counted at its worst: the
seat's last visit long ago and the game moved on since it was last shown. A GET writes nothing (a
mail scanner opens links; the page's script reports the page seen: tests/test_since.py); a move
notes the visit in the seat's row it writes anyway. Mail is sent by the clock as in production
(MAIL_SERVER set), not inside the request, and the move queues its emails' drafts: the sender
writes their subjects and bodies (tain.services.letters), so the move never reads the log. The bounds are the
numbers reached (issue 15): a move reads the seat and its game once, locks the game and reads its seats, writes, and answers from what
it holds; a GET reads the seat with its game and the seats (the page, the log since the seat last
looked too) and writes nothing; the language of the answer comes from the link's one check.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event, update

from support import NOW, new_game, token
from tain import transactions
from tain.extensions import db
from tain.games import get_game
from tain.games.tain.bots import RandomBot
from tain.models import Game, Seat
from tain.services.games import History, LoggedAction, create_game, parse_player
from tain.services.play import submit

TAIN = get_game("tain")
NAMES = ["Ann", "Bob", "Cat"]
# Statements per request, by database: the move POST, the API GET, the page GET (before issue 15's
# changes at the web edge and in the move path: 18/10/13 on SQLite, 15/7/9 on PostgreSQL; the move's
# email is queued as a draft, so the move no longer reads the log: 12 → 11, 10 → 9; the move checks its link
# under the game's lock, reading the seat and its game once: 11 → 9, 9 → 8; the sender writes each email's
# subject, so the move no longer reads the seat's previous one: 9 → 8, 8 → 7).
# The same page opened again is kept as drawn (tain.web.kept_pages): the link's one read of its seat and game.
BOUNDS = {"sqlite": {"post": 8, "api": 3, "page": 4, "again": 2}, "postgresql": {"post": 7, "api": 2, "page": 3, "again": 1}}
LATE_TURN = 6


@pytest.fixture
def config(config: dict[str, Any]) -> dict[str, Any]:
    # As in production, the clock process sends the mail; the request only queues it.
    config["MAIL_SERVER"] = "127.0.0.1"
    return config


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """Every statement the app's engine sends while the block runs."""
    seen: list[str] = []

    def note(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        seen.append(" ".join(statement.split()))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


def early_game(app: Flask) -> int:
    """Turn 1, after Ann's first placement: Bob is to act."""
    with app.app_context():
        game = new_game()
        submit(game.seat_named("Ann"), placement(game), now=NOW)
        return game.id


def late_game(app: Flask) -> int:
    """Random moves until turn LATE_TURN begins, imported as a game's past (its log replayed)."""
    players = [parse_player(f"{name} <{name.lower()}@example.org>") for name in NAMES]
    state = TAIN.setup(NAMES, 7, {"first_player": "Ann"})
    bot, log = RandomBot(3), []
    while state["turn"] < LATE_TURN:
        player = TAIN.to_act(state)[0]
        action = bot.choose(None, TAIN.legal_actions(state, player))
        log.append(LoggedAction(player, action, False, NOW))
        state = TAIN.apply(state, player, action)
    with app.app_context():
        game = create_game("tain", players, now=NOW, seed=7, first_player="Ann",
                           history=History(log, created_at=NOW))
        return game.id


def other_games(app: Flask, count: int) -> None:
    """`count` more games of three, at their start, added in one transaction."""
    with app.app_context(), transactions.write():
        db.session.add_all(
            Game(game="tain", seed=number, options={}, status="running", version=0,
                 state=TAIN.setup(NAMES, number, {}), created_at=NOW, updated_at=NOW,
                 seats=[Seat(position=i, name=name, email=f"{name.lower()}{number}@example.org", link_key=f"k{number}x{i}")
                        for i, name in enumerate(NAMES)])
            for number in range(count))


def placement(game: Game) -> dict[str, Any]:
    """A placement (no pass) of the player to act: it hands the move to the next player."""
    player = TAIN.to_act(game.state)[0]
    return next(action for action in TAIN.legal_actions(game.state, player) if action["type"] != "pass")


def unseen_and_unvisited(app: Flask, seat_id: int) -> None:
    """The seat's worst case for a GET: never visited, and shown nothing since the game began."""
    with app.app_context(), transactions.write():
        db.session.execute(update(Seat).where(Seat.id == seat_id).values(last_seen_at=None, seen_version=0))


def counts(app: Flask, game_id: int) -> dict[str, list[str]]:
    """The statements of a page GET, the same page again, an API GET and a move POST by the seat to act in
    `game_id`."""
    client = app.test_client()
    with app.app_context():
        game = db.session.get(Game, game_id)
        seat = game.seat_named(TAIN.to_act(game.state)[0])
        seat_id, link, move, version = seat.id, token(game, seat.name), placement(game), game.version
    found = {}
    for kind, request in (("page", lambda: client.get(f"/play/{link}")), ("again", lambda: client.get(f"/play/{link}")),
                          ("api", lambda: client.get(f"/api/v1/play/{link}")),
                          ("post", lambda: client.post(f"/api/v1/play/{link}", json={"action": move, "version": version}))):
        unseen_and_unvisited(app, seat_id)
        with statements(app) as seen:
            response = request()
        assert response.status_code == 200, response.text
        found[kind] = list(seen)
    return found


def test_a_request_runs_a_fixed_small_number_of_statements(app: Flask):
    bounds = BOUNDS[db.engine.dialect.name]
    early, late = early_game(app), late_game(app)
    with app.app_context():
        assert db.session.get(Game, late).state["turn"] == LATE_TURN
    measured = {"turn 1": counts(app, early), f"turn {LATE_TURN}": counts(app, late)}
    other_games(app, 200)
    measured[f"turn {LATE_TURN}, 200 more games"] = counts(app, late)
    numbers = {case: {kind: len(seen) for kind, seen in found.items()} for case, found in measured.items()}
    listing = "\n".join(f"{case} {kind}: " + "\n    ".join(seen)
                        for case, found in measured.items() for kind, seen in found.items())
    assert all(number == numbers["turn 1"] for number in numbers.values()), f"{numbers}\n{listing}"
    assert all(numbers["turn 1"][kind] <= bound for kind, bound in bounds.items()), f"{numbers}\n{listing}"


def test_the_counter_sees_every_statement(app: Flask):
    """The counting itself: a known query is counted once, and nothing outside the block."""
    from sqlalchemy import text

    with statements(app) as seen, app.app_context(), transactions.read():
        db.session.execute(text("SELECT 1"))
    assert seen[-1] == "SELECT 1"
    with app.app_context(), transactions.read():
        db.session.execute(text("SELECT 2"))
    assert "SELECT 2" not in seen
