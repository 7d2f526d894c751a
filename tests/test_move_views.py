"""A move builds each view it reads once (issue 15): every (state, player) view that the decisions, the
plans' moves, the bots, the emails and the answer read is built by one `engine.view` call per move
(`services.play.submit`; the sender, which writes the emails after the POST, replays the log apart)."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.web import api
from tain.services.games import NewPlayer, create_game, parse_player

from support import NOW, PLAYERS, token


@pytest.mark.parametrize("game_name", ["tain", "tara", "inis"])
def test_a_move_builds_each_view_once(app, client, monkeypatch, game_name):
    engine = get_game(game_name)
    people = [parse_player(p) for p in PLAYERS[:2]]
    with app.app_context():
        game = create_game(game_name, people + ([] if game_name == "tara" else [NewPlayer("Cat", "", bot=True)]),
                           now=NOW, seed=5)
        game_id, tokens = game.id, {person.name: token(game, person.name) for person in people}
    view, submit = type(engine).view, api.submit
    states: list[Any] = []  # kept alive, so that no two states of one move share an id
    built: Counter[tuple[int, str | None]] = Counter()  # (state, player): views built
    moves: list[Counter[tuple[int, str | None]]] = []  # what each move built

    def counted_view(self: Any, state: Any, player: Any) -> Any:
        states.append(state)
        built[id(state), player] += 1
        return view(self, state, player)

    def watched_submit(*args: Any, **kwargs: Any) -> Any:
        states.clear()
        built.clear()
        answer = submit(*args, **kwargs)
        moves.append(built.copy())
        return answer

    monkeypatch.setattr(type(engine), "view", counted_view)
    monkeypatch.setattr(api, "submit", watched_submit)
    rng = random.Random(5)
    while len(moves) < 12:
        with app.app_context():
            name = rng.choice([player for player in db.session.get(Game, game_id).to_act if player in tokens])
        snapshot = client.get(f"/api/v1/play/{tokens[name]}").get_json()
        response = client.post(f"/api/v1/play/{tokens[name]}", json={"action": rng.choice(snapshot["legal_actions"])})
        assert response.status_code == 200, response.text
        assert max(moves[-1].values()) == 1, [(player, times) for (_, player), times in moves[-1].items() if times > 1]
        with app.app_context():
            assert response.get_json()["view"] == view(engine, db.session.get(Game, game_id).state, name)
