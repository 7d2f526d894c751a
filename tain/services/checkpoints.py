"""States kept every few dozen logged actions, so that a replay of the log starts near where it is needed.

"Since you last looked" (the page) and the sender's emails need the state at a seat's last look, and
the log replayed from there; from the set-up, that replay grows with the game (an Inis game runs to
hundreds of actions). A move that brings a game's version to a multiple of EVERY keeps the state, and
forgets those older than the latest KEPT, so a game holds at most KEPT states: whoever looked within
the last EVERY actions or more is told from one of them, anyone else from the set-up. Like
`Game.state` they are a cache of the log's replay; the log wins.
"""
from __future__ import annotations

from sqlalchemy import delete, select

from tain.extensions import db
from tain.games import Game as Engine, State
from tain.models import Checkpoint, Game

from .seat_names import player_names

EVERY = 32  # actions between two kept states
KEPT = 2  # states kept per game, the latest


def set_up(game: Game, engine: Engine) -> State:
    """The state the game's log starts from: its set-up, as the seats, seed and options make it."""
    return engine.setup(player_names(game, seats=False), game.seed, dict(game.options))


def keep(game: Game) -> None:
    """After an action is logged (`game.version` counts it): keep the game's state if the version is due
    one, forgetting the states older than the latest KEPT. Inside the change's transaction."""
    if not due(game.version, game.version):
        return
    db.session.add(Checkpoint(game_id=game.id, version=game.version, state=game.state))
    db.session.execute(delete(Checkpoint).where(
        Checkpoint.game_id == game.id, Checkpoint.version <= game.version - KEPT * EVERY))


def latest_before(game: Game, version: int) -> tuple[int, State] | None:
    """The latest kept state of the game's first `n` actions with n < `version`, as (n, state); None if none."""
    if version <= EVERY:  # no kept state is that early: no statement
        return None
    # The row as the session holds it, as the timeline reads the log's rows: a change that kept it sees it.
    row = db.session.scalar(select(Checkpoint).where(Checkpoint.game_id == game.id, Checkpoint.version < version)
                            .order_by(Checkpoint.version.desc()).limit(1))
    return None if row is None else (row.version, row.state)


def kept(game: Game) -> dict[int, State]:
    """The game's kept states, by version."""
    rows = db.session.execute(select(Checkpoint.version, Checkpoint.state).where(Checkpoint.game_id == game.id))
    return {row.version: row.state for row in rows}


def replace(game: Game, states: dict[int, State]) -> None:
    """Keep exactly `states` (by version) for the game: what its log's replay gives (`rebuild_state`)."""
    db.session.execute(delete(Checkpoint).where(Checkpoint.game_id == game.id))
    db.session.add_all(Checkpoint(game_id=game.id, version=version, state=state) for version, state in states.items())


def due(version: int, last: int) -> bool:
    """Whether the state after `version` actions is one a game whose log has `last` actions keeps."""
    return version > 0 and version % EVERY == 0 and version > last - KEPT * EVERY
