"""Tàin states share their unchanged parts (tain/games/tain/state.py): `apply` copies only what a
move changes, so a later move must never reach back into an earlier state, and `copy_state` must
share nothing that can change."""
from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tain.games.tain.bots import HeuristicBot, RandomBot
from tain.games.tain.state import APPEND_ONLY, copy_state
from tain_helpers import GAME

NAMES = ["ann", "bob", "cat", "dan"]


def played(players: list[str], seed: int, bot_class: type) -> Iterator[dict]:
    """Every state of one bot game as it comes, with now and then a standing order (a player's
    whole phase)."""
    bots = {player: bot_class(seed * 10 + seat) for seat, player in enumerate(players)}
    state = GAME.setup(players, seed)
    for number in range(10_000):
        yield state
        if GAME.is_over(state):
            return
        player = GAME.to_act(state)[-1]
        view = GAME.view(state, player)
        if number % 13 == 5:
            action = {"type": "standing", "plan": bots[player].plan(view)}
        else:
            action = bots[player].choose(view, GAME.legal_actions(state, player))
        state = GAME.apply(state, player, action)


@pytest.mark.parametrize("bot_class", [RandomBot, HeuristicBot])
@pytest.mark.parametrize("count", [2, 3, 4])
def test_no_move_changes_an_earlier_state(count, bot_class):
    players = NAMES[:count]
    for seed in range(3):
        states, written = [], []
        for state in played(players, seed, bot_class):
            states.append(state)
            written.append(json.dumps(state, sort_keys=True))  # as it was when it came
        assert [json.dumps(state, sort_keys=True) for state in states] == written


def containers(value: object, skip: tuple[str, ...] = ()) -> set[int]:
    """The ids of every dict and list inside `value` (its keys in `skip` left out at the top)."""
    if isinstance(value, dict):
        return {id(value)}.union(*(containers(item) for key, item in value.items() if key not in skip))
    if isinstance(value, list):
        return {id(value)}.union(*(containers(item) for item in value))
    return set()


def test_a_copy_shares_nothing_that_changes():
    for state in list(played(NAMES, 1, HeuristicBot))[::7]:
        copied = copy_state(state)
        assert copied == state
        assert not containers(state, APPEND_ONLY) & containers(copied, APPEND_ONLY)
        for key in APPEND_ONLY:
            if key in state:
                assert copied[key] is not state[key]
