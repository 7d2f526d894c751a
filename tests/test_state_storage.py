"""The cached state comes back from either database exactly as the engine made it, key order
included: PostgreSQL's JSONB would sort its keys, and the order of a state's dicts is the order of
`legal_actions` and of what a bot chooses from them."""
from __future__ import annotations

import json

from support import NOW, new_game, new_tara_game
from tain import transactions
from tain.extensions import db
from tain.models import ActionRecord, Game
from tain.services.games import engine_for
from tain.services.play import submit


def stored(game_id: int) -> tuple[dict, list[dict]]:
    with transactions.read():
        db.session.expire_all()
        game = db.session.get(Game, game_id)
        return game.state, [record.action for record in db.session.query(ActionRecord).order_by(ActionRecord.seq)]


def test_a_tain_state_and_its_log_keep_their_key_order(app):
    game = new_game()
    action = {"type": "scout", "token": "warrior", "board": "Bob", "entrance": "pasture-2"}
    submit(game.seat_named("Ann"), action, now=NOW)
    engine = engine_for(game)
    expected = engine.apply(engine.setup(["Ann", "Bob", "Cat"], game.seed, game.options), "Ann", action)
    state, log = stored(game.id)
    assert json.dumps(state) == json.dumps(expected)  # the same text: the same order
    assert json.dumps(log[-1]) == json.dumps(action)
    assert engine.legal_actions(state, "Bob") == engine.legal_actions(expected, "Bob")


def test_a_tara_state_keeps_its_key_order(app):
    game = new_tara_game()
    engine = engine_for(game)
    expected = engine.setup(["Ann", "Bob"], game.seed, game.options)
    assert json.dumps(stored(game.id)[0]) == json.dumps(expected)
