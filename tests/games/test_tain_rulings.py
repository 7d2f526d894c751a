"""Each ruling R1–R19 of tain-rulings.md, through the public interface (with a
few custom positions built by editing a state where the way there is long)."""
from __future__ import annotations

import json

import pytest

from tain.games import IllegalAction, SetupError
from tain_helpers import (
    ENTRANCES, GAME, SUPPLY, clan, edit_captives, edit_cows, edit_screen, edited, entrance_report,
    last_report, new_game, own, pass_to_reveal, play, play_turn, tokens_in_play,
)

THREE = ("ann", "bob", "cat")


def turns_of_passing(state: dict, turns: int) -> dict:
    for _ in range(turns):
        state = pass_to_reveal(state)
    return state


# ----- R1, R2: seats and the active player ------------------------------------------------------

def test_r1_turn_order_follows_the_seats_and_wraps_around():
    state = new_game(THREE, first="cat")
    asked = []
    for _ in range(3):
        asked.append(GAME.to_act(state)[0])
        state = play(state, [(asked[-1], "guard bluff pasture-1" if len(asked) == 1 else "guard boy pasture-1")])
    assert asked == ["cat", "ann", "bob"]
    assert GAME.to_act(state) == ["cat"]


def test_r2_first_player_from_options():
    for first in THREE:
        state = GAME.setup(list(THREE), seed=3, options={"first_player": first})
        assert GAME.view(state, None)["active_player"] == first
        assert GAME.to_act(state) == [first]


def test_r2_first_player_from_the_seed_is_a_player_and_repeatable():
    firsts = set()
    for seed in range(40):
        first = GAME.view(GAME.setup(list(THREE), seed=seed), None)["active_player"]
        assert first in THREE
        assert GAME.view(GAME.setup(list(THREE), seed=seed, options={}), None)["active_player"] == first
        firsts.add(first)
    assert firsts == set(THREE)  # really derived from the seed, not always the first seat


def test_r2_unknown_first_player_is_refused():
    with pytest.raises(SetupError):
        GAME.setup(list(THREE), seed=1, options={"first_player": "zed"})


def test_r2_active_player_moves_one_seat_left_each_turn_and_opens_the_scouting():
    state = new_game(THREE, first="bob")
    actives = []
    for _ in range(4):
        view = GAME.view(state, None)
        actives.append(view["active_player"])
        assert GAME.to_act(state) == [view["active_player"]]
        state = pass_to_reveal(state)
    assert actives == ["bob", "cat", "ann", "bob"]


@pytest.mark.parametrize("players", [("ann", "bob"), THREE, ("ann", "bob", "cat", "dan")])
def test_r3_supplies(players):
    state = new_game(players)
    view = GAME.view(state, None)
    assert view["kingdom"]["cows"] == 25 - 5 * len(players)
    for player in players:
        assert own(state, player, "screen") == SUPPLY
        assert own(state, player, "discard") == dict.fromkeys(SUPPLY, 0)
        assert view["clans"][player]["cows"] == 5 and view["clans"][player]["jewels"] == 3
        assert view["clans"][player]["captives"] == []
        assert view["clans"][player]["screen_count"] == 18
        assert set(view["boards"][player]) == set(ENTRANCES)


@pytest.mark.parametrize("players", [["ann"], ["a", "b", "c", "d", "e"], ["ann", "ann"]])
def test_setup_refuses_wrong_player_lists(players):
    with pytest.raises(SetupError):
        GAME.setup(players, seed=1)


# ----- R5, R6: order and legal placements ----------------------------------------------------------

def test_r5_passing_is_final_and_passed_seats_are_skipped():
    state = play(new_game(THREE), [("ann", "pass"), ("bob", "guard boy pasture-1"), ("cat", "guard boy pasture-1")])
    assert GAME.to_act(state) == ["bob"]
    assert GAME.view(state, None)["passed"] == ["ann"]
    assert GAME.legal_actions(state, "ann") == []
    with pytest.raises(IllegalAction, match="passed"):
        GAME.apply(state, "ann", {"type": "guard", "token": "boy", "entrance": "pasture-2"})


def test_r6_opening_legal_actions_in_a_two_player_game():
    actions = GAME.legal_actions(new_game(), "ann")
    guards = [a for a in actions if a["type"] == "guard"]
    scouts = [a for a in actions if a["type"] == "scout"]
    raids = [a for a in actions if a["type"] == "raid"]
    assert len(guards) == 5 * 5 and {a["token"] for a in guards} == set(SUPPLY)
    assert len(scouts) == 5 * 4 and "daughter" not in {a["token"] for a in scouts}
    assert {a["board"] for a in scouts} == {"bob"}
    assert sorted(a["token"] for a in raids) == ["bluff", "chieftain", "warrior"]
    assert actions[-1] == {"type": "pass"}
    assert actions == guards + scouts + raids + [{"type": "pass"}]  # guards, scouts, raids, pass


def test_r6_one_raid_token_per_player_and_two_kingdom_slots():
    state = play(new_game(THREE), [("ann", "raid bluff")])
    assert any(a["type"] == "raid" for a in GAME.legal_actions(state, "bob"))
    state = play(state, [("bob", "guard boy house-1"), ("cat", "guard boy house-1")])
    assert not any(a["type"] == "raid" for a in GAME.legal_actions(state, "ann"))
    with pytest.raises(IllegalAction, match="^You already have a token in the foreign kingdom this turn.$"):
        GAME.apply(state, "ann", {"type": "raid", "token": "warrior"})
    state = play(state, [("ann", "guard boy house-1"), ("bob", "raid warrior")])
    assert not any(a["type"] == "raid" for a in GAME.legal_actions(state, "cat"))
    with pytest.raises(IllegalAction, match="^Both slots of the foreign kingdom are taken.$"):
        GAME.apply(state, "cat", {"type": "raid", "token": "chieftain"})


def test_r6_one_token_per_slot():
    state = play(new_game(THREE), [("ann", "scout boy pasture-1 cat"), ("bob", "guard boy house-2")])
    legal = GAME.legal_actions(state, "cat")
    assert {"type": "guard", "token": "boy", "entrance": "pasture-1"} in legal  # cat's own guard slot is free
    state = play(state, [("cat", "pass"), ("ann", "pass")])
    legal = GAME.legal_actions(state, "bob")
    assert not any(a["type"] == "scout" and a["board"] == "cat" and a["entrance"] == "pasture-1" for a in legal)
    assert not any(a["type"] == "guard" and a["entrance"] == "house-2" for a in legal)
    with pytest.raises(IllegalAction, match="^cat's pasture-1 is already being scouted.$"):
        GAME.apply(state, "bob", {"type": "scout", "token": "warrior", "board": "cat", "entrance": "pasture-1"})
    with pytest.raises(IllegalAction, match="^Your house-2 is already guarded.$"):
        GAME.apply(state, "bob", {"type": "guard", "token": "warrior", "entrance": "house-2"})


# ----- R7, R8, R8a: forced passes and simultaneous guarding ----------------------------------------

def test_r7_empty_screen_is_passed_automatically():
    state = edit_screen(new_game(), "ann", {"boy": 1})
    state = play(state, [("ann", "scout boy pasture-1 bob")])
    assert GAME.view(state, None)["passed"] == ["ann"]
    assert GAME.to_act(state) == ["bob"]
    state = play(state, [("bob", "guard boy pasture-2")])
    assert GAME.to_act(state) == ["bob"]


FULL_TABLE = [  # 2 players, ann first: every guard slot, both raid slots, all but bob's last scout slot
    *[(p, f"guard bluff {e}") for e in ENTRANCES for p in ("ann", "bob")],
    ("ann", "raid warrior"), ("bob", "raid warrior"),
    *[(p, f"scout boy {e} {'bob' if p == 'ann' else 'ann'}") for e in ENTRANCES[:4] for p in ("ann", "bob")],
    ("ann", "scout boy house-2 bob"),
]


def test_r7_no_usable_slot_is_passed_automatically_while_others_play_on():
    state = play(new_game(), FULL_TABLE)
    # ann: own guards full, bob's scout slots full, already raided -> passed by public facts
    assert GAME.view(state, None)["passed"] == ["ann"]
    assert GAME.to_act(state) == ["bob"]
    assert GAME.legal_actions(state, "bob") == [
        {"type": "scout", "token": t, "board": "ann", "entrance": "house-2"}
        for t in ("chieftain", "warrior", "boy", "bluff")] + [{"type": "pass"}]
    state = play(state, [("bob", "scout boy house-2 ann")])
    assert len(state["reports"]) == 1  # bob was passed automatically too, and the turn resolved


def ann_with_full_guards(keep: dict[str, int]) -> dict:
    """bob has passed; ann guards four entrances, then is left holding `keep` and a bluff,
    which she puts on her last guard slot: the flow then decides on what she holds."""
    state = play(new_game(), [("ann", "guard bluff pasture-1"), ("bob", "pass")]
                 + [("ann", f"guard bluff {e}") for e in ENTRANCES[1:4]])
    state = edit_screen(state, "ann", {**keep, "bluff": 1 + keep.get("bluff", 0)})
    return play(state, [("ann", "guard bluff house-2")])


def test_r7_holding_only_the_daughter_with_full_guards_is_asked_and_can_only_pass():
    state = ann_with_full_guards({"daughter": 1})
    assert GAME.to_act(state) == ["ann"]
    assert GAME.view(state, None)["passed"] == ["bob"]
    assert GAME.legal_actions(state, "ann") == [{"type": "pass"}]
    state = play(state, [("ann", "pass")])
    assert len(state["reports"]) == 1


def test_r8a_being_asked_does_not_depend_on_which_tokens_are_held():
    flows = []
    for keep in ({"daughter": 1}, {"boy": 1}, {"warrior": 1}, {"bluff": 1}):
        state = ann_with_full_guards(keep)
        view = GAME.view(state, "bob")
        flows.append((GAME.to_act(state), view["passed"], view["phase"], view))
    assert all(flow == flows[0] for flow in flows)


def test_r8a_an_open_raid_slot_keeps_turn_order_even_for_a_player_who_cannot_raid():
    steps = [(p, f"scout boy {e} {'bob' if p == 'ann' else 'ann'}") for e in ENTRANCES for p in ("ann", "bob")]
    base = play(new_game(), steps[:-1])
    flows = []
    for keep in ({"boy": 1, "daughter": 1}, {"warrior": 1, "boy": 1}):
        state = play(edit_screen(base, "ann", keep), steps[-1:])
        assert GAME.view(state, None)["phase"] == "scouting"
        assert GAME.to_act(state) == ["ann"]
        flows.append(GAME.view(state, "bob"))
        if "warrior" not in keep:
            assert {a["type"] for a in GAME.legal_actions(state, "ann")} == {"guard", "pass"}
    assert flows[0] == flows[1]


def simultaneous_guarding() -> dict:
    steps = [(p, f"scout boy {e} {'bob' if p == 'ann' else 'ann'}") for e in ENTRANCES for p in ("ann", "bob")]
    return play(new_game(), steps + [("ann", "raid warrior"), ("bob", "raid warrior")])


def test_r8_simultaneous_guarding_once_only_guards_are_left():
    state = simultaneous_guarding()
    view = GAME.view(state, None)
    assert view["phase"] == "guarding"
    assert GAME.to_act(state) == view["to_act"] == ["ann", "bob"]
    assert {a["type"] for a in GAME.legal_actions(state, "bob")} == {"guard", "pass"}
    with pytest.raises(IllegalAction, match="Only guards can be placed now"):
        GAME.apply(state, "bob", {"type": "raid", "token": "chieftain"})
    # any order, any number, independently: bob twice before ann moves at all
    state = play(state, [("bob", "guard warrior pasture-1"), ("bob", "guard chieftain house-1"),
                         ("ann", "guard warrior pasture-2"), ("bob", "pass")])
    assert GAME.to_act(state) == ["ann"]
    state = play(state, [("ann", "guard daughter house-1"), ("ann", "guard bluff house-2")])
    assert GAME.to_act(state) == ["ann"]
    state = play(state, [("ann", "pass")])
    assert GAME.view(state, None)["phase"] == "scouting" and GAME.view(state, None)["turn"] == 2
    assert entrance_report(state, "bob", "pasture-1")["result"] == "captured"
    assert entrance_report(state, "bob", "house-1")["result"] == "repelled"
    assert entrance_report(state, "ann", "pasture-2")["result"] == "captured"
    assert entrance_report(state, "bob", "pasture-2")["result"] == "success"


def test_r8_guarding_switch_when_the_others_have_passed():
    state = play(new_game(THREE), [("ann", "pass"), ("bob", "pass"), ("cat", "raid bluff")]
                 + [("cat", f"scout boy {e} {b}") for b in ("ann", "bob") for e in ENTRANCES[:3]]
                 + [("cat", f"scout bluff {e} {b}") for b in ("ann", "bob") for e in ENTRANCES[3:]])
    assert GAME.view(state, None)["phase"] == "guarding"
    assert GAME.to_act(state) == ["cat"]


def test_r8_a_player_whose_guard_slots_fill_up_is_passed_automatically():
    state = simultaneous_guarding()
    state = play(state, [("bob", f"guard bluff {e}") for e in ENTRANCES])
    assert GAME.to_act(state) == ["ann"]
    assert GAME.view(state, None)["passed"] == ["bob"]


# ----- R9, R12: reveal, spoils and scarcity ----------------------------------------------------------

def test_r9_a_bluff_guard_leaves_the_entrance_unguarded_and_is_discarded():
    state = play_turn(new_game(), [("ann", "scout boy house-2 bob"), ("bob", "guard bluff house-2")])
    entry = entrance_report(state, "bob", "house-2")
    assert (entry["guard"], entry["result"], entry["spoils"]) == ("bluff", "success", "jewel")
    assert own(state, "bob", "discard") == {**dict.fromkeys(SUPPLY, 0), "bluff": 1}


def scarce_cows(active: str, cows: int, steps: list[tuple[str, str]]) -> dict:
    state = edit_cows(new_game(THREE, first=active), "bob", cows)
    return play_turn(state, steps)


def test_r12_scarce_cow_goes_to_the_active_player_first():
    state = scarce_cows("ann", 1, [("ann", "scout boy pasture-2 bob"), ("bob", "pass"),
                                   ("cat", "scout boy pasture-1 bob")])
    assert [clan(state, p)["cows"] for p in THREE] == [6, 0, 5]
    assert entrance_report(state, "bob", "pasture-1")["spoils"] == "nothing left"
    assert entrance_report(state, "bob", "pasture-2")["spoils"] == "cow"


def test_r12_scarce_cow_goes_to_the_first_raider_left_of_an_active_player_who_did_not_raid():
    state = scarce_cows("bob", 1, [("bob", "pass"), ("cat", "scout boy pasture-2 bob"),
                                   ("ann", "scout boy pasture-1 bob")])
    assert [clan(state, p)["cows"] for p in THREE] == [5, 0, 6]
    assert entrance_report(state, "bob", "pasture-1")["spoils"] == "nothing left"


def test_r12_each_raider_takes_all_their_spoils_before_the_next():
    state = scarce_cows("bob", 2, [("bob", "pass"), ("cat", "scout boy pasture-2 bob"),
                                   ("ann", "scout boy pasture-1 bob"), ("cat", "scout warrior pasture-3 bob")])
    assert [clan(state, p)["cows"] for p in THREE] == [5, 0, 7]
    assert "finds nothing left to take" in " ".join(last_report(state)["lines"])


def test_r12_scarce_jewels_follow_turn_order_too():
    state = new_game(THREE, first="cat")
    state["clans"]["bob"]["jewels"], state["clans"]["cat"]["jewels"] = 1, 5
    state = play_turn(state, [("cat", "scout boy house-2 bob"), ("ann", "scout boy house-1 bob")])
    assert [clan(state, p)["jewels"] for p in THREE] == [3, 0, 6]


def test_r12_spoils_are_set_aside_and_cannot_be_stolen_in_the_same_turn():
    # bob active: bob's board first, then cat's, then ann's
    state = edit_cows(new_game(THREE, first="bob"), "ann", 0)
    state["clans"]["ann"]["jewels"], state["clans"]["cat"]["jewels"] = 0, 6
    state = play_turn(state, [("bob", "pass"), ("cat", "scout boy pasture-1 ann"),
                              ("ann", "scout boy pasture-1 bob"), ("cat", "scout boy house-1 ann"),
                              ("ann", "scout boy house-1 bob"), ("cat", "scout boy pasture-2 ann"),
                              ("ann", "raid warrior")])
    assert (clan(state, "ann")["cows"], clan(state, "ann")["jewels"]) == (2, 1)  # a cow from bob, one from the kingdom
    assert (clan(state, "cat")["cows"], clan(state, "cat")["jewels"]) == (5, 6)
    for entrance in ("pasture-1", "pasture-2", "house-1"):
        assert entrance_report(state, "ann", entrance)["spoils"] == "nothing left"


# ----- R13: captives ----------------------------------------------------------------------------

def test_r13_freeing_is_compulsory_instead_of_a_jewel():
    state = edit_captives(new_game(), "bob", [("ann", "boy")])
    state = play_turn(state, [("ann", "scout warrior house-1 bob")])
    assert entrance_report(state, "bob", "house-1")["spoils"] == "freed boy"
    assert clan(state, "bob")["captives"] == []
    assert (clan(state, "ann")["jewels"], clan(state, "bob")["jewels"]) == (3, 3)
    assert own(state, "ann", "discard") == {**dict.fromkeys(SUPPLY, 0), "warrior": 1, "boy": 1}
    assert "frees the captive boy" in " ".join(last_report(state)["lines"])


def test_r13_the_daughter_is_freed_before_a_boy():
    state = edit_captives(new_game(), "bob", [("ann", "boy"), ("ann", "daughter")])
    state = play_turn(state, [("ann", "scout warrior house-2 bob")])
    assert entrance_report(state, "bob", "house-2")["spoils"] == "freed daughter"
    assert clan(state, "bob")["captives"] == [{"owner": "ann", "token": "boy"}]
    assert own(state, "ann", "discard")["daughter"] == 1


def test_r13_further_successes_free_the_next_captive():
    state = edit_captives(new_game(), "bob", [("ann", "boy"), ("ann", "daughter")])
    state = play_turn(state, [("ann", "scout warrior house-1 bob"), ("bob", "pass"), ("ann", "scout boy house-2 bob")])
    spoils = [entrance_report(state, "bob", e)["spoils"] for e in ("house-1", "house-2")]
    assert spoils == ["freed daughter", "freed boy"]
    assert clan(state, "bob")["captives"] == [] and clan(state, "ann")["jewels"] == 3


def test_r13_only_when_no_captive_is_left_a_success_takes_a_jewel():
    state = edit_captives(new_game(), "bob", [("ann", "daughter")])
    state = play_turn(state, [("ann", "scout warrior house-1 bob"), ("bob", "pass"), ("ann", "scout boy house-2 bob")])
    spoils = [entrance_report(state, "bob", e)["spoils"] for e in ("house-1", "house-2")]
    assert spoils == ["freed daughter", "jewel"]
    assert (clan(state, "ann")["jewels"], clan(state, "bob")["jewels"]) == (4, 2)


def test_r13_a_pasture_raid_frees_nobody():
    state = edit_captives(new_game(), "bob", [("ann", "boy")])
    state = play_turn(state, [("ann", "scout warrior pasture-1 bob")])
    assert clan(state, "bob")["captives"] == [{"owner": "ann", "token": "boy"}]
    assert clan(state, "ann")["cows"] == 6


def test_r13_a_boy_captured_this_turn_can_be_freed_only_from_the_next_turn():
    state = play_turn(new_game(), [("ann", "scout boy pasture-1 bob"), ("bob", "guard warrior pasture-1"),
                                   ("ann", "scout boy house-1 bob")])
    assert entrance_report(state, "bob", "house-1")["spoils"] == "jewel"
    assert clan(state, "bob")["captives"] == [{"owner": "ann", "token": "boy"}]
    state = play_turn(state, [("bob", "pass"), ("ann", "scout warrior house-1 bob")])  # turn 2, bob active
    assert entrance_report(state, "bob", "house-1")["spoils"] == "freed boy"
    assert clan(state, "bob")["captives"] == [] and clan(state, "bob")["jewels"] == 2


def test_r13_a_daughter_kidnapped_this_turn_cannot_be_freed_this_turn():
    state = play_turn(new_game(), [("ann", "scout warrior pasture-1 bob"), ("bob", "guard daughter pasture-1"),
                                   ("ann", "pass"), ("bob", "scout warrior house-1 ann")])
    assert entrance_report(state, "ann", "house-1")["spoils"] == "jewel"
    assert clan(state, "ann")["captives"] == [{"owner": "bob", "token": "daughter"}]


def test_r13_nobody_else_frees_or_recaptures_a_captive():
    state = edit_captives(new_game(THREE), "bob", [("ann", "boy")])
    state = play_turn(state, [("ann", "pass"), ("bob", "pass"), ("cat", "scout warrior house-1 bob")])
    assert entrance_report(state, "bob", "house-1")["spoils"] == "jewel"
    assert clan(state, "bob")["captives"] == [{"owner": "ann", "token": "boy"}]
    assert clan(state, "cat")["captives"] == [] and clan(state, "cat")["jewels"] == 4


def test_r13_a_failed_house_raid_frees_nobody():
    state = edit_captives(new_game(), "bob", [("ann", "boy")])
    state = play_turn(state, [("ann", "scout warrior house-1 bob"), ("bob", "guard chieftain house-1")])
    assert clan(state, "bob")["captives"] == [{"owner": "ann", "token": "boy"}]


# ----- R14, R15: discard and plunder -------------------------------------------------------------------

def test_r14_every_used_token_not_captured_goes_to_its_owners_discard_pile():
    state = play_turn(new_game(), [
        ("ann", "scout boy pasture-1 bob"), ("bob", "guard warrior pasture-1"),
        ("ann", "guard bluff house-1"), ("bob", "raid chieftain"),
        ("ann", "raid bluff"), ("bob", "scout warrior house-1 ann"),
        ("ann", "scout warrior house-2 bob"), ("bob", "guard daughter house-2"),
    ])
    zero = dict.fromkeys(SUPPLY, 0)
    assert own(state, "ann", "discard") == {**zero, "bluff": 2, "warrior": 1}
    assert own(state, "bob", "discard") == {**zero, "warrior": 2, "chieftain": 1}
    assert clan(state, "bob")["captives"] == [{"owner": "ann", "token": "boy"}]
    assert clan(state, "ann")["captives"] == [{"owner": "bob", "token": "daughter"}]
    assert [tokens_in_play(state, player) for player in ("ann", "bob")] == [18, 18]


def test_r15_plunder_goes_home_at_resolution():
    state = play_turn(new_game(), [("ann", "scout chieftain pasture-1 bob"), ("bob", "scout warrior house-1 ann"),
                                   ("ann", "raid warrior")])
    assert (clan(state, "ann")["cows"], clan(state, "ann")["jewels"]) == (7, 2)
    assert (clan(state, "bob")["cows"], clan(state, "bob")["jewels"]) == (4, 4)


# ----- R16, R17: the end and recycling --------------------------------------------------------------

def test_r16_eleven_cows_after_the_resolution_end_the_game():
    state = edit_cows(new_game(), "ann", 10)
    state = play_turn(state, [("ann", "raid warrior")])
    view = GAME.view(state, None)
    assert view["over"] and view["phase"] == "over" and view["turn"] == 1
    assert GAME.is_over(state) and GAME.to_act(state) == [] and GAME.legal_actions(state, "ann") == []
    assert last_report(state)["game_over"] is True
    assert GAME.winners(state) == ["ann"]
    assert GAME.scores(state) == {"ann": 11 * 2 + 9 + 3, "bob": 19}
    with pytest.raises(IllegalAction, match="^The game is over.$"):
        GAME.apply(state, "bob", {"type": "pass"})


def test_r16_eleven_cows_during_the_turn_but_not_after_it_do_not_end_the_game():
    state = edit_cows(new_game(), "ann", 10)
    state = play_turn(state, [("ann", "raid warrior"), ("bob", "scout boy pasture-3 ann")])
    assert clan(state, "ann")["cows"] == 10
    assert not GAME.is_over(state) and GAME.view(state, None)["turn"] == 2


def test_r16_the_game_ends_after_the_eighth_turn():
    state = turns_of_passing(new_game(THREE), 7)
    assert not GAME.is_over(state) and GAME.view(state, None)["turn"] == 8
    assert GAME.winners(state) == []
    state = pass_to_reveal(state)
    assert GAME.is_over(state) and GAME.view(state, None)["turn"] == 8
    assert len(GAME.view(state, None)["reports"]) == 8


def test_r17_an_empty_screen_takes_the_whole_discard_back_at_resolution():
    state = edit_captives(new_game(), "bob", [("ann", "boy")])
    state = edit_screen(state, "ann", {"bluff": 1})
    state = play_turn(state, [("ann", "guard bluff house-1")])
    assert last_report(state)["recycled"] == ["ann"]
    assert own(state, "ann", "screen") == {**SUPPLY, "boy": 5}  # the captive stays with bob
    assert own(state, "ann", "discard") == dict.fromkeys(SUPPLY, 0)
    assert clan(state, "bob")["captives"] == [{"owner": "ann", "token": "boy"}]
    assert "ann takes the discard pile back behind the screen." in last_report(state)["lines"]


def test_r17_no_recycling_while_a_token_is_left_behind_the_screen():
    state = edit_screen(new_game(), "ann", {"bluff": 1})
    state = play_turn(state, [("ann", "pass")])
    assert last_report(state)["recycled"] == []
    assert clan(state, "ann")["screen_count"] == 1 and clan(state, "ann")["discard_count"] == 17


def test_r17_no_recycling_when_the_game_ends():
    state = edit_screen(turns_of_passing(new_game(), 7), "ann", {"bluff": 1})
    state = play_turn(state, [("bob", "pass"), ("ann", "guard bluff house-1")])
    assert GAME.is_over(state) and last_report(state)["recycled"] == []
    assert clan(state, "ann")["screen_count"] == 0 and clan(state, "ann")["discard_count"] == 18
    assert GAME.winners(state) == ["bob"]  # all else equal, bob kept more tokens behind the screen


# ----- R18: score and tie-breaks --------------------------------------------------------------------

def final_turn(players=("ann", "bob")) -> dict:
    return turns_of_passing(new_game(players), 7)


def finish(state: dict) -> dict:
    state = pass_to_reveal(state)
    assert GAME.is_over(state)
    return state


def test_r18_points():
    state = edit_captives(final_turn(THREE), "ann", [("bob", "boy"), ("cat", "daughter")])
    state = edit_cows(edit_cows(state, "ann", 7), "bob", 11)
    state["clans"]["ann"]["jewels"], state["clans"]["cat"]["jewels"] = 2, 4
    state = finish(state)
    assert GAME.scores(state) == {"ann": 14 + 6 + 1 + 5, "bob": 22 + 9 + 3, "cat": 10 + 12}
    assert GAME.winners(state) == ["bob"]
    assert GAME.view(state, None)["winners"] == ["bob"]


def test_r18_ten_cows_earn_no_bonus():
    state = finish(edit_cows(final_turn(), "ann", 10))
    assert GAME.scores(state)["ann"] == 20 + 9


def test_r18_tie_broken_by_cows():
    state = edit_cows(edit_cows(final_turn(), "ann", 3), "bob", 0)
    state["clans"]["ann"]["jewels"], state["clans"]["bob"]["jewels"] = 0, 2
    state = finish(state)
    assert GAME.scores(state) == {"ann": 6, "bob": 6}
    assert GAME.winners(state) == ["ann"]


def test_r18_tie_broken_by_jewels():
    state = edit_captives(final_turn(), "bob", [("ann", "boy")] * 3)
    state = edit_cows(edit_cows(state, "ann", 4), "bob", 4)
    state["clans"]["ann"]["jewels"], state["clans"]["bob"]["jewels"] = 1, 0
    state = finish(state)
    assert GAME.scores(state) == {"ann": 11, "bob": 11}
    assert GAME.winners(state) == ["ann"]


def test_r18_tie_broken_by_tokens_behind_the_screen():
    state = final_turn(THREE)
    assert GAME.to_act(state) == ["bob"]
    state = finish(play(state, [("bob", "guard bluff house-1")]))
    assert set(GAME.scores(state).values()) == {19}
    assert GAME.winners(state) == ["ann", "cat"]  # a shared win between the two with 18 tokens left


@pytest.mark.parametrize("players", [("ann", "bob"), THREE, ("ann", "bob", "cat", "dan")])
def test_r18_a_tie_on_everything_is_a_shared_win(players):
    state = finish(final_turn(players))
    assert GAME.winners(state) == list(players)


def test_r18_brigittes_29_points():
    players = ("Patrick", "Brigitte", "Arthur")
    state = turns_of_passing(new_game(players, first="Patrick"), 4)
    assert GAME.view(state, None)["turn"] == 5 and GAME.view(state, None)["active_player"] == "Brigitte"
    state = edit_captives(edit_cows(state, "Brigitte", 10), "Brigitte", [("Patrick", "boy")])
    state["clans"]["Brigitte"]["jewels"], state["clans"]["Patrick"]["jewels"] = 1, 5
    state = play_turn(state, [("Brigitte", "raid warrior")])
    assert GAME.is_over(state) and GAME.view(state, None)["turn"] == 5
    assert clan(state, "Brigitte")["cows"] == 11
    assert GAME.scores(state)["Brigitte"] == 29
    assert GAME.winners(state) == ["Brigitte"]


# ----- R19: timeouts ---------------------------------------------------------------------------------

def test_r19_timeout_in_scouting_passes_for_the_rest_of_the_phase():
    state = new_game(THREE)
    assert GAME.timeout_action(state, "ann") == {"type": "pass"}
    state = GAME.apply(state, "ann", GAME.timeout_action(state, "ann"))
    assert GAME.view(state, None)["passed"] == ["ann"]
    state = play(state, [("bob", "guard boy house-1"), ("cat", "guard boy house-1")])
    assert GAME.to_act(state) == ["bob"]


def test_r19_timeout_in_guarding_keeps_the_guards_already_placed():
    state = simultaneous_guarding()
    state = play(state, [("bob", "guard warrior pasture-1"), ("ann", "guard warrior pasture-2")])
    for player in GAME.to_act(state):
        assert GAME.timeout_action(state, player) == {"type": "pass"}
        state = GAME.apply(state, player, GAME.timeout_action(state, player))
    assert entrance_report(state, "bob", "pasture-1")["result"] == "captured"
    assert entrance_report(state, "ann", "pasture-2")["result"] == "captured"
    assert entrance_report(state, "ann", "pasture-1")["result"] == "success"


def test_state_edits_in_these_tests_keep_every_token():
    state = edit_captives(edit_screen(new_game(THREE), "ann", {"bluff": 1}), "bob", [("cat", "boy")])
    assert [tokens_in_play(edited(state), p) for p in THREE] == [18, 18, 18]


# ----- what each player may know ------------------------------------------------------------------

def test_views_show_whose_token_is_where_but_its_kind_only_to_its_owner():
    state = play(new_game(THREE), [("ann", "scout warrior house-1 bob"), ("bob", "guard daughter house-1"),
                                   ("cat", "raid chieftain")])
    spectator, ann, bob = (GAME.view(state, p) for p in (None, "ann", "bob"))
    assert "screen" not in spectator and "discard" not in spectator
    assert ann["screen"] == {**SUPPLY, "warrior": 1} and bob["screen"] == {**SUPPLY, "daughter": 0}
    assert ann["boards"]["bob"]["house-1"] == {"guard": {"player": "bob", "token": None},
                                               "scout": {"player": "ann", "token": "warrior"}}
    assert bob["boards"]["bob"]["house-1"] == {"guard": {"player": "bob", "token": "daughter"},
                                               "scout": {"player": "ann", "token": None}}
    assert spectator["boards"]["bob"]["house-1"] == {"guard": {"player": "bob", "token": None},
                                                     "scout": {"player": "ann", "token": None}}
    assert spectator["kingdom"]["raiders"] == [{"player": "cat", "token": None}]
    assert spectator["clans"]["cat"]["raided"] and spectator["clans"]["ann"]["screen_count"] == 17
    assert "daughter" not in json.dumps(spectator) and "warrior" not in json.dumps(ann["boards"]["bob"]["house-1"]["guard"])
    assert (ann["you"], spectator["you"]) == ("ann", None)


def test_report_tells_the_raid_in_sentences_for_players_who_come_back():
    state = edit_captives(new_game(THREE), "cat", [("bob", "boy")])
    state = play_turn(state, [("ann", "scout boy pasture-1 bob"), ("bob", "guard warrior pasture-1"),
                              ("cat", "scout warrior pasture-2 ann"), ("ann", "guard daughter pasture-2"),
                              ("bob", "scout chieftain house-2 cat"), ("cat", "raid bluff")])
    report = last_report(state)
    lines = report["lines"]
    assert lines[0] == "Foreign kingdom: cat's bluff was only a bluff."
    assert "bob's pasture-1: ann's boy meets bob's warrior and is captured." in lines
    assert "ann's pasture-2: cat's warrior meets ann's daughter and kidnaps her." in lines
    assert "cat's house-2: bob's chieftain finds the entrance unguarded and frees the captive boy." in lines
    assert len(lines) == len(report["kingdom"]) + len(report["entrances"])  # one sentence each
    assert all(GAME.view(state, p)["reports"][-1] == report for p in THREE)  # the same for everyone
