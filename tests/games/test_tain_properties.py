"""Property tests over random legal games of 2, 3 and 4 clans played by both bots."""
from __future__ import annotations

import copy
import json
import random
from typing import Iterator

from hypothesis import HealthCheck, given, settings, strategies as st

from engine_checks import check_refused_exactly_when_not_legal
from tain.games.tain.bots import HeuristicBot, RandomBot
from tain_helpers import ENTRANCES, GAME, TOKENS, tokens_in_play

NAMES = ("ann", "bob", "cat", "dan")
BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tables(draw) -> dict:
    """Players, seed, first player (or none: from the seed) and a bot for each seat."""
    count = draw(st.integers(2, 4))
    players = list(NAMES[:count])
    return {
        "players": players,
        "seed": draw(st.integers(0, 2**32)),
        "first": draw(st.none() | st.sampled_from(players)),
        "bots": draw(st.lists(st.sampled_from(sorted(BOTS)), min_size=count, max_size=count)),
    }


def start(table: dict) -> dict:
    options = {} if table["first"] is None else {"first_player": table["first"]}
    return GAME.setup(table["players"], seed=table["seed"], options=options)


def bot_game(table: dict) -> Iterator[tuple[dict, str, dict]]:
    """Every (state, player, action) of one game played by bots; the player is any of to_act."""
    bots = {p: BOTS[kind](seed=table["seed"] + seat) for seat, (p, kind) in enumerate(zip(table["players"], table["bots"]))}
    rng = random.Random(table["seed"])
    state = start(table)
    while not GAME.is_over(state):
        player = rng.choice(GAME.to_act(state))
        action = bots[player].choose(GAME.view(state, player), GAME.legal_actions(state, player))
        yield state, player, action
        state = GAME.apply(state, player, action)
    yield state, None, None


def check_counts(state: dict) -> None:
    players = state["players"]
    for player in players:
        assert tokens_in_play(state, player) == 18, player
        for captive in state["clans"][player]["captives"]:
            assert captive["owner"] != player and captive["token"] in ("boy", "daughter")
    assert sum(state["clans"][p]["cows"] for p in players) + state["kingdom"]["cows"] == 25
    assert sum(state["clans"][p]["jewels"] for p in players) == 3 * len(players)
    assert all(state["clans"][p]["cows"] >= 0 and state["clans"][p]["jewels"] >= 0 for p in players)
    assert 1 <= state["turn"] <= 8


@FAST
@given(tables())
def test_tokens_cattle_and_jewels_are_always_accounted_for_and_no_game_passes_turn_eight(table):
    turns = set()
    for state, _, _ in bot_game(table):
        check_counts(state)
        view = GAME.view(state, None)
        for player in table["players"]:
            counted = view["clans"][player]
            assert counted["screen_count"] == sum(state["clans"][player]["screen"].values())
        turns.add(state["turn"])
    assert GAME.is_over(state)
    assert max(turns) <= 8 and (max(turns) == 8 or any(c["cows"] >= 11 for c in state["clans"].values()))
    assert set(GAME.scores(state)) == set(table["players"])
    assert GAME.winners(state) and set(GAME.winners(state)) <= set(table["players"])


@FAST
@given(tables())
def test_apply_never_changes_its_input_and_states_survive_json(table):
    for state, player, action in bot_game(table):
        assert json.loads(json.dumps(state)) == state
        if player is None:
            break
        before = copy.deepcopy(state)
        GAME.apply(state, player, action)
        GAME.legal_actions(state, player)
        GAME.view(state, player)
        assert state == before


@FAST
@given(tables())
def test_same_seed_and_actions_replay_to_the_same_states(table):
    played = list(bot_game(table))
    state = start(table)
    for recorded, player, action in played:
        assert state == recorded
        if player is None:
            break
        state = GAME.apply(state, player, json.loads(json.dumps(action)))
    assert json.dumps(state, sort_keys=True) == json.dumps(played[-1][0], sort_keys=True)


# ----- apply refuses exactly what legal_actions does not list ------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
KEYS = ("type", "token", "entrance", "board", "extra")
malformed = st.one_of(
    json_values,
    st.dictionaries(st.sampled_from(KEYS), json_values | st.sampled_from(("guard", "scout", "raid", "pass", *TOKENS)),
                    max_size=5),
)


def plausible(rng: random.Random, players: list[str]) -> dict:
    """An action built from real words (and a few wrong ones), legal or not."""
    kind = rng.choice(("guard", "scout", "raid", "pass", "pass"))
    action = {"type": kind}
    if kind != "pass":
        action["token"] = rng.choice((*TOKENS, "horse"))
    if kind in ("guard", "scout"):
        action["entrance"] = rng.choice((*ENTRANCES, "attic"))
    if kind == "scout":
        action["board"] = rng.choice((*players, "zed"))
    if rng.random() < 0.05:
        action[rng.choice(KEYS)] = rng.choice(("boy", "bob", "pasture-1", "guard"))
    return action


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.lists(malformed, min_size=1, max_size=6))
def test_apply_raises_exactly_for_actions_that_are_not_legal(table, odd_actions):
    rng = random.Random(table["seed"])
    for state, player, action in bot_game(table):
        anyone = rng.choice(table["players"] + ["zed"])
        for _ in range(3):
            check_refused_exactly_when_not_legal(GAME, state, rng.choice((anyone, player or anyone)),
                                                 plausible(rng, table["players"]))
        check_refused_exactly_when_not_legal(GAME, state, player or anyone, rng.choice(odd_actions))
        if player is not None and rng.random() < 0.2:
            for legal in GAME.legal_actions(state, player):
                check_refused_exactly_when_not_legal(GAME, state, player, legal)


# ----- hidden information ---------------------------------------------------------------------------

def same_slot_other_token(state: dict, player: str, action: dict) -> dict | None:
    """The same placement with another kind of token, if the player holds one that may go there."""
    if action["type"] == "pass":
        return None
    for other in GAME.legal_actions(state, player):
        if other.get("token", action["token"]) != action["token"] and {**other, "token": action["token"]} == action:
            return other
    return None


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(0, 150))
def test_a_face_down_choice_is_invisible_to_everyone_else_until_the_reveal(table, skip):
    """Two games that differ only in one player's face-down token at one slot give every
    other player (and spectators) the same view and the same to_act until the next reveal."""
    for state, secretive, action in bot_game(table):
        if secretive is None:
            return  # the game ended before a fork was found
        twin_action = same_slot_other_token(state, secretive, action) if skip <= 0 else None
        skip -= 1
        if twin_action is not None:
            break
    one, two = GAME.apply(state, secretive, action), GAME.apply(state, secretive, twin_action)
    assert GAME.view(one, secretive) != GAME.view(two, secretive)
    others = [p for p in table["players"] if p != secretive]
    bots = {p: BOTS[kind](seed=seat) for seat, (p, kind) in enumerate(zip(table["players"], table["bots"]))}
    rng = random.Random(skip)
    reports = len(state["reports"])
    while len(one["reports"]) == reports and not GAME.is_over(one):
        assert GAME.to_act(one) == GAME.to_act(two)
        assert GAME.view(one, None) == GAME.view(two, None)
        for other in others:
            assert GAME.view(one, other) == GAME.view(two, other)
            assert GAME.legal_actions(one, other) == GAME.legal_actions(two, other)
        mover = rng.choice(GAME.to_act(one))
        if mover == secretive:
            both = [a for a in GAME.legal_actions(one, mover) if a in GAME.legal_actions(two, mover)]
            move = bots[mover].choose(GAME.view(one, mover), both)
        else:
            move = bots[mover].choose(GAME.view(one, mover), GAME.legal_actions(one, mover))
        one, two = GAME.apply(one, mover, move), GAME.apply(two, mover, move)
    assert len(two["reports"]) == len(one["reports"]) == reports + 1  # both reveal at the same moment
