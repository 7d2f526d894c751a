"""Crashes at the worst moments: the web process (one gunicorn worker, or the whole server) and the clock
(`flask --app app tain tick`) SIGKILLed in the middle of a move or a time-out that resolves a phase, or
between a move's commit and its answer; and the database going away under the web process.

The processes are the real ones (gunicorn `app:app`, `flask --app app tain tick`), started through a
wrapper (FAULT_WRAPPER) that holds the process at one chosen point once the test arms it: the test then
kills it there, restarts what a supervisor would restart, and checks that nothing is half done (every
game equals the replay of its log), that every acknowledged move is in the log once, and that the mail
goes out once. A tick killed while it sends mail is tests/test_mail_killed_sender.py's.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select, update
from sqlalchemy.engine import make_url

from bench.load import Server, environment, request, start_server
from support import PLAYERS, free_port
from tain import PROJECT_ROOT, transactions
from tain.extensions import db
from tain.models import Game, OutboxMessage
from tain.services.games import check_game, create_game, engine_for, parse_player
from tain.services.links import make_token
from tain.services.play import submit

H = timedelta(hours=1)
PASS = {"type": "pass"}

# Runs `gunicorn …` or `flask …` (the rest of argv) with one fault point: once the file <folder>/armed
# exists, the first process to reach the point writes its pid to <folder>/reached and waits there to be
# killed. Points: "resolving" — a move or time-out applied, logged and its emails queued, flushed to the
# database but not committed (inside notify.game_changed); "answering" — a move committed, its answer not
# yet sent (the web's mail delivery after the request). The patches are made before the app is imported,
# so gunicorn's workers, forked from this process, inherit them.
FAULT_WRAPPER = """
import os, pathlib, sys, time
point, folder = sys.argv.pop(1), pathlib.Path(sys.argv.pop(1))

def hold_if_armed(name):
    armed = folder / "armed"
    if name != point:
        return
    try:
        armed.unlink()  # the first process to get here holds; any other goes on
    except FileNotFoundError:
        return
    from tain.extensions import db
    db.session.flush()
    (folder / "reached").write_text(str(os.getpid()))
    time.sleep(600)

import tain.mail.outbox as outbox
import tain.services.notify as notify

game_changed, deliver_pending = notify.game_changed, outbox.deliver_pending

def holding_game_changed(*args, **kwargs):
    game_changed(*args, **kwargs)
    hold_if_armed("resolving")

def holding_deliver_pending(*args, **kwargs):
    hold_if_armed("answering")
    return deliver_pending(*args, **kwargs)

notify.game_changed, outbox.deliver_pending = holding_game_changed, holding_deliver_pending
program = sys.argv.pop(1)
sys.argv[0] = program
if program == "gunicorn":
    from gunicorn.app.wsgiapp import run
else:
    from flask.cli import main as run
run()
"""


def wrapped(point: str, folder: Path, program: str) -> list[str]:
    return [sys.executable, "-c", FAULT_WRAPPER, point, str(folder), program]


def kill_at_point(folder: Path, act: Callable[[], Any], kill: Callable[[int], None]) -> Any:
    """Arm the point, do `act` in a thread, kill the process that reached the point; what `act` returned."""
    (folder / "armed").touch()
    outcome: list[Any] = []
    thread = threading.Thread(target=lambda: outcome.append(act()))
    thread.start()
    reached = folder / "reached"
    deadline = time.monotonic() + 60
    while not reached.exists() or not reached.read_text():
        assert time.monotonic() < deadline and thread.is_alive(), f"the fault point was never reached: {outcome}"
        time.sleep(0.01)
    kill(int(reached.read_text()))
    reached.unlink()
    thread.join(timeout=60)
    assert not thread.is_alive()
    return outcome[0]


# --- through the API -----------------------------------------------------------------------------------

def api(server: Server, token: str, action: dict[str, Any] | None = None, version: int | None = None) -> tuple[int, Any]:
    """GET, or POST a move, on /api/v1/play/<token>; (status, JSON), status 0 for no answer at all."""
    body = None if action is None else {"action": action, "version": version}
    try:
        status, content = request(server.url, "GET" if action is None else "POST", f"/api/v1/play/{token}", body)
    except OSError as error:
        return 0, repr(error)
    return status, json.loads(content)


def play(server: Server, tokens: dict[str, str], acked: list[tuple[str, dict[str, Any]]],
         name: str, action: dict[str, Any]) -> dict[str, Any]:
    """`name`'s move, which must be acknowledged (200); noted in `acked`."""
    version = api(server, tokens[name])[1]["game"]["version"]
    status, snapshot = api(server, tokens[name], action, version)
    assert status == 200, snapshot
    acked.append((name, action))
    return snapshot


def play_to_guarding(server: Server, tokens: dict[str, str], acked: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """Scout and raid (pass only when neither is left) until simultaneous guarding (R8); who is to guard."""
    snapshot = api(server, tokens["Ann"])[1]
    while snapshot["view"]["phase"] == "scouting":
        name = snapshot["game"]["to_act"][0]
        legal = api(server, tokens[name])[1]["legal_actions"]
        snapshot = play(server, tokens, acked, name, next((a for a in legal if a["type"] in ("scout", "raid")), PASS))
    return snapshot["game"]["to_act"]


# --- in the database -----------------------------------------------------------------------------------

def new_table(app: Any) -> tuple[int, dict[str, str]]:
    """Ann, Bob and Cat (Ann first, seed 7), with deadlines of a day; the game's id and the players' tokens."""
    with app.app_context():
        game = create_game("tain", [parse_player(p) for p in PLAYERS], now=datetime.now(timezone.utc), seed=7,
                           first_player="Ann", move_deadline=24 * H, phase_deadline=48 * H)
        with transactions.read():
            game = db.session.get(Game, game.id)
            return game.id, {seat.name: make_token(seat) for seat in game.seats}


def consistent(app: Any, game_id: int) -> dict[str, Any]:
    """Check the game equals its replay; its version, who is to act, its moves by hand and its emails."""
    with app.app_context(), transactions.read():
        game = db.session.get(Game, game_id)
        assert check_game(game) == []
        messages = list(db.session.scalars(select(OutboxMessage).where(OutboxMessage.game_id == game_id)))
        assert not [mid for mid, n in Counter(m.message_id for m in messages).items() if n > 1]
        return {
            "version": game.version,
            "to_act": engine_for(game).to_act(game.state),
            "stage": engine_for(game).view(game.state, None)["stage"]["long"],
            "by_hand": [(r.player, r.action) for r in game.actions if not r.on_timeout],
            "on_timeout": [(r.player, r.action) for r in game.actions if r.on_timeout],
            "emails": Counter((m.recipient, m.kind) for m in messages),
            "unsent": sorted(m.id for m in messages if m.status != "sent"),
            "message_ids": sorted(m.message_id for m in messages),
        }


def each_player_once(kind: str) -> Counter[tuple[str, str]]:
    return Counter({(parse_player(p).email, kind): 1 for p in PLAYERS})


@pytest.fixture
def faults(tmp_path: Path) -> Path:
    folder = tmp_path / "faults"
    folder.mkdir()
    return folder


def server_env(config: dict[str, Any], port: int) -> dict[str, str]:
    env = environment(config["SQLALCHEMY_DATABASE_URI"], f"http://127.0.0.1:{port}",
                      SECRET_KEY=config["SECRET_KEY"])
    if config.get("MAIL_SERVER"):
        env.update(MAIL_SERVER=config["MAIL_SERVER"], MAIL_PORT=str(config["MAIL_PORT"]))
    return env


def faulty_server(config: dict[str, Any], tmp_path: Path, point: str, folder: Path) -> Server:
    port = free_port()
    return start_server(server_env(config, port), port, tmp_path / "gunicorn.log", workers=2,
                        command=wrapped(point, folder, "gunicorn"))


# --- the web process -----------------------------------------------------------------------------------

def test_a_worker_killed_while_the_last_guard_resolves_the_phase_leaves_it_undone_and_the_retry_does_it_once(
        app, config, tmp_path, faults):
    game_id, tokens = new_table(app)
    server = faulty_server(config, tmp_path, "resolving", faults)
    try:
        acked: list[tuple[str, dict[str, Any]]] = []
        *first, last = play_to_guarding(server, tokens, acked)
        for name in first:
            play(server, tokens, acked, name, PASS)
        before = consistent(app, game_id)
        assert before["to_act"] == [last] and "guarding" in before["stage"]

        answer = kill_at_point(faults, lambda: api(server, tokens[last], PASS, before["version"]),
                               lambda pid: os.kill(pid, signal.SIGKILL))
        assert answer[0] == 0, answer  # the worker died before it could answer
        after_kill = consistent(app, game_id)
        assert after_kill == before  # nothing of the last guard's pass, its raids or its emails
        play(server, tokens, acked, last, PASS)
        resolved = consistent(app, game_id)
    finally:
        server.stop()
    assert resolved["by_hand"] == acked and resolved["version"] == before["version"] + 1
    assert "guarding" not in resolved["stage"]
    assert resolved["emails"] - before["emails"] == each_player_once("events")
    assert resolved["unsent"] == []
    assert "Traceback" not in server.log()


def test_the_whole_server_killed_between_a_commit_and_its_answer_keeps_the_move_once(app, config, tmp_path, faults):
    game_id, tokens = new_table(app)
    server = faulty_server(config, tmp_path, "answering", faults)
    acked: list[tuple[str, dict[str, Any]]] = []
    try:
        play(server, tokens, acked, "Ann", PASS)
        play(server, tokens, acked, "Bob", PASS)
        before = consistent(app, game_id)
        assert before["to_act"] == ["Cat"]
        answer = kill_at_point(faults, lambda: api(server, tokens["Cat"], PASS, before["version"]),
                               lambda pid: server.kill())  # the master and every worker
        assert answer[0] == 0, answer
    finally:
        server.stop()
    committed = consistent(app, game_id)
    assert committed["by_hand"] == acked + [("Cat", PASS)]  # committed: it stands, though never acknowledged
    assert committed["to_act"] == ["Bob"] and "turn 2" in committed["stage"]  # Cat's pass ended turn 1
    assert committed["unsent"]  # its emails were queued with it, and wait

    port = free_port()
    env = server_env(config, port)
    restarted = start_server(env, port, tmp_path / "gunicorn-restarted.log", workers=2)
    try:
        status, refusal = api(restarted, tokens["Cat"], PASS, before["version"])  # the player clicks again
        assert status == 409, refusal
        assert api(restarted, tokens["Bob"])[0] == 200
    finally:
        restarted.stop()
    done = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "tain", "tick"], cwd=PROJECT_ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    delivered = consistent(app, game_id)
    assert delivered["by_hand"] == committed["by_hand"] and delivered["unsent"] == []
    assert delivered["emails"] == committed["emails"]  # each queued email once, now delivered


# --- the clock -----------------------------------------------------------------------------------------

def test_a_tick_killed_while_a_time_out_resolves_the_phase_leaves_it_undone_and_the_next_times_out_once(
        app, config, smtp_server, tmp_path, faults):
    game_id, _ = new_table(app)
    with app.app_context():
        now = datetime.now(timezone.utc)
        while True:
            with transactions.read():
                game = db.session.get(Game, game_id)
                engine = engine_for(game)
                state, seats = game.state, {seat.name: seat for seat in game.seats}
            to_act = engine.to_act(state)
            if engine.view(state, None)["phase"] == "guarding" and len(to_act) == 1:
                break
            name = to_act[0]
            legal = engine.legal_actions(state, name)
            move = PASS if len(to_act) > 1 else next((a for a in legal if a["type"] in ("scout", "raid")), PASS)
            submit(seats[name], move, now=now)
        with transactions.write():  # Cat's phase deadline passed a minute ago
            past = now - timedelta(minutes=1)
            db.session.execute(update(Game).where(Game.id == game_id).values(deadline_at=past, wake_at=past))
    before = consistent(app, game_id)
    env = server_env(config, 5000)
    tick = [sys.executable, "-m", "flask", "--app", "app", "tain", "tick"]

    killed = subprocess.Popen(wrapped("resolving", faults, "flask") + tick[3:], cwd=PROJECT_ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    kill_at_point(faults, lambda: killed.communicate(timeout=120), lambda pid: os.kill(pid, signal.SIGKILL))
    assert killed.returncode == -signal.SIGKILL
    assert consistent(app, game_id) == before  # Cat not timed out, no raid, no email

    done = subprocess.run(tick, cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("1 players timed out"), done.stdout
    after = consistent(app, game_id)
    assert after["on_timeout"] == [(before["to_act"][0], PASS)] and after["by_hand"] == before["by_hand"]
    assert "guarding" not in after["stage"]
    assert after["emails"] - before["emails"] == each_player_once("events")
    assert after["unsent"] == []
    received = Counter(message["Message-ID"] for message in smtp_server.messages)
    assert received == Counter(after["message_ids"])  # every email of the game, once


# --- the database going away ---------------------------------------------------------------------------

class TcpProxy:
    """127.0.0.1:`port` forwarded to `upstream`. `stop()` closes it and every connection through it, as a
    database host going away would; `start()` opens it again on the same port."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream, self.port = upstream, free_port()
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()

    def start(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen()
        with self.lock:
            self.sockets.append(listener)
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
                server = socket.create_connection(self.upstream)
            except OSError:
                return
            with self.lock:
                self.sockets += [client, server]
            for source, target in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, target), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, target: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, target):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def stop(self) -> None:
        with self.lock:
            sockets, self.sockets = self.sockets, []
        for end in sockets:
            try:
                end.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            end.close()


@pytest.fixture
def database_proxy(database_url: str, config: dict[str, Any]) -> Iterator[TcpProxy]:
    """The app under test reaches PostgreSQL through a TCP proxy the test can stop (the server itself is shared)."""
    if not database_url.startswith("postgresql"):
        pytest.skip("SQLite is a file in the web process's own host: there is no database server to lose")
    url = make_url(database_url)
    proxy = TcpProxy((url.host or "127.0.0.1", url.port or 5432))
    proxy.start()
    config["SQLALCHEMY_DATABASE_URI"] = url.set(host="127.0.0.1", port=proxy.port).render_as_string(hide_password=False)
    yield proxy
    proxy.stop()


def test_the_database_unreachable_is_a_clear_503_page_and_json_and_the_service_recovers(database_proxy, app, client):
    game_id, tokens = new_table(app)
    page, api_path = f"/play/{tokens['Ann']}", f"/api/v1/play/{tokens['Ann']}"
    assert client.get(page).status_code == 200

    database_proxy.stop()
    shown = client.get(page)
    assert shown.status_code == 503 and "cannot reach its database" in shown.get_data(as_text=True)
    assert "Traceback" not in shown.get_data(as_text=True)
    for answer in (client.get(api_path), client.post(api_path, json={"action": PASS})):
        assert answer.status_code == 503 and answer.is_json
        assert answer.get_json()["code"] == "database-unavailable" and answer.get_json()["error"]
        assert answer.headers.get("Retry-After")

    database_proxy.start()
    assert client.get(page).status_code == 200
    assert client.post(api_path, json={"action": PASS}).status_code == 200  # nothing was done while it was down
    assert consistent(app, game_id)["by_hand"] == [("Ann", PASS)]
