"""Rulings not covered by the other Inis test modules, one test each, named after the ruling."""
from __future__ import annotations

from inis_helpers import (
    GAME, act, acts, assembly_of, by_timeouts, clans_of, decks, hand, legal, lines, new_game,
    plays_of, step, turn_of, view,
)


def test_i2_buildings_are_finite_and_clans_twelve():
    state = turn_of("ann", hands={"ann": ["sanctuary"], "bob": ["bard"], "cat": []}, clans={"valley": {"ann": 1}},
                    extra=lambda b: b["supply"].update(sanctuaries=0))
    state = act(state, "ann", {"type": "play", "card": "sanctuary", "territory": "valley"})
    assert view(state)["territories"]["valley"]["sanctuaries"] == 1 and view(state)["hands"]["ann"]["epic"] == 1
    state = turn_of("ann", hands={"ann": ["new-clans"], "bob": ["bard"], "cat": []}, clans={"valley": {"ann": 12}})
    assert plays_of(state, "ann", "new-clans") == [{"type": "play", "card": "new-clans", "place": None}]


def test_i5_two_players_the_next_player_is_always_the_opponent():
    for crows in ("cw", "ccw"):
        state = new_game(["ann", "bob"], decks=decks(2, crows=[crows] * 40))
        state = by_timeouts(state, lambda s: step(s) == "turn")
        assert view(state)["turn_order"] == ["ann", "bob"] and view(state)["draft"] is None
        assert view(state)["direction"] == crows


def test_i10_the_brenn_places_explorations_tile_in_an_open_cell():
    state = turn_of("cat", hands={"cat": ["exploration"], "ann": ["geis"], "bob": ["bard"]},
                    clans={"valley": {"cat": 1}})
    state = act(state, "cat", "play card=exploration")
    assert GAME.to_act(state) == ["ann"] and not GAME.mid_turn(state)  # the Brenn, not the card's player
    cells = {a["cell"] for a in legal(state, "ann")}
    assert cells == set(view(state)["open_cells"]) and "0,0" not in cells


def test_i11_chieftain_strictly_most_clans_sheltered_ones_count():
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": [], "cat": []},
                    clans={"cove": {"ann": 2, "bob": 2}, "valley": {"ann": 1, "bob": 2}})
    assert view(state)["territories"]["cove"]["chieftain"] is None
    assert view(state)["territories"]["valley"]["chieftain"] == "bob"
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}), ("bob", "shelter clans=1")])
    assert view(state)["clash"]["sheltered"] == {"bob": 1}
    assert view(state)["territories"]["valley"]["chieftain"] == "bob"


def test_i12_a_change_of_direction_applies_at_once():
    state = turn_of("ann", hands={"ann": ["the-morrigan"], "bob": ["bard"], "cat": ["geis"]},
                    clans={"valley": {"ann": 1}})
    state = act(state, "ann", {"type": "play", "card": "the-morrigan", "flip": True, "clash": None, "instigator": None})
    assert view(state)["direction"] == "ccw" and GAME.to_act(state) == ["cat"]
    assert view(state)["turn_order"] == ["ann", "cat", "bob"]


def test_i13_placing_takes_from_the_reserve_and_fewer_when_it_is_short():
    state = turn_of("ann", hands={"ann": ["the-stone-of-fal"], "bob": ["bard"], "cat": []},
                    clans={"cove": {"ann": 11}})
    state = act(state, "ann", "play card=the-stone-of-fal")
    assert view(state)["reserve"]["ann"] == 0 and "ann places 1 clan in Valley." in lines(state)


def test_i14_who_holds_which_advantage_card_and_how_many_cards_are_public():
    state = turn_of("ann", hands={"ann": ["valley", "bard", "eriu"], "bob": [], "cat": []}, clans={"valley": {"ann": 1}})
    for viewer in ("bob", None):
        shown = view(state, viewer)
        assert shown["advantage"]["held"]["ann"] == ["valley"]
        assert shown["hands"]["ann"] == {"action": 1, "advantage": 1, "epic": 1}
        public = {k: v for k, v in shown.items() if k not in ("known", "hand")}  # bob's own draft is his
        assert "eriu" not in str(public) and "'bard'" not in str(public)


def test_i15_a_null_target_only_when_the_card_can_do_nothing():
    state = turn_of("ann", hands={"ann": ["festival"], "bob": [], "cat": []}, clans={"cove": {"ann": 1}})
    assert plays_of(state, "ann", "festival") == [{"type": "play", "card": "festival", "territory": None}]
    state = act(state, "ann", {"type": "play", "card": "festival", "territory": None})
    assert view(state)["festival_territory"] is None and "ann plays Festival." in lines(state)
    state = turn_of("ann", hands={"ann": ["festival"], "bob": [], "cat": []}, clans={"valley": {"ann": 1}})
    assert plays_of(state, "ann", "festival") == [{"type": "play", "card": "festival", "territory": "valley"}]


def test_i16_an_empty_deck_is_replaced_by_the_shuffled_discard_and_none_left_draws_nothing():
    def empty_deck(board):
        board["epic_discard"] += board["epic_deck"]
        board["epic_deck"] = []
    state = turn_of("ann", hands={"ann": ["bard", "sanctuary"], "bob": [], "cat": []}, clans={"valley": {"ann": 1}},
                    extra=empty_deck)
    state = act(state, "ann", "play card=bard")
    shown = view(state)
    assert shown["hands"]["ann"]["epic"] == 1 and shown["zones"]["epic"]["discard"] == 0
    assert shown["zones"]["epic"]["deck"] == 29

    def nothing_left(board):
        board["epic_deck"], board["epic_discard"] = [], []
        for p in ("bob", "cat"):
            board["hands"][p]["epic"] = []
    state = turn_of("ann", hands={"ann": ["bard"], "bob": [], "cat": []},
                    clans={"valley": {"ann": 1}}, extra=nothing_left)
    state = act(state, "ann", "play card=bard")
    assert "ann draws no Epic Tale: there is none left." in lines(state)


def test_i23_the_deal_goes_from_the_brenn_in_turn_order():
    deal = ["druid", "bard", "citadel", "conquest", "craftsmen-and-peasants", "exploration", "festival", "geis",
            "migration", "new-alliance", "new-clans", "sanctuary", "warlord"]
    state = new_game(first="bob", decks=decks(3, crows=["ccw"] * 40, action=[deal]))
    state = by_timeouts(state, lambda s: step(s) == "draft")
    assert view(state)["turn_order"] == ["bob", "ann", "cat"]
    assert sorted(hand(state, "bob")) == sorted(deal[1:5]) and sorted(hand(state, "ann")) == sorted(deal[5:9])


def test_i38_the_festival_loss_comes_before_the_clash_start_window():
    rules = {"bob": [{"window": "clash-start", "then": {"play": "lugs-spear"}}]}
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": ["lugs-spear"], "cat": []},
                    clans={"valley": {"ann": 3, "bob": 2}},
                    extra=lambda b: (b.update(festival="valley"), b["standing"].update(rules)))
    state = act(state, "ann", {"type": "play", "card": "warlord", "territory": "valley"})
    text = lines(state)
    assert text.index("ann loses 1 clan in Valley.") < text.index("bob plays Lug's Spear.")


def test_i43_epic_tale_maneuvers_are_triskel_plays_the_dagda_may_cancel():
    rules = {"bob": [{"window": "announced", "when": {"card": ["ogmas-eloquence"]}, "then": {"play": "the-dagda"}}]}
    state = turn_of("ann", hands={"ann": ["warlord", "ogmas-eloquence"], "bob": ["the-dagda"], "cat": []},
                    clans={"valley": {"ann": 1, "bob": 2}}, extra=lambda b: b["standing"].update(rules))
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}), ("bob", "shelter clans=0"),
                         ("ann", "play card=ogmas-eloquence")])
    assert view(state)["clash"] is not None and GAME.to_act(state) == ["bob"]


def test_i47_deeds_are_not_spent_by_the_check_and_lost_only_without_clans():
    def edit(board):
        board["deeds"]["bob"] = 3
        board["pretenders"] = ["bob"]
    state = assembly_of(edit)
    assert view(state)["deeds"]["bob"] == 3


def test_i48_nobody_is_stopped_for_a_triskel_epic_tale_by_default():
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": ["lugs-spear"], "cat": []},
                    clans={"valley": {"ann": 3, "bob": 2}})
    state = act(state, "ann", {"type": "play", "card": "warlord", "territory": "valley"})
    assert step(state) == "citadels" and not view(state)["clash"]["triskels_blocked"]


def test_i53_all_asked_at_once_who_has_answered_is_public_the_answers_are_not():
    ask = [{"window": "announced", "then": "ask"}]
    state = turn_of("ann", hands={"ann": ["new-clans"], "bob": ["geis"], "cat": ["bard"]}, clans={"valley": {"ann": 1}},
                    extra=lambda b: b["standing"].update(bob=ask, cat=ask))
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    state = act(state, "bob", "play card=geis")
    assert view(state, "cat")["window"]["answered"] == ["bob"] and clans_of(state, "valley") == {"ann": 1}
    assert "geis" not in str(view(state, "cat")["current_report"])
    state = act(state, "cat", "decline")
    assert "bob plays Geis." in lines(state)


def test_i60_rounds_follow_one_another_without_limit():
    state = turn_of("ann", hands={"ann": [], "bob": [], "cat": ["geis"]}, clans={"valley": {"ann": 1}})
    for expected in (2, 3, 4):
        state = by_timeouts(state, lambda s, r=expected: view(s)["round"] == r and step(s) == "turn")
        assert view(state)["round"] == expected and not GAME.is_over(state)


def test_i61_scores_are_the_conditions_met_while_the_game_goes_on():
    state = turn_of("ann", hands={"ann": ["geis"], "bob": [], "cat": []}, clans={"valley": {"ann": 1}},
                    extra=lambda b: b["deeds"].update(cat=6))
    assert GAME.scores(state) == {"ann": 0, "bob": 0, "cat": 1} and GAME.winners(state) == []


# --- edges found by reading the rulings against the engine (session 8) ------------------------------------

CLANS = {"valley": {"ann": 2, "bob": 1}, "cove": {"bob": 2, "cat": 1}, "plains": {"cat": 1}}


def with_rules(rules):
    """An edit for `turn_of`: these standing rules given."""
    return lambda board: board["standing"].update(rules)


def test_i41_i49_a_clan_that_goes_onto_dagdas_cauldron_in_play_is_saved_so_bard_has_nothing_to_count():
    state = turn_of("ann", hands={"ann": ["warlord", "bard", "new-clans", "citadel"], "bob": ["dagdas-cauldron"], "cat": []},
                    clans={"valley": {"ann": 1}, "cove": {"ann": 3, "bob": 2}, "plains": {"cat": 1}},
                    extra=with_rules({"ann": [{"window": "after-maneuver", "then": {"play": "bard"}}]}))
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "cove"}),
                         ("ann", {"type": "attack", "target": "bob"}),
                         ("bob", {"type": "lose-clan", "save": "dagdas-cauldron"}),
                         ("bob", {"type": "attack", "target": "ann"}),
                         ("ann", {"type": "discard", "card": "citadel"}),
                         ("ann", {"type": "attack", "target": "bob"})])  # bob's clan goes onto his Cauldron
    assert view(state)["cauldron"]["bob"] == 2 and lines(state)[-1] == "bob loses 1 clan in Cove, onto Dagda's Cauldron."
    assert view(state)["deeds"]["ann"] == 0 and "bard" in hand(state, "ann")


def test_i57_moor_in_a_window_or_step_that_asks_him_alone_and_he_goes_on():
    state = turn_of("ann", hands={"ann": ["new-clans", "valley", "moor"], "bob": [], "cat": []}, clans=CLANS)
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert step(state) == "window" and GAME.to_act(state) == ["ann"] and not GAME.mid_turn(state)
    state = act(state, "ann", {"type": "play", "card": "moor", "target": "bob"})
    assert step(state) == "window" and GAME.to_act(state) == ["ann"] and GAME.mid_turn(state)
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": ["moor"], "cat": []},
                    clans={"valley": {"ann": 1, "bob": 2}, "cove": {"bob": 1}, "plains": {"cat": 1}})
    state = act(state, "ann", {"type": "play", "card": "warlord", "territory": "valley"})
    assert step(state) == "citadels" and GAME.to_act(state) == ["bob"] and not GAME.mid_turn(state)
    state = act(state, "bob", {"type": "play", "card": "moor", "target": "ann"})
    assert step(state) == "citadels" and GAME.to_act(state) == ["bob"] and GAME.mid_turn(state)


def test_the_mountains_cost_of_his_own_moves_is_part_of_his_card_so_he_goes_on():
    state = turn_of("ann", hands={"ann": ["migration", "bard", "geis"], "bob": [], "cat": []},
                    clans={"valley": {"ann": 3}, "cove": {"bob": 1}, "plains": {"cat": 1}},
                    tiles=[("mountains", "1,-1")])
    state = acts(state, [("ann", {"type": "play", "card": "migration", "from": "valley"}),
                         ("ann", {"type": "move", "from": "valley", "to": "mountains", "clans": 1}),
                         ("ann", {"type": "done"})])
    assert step(state) == "mountains" and GAME.to_act(state) == ["ann"] and GAME.mid_turn(state)


def test_i51_the_territory_a_card_concerns_is_also_where_it_always_goes():
    state = turn_of("ann", hands={"ann": ["the-stone-of-fal"], "bob": [], "cat": []}, clans=CLANS)
    capital = state["board"]["capital"]
    for when in ({"territory": [capital]}, {"targets_me": True}):  # bob has a clan in the Capital
        state = turn_of("ann", hands={"ann": ["the-stone-of-fal"], "bob": ["the-dagda"], "cat": []}, clans=CLANS,
                        extra=with_rules({"bob": [{"window": "announced", "when": when, "then": "ask"}]}))
        state = act(state, "ann", "play card=the-stone-of-fal")
        assert step(state) == "window" and GAME.to_act(state) == ["bob"], when
        assert view(state)["window"]["territory"] == capital
    rule = {"window": "announced", "when": {"territory": ["lost-vale"]}, "then": "ask"}
    state = turn_of("ann", hands={"ann": ["new-clans", "lost-vale"], "bob": ["the-dagda"], "cat": []},
                    clans={**CLANS, "lost-vale": {}}, extra=with_rules({"bob": [rule]}), tiles=[("lost-vale", "1,-1")])
    state = acts(state, [("ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}}),
                         ("ann", {"type": "play", "card": "lost-vale", "from": "cove", "player": "bob"})])
    assert step(state) == "window" and GAME.to_act(state) == ["bob"]
    assert view(state)["window"]["territory"] == "lost-vale"


def test_i64_the_bot_under_iron_mine_discards_and_saves_its_clan_if_it_can():
    state = turn_of("ann", hands={"ann": ["warlord", "iron-mine"], "bob": ["the-dagdas-club", "bard", "geis"], "cat": []},
                    clans={"valley": {"ann": 1}, "cove": {"bob": 1}, "plains": {"cat": 1}, "hills": {"ann": 3, "bob": 2}},
                    tiles=[("hills", "1,-1")])
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "hills"}),
                         ("ann", {"type": "attack", "target": "bob", "with": "iron-mine"})])
    choice = GAME.make_bot(1).choose(view(state, "bob"), legal(state, "bob"))
    assert choice["type"] == "discard-and-lose" and choice["save"] == "the-dagdas-club"
