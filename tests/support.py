"""Helpers shared by the service's tests (the fixtures are in conftest.py)."""
from __future__ import annotations

import email
import email.policy
import itertools
import os
import re
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from aiosmtpd.controller import Controller
from flask import Flask
from sqlalchemy import select, text
from werkzeug.serving import make_server

from tain.extensions import db
from tain.models import Game, OutboxMessage
from tain.services.games import create_game, parse_player
from tain.services.letters import write_pending
from tain.services.links import make_token

CHROMIUM = Path("/usr/bin/chromium")  # Debian's; Playwright cannot download its own here

NOW = datetime(2030, 5, 1, 12, 0, tzinfo=timezone.utc)
PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>", "Cat <cat@example.org>"]
BASE_URL = "http://tain.test"
LINK_RE = re.compile(re.escape(BASE_URL) + r"/play/([A-Za-z0-9_.\-]+)")
CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')


def app_settings(database_url: str) -> dict[str, Any]:
    """The app's settings in tests (the `config` fixture); a test may change them before it first uses `app`."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": database_url,
        "BASE_URL": BASE_URL,
        "MAIL_SERVER": None,
        "MAIL_DEFAULT_SENDER": "Tàin <tain@tain.test>",
        "SCHEDULER": "off",
        # Tests play whole games in seconds, faster than any player; test_security_limits sets its own.
        "PLAY_RATE_LIMIT": "100000 per minute",
    }


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """The app served from a background thread, its emailed links pointing at it; its URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    url = f"http://127.0.0.1:{server.server_port}"
    app.config["BASE_URL"] = url
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield url
    finally:
        server.shutdown()
        thread.join()


# What makes a PostgreSQL schema: its columns, indexes, constraints and triggers, as one digest.
_SCHEMA = text("""SELECT md5(string_agg(part, '|' ORDER BY part)) FROM (
  SELECT table_name || '.' || column_name || ':' || data_type || ':' || is_nullable || ':' || coalesce(column_default, '')
    AS part FROM information_schema.columns WHERE table_schema = current_schema()
  UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema()
  UNION ALL SELECT conrelid::regclass || ':' || pg_get_constraintdef(oid) FROM pg_constraint
    WHERE connamespace = current_schema()::regnamespace
  UNION ALL SELECT tgrelid::regclass || ':' || tgname FROM pg_trigger WHERE NOT tgisinternal) AS made""")
_RESTART_SEQUENCES = text("SELECT setval(oid, 1, false) FROM pg_class WHERE relkind = 'S' AND relnamespace = current_schema()::regnamespace")
_made_here: dict[str, str] = {}  # database URL -> the digest of the schema this process last made there


def reset_database() -> None:
    """The models' tables, empty, their ids starting at 1 again. On PostgreSQL, when the schema is still
    the one this process made (no test changed it since), its rows are deleted instead: a tenth of the
    time of dropping and making it again, which each test's set-up did."""
    db.session.remove()
    url = db.engine.url.render_as_string(hide_password=False)
    if db.engine.dialect.name == "postgresql":
        with db.engine.begin() as connection:
            if url in _made_here and _made_here[url] == connection.scalar(_SCHEMA):
                for table in reversed(db.metadata.sorted_tables):
                    connection.execute(table.delete())
                connection.execute(_RESTART_SEQUENCES)
                return
    db.drop_all()
    db.create_all()
    if db.engine.dialect.name == "postgresql":
        with db.engine.begin() as connection:
            _made_here[url] = connection.scalar(_SCHEMA)


def new_game(players: list[str] | None = None, seed: int = 7, first_player: str | None = "Ann", **kwargs: Any) -> Game:
    return create_game(
        "tain", [parse_player(p) for p in players or PLAYERS], now=NOW, seed=seed,
        first_player=first_player, **kwargs,
    )


def token(game: Game, name: str) -> str:
    return make_token(game.seat_named(name))


SENDER_LATER = datetime(3000, 1, 1, tzinfo=timezone.utc)  # every draft due


def outbox(recipient: str | None = None) -> list[OutboxMessage]:
    """The outbox rows (to `recipient`), their drafts written first, as the sender writes them."""
    write_pending(SENDER_LATER)
    query = select(OutboxMessage).order_by(OutboxMessage.id)
    if recipient:
        query = query.where(OutboxMessage.recipient == recipient)
    return list(db.session.scalars(query))


def csrf_of(html: str) -> str:
    match = CSRF_RE.search(html)
    assert match, "no CSRF token on the page"
    return match[1]


class Mailbox:
    """What a real SMTP server on 127.0.0.1 received."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in m["To"]]


SEEN_FORM = re.compile(r'<form method="post" action="([^"]+)" data-seen hidden>\s*'
                       r'<input type="hidden" name="csrf_token" value="([^"]*)">\s*'
                       r'<input type="hidden" name="version" value="(\d+)">\s*</form>')


def shown_in_browser(client: Any, html: str) -> None:
    """What static/seen.js does once a browser has shown a player's page: it tells the service so."""
    action, csrf, version = SEEN_FORM.search(html).groups()
    response = client.post(action, data={"csrf_token": csrf, "version": version})
    assert response.status_code == 204, response.get_data(as_text=True)


def xdist_worker() -> int | None:
    """This process's pytest-xdist worker (gw0 → 0); None when the suite runs in one process."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) if name.startswith("gw") else None


WORKER_PORTS = 200  # each xdist worker's own ports, below Linux's ephemeral range (32768 on)
_next_port = itertools.count()


def free_port() -> int:
    """A port nothing listens on now, for a server started later. Under xdist from this worker's own
    range, so that no other worker's server can take it in between."""
    worker = xdist_worker()
    for _ in range(WORKER_PORTS if worker is not None else 1):
        port = 0 if worker is None else 20000 + WORKER_PORTS * worker + next(_next_port) % WORKER_PORTS
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return sock.getsockname()[1]
    raise AssertionError(f"xdist worker {worker} has no free port left in its range")


def redis_url() -> str:
    """TEST_REDIS_URL (default: the local Redis's database 0); under xdist worker gwN uses the database
    N numbers on, so that no two workers count in the same one."""
    url = urlsplit(os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0"))
    database = int(url.path.strip("/") or 0) + (xdist_worker() or 0)
    return urlunsplit(url._replace(path=f"/{database}"))


def redis_or_skip(url: str) -> None:
    """Skip the test when no Redis answers at `url`; under CI (CI=1), fail it: .ci/run starts one."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError as error:
        if os.environ.get("CI", "").lower() not in ("", "0", "false"):
            pytest.fail(f"CI must run Redis at {url} (.ci/run starts it): {error}")
        pytest.skip(f"no Redis at {url} (set TEST_REDIS_URL, or install redis-server): {error}")


@contextmanager
def smtp_serving(config: dict[str, Any], mailbox: Mailbox) -> Iterator[Mailbox]:
    """A real aiosmtpd server on 127.0.0.1 delivering into `mailbox`; the app under test sends there."""
    controller = Controller(mailbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    config.update(MAIL_SERVER="127.0.0.1", MAIL_PORT=controller.port)
    try:
        yield mailbox
    finally:
        controller.stop()


def text_of(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def advance_to_guarding(game: Game) -> None:
    """Scout and raid (never pass) until the phase turns to simultaneous guarding (R8)."""
    from tain.services.games import engine_for
    from tain.services.play import submit

    engine = engine_for(game)
    while engine.view(game.state, None)["phase"] == "scouting":
        player = engine.to_act(game.state)[0]
        legal = engine.legal_actions(game.state, player)
        action = next((a for a in legal if a["type"] in ("scout", "raid")), legal[0])
        submit(game.seat_named(player), action, now=NOW)
        db.session.refresh(game)


TARA_PLAYERS = ["Ann <ann@example.org>", "Bob <bob@example.org>"]


def new_tara_game(seed: int = 7, first_player: str | None = "Ann", **kwargs: Any) -> Game:
    """A Tara match between Ann (red) and Bob (blue), Ann to build first; `options` for level 2 or one game."""
    return create_game("tara", [parse_player(p) for p in TARA_PLAYERS], now=NOW, seed=seed,
                       first_player=first_player, **kwargs)


def play_tara_until(game: Game, done: Any, seed: int = 1, now: datetime = NOW) -> None:
    """Make the engine's bot's moves through the service until `done(public view)` holds."""
    from tain.services.games import engine_for
    from tain.services.play import seat_snapshot, submit

    engine = engine_for(game)
    bot = engine.make_bot(seed)
    while not done(engine.view(game.state, None)):
        player = engine.to_act(game.state)[0]
        snapshot = seat_snapshot(game.seat_named(player))
        submit(game.seat_named(player), bot.choose(snapshot["view"], snapshot["legal_actions"]), now=now)
        db.session.refresh(game)
