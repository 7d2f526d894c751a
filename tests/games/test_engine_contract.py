"""The engine contract (../shared/spec/engine-api.md), checked over every registered game:
random legal play to the end with deadlines mixed in."""
from __future__ import annotations

import random

import pytest

from json_support import as_json, json_round_trip
from tain.games import IllegalAction, UnknownGame, game_names, get_game

MAX_MOVES = 5000
NAMES = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"]


def test_some_games_are_registered_and_tain_is_one():
    assert "tain" in game_names()
    with pytest.raises(UnknownGame):
        get_game("no such game")
    with pytest.raises(KeyError):
        get_game("no such game")


@pytest.mark.parametrize("name", game_names())
def test_game_metadata(name):
    game = get_game(name)
    assert game.name == name and isinstance(game.title, str) and game.title
    assert 1 <= game.min_players <= game.max_players


# Inis: one whole random game per player count, of middling length (random Inis games run from
# 200 to 3,000 actions, up to 70 s each; a change to the legal actions makes other games of the same seeds).
INIS_SEEDS = {2: (2,), 3: (2,), 4: (1,)}


def contract_cases():
    for name in game_names():
        game = get_game(name)
        for count in range(game.min_players, game.max_players + 1):
            for seed in INIS_SEEDS[count] if name == "inis" else (0, 1, 2):
                yield pytest.param(name, count, seed, id=f"{name}-{count}p-seed{seed}")


@pytest.mark.parametrize("name, count, seed", list(contract_cases()))
def test_random_play_with_timeouts_keeps_the_contract(name, count, seed):
    game = get_game(name)
    players = NAMES[:count]
    rng = random.Random(seed)
    state = game.setup(players, seed=seed)
    assert state == game.setup(players, seed=seed)  # same seed, same start
    for _ in range(MAX_MOVES):
        before = json_round_trip(state)  # also the copy to compare the next state with
        assert before == state
        for viewer in [*players, None]:
            as_json(game.view(state, viewer))
        acting = game.to_act(state)
        if game.is_over(state):
            break
        assert acting and set(acting) <= set(players)
        for player in players:
            legal = game.legal_actions(state, player)
            assert (player in acting) == bool(legal)
            assert json_round_trip(legal) == legal
        if rng.random() < 0.1:
            state = give_standing_orders(game, state, rng)
            continue
        player = rng.choice(acting)
        if rng.random() < 0.15:
            action = game.timeout_action(state, player)
            assert action in game.legal_actions(state, player)
        else:
            action = rng.choice(game.legal_actions(state, player))
        state = game.apply(state, player, action)
        assert before != state
        check_no_plan_can_answer(game, state)
    else:
        pytest.fail(f"{name} did not end within {MAX_MOVES} moves")
    assert game.to_act(state) == []
    assert all(game.legal_actions(state, p) == [] for p in players)
    with pytest.raises(IllegalAction):  # standing orders too end with the game
        game.apply(state, players[0], {"type": "standing", "plan": []})
    fresh = game.setup(players, seed=seed)
    opening_move = game.legal_actions(fresh, game.to_act(fresh)[0])[0]
    with pytest.raises(IllegalAction):  # a move that was legal once is refused when the game is over
        game.apply(state, game.to_act(fresh)[0], opening_move)
    scores = game.scores(state)
    assert set(scores) == set(players) and all(isinstance(points, int) for points in scores.values())
    winners = game.winners(state)
    assert winners and set(winners) <= set(players)
    if name != "inis":  # Inis (I61): scores are conditions met; a Pretender may win with fewer than another
        assert all(scores[w] == max(scores.values()) for w in winners)


def give_standing_orders(game, state, rng: random.Random):
    """Any player, to act or not, gives a plan of moves legal now for someone (and of the game's
    opening), in a random order; a plan never shows to anyone else and never lists itself."""
    players = state["players"]
    moves = [a for p in game.to_act(state) for a in game.legal_actions(state, p)]
    fresh = game.setup(players, seed=0)
    moves += game.legal_actions(fresh, game.to_act(fresh)[0])
    plan = [[rng.choice(moves) for _ in range(rng.randint(1, 8))] for _ in range(rng.randint(0, 6))]
    player = rng.choice(players)
    others = {viewer: game.view(state, viewer) for viewer in [*players, None] if viewer != player}
    made = len(game.view(state, player)["plan_moves"])
    with pytest.raises(IllegalAction):
        game.apply(state, "nobody", {"type": "standing", "plan": plan})
    with pytest.raises(IllegalAction):
        game.apply(state, player, {"type": "standing", "plan": [[{"type": "standing", "plan": []}]]})
    state = game.apply(state, player, json_round_trip({"type": "standing", "plan": plan}))
    assert json_round_trip(state) == state
    assert "plan" in game.view(state, player) and "plan" not in game.view(state, None)
    if len(game.view(state, player)["plan_moves"]) == made:
        for viewer, view in others.items():  # nothing was played: nobody else sees a change
            assert game.view(state, viewer) == view
    check_no_plan_can_answer(game, state)
    return state


def check_no_plan_can_answer(game, state) -> None:
    for player in game.to_act(state):
        assert game.view(state, player)["plan"] == []
        assert all(a["type"] != "standing" for a in game.legal_actions(state, player))
