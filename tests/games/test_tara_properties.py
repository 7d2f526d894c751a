"""Property tests over random legal Tara matches, levels 1 and 2, one or two games, each move
chosen by the bot (TaraBot, as on a time-out) or at random among the legal actions."""
from __future__ import annotations

import copy
import json
import random
from typing import Iterator

from hypothesis import HealthCheck, given, settings, strategies as st

from engine_checks import canonical, check_refused_exactly_when_not_legal
from tain.games.tara.bots import TaraBot
from tara_helpers import (
    BLUE, GAME, PLAYERS, RED, SQUARES, adjacent_pairs, bridges_of_colour_conserved, kingdom_count,
    neighbours, other, pair,
)

MAX_MOVES = 2000  # a match is about 250 actions
FAST = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def tables(draw) -> dict:
    return {
        "seed": draw(st.integers(0, 2**32)),
        "level": draw(st.sampled_from((1, 2))),
        "games": draw(st.sampled_from((1, 2))),
        "first": draw(st.none() | st.sampled_from(PLAYERS)),
        "bot_share": draw(st.sampled_from((0.0, 0.5, 0.9, 1.0))),  # how often the bot chooses, not chance
    }


def start(table: dict) -> dict:
    options = {"level": table["level"], "games": table["games"]}
    if table["first"] is not None:
        options["first_player"] = table["first"]
    return GAME.setup(list(PLAYERS), seed=table["seed"], options=options)


def match(table: dict) -> Iterator[tuple[dict, str | None, dict | None]]:
    """Every (state, player, action) of one match; the last state comes with (None, None)."""
    rng = random.Random(table["seed"])
    bots = {RED: TaraBot(table["seed"]), BLUE: TaraBot(table["seed"] + 1)}
    state = start(table)
    for _ in range(MAX_MOVES):
        if GAME.is_over(state):
            yield state, None, None
            return
        player = GAME.to_act(state)[0]
        actions = GAME.legal_actions(state, player)
        if rng.random() < table["bot_share"]:
            action = bots[player].choose(GAME.view(state, player), actions)
        else:
            action = rng.choice(actions)
        yield state, player, action
        state = GAME.apply(state, player, action)
    raise AssertionError(f"the match did not end within {MAX_MOVES} actions")


def check_state(state: dict) -> None:
    """What holds in every state of every match."""
    assert json.loads(json.dumps(state)) == state
    board, bridges, kings = state["board"], state["bridges"], state["kings"]
    assert set(board) <= set(SQUARES) and set(board.values()) <= set(PLAYERS)
    for player in PLAYERS:
        assert kings[player] is None or board[kings[player]] == player
        assert 0 <= state["counters"][player] <= 5 and state["bridges_in_hand"][player] >= 0
    # T2: bridges join adjacent ringforts of their own colour, one per pair, named in board order
    for name, owner in bridges.items():
        a, b = name.split("-")
        assert b in neighbours(a) and name == pair(a, b), name
        assert board[a] == board[b] == owner, name
    assert bridges_of_colour_conserved(state)  # T3
    if state["phase"] == "over":
        assert GAME.to_act(state) == [] and len(state["results"]) == state["options"]["games"]
        return
    mover = state["to_move"]
    assert GAME.to_act(state) == [mover]
    assert GAME.legal_actions(state, mover), "the player to move always has a legal action"
    assert GAME.legal_actions(state, other(mover)) == []
    if state["phase"] == "manoeuvre":
        assert len(board) < 45 and not bridges and state["spare"] is None and state["step"] == "build"
        return
    # T6: the battle is fought on a full board
    assert state["phase"] == "battle" and len(board) == 45
    assert state["spare"] == (other(mover) if state["step"] == "link" else mover)
    assert kings[RED] and kings[BLUE]
    if state["options"]["level"] == 1:  # T10: in level 1 the spare holder has 22 on the board
        forts = {p: sum(owner == p for owner in board.values()) for p in PLAYERS}
        assert forts[state["spare"]] == 22 and forts[other(state["spare"])] == 23


@FAST
@given(tables())
def test_every_state_keeps_the_rules_invariants_and_the_match_ends(table):
    phases = []
    for state, player, action in match(table):
        check_state(state)
        if not phases or phases[-1] != (state["game_number"], state["phase"]):
            phases.append((state["game_number"], state["phase"]))
    games = table["games"]
    expected = [(g, phase) for g in range(1, games + 1) for phase in ("manoeuvre", "battle")] + [(games, "over")]
    assert phases == expected
    results = state["results"]
    assert [r["game_number"] for r in results] == list(range(1, games + 1))
    if games == 2:
        assert results[1]["first"] == other(results[0]["first"])  # T4: alternating starts
    for result in results:
        assert result["kingdoms"] == {p: kingdom_count(result["board"], p) for p in PLAYERS}  # T9
        assert sum(result["ringforts"].values()) == 45
        winner, loser = result["winner"], other(result["winner"])
        kingdoms, forts = result["kingdoms"], result["ringforts"]
        if kingdoms[winner] != kingdoms[loser]:  # T10
            assert kingdoms[winner] < kingdoms[loser]
            assert result["points"][winner] == 2 + kingdoms[loser] - kingdoms[winner]
        else:
            assert forts[winner] > forts[loser]
            assert result["points"][winner] == 2 + forts[winner] - forts[loser]
        assert result["points"][loser] == 0
    totals = {p: sum(r["points"][p] for r in results) for p in PLAYERS}
    assert GAME.scores(state) == totals
    assert GAME.winners(state) == [p for p in PLAYERS if totals[p] == max(totals.values())]


@FAST
@given(tables())
def test_a_game_ends_exactly_when_the_player_to_move_has_no_legal_turn(table):
    ended = 0
    for state, player, action in match(table):
        if player is None:
            break
        if state["phase"] != "battle":
            continue
        alone = copy.deepcopy(state)
        alone["options"]["games"] = 1  # so that the end position stays on the board
        after = GAME.apply(alone, player, action)
        if GAME.is_over(after):
            ended += 1
            stuck = copy.deepcopy(after)
            stuck.update(phase="battle", to_move=other(player), step="start")
            assert GAME.legal_actions(stuck, other(player)) == []
            touched = {s for name in after["bridges"] for s in name.split("-")}
            assert all(s in touched or s == after["kings"][player]
                       for s, owner in after["board"].items() if owner == player) or after["counters"][other(player)]
        elif after["to_move"] != player:
            assert GAME.legal_actions(after, after["to_move"])
    assert ended == table["games"]


@FAST
@given(tables())
def test_replay_is_deterministic_and_states_survive_json(table):
    played = list(match(table))
    state = start(table)
    for recorded, player, action in played:
        assert state == recorded
        if player is None:
            break
        state = json.loads(json.dumps(state))
        state = GAME.apply(state, player, json.loads(json.dumps(action)))
    assert canonical(state) == canonical(played[-1][0])


@FAST
@given(tables())
def test_apply_never_changes_its_input_and_text_forms_round_trip(table):
    rng = random.Random(table["seed"])
    for state, player, action in match(table):
        if player is None:
            break
        before = copy.deepcopy(state)
        GAME.apply(state, player, action)
        GAME.view(state, player)
        GAME.view(state, None)
        GAME.timeout_action(state, player)
        assert state == before
        if rng.random() < 0.3:
            for legal in GAME.legal_actions(state, player):
                assert GAME.parse_action(GAME.action_text(legal)) == legal
                assert GAME.describe_action(legal, player)


@FAST
@given(tables())
def test_timeout_action_is_always_legal_and_timeout_actions_finish_a_started_turn(table):
    for state, player, action in match(table):
        if player is None:
            break
        chosen = GAME.timeout_action(state, player)
        assert canonical(chosen) in {canonical(a) for a in GAME.legal_actions(state, player)}
        if state["phase"] == "battle" and state["step"] != "start":  # a deadline mid-turn
            finished = state
            for action in GAME.timeout_actions(state, player):
                finished = GAME.apply(finished, player, action)
            assert finished["turn"] == state["turn"] + 1 or finished["game_number"] > state["game_number"] \
                or GAME.is_over(finished)


# ----- apply refuses exactly what legal_actions does not list ------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
KEYS = ("type", "square", "from", "to", "pair", "skip", "extra")
WORDS = ("build", "swap", "link", "move-bridge", "pass", "D4", "C3-C4", "A1", True, 1)
malformed = st.one_of(
    json_values,
    st.dictionaries(st.sampled_from(KEYS), json_values | st.sampled_from(WORDS), max_size=4),
)


def some_pair(rng: random.Random, state: dict) -> str:
    choice = rng.random()
    if choice < 0.4 and state["bridges"]:
        return rng.choice(sorted(state["bridges"]))
    if choice < 0.8:
        return rng.choice(adjacent_pairs())
    if choice < 0.9:
        a, b = rng.choice(adjacent_pairs()).split("-")
        return f"{b}-{a}"  # backwards
    return f"{rng.choice(SQUARES)}-{rng.choice(SQUARES)}"


def plausible(rng: random.Random, state: dict) -> dict:
    """An action built from real squares and pairs, legal or (mostly) not."""
    kind = rng.choice(("build", "swap", "link", "move-bridge"))
    if kind in ("build", "swap"):
        action = {"type": kind, "square": rng.choice(SQUARES + ["A1", "H2", "d4"])}
        if kind == "build" and rng.random() < 0.3:
            action["skip"] = rng.choice((True, True, False, 1, "yes"))
    elif kind == "link":
        action = {"type": "link", "pair": some_pair(rng, state)}
    else:
        action = {"type": "move-bridge", "from": some_pair(rng, state), "to": some_pair(rng, state)}
    if rng.random() < 0.05:
        action[rng.choice(KEYS)] = rng.choice(WORDS)
    return action


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.lists(malformed, min_size=1, max_size=6))
def test_apply_raises_exactly_for_actions_that_are_not_legal(table, odd_actions):
    rng = random.Random(table["seed"])
    for state, player, action in match(table):
        anyone = rng.choice([*PLAYERS, "zed"])
        for _ in range(4):
            check_refused_exactly_when_not_legal(GAME, state, rng.choice((anyone, player or anyone)), plausible(rng, state))
        check_refused_exactly_when_not_legal(GAME, state, player or anyone, rng.choice(odd_actions))
        if player is not None and rng.random() < 0.1:
            for legal in GAME.legal_actions(state, player):
                check_refused_exactly_when_not_legal(GAME, state, player, legal)
                check_refused_exactly_when_not_legal(GAME, state, other(player), legal)
