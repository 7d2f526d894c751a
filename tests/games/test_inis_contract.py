"""The engine contract (tests/games/test_engine_contract.py) run over Inis, which is not yet
registered with the service: the same checks, with Inis put in the registry for the test only."""
from __future__ import annotations

import pytest

import tain.games
from tain.games.inis import InisGame
import test_engine_contract as contract


@pytest.fixture
def registered(monkeypatch):
    monkeypatch.setitem(tain.games._REGISTRY, "inis", InisGame())


def test_inis_metadata(registered):
    contract.test_game_metadata("inis")


# One whole random game per player count, of middling length (random Inis games run from 200 to
# 3,000 actions; a change to the legal actions makes other games of the same seeds).
@pytest.mark.skipif("inis" in tain.games.game_names(), reason="registered: test_engine_contract.py plays these")
@pytest.mark.parametrize("count, seed", [(count, seed) for count, seeds in contract.INIS_SEEDS.items() for seed in seeds])
def test_inis_keeps_the_engine_contract(registered, count, seed):
    contract.test_random_play_with_timeouts_keeps_the_contract("inis", count, seed)
