"""States kept on the way (tain.services.checkpoints): what a replay from one of them tells is what the
replay from the set-up tells, in every game, for every reader and every last look; a game keeps the
latest few only, each the log's replay; `check` finds one that is not and `rebuild_state` writes them
again; and a late reader's replay starts near their last look."""
from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from sqlalchemy import update

from support import NOW
from tain import transactions
from tain.extensions import db
from tain.models import ActionRecord, Checkpoint, Game
from tain.services import checkpoints, timeline
from tain.services.checkpoints import EVERY, KEPT
from tain.services.games import NewPlayer, check_game, create_game, engine_for, rebuild_state
from tain.services.play import seat_snapshot, submit

GAMES = {"tain": ["Ann", "Bob", "Cat"], "tara": ["Ann", "Bob"], "inis": ["Ann", "Bob", "Cat"]}
LENGTH = 3 * EVERY + 5


def played(app: Flask, name: str, length: int = LENGTH, seed: int = 3) -> int:
    """A game of `name` played by its bot's choices through the service, a move a transaction."""
    with app.app_context():
        players = [NewPlayer(player, f"{player.lower()}@example.org") for player in GAMES[name]]
        game_id = create_game(name, players, now=NOW, seed=seed, first_player="Ann").id
    bot = None
    while True:
        with app.app_context():
            game = db.session.get(Game, game_id)
            engine = engine_for(game)
            bot = bot or engine.make_bot(seed)
            if game.version >= length or engine.is_over(game.state):
                return game_id
            seat = game.seat_named(engine.to_act(game.state)[0])
            snapshot = seat_snapshot(seat)
            submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)


def told(events: list[timeline.Event]) -> list[Any]:
    """The events with their sentences' messages (a Told compares as its English text only)."""
    return [(event, getattr(event.text, "message", None)) for event in events]


@pytest.fixture
def from_the_setup(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Replays that ignore the kept states."""
    def without() -> None:
        monkeypatch.setattr(checkpoints, "latest_before", lambda game, version: None)
    return without


@pytest.mark.one_database  # what is kept and read on both databases: every test that plays past 32 actions
@pytest.mark.parametrize("name", sorted(GAMES))
def test_kept_states_tell_what_the_whole_replay_tells(
        app: Flask, name: str, monkeypatch: pytest.MonkeyPatch, from_the_setup: Any) -> None:
    game_id = played(app, name)
    with app.app_context(), transactions.write():  # told as deadlines' moves: each run of a player's is told once
        db.session.execute(update(ActionRecord).where(ActionRecord.game_id == game_id).values(on_timeout=True))
    with app.app_context():
        game = db.session.get(Game, game_id)
        engine = engine_for(game)
        # the latest KEPT, each the log's replay
        assert game.version > KEPT * EVERY
        latest = game.version - game.version % EVERY
        kept = sorted(checkpoints.kept(game))
        assert kept == [latest - EVERY * n for n in reversed(range(KEPT))]
        assert check_game(game) == []
        # every reader, a last look every 9 versions and around each kept state, up to the end or a version before it
        readers = GAMES[name]
        looks = sorted({*range(0, game.version + 1, 9), *(v + d for v in kept for d in (-1, 0, 1)), game.version - 1})
        lasts = [game.version, kept[-1] + 1, kept[0] - 1]
        since = {(reader, look): told(timeline.since(game, engine, reader, look)) for reader in readers for look in looks}
        until = [said(timeline.told_until(game, engine, {reader: look for reader in readers}, last), engine)
                 for look in looks for last in lasts if look <= last]
        assert all(views == {reader: engine.view(state, reader) for reader in views} for _, state, views in until)
        # a late reader's replay starts near their last look
        applied: list[int] = []
        real_apply = type(engine).apply
        monkeypatch.setattr(type(engine), "apply", lambda self, *args: applied.append(1) or real_apply(self, *args))
        timeline.since(game, engine, "Bob", game.version - 1)
        near = len(applied)
        from_the_setup()
        timeline.since(game, engine, "Bob", game.version - 1)
        assert near <= EVERY + 1 and len(applied) - near == game.version
        assert since == {(reader, look): told(timeline.since(game, engine, reader, look))
                         for reader in readers for look in looks}
        assert until == [said(timeline.told_until(game, engine, {reader: look for reader in readers}, last), engine)
                         for look in looks for last in lasts if look <= last]
        assert any(events for events, _, _ in until) and any(since.values())


def said(replayed: timeline.Replayed, engine: Any) -> tuple[dict[str, list[Any]], Any, Any]:
    """What a replay gives: the events told, the state, each reader's view of it."""
    return ({reader: told(events) for reader, events in replayed.told.items()}, replayed.state,
            {reader: replayed.view(engine, reader) for reader in replayed.told})


def test_check_finds_a_kept_state_that_is_not_the_replay_and_rebuild_writes_them_again(app: Flask) -> None:
    game_id = played(app, "tara", length=2 * EVERY + 3, seed=5)
    with app.app_context(), transactions.write():
        game = db.session.get(Game, game_id)
        wrong = db.session.get(Checkpoint, (game_id, EVERY))
        wrong.state = game.state
        db.session.add(Checkpoint(game_id=game_id, version=1, state=game.state))
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert check_game(game) == [f"game #{game_id}: the state kept at version 1 differs from the replayed log",
                                    f"game #{game_id}: the state kept at version {EVERY} differs from the replayed log"]
        rebuild_state(game_id)
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert check_game(game) == [] and sorted(checkpoints.kept(game)) == [EVERY, 2 * EVERY]
