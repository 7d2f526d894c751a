"""`timeout_actions`: what a deadline does for a late player (R19, T13), with and without a bot."""
from __future__ import annotations

from tain.games import get_game
from tain.games.tara import TaraGame
from tain.games.tain.bots import HeuristicBot
from tain_helpers import new_game, play

TAIN = get_game("tain")


def guarding_position() -> dict:
    """ann and bob in simultaneous guarding: every scout slot taken, both kingdom slots taken."""
    state = new_game(first="ann")
    steps = [("ann", "raid bluff"), ("bob", "raid bluff")]
    for entrance in ("pasture-1", "pasture-2", "pasture-3", "house-1", "house-2"):
        steps += [("ann", f"scout bluff {entrance} bob"), ("bob", f"scout boy {entrance} ann")]
    state = play(state, steps)
    assert state["phase"] == "guarding"
    return state


def test_without_a_bot_a_late_tain_player_passes():
    state = new_game(first="ann")
    assert TAIN.timeout_actions(state, "ann") == [{"type": "pass"}]


def test_a_bot_plays_one_placement_for_a_late_player_in_the_scouting_order():
    state = new_game(first="ann")
    actions = TAIN.timeout_actions(state, "ann", HeuristicBot(3))
    assert len(actions) == 1 and actions[0]["type"] != "pass"
    assert TAIN.to_act(TAIN.apply(state, "ann", actions[0])) == ["bob"]


def test_a_bot_plays_its_whole_simultaneous_guarding_then_passes():
    state = guarding_position()
    actions = TAIN.timeout_actions(state, "bob", HeuristicBot(5))
    assert actions[-1] == {"type": "pass"} or len(actions) == 5
    for action in actions:
        state = TAIN.apply(state, "bob", action)
    assert "bob" not in TAIN.to_act(state)
    guarded = [slot for slot in state["boards"]["bob"].values() if slot["guard"]]
    assert len(guarded) == len([a for a in actions if a["type"] == "guard"]) >= 1


def test_a_tara_deadline_mid_turn_completes_the_turn():
    game = TaraGame()
    state = game.setup(["ann", "bob"], seed=4, options={"games": 1})
    while state["phase"] == "manoeuvre":
        player = game.to_act(state)[0]
        state = game.apply(state, player, game.timeout_action(state, player))
    mover = game.to_act(state)[0]
    swap = next(a for a in game.legal_actions(state, mover) if a["type"] == "swap")
    state = game.apply(state, mover, swap)
    assert state["step"] == "link"
    actions = game.timeout_actions(state, mover)
    assert [a["type"] for a in actions] == ["link"]
    for action in actions:
        state = game.apply(state, mover, action)
    assert game.to_act(state) != [mover] or game.is_over(state)
