"""What the sender spends writing an email's bodies from its draft (tain.services.letters), by the
length of the game's log: the replay up to the draft's version is the part that grows with it.

    .venv/bin/python bench/letters.py [--games 20] [--lengths 1,50,150,300]

For each length, `--games` Tàin games of three are played by random bots through the service
(`submit`, with MAIL_SERVER set so that the moves only queue their drafts) to that many logged
actions; the drafts queued so far are written untimed, one more move is made in each game, and the
drafts that move queued are written and timed: wall clock and this process's CPU per email (SQLite,
in-process, so the database's work is counted too).
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from sqlalchemy import func, select  # noqa: E402

from tain import create_app, transactions  # noqa: E402
from tain.extensions import db  # noqa: E402
from tain.games import get_game  # noqa: E402
from tain.games.tain.bots import RandomBot  # noqa: E402
from tain.models import Game, OutboxMessage  # noqa: E402
from tain.services.games import create_game, parse_player  # noqa: E402
from tain.services.letters import write_pending  # noqa: E402
from tain.services.play import submit  # noqa: E402
from tain.web import utcnow  # noqa: E402

TAIN = get_game("tain")
PLAYERS = [parse_player(f"{name} <{name.lower()}@example.org>") for name in ("Ann", "Bob", "Cat")]


def play_one_move(game_id: int, bot: RandomBot) -> bool:
    """The player to act makes a random move; False when the game is over."""
    with transactions.read():
        game = db.session.get(Game, game_id)
        if game.over:
            return False
        player = TAIN.to_act(game.state)[0]
        action = bot.choose(None, TAIN.legal_actions(game.state, player))
        seat = game.seat_named(player)
    submit(seat, action, now=utcnow())
    return True


def unwritten() -> int:
    with transactions.read():
        return db.session.scalar(select(func.count()).select_from(OutboxMessage).where(OutboxMessage.body_text.is_(None)))


def measure(length: int, games: int, seed: int) -> str:
    bot = RandomBot(seed)
    ids = [create_game("tain", PLAYERS, now=utcnow(), seed=seed + n, first_player="Ann").id for n in range(games)]
    playing = []
    for game_id in ids:
        for _ in range(length - 1):
            if not play_one_move(game_id, bot):
                break
        else:
            playing.append(game_id)
    write_pending(utcnow())
    for game_id in playing:
        play_one_move(game_id, bot)
    emails = unwritten()
    wall, cpu = time.perf_counter(), time.process_time()
    write_pending(utcnow())
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if not emails:
        return f"log of {length:>4} actions: no email queued by the last moves"
    return (f"log of {length:>4} actions: {emails:>3} emails written, {wall / emails * 1000:6.2f} ms wall, "
            f"{cpu / emails * 1000:6.2f} ms CPU per email")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--lengths", default="1,50,150,300")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/letters.sqlite3", "SCHEDULER": "off",
                          "MAIL_SERVER": "127.0.0.1", "RATELIMIT_ENABLED": False})
        with app.app_context():
            db.create_all()
            for n, length in enumerate(int(text) for text in args.lengths.split(",")):
                print(measure(length, args.games, seed=1000 * n), flush=True)


if __name__ == "__main__":
    main()
