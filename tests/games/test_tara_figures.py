"""The rulebook's figures 8–10 rebuilt as positions: each game is played through its last turn
with apply, so the end (T9) and the scoring (T10) happen as in a real game.

fig. 8:  Blue cannot swap a ringfort; he has used all his counters, so no Red bridges can be
         moved, and the Red king protects the only unlinked ringfort.
fig. 9:  Red has 1 kingdom and Blue 3, so Red wins 2 + 2 = 4.
fig. 10: both have 2 kingdoms; Red holds the spare, so Blue has 23 ringforts against 22 and wins
         2 + 1 = 3.
"""
from __future__ import annotations

from tara_helpers import (
    BLUE, GAME, RED, all_bridges, battle_position, kingdom_count, legal, parse_picture, picture_of, play,
)


def unlinked(state: dict, player: str) -> set[str]:
    touched = {square for name in state["bridges"] for square in name.split("-")}
    return {s for s, owner in state["board"].items() if owner == player and s not in touched}


def mirrored(picture: str) -> str:
    return picture.translate(str.maketrans("rRbB", "bBrR"))


# ----- fig. 8 --------------------------------------------------------------------------------------------

# Red's last turn: every blue ringfort but the king's is linked, so red first moves the blue bridge
# B3-C3 onto E1-F1 (paying its last counter), swaps the freed B3 and, after a bridge move, links nothing.
FIG_8_BEFORE = """
. r r r r r .
r r r r r r r
r r r r r r r
b b b r b b b
b b b r b b b
b b b R b b B
. b b b b b .
"""
FIG_8_BLUE_OPEN = {"A3-B3", "B2-B3", "B3-B4", "E1-F1"}  # B3 hangs on B3-C3 alone
FIG_8_RED_OPEN = {"E6-E7"}                              # a red pair a blue counter could use


def fig_8_before() -> dict:
    board, _ = parse_picture(FIG_8_BEFORE)
    bridges = {name: owner for name, owner in all_bridges(board).items()
               if name not in FIG_8_BLUE_OPEN | FIG_8_RED_OPEN}
    return battle_position(FIG_8_BEFORE, RED, bridges=bridges, counters={RED: 1, BLUE: 0})


def test_fig_8_before_reds_last_turn_only_a_bridge_move_frees_a_blue_ringfort():
    state = fig_8_before()
    assert unlinked(state, BLUE) == set()
    assert legal(state) and all(text.startswith("move-bridge ") for text in legal(state))
    assert "move-bridge B3-C3 E1-F1" in legal(state)


def test_fig_8_blue_cannot_swap_without_counters_and_the_game_ends():
    state = play(fig_8_before(), [(RED, "move-bridge B3-C3 E1-F1"), (RED, "swap B3")])
    assert GAME.is_over(state)
    # the facts of the figure
    assert unlinked(state, RED) == {"B3"} and state["kings"][RED] == "B3"
    assert state["counters"][BLUE] == 0
    assert "E6-E7" not in state["bridges"]  # an open red pair: only the missing counters stop a move
    result = state["results"][0]
    assert result["kingdoms"] == {RED: 2, BLUE: 1}
    assert result["ringforts"] == {RED: 23, BLUE: 22}
    assert result["points"] == {RED: 0, BLUE: 3} and GAME.winners(state) == [BLUE]


def test_fig_8_with_one_counter_left_blue_would_still_have_a_turn():
    after = play(fig_8_before(), [(RED, "move-bridge B3-C3 E1-F1"), (RED, "swap B3")])
    state = battle_position(picture_of(after), BLUE, bridges=after["bridges"], counters={RED: 0, BLUE: 1})
    assert legal(state) == {"move-bridge D2-D3 E6-E7"}  # frees D2, the one red ringfort on a single bridge
    state = play(state, [(BLUE, "move-bridge D2-D3 E6-E7")])
    assert legal(state) == {"swap D2"}


# ----- fig. 9 ---------------------------------------------------------------------------------------------

# After red's last turn (swap D1, link C1-D1): red is one kingdom of 23; blue has A6 alone and two
# blocks parted by red's column D and C1. Red's ringforts are bridged row by row only, so the end
# joins them through adjacency (T9).
FIG_9_BEFORE = """
. r r r r R .
b r r r r r r
r r r r r r r
b b b r b b b
b b b r b b b
b b b r b b B
. b r b b b .
"""


def fig_9_before() -> dict:
    board, _ = parse_picture(FIG_9_BEFORE)
    bridges = {name: owner for name, owner in all_bridges(board, sparing={"D1"}).items()
               if owner == BLUE or name[1] == name[4] or name in ("D2-D3", "D3-D4", "D4-D5")}
    return battle_position(FIG_9_BEFORE, RED, bridges=bridges, counters={RED: 2, BLUE: 0})


def test_fig_9_red_has_one_kingdom_blue_three_and_red_scores_four():
    state = fig_9_before()
    assert unlinked(state, RED) == {"C1"}
    state = play(state, [(RED, "swap D1")])
    assert {"link C1-D1", "link D1-D2", "link B6-B7"} <= legal(state)  # red must join one pair
    state = play(state, [(RED, "link C1-D1")])
    assert GAME.is_over(state)
    assert unlinked(state, RED) == set()
    result = state["results"][0]
    assert result["kingdoms"] == {RED: 1, BLUE: 3}
    assert result["kingdoms"] == {p: kingdom_count(state["board"], p) for p in (RED, BLUE)}
    assert result["points"] == {RED: 4, BLUE: 0} and result["winner"] == RED
    assert GAME.scores(state) == {RED: 4, BLUE: 0} and GAME.winners(state) == [RED]


def test_fig_9_red_rows_unjoined_by_bridges_still_count_as_one_kingdom():
    state = play(fig_9_before(), [(RED, "swap D1"), (RED, "link C1-D1")])
    assert "B6-B7" not in state["bridges"] and "B5-B6" not in state["bridges"]
    assert state["results"][0]["kingdoms"][RED] == 1


# ----- fig. 10 --------------------------------------------------------------------------------------------

# Blue's last turn: swap D2 (unlinked red), link C2-D2. Both colours end with two kingdoms.
FIG_10_BEFORE = """
. b b B b b .
b b b b b b b
r r r r r r r
r R r r r r r
b b b b b b b
b b b r r r r
. r r r r r .
"""


def fig_10_before(picture: str = FIG_10_BEFORE, mover: str = BLUE, games: int = 1) -> dict:
    board, _ = parse_picture(picture)
    other = RED if mover == BLUE else BLUE
    return battle_position(picture, mover, bridges=all_bridges(board, sparing={"D2"}),
                           counters={mover: 3, other: 0}, games=games)


def test_fig_10_equal_kingdoms_red_holds_the_spare_and_blue_wins_by_territory_scoring_three():
    state = play(fig_10_before(), [(BLUE, "swap D2"), (BLUE, "link C2-D2")])
    assert GAME.is_over(state)
    assert state["spare"] == RED
    result = state["results"][0]
    assert result["kingdoms"] == {RED: 2, BLUE: 2}
    assert result["ringforts"] == {RED: 22, BLUE: 23}
    assert result["points"] == {RED: 0, BLUE: 3} and result["winner"] == BLUE
    assert GAME.winners(state) == [BLUE]


def test_fig_10_mirrored_red_wins_by_territory_the_same_way():
    state = play(fig_10_before(mirrored(FIG_10_BEFORE), RED), [(RED, "swap D2"), (RED, "link D2-D3")])
    assert GAME.is_over(state) and state["spare"] == BLUE
    assert state["results"][0]["points"] == {RED: 3, BLUE: 0}


# ----- the figures as the two games of a match (T4) --------------------------------------------------------

def as_second_game(after_first: dict, position: dict) -> dict:
    """`position`'s board, bridges and supplies in the second game of `after_first`'s match."""
    assert after_first["game_number"] == 2 and after_first["phase"] == "manoeuvre"
    state = dict(after_first)
    for key in ("phase", "to_move", "step", "turn", "board", "kings", "bridges", "spare", "counters", "bridges_in_hand"):
        state[key] = position[key]
    return state


def test_two_figures_as_a_match_add_up_and_equal_points_draw():
    first = play(fig_10_before(games=2), [(BLUE, "swap D2"), (BLUE, "link C2-D2")])
    assert not GAME.is_over(first) and first["game_number"] == 2 and first["first"] == BLUE
    assert GAME.scores(first) == {RED: 0, BLUE: 3}

    won_by_red = as_second_game(first, fig_9_before())
    won_by_red = play(won_by_red, [(RED, "swap D1"), (RED, "link C1-D1")])
    assert GAME.is_over(won_by_red)
    assert GAME.scores(won_by_red) == {RED: 4, BLUE: 3} and GAME.winners(won_by_red) == [RED]

    drawn = as_second_game(first, fig_10_before(mirrored(FIG_10_BEFORE), RED))
    drawn = play(drawn, [(RED, "swap D2"), (RED, "link D2-D3")])
    assert GAME.is_over(drawn)
    assert GAME.scores(drawn) == {RED: 3, BLUE: 3} and GAME.winners(drawn) == [RED, BLUE]
    assert [r["first"] for r in drawn["results"]] == [RED, BLUE]
