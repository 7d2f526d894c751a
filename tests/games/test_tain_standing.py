"""Standing orders in Tàin (engine-api.md "Standing orders"): a plan is played exactly as far
as it is legal, fallbacks in order, only for a player who is to act, inside the apply that
made it their move; it is private to its player and replays from the log like any action."""
from __future__ import annotations

import copy
import json

import pytest

from tain.games import IllegalAction
from tain.games.tain.bots import HeuristicBot
from tain_helpers import GAME, new_game, pass_to_reveal, play

THREE = ("ann", "bob", "cat")
PASS = {"type": "pass"}


def act(text: str) -> dict:
    return GAME.parse_action(text)


def standing(*entries: list[str]) -> dict:
    """A standing order from entries of moves in their text form."""
    return {"type": "standing", "plan": [[act(text) for text in entry] for entry in entries]}


def plan_of(state: dict, player: str) -> list:
    return GAME.view(state, player)["plan"]


def made_by_plan(state: dict, player: str) -> list[str]:
    return [move["text"] for move in GAME.view(state, player)["plan_moves"]]


def public(view: dict) -> dict:
    """A view without the player's own standing orders."""
    return {key: value for key, value in view.items() if key not in ("plan", "plan_moves")}


# ----- the shape of a plan --------------------------------------------------------------------------------------

SCOUT = {"type": "scout", "token": "boy", "board": "bob", "entrance": "house-1"}
BAD_PLANS = [
    ({"type": "standing"}, "tain.standing-keys"),
    ({"type": "standing", "plan": [], "extra": 1}, "tain.standing-keys"),
    ({"type": "standing", "plan": "pass"}, "tain.plan-not-a-list"),
    ({"type": "standing", "plan": [PASS]}, "tain.plan-not-a-list"),
    ({"type": "standing", "plan": [[PASS]] * 41}, "tain.plan-too-long"),
    ({"type": "standing", "plan": [[]]}, "tain.plan-entry-size"),
    ({"type": "standing", "plan": [[SCOUT] * 9]}, "tain.plan-entry-size"),
    ({"type": "standing", "plan": [[{"type": "standing", "plan": []}]]}, "tain.plan-nested"),
    ({"type": "standing", "plan": [[{"type": "build", "square": "D4"}]]}, "tain.plan-not-a-move"),
    ({"type": "standing", "plan": [["pass"]]}, "tain.plan-not-a-move"),
    ({"type": "standing", "plan": [[{"type": "guard", "token": "boy"}]]}, "tain.plan-move-keys"),
    ({"type": "standing", "plan": [[{"type": "pass", "token": "boy"}]]}, "tain.plan-move-keys"),
    ({"type": "standing", "plan": [[{**SCOUT, "board": ["bob"]}]]}, "tain.plan-move-values"),
]


@pytest.mark.parametrize("action, code", BAD_PLANS)
def test_a_plan_of_the_wrong_shape_is_refused_with_a_sentence_and_its_message_id(action, code):
    state = new_game(THREE)
    before = copy.deepcopy(state)
    for player in ("ann", "bob"):  # whether or not it is their move
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, player, action)
        assert refusal.value.code == code
        message = str(refusal.value)
        assert message.endswith(".") and "\n" not in message
    assert state == before


def test_the_largest_plan_is_taken_and_its_moves_are_not_checked_until_they_are_played():
    state = new_game(THREE)
    largest = {"type": "standing", "plan": [[{**SCOUT, "token": "horse"}] * 8] * 40}
    assert plan_of(GAME.apply(state, "bob", largest), "bob") == largest["plan"]


def test_a_standing_order_from_outside_the_game_or_after_it_is_refused():
    state = new_game(THREE)
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, "zed", standing(["pass"]))
    assert refusal.value.code == "tain.not-a-player"
    while not GAME.is_over(state):
        state = pass_to_reveal(state)
    with pytest.raises(IllegalAction) as refusal:
        GAME.apply(state, "ann", standing(["pass"]))
    assert refusal.value.code == "tain.game-over"


def test_legal_actions_never_list_a_standing_order():
    state = GAME.apply(new_game(THREE), "bob", standing(["pass"]))
    assert all(action["type"] != "standing" for p in THREE for action in GAME.legal_actions(state, p))


# ----- playing a plan -----------------------------------------------------------------------------------------------

def test_a_plan_given_when_it_is_not_your_move_waits_and_plays_inside_the_move_before_yours():
    state = new_game(THREE)
    state = GAME.apply(state, "bob", standing(["scout warrior house-1 ann"], ["guard boy pasture-1"]))
    assert GAME.to_act(state) == ["ann"]
    assert state["boards"]["ann"]["house-1"]["scout"] is None  # nothing played for bob yet
    assert GAME.legal_actions(state, "bob") == []
    state = GAME.apply(state, "ann", act("raid warrior"))
    # bob's first entry is played at once; cat is asked
    assert GAME.to_act(state) == ["cat"]
    assert state["boards"]["ann"]["house-1"]["scout"] == {"player": "bob", "token": "warrior"}
    assert plan_of(state, "bob") == [[act("guard boy pasture-1")]]
    state = play(state, [("cat", "raid warrior"), ("ann", "guard boy house-1")])
    assert state["boards"]["bob"]["pasture-1"]["guard"] == "boy"
    assert GAME.to_act(state) == ["cat"] and plan_of(state, "bob") == []
    assert made_by_plan(state, "bob") == ["scout warrior house-1 ann", "guard boy pasture-1"]


def test_a_plan_given_on_your_move_plays_at_once_and_goes_on_while_you_are_to_act():
    state = play(new_game(("ann", "bob")), [("ann", "pass")])
    assert GAME.to_act(state) == ["bob"]  # ann has passed: bob places alone
    state = GAME.apply(state, "bob", standing(["raid warrior"], ["scout boy house-1 ann"], ["guard bluff house-2"]))
    assert made_by_plan(state, "bob") == ["raid warrior", "scout boy house-1 ann", "guard bluff house-2"]
    assert GAME.to_act(state) == ["bob"] and plan_of(state, "bob") == []


def test_fallbacks_are_tried_in_order_and_a_taken_slot_falls_through():
    state = new_game(THREE)
    state = GAME.apply(state, "bob", standing(
        ["scout warrior house-1 ann", "scout warrior house-2 ann", "scout warrior pasture-1 ann"],
        ["scout boy house-2 cat", "scout boy pasture-1 cat"]))
    state = play(state, [("ann", "guard boy house-1")])
    assert made_by_plan(state, "bob") == ["scout warrior house-1 ann"]  # the first alternative that is legal
    state = play(state, [("cat", "pass"), ("ann", "scout boy house-2 cat")])
    assert made_by_plan(state, "bob")[-1] == "scout boy pasture-1 cat"  # house-2 was taken by ann


def test_an_entry_with_no_legal_alternative_clears_the_whole_plan_and_the_player_is_asked():
    state = play(new_game(THREE), [("ann", "scout boy house-1 bob")])
    state = GAME.apply(state, "cat", standing(["scout warrior house-1 bob", "scout daughter house-2 bob"],
                                               ["pass"]))
    assert plan_of(state, "cat") != []
    state = play(state, [("bob", "guard boy house-1")])
    # house-1 is taken and a daughter never scouts: nothing is played, the pass after it neither
    assert GAME.to_act(state) == ["cat"] and plan_of(state, "cat") == []
    assert made_by_plan(state, "cat") == [] and "cat" not in state["passed"]


def test_an_entry_that_runs_out_of_tokens_falls_through_to_its_fallback():
    state = new_game(("ann", "bob"))
    state = GAME.apply(state, "bob", standing(["scout chieftain house-1 ann", "scout boy house-1 ann"],
                                              ["scout chieftain house-2 ann", "scout bluff house-2 ann"]))
    state = play(state, [("ann", "pass")])
    assert made_by_plan(state, "bob") == ["scout chieftain house-1 ann", "scout bluff house-2 ann"]


def test_a_plan_never_plays_for_a_player_who_has_passed_and_ends_with_the_scouting_phase():
    state = play(new_game(THREE), [("ann", "pass"), ("bob", "pass")])
    state = GAME.apply(state, "bob", standing(["guard boy house-1"]))
    state = play(state, [("cat", "guard boy house-1")])
    assert state["boards"]["bob"]["house-1"]["guard"] is None and GAME.to_act(state) == ["cat"]
    state = pass_to_reveal(state)
    assert state["turn"] == 2 and plan_of(state, "bob") == []  # cleared when the raids were resolved


def test_a_plan_still_running_when_the_raids_are_resolved_is_cleared():
    state = play(new_game(("ann", "bob")), [("ann", "pass")])
    state = GAME.apply(state, "bob", standing(["pass"], ["guard boy house-1"]))
    assert state["turn"] == 2 and made_by_plan(state, "bob") == ["pass"]
    assert plan_of(state, "bob") == [] and state["boards"]["bob"]["house-1"]["guard"] is None


def test_a_new_plan_replaces_the_old_one_and_an_empty_plan_clears_it():
    state = new_game(THREE)
    state = GAME.apply(state, "cat", standing(["guard boy house-1"], ["pass"]))
    state = GAME.apply(state, "cat", standing(["guard warrior house-2"]))
    assert plan_of(state, "cat") == [[act("guard warrior house-2")]]
    state = GAME.apply(state, "cat", {"type": "standing", "plan": []})
    assert plan_of(state, "cat") == []
    state = play(state, [("ann", "pass"), ("bob", "pass")])
    assert GAME.to_act(state) == ["cat"] and made_by_plan(state, "cat") == []


def test_plans_of_several_players_feed_one_another_and_end():
    players = ("ann", "bob", "cat", "dan")
    state = new_game(players)
    for player in players[1:]:
        others = [other for other in players if other != player]
        entries = [[f"scout bluff {e} {other}" for other in others]
                   for e in ("pasture-1", "pasture-2", "house-1", "house-2")]
        state = GAME.apply(state, player, standing(*entries, ["pass"]))
    state = GAME.apply(state, "ann", act("pass"))
    # one apply played every plan round the table, turn after turn, until each passed
    moves = {p: made_by_plan(state, p) for p in players[1:]}
    assert all(len(moves[p]) == 5 and moves[p][-1] == "pass" for p in players[1:]), moves
    assert state["turn"] == 2 and GAME.to_act(state) == ["bob"]


def test_in_simultaneous_guarding_each_player_s_plan_plays_for_them():
    state = new_game(("ann", "bob"))
    steps = [("ann", "raid bluff"), ("bob", "raid bluff")]
    for entrance in ("pasture-1", "pasture-2", "pasture-3", "house-1", "house-2"):
        steps += [("ann", f"scout bluff {entrance} bob"), ("bob", f"scout boy {entrance} ann")]
    state = play(state, steps)
    assert state["phase"] == "guarding" and GAME.to_act(state) == ["ann", "bob"]
    state = GAME.apply(state, "bob", standing(["guard warrior house-1"], ["guard boy house-1", "guard boy house-2"],
                                              ["scout boy pasture-1 ann"]))
    assert made_by_plan(state, "bob") == ["guard warrior house-1", "guard boy house-2"]
    assert GAME.to_act(state) == ["ann", "bob"] and plan_of(state, "bob") == []  # no scouting now: asked
    state = GAME.apply(state, "bob", standing(["pass"]))
    state = GAME.apply(state, "ann", standing(["guard daughter house-1"], ["pass"]))
    assert state["turn"] == 2 and made_by_plan(state, "ann") == ["guard daughter house-1", "pass"]


# ----- a plan is private --------------------------------------------------------------------------------------------

def test_the_plan_shows_in_its_player_s_view_only():
    state = GAME.apply(new_game(THREE), "bob", standing(["scout warrior house-1 ann"]))
    assert plan_of(state, "bob") == [[act("scout warrior house-1 ann")]]
    for viewer in ("ann", "cat"):
        assert GAME.view(state, viewer)["plan"] == []
    assert "plan" not in GAME.view(state, None) and "plan_moves" not in GAME.view(state, None)
    before = new_game(THREE)
    for viewer in ("ann", "cat", None):  # giving a plan changes nothing anyone else can see
        assert public(GAME.view(state, viewer)) == public(GAME.view(before, viewer))


def test_a_move_made_by_a_plan_looks_to_everyone_else_like_the_same_move_made_by_hand():
    planned = GAME.apply(new_game(THREE), "bob", standing(["scout warrior house-1 ann"], ["raid chieftain"]))
    planned = play(planned, [("ann", "guard boy pasture-1"), ("cat", "pass"), ("ann", "pass")])
    by_hand = play(new_game(THREE), [("ann", "guard boy pasture-1"), ("bob", "scout warrior house-1 ann"),
                                     ("cat", "pass"), ("ann", "pass"), ("bob", "raid chieftain")])
    assert GAME.to_act(planned) == GAME.to_act(by_hand)
    for viewer in ("ann", "cat", None):
        assert GAME.view(planned, viewer) == GAME.view(by_hand, viewer)
    assert public(GAME.view(planned, "bob")) == public(GAME.view(by_hand, "bob"))
    moves = GAME.view(planned, "bob")["plan_moves"]
    assert [(m["text"], m["turn"], m["by_plan"]) for m in moves] == [
        ("scout warrior house-1 ann", 1, True), ("raid chieftain", 1, True)]
    assert GAME.view(by_hand, "bob")["plan_moves"] == []


def twin_games(token: str) -> list[dict]:
    """Every state of a game in which bob plans a `token` on ann's house-1, then the same boys."""
    state = new_game(THREE)
    states = [state]
    state = GAME.apply(state, "bob", standing([f"scout {token} house-1 ann"], ["scout boy pasture-1 cat"],
                                              ["guard boy house-2"], ["pass"]))
    states.append(state)
    for step in [("ann", "scout boy house-2 bob"), ("cat", "scout warrior pasture-2 bob"),
                 ("ann", "raid warrior"), ("cat", "guard warrior house-1"), ("ann", "pass"), ("cat", "pass")]:
        state = play(state, [step])
        states.append(state)
    assert state["turn"] == 2
    return states


def test_two_games_that_differ_only_in_a_planned_token_look_the_same_to_everyone_else_at_every_step():
    warrior, bluff = twin_games("warrior"), twin_games("bluff")
    reveal = len(warrior) - 1
    for step, (one, two) in enumerate(zip(warrior, bluff)):
        assert GAME.to_act(one) == GAME.to_act(two)
        for viewer in ("ann", "cat", None):
            if step < reveal:
                assert GAME.view(one, viewer) == GAME.view(two, viewer), (step, viewer)
            if viewer is not None:
                assert GAME.legal_actions(one, viewer) == GAME.legal_actions(two, viewer)
        if 1 <= step < reveal:
            assert GAME.view(one, "bob") != GAME.view(two, "bob")
    assert GAME.view(warrior[-1], None)["reports"] != GAME.view(bluff[-1], None)["reports"]  # revealed at last


# ----- the log: text form, words, replay -----------------------------------------------------------------------------

def test_a_standing_order_has_a_text_form_that_reads_back_even_with_odd_names():
    order = {"type": "standing", "plan": [[act('scout boy house-1 Bob "the; Bold"'), PASS], [act("raid bluff")]]}
    text = GAME.action_text(order)
    assert text.startswith("standing ") and "\n" not in text
    assert GAME.parse_action(text) == order
    assert GAME.parse_action(GAME.action_text({"type": "standing", "plan": []})) == {"type": "standing", "plan": []}
    with pytest.raises(IllegalAction) as refusal:
        GAME.parse_action("standing [[pass]]")
    assert refusal.value.code == "tain.plan-text"


def test_describe_action_tells_others_that_a_plan_changed_and_nothing_of_it():
    order = standing(["scout warrior house-1 ann", "scout bluff house-2 ann"])
    assert GAME.describe_action(order, "bob") == "Plan your next move"
    assert GAME.describe_action({"type": "standing", "plan": []}, "bob") == "Clear your plan"
    told = {GAME.describe_action(o, "bob", for_others=True) for o in (order, {"type": "standing", "plan": []})}
    assert told == {"bob changed their plan"}
    assert GAME.describe_action(act("scout warrior house-1 ann"), "bob", for_others=True) == "bob scouts ann's house-1"


def test_standing_orders_replay_from_the_log_like_any_action():
    bots = {p: HeuristicBot(seed) for seed, p in enumerate(THREE)}
    state, log = new_game(THREE), []
    while not GAME.is_over(state):
        for player in THREE:  # every visit: a bot plans its whole scouting phase, moving or not
            if not GAME.view(state, player)["plan"]:
                log.append((player, {"type": "standing", "plan": bots[player].plan(GAME.view(state, player))}))
                state = GAME.apply(state, player, log[-1][1])
        if GAME.is_over(state):
            break
        player = GAME.to_act(state)[0]
        log.append((player, bots[player].choose(GAME.view(state, player), GAME.legal_actions(state, player))))
        state = GAME.apply(state, player, log[-1][1])
    replayed = new_game(THREE)
    for player, action in json.loads(json.dumps(log)):
        replayed = GAME.apply(replayed, player, GAME.parse_action(GAME.action_text(action)))
    assert replayed == state


def test_a_deadline_still_passes_a_late_player_while_others_have_plans():
    state = GAME.apply(new_game(THREE), "bob", standing(["raid warrior"], ["pass"]))
    actions = GAME.timeout_actions(state, "ann")
    assert actions == [PASS]
    state = GAME.apply(state, "ann", actions[0])
    assert made_by_plan(state, "bob") == ["raid warrior"] and GAME.to_act(state) == ["cat"]


# ----- bots give plans ----------------------------------------------------------------------------------------------

def asks(players: tuple[str, ...], seed: int, planning: bool) -> int:
    """How many times a player is asked in a bot game; planning bots plan at every visit."""
    bots = {p: HeuristicBot(seed * 10 + i) for i, p in enumerate(players)}
    state, count = new_game(players, seed=seed), 0
    while not GAME.is_over(state):
        player = GAME.to_act(state)[0]
        count += 1
        if planning and (plan := bots[player].plan(GAME.view(state, player))):
            state = GAME.apply(state, player, {"type": "standing", "plan": plan})
            if player in GAME.to_act(state):  # the plan stopped at once: the bot answers by hand
                state = GAME.apply(state, player, bots[player].choose(GAME.view(state, player),
                                                                    GAME.legal_actions(state, player)))
        else:
            state = GAME.apply(state, player, bots[player].choose(GAME.view(state, player),
                                                                GAME.legal_actions(state, player)))
    return count


def test_a_bot_plans_a_whole_scouting_phase_and_players_are_asked_far_less():
    players = ("ann", "bob", "cat", "dan")
    plan = HeuristicBot(1).plan(GAME.view(new_game(players), "bob"))
    assert 2 <= len(plan) <= 40 and plan[-1] == [PASS]
    assert all(1 <= len(entry) <= 8 for entry in plan)
    with_plans = sum(asks(players, seed, planning=True) for seed in range(4))
    without = sum(asks(players, seed, planning=False) for seed in range(4))
    assert with_plans * 2 < without, (with_plans, without)
