"""A database filled fast with Tàin games in every phase, for bench/web.py (not through HTTP).

Games are built by the engine: random bots play a game of 2 to 4 clans from its seed to a point
drawn at random (the first move, a turn's scouting or guarding, the end), so that each game's
cached state is the replay of its log, as the service keeps it; some are then paused or
cancelled. At most TEMPLATES different games are played (in a process pool); a bigger database
repeats them under new ids, seats, addresses and link keys. Rows go in by bulk INSERTs through
SQLAlchemy Core (games, seats, one sent invitation per seat, the states kept on the way), the action log (a hundred rows a
game) straight through the driver (SQLite's executemany, PostgreSQL's COPY), a thousand games
per transaction.
"""
from __future__ import annotations

import csv
import io
import json
import multiprocessing
import random
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from sqlalchemy import func, insert, select
from sqlalchemy.engine import Connection

from tain.games import get_game
from tain.games.tain.bots import RandomBot
from tain.models import Checkpoint, Game, OutboxMessage, Seat
from tain.services import checkpoints

TEMPLATES = 500
NAMES = ["Ann", "Bob", "Cat", "Dan"]
CHUNK = 1000  # games per transaction
DAY = 86400


@dataclass(frozen=True)
class Template:
    """One game played by the engine: its set-up, its log and where it stands."""

    players: list[str]
    seed: int
    log: list[tuple[str, dict[str, Any]]]
    state: dict[str, Any]
    status: str  # running | over | cancelled
    paused: bool
    kept: dict[int, dict[str, Any]]  # the states the service keeps on the way (tain.services.checkpoints)

    def log_json(self) -> list[tuple[str, str]]:
        return [(player, json.dumps(action)) for player, action in self.log]


def play_template(number: int) -> Template:
    """Game `number`: random moves from its seed up to a random stop (or the end)."""
    engine = get_game("tain")
    rng = random.Random(number)
    players = NAMES[:rng.choice((2, 3, 4))]
    state = engine.setup(players, number, {"first_player": players[0]})
    bot, log, states = RandomBot(number), [], {}
    stop = rng.randrange(0, 240)
    while len(log) < stop and not engine.is_over(state):
        player = engine.to_act(state)[0]
        action = bot.choose(None, engine.legal_actions(state, player))
        state = engine.apply(state, player, action)
        log.append((player, action))
        states[len(log)] = state
    draw = rng.random()
    status = "over" if engine.is_over(state) else "cancelled" if draw < 0.05 else "running"
    kept = {version: kept for version, kept in states.items() if checkpoints.due(version, len(log))}
    return Template(players, number, log, state, status, paused=status == "running" and draw > 0.95, kept=kept)


def templates(count: int) -> list[Template]:
    with multiprocessing.get_context("fork").Pool() as pool:
        return pool.map(play_template, range(count), chunksize=50)


def game_rows(template: Template, game_id: int, first_seat_id: int, now: datetime
              ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of one game besides its log: the game, its seats, its seats' invitations."""
    engine = get_game("tain")
    created = started(now)
    running = template.status == "running"
    to_act = engine.to_act(template.state) if running else []
    deadline = now + timedelta(hours=24) if running and not template.paused else None
    finished = created + timedelta(days=9) if not running else None
    game = {
        "id": game_id, "game": "tain", "seed": template.seed, "options": {"first_player": template.players[0]},
        "status": template.status, "state": template.state, "version": len(template.log), "moves": len(template.log),
        "to_act": [] if template.status == "over" else engine.to_act(template.state),
        "stage": engine.view(template.state, None)["stage"],
        "move_deadline_seconds": DAY, "phase_deadline_seconds": 2 * DAY, "reminder_before_seconds": 4 * 3600,
        "deadline_at": deadline, "reminder_at": deadline - timedelta(hours=4) if deadline else None,
        "wake_at": deadline - timedelta(hours=4) if deadline else None, "bot_on_timeout": False,
        "paused_at": now - timedelta(days=1) if template.paused else None,
        "created_at": created, "updated_at": now - timedelta(hours=1), "finished_at": finished,
    }
    seats, invitations = [], []
    for position, name in enumerate(template.players):
        seat_id = first_seat_id + position
        email = f"{name.lower()}{game_id}@bench.example.org"
        seats.append({"id": seat_id, "game_id": game_id, "position": position, "name": name, "email": email,
                      "link_key": secrets.token_urlsafe(24), "last_seen_at": now - timedelta(hours=2),
                      "bot": False, "mail_mode": "each", "away_days": [], "digest_reports": 0,
                      "decision_version": 0, "seen_version": len(template.log)})
        invitations.append({
            "game_id": game_id, "seat_id": seat_id, "kind": "invitation", "recipient": email,
            "subject": f"Tàin (#{game_id}): your invitation", "body_text": "An invitation.",
            "body_html": "<p>An invitation.</p>", "message_id": f"<g{game_id}s{seat_id}@bench.example.org>",
            "status": "sent", "transport": "smtp", "attempts": 1, "created_at": created,
            "next_attempt_at": created, "sent_at": created, "picture": None})
        if name in to_act:
            seats[-1]["decision_version"] = len(template.log)
    return game, seats, invitations


def started(now: datetime) -> datetime:
    return now - timedelta(days=10)


def fill(connection: Connection, count: int, plays: list[Template], now: datetime | None = None) -> int:
    """Add games until the database holds `count` (each in a transaction of CHUNK games); how many were added."""
    now = now or datetime.now(timezone.utc)
    have = connection.scalar(select(func.count()).select_from(Game))
    next_game = (connection.scalar(select(func.max(Game.id))) or 0) + 1
    next_seat = (connection.scalar(select(func.max(Seat.id))) or 0) + 1
    connection.commit()
    logs = [template.log_json() for template in plays]
    # The log's times, as the driver stores them (naive UTC): a move a minute from the game's start.
    times = [(started(now) + timedelta(minutes=seq)).strftime("%Y-%m-%d %H:%M:%S.%f")
             for seq in range(max(len(log) for log in logs) + 1)]
    for start in range(have, count, CHUNK):
        rows: dict[Any, list[dict[str, Any]]] = {Game: [], Seat: [], OutboxMessage: [], Checkpoint: []}
        actions: list[tuple[Any, ...]] = []
        for number in range(start, min(count, start + CHUNK)):
            template = plays[number % len(plays)]
            game, seats, invitations = game_rows(template, next_game, next_seat, now)
            actions += [(next_game, seq, player, action, False, times[seq])
                        for seq, (player, action) in enumerate(logs[number % len(plays)])]
            next_game, next_seat = next_game + 1, next_seat + len(seats)
            kept = [{"game_id": game["id"], "version": version, "state": state} for version, state in template.kept.items()]
            for model, made in ((Game, [game]), (Seat, seats), (OutboxMessage, invitations), (Checkpoint, kept)):
                rows[model] += made
        for model, made in rows.items():
            if made:
                connection.execute(insert(model), made)
        insert_actions(connection, actions)
        connection.commit()
    if connection.dialect.name == "postgresql":  # ids were given: move the sequences past them
        for table in ("games", "seats"):
            connection.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
        connection.commit()
    return max(0, count - have)


ACTION_COLUMNS = "game_id, seq, player, action, on_timeout, created_at"


def insert_actions(connection: Connection, rows: list[tuple[Any, ...]]) -> None:
    """Log rows (game_id, seq, player, action as JSON text, on_timeout, naive UTC time) in bulk."""
    if connection.dialect.name == "postgresql":
        text = io.StringIO()
        csv.writer(text).writerows(rows)
        text.seek(0)
        cursor = connection.connection.dbapi_connection.cursor()
        cursor.copy_expert(f"COPY actions ({ACTION_COLUMNS}) FROM STDIN WITH (FORMAT csv)", text)
    else:
        connection.exec_driver_sql(f"INSERT INTO actions ({ACTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)", rows)
