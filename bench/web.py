"""What a move costs, measured from outside against the bare stack (issue 15).

    .venv/bin/python bench/web.py [--databases sqlite,postgresql] [--sizes 1000,10000] [--rounds 3]
                                  [--seconds 8] [--players 50] [--workers 3] [--postgresql-url URL]
                                  [--shared-pages-url URL] [--profile] [--json FILE]

For each database (a fresh SQLite file; PostgreSQL's `tain_bench`, emptied, as `.ci/run` starts the
server) and each size (1,000 and 10,000 games by default; add 100000 to --sizes for the biggest,
which takes minutes to fill): the database is migrated and filled in bulk (bench/fill.py: states
built by the engine, rows inserted without HTTP), then three gunicorns are started with the Procfile's
settings (`--workers 3 --access-logfile -`, SCHEDULER=off, mail left to the clock as in
production, rate limits off, the workers sharing their pages on the Redis of --shared-pages-url as
README's deployment does, emptied of pages first; '' for none): the service (`app:app`), the floor (bench/floor_app.py: one
indexed read, one insert, a commit) and the bare move (bench/bare_move_app.py: the JSON API's move
with nothing but what a move cannot do without, a lower bound of the service's). Then, in
alternating rounds of `--seconds` each, so that a
noisy machine moves them alike, `--players` concurrent players (threads, one request at a time
each, every request on its own connection):

- moves: each player plays a running game of the database, seat after seat: GET
  /api/v1/play/<token> of the seat to act, then POST one of its legal moves with that version;
  a game that ends is replaced by another;
- pages: the same players open their seats' pages, GET /play/<token> (opened again with nothing
  changed, most are kept pages: tain.web.kept_pages);
- drawn: the same pages with a query the page ignores (`?drawn=1`), so that each is drawn, as the
  first look after a change is;
- floor: POST /floor/<key> of a random item;
- bare: the same moves as `moves`, to the bare move's app.

It prints, per database and size: moves/s, the POST's p50/p95 and the pages' p95 against the floor's
requests/s and p50/p95, their ratios (median and range over the rounds), the bare move's moves/s
against the floor's (what the service's ratio can be at best), the workers' CPU per
request (from /proc), the RSS of each worker afterwards, the pages shared on Redis and its memory, and the SQL statements of a move POST, an
API GET and a page GET (counted in-process on the same database, SQLAlchemy's
before_cursor_execute). With --profile, the top of cProfile for move POSTs made in-process.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pathlib
import platform
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine, event, select  # noqa: E402

import redis  # noqa: E402

from bench import fill, floor_app  # noqa: E402
from bench.load import Server, environment, free_port, fresh_database, percentile, request  # noqa: E402
from tain import PROJECT_ROOT, create_app, transactions  # noqa: E402
from tain.config import database_uri  # noqa: E402
from tain.extensions import db, install_sqlite_behaviour  # noqa: E402
from tain.models import Game, Seat  # noqa: E402
from tain.services.links import make_token  # noqa: E402
from tain.web.shared_pages import KEY_PREFIX  # noqa: E402

DEFAULT_POSTGRESQL = "postgresql://tain:tain@127.0.0.1:5432/tain_bench"
DEFAULT_SHARED_PAGES = "redis://127.0.0.1:6379/14"
SHARED_PAGE_KEYS = f"{KEY_PREFIX}*"
KINDS = ("moves", "pages", "drawn", "floor", "bare")
REQUEST_OF = {"moves": "post", "pages": "page", "drawn": "drawn", "floor": "floor", "bare": "post"}  # what each counts
TABLES = 3000  # running games the players may take, at most
WARM_UP_SECONDS = 2
IN_PROCESS_SAMPLES = 12  # seats whose requests are counted in-process


# --- the servers ---------------------------------------------------------------------------------------

def server_environment(database_url: str, port: int) -> dict[str, str]:
    """The service's production settings but for the limits: mail is the clock's (not run here)."""
    return environment(database_url, f"http://127.0.0.1:{port}", MAIL_SERVER="127.0.0.1", MAIL_PORT="2",
                       SCHEDULER="off")


def start(app_module: str, env: dict[str, str], port: int, log_path: pathlib.Path, workers: int) -> Server:
    """`gunicorn <app_module>` as the Procfile runs it, on 127.0.0.1:`port`, once it answers."""
    argv = [sys.executable, "-m", "gunicorn", app_module, "--workers", str(workers),
            "--bind", f"127.0.0.1:{port}", "--access-logfile", "-"]
    with open(log_path, "ab") as log:
        process = subprocess.Popen(argv, cwd=PROJECT_ROOT, env=env, stdout=log, stderr=log, start_new_session=True)
    server = Server(process, f"http://127.0.0.1:{port}", log_path)
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"{app_module} exited with {process.returncode}:\n{server.log()[-3000:]}")
        try:
            if request(server.url, "GET", "/")[0] < 500 and len(server.workers()) == workers:
                return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"{app_module} did not answer within 60 s:\n{server.log()[-3000:]}")
        time.sleep(0.2)


@contextmanager
def serving(database_url: str, workdir: pathlib.Path, workers: int, shared_pages_url: str) -> Iterator[dict[str, Server]]:
    """The service, the floor and the bare move, side by side on the same database; by the kind each serves."""
    port = free_port()
    env = {**server_environment(database_url, port), "KEPT_PAGES_URL": shared_pages_url}
    apps = {"service": ("app:app", port), "floor": ("bench.floor_app:create_app()", free_port()),
            "bare": ("bench.bare_move_app:create_app()", free_port())}
    servers: dict[str, Server] = {}
    try:
        for name, (module, at) in apps.items():
            servers[name] = start(module, env, at, workdir / f"{name}.log", workers)
        yield {"moves": servers["service"], "pages": servers["service"], "drawn": servers["service"], "floor": servers["floor"],
               "bare": servers["bare"]}
    finally:
        for server in servers.values():
            server.stop()


TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(server: Server) -> float:
    """User and system CPU of the server's workers so far."""
    total = 0
    for pid in server.workers():
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / TICKS


def rss_megabytes(server: Server) -> list[float]:
    sizes = []
    for pid in server.workers():
        line = next(line for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines()
                    if line.startswith("VmRSS:"))
        sizes.append(int(line.split()[1]) / 1024)
    return sizes


# --- the players ---------------------------------------------------------------------------------------

@dataclass
class Table:
    """A running game and its seats' tokens."""

    game_id: int
    tokens: dict[str, str]
    to_act: list[str] = field(default_factory=list)


class Supply:
    """Running games not yet taken by a player, in random order (thread-safe)."""

    def __init__(self, tables: list[Table]) -> None:
        self.tables, self.lock = tables, threading.Lock()

    def take(self) -> Table:
        with self.lock:
            if not self.tables:
                raise RuntimeError("every running game was played to its end: raise TABLES")
            return self.tables.pop()


def tables_to_play(app: Any, count: int, seed: int) -> list[Table]:
    """Up to `count` running games that are not paused, with their seats' tokens."""
    with app.app_context(), transactions.read():
        ids = list(db.session.scalars(select(Game.id).where(Game.status == "running", Game.paused_at.is_(None))))
        random.Random(seed).shuffle(ids)
        ids = ids[:count]
        tables = {game_id: Table(game_id, {}) for game_id in ids}
        for start_at in range(0, len(ids), 500):
            for seat in db.session.scalars(select(Seat).where(Seat.game_id.in_(ids[start_at:start_at + 500]))):
                tables[seat.game_id].tokens[seat.name] = make_token(seat)
    return list(tables.values())


@dataclass
class Answers:
    """(kind, status, seconds, finished at) of every request of a round."""

    rows: list[tuple[str, int, float, float]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(self, kind: str, url: str, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        started = time.perf_counter()
        try:
            status, content = request(url, method, path, body)
        except OSError as error:
            status, content = 0, repr(error).encode()
        finished = time.perf_counter()
        with self.lock:
            self.rows.append((kind, status, finished - started, finished))
        return status, content


class Player:
    """One person at a time: plays their table's moves, opens its pages, or hits the floor."""

    def __init__(self, supply: Supply, rng: random.Random) -> None:
        self.supply, self.rng = supply, rng
        self.table: Table | None = None

    def seated(self) -> Table:
        """The player's table; a fresh one from the supply once theirs ended (asking its first seat first)."""
        if self.table is None:
            self.table = self.supply.take()
            self.table.to_act = [next(iter(self.table.tokens))]
        return self.table

    def move(self, url: str, answers: Answers) -> None:
        """One move: the seat to act reads its snapshot and sends one of its legal moves."""
        table = self.seated()
        status, content = answers.timed("api", url, "GET", f"/api/v1/play/{table.tokens[table.to_act[0]]}")
        snapshot = json.loads(content) if status == 200 else None
        if snapshot is None or snapshot["game"]["status"] != "running":
            self.table = None
            return
        if not snapshot["legal_actions"]:  # someone else is to act: ask them next
            table.to_act = snapshot["game"]["to_act"] or table.to_act
            return
        action = self.rng.choice(snapshot["legal_actions"])
        status, content = answers.timed("post", url, "POST", f"/api/v1/play/{table.tokens[table.to_act[0]]}",
                                        {"action": action, "version": snapshot["game"]["version"]})
        if status == 200:
            after = json.loads(content)["game"]
            table.to_act = after["to_act"]
            if after["status"] != "running" or not table.to_act:
                self.table = None

    def page(self, url: str, answers: Answers, drawn: bool = False) -> None:
        """A seat's page; `drawn`: with a query the page ignores, which no kept page answers (tain.web.kept_pages)."""
        tokens = self.seated().tokens
        path = f"/play/{tokens[self.rng.choice(list(tokens))]}" + ("?drawn=1" if drawn else "")
        answers.timed("drawn" if drawn else "page", url, "GET", path)

    def floor(self, url: str, answers: Answers, items: int) -> None:
        answers.timed("floor", url, "POST", f"/floor/{floor_app.item_key(self.rng.randrange(items))}", {"hit": 1})


@dataclass
class Round:
    kind: str
    seconds: float
    answers: Answers
    cpu: float  # the workers' CPU seconds during the round

    def finished(self, kind: str) -> list[tuple[str, int, float, float]]:
        return [row for row in self.answers.rows if row[0] == kind]

    def rate(self, kind: str) -> float:
        return sum(1 for row in self.finished(kind) if row[1] == 200) / self.seconds

    def p(self, kind: str, share: float) -> float:
        return percentile([row[2] for row in self.finished(kind)], share) * 1000

    def statuses(self) -> Counter[tuple[str, int]]:
        return Counter((row[0], row[1]) for row in self.answers.rows)


def play_round(kind: str, players: list[Player], server: Server, seconds: float, items: int) -> Round:
    """Every player does `kind` again and again for `seconds`; requests finishing later are not counted."""
    answers = Answers()
    deadline = time.perf_counter() + seconds
    steps: dict[str, Callable[[Player], None]] = {
        "moves": lambda player: player.move(server.url, answers),
        "pages": lambda player: player.page(server.url, answers),
        "drawn": lambda player: player.page(server.url, answers, drawn=True),
        "floor": lambda player: player.floor(server.url, answers, items),
        "bare": lambda player: player.move(server.url, answers),  # the same moves, to the bare app
    }
    step = steps[kind]

    def run(player: Player) -> None:
        while time.perf_counter() < deadline:
            step(player)

    cpu_before, started = cpu_seconds(server), time.perf_counter()
    threads = [threading.Thread(target=run, args=(player,)) for player in players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cpu = cpu_seconds(server) - cpu_before
    answers.rows = [row for row in answers.rows if row[3] <= deadline]
    return Round(kind, deadline - started, answers, cpu)


# --- in-process: statements and profile ----------------------------------------------------------------

def bench_app(database_url: str) -> Any:
    env = server_environment(database_url, 0)
    return create_app({"SQLALCHEMY_DATABASE_URI": database_uri(database_url), "SECRET_KEY": env["SECRET_KEY"],
                       "BASE_URL": env["BASE_URL"], "SCHEDULER": "off", "MAIL_SERVER": "127.0.0.1",
                       "RATELIMIT_ENABLED": False})


@contextmanager
def counting(app: Any) -> Iterator[list[str]]:
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


def acting_link(app: Any, table: Table) -> str | None:
    """The token of the table's seat to act (its game's cached to_act), None when nobody is."""
    with app.app_context(), transactions.read():
        to_act = db.session.scalar(select(Game.to_act).where(Game.id == table.game_id))
    return table.tokens[to_act[0]] if to_act else None


def in_process_moves(app: Any, tables: list[Table], profile: cProfile.Profile | None = None
                     ) -> dict[str, list[int]]:
    """For each table, as a player does it: the seat to act's API GET, its POST, then its page;
    the statements each ran."""
    client = app.test_client()
    counts: dict[str, list[int]] = {"post": [], "api": [], "page": []}
    rng = random.Random(1)
    for table in tables:
        link = acting_link(app, table)
        if link is None:
            continue
        with counting(app) as seen:
            snapshot = client.get(f"/api/v1/play/{link}").get_json()
        counts["api"].append(len(seen))
        body = {"action": rng.choice(snapshot["legal_actions"]), "version": snapshot["game"]["version"]}
        with counting(app) as seen:
            if profile:
                profile.enable()
            response = client.post(f"/api/v1/play/{link}", json=body)
            if profile:
                profile.disable()
        assert response.status_code == 200, response.text
        counts["post"].append(len(seen))
        with counting(app) as seen:
            client.get(f"/play/{link}")
        counts["page"].append(len(seen))
    return counts


# --- a whole run ---------------------------------------------------------------------------------------

@dataclass
class SizeResult:
    games: int
    fill_seconds: float
    rounds: list[Round]
    rss: dict[str, list[float]]
    statements: dict[str, list[int]]

    def by_kind(self, kind: str) -> list[Round]:
        return [r for r in self.rounds if r.kind == kind]

    def rounds_together(self) -> list[tuple[Round, ...]]:
        """The rounds of each kind played one after another (moves, pages, drawn, floor, bare)."""
        return list(zip(*(self.by_kind(kind) for kind in KINDS)))

    def summary(self) -> dict[str, Any]:
        moves, pages, drawn, floors, bares = (self.by_kind(kind) for kind in KINDS)

        def med(values: list[float]) -> float:
            return statistics.median(values) if values else 0.0

        def spread(values: list[float]) -> dict[str, float]:
            return {"median": med(values), "min": min(values, default=0), "max": max(values, default=0)}

        together = self.rounds_together()
        move_ratio = [m.rate("post") / f.rate("floor") for m, _, _, f, _ in together if f.rate("floor")]
        page_ratio = [p.p("page", .95) / f.p("floor", .95) for _, p, _, f, _ in together if f.p("floor", .95)]
        drawn_ratio = [d.p("drawn", .95) / f.p("floor", .95) for _, _, d, f, _ in together if f.p("floor", .95)]
        bare_ratio = [b.rate("post") / f.rate("floor") for _, _, _, f, b in together if f.rate("floor")]
        per = lambda rounds, kind: med([r.cpu / max(1, len(r.finished(kind))) * 1000 for r in rounds])  # noqa: E731
        return {
            "games": self.games, "fill_seconds": round(self.fill_seconds, 1),
            "moves_per_s": med([r.rate("post") for r in moves]),
            "post_p50_ms": med([r.p("post", .5) for r in moves]), "post_p95_ms": med([r.p("post", .95) for r in moves]),
            "api_get_p95_ms": med([r.p("api", .95) for r in moves]),
            "pages_per_s": med([r.rate("page") for r in pages]), "page_p95_ms": med([r.p("page", .95) for r in pages]),
            "drawn_pages_per_s": med([r.rate("drawn") for r in drawn]),
            "drawn_page_p95_ms": med([r.p("drawn", .95) for r in drawn]),
            "floor_per_s": med([r.rate("floor") for r in floors]),
            "floor_p50_ms": med([r.p("floor", .5) for r in floors]), "floor_p95_ms": med([r.p("floor", .95) for r in floors]),
            "bare_moves_per_s": med([r.rate("post") for r in bares]),
            "moves_over_floor": spread(move_ratio), "page_p95_over_floor_p95": spread(page_ratio),
            "drawn_page_p95_over_floor_p95": spread(drawn_ratio),
            "bare_moves_over_floor": spread(bare_ratio),
            # CPU per move counts its GET too: the workers' CPU in a moves round over its POSTs
            "cpu_ms_per_move": per(moves, "post"), "cpu_ms_per_page": per(pages, "page"),
            "cpu_ms_per_drawn_page": per(drawn, "drawn"),
            "cpu_ms_per_floor": per(floors, "floor"), "cpu_ms_per_bare_move": per(bares, "post"),
            "rss_mb": {name: [round(size) for size in sizes] for name, sizes in self.rss.items()},
            "statements": {kind: {"median": med(counts), "max": max(counts, default=0)}
                           for kind, counts in self.statements.items()},
            "statuses": {f"{kind} {status}": count for (kind, status), count
                         in sorted(sum((r.statuses() for r in self.rounds), Counter()).items())},
        }


def run_database(url: str, workdir: pathlib.Path, plays: list[fill.Template], args: argparse.Namespace,
                 out: Callable[[str], None]) -> list[dict[str, Any]]:
    fresh_database(url)
    install_sqlite_behaviour()
    engine = create_engine(database_uri(url))
    floor = floor_app.create_app(url)
    app = bench_app(url)
    results = []
    try:
        for size in args.sizes:
            started = time.perf_counter()
            with engine.connect() as connection:
                fill.fill(connection, size, plays)
            floor_app.fill(floor, size)
            fill_seconds = time.perf_counter() - started
            out(f"  {size:,} games: filled in {fill_seconds:.0f} s")
            tables = tables_to_play(app, TABLES, seed=size)
            # The bare move's players play games of their own: it keeps no state for the service's replays.
            rng = random.Random(size)
            playing = {"service": Supply(tables[IN_PROCESS_SAMPLES::2]), "bare": Supply(tables[IN_PROCESS_SAMPLES + 1::2])}
            crowds = {name: [Player(supply, random.Random(rng.random())) for _ in range(args.players)]
                      for name, supply in playing.items()}
            players = {kind: crowds["bare" if kind == "bare" else "service"] for kind in KINDS}
            rounds: list[Round] = []
            shared = forget_shared_pages(args.shared_pages_url)
            with serving(url, workdir, args.workers, args.shared_pages_url) as servers:
                for kind in KINDS:  # warm up: imports, templates, connections
                    play_round(kind, players[kind], servers[kind], WARM_UP_SECONDS, size)
                for number in range(args.rounds):
                    order = KINDS[number % len(KINDS):] + KINDS[:number % len(KINDS)]  # each goes first in turn
                    for kind in order:
                        done = play_round(kind, players[kind], servers[kind], args.seconds, size)
                        rounds.append(done)
                        key = REQUEST_OF[kind]
                        out(f"    round {number + 1} {kind:5}: {done.rate(key):6.1f}/s  p50 {done.p(key, .5):6.1f} ms"
                            f"  p95 {done.p(key, .95):6.1f} ms  CPU {done.cpu:5.1f} s")
                rss = {"service": rss_megabytes(servers["moves"]), "floor": rss_megabytes(servers["floor"])}
            statements = in_process_moves(app, tables[:IN_PROCESS_SAMPLES])
            result = SizeResult(size, fill_seconds, rounds, rss, statements).summary()
            result["shared_pages"] = shared and shared_pages(shared)
            results.append(result)
            out(describe(result))
            if args.profile and size == args.sizes[-1]:
                out(profile_moves(app, tables_to_play(app, 100, seed=7)))
    finally:
        with app.app_context():
            db.engine.dispose()
        engine.dispose()
    return results


def forget_shared_pages(url: str) -> redis.Redis | None:
    """The Redis the workers share pages on (None: none), without the pages of an earlier run."""
    if not url:
        return None
    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        for key in client.scan_iter(SHARED_PAGE_KEYS, count=1000):
            client.delete(key)
    except redis.RedisError as error:
        raise SystemExit(f"no Redis at --shared-pages-url {url} ({error}): start one, or pass --shared-pages-url ''")
    return client


def shared_pages(client: redis.Redis) -> dict[str, float]:
    """How many pages the workers shared, and the memory Redis holds."""
    return {"pages": sum(1 for _ in client.scan_iter(SHARED_PAGE_KEYS, count=1000)),
            "redis_mb": client.info("memory")["used_memory"] / 1024 ** 2}


PROFILED = r"tain/|sqlalchemy/orm/session.py.*(commit|flush|execute)|jinja2/environment.py.*render"


def profile_moves(app: Any, tables: list[Table]) -> str:
    """cProfile of move POSTs in-process (each after its API GET, not profiled): the top 40 by
    cumulative time among the project's functions, the session's and Jinja's rendering."""
    profile = cProfile.Profile()
    moves = len(in_process_moves(app, tables, profile)["post"])
    text = io.StringIO()
    pstats.Stats(profile, stream=text).sort_stats("cumulative").print_stats(PROFILED, 40)
    return f"  profile of {moves} move POSTs in-process:\n" + text.getvalue()


def describe(result: dict[str, Any]) -> str:
    r = result
    ratio, page, bare = r["moves_over_floor"], r["page_p95_over_floor_p95"], r["bare_moves_over_floor"]
    drawn = r["drawn_page_p95_over_floor_p95"]
    st = r["statements"]
    return "\n".join([
        f"  {r['games']:,} games:",
        f"    service: {r['moves_per_s']:.1f} moves/s (POST p50 {r['post_p50_ms']:.0f} ms, p95 {r['post_p95_ms']:.0f} ms;"
        f" API GET p95 {r['api_get_p95_ms']:.0f} ms); pages {r['pages_per_s']:.1f}/s, p95 {r['page_p95_ms']:.0f} ms;"
        f" drawn pages {r['drawn_pages_per_s']:.1f}/s, p95 {r['drawn_page_p95_ms']:.0f} ms",
        f"    floor:   {r['floor_per_s']:.1f} requests/s (p50 {r['floor_p50_ms']:.0f} ms, p95 {r['floor_p95_ms']:.0f} ms)",
        f"    moves/s ÷ floor requests/s: {ratio['median']:.2f} ({ratio['min']:.2f}–{ratio['max']:.2f});"
        f" page p95 ÷ floor p95: {page['median']:.2f} ({page['min']:.2f}–{page['max']:.2f}),"
        f" drawn {drawn['median']:.2f} ({drawn['min']:.2f}–{drawn['max']:.2f})",
        f"    bare move (bench/bare_move_app.py, the least a move can be): {r['bare_moves_per_s']:.1f} moves/s;"
        f" ÷ floor requests/s: {bare['median']:.2f} ({bare['min']:.2f}–{bare['max']:.2f})",
        f"    workers' CPU: {r['cpu_ms_per_move']:.1f} ms a move (with its GET), {r['cpu_ms_per_page']:.1f} ms a page"
        f" ({r['cpu_ms_per_drawn_page']:.1f} drawn),"
        f" {r['cpu_ms_per_floor']:.1f} ms a floor request, {r['cpu_ms_per_bare_move']:.1f} ms a bare move (with its GET)",
        f"    RSS per worker: service {r['rss_mb']['service']} MB, floor {r['rss_mb']['floor']} MB",
        "    pages shared on Redis: " + (f"{shared['pages']:,}, Redis holding {shared['redis_mb']:.1f} MB"
                                         if (shared := r["shared_pages"]) else "none (each worker keeps its own)"),
        f"    statements per request (in-process, median/max): move POST {st['post']['median']:.0f}/{st['post']['max']},"
        f" API GET {st['api']['median']:.0f}/{st['api']['max']}, page GET {st['page']['median']:.0f}/{st['page']['max']}",
        f"    answers (kind status: count): {r['statuses']}",
    ])


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in pathlib.Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor())
    memory = next(int(line.split()[1]) for line in pathlib.Path("/proc/meminfo").read_text().splitlines()
                  if line.startswith("MemTotal:"))
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    return (f"{os.cpu_count()} CPUs ({model}), {memory / 1024 ** 2:.0f} GB RAM, Python {platform.python_version()},"
            f" load average {load}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--databases", default="sqlite,postgresql", help="sqlite, postgresql or both")
    parser.add_argument("--sizes", default="1000,10000", help="games in the database, growing (e.g. 1000,10000,100000)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of each kind (moves, pages, drawn, floor, bare)")
    parser.add_argument("--seconds", type=float, default=8, help="length of each round")
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers, for the service and the floor")
    parser.add_argument("--postgresql-url", default=DEFAULT_POSTGRESQL, help="a PostgreSQL database (it is emptied!)")
    parser.add_argument("--shared-pages-url", default=DEFAULT_SHARED_PAGES,
                        help="the Redis the workers share pages on, emptied of them ('': each keeps its own)")
    parser.add_argument("--profile", action="store_true", help="print cProfile of in-process move POSTs")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    args.sizes = sorted(int(size) for size in args.sizes.split(","))
    out = lambda text: print(text, flush=True)  # noqa: E731
    out(f"machine: {machine()}")
    out(f"{args.players} players, gunicorn --workers {args.workers}, {args.rounds} rounds of {args.seconds:g} s "
        f"of each kind, sizes {', '.join(f'{size:,}' for size in args.sizes)},"
        f" pages shared on {args.shared_pages_url or 'nothing'}")
    started = time.perf_counter()
    plays = fill.templates(min(fill.TEMPLATES, args.sizes[-1]))
    out(f"{len(plays)} games played by the engine in {time.perf_counter() - started:.0f} s")
    figures: dict[str, Any] = {"machine": machine(), "settings": {k: v for k, v in vars(args).items() if k != "json"}}
    with tempfile.TemporaryDirectory() as tmp:
        workdir = pathlib.Path(tmp)
        for name in args.databases.split(","):
            url = f"sqlite:///{workdir}/bench.sqlite3" if name == "sqlite" else args.postgresql_url
            out(f"== {name}")
            figures[name] = run_database(url, workdir, plays, args, out)
    out(f"done in {time.perf_counter() - started:.0f} s; load average now {' '.join(f'{v:.1f}' for v in os.getloadavg())}")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(figures, indent=2, default=str))


if __name__ == "__main__":
    main()
