"""Clashes (I36–I46): when they start and in which order, the Festival, the Citadels step,
the order of maneuvers, attacks and their answers, withdraw, peace, the end of a clash."""
from __future__ import annotations

from inis_helpers import GAME, accounted, act, acts, clans_of, legal, lines, step, turn_of, view


def warlord(clans, hands=None, extra=None, territory="valley", players=None):
    hands = {"ann": ["warlord"], "bob": [], "cat": [], **(hands or {})}
    kwargs = {"players": players} if players else {}
    state = turn_of("ann", hands=hands, clans=clans, extra=extra, **kwargs)
    return act(state, "ann", {"type": "play", "card": "warlord", "territory": territory})


def test_i36_a_pending_clash_whose_territory_emptied_does_not_happen():
    clans = {"valley": {"ann": 3}, "cove": {"bob": 1}, "plains": {"cat": 1}}
    state = turn_of("ann", hands={"ann": ["migration"], "bob": [], "cat": []}, clans=clans)
    state = acts(state, [("ann", {"type": "play", "card": "migration", "from": "valley"}),
                         ("ann", "move clans=1 from=valley to=cove"), ("ann", "move clans=1 from=valley to=plains"),
                         ("ann", "clash-order territory=cove")])
    state = act(state, "ann", "attack target=bob")  # bob loses his only clan there: the clash ends (I45)
    assert view(state)["clash"]["territory"] == "plains" and view(state)["clash"]["pending"] == []
    state = act(state, "ann", "attack target=cat")
    assert view(state)["clash"] is None and GAME.to_act(state) == ["bob"]


def test_i37_the_festival_costs_the_instigator_a_clan_and_can_end_the_clash_at_once():
    state = warlord({"valley": {"ann": 1, "bob": 2}}, extra=lambda b: b.update(festival="valley"))
    assert clans_of(state, "valley") == {"bob": 2} and view(state)["clash"] is None
    assert "The Festival costs ann a clan." in lines(state)
    state = warlord({"valley": {"ann": 2, "bob": 2}}, extra=lambda b: b.update(festival="valley"))
    assert clans_of(state, "valley") == {"ann": 1, "bob": 2} and step(state) == "citadels"


def test_i39_citadels_one_hidden_submission_filled_in_turn_order_after_the_instigator():
    state = warlord({"valley": {"ann": 2, "bob": 2, "cat": 2}})  # the Capital: one Citadel
    assert step(state) == "citadels" and GAME.to_act(state) == ["bob", "cat"]
    assert legal(state, "bob") == [{"type": "shelter", "clans": 0}, {"type": "shelter", "clans": 1}]
    state = act(state, "cat", "shelter clans=1")
    assert view(state, "bob")["clash"]["sheltered"] == {} and view(state, "cat")["submitted"]["clans"] == 1
    state = act(state, "bob", "shelter clans=1")
    assert view(state)["clash"]["sheltered"] == {"bob": 1}  # bob comes first after ann
    assert view(state)["clash"]["exposed"] == {"ann": 2, "bob": 1, "cat": 2}
    assert view(state)["territories"]["valley"]["clans"] == {"ann": 2, "bob": 2, "cat": 2}  # presence kept


def test_i39_several_citadels_go_round_one_clan_at_a_time():
    state = warlord({"valley": {"ann": 2, "bob": 3, "cat": 3}}, extra=lambda b: b["terr"]["valley"].update(citadels=3))
    state = acts(state, [("bob", "shelter clans=3"), ("cat", "shelter clans=3")])
    assert view(state)["clash"]["sheltered"] == {"bob": 2, "cat": 1}


def test_i40_maneuvers_from_the_instigator_in_turn_order_skipping_players_without_exposed_clans():
    state = warlord({"valley": {"ann": 2, "bob": 1, "cat": 2}})
    state = acts(state, [("bob", "shelter clans=1"), ("cat", "shelter clans=0")])
    assert GAME.to_act(state) == ["ann"] and view(state)["clash"]["next"] == "ann"
    state = act(state, "ann", "attack target=cat")
    assert GAME.to_act(state) == ["cat"]  # bob has only a sheltered clan: skipped


def test_i41_the_attacked_player_chooses_to_discard_or_lose_unless_public_facts_leave_one():
    state = warlord({"valley": {"ann": 2, "bob": 2}}, hands={"bob": ["geis", "bard"]})
    state = acts(state, [("bob", "shelter clans=0"), ("ann", "attack target=bob")])
    assert step(state) == "attack-answer" and legal(state, "bob") == [
        {"type": "discard", "card": "bard"}, {"type": "discard", "card": "geis"}, {"type": "lose-clan"}]
    state = act(state, "bob", "discard card=geis")
    assert clans_of(state, "valley") == {"ann": 2, "bob": 2} and "bob discards an Action card." in lines(state)
    assert "Geis" not in " ".join(lines(state)[-3:])
    state = warlord({"valley": {"ann": 2, "bob": 2}})
    state = acts(state, [("bob", "shelter clans=0"), ("ann", "attack target=bob")])
    assert clans_of(state, "valley") == {"ann": 2, "bob": 1} and GAME.to_act(state) == ["bob"]


def test_i41_an_epic_tale_in_hand_means_he_is_asked():
    state = warlord({"valley": {"ann": 2, "bob": 2}}, hands={"bob": ["eriu"]})
    state = acts(state, [("bob", "shelter clans=0"), ("ann", "attack target=bob")])
    assert step(state) == "attack-answer" and legal(state, "bob") == [{"type": "lose-clan"}]


def test_i42_withdraw_only_into_adjacent_territories_where_he_is_chieftain():
    state = warlord({"valley": {"ann": 2, "bob": 3}, "cove": {"bob": 1}, "plains": {"bob": 1, "cat": 1}})
    state = act(state, "bob", "shelter clans=0")
    assert {"type": "withdraw"} not in legal(state, "ann")
    state = act(state, "ann", "attack target=bob")
    assert {"type": "withdraw"} in legal(state, "bob")
    state = act(state, "bob", "withdraw")
    assert step(state) == "declare" and {a["to"] for a in legal(state, "bob") if a["type"] == "move"} == {"cove"}
    state = act(state, "bob", "move clans=1 from=valley to=cove")  # the one haven used: declared
    assert clans_of(state, "cove") == {"bob": 2} and view(state)["clash"]["exposed"] == {"ann": 2, "bob": 1}


def test_i44_peace_offered_once_before_each_maneuver_all_yes_ends_any_no_continues():
    state = warlord({"valley": {"ann": 2, "bob": 2, "cat": 2}})
    state = acts(state, [("bob", "shelter clans=0"), ("cat", "shelter clans=0"), ("ann", "offer-peace")])
    assert step(state) == "peace-vote" and set(GAME.to_act(state)) == {"bob", "cat"}
    state = act(state, "bob", {"type": "peace", "accept": True})
    assert view(state, "cat")["clash"]["peace"] == {"offered_by": "ann", "voted": ["bob"]}
    assert view(state, "cat")["clash"]["votes"] is None
    state = act(state, "cat", {"type": "peace", "accept": False})
    assert view(state)["clash"]["votes"] == {"bob": True, "cat": False}
    assert GAME.to_act(state) == ["ann"] and {"type": "offer-peace"} not in legal(state, "ann")
    state = act(state, "ann", "attack target=bob")
    assert {"type": "offer-peace"} in legal(state, "bob")
    state = acts(state, [("bob", "offer-peace"), ("ann", {"type": "peace", "accept": True}),
                         ("cat", {"type": "peace", "accept": True})])
    assert view(state)["clash"] is None and "Peace is made; the clash ends." in lines(state)


def test_i46_the_only_exposed_player_may_end_the_clash_and_sheltered_clans_come_out():
    state = warlord({"valley": {"ann": 2, "bob": 1}})
    state = act(state, "bob", "shelter clans=1")
    assert legal(state, "ann")[-1] == {"type": "end-clash"} and {"type": "offer-peace"} not in legal(state, "ann")
    state = act(state, "ann", "end-clash")
    assert view(state)["clash"] is None and clans_of(state, "valley") == {"ann": 2, "bob": 1}
    accounted(state)


def test_i45_the_clash_ends_when_one_player_is_left():
    state = warlord({"valley": {"ann": 2, "bob": 1}})
    state = acts(state, [("bob", "shelter clans=0"), ("ann", "attack target=bob")])
    assert view(state)["clash"] is None and clans_of(state, "valley") == {"ann": 2}
