"""Each ruling T1–T13 of tara-rulings.md, through the public interface (with custom
positions drawn as pictures and built by editing a state, see tara_helpers.py)."""
from __future__ import annotations

import copy

import pytest

from tain.games import IllegalAction, SetupError
from tara_helpers import (
    BLUE, CORNERS, GAME, MIXED, PLAYERS, RED, SQUARES, adjacent_pairs, all_bridges, battle_position,
    bridges_of_colour_conserved, kingdom_count, legal, manoeuvre_position, new_match, pair, parse_picture,
    play,
)
from tain.games.tara.bots import TaraBot

ALL_BUILDS = {f"build {square}" for square in SQUARES}


def refused(state: dict, player: str, action) -> str:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, player, action if isinstance(action, dict) else GAME.parse_action(action))
    assert state == before
    message = str(refusal.value)
    assert message and "\n" not in message and message.endswith("."), message  # a sentence for the player
    return message


def swaps(state: dict) -> set[str]:
    return {text for text in legal(state) if text.startswith("swap ")}


def bridge_moves(state: dict) -> set[str]:
    return {text for text in legal(state) if text.startswith("move-bridge ")}


# ----- T1, T2: the board and adjacency ---------------------------------------------------------------

def test_t1_the_board_has_45_holes_named_a_to_g_and_1_to_7_without_the_corners():
    assert len(SQUARES) == 45
    state = new_match()
    assert legal(state, RED) == ALL_BUILDS  # the first build may go anywhere: every hole is listed
    assert not {f"build {corner}" for corner in CORNERS} & legal(state, RED)
    assert {"build A2", "build A6", "build B1", "build B7", "build D4", "build F7", "build G6"} <= ALL_BUILDS


@pytest.mark.parametrize("square", ["A1", "G1", "A7", "G7", "H4", "D8", "D0", "d4 ", "", "D44"])
def test_t1_builds_outside_the_45_holes_are_refused(square):
    refused(new_match(), RED, {"type": "build", "square": square})


def test_t2_links_join_only_horizontally_or_vertically_adjacent_pairs():
    state = battle_position(MIXED, RED, bridges={})
    state = play(state, [(RED, "swap D5")])
    links = {text.split()[1] for text in legal(state)}
    assert "C5-D5" in links and "D3-E3" in links
    for name in links:
        a, b = name.split("-")
        assert (a[0] == b[0] and abs(int(a[1]) - int(b[1])) == 1) or \
               (a[1] == b[1] and abs(ord(a[0]) - ord(b[0])) == 1), name
    for diagonal_or_far in ("C4-D3", "C5-D4", "A5-A4", "A4-A6", "B5-D5"):
        refused(state, RED, f"link {diagonal_or_far}")


def test_t2_a_pair_is_joined_by_at_most_one_bridge_and_written_in_board_order():
    state = battle_position(MIXED, RED, bridges={"C5-C6": RED})
    state = play(state, [(RED, "swap D5")])
    assert "link C5-C6" not in legal(state)
    refused(state, RED, "link C5-C6")
    refused(state, RED, "link D5-C5")  # the right pair written backwards: pairs are C5-D5
    state = play(state, [(RED, "link C5-D5")])
    assert state["bridges"] == {"C5-C6": RED, "C5-D5": RED}


def test_t2_t9_kingdoms_join_through_adjacency_only_not_diagonals_and_regardless_of_bridges():
    for bridges in ({}, None):
        view = GAME.view(battle_position(MIXED, RED, bridges=bridges), None)
        assert view["kingdoms"] == {RED: 2, BLUE: 2}  # C4/D3 and C3/D4 only touch at corners


# ----- T3: supplies ----------------------------------------------------------------------------------

def test_t3_each_player_starts_with_5_counters_and_35_bridges_in_hand():
    for state in (new_match(), new_match(first=BLUE, level=2, games=1)):
        view = GAME.view(state, None)
        assert view["counters"] == {RED: 5, BLUE: 5}
        assert view["bridges_in_hand"] == {RED: 35, BLUE: 35}
        assert view["bridges"] == {} and view["board"] == {} and view["spare"] is None
        assert bridges_of_colour_conserved(state)


def test_t3_level_one_manoeuvres_use_23_ringforts_for_the_first_player_and_22_for_the_second():
    for first in PLAYERS:
        state = new_match(first=first)
        bot = TaraBot(3)
        while state["phase"] == "manoeuvre":
            state = GAME.apply(state, state["to_move"],
                               bot.choose(GAME.view(state, state["to_move"]), GAME.legal_actions(state, state["to_move"])))
        view = GAME.view(state, None)
        assert view["ringforts"] == {first: 23, ("blue" if first == RED else RED): 22}


def test_t3_a_link_uses_a_bridge_from_the_own_hand():
    state = battle_position(MIXED, RED, bridges={})
    before = dict(state["bridges_in_hand"])
    state = play(state, [(RED, "swap D5"), (RED, "link C5-D5")])
    assert state["bridges_in_hand"] == {RED: before[RED] - 1, BLUE: before[BLUE]}
    assert state["bridges"] == {"C5-D5": RED}
    assert bridges_of_colour_conserved(state)


# ----- T4: the match -------------------------------------------------------------------------------

def test_t4_setup_defaults_to_a_match_of_two_games_at_level_one():
    view = GAME.view(GAME.setup(list(PLAYERS), seed=4), None)
    assert (view["games"], view["level"], view["game_number"]) == (2, 1, 1)
    assert view["first_player"] in PLAYERS and view["to_act"] == [view["first_player"]]


def test_t4_first_player_from_the_seed_is_repeatable_and_varies():
    firsts = {GAME.view(GAME.setup(list(PLAYERS), seed=seed), None)["first_player"] for seed in range(30)}
    assert firsts == set(PLAYERS)
    assert GAME.setup(list(PLAYERS), seed=11) == GAME.setup(list(PLAYERS), seed=11, options={})


@pytest.mark.parametrize("players, options", [
    (["red"], {}), (["red", "blue", "green"], {}), (["red", "red"], {}), (["red", " blue"], {}),
    (["red", "blue"], {"games": 3}), (["red", "blue"], {"games": 0}), (["red", "blue"], {"level": 3}),
    (["red", "blue"], {"first_player": "green"}), (["red", "blue"], {"variant": "cards"}),
    (["red", "blue"], {"games": True}), (["red", "blue"], {"level": True}),    # booleans are not numbers here
    (["red", "blue"], {"games": 1.0}), (["red", "blue"], {"level": "2"}),
])
def test_t4_setup_refuses_bad_players_and_options(players, options):
    with pytest.raises(SetupError):
        GAME.setup(players, seed=1, options=options)


def bot_play_until(state: dict, stop) -> dict:
    bots = {RED: TaraBot(1), BLUE: TaraBot(2)}
    for _ in range(2000):
        if stop(state):
            return state
        player = GAME.to_act(state)[0]
        state = GAME.apply(state, player, bots[player].choose(GAME.view(state, player), GAME.legal_actions(state, player)))
    raise AssertionError("the match did not stop")


@pytest.mark.parametrize("first", PLAYERS)
def test_t4_the_second_game_starts_afresh_with_the_first_games_second_player(first):
    second = BLUE if first == RED else RED
    state = bot_play_until(new_match(first=first, seed=5), lambda s: s["game_number"] == 2)
    view = GAME.view(state, None)
    assert len(view["results"]) == 1 and view["results"][0]["first"] == first
    assert (view["first_player"], view["to_act"], view["phase"], view["step"]) == (second, [second], "manoeuvre", "build")
    assert view["board"] == {} and view["bridges"] == {} and view["spare"] is None
    assert view["kings"] == {RED: None, BLUE: None}
    assert view["counters"] == {RED: 5, BLUE: 5} and view["bridges_in_hand"] == {RED: 35, BLUE: 35}
    assert legal(state) == ALL_BUILDS  # the first build of the second game goes anywhere (T5)
    assert not GAME.is_over(state) and GAME.winners(state) == []
    assert GAME.scores(state) == view["results"][0]["points"]


def test_t4_points_of_the_two_games_add_up_and_most_points_wins():
    state = bot_play_until(new_match(seed=8), GAME.is_over)
    results = GAME.view(state, None)["results"]
    assert [r["game_number"] for r in results] == [1, 2]
    assert [r["first"] for r in results] == [RED, BLUE]
    totals = {p: results[0]["points"][p] + results[1]["points"][p] for p in PLAYERS}
    assert GAME.scores(state) == totals
    best = max(totals.values())
    assert GAME.winners(state) == [p for p in PLAYERS if totals[p] == best]
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, RED) == []
    refused(state, RED, "build D4")


def test_t4_the_option_games_1_ends_the_match_after_one_game():
    state = bot_play_until(new_match(seed=8, games=1), lambda s: s["results"])
    assert GAME.is_over(state) and len(state["results"]) == 1
    assert GAME.scores(state) == state["results"][0]["points"]
    assert GAME.winners(state) == [state["results"][0]["winner"]]


# ----- T5: building within reach of the enemy king ---------------------------------------------------

def test_t5_the_first_build_goes_anywhere_and_the_king_moves_in():
    state = play(new_match(), [(RED, "build A2")])
    assert state["board"] == {"A2": RED} and state["kings"][RED] == "A2"
    assert state["to_move"] == BLUE


def test_t5_then_builds_go_1_or_2_holes_from_the_enemy_king_in_lines_and_diagonals():
    state = play(new_match(), [(RED, "build D4")])
    assert legal(state, BLUE) == {f"build {s}" for s in (
        "C4", "E4", "D3", "D5", "C3", "C5", "E3", "E5",            # one hole away
        "B4", "F4", "D2", "D6", "B2", "B6", "F2", "F6")}            # two holes away
    refused(state, BLUE, "build C6")  # a knight's jump is not in line
    refused(state, BLUE, "build D7")  # three holes away
    state = play(state, [(BLUE, "build F6")])
    assert state["kings"] == {RED: "D4", BLUE: "F6"}
    assert legal(state, RED) == {f"build {s}" for s in ("D6", "E5", "E6", "E7", "F4", "F5", "F7", "G5", "G6")}


def test_t5_reach_near_the_edge_stays_on_the_board():
    state = manoeuvre_position("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . R . . . . .
        . . . . . . .
    """, BLUE)
    assert legal(state) == {f"build {s}" for s in ("A2", "A3", "B1", "B3", "B4", "C1", "C2", "C3", "D2", "D4")}


def test_t5_reach_jumps_over_ringforts_of_either_colour():
    state = manoeuvre_position("""
        . . . . . . .
        . . . . . . .
        . . . b . . .
        . . r R b . .
        . . . b . . .
        . . . . . . .
        . . . . . . .
    """, BLUE)
    assert legal(state) == {f"build {s}" for s in ("B4", "F4", "D2", "D6", "C3", "C5", "E3", "E5", "B2", "B6", "F2", "F6")}
    state = play(state, [(BLUE, "build D6")])
    assert state["board"]["D6"] == BLUE and state["kings"][BLUE] == "D6" and state["board"]["D5"] == BLUE


def test_t5_with_nothing_empty_in_reach_the_build_goes_on_any_empty_hole():
    state = manoeuvre_position("""
        . . . . . . .
        . r . r . r .
        . . b b b . .
        . r b R b r .
        . . b b b . .
        . r . r . r .
        . . . . . . .
    """, BLUE)
    empty = {s for s in SQUARES if s not in state["board"]}
    assert len(empty) == 28 and legal(state) == {f"build {s}" for s in empty}
    state = play(state, [(BLUE, "build G2")])
    assert state["kings"][BLUE] == "G2"


def test_t5_occupied_holes_cannot_be_built_on():
    state = play(new_match(), [(RED, "build D4"), (BLUE, "build D5")])
    refused(state, RED, "build D4")
    refused(state, RED, "build D5")


# ----- T6: from the manoeuvres to the battle -----------------------------------------------------------

ALMOST_FULL = """
. r r r r r .
b b r r r r r
r r r r r r r
b b b R b b b
b b b r b b b
b b b r b b B
. b r . b b .
"""  # one empty hole, D1


@pytest.mark.parametrize("last_builder", PLAYERS)
def test_t6_the_battle_begins_when_the_board_is_full_and_the_other_player_holds_the_spare(last_builder):
    state = manoeuvre_position(ALMOST_FULL, last_builder)
    assert legal(state) == {"build D1"}
    state = play(state, [(last_builder, "build D1")])
    starter = BLUE if last_builder == RED else RED
    view = GAME.view(state, None)
    assert (view["phase"], view["step"], view["spare"], view["to_act"]) == ("battle", "start", starter, [starter])
    assert len(view["board"]) == 45 and view["bridges"] == {}
    assert view["swappable"] == sorted(s for s, p in view["board"].items() if p == last_builder and s != "D1")


def test_t6_before_the_board_is_full_the_manoeuvres_go_on():
    state = manoeuvre_position(ALMOST_FULL.replace(". b r . b b .", ". . r . b b ."), RED)  # B1 and D1 empty
    state = play(state, [(RED, "build B1")])
    assert state["phase"] == "manoeuvre" and GAME.to_act(state) == [BLUE] and state["spare"] is None


# ----- T7, T8: the battle turn --------------------------------------------------------------------------

def test_t7_t8_only_unlinked_enemy_ringforts_without_the_enemy_king_can_be_swapped():
    bridges = {"D7-E7": BLUE, "E6-F6": BLUE, "A5-A6": RED}
    state = battle_position(MIXED, RED, bridges=bridges)
    blue = {s for s, p in state["board"].items() if p == BLUE}
    assert swaps(state) == {f"swap {s}" for s in blue - {"D7", "E7", "E6", "F6", "E4"}}
    refused(state, RED, "swap D7")   # linked
    refused(state, RED, "swap E4")   # holds the blue king
    refused(state, RED, "swap A4")   # red's own
    refused(state, RED, "swap A1")   # no such hole
    refused(state, BLUE, "swap A4")  # not blue's turn


def test_t8_the_swapped_ringfort_becomes_the_opponents_spare_and_the_king_moves_in():
    state = battle_position(MIXED, RED, bridges={})
    assert state["spare"] == RED
    state = play(state, [(RED, "swap F5")])
    assert state["board"]["F5"] == RED and state["kings"][RED] == "F5"
    assert state["spare"] == BLUE and len(state["board"]) == 45
    assert GAME.view(state, None)["ringforts"] == {RED: 23, BLUE: 22}


def test_t8_linking_is_compulsory_after_the_swap_when_a_pair_can_be_joined():
    state = battle_position(MIXED, RED, bridges={})
    state = play(state, [(RED, "swap D5")])
    assert GAME.to_act(state) == [RED] and state["step"] == "link"
    red = {s for s, p in state["board"].items() if p == RED}
    expected = {f"link {name}" for name in adjacent_pairs() if set(name.split("-")) <= red}
    assert legal(state) == expected and "link A2-A3" not in expected  # blue's pair
    assert GAME.legal_actions(state, BLUE) == []
    refused(state, RED, "swap F5")                   # one swap a turn
    refused(state, RED, "move-bridge D7-E7 D6-E6")  # bridge moves only at the start
    refused(state, BLUE, "swap A4")                  # red's turn is not over
    refused(state, RED, "link A2-A3")                # enemy ringforts are never linked
    state = play(state, [(RED, "link A6-B6")])       # any own pair, not necessarily the new one
    assert GAME.to_act(state) == [BLUE] and state["step"] == "start" and state["bridges"] == {"A6-B6": RED}


def test_t8_a_swap_with_no_pair_left_to_join_ends_the_turn():
    state = battle_position(MIXED, RED, bridges=all_bridges(parse_picture(MIXED)[0], sparing={"F5"}))
    assert swaps(state) == {"swap F5"}  # every other blue ringfort is linked
    state = play(state, [(RED, "swap F5")])  # F5 touches no red ringfort and every red pair is joined
    # no link step: red's turn is over, and with every red ringfort linked but the king's and no red
    # pair open for a bridge move, blue has no turn: the game is over (T9)
    assert state["bridges"] == all_bridges(parse_picture(MIXED)[0], sparing={"F5"})
    assert GAME.is_over(state) and state["results"][0]["board"]["F5"] == RED


def test_t8_no_link_without_a_bridge_in_hand():
    # (red's hand is emptied by hand: a board of 30 red pairs cannot use up 35 bridges)
    state = battle_position(MIXED, RED, bridges={}, bridges_in_hand={RED: 0})
    state = play(state, [(RED, "swap D5")])
    assert GAME.to_act(state) == [BLUE] and state["bridges"] == {}


def test_t8_the_swap_may_leave_the_new_ringfort_unlinkable_while_linking_elsewhere():
    state = battle_position(MIXED, RED, bridges={})
    state = play(state, [(RED, "swap F5")])  # F5 has no red neighbour
    assert state["step"] == "link" and not any("F5" in text for text in legal(state))


# A position for enemy-bridge moves: every blue pair joined except D7-E7 and B1-C1, so that the only
# blue ringforts held by a single bridge are D7 (D6-D7), B1 (B1-B2) and C1 (C1-C2); red has one counter.
def bridge_move_position(level: int = 1, red_counters: int = 1, open_pairs=("D7-E7", "B1-C1")) -> dict:
    board, _ = parse_picture(MIXED)
    bridges = {name: owner for name, owner in all_bridges(board).items() if name not in open_pairs}
    return battle_position(MIXED, RED, bridges={k: v for k, v in bridges.items() if v == BLUE},
                           counters={RED: red_counters, BLUE: 5}, level=level)


def test_t8_an_enemy_bridge_may_only_move_onto_an_open_enemy_pair_so_that_a_swap_follows():
    state = bridge_move_position()
    assert swaps(state) == set()
    assert bridge_moves(state) == {
        "move-bridge B1-B2 D7-E7",  # frees B1
        "move-bridge C1-C2 D7-E7",  # frees C1
        "move-bridge D6-D7 B1-C1",  # frees D7
    }
    refused(state, RED, "move-bridge D6-D7 D7-E7")  # D7 is linked again: no swap would follow
    refused(state, RED, "move-bridge B1-B2 B1-C1")  # B1 is linked again
    refused(state, RED, "move-bridge B1-B2 A5-A6")  # a red pair
    refused(state, RED, "move-bridge B1-B2 E6-F6")  # a blue pair already joined
    refused(state, RED, "move-bridge B1-B2 D7-F7")  # not adjacent
    refused(state, RED, "move-bridge A5-A6 D7-E7")  # red's own bridge (there is none on the board)
    refused(state, RED, "move-bridge B1-C1 D7-E7")  # no bridge there


def test_t8_with_the_only_single_bridges_on_open_pairs_no_bridge_move_frees_a_ringfort():
    state = bridge_move_position(open_pairs=("D7-E7",))
    assert legal(state) == set() and GAME.legal_actions(state, RED) == []


def test_t8_no_bridge_move_without_a_counter():
    state = bridge_move_position(red_counters=0)
    assert legal(state) == set()
    message = refused(state, RED, "move-bridge B1-B2 D7-E7")
    assert "counter" in message


def test_t3_t8_a_bridge_move_is_paid_with_a_counter_then_a_swap_follows_and_no_link():
    state = bridge_move_position()
    before = copy.deepcopy(state)
    state = play(state, [(RED, "move-bridge B1-B2 D7-E7")])
    assert GAME.to_act(state) == [RED] and state["step"] == "swap"
    assert "B1-B2" not in state["bridges"] and state["bridges"]["D7-E7"] == BLUE
    assert len(state["bridges"]) == len(before["bridges"])
    assert state["counters"] == {RED: 0, BLUE: 5}
    assert state["bridges_in_hand"] == {RED: before["bridges_in_hand"][RED], BLUE: before["bridges_in_hand"][BLUE] + 1}
    assert bridges_of_colour_conserved(state)
    assert legal(state) == {"swap B1"}                # only the swap now
    refused(state, RED, "move-bridge C1-C2 B1-C1")    # one bridge move, at the start
    refused(state, RED, "link A5-A6")
    state = play(state, [(RED, "swap B1")])
    # red has open pairs everywhere (no red bridges), but a bridge-move turn has no link
    assert GAME.to_act(state) == [BLUE] and state["step"] == "start"
    assert not any(owner == RED for owner in state["bridges"].values())
    assert state["board"]["B1"] == RED and state["kings"][RED] == "B1" and state["spare"] == BLUE


def test_t8_a_bridge_move_target_may_touch_ringforts_with_other_bridges():
    state = bridge_move_position()
    state = play(state, [(RED, "move-bridge D6-D7 B1-C1")])  # B1 and C1 keep B1-B2 and C1-C2
    assert state["bridges"]["B1-C1"] == BLUE and legal(state) == {"swap D7"}


# ----- T9: the end ------------------------------------------------------------------------------------------

def test_t9_the_game_goes_on_while_the_player_to_move_has_only_a_bridge_move():
    state = bridge_move_position()
    assert not GAME.is_over(state) and legal(state) and all(t.startswith("move-bridge") for t in legal(state))


def test_t9_the_game_ends_when_the_player_to_move_has_no_legal_turn():
    # red's turn ends with blue unable to swap (all red linked but the king's) and without counters
    board, _ = parse_picture(MIXED)
    bridges = all_bridges(board, sparing={"D4"})
    state = battle_position(MIXED, RED, bridges=bridges, counters={RED: 5, BLUE: 0})
    state = play(state, [(RED, "swap D4")])
    assert state["step"] == "link"
    state = play(state, [(RED, "link D3-D4")])
    assert GAME.is_over(state) and len(state["results"]) == 1
    result = state["results"][0]
    assert result["board"] == state["board"] and result["bridges"] == state["bridges"]
    assert GAME.to_act(state) == [] and GAME.legal_actions(state, BLUE) == []
    refused(state, BLUE, "swap C4")
    # red's two kingdoms became one through D4; blue's right-hand kingdom lost D4
    assert result["kingdoms"] == {RED: kingdom_count(state["board"], RED), BLUE: kingdom_count(state["board"], BLUE)}
    assert result["kingdoms"] == {RED: 1, BLUE: 2}


# ----- T10: scoring --------------------------------------------------------------------------------------

def final_turn(picture_before: str, mover: str, steps, level: int = 1) -> dict:
    """Play the last turn of a game: every pair of the picture is joined except those touching
    the square the mover swaps, and the opponent has no counter left."""
    board, _ = parse_picture(picture_before)
    swapped = GAME.parse_action(steps[0][1])["square"]
    state = battle_position(picture_before, mover, bridges=all_bridges(board, sparing={swapped}),
                            counters={mover: 5, (BLUE if mover == RED else RED): 0}, level=level)
    state = play(state, steps)
    assert GAME.is_over(state), "the game should have ended"
    return state


def test_t10_fewer_kingdoms_wins_two_points_plus_the_difference():
    state = final_turn("""
        . r r r R r .
        b r r r r r b
        r r r r r r r
        b b r r r b b
        b b b r b b b
        b b b r b b B
        . b b b b b .
    """, RED, [(RED, "swap D1"), (RED, "link D1-D2")])
    result = state["results"][0]
    assert result["kingdoms"] == {RED: 1, BLUE: 4}  # blue: A6, G6 and the two lower blocks
    assert result["ringforts"] == {RED: 23, BLUE: 22}
    assert result["points"] == {RED: 5, BLUE: 0} and result["winner"] == RED
    assert GAME.scores(state) == {RED: 5, BLUE: 0} and GAME.winners(state) == [RED]


def test_t10_equal_kingdoms_more_ringforts_on_the_board_wins_and_level_two_skips_can_widen_it():
    # level 2: blue took skips in the manoeuvres and ends with 24 ringforts on the board against 21
    state = final_turn("""
        . b b B b b .
        b b b b b b b
        r r r r r r r
        r R r r r r r
        b b b b b b b
        b b b r r r r
        . b r r r r .
    """, BLUE, [(BLUE, "swap D2"), (BLUE, "link D2-D3")], level=2)
    result = state["results"][0]
    assert result["kingdoms"] == {RED: 2, BLUE: 2}
    assert result["ringforts"] == {RED: 21, BLUE: 24}
    assert result["points"] == {RED: 0, BLUE: 5} and result["winner"] == BLUE
    assert state["spare"] == RED


# ----- T11: the level-2 skip ------------------------------------------------------------------------------

SIEGE = """
. . . . . . .
. . . . . . .
. . . R . . .
. . r B r . .
. . . . . . .
. . . . . . .
. . . . . . .
"""  # the blue king on D4, alone; red's build on D3 completes the siege


def test_t11_the_build_that_completes_the_siege_of_a_lone_enemy_king_offers_the_skip():
    state = manoeuvre_position(SIEGE, RED, level=2)
    assert {t for t in legal(state) if t.endswith("skip")} == {"build D3 skip"}
    assert "build D3" in legal(state)  # the skip is an option
    refused(state, RED, "build D2 skip")
    state = play(state, [(RED, "build D3 skip")])
    assert state["counters"] == {RED: 4, BLUE: 5}
    assert state["bridges_in_hand"] == {RED: 35, BLUE: 36}  # the counter is one of blue's bridges
    assert bridges_of_colour_conserved(state)
    assert GAME.to_act(state) == [RED] and state["kings"] == {RED: "D3", BLUE: "D4"}
    # the skipping player builds again, in reach of the (still besieged) blue king
    assert legal(state) == {f"build {s}" for s in ("B4", "F4", "D2", "D6", "C3", "C5", "E3", "E5", "B2", "B6", "F2", "F6")}
    state = play(state, [(RED, "build F6")])
    assert GAME.to_act(state) == [BLUE]


def test_t11_without_the_skip_the_turn_passes_as_usual():
    state = play(manoeuvre_position(SIEGE, RED, level=2), [(RED, "build D3")])
    assert GAME.to_act(state) == [BLUE] and state["counters"] == {RED: 5, BLUE: 5}


def test_t11_no_skip_at_level_one():
    state = manoeuvre_position(SIEGE, RED, level=1)
    assert not any(t.endswith("skip") for t in legal(state))
    refused(state, RED, "build D3 skip")


def test_t11_no_skip_without_a_counter():
    state = manoeuvre_position(SIEGE, RED, level=2, counters={RED: 0})
    assert not any(t.endswith("skip") for t in legal(state))
    refused(state, RED, "build D3 skip")


def test_t11_no_skip_when_the_king_has_an_adjacent_ringfort_of_its_own():
    state = manoeuvre_position(SIEGE.replace(". . r B r . .", ". . r B b . ."), RED, level=2)
    assert not any(t.endswith("skip") for t in legal(state))
    refused(state, RED, "build D3 skip")


def test_t11_no_skip_for_a_build_next_to_the_king_that_does_not_complete_the_siege():
    state = manoeuvre_position(SIEGE.replace(". . r B r . .", ". . r B . . ."), RED, level=2)
    assert not any(t.endswith("skip") for t in legal(state))
    refused(state, RED, "build D3 skip")
    refused(state, RED, "build E4 skip")


def test_t11_a_siege_on_the_edge_needs_only_the_holes_that_exist():
    state = manoeuvre_position("""
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . R . . .
        . . . . . . .
        . B r . . . .
    """, RED, level=2)  # B1's neighbours: C1 (red) and B2; A1 is a missing corner
    assert {t for t in legal(state) if t.endswith("skip")} == {"build B2 skip"}


def test_t11_the_build_that_fills_the_board_gives_no_skip():
    picture = """
        . r r r r r .
        B . r r r r r
        r r r r r r r
        b b b r b b b
        b b b r b b b
        b b b r b b b
        . b r R b b .
    """  # A6 holds the lone blue king; B6 is the last empty hole
    state = manoeuvre_position(picture, RED, level=2)
    assert legal(state) == {"build B6"}
    refused(state, RED, "build B6 skip")
    # with one more empty hole (D7), the same build completes the siege and may skip
    state = manoeuvre_position(picture.replace(". r r r r r .", ". r r . r r ."), RED, level=2)
    assert legal(state) == {"build B6", "build B6 skip"}


def test_t6_t11_after_a_skip_the_skipping_player_may_build_last_and_the_other_starts_the_battle():
    picture = """
        . r r . r r .
        B . r r r r r
        r r r r r r r
        b b b r b b b
        b b b r b b b
        b b b r b b b
        . b r R b b .
    """
    state = play(manoeuvre_position(picture, RED, level=2), [(RED, "build B6 skip"), (RED, "build D7")])
    assert (state["phase"], state["spare"], GAME.to_act(state)) == ("battle", BLUE, [BLUE])
    state = play(manoeuvre_position(picture, RED, level=2), [(RED, "build B6"), (BLUE, "build D7")])
    assert (state["phase"], state["spare"], GAME.to_act(state)) == ("battle", RED, [RED])


# ----- T12: the king's lines (level 2) --------------------------------------------------------------------

def test_t12_links_lie_in_the_row_or_the_column_of_the_kings_new_position():
    state = play(battle_position(MIXED, RED, bridges={}, level=2), [(RED, "swap D5")])
    assert legal(state) == {"link A5-B5", "link B5-C5", "link C5-D5", "link D1-D2", "link D2-D3"}
    refused(state, RED, "link A6-B6")  # a red pair, but off the king's lines
    refused(state, RED, "link C4-C5")  # one square in the king's row only
    level_one = play(battle_position(MIXED, RED, bridges={}, level=1), [(RED, "swap D5")])
    assert "link A6-B6" in legal(level_one)


def test_t12_with_no_open_pair_in_the_kings_lines_the_turn_ends_after_the_swap():
    bridges = {"A5-B5": RED, "B5-C5": RED, "F1-F2": RED, "F2-F3": RED}
    state = play(battle_position(MIXED, RED, bridges=bridges, level=2), [(RED, "swap F5")])
    assert GAME.to_act(state) == [BLUE]  # although A6-B6 and others are open elsewhere


def test_t12_a_moved_enemy_bridge_goes_into_the_enemy_kings_lines():
    # the blue king is on E4; the open blue pairs are D6-E6 (off its lines), E6-E7 (its column), B1-C1 (off)
    level_two = bridge_move_position(level=2, open_pairs=("D6-E6", "E6-E7", "B1-C1"))
    assert bridge_moves(level_two) == {"move-bridge B1-B2 E6-E7", "move-bridge C1-C2 E6-E7"}
    refused(level_two, RED, "move-bridge B1-B2 D6-E6")
    level_one = bridge_move_position(level=1, open_pairs=("D6-E6", "E6-E7", "B1-C1"))
    assert bridge_moves(level_one) == {"move-bridge B1-B2 E6-E7", "move-bridge C1-C2 E6-E7",
                                       "move-bridge B1-B2 D6-E6", "move-bridge C1-C2 D6-E6"}


# ----- T13: time-outs ---------------------------------------------------------------------------------------

def test_t13_the_timeout_action_is_legal_for_the_player_to_move_at_every_step():
    for state in t13_positions():
        player = GAME.to_act(state)[0]
        action = GAME.timeout_action(state, player)
        assert action in GAME.legal_actions(state, player)
        assert GAME.timeout_action(copy.deepcopy(state), player) == action  # the same deadline, the same move
        GAME.apply(state, player, action)
        with pytest.raises(IllegalAction):
            GAME.timeout_action(state, BLUE if player == RED else RED)


def test_t13_the_timeout_action_is_the_bots_choice_a_swap_that_splits_an_enemy_kingdom():
    picture = """
        . b b b b b .
        b b b b b b b
        r r r r r r r
        b b b R b b b
        r r r r r r r
        r r r r r r r
        . b B b b b .
    """
    board, _ = parse_picture(picture)
    state = battle_position(picture, RED, bridges=all_bridges(board, sparing={"B4", "D6"}))
    assert swaps(state) == {"swap A4", "swap B4", "swap C4", "swap D6"}
    assert GAME.timeout_action(state, RED) == {"type": "swap", "square": "B4"}  # A4-B4-C4 falls apart


def test_t13_no_timeout_action_once_the_match_is_over():
    state = bot_play_until(new_match(seed=3, games=1), GAME.is_over)
    for player in PLAYERS:
        with pytest.raises(IllegalAction):
            GAME.timeout_action(state, player)


# ----- the action format --------------------------------------------------------------------------------------

def test_pairs_in_actions_are_written_in_board_order():
    assert pair("C4", "C3") == "C3-C4" and pair("D5", "C5") == "C5-D5" and pair("B7", "A6") == "A6-B7"
    state = play(battle_position(MIXED, RED, bridges={}), [(RED, "swap D5")])
    for action in GAME.legal_actions(state, RED):
        a, b = action["pair"].split("-")
        assert action["pair"] == pair(a, b)


def t13_positions() -> list[dict]:
    return [
        new_match(),
        play(new_match(), [(RED, "build D4")]),
        manoeuvre_position(SIEGE, RED, level=2),
        battle_position(MIXED, RED, bridges={}),
        play(battle_position(MIXED, RED, bridges={}), [(RED, "swap D5")]),
        bridge_move_position(),
        play(bridge_move_position(), [(RED, "move-bridge B1-B2 D7-E7")]),
    ]


def test_t13_timeout_actions_complete_the_late_players_turn_from_any_step():
    for state in t13_positions():
        player = GAME.to_act(state)[0]
        before = copy.deepcopy(state)
        actions = GAME.timeout_actions(state, player)
        assert state == before
        assert actions and actions[0] == GAME.timeout_action(state, player)
        for index, action in enumerate(actions):
            assert GAME.to_act(state) == [player] and state["turn"] == before["turn"], "the turn ended too soon"
            assert action in GAME.legal_actions(state, player)
            state = GAME.apply(state, player, action)
        assert state["turn"] == before["turn"] + 1 or GAME.is_over(state)
        if state["phase"] == "battle":
            assert GAME.to_act(state) == [other_player(player)] and state["step"] == "start"


def other_player(player: str) -> str:
    return BLUE if player == RED else RED


# ----- the view: Tara hides nothing ---------------------------------------------------------------------------

def test_every_player_and_spectators_see_the_same_view_but_for_you_and_your_plan():
    for state in t13_positions():
        views = {viewer: GAME.view(state, viewer) for viewer in (RED, BLUE, None)}
        assert {viewer: view.pop("you") for viewer, view in views.items()} == {RED: RED, BLUE: BLUE, None: None}
        for player in (RED, BLUE):  # standing orders are private (engine-api.md)
            assert (views[player].pop("plan"), views[player].pop("plan_moves")) == ([], [])
        assert "plan" not in views[None]
        assert views[RED] == views[BLUE] == views[None]
    with pytest.raises(IllegalAction):
        GAME.view(new_match(), "zed")


def test_the_view_offers_the_swaps_and_links_of_the_step_in_the_battle_only():
    assert "swappable" not in GAME.view(new_match(), None)
    state = battle_position(MIXED, RED, bridges={})
    view = GAME.view(state, BLUE)
    assert view["swappable"] == sorted(t.split()[1] for t in swaps(state)) and view["linkable"] == []
    state = play(state, [(RED, "swap D5")])
    view = GAME.view(state, None)
    assert (view["step"], view["to_act"]) == ("link", [RED])
    assert set(view["linkable"]) == {t.split()[1] for t in legal(state)}
    assert view["last_turn"][RED] == ["swap D5"]
    state = play(state, [(RED, "link C5-D5")])
    assert GAME.view(state, None)["last_turn"][RED] == ["swap D5", "link C5-D5"]


@pytest.mark.parametrize("text, action", [
    ("build D4", {"type": "build", "square": "D4"}),
    ("build d4 skip", {"type": "build", "square": "D4", "skip": True}),
    ("move-bridge C3-C4 D5-E5", {"type": "move-bridge", "from": "C3-C4", "to": "D5-E5"}),
    ("  swap   e5 ", {"type": "swap", "square": "E5"}),
    ("link C3-C4", {"type": "link", "pair": "C3-C4"}),
])
def test_the_text_form_of_actions(text, action):
    assert GAME.parse_action(text) == action
    assert GAME.parse_action(GAME.action_text(action)) == action


@pytest.mark.parametrize("text", ["", "pass", "build", "build D4 now", "swap", "link C3-C4 D4-D5",
                                  "move-bridge C3-C4", "raid chieftain"])
def test_text_that_is_no_action_is_refused_with_a_sentence(text):
    with pytest.raises(IllegalAction) as refusal:
        GAME.parse_action(text)
    assert str(refusal.value).endswith(".")
