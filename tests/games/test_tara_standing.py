"""Standing orders in Tara: builds planned ahead, whole battle turns (swap, then link) planned
before they come, fallbacks in order, plans ending with their game of the match; and, over
random matches with random plans, the same game as by hand (standing_checks.HandPlayed)."""
from __future__ import annotations

import copy
import json
import random
from typing import Iterator

import pytest
from hypothesis import HealthCheck, given, settings

from standing_checks import HandPlayed, check_against_hand_play, random_plan
from tain.games import IllegalAction
from tain.games.tara.bots import TaraBot
from tara_helpers import BLUE, GAME, PLAYERS, RED, SQUARES, adjacent_pairs, all_bridges, battle_position, new_match
from tara_helpers import MIXED, parse_picture, play
from test_tara_properties import start, tables

FAST = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def standing(*entries: list[str]) -> dict:
    return {"type": "standing", "plan": [[GAME.parse_action(text) for text in entry] for entry in entries]}


def made_by_plan(state: dict, player: str) -> list[str]:
    return [move["text"] for move in GAME.view(state, player)["plan_moves"]]


def test_builds_planned_ahead_play_at_each_of_your_turns_with_their_fallbacks():
    state = new_match(first=RED)
    state = GAME.apply(state, BLUE, standing(["build D4", "build D6"], ["build A2", "build C7"]))
    assert GAME.to_act(state) == [RED] and state["board"] == {}
    state = play(state, [(RED, "build D4")])
    assert state["board"] == {"D4": RED, "D6": BLUE}  # D4 was taken: its fallback was played
    assert GAME.to_act(state) == [RED]
    state = play(state, [(RED, "build D7")])
    # A2 is not within reach of red's king on D7; C7 is
    assert state["board"]["C7"] == BLUE and made_by_plan(state, BLUE) == ["build D6", "build C7"]
    assert GAME.view(state, BLUE)["plan"] == [] and GAME.to_act(state) == [RED]


def test_a_whole_battle_turn_planned_before_it_comes_plays_its_swap_and_then_its_link():
    state = battle_position(MIXED, RED, bridges={})
    state = GAME.apply(state, BLUE, standing(["swap A6", "swap D1"], ["link D1-E1", "link C1-D1"]))
    state = play(state, [(RED, "swap D5"), (RED, "link A6-B6")])
    # A6 is linked now, so blue swaps D1; D1-E1 joins no blue pair, so blue links C1-D1
    assert made_by_plan(state, BLUE) == ["swap D1", "link C1-D1"]
    assert GAME.to_act(state) == [RED] and state["step"] == "start"
    assert GAME.view(state, RED)["last_turn"][BLUE] == ["swap D1", "link C1-D1"]  # as if made by hand


def test_a_link_planned_where_none_is_legal_clears_the_plan_and_the_player_is_asked():
    state = battle_position(MIXED, RED, bridges={})
    state = GAME.apply(state, RED, standing(["swap D5"], ["link A2-A3"], ["swap F5"]))
    assert made_by_plan(state, RED) == ["swap D5"]
    assert GAME.to_act(state) == [RED] and state["step"] == "link" and GAME.view(state, RED)["plan"] == []


def test_a_plan_ends_with_the_game_of_the_match_it_was_given_in():
    state = battle_position(MIXED, RED, bridges=all_bridges(parse_picture(MIXED)[0], sparing={"F5"}), games=2)
    state = GAME.apply(state, BLUE, standing(["build D4"]))
    state = play(state, [(RED, "swap F5")])  # ends game 1: blue begins game 2
    assert state["game_number"] == 2 and GAME.to_act(state) == [BLUE]
    assert state["board"] == {} and GAME.view(state, BLUE)["plan"] == []


def test_a_tara_plan_is_private_though_tara_hides_nothing_else():
    before = battle_position(MIXED, RED, bridges={})
    state = GAME.apply(before, BLUE, standing(["swap A6"]))
    assert GAME.view(state, BLUE)["plan"] == [[{"type": "swap", "square": "A6"}]]
    assert GAME.view(state, RED) == GAME.view(before, RED) and GAME.view(state, None) == GAME.view(before, None)
    assert GAME.describe_action(standing(["swap A6"]), BLUE, for_others=True) == "blue changed their plan"
    assert GAME.describe_action(standing(["swap A6"], ["link A2-A3"]), BLUE) == "Plan your next 2 moves"


def test_tara_refuses_plans_of_the_wrong_shape_and_standing_orders_after_the_match():
    state = new_match()
    for plan, code in ([[[{"type": "pass"}]], "tara.plan-not-a-move"],
                       [[[{"type": "build"}]], "tara.plan-move-keys"],
                       [[[{"type": "build", "square": "D4", "skip": True}]] * 41, "tara.plan-too-long"]):
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, BLUE, {"type": "standing", "plan": plan})
        assert refusal.value.code == code
    text = GAME.action_text(standing(["build D4 skip", "build D5"], ["move-bridge C3-C4 D5-E5"]))
    assert GAME.parse_action(text) == standing(["build D4 skip", "build D5"], ["move-bridge C3-C4 D5-E5"])
    while not GAME.is_over(state):
        player = GAME.to_act(state)[0]
        state = GAME.apply(state, player, GAME.timeout_action(state, player))
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, RED, standing(["build D4"]))
    assert refusal.value.code == "tara.game-over"


def test_the_tara_bot_plans_well_shaped_orders_that_play():
    bot, state, played = TaraBot(7), new_match(games=1), 0
    while not GAME.is_over(state):
        player = GAME.to_act(state)[0]
        plan = bot.plan(GAME.view(state, player))
        assert len(plan) <= 40 and all(1 <= len(entry) <= 8 for entry in plan)
        state = GAME.apply(state, player, {"type": "standing", "plan": plan})
        if player in GAME.to_act(state):
            state = GAME.apply(state, player, bot.choose(GAME.view(state, player), GAME.legal_actions(state, player)))
    played = sum(len(GAME.view(state, p)["plan_moves"]) for p in PLAYERS)
    assert played > 20  # the bot's plans made many of the moves


# ----- random matches with random plans ------------------------------------------------------------------------------

def random_move(rng: random.Random) -> dict:
    kind = rng.choice(("build", "build", "swap", "swap", "link", "move-bridge"))
    if kind == "build":
        return {"type": "build", "square": rng.choice(SQUARES), **({"skip": True} if rng.random() < 0.1 else {})}
    if kind == "swap":
        return {"type": "swap", "square": rng.choice(SQUARES)}
    if kind == "link":
        return {"type": "link", "pair": rng.choice(adjacent_pairs())}
    return {"type": "move-bridge", "from": rng.choice(adjacent_pairs()), "to": rng.choice(adjacent_pairs())}


def planned_match(table: dict) -> Iterator[tuple[dict, str | None, dict | None]]:
    rng = random.Random(table["seed"])
    bots = {RED: TaraBot(table["seed"]), BLUE: TaraBot(table["seed"] + 1)}
    state = start(table)
    while not GAME.is_over(state):
        if rng.random() < 0.3:
            player = rng.choice(PLAYERS)
            if rng.random() < 0.3:
                action = random_plan(rng, lambda: random_move(rng))
            else:
                action = {"type": "standing", "plan": bots[player].plan(GAME.view(state, player))}
        else:
            player = GAME.to_act(state)[0]
            actions = GAME.legal_actions(state, player)
            bot_moves = rng.random() < table["bot_share"]
            action = bots[player].choose(GAME.view(state, player), actions) if bot_moves else rng.choice(actions)
        yield state, player, action
        state = GAME.apply(state, player, action)
    yield state, None, None


def game_ended(before: dict, after: dict) -> bool:
    return len(after["results"]) > len(before["results"])


@FAST
@given(tables())
def test_tara_plans_play_as_the_same_moves_by_hand_would_purely_and_replay(table):
    reference = HandPlayed(GAME, start(table), game_ended)
    played = []
    for state, player, action in planned_match(table):
        assert json.loads(json.dumps(state)) == state
        check_against_hand_play(GAME, state, reference)
        if player is None:
            break
        before = copy.deepcopy(state)
        reference.apply(player, action)
        played.append((player, json.loads(json.dumps(action))))
        GAME.apply(state, player, action)
        assert state == before
    assert reference.moves, "no plan made a move"
    replayed = start(table)
    for player, action in played:
        replayed = GAME.apply(replayed, player, action)
    assert replayed == state
