"""Every Action card (`inis-cards.md`), Season and Triskel sides, with the rulings they use."""
from __future__ import annotations

from inis_helpers import (
    GAME, accounted, act, acts, add_territory, clans_of, hand, legal, lines, plays_of, step, turn_of,
    view,
)

BASE = {"valley": {"ann": 2, "bob": 1}, "cove": {"bob": 2}, "plains": {"cat": 1}}
OTHERS = {"bob": ["lugs-spear"], "cat": ["the-dagda"]}


def ann_with(*cards, clans=None, extra=None, others=None, players=None, **options):
    hands = {"ann": list(cards), **(others if others is not None else OTHERS)}
    kwargs = {"players": players} if players else {}
    return turn_of("ann", hands=hands, clans=clans or BASE, extra=extra, **kwargs, **options)


def test_bard_season_side_draws_one_epic_tale():
    state = ann_with("bard")
    deck = view(state)["zones"]["epic"]["deck"]
    state = act(state, "ann", {"type": "play", "card": "bard"})
    assert view(state)["hands"]["ann"]["epic"] == 1 and view(state)["zones"]["epic"]["deck"] == deck - 1
    assert "ann draws 1 Epic Tale." in lines(state)
    accounted(state)


def test_citadel_builds_and_takes_the_territorys_advantage_card():
    state = ann_with("citadel", others={"bob": ["valley"], "cat": []})
    assert plays_of(state, "ann", "citadel") == [{"type": "play", "card": "citadel", "territory": "valley"}]
    state = act(state, "ann", {"type": "play", "card": "citadel", "territory": "valley"})
    shown = view(state)
    assert shown["territories"]["valley"]["citadels"] == 2 and shown["supply"]["citadels"] == 7
    assert shown["advantage"]["held"]["ann"] == ["valley"] and shown["advantage"]["held"]["bob"] == []


def test_citadel_never_in_the_swamp_and_none_left_none_built():
    def extra(board):
        add_territory(board, "swamp", "1,-1")
        board["supply"]["citadels"] = 0
    state = ann_with("citadel", clans={"swamp": {"ann": 1}, "cove": {"bob": 1}}, extra=extra)
    assert plays_of(state, "ann", "citadel") == [{"type": "play", "card": "citadel", "territory": None}]
    state = ann_with("citadel", extra=extra)
    state = act(state, "ann", {"type": "play", "card": "citadel", "territory": "valley"})
    assert view(state)["territories"]["valley"]["citadels"] == 1  # only the Capital
    assert view(state)["advantage"]["held"]["ann"] == ["valley"]


def test_conquest_moves_from_several_adjacent_territories_and_clashes():
    clans = {"valley": {"ann": 3}, "cove": {"ann": 1}, "plains": {"bob": 1}}
    state = ann_with("conquest", clans=clans)
    assert {a["territory"] for a in plays_of(state, "ann", "conquest")} == {"valley", "cove", "plains"}
    state = acts(state, [("ann", {"type": "play", "card": "conquest", "territory": "plains"}),
                         ("ann", "move clans=2 from=valley to=plains")])
    assert {"type": "done"} in legal(state, "ann")
    state = act(state, "ann", "move clans=1 from=cove to=plains")  # no source left: declared
    assert clans_of(state, "plains") == {"ann": 3, "bob": 1}
    clash = view(state)["clash"]
    assert (clash["territory"], clash["instigator"], clash["step"], clash["next"]) == ("plains", "ann", "maneuvers", "ann")


def test_craftsmen_and_peasants_one_clan_per_citadel_where_present():
    state = ann_with("craftsmen-and-peasants", extra=lambda b: b["terr"]["cove"].update(citadels=2))
    plays = plays_of(state, "ann", "craftsmen-and-peasants")
    assert {"type": "play", "card": "craftsmen-and-peasants", "place": {"valley": 1}} in plays
    assert all(set(a["place"]) <= {"valley"} for a in plays)  # ann is not present in the Cove
    state = act(state, "ann", plays[0])
    assert clans_of(state, "valley")["ann"] == 3


def test_druid_takes_a_card_from_the_action_discard_not_when_alone():
    state = ann_with("druid")
    assert plays_of(state, "ann", "druid") == []
    state = ann_with("druid", "geis", extra=lambda b: b.update(action_discard=sorted(b["action_discard"])))
    discard = sorted(state["board"]["action_discard"])
    state = act(state, "ann", {"type": "play", "card": "druid"})
    assert step(state) == "take" and GAME.mid_turn(state)
    assert legal(state, "ann") == [{"type": "take", "card": c} for c in sorted(set(discard))]
    assert view(state, "ann")["known"][-1]["source"] == "druid" and view(state, "ann")["known"][-1]["cards"] == discard
    assert not [k for k in view(state, "bob")["known"] if k["source"] == "druid"]
    state = act(state, "ann", {"type": "take", "card": discard[0]})
    assert discard[0] in hand(state, "ann")


def test_exploration_the_brenn_places_the_revealed_tile_the_player_places_a_clan():
    state = turn_of("bob", hands={"bob": ["exploration"], "ann": ["geis"], "cat": ["the-dagda"]}, clans=BASE)
    state = act(state, "bob", {"type": "play", "card": "exploration"})
    tile = state["board"]["exploring"]
    assert step(state) == "place-territory" and GAME.to_act(state) == ["ann"]  # the Brenn
    assert view(state, "cat")["exploring"] == tile
    assert legal(state, "ann") == [{"type": "place-territory", "cell": c} for c in view(state)["open_cells"]]
    state = act(state, "ann", {"type": "place-territory", "cell": "1,1"})
    assert view(state)["cells"]["1,1"] == tile and clans_of(state, tile) == {"bob": 1}
    assert tile in view(state)["advantage"]["face_up"]
    accounted(state)


def test_exploration_with_an_empty_stack_does_nothing():
    state = ann_with("exploration", extra=lambda b: b.update(stack=[]))
    # the stack's tiles have to be somewhere: put them in play far away is not possible; empty it for the test
    state = act(state, "ann", {"type": "play", "card": "exploration"})
    assert "No territory is left to explore." in lines(state)


def test_festival_a_sanctuary_territory_a_clan_and_the_marker():
    state = ann_with("festival")
    assert plays_of(state, "ann", "festival") == [{"type": "play", "card": "festival", "territory": "valley"}]
    state = act(state, "ann", plays_of(state, "ann", "festival")[0])
    assert view(state)["festival_territory"] == "valley" and clans_of(state, "valley")["ann"] == 3


def test_geis_cancels_an_opponents_action_card_which_goes_to_the_discard():
    rule = {"window": "announced", "when": {"card": ["new-clans"]}, "then": {"play": "geis"}}
    state = ann_with("new-clans", others={"bob": ["geis", "bard"], "cat": []},
                     extra=lambda b: b["standing"].update(bob=[rule]))
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert clans_of(state, "valley")["ann"] == 2
    assert "bob plays Geis." in lines(state) and "ann's New Clans has no effect." in lines(state)
    assert view(state)["zones"]["action"]["discard"] >= 2
    assert view(state)["passes"] == 0 and GAME.to_act(state) == ["bob"]


def test_migration_from_one_territory_to_several_adjacent_ones():
    state = ann_with("migration", clans={"valley": {"ann": 4}, "cove": {"bob": 1}, "plains": {}})
    state = acts(state, [("ann", {"type": "play", "card": "migration", "from": "valley"}),
                         ("ann", "move clans=1 from=valley to=plains")])
    assert {"type": "done"} in legal(state, "ann")
    assert {"type": "move", "from": "valley", "to": "cove", "clans": 3} in legal(state, "ann")
    assert {"type": "move", "from": "valley", "to": "cove", "clans": 4} not in legal(state, "ann")
    state = act(state, "ann", "move clans=2 from=valley to=cove")  # every destination used: declared
    assert clans_of(state, "valley") == {"ann": 1} and clans_of(state, "plains") == {"ann": 1} and view(state)["clash"]["territory"] == "cove"


def test_migration_several_clashes_in_the_instigators_order():
    clans = {"valley": {"ann": 4}, "cove": {"bob": 1}, "plains": {"cat": 1}}
    state = ann_with("migration", clans=clans)
    state = acts(state, [("ann", {"type": "play", "card": "migration", "from": "valley"}),
                         ("ann", "move clans=1 from=valley to=plains"), ("ann", "move clans=1 from=valley to=cove")])
    assert step(state) == "clash-order" and legal(state, "ann") == [
        {"type": "clash-order", "territory": "plains"}, {"type": "clash-order", "territory": "cove"}]
    state = act(state, "ann", "clash-order territory=cove")
    assert view(state)["clash"]["territory"] == "cove" and view(state)["clash"]["pending"] == ["plains"]


def test_new_alliance_places_or_replaces():
    state = ann_with("new-alliance", clans={"valley": {"ann": 1, "bob": 2}, "cove": {"bob": 2}})
    plays = plays_of(state, "ann", "new-alliance")
    assert {"type": "play", "card": "new-alliance", "place": {"valley": 1}} in plays
    replace = {"type": "play", "card": "new-alliance", "replace": {"player": "bob", "territory": "valley"}}
    assert replace in plays
    assert not [a for a in plays if a.get("replace", {}).get("territory") == "cove"]  # only where present
    state = act(state, "ann", replace)
    assert clans_of(state, "valley") == {"ann": 2, "bob": 1}
    accounted(state)


def test_new_clans_two_clans_fewer_if_short_null_if_none():
    state = ann_with("new-clans")
    assert [a["place"] for a in plays_of(state, "ann", "new-clans")] == [{"valley": 2}]
    state = ann_with("new-clans", extra=lambda b: b["reserve"].update(ann=1))
    assert [a["place"] for a in plays_of(state, "ann", "new-clans")] == [{"valley": 1}]
    state = ann_with("new-clans", extra=lambda b: b["reserve"].update(ann=0))
    assert plays_of(state, "ann", "new-clans") == [{"type": "play", "card": "new-clans", "place": None}]


def test_sanctuary_builds_and_draws():
    state = ann_with("sanctuary")
    state = act(state, "ann", {"type": "play", "card": "sanctuary", "territory": "valley"})
    assert view(state)["territories"]["valley"]["sanctuaries"] == 2 and view(state)["hands"]["ann"]["epic"] == 1


def test_warlord_starts_a_clash_where_an_opponent_is():
    state = ann_with("warlord")
    assert plays_of(state, "ann", "warlord") == [{"type": "play", "card": "warlord", "territory": "valley"}]
    state = act(state, "ann", plays_of(state, "ann", "warlord")[0])
    assert view(state)["clash"]["instigator"] == "ann"


def test_emissaries_never_clash():
    four = {"valley": {"ann": 2}, "cove": {"bob": 2}}
    state = ann_with("emissaries", clans=four, players=["ann", "bob", "cat", "dan"],
                     others={"bob": [], "cat": [], "dan": []})
    state = act(state, "ann", {"type": "play", "card": "emissaries", "from": "valley", "to": "cove"})
    assert clans_of(state, "cove") == {"ann": 1, "bob": 2} and view(state)["clash"] is None


def test_master_craftsman_season_side_discards_another_card_then_draws():
    state = ann_with("master-craftsman", "bard", players=["ann", "bob", "cat", "dan"],
                     others={"bob": [], "cat": [], "dan": []}, clans=BASE)
    assert {a["discard"] for a in plays_of(state, "ann", "master-craftsman")} == {"bard"}
    state = act(state, "ann", {"type": "play", "card": "master-craftsman", "discard": "bard"})
    assert "ann discards an Action card." in lines(state) and "bard" not in str(view(state, "bob")["reports"][-1])
    assert view(state)["hands"]["ann"] == {"action": 0, "advantage": 0, "epic": 1}


def test_master_craftsman_triskel_gives_the_epic_tale_away_and_a_deed():
    rule = {"window": "resolved", "then": {"play": "master-craftsman", "give": "cat"}}
    state = ann_with("children-of-dana", "master-craftsman", players=["ann", "bob", "cat", "dan"],
                     others={"bob": [], "cat": [], "dan": []}, extra=lambda b: b["standing"].update(ann=[rule]))
    state = act(state, "ann", {"type": "play", "card": "children-of-dana", "territory": "cove"})
    assert "children-of-dana" in hand(state, "cat") and view(state)["deeds"]["ann"] == 1
    assert "children-of-dana" not in view(state)["epic_discard"]


def test_raid_takes_a_card_at_random_after_your_attack():
    rule = {"window": "after-maneuver", "when": {"by": ["ann"]}, "then": {"play": "raid"}}
    clans = {"valley": {"ann": 3, "bob": 2}}
    state = turn_of("ann", hands={"ann": ["warlord", "raid"], "bob": ["geis", "bard"], "cat": [], "dan": []},
                    clans=clans, players=["ann", "bob", "cat", "dan"], extra=lambda b: b["standing"].update(ann=[rule]))
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"})])
    assert step(state) == "citadels"
    state = acts(state, [("bob", "shelter clans=0"), ("ann", "attack target=bob")])
    state = act(state, "bob", {"type": "lose-clan"})
    assert view(state)["hands"]["ann"]["action"] == 1 and view(state)["hands"]["bob"]["action"] == 1
    known = view(state, "ann")["known"][-1]
    assert known["source"] == "exchange" and known["player"] == "bob"
    assert view(state, "bob")["known"][-1]["cards"] == known["cards"]
    assert not [k for k in view(state, "cat")["known"] if k["source"] == "exchange"]


def test_scouts_and_spies_looks_then_moves():
    four = {"valley": {"ann": 2}, "cove": {"bob": 1}}
    state = turn_of("ann", hands={"ann": ["scouts-and-spies"], "bob": ["geis", "bard"], "cat": [], "dan": []},
                    clans=four, players=["ann", "bob", "cat", "dan"])
    state = act(state, "ann", {"type": "play", "card": "scouts-and-spies", "look": "bob", "from": "valley",
                               "to": "cove", "clans": 1})
    known = dict(view(state, "ann")["known"][-1])
    assert known.pop("messages")["text"]["id"] == "inis.holds"  # the text as a message (docs/engine.md)
    assert known == {"round": 1, "source": "scouts-and-spies", "player": "bob", "cards": ["bard", "geis"],
                     "text": "bob holds Bard, Geis."}
    assert view(state)["clash"]["territory"] == "cove"


def test_bard_triskel_side_a_deed_after_your_maneuver_removed_an_opposing_clan():
    rule = {"window": "after-maneuver", "when": {"by": ["ann"]}, "then": {"play": "bard"}}
    state = turn_of("ann", hands={"ann": ["warlord", "bard"], "bob": []}, clans={"valley": {"ann": 3, "bob": 2}},
                    extra=lambda b: b["standing"].update(ann=[rule]))
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}),
                         ("bob", "shelter clans=0"), ("ann", "attack target=bob")])
    assert view(state)["deeds"]["ann"] == 1  # bob had no card: he lost a clan at once (I41)
    assert "ann plays Bard." in lines(state)


def test_warlord_triskel_side_places_a_clan_and_names_the_next_maneuver():
    rule = {"window": "after-maneuver", "when": {"by": ["ann"]}, "then": {"play": "warlord", "next": "cat"}}
    state = turn_of("ann", hands={"ann": ["conquest"], "bob": [], "cat": ["warlord", "geis"]},
                    clans={"cove": {"ann": 4}, "valley": {"bob": 3, "cat": 1}},
                    extra=lambda b: b["standing"].update(cat=[rule]))
    state = acts(state, [("ann", {"type": "play", "card": "conquest", "territory": "valley"}),
                         ("ann", "move clans=3 from=cove to=valley")])
    assert step(state) == "citadels"
    state = acts(state, [("bob", "shelter clans=0"), ("cat", "shelter clans=0")])
    state = act(state, "ann", "attack target=bob")  # bob has no card: loses a clan at once
    assert clans_of(state, "valley") == {"ann": 3, "bob": 2, "cat": 2}
    assert view(state)["clash"]["next"] == "cat" and GAME.to_act(state) == ["cat"]
    assert "cat plays Warlord (next cat)." in lines(state)
