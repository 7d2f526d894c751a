"""Checks every engine's property tests share."""
from __future__ import annotations

import json
from typing import Any

from json_support import json_round_trip
from tain.games import Game, IllegalAction


def canonical(value: Any) -> str:
    """A value as sorted JSON: dicts equal whatever their key order, and `true` is not `1`."""
    return json.dumps(value, sort_keys=True)


def check_refused_exactly_when_not_legal(game: Game, state: dict, player: Any, action: Any) -> None:
    """`apply` takes `action` if and only if `legal_actions` lists it; a refusal is one sentence
    and leaves the state as it was (engine-api.md)."""
    legal = game.legal_actions(state, player) if player in state["players"] else []
    before = json_round_trip(state)
    if isinstance(action, dict) and canonical(action) in {canonical(a) for a in legal}:
        game.apply(state, player, action)
    else:
        try:
            game.apply(state, player, action)
        except IllegalAction as refusal:
            message = str(refusal)
            assert message and "\n" not in message and message.endswith((".", "?")), message
        else:
            raise AssertionError(f"{player} was allowed {action!r}, which is not among the legal actions")
    assert state == before
