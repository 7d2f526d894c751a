"""Inis setup (I1–I6, I8), its options and `decks`, and the catalogue (engine-api-inis.md)."""
from __future__ import annotations

import pytest

from inis_helpers import GAME, START, acts, decks, hand, legal, new_game, step, view
from tain.games.base import SetupError
from tain.games.inis.catalogue import ACTION, EPIC, TERRITORY

PLAYERS = ["ann", "bob", "cat"]


def test_metadata_and_option_choices():
    assert (GAME.name, GAME.title, GAME.min_players, GAME.max_players) == ("inis", "Inis", 2, 4)
    assert GAME.option_choices == {"discovery": ("Start", [(False, "random territories"),
                                                          (True, "discovery scenario")])}


def test_catalogue_lists_every_card_and_territory():
    catalogue = GAME.catalogue()
    assert len(catalogue["cards"]) == 17 + 16 + 30 and len(catalogue["territories"]) == 16
    assert catalogue["cards"]["geis"] == {"name": "Geis", "type": "action", "season": False, "triskel": True,
                                          "four_players": False}
    assert catalogue["cards"]["raid"]["four_players"] and catalogue["cards"]["bard"]["season"]
    assert catalogue["cards"]["plains"]["type"] == "advantage" and catalogue["cards"]["plains"]["season"]
    assert catalogue["cards"]["lugs-spear"] == {"name": "Lug's Spear", "type": "epic", "season": False,
                                                "triskel": True, "four_players": False}
    assert [t for t, v in catalogue["territories"].items() if v["sanctuary"]] == ["gates-of-tir-na-nog",
                                                                                  "stone-circle"]
    assert not set(ACTION) & set(EPIC) and not set(ACTION) & set(TERRITORY) and not set(EPIC) & set(TERRITORY)


@pytest.mark.parametrize("options, words", [
    ({"colour": "red"}, "no option"),
    ({"first_player": "dan"}, "not one of the players"),
    ({"discovery": "yes"}, "true or false"),
    ({"decks": {"shoes": []}}, "no deck"),
    ({"decks": {"territory": sorted(TERRITORY)[:-1]}}, "exactly once"),
    ({"decks": {"epic": sorted(EPIC) + ["balors-eye"]}}, "exactly once"),
    ({"decks": {"action": [sorted(ACTION)]}}, "exactly once"),  # 17 cards in a 3-player game
    ({"decks": {"action": sorted(ACTION)}}, "list of ids"),
    ({"decks": {"crows": ["cw", "up"]}}, "cw"),
    ({"discovery": True, "decks": {"territory": sorted(TERRITORY)}}, "discovery"),
])
def test_setup_refuses_bad_options(options, words):
    with pytest.raises(SetupError, match=words):
        GAME.setup(PLAYERS, seed=1, options=options)


@pytest.mark.parametrize("players", [["ann"], ["a", "b", "c", "d", "e"], ["ann", "ann"]])
def test_setup_refuses_bad_players(players):
    with pytest.raises(SetupError):
        GAME.setup(players, seed=1)


def test_i1_seat_order_is_the_order_of_names_and_cw_follows_it():
    for crows, order in [("cw", ["ann", "bob", "cat", "dan"]), ("ccw", ["ann", "dan", "cat", "bob"])]:
        state = new_game(["ann", "bob", "cat", "dan"], decks=decks(4, crows=[crows] * 40))
        state = acts(state, [("ann", "capital territory=valley")])  # then the Crows are tossed (I4.6)
        assert view(state)["turn_order"] == order
        assert view(state)["to_act"] == [order[0]] and view(state)["direction"] == crows


@pytest.mark.parametrize("count, cards", [(2, 13), (3, 13), (4, 17)])
def test_i3_action_cards_by_player_count(count, cards):
    state = new_game(["ann", "bob", "cat", "dan"][:count], decks=decks(count))
    zones = view(state)["zones"]
    assert sum(zones["action"].values()) == cards
    assert sum(zones["epic"].values()) == 30 and sum(zones["advantage"].values()) == 16


def test_i4_setup_start_territories_in_cells_capital_crows_and_two_laps_of_placements():
    order = ["stone-circle", "swamp", "moor"] + [t for t in sorted(TERRITORY) if t not in ("stone-circle", "swamp", "moor")]
    state = GAME.setup(PLAYERS, seed=3, options={"first_player": "bob", "decks": {"territory": order,
                                                                                   "crows": ["ccw"]}})
    shown = view(state)
    assert shown["cells"] == {"0,0": "stone-circle", "1,0": "swamp", "0,1": "moor"}
    assert shown["territories"]["stone-circle"]["sanctuaries"] == 1  # enters with a Sanctuary (I4.2)
    assert shown["advantage"]["face_up"] == ["moor", "stone-circle", "swamp"]
    assert shown["zones"]["advantage"]["deck"] == 13 and shown["zones"]["territory"]["stack"] == 13
    assert (shown["step"], shown["to_act"], shown["brenn"]) == ("capital", ["bob"], "bob")
    # I4.5: not the Swamp
    assert legal(state, "bob") == [{"type": "capital", "territory": "stone-circle"},
                                   {"type": "capital", "territory": "moor"}]
    state = acts(state, [("bob", "capital territory=moor")])
    shown = view(state)
    moor = shown["territories"]["moor"]
    assert moor["capital"] and moor["citadels"] == 1 and moor["sanctuaries"] == 1
    assert shown["supply"] == {"citadels": 8, "sanctuaries": 7}
    assert shown["direction"] == "ccw"  # decks.crows[0]
    order_placed = []
    for _ in range(6):
        player = view(state)["to_act"][0]
        order_placed.append(player)
        assert step(state) == "place-clan"
        state = acts(state, [(player, "place-clan territory=moor")])
    assert order_placed == ["bob", "ann", "cat"] * 2  # from the Brenn, counterclockwise
    assert view(state)["territories"]["moor"]["clans"] == {"ann": 2, "bob": 2, "cat": 2}
    assert view(state)["phase"] == "assembly" and view(state)["round"] == 1


def test_i4_the_first_brenn_is_drawn_from_the_seed_without_first_player():
    brenns = {GAME.setup(PLAYERS, seed=seed)["options"]["first_player"] for seed in range(12)}
    assert brenns == set(PLAYERS)
    assert GAME.setup(PLAYERS, seed=5) == GAME.setup(PLAYERS, seed=5)


def test_i6_discovery_scenario_start_tiles_and_the_bottom_six():
    for count in (2, 3, 4):
        players = ["ann", "bob", "cat", "dan"][:count]
        state = GAME.setup(players, seed=9, options={"discovery": True})
        assert list(view(state)["cells"].values()) == START[:count]
        stack = state["board"]["stack"]
        assert set(stack[-6:]) == {"meadows", "misty-lands", "forest", "gates-of-tir-na-nog", "highlands",
                                   "mountains"}
        assert len(stack) == 16 - count


def test_i8_start_cells_two_touch_three_form_a_triangle_four_a_rhombus():
    for count, touching in [(2, {"valley": ["cove"]}), (3, {"valley": ["cove", "plains"]}),
                            (4, {"valley": ["cove", "hills", "plains"], "plains": ["valley", "cove"][::-1]})]:
        state = new_game(["ann", "bob", "cat", "dan"][:count], decks=decks(count))
        territories = view(state)["territories"]
        for territory, neighbours in touching.items():
            assert territories[territory]["neighbours"] == sorted(neighbours)
    four = view(new_game(["ann", "bob", "cat", "dan"], decks=decks(4)))["territories"]
    assert {t: len(v["neighbours"]) for t, v in four.items()} == {"valley": 3, "cove": 3, "plains": 2, "hills": 2}


def test_decks_fix_the_first_deal_and_the_set_aside_card():
    deal = ["citadel", "bard", "conquest", "craftsmen-and-peasants", "druid", "exploration", "festival", "geis",
            "migration", "new-alliance", "new-clans", "sanctuary", "warlord"]
    state = new_game(decks=decks(3, action=[deal]))
    from inis_helpers import by_timeouts
    state = by_timeouts(state, lambda s: step(s) == "draft")
    assert sorted(hand(state, "ann")) == sorted(deal[1:5])  # the first card is set aside (I23)
    assert sorted(hand(state, "bob")) == sorted(deal[5:9])
    assert sorted(hand(state, "cat")) == sorted(deal[9:13])
    assert view(state)["zones"]["action"]["set_aside"] == 1
