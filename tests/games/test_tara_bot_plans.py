"""The Tara bot's standing orders (TaraBot.plan): well shaped, from its view alone, and in the
battle several whole turns ahead, so that a player who plays through plans is asked at most
every few turns (bench/tempo.py, docs/tempo.md)."""
from __future__ import annotations

import copy

import pytest

from tain.games.tara.bots import BATTLE_TURNS, TaraBot
from tara_helpers import BLUE, GAME, PLAYERS, RED, SQUARES, adjacent_pairs, battle_position, manoeuvre_position
from tara_helpers import MIXED, new_match

# Two holes left (D4 and E4): red builds one, blue the other, then red starts the battle (T6).
TWO_HOLES = """
. r r b b b .
r r r b b b b
r r r b b b b
r r R . . b b
b b b r r r B
b b b r r r r
. b b r r r .
"""


def standing(plan: list[list[dict]]) -> dict:
    return {"type": "standing", "plan": plan}


def made_by_plan(state: dict, player: str) -> list[str]:
    return [move["text"] for move in GAME.view(state, player)["plan_moves"]]


def swap_entries(plan: list[list[dict]]) -> int:
    return sum(entry[0]["type"] == "swap" for entry in plan)


def visit(state: dict, player: str, bot: TaraBot) -> dict:
    """A player asked plays as bench/tempo.py's simulated players do: the bot's plan first, then
    the rest of the turn by hand, then a new plan if theirs is used up."""
    asked = (state["game_number"], state["turn"])
    state = GAME.apply(state, player, standing(bot.plan(GAME.view(state, player))))
    while player in GAME.to_act(state) and (state["game_number"], state["turn"]) == asked:
        state = GAME.apply(state, player, bot.choose(GAME.view(state, player), GAME.legal_actions(state, player)))
    if not GAME.is_over(state) and player not in GAME.to_act(state) and not GAME.view(state, player)["plan"]:
        state = GAME.apply(state, player, standing(bot.plan(GAME.view(state, player))))
    return state


def battle_asks_per_turn(seeds: tuple[int, ...], bot: type = TaraBot) -> float:
    """Over one-game matches between two bots playing through plans: how many times a player was
    asked in the battle, per battle turn."""
    asks = turns = 0
    for seed in seeds:
        bots = {RED: bot(seed), BLUE: bot(seed + 1)}
        state = new_match(seed=seed, games=1)
        while not GAME.is_over(state):
            player = GAME.to_act(state)[0]
            asks += state["phase"] == "battle"
            state = visit(state, player, bots[player])
        turns += state["turn"] - 45  # a turn a build, 45 of them, then a turn a swap
    return asks / turns


# ----- shape -------------------------------------------------------------------------------------

def check_shape(plan: list[list[dict]], view: dict) -> None:
    """At most 40 entries of 1 to 8 distinct moves of one kind; builds only in the manoeuvres
    and before any battle move; a link only right after a swap; every square a hole of the board,
    every pair two adjacent holes."""
    assert len(plan) <= 40 and all(1 <= len(entry) <= 8 for entry in plan)
    kinds = [entry[0]["type"] for entry in plan]
    for entry in plan:
        assert len({GAME.action_text(action) for action in entry}) == len(entry)
        assert {action["type"] for action in entry} == {entry[0]["type"]}
    builds = kinds.count("build")
    assert kinds[:builds] == ["build"] * builds and (view["phase"] == "manoeuvre" or not builds)
    assert set(kinds[builds:]) <= {"swap", "link"}
    starts_with_link = view["to_act"] == [view["you"]] and view["step"] == "link"
    for index, kind in enumerate(kinds[builds:], start=builds):
        if kind == "link" and not (index == 0 and starts_with_link):
            assert kinds[index - 1] == "swap"
    for action in (action for entry in plan for action in entry):
        if action["type"] == "link":
            assert action["pair"] in adjacent_pairs()
        else:
            assert action["square"] in SQUARES


@pytest.mark.parametrize("seed, level", [(3, 1), (4, 2)])
def test_every_plan_of_a_match_is_well_shaped_and_starts_with_a_legal_move(seed, level):
    bots = {RED: TaraBot(seed), BLUE: TaraBot(seed + 1)}
    state, checked = new_match(seed=seed, level=level, games=1), 0
    while not GAME.is_over(state):
        for player in PLAYERS:
            view = GAME.view(state, player)
            plan = bots[player].plan(copy.deepcopy(view))
            check_shape(plan, view)
            GAME.apply(state, player, standing(plan))  # the engine takes it
            if plan and player in GAME.to_act(state):
                assert plan[0][0] in GAME.legal_actions(state, player)
            checked += 1
        player = GAME.to_act(state)[0]
        state = GAME.apply(state, player, bots[player].choose(GAME.view(state, player),
                                                              GAME.legal_actions(state, player)))
    assert checked > 100


def test_the_plan_leaves_the_view_it_reads_as_it_was():
    view = GAME.view(battle_position(MIXED, RED, bridges={}), RED)
    before = copy.deepcopy(view)
    TaraBot(1).plan(view)
    assert view == before


# ----- only the view -----------------------------------------------------------------------------

def mid_battle(seed: int) -> dict:
    """A battle position some turns in, red to start a turn, from two bots."""
    bots = {RED: TaraBot(seed), BLUE: TaraBot(seed + 1)}
    state = new_match(seed=seed, games=1)
    while state["phase"] != "battle" or state["turn"] < 55 or state["to_move"] != RED or state["step"] != "start":
        player = GAME.to_act(state)[0]
        state = GAME.apply(state, player, bots[player].choose(GAME.view(state, player),
                                                              GAME.legal_actions(state, player)))
    return state


def test_twin_states_differing_only_in_the_enemys_plan_give_the_same_plan():
    state = mid_battle(5)
    twin = GAME.apply(state, BLUE, standing(TaraBot(3).plan(GAME.view(state, BLUE))))  # hidden from red
    assert twin != state and GAME.view(twin, RED) == GAME.view(state, RED)
    assert TaraBot(9).plan(GAME.view(twin, RED)) == TaraBot(9).plan(GAME.view(state, RED))


def test_twin_states_differing_only_in_whether_the_enemy_moved_by_plan_give_the_same_plan():
    before = mid_battle(6)
    turn = [GAME.legal_actions(before, RED)[0]]
    by_hand = GAME.apply(before, RED, turn[0])
    if RED in GAME.to_act(by_hand):
        turn.append(GAME.legal_actions(by_hand, RED)[0])
        by_hand = GAME.apply(by_hand, RED, turn[1])
    by_plan = GAME.apply(before, RED, standing([[action] for action in turn]))
    assert made_by_plan(by_plan, RED) == [GAME.action_text(action) for action in turn]
    assert by_plan != by_hand and GAME.view(by_plan, BLUE) == GAME.view(by_hand, BLUE)
    assert TaraBot(2).plan(GAME.view(by_plan, BLUE)) == TaraBot(2).plan(GAME.view(by_hand, BLUE))


# ----- more than one battle turn -----------------------------------------------------------------

def test_a_plan_given_at_the_start_of_a_battle_turn_covers_several_turns():
    plan = TaraBot(1).plan(GAME.view(battle_position(MIXED, RED, bridges={}), RED))
    assert BATTLE_TURNS >= 3 and swap_entries(plan) == BATTLE_TURNS
    assert [entry[0]["type"] for entry in plan] == ["swap", "link"] * BATTLE_TURNS
    waiting = TaraBot(1).plan(GAME.view(battle_position(MIXED, BLUE, bridges={}), RED))
    assert swap_entries(waiting) == BATTLE_TURNS  # given while the enemy is to move


def turn_by_hand(state: dict, player: str, bot: TaraBot) -> dict:
    """One whole turn of `player`, by hand; plans answer inside its last apply."""
    turn = state["turn"]
    while player in GAME.to_act(state) and state["turn"] == turn:
        state = GAME.apply(state, player, bot.choose(GAME.view(state, player), GAME.legal_actions(state, player)))
    return state


def test_the_plan_plays_the_later_turns_after_the_enemys_without_asking():
    state, bots = battle_position(MIXED, RED, bridges={}), {RED: TaraBot(1), BLUE: TaraBot(2)}
    state = GAME.apply(state, RED, standing(bots[RED].plan(GAME.view(state, RED))))
    for turn in range(1, BATTLE_TURNS):
        assert GAME.to_act(state) == [BLUE]
        state = turn_by_hand(state, BLUE, bots[BLUE])
        assert len(made_by_plan(state, RED)) == 2 * (turn + 1)  # red's swap and link, unasked
    assert GAME.to_act(state) == [BLUE] and GAME.view(state, RED)["plan"] == []


def test_without_a_bridge_in_hand_the_plan_is_swaps_only_and_plays_turn_after_turn():
    state = battle_position(MIXED, RED, bridges={}, bridges_in_hand={RED: 0})
    plan = TaraBot(1).plan(GAME.view(state, RED))
    assert [entry[0]["type"] for entry in plan] == ["swap"] * BATTLE_TURNS
    state = GAME.apply(state, RED, standing(plan))
    for turn in range(1, BATTLE_TURNS):
        state = turn_by_hand(state, BLUE, TaraBot(2))
        assert GAME.to_act(state) == [BLUE] and state["step"] == "start"
    assert made_by_plan(state, RED) == [GAME.action_text(entry[0]) for entry in plan]


def test_the_last_builds_plan_goes_on_into_the_battle_turn_that_follows():
    state = manoeuvre_position(TWO_HOLES, RED)
    plan = TaraBot(1).plan(GAME.view(state, RED))
    assert plan[0][0]["type"] == "build" and swap_entries(plan) == BATTLE_TURNS
    state = GAME.apply(state, RED, standing(plan))
    assert GAME.to_act(state) == [BLUE]
    hole = next(square for square in ("D4", "E4") if square not in state["board"])
    state = GAME.apply(state, BLUE, {"type": "build", "square": hole})  # the board is full: red starts
    assert state["phase"] == "battle" and GAME.to_act(state) == [BLUE]
    assert [text.split()[0] for text in made_by_plan(state, RED)] == ["build", "swap", "link"]


def test_a_player_who_plays_through_plans_is_asked_for_fewer_than_half_of_their_battle_turns():
    assert battle_asks_per_turn((11, 12, 13)) < 0.5
