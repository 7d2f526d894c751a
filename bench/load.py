"""Load: the Procfile's web process (gunicorn, several workers) and the clock, with players double-clicking.

    .venv/bin/python bench/load.py [--games 50] [--players 4] [--workers 4] [--database-url URL]

On a fresh database (a new SQLite file, or the PostgreSQL database given, emptied and migrated with
`flask --app app db upgrade`), it creates the games through the service, serves them with
`gunicorn app:app -w 4` (SCHEDULER=off, mail to the development mailbox) and lets one thread per game
play them to the end through the JSON API: each player to act opens their page and the API, picks a
legal move and sends it twice at once (a double click); now and then a player not to act opens their
page. Meanwhile the clock runs `flask --app app tain tick` again and again, after pulling the deadline of
a few short-deadline games into the past, so that time-outs race the players' moves.

Then it checks what issue 9 promises ("never a 500, never a lost choice"): no answer was a 500 or
missing; every acknowledged move (a 200) is in the log exactly once and the log holds no other move by
hand; at most one click of each double click acted; every game's cached state equals the replay of its
log; every email exists once (no two with one Message-ID, one invitation per seat, one final-scores email
per seat of each finished game) and was delivered. It prints the requests, the answers by status and
the p50/p95 latency of each kind of request, then the problems (none, one hopes), and the tracebacks of
the server's log.

tests/test_load.py runs the same with fewer games on every database of the suite.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import pathlib
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from sqlalchemy import MetaData, create_engine, select, update  # noqa: E402

from tain import PROJECT_ROOT, create_app, transactions  # noqa: E402
from tain.config import database_uri  # noqa: E402
from tain.extensions import db  # noqa: E402
from tain.models import ActionRecord, Game, OutboxMessage  # noqa: E402
from tain.services.games import check_game, create_game, parse_player  # noqa: E402
from tain.services.links import make_token  # noqa: E402
from tain.web import utcnow  # noqa: E402

SECRET_KEY = "load-test-secret"
SHORT_DEADLINE = timedelta(minutes=1)  # the shortest deadline a game may have
LONG_DEADLINE = timedelta(hours=24)
KINDS = ("page", "api", "post")


# --- the processes -------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def environment(database_url: str, base_url: str, **more: str) -> dict[str, str]:
    """The settings of the web process and the clock: one database, one secret, mail to /dev/mail."""
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": SECRET_KEY, "BASE_URL": base_url,
           "SCHEDULER": "off", "MAIL_SERVER": "",
           # Every simulated player comes from 127.0.0.1: a per-address limit meant for one person would
           # refuse most of them with 429s, so the limits are lifted for the load (they have their own tests).
           "RATELIMIT_ENABLED": "false", "PLAY_RATE_LIMIT": "1000000 per minute",
           "BAD_LINK_RATE_LIMIT": "1000000 per minute", "LOBBY_RATE_LIMIT": "1000000 per minute"}
    env.update(more)
    return env


def flask_command(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """`flask --app app …` in its own process; raises with its output when it fails."""
    done = subprocess.run([sys.executable, "-m", "flask", "--app", "app", *args], cwd=PROJECT_ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"flask {' '.join(args)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return done


def empty_database(database_url: str) -> None:
    """Drop every table, Alembic's too."""
    engine = create_engine(database_uri(database_url))
    try:
        tables = MetaData()
        tables.reflect(engine)
        tables.drop_all(engine)
    finally:
        engine.dispose()


def fresh_database(database_url: str) -> None:
    """An empty database, migrated as a release would (`flask --app app db upgrade`)."""
    empty_database(database_url)
    flask_command(environment(database_url, "http://127.0.0.1"), "db", "upgrade")


@dataclass
class Server:
    """A gunicorn serving `app:app`; its log (stderr) goes to `log_path`."""

    process: subprocess.Popen[bytes]
    url: str
    log_path: pathlib.Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def workers(self) -> list[int]:
        """The worker processes' ids (children of the master)."""
        children = pathlib.Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        return [int(pid) for pid in children.read_text().split()]

    def kill(self) -> None:
        """SIGKILL the master and its workers at once, as a crash of the host would."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(env: dict[str, str], port: int, log_path: pathlib.Path, workers: int = 4,
                 command: list[str] | None = None) -> Server:
    """The Procfile's web process on 127.0.0.1:`port`, ready when it answers; `command` replaces
    `python -m gunicorn` (a test wraps it)."""
    argv = (command or [sys.executable, "-m", "gunicorn"]) + [
        "app:app", "--workers", str(workers), "--bind", f"127.0.0.1:{port}", "--timeout", "60"]
    with open(log_path, "ab") as log:
        process = subprocess.Popen(argv, cwd=PROJECT_ROOT, env=env, stdout=log, stderr=log,
                                   start_new_session=True)
    server = Server(process, f"http://127.0.0.1:{port}", log_path)
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}:\n{server.log()}")
        try:
            if request(server.url, "GET", "/")[0] < 500:
                return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"gunicorn did not answer within 60 s:\n{server.log()}")
        time.sleep(0.1)


@contextmanager
def serving(env: dict[str, str], log_path: pathlib.Path, workers: int = 4) -> Iterator[Server]:
    server = start_server(env, free_port(), log_path, workers)
    try:
        yield server
    finally:
        server.stop()


CHAINED = ("The above exception", "During handling of the above exception")
EXCEPTION_LINE = re.compile(r"^[A-Za-z_][\w.]*: ")


def tracebacks(log: str) -> list[str]:
    """Each traceback of a server log, with the exceptions chained to it, whole."""
    found: list[list[str]] = []
    chained = False
    for line in log.splitlines():
        if line.startswith("Traceback (most recent call last)"):
            if not (chained and found):
                found.append([])
            chained = False
        elif line.startswith(CHAINED):
            chained = True
        elif re.match(r"\[\d{4}-", line):  # gunicorn's next record
            chained = False
            continue
        if found:
            found[-1].append(line)
    return ["\n".join(lines) for lines in found]


def exception_of(traceback: str) -> str:
    """The last exception line of a traceback: what went wrong in the end."""
    lines = [line for line in traceback.splitlines() if EXCEPTION_LINE.match(line)]
    return lines[-1] if lines else traceback.splitlines()[-1]


# --- HTTP ----------------------------------------------------------------------------------------------

def request(base_url: str, method: str, path: str, body: Any = None, timeout: float = 60) -> tuple[int, bytes]:
    """One request on its own connection (gunicorn's sync workers close each); (status, body)."""
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


@dataclass
class Recorder:
    """Every answer (kind, status, seconds), and every acknowledged move, from all threads."""

    answers: list[tuple[str, int, float]] = field(default_factory=list)
    acknowledged: dict[int, Counter[tuple[str, str]]] = field(default_factory=lambda: defaultdict(Counter))
    problems: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, kind: str, base_url: str, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        started = time.perf_counter()
        try:
            status, content = request(base_url, method, path, body)
        except OSError as error:  # no answer at all: as bad as a 500
            status, content = 0, repr(error).encode()
        with self.lock:
            self.answers.append((kind, status, time.perf_counter() - started))
            if status >= 500 or status == 0:
                self.problems.append(f"{method} {path[:40]}… {json.dumps(body)} → {status}: {content[:300]!r}")
        return status, content

    def acknowledge(self, game_id: int, player: str, action: dict[str, Any]) -> None:
        with self.lock:
            self.acknowledged[game_id][(player, canonical(action))] += 1

    def problem(self, text: str) -> None:
        with self.lock:
            self.problems.append(text)


def canonical(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


# --- the players ---------------------------------------------------------------------------------------

@dataclass
class Table:
    """One game and its players' tokens; `short` games get the short deadlines the clock pulls in."""

    game_id: int
    tokens: dict[str, str]
    short: bool


def create_tables(app: Any, games: int, players: int, seed: int) -> list[Table]:
    """`games` Tàin games of `players` players through the service; every other one on short deadlines."""
    tables = []
    with app.app_context():
        for number in range(games):
            short = number % 2 == 0
            deadline = SHORT_DEADLINE if short else LONG_DEADLINE
            game = create_game(
                "tain", [parse_player(f"P{number}x{seat} <p{number}x{seat}@load.example.org>") for seat in range(players)],
                now=utcnow(), seed=seed + number, first_player=f"P{number}x0",
                move_deadline=deadline, phase_deadline=deadline, reminder_before=SHORT_DEADLINE,
            )
            with transactions.read():
                game = db.session.get(Game, game.id)
                tables.append(Table(game.id, {seat.name: make_token(seat) for seat in game.seats}, short))
    return tables


class Player:
    """Plays one table: whoever is to act opens their page and the API, then double-clicks a move."""

    def __init__(self, table: Table, base_url: str, recorder: Recorder, rng: random.Random, pass_share: float,
                 think: float):
        self.table, self.base_url, self.recorder, self.rng, self.think = table, base_url, recorder, rng, think
        self.pass_share = pass_share  # how often a player passes when they may: it keeps games short

    def snapshot(self, name: str) -> dict[str, Any] | None:
        status, content = self.recorder.timed("api", self.base_url, "GET", f"/api/v1/play/{self.table.tokens[name]}")
        return json.loads(content) if status == 200 else None

    def look(self, name: str) -> None:
        self.recorder.timed("page", self.base_url, "GET", f"/play/{self.table.tokens[name]}")

    def choose(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        passes = [action for action in legal if action["type"] == "pass"]
        return passes[0] if passes and self.rng.random() < self.pass_share else self.rng.choice(legal)

    def double_click(self, name: str, action: dict[str, Any], version: int) -> None:
        """The same POST twice at once; at most one may act."""
        path, body = f"/api/v1/play/{self.table.tokens[name]}", {"action": action, "version": version}
        statuses: list[int] = []
        start = threading.Barrier(2)

        def click() -> None:
            start.wait()
            statuses.append(self.recorder.timed("post", self.base_url, "POST", path, body)[0])

        second = threading.Thread(target=click)
        second.start()
        click()
        second.join()
        acted = statuses.count(200)
        if acted:
            self.recorder.acknowledge(self.table.game_id, name, action)
        if acted > 1:
            self.recorder.problem(f"game #{self.table.game_id}: both clicks of {name}'s {action} acted")
        unexpected = [status for status in statuses if status not in (200, 409) and status < 500 and status]
        if unexpected:
            self.recorder.problem(f"game #{self.table.game_id}: {name}'s {action} at version {version} got {unexpected}")

    def act(self, name: str, deadline: float) -> None:
        """`name` plays while they are to act (several moves in a turn or in guarding)."""
        while time.monotonic() < deadline:
            self.look(name)
            snapshot = self.snapshot(name)
            if snapshot is None or snapshot["over"] or not snapshot["legal_actions"]:
                time.sleep(0.05)  # a refusal or a time-out: look at the table again, without flooding it
                return
            if self.table.short:
                time.sleep(self.rng.uniform(0, self.think))  # slow players: the clock may time them out meanwhile
            self.double_click(name, self.choose(snapshot["legal_actions"]), snapshot["game"]["version"])
            if self.rng.random() < 0.3:  # someone else opens their page meanwhile
                self.look(self.rng.choice(list(self.table.tokens)))

    def play(self, deadline: float) -> None:
        """Until the game is over (or the time is up): every player to act acts, several at once."""
        anyone = next(iter(self.table.tokens))
        while time.monotonic() < deadline:
            snapshot = self.snapshot(anyone)
            if snapshot is None:
                time.sleep(0.2)
                continue
            if snapshot["over"]:
                return
            to_act = snapshot["game"]["to_act"]
            threads = [threading.Thread(target=self.act, args=(name, deadline)) for name in to_act]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()


# --- the clock -----------------------------------------------------------------------------------------

class Clock(threading.Thread):
    """The Procfile's clock process (`flask --app app tain scheduler`, a pass every second) and, beside it,
    a thread that every half second pulls the deadline of a few running short games into the past (in a
    write transaction), as if their minute had passed: the next pass times out whoever has not moved yet.
    At the end, one `flask --app app tain tick` sends whatever mail is left."""

    def __init__(self, app: Any, env: dict[str, str], tables: list[Table], rng: random.Random, per_pull: int,
                 log_path: pathlib.Path):
        super().__init__(daemon=True)
        self.app, self.rng, self.per_pull, self.log_path = app, rng, per_pull, log_path
        self.env = {**env, "SCHEDULER_INTERVAL_SECONDS": "1", "MAIL_INTERVAL_SECONDS": "1"}
        self.short = [table.game_id for table in tables if table.short]
        self.stopping = threading.Event()
        with open(log_path, "ab") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "flask", "--app", "app", "tain", "scheduler"],
                                            cwd=PROJECT_ROOT, env=self.env, stdout=log, stderr=log)

    def pull_deadlines(self) -> None:
        past = utcnow() - timedelta(seconds=1)
        with self.app.app_context(), transactions.write():
            running = db.session.scalars(select(Game.id).where(
                Game.id.in_(self.short), Game.status == "running", Game.deadline_at.is_not(None))).all()
            chosen = self.rng.sample(list(running), min(self.per_pull, len(running)))
            if chosen:
                db.session.execute(update(Game).where(Game.id.in_(chosen)).values(deadline_at=past, wake_at=past))

    def run(self) -> None:
        while not self.stopping.wait(0.5):
            self.pull_deadlines()

    def stop(self) -> list[str]:
        """Stop both, run the last tick; what went wrong in the clock (an exit code, a failed tick)."""
        self.stopping.set()
        self.join()
        failures = [] if self.process.poll() is None else [f"the clock process exited with {self.process.returncode}"]
        self.process.terminate()
        self.process.wait(timeout=30)
        try:
            flask_command(self.env, "tain", "tick")
        except RuntimeError as error:
            failures.append(str(error))
        return failures


# --- the checks and the figures ------------------------------------------------------------------------

def check_database(app: Any, tables: list[Table], recorder: Recorder) -> list[str]:
    """What the database must show after the load (see the module's docstring)."""
    problems = []
    with app.app_context(), transactions.read():
        for table in tables:
            game = db.session.get(Game, table.game_id)
            problems += check_game(game)
            if not game.over:
                problems.append(f"game #{game.id} did not end in time (status {game.status}, version {game.version})")
            by_hand = Counter((record.player, canonical(record.action))
                              for record in game.actions if not record.on_timeout)
            acknowledged = recorder.acknowledged[game.id]
            if by_hand != acknowledged:
                problems.append(f"game #{game.id}: acknowledged but not logged once {dict(acknowledged - by_hand)}, "
                                f"logged but not acknowledged {dict(by_hand - acknowledged)}")
        messages = list(db.session.scalars(select(OutboxMessage)))
        ids = Counter(message.message_id for message in messages)
        problems += [f"{count} emails with Message-ID {mid}" for mid, count in ids.items() if count > 1]
        kinds = Counter((message.game_id, message.recipient, message.kind) for message in messages)
        for table in tables:
            game = db.session.get(Game, table.game_id)
            for seat in game.seats:
                expected = {"invitation": 1, "final-scores": 1 if game.over else 0}
                for kind, count in expected.items():
                    if kinds[(game.id, seat.email, kind)] != count:
                        problems.append(f"game #{game.id}: {seat.name} got {kinds[(game.id, seat.email, kind)]} "
                                        f"{kind} emails, not {count}")
        unsent = Counter(message.status for message in messages if message.status != "sent")
        if unsent:
            problems.append(f"emails not delivered: {dict(unsent)}")
    return problems


def moves_logged(app: Any) -> tuple[int, int]:
    """Moves in the logs: all of them, and those made on time-out."""
    with app.app_context(), transactions.read():
        return (db.session.query(ActionRecord).count(),
                db.session.query(ActionRecord).filter_by(on_timeout=True).count())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def figures(recorder: Recorder) -> dict[str, Any]:
    by_kind: dict[str, Any] = {}
    for kind in KINDS:
        answers = [answer for answer in recorder.answers if answer[0] == kind]
        seconds = [answer[2] for answer in answers]
        by_kind[kind] = {"requests": len(answers), "statuses": dict(sorted(Counter(a[1] for a in answers).items())),
                         "p50_ms": round(percentile(seconds, 0.5) * 1000), "p95_ms": round(percentile(seconds, 0.95) * 1000)}
    statuses = Counter(answer[1] for answer in recorder.answers)
    return {"requests": len(recorder.answers), "statuses": dict(sorted(statuses.items())), "by_kind": by_kind}


@dataclass
class LoadResult:
    figures: dict[str, Any]
    problems: list[str]
    server_tracebacks: list[str]
    seconds: float
    moves: int
    timeouts: int

    def summary(self) -> str:
        lines = [f"{self.figures['requests']} requests in {self.seconds:.1f} s, statuses {self.figures['statuses']}; "
                 f"{self.moves} moves logged, {self.timeouts} of them on time-out"]
        for kind, numbers in self.figures["by_kind"].items():
            lines.append(f"  {kind:5} {numbers['requests']:6} requests  p50 {numbers['p50_ms']:5} ms  "
                         f"p95 {numbers['p95_ms']:5} ms  {numbers['statuses']}")
        lines.append(f"{len(self.problems)} problems")
        lines += [f"  - {problem}" for problem in self.problems[:20]]
        if self.server_tracebacks:
            lines.append(f"{len(self.server_tracebacks)} tracebacks in the server log; the last lines of each, counted:")
            lines += [f"  {count} × {last}" for last, count in
                      Counter(exception_of(tb) for tb in self.server_tracebacks).most_common()]
        return "\n".join(lines)


def run(database_url: str, workdir: pathlib.Path, *, games: int, players: int, workers: int = 4,
        seed: int = 1, pass_share: float = 0.5, think: float = 1.0, time_limit: float = 600,
        per_pull: int = 1) -> LoadResult:
    """The whole load on `database_url` (emptied and migrated first); the figures and the problems."""
    fresh_database(database_url)
    port = free_port()
    env = environment(database_url, f"http://127.0.0.1:{port}")
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_uri(database_url), "SECRET_KEY": SECRET_KEY,
                      "BASE_URL": env["BASE_URL"], "SCHEDULER": "off", "MAIL_SERVER": None})
    tables = create_tables(app, games, players, seed)
    recorder = Recorder()
    rng = random.Random(seed)
    server = start_server(env, port, workdir / "gunicorn.log", workers)
    try:
        clock = Clock(app, env, tables, random.Random(seed), per_pull, workdir / "clock.log")
        clock.start()
        started = time.monotonic()
        deadline = started + time_limit
        threads = [threading.Thread(target=Player(t, server.url, recorder, random.Random(rng.random()),
                                                  pass_share, think).play, args=(deadline,)) for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.monotonic() - started
        clock_failures = clock.stop()
    finally:
        server.stop()
    problems = recorder.problems + clock_failures + check_database(app, tables, recorder)
    log = server.log() + (workdir / "clock.log").read_text(errors="replace")
    result = LoadResult(figures(recorder), problems, tracebacks(log), seconds, *moves_logged(app))
    with app.app_context():
        db.engine.dispose()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=4, help="players per game")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--database-url", help="a PostgreSQL URL (it is emptied!); default: a fresh SQLite file")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir = pathlib.Path(tmp)
        url = arguments.database_url or f"sqlite:///{workdir}/load.sqlite3"
        print(f"{arguments.games} games of {arguments.players} players, gunicorn -w {arguments.workers}, "
              f"on {url.split('://')[0]}")
        result = run(url, workdir, games=arguments.games, players=arguments.players, workers=arguments.workers,
                     seed=arguments.seed)
        print(result.summary())
        for traceback in dict.fromkeys(result.server_tracebacks):
            print(traceback)
            break  # the first one whole; the rest are counted above
    sys.exit(1 if result.problems else 0)


if __name__ == "__main__":
    main()
