"""Property tests of standing orders over random Tàin games of 2 to 4 clans: players (to act or
not) give random plans and bots' plans at random moments, the others move by bot. Checked at
every step: the counts (18 tokens, 25 cows, no game past turn 8), purity, JSON, replay, and the
same game played by hand with the plans kept aside (standing_checks.HandPlayed)."""
from __future__ import annotations

import copy
import json
import random
from typing import Iterator

from hypothesis import HealthCheck, given, settings

from standing_checks import HandPlayed, check_against_hand_play, random_plan
from tain.games.tain.bots import HeuristicBot, RandomBot
from tain_helpers import ENTRANCES, GAME, TOKENS
from test_tain_properties import check_counts, start, tables

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOTS = {"random": RandomBot, "heuristic": HeuristicBot}


def random_move(rng: random.Random, players: list[str]) -> dict:
    """A well-shaped Tàin move from real words: legal now, later, or never."""
    kind = rng.choice(("guard", "guard", "scout", "scout", "scout", "raid", "pass"))
    if kind == "pass":
        return {"type": "pass"}
    move = {"type": kind, "token": rng.choice(TOKENS)}
    if kind != "raid":
        move["entrance"] = rng.choice(ENTRANCES)
    if kind == "scout":
        move["board"] = rng.choice(players)
    return move


def planned_game(table: dict) -> Iterator[tuple[dict, str | None, dict | None]]:
    """Every (state, player, action) of one game in which about one action in four is a
    standing order, random or a bot's whole-phase plan, from any player."""
    players = table["players"]
    bots = {p: BOTS[kind](seed=table["seed"] + seat) for seat, (p, kind) in enumerate(zip(players, table["bots"]))}
    rng = random.Random(table["seed"])
    state = start(table)
    while not GAME.is_over(state):
        if rng.random() < 0.25:
            player = rng.choice(players)
            if rng.random() < 0.5:
                action = random_plan(rng, lambda: random_move(rng, players))
            else:
                action = {"type": "standing", "plan": bots[player].plan(GAME.view(state, player))}
        else:
            player = rng.choice(GAME.to_act(state))
            action = bots[player].choose(GAME.view(state, player), GAME.legal_actions(state, player))
        yield state, player, action
        state = GAME.apply(state, player, action)
    yield state, None, None


def raid_resolved(before: dict, after: dict) -> bool:
    return len(after["reports"]) > len(before["reports"])


@FAST
@given(tables())
def test_plans_play_as_the_same_moves_made_by_hand_would_and_show_to_nobody_else(table):
    reference = HandPlayed(GAME, start(table), raid_resolved)
    turns = set()
    for state, player, action in planned_game(table):
        check_counts(state)
        check_against_hand_play(GAME, state, reference)
        turns.add(state["turn"])
        if player is not None:
            reference.apply(player, action)
    assert GAME.is_over(state) and max(turns) <= 8
    assert reference.moves, "no plan made a move"


@FAST
@given(tables())
def test_with_plans_apply_never_changes_its_input_states_survive_json_and_replay(table):
    played = list(planned_game(table))
    replayed = start(table)
    for state, player, action in played:
        assert json.loads(json.dumps(state)) == state
        assert replayed == state
        if player is None:
            break
        before = copy.deepcopy(state)
        for viewer in table["players"]:
            GAME.view(state, viewer)["plan"].append("changed by a caller")
        replayed = GAME.apply(replayed, player, json.loads(json.dumps(action)))
        assert state == before
    assert any(action and action["type"] == "standing" for _, _, action in played)
