"""What "since you last looked" costs late in long games, replayed from a kept state and from the set-up
(tain.services.checkpoints).

    .venv/bin/python bench/replays.py [--repeat 7]

Tàin (4 clans), Tara and Inis (3 players) are played by their bots through the service (`submit`, one move
a transaction, SQLite in a temporary directory), and at each length `timeline.since` is timed for a reader
three actions behind: this process's CPU, the median of `--repeat`, with the kept states and without them.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from tain import create_app  # noqa: E402
from tain.extensions import db  # noqa: E402
from tain.models import Game  # noqa: E402
from tain.services import checkpoints, timeline  # noqa: E402
from tain.services.games import NewPlayer, create_game, engine_for  # noqa: E402
from tain.services.play import seat_snapshot, submit  # noqa: E402

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)
GAMES = (("tain", 4, (60, 100, 140)), ("tara", 2, (100, 200, 300)), ("inis", 3, (100, 200, 300)))
BEHIND = 3


def play_to(app: Any, game_id: int, length: int, bots: dict[int, Any]) -> None:
    """The game's bots' moves, through the service, until its log has `length` actions or it is over."""
    while True:
        with app.app_context():
            game = db.session.get(Game, game_id)
            engine = engine_for(game)
            bot = bots.setdefault(game_id, engine.make_bot(game_id))
            if game.version >= length or engine.is_over(game.state):
                return
            seat = game.seat_named(engine.to_act(game.state)[0])
            snapshot = seat_snapshot(seat)
            submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)


def since_cpu(game: Game, repeat: int) -> float:
    engine = engine_for(game)
    cpu = []
    for _ in range(repeat):
        start = time.process_time()
        timeline.since(game, engine, "Bob", game.version - BEHIND)
        cpu.append(time.process_time() - start)
    return 1000 * statistics.median(cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/replays.sqlite3", "SCHEDULER": "off",
                          "MAIL_SERVER": "localhost", "SECRET_KEY": "bench", "BASE_URL": "http://bench"})
        with app.app_context():
            db.create_all()
        bots: dict[int, Any] = {}
        for name, players, lengths in GAMES:
            with app.app_context():
                seats = [NewPlayer(player, f"{player.lower()}@bench.example.org") for player in ["Ann", "Bob", "Cat", "Dan"][:players]]
                game_id = create_game(name, seats, now=NOW, seed=11, first_player="Ann").id
            for length in lengths:
                play_to(app, game_id, length, bots)
                with app.app_context():
                    game = db.session.get(Game, game_id)
                    kept = since_cpu(game, args.repeat)
                    latest_before = checkpoints.latest_before
                    checkpoints.latest_before = lambda game, version: None  # type: ignore[assignment]
                    try:
                        from_setup = since_cpu(game, args.repeat)
                    finally:
                        checkpoints.latest_before = latest_before
                print(f"{name:4} at {game.version:3} actions: 'since' {BEHIND} actions behind {kept:5.1f} ms CPU"
                      f" from the kept state, {from_setup:5.1f} ms from the set-up")
                if engine_for(game).is_over(game.state):
                    break
        with app.app_context():
            db.engine.dispose()


if __name__ == "__main__":
    main()
