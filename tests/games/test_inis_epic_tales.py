"""Every Epic Tale (`inis-cards.md`, "Epic Tales"): Season Tales on a turn, Triskel Tales in
their windows, as maneuvers (I43) or folded into answers (I56)."""
from __future__ import annotations

from inis_helpers import (
    GAME, accounted, act, acts, clans_of, hand, legal, lines, plays_of, step, turn_of,
    view,
)

BASE = {"valley": {"ann": 2, "bob": 1}, "cove": {"bob": 2}, "plains": {"cat": 1}}


def ann_with(*cards, clans=None, others=None, extra=None, **kwargs):
    others = {"bob": ["geis"], "cat": ["bard"]} if others is None else others
    return turn_of("ann", hands={"ann": list(cards), **others}, clans=clans or BASE, extra=extra, **kwargs)


def clash_of(ann_cards, clans, others=None, extra=None, territory="valley"):
    """ann starts a clash with Warlord in `territory` and nobody shelters."""
    state = ann_with("warlord", *ann_cards, clans=clans, others=others, extra=extra)
    state = act(state, "ann", {"type": "play", "card": "warlord", "territory": territory})
    while step(state) == "citadels":
        state = act(state, GAME.to_act(state)[0], "shelter clans=0")
    return state


# --- Season Tales ----------------------------------------------------------------------------------

def test_balors_eye_removes_any_clan_yours_included():
    state = ann_with("balors-eye")
    assert {"type": "play", "card": "balors-eye", "territory": "valley", "player": "ann"} in legal(state, "ann")
    state = act(state, "ann", {"type": "play", "card": "balors-eye", "territory": "cove", "player": "bob"})
    assert clans_of(state, "cove") == {"bob": 1} and view(state)["epic_discard"] == ["balors-eye"]


def test_breas_tyranny_moves_an_opponents_clan_without_a_clash():
    state = ann_with("breas-tyranny")
    assert {a["from"] for a in plays_of(state, "ann", "breas-tyranny")} == {"valley"}
    state = act(state, "ann", {"type": "play", "card": "breas-tyranny", "from": "valley", "player": "bob", "to": "plains"})
    assert clans_of(state, "plains") == {"bob": 1, "cat": 1} and view(state)["clash"] is None


def test_the_champions_share_takes_the_set_aside_card():
    state = ann_with("the-champions-share")
    card = state["board"]["set_aside"]
    state = act(state, "ann", "play card=the-champions-share")
    assert card in hand(state, "ann") and view(state)["zones"]["action"]["set_aside"] == 0
    assert card not in str(view(state, "bob"))


def test_children_of_dana_one_clan_anywhere():
    state = ann_with("children-of-dana")
    assert len(plays_of(state, "ann", "children-of-dana")) == 3
    state = act(state, "ann", {"type": "play", "card": "children-of-dana", "territory": "plains"})
    assert clans_of(state, "plains") == {"ann": 1, "cat": 1}


def test_dagdas_harp_one_clan_per_other_epic_tale_at_most_three():
    state = ann_with("dagdas-harp", "eriu", "tuans-memory")
    assert [a["place"] for a in plays_of(state, "ann", "dagdas-harp")] == [{"valley": 2}]
    state = ann_with("dagdas-harp")
    assert plays_of(state, "ann", "dagdas-harp") == [{"type": "play", "card": "dagdas-harp", "place": None}]


def test_deirdres_beauty_reveals_one_tale_each_take_one_then_lose_your_declared_clan():
    state = ann_with("deirdres-beauty", others={"bob": ["eriu"], "cat": ["tuans-memory"]})
    state = act(state, "ann", {"type": "play", "card": "deirdres-beauty", "remove": "valley"})
    assert step(state) == "take" and legal(state, "ann") == [{"type": "take", "card": "eriu"},
                                                            {"type": "take", "card": "tuans-memory"}]
    assert "bob reveals Ériu." in lines(state)
    state = act(state, "ann", "take card=eriu")
    assert "eriu" in hand(state, "ann") and "tuans-memory" in view(state)["epic_discard"]
    assert clans_of(state, "valley") == {"ann": 1, "bob": 1}
    accounted(state)


def test_eriu_up_to_three_sanctuary_territories_where_present():
    state = ann_with("eriu", clans={"valley": {"ann": 1}, "cove": {"ann": 1}, "plains": {"ann": 1}},
                     extra=lambda b: b["terr"]["cove"].update(sanctuaries=1))
    places = [a["place"] for a in plays_of(state, "ann", "eriu")]
    assert sorted(places, key=lambda p: (len(p), sorted(p))) == [{}, {"cove": 1}, {"valley": 1},
                                                                 {"cove": 1, "valley": 1}]  # "may": none too


def test_kernunos_sanctuary_where_there_is_none():
    state = ann_with("kernunos-sanctuary", clans={"valley": {"ann": 1}, "cove": {"ann": 1}})
    assert plays_of(state, "ann", "kernunos-sanctuary") == [{"type": "play", "card": "kernunos-sanctuary",
                                                            "territory": "cove"}]
    state = act(state, "ann", plays_of(state, "ann", "kernunos-sanctuary")[0])
    assert view(state)["territories"]["cove"]["sanctuaries"] == 1 and clans_of(state, "cove") == {"ann": 2}


def test_maeves_wealth_gifts_at_once_and_gifts_back_in_turn_order():
    state = ann_with("maeves-wealth", "citadel", others={"bob": ["geis", "druid"], "cat": ["bard"]})
    state = act(state, "ann", "play card=maeves-wealth")
    assert step(state) == "give" and set(GAME.to_act(state)) == {"bob", "cat"}
    state = act(state, "cat", "give card=bard")
    assert view(state, "cat")["submitted"] == {"type": "give", "card": "bard"} and view(state, "bob")["submitted"] is None
    assert GAME.to_act(state) == ["bob"]
    state = act(state, "bob", "give card=druid")
    assert GAME.to_act(state) == ["ann"] and all(a.get("to") == "bob" for a in legal(state, "ann"))
    state = acts(state, [("ann", "give card=citadel to=bob"), ("ann", "give card=druid to=cat")])
    assert sorted(hand(state, "bob")) == ["citadel", "geis"] and hand(state, "cat") == ["druid"]
    assert sorted(hand(state, "ann")) == ["bard"]


def test_manannans_horses_one_to_three_clans_anywhere_with_a_clash():
    state = ann_with("manannans-horses", clans={"valley": {"ann": 4}, "plains": {"cat": 1}})
    assert max(a["clans"] for a in plays_of(state, "ann", "manannans-horses")) == 3
    state = act(state, "ann", {"type": "play", "card": "manannans-horses", "from": "valley", "to": "plains", "clans": 3})
    assert clans_of(state, "plains") == {"ann": 3, "cat": 1} and view(state)["clash"]["territory"] == "plains"


def test_the_morrigan_flips_the_crows_and_starts_a_clash_naming_an_instigator():
    state = ann_with("the-morrigan")
    plays = plays_of(state, "ann", "the-morrigan")
    assert len(plays) == 2 * (1 + 2)  # flip or not; no clash, or valley with ann or bob as instigator
    state = act(state, "ann", {"type": "play", "card": "the-morrigan", "flip": True, "clash": "valley",
                               "instigator": "bob"})
    assert view(state)["direction"] == "ccw" and view(state)["clash"]["instigator"] == "bob"


def test_nuada_silverhand_one_clan_per_opponent_where_chieftain():
    state = ann_with("nuada-silverhand", clans={"valley": {"ann": 3, "bob": 1, "cat": 1}, "cove": {"ann": 1}})
    assert [a["place"] for a in plays_of(state, "ann", "nuada-silverhand")] == [{"valley": 1}, {"valley": 2}, {}]


def test_the_other_world_per_sanctuary_place_or_remove():
    state = ann_with("the-other-world", clans={"valley": {"ann": 1, "bob": 1}},
                     extra=lambda b: b["terr"]["valley"].update(sanctuaries=2))
    plays = [(a["place"], a["remove"]) for a in plays_of(state, "ann", "the-other-world")]
    assert plays == [(1, {"bob": 1}), (2, {})]
    state = act(state, "ann", {"type": "play", "card": "the-other-world", "territory": "valley", "place": 1,
                               "remove": {"bob": 1}})
    assert clans_of(state, "valley") == {"ann": 2}


def test_the_stone_of_fal_two_clans_in_the_capital():
    state = ann_with("the-stone-of-fal", clans={"cove": {"ann": 1}})
    state = act(state, "ann", "play card=the-stone-of-fal")
    capital = next(t for t, v in view(state)["territories"].items() if v["capital"])
    assert clans_of(state, capital) == {"ann": 2}


def test_tailtus_land_draw_three_place_one_the_rest_to_the_bottom_then_a_move():
    state = ann_with("tailtus-land")
    top = state["board"]["stack"][:3]
    state = act(state, "ann", "play card=tailtus-land")
    assert step(state) == "place-territory" and view(state, "ann")["known"][-1]["cards"] == top
    assert not [k for k in view(state, "bob")["known"] if k["source"] == "tailtus-land"]
    assert {a["territory"] for a in legal(state, "ann")} == set(top)
    state = act(state, "ann", {"type": "place-territory", "territory": top[1], "cell": "1,-1"})
    assert state["board"]["stack"][-2:] == [top[0], top[2]]
    assert step(state) == "declare" and {"type": "done"} in legal(state, "ann")
    state = act(state, "ann", {"type": "move", "from": "valley", "to": top[1], "clans": 1})
    assert clans_of(state, top[1]) == {"ann": 1}
    accounted(state)


def test_tuans_memory_draw_three_keep_one():
    state = ann_with("tuans-memory")
    state = act(state, "ann", "play card=tuans-memory")
    assert step(state) == "keep" and len(legal(state, "ann")) == 3
    state = act(state, "ann", legal(state, "ann")[2])
    assert view(state)["hands"]["ann"]["epic"] == 1 and len(view(state)["epic_discard"]) == 3  # 2 + Tuan's


# --- Triskel Tales ---------------------------------------------------------------------------------

def test_battle_frenzy_every_sheltered_clan_comes_out():
    rule = {"window": "citadels-end", "then": {"play": "battle-frenzy"}}
    state = ann_with("warlord", "battle-frenzy", clans={"valley": {"ann": 2, "bob": 2}},
                     extra=lambda b: b["standing"].update(ann=[rule]))
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}), ("bob", "shelter clans=1")])
    assert view(state)["clash"]["sheltered"] == {} and view(state)["clash"]["exposed"] == {"ann": 2, "bob": 2}
    assert "ann plays Battle Frenzy." in lines(state)


def test_the_battle_of_moytura_moves_in_and_places_one_all_exposed():
    state = clash_of(["the-battle-of-moytura"], {"valley": {"ann": 1, "bob": 2}, "cove": {"ann": 2}})
    assert {"type": "play", "card": "the-battle-of-moytura"} in legal(state, "ann")
    state = acts(state, [("ann", "play card=the-battle-of-moytura"), ("ann", "move clans=2 from=cove to=valley")])
    assert view(state)["clash"]["exposed"] == {"ann": 4, "bob": 2}


def test_the_dagda_cancels_an_epic_tale_and_shuffles_the_discard_in():
    rule = {"window": "announced", "then": {"play": "the-dagda"}}
    state = ann_with("children-of-dana", others={"bob": ["the-dagda"], "cat": []},
                     extra=lambda b: (b["standing"].update(bob=[rule]), b["epic_discard"].extend(
                         [b["epic_deck"].pop(), b["epic_deck"].pop()])))
    deck = view(state)["zones"]["epic"]["deck"]
    state = act(state, "ann", {"type": "play", "card": "children-of-dana", "territory": "plains"})
    assert clans_of(state, "plains") == {"cat": 1}
    assert view(state)["epic_discard"] == ["the-dagda"] and view(state)["zones"]["epic"]["deck"] == deck + 3
    accounted(state)


def test_the_dagda_on_an_advantage_card_reshuffles_nothing():
    rule = {"window": "announced", "then": {"play": "the-dagda"}}
    state = ann_with("swamp", "geis", others={"bob": ["the-dagda"], "cat": ["bard"]},
                     extra=lambda b: b["standing"].update(bob=[rule]))
    state = act(state, "ann", "play card=swamp")
    assert view(state)["advantage"]["played"] == ["swamp"] and view(state)["epic_discard"] == ["the-dagda"]


def test_dagdas_cauldron_gathers_this_clashs_losses_and_returns_up_to_three():
    state = clash_of([], {"valley": {"ann": 5, "bob": 4}}, others={"bob": ["dagdas-cauldron"], "cat": []})
    state = act(state, "ann", "attack target=bob")
    assert {"type": "lose-clan", "save": "dagdas-cauldron"} in legal(state, "bob")
    state = act(state, "bob", "lose-clan")  # this one goes to his reserve
    state = act(state, "bob", "attack target=ann")  # ann holds nothing: she loses a clan at once
    state = act(state, "ann", "attack target=bob")
    state = act(state, "bob", {"type": "lose-clan", "save": "dagdas-cauldron"})
    assert view(state)["cauldron"]["bob"] == 2 and view(state)["clash"]["cauldron"] == "bob"
    assert clans_of(state, "valley") == {"ann": 4, "bob": 2} and view(state)["zones"]["epic"]["in_play"] == 1
    accounted(state)
    state = act(state, "bob", "offer-peace")
    state = act(state, "ann", {"type": "peace", "accept": True})
    assert step(state) == "return" and legal(state, "bob") == [{"type": "return", "clans": n} for n in range(3)]
    state = act(state, "bob", "return clans=2")
    assert clans_of(state, "valley") == {"ann": 4, "bob": 4} and view(state)["cauldron"]["bob"] == 0
    assert "dagdas-cauldron" in view(state)["epic_discard"]
    accounted(state)


def test_the_dagdas_club_saves_a_clan_or_forces_the_answer():
    state = clash_of([], {"valley": {"ann": 3, "bob": 2}}, others={"bob": ["the-dagdas-club", "geis"], "cat": []})
    state = act(state, "ann", "attack target=bob")
    state = act(state, "bob", {"type": "lose-clan", "save": "the-dagdas-club"})
    assert clans_of(state, "valley") == {"ann": 3, "bob": 2} and "bob's clan is not removed." in lines(state)
    state = clash_of(["the-dagdas-club"], {"valley": {"ann": 3, "bob": 2}}, others={"bob": ["geis", "bard"], "cat": []})
    state = act(state, "ann", {"type": "attack", "target": "bob", "with": "the-dagdas-club", "force": "clan"})
    assert clans_of(state, "valley") == {"ann": 3, "bob": 1}  # no choice left to bob: lost at once


def test_diarmuid_and_grainne_moves_the_clan_elsewhere():
    state = clash_of([], {"valley": {"ann": 3, "bob": 2}, "cove": {"bob": 1}},
                     others={"bob": ["diarmuid-and-grainne"], "cat": []})
    state = act(state, "ann", "attack target=bob")
    assert {"type": "lose-clan", "save": "diarmuid-and-grainne", "territory": "cove"} in legal(state, "bob")
    state = act(state, "bob", {"type": "lose-clan", "save": "diarmuid-and-grainne", "territory": "cove"})
    assert clans_of(state, "cove") == {"bob": 2} and clans_of(state, "valley") == {"ann": 3, "bob": 1}


def test_the_fianna_moves_exposed_or_sheltered_clans_out_no_clash():
    state = ann_with("warlord", others={"bob": ["the-fianna"], "cat": []}, clans={"valley": {"ann": 3, "bob": 3}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}), ("bob", "shelter clans=1"),
                         ("ann", "attack target=bob"), ("bob", "lose-clan")])
    assert GAME.to_act(state) == ["bob"] and view(state)["clash"]["sheltered"] == {"bob": 1}
    assert {"type": "play", "card": "the-fianna", "to": "cove", "exposed": 1, "sheltered": 1} in legal(state, "bob")
    state = act(state, "bob", {"type": "play", "card": "the-fianna", "to": "cove", "exposed": 1, "sheltered": 1})
    assert clans_of(state, "cove") == {"bob": 2} and clans_of(state, "valley") == {"ann": 3}
    assert view(state)["clash"] is None
    accounted(state)


def test_lug_samildanach_takes_a_resolved_action_card():
    rule = {"window": "resolved", "when": {"card": ["new-clans"]}, "then": {"play": "lug-samildanach"}}
    state = ann_with("new-clans", others={"bob": ["lug-samildanach"], "cat": []},
                     extra=lambda b: b["standing"].update(bob=[rule]))
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert "new-clans" in hand(state, "bob") and clans_of(state, "valley")["ann"] == 4


def test_lugs_spear_no_triskel_card_for_the_rest_of_the_clash():
    rule = {"window": "clash-start", "then": {"play": "lugs-spear"}}
    state = clash_of(["iron-mine"], {"valley": {"ann": 3, "bob": 2}},
                     others={"bob": ["the-dagdas-club", "lugs-spear", "moor"], "cat": []},
                     extra=lambda b: b["standing"].update(bob=[rule]))
    assert view(state)["clash"]["triskels_blocked"] and "bob plays Lug's Spear." in lines(state)
    assert not [a for a in legal(state, "ann") if "with" in a]
    state = act(state, "ann", "attack target=bob")
    # his Epic Tales do not count while Triskels are blocked (I41): no card, so the clan is lost at once
    assert clans_of(state, "valley") == {"ann": 3, "bob": 1} and GAME.to_act(state) == ["bob"]
    assert not [a for a in legal(state, "bob") if a.get("card") == "moor"]
    assert "the-dagdas-club" in hand(state, "bob")


def test_oenguss_ploy_and_streng_and_ogma_and_tale():
    state = clash_of(["ogmas-eloquence"], {"valley": {"ann": 1, "bob": 2}})
    state = act(state, "ann", "play card=ogmas-eloquence")
    assert view(state)["clash"] is None and "The clash ends at once." in lines(state)
    rule = {"window": "after-maneuver", "when": {"by": ["ann"]}, "then": {"play": "strengs-resolve"}}
    state = clash_of(["strengs-resolve"], {"valley": {"ann": 3, "bob": 2}}, others={"bob": [], "cat": []},
                     extra=lambda b: b["standing"].update(ann=[rule]))
    state = act(state, "ann", "attack target=bob")
    assert view(state)["deeds"]["ann"] == 1
    state = clash_of(["tale-of-cuchulain"], {"valley": {"ann": 1, "bob": 2, "cat": 1}}, others={"bob": [], "cat": []})
    plays = plays_of(state, "ann", "tale-of-cuchulain")
    assert {"type": "play", "card": "tale-of-cuchulain", "remove": {"bob": 2}} in plays
    assert {"type": "play", "card": "tale-of-cuchulain", "remove": {"ann": 1, "cat": 1}} in plays
    state = act(state, "ann", {"type": "play", "card": "tale-of-cuchulain", "remove": {"bob": 1, "cat": 1}})
    assert clans_of(state, "valley") == {"ann": 1, "bob": 1}


def test_tale_of_cuchulain_only_with_exactly_one_exposed_clan():
    state = clash_of(["tale-of-cuchulain"], {"valley": {"ann": 2, "bob": 2}})
    assert plays_of(state, "ann", "tale-of-cuchulain") == []
