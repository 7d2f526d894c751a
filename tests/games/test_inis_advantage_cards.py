"""Every Advantage card and territory tile (`inis-cards.md`, "Territories"), with the windows
they answer in (I49, I52: their holders are asked by default) and the folded ones (I56, I57)."""
from __future__ import annotations

from inis_helpers import (
    GAME, accounted, act, acts, add_territory, clans_of, hand, legal, lines, plays_of, set_hand, step,
    turn_of, view,
)

BASE = {"valley": {"ann": 2, "bob": 1}, "cove": {"bob": 2}, "plains": {"cat": 1}}
QUIET = {"bob": ["lugs-spear"], "cat": ["the-dagda"]}


def ann_with(*cards, clans=None, extra=None, others=None, **kwargs):
    return turn_of("ann", hands={"ann": list(cards), **(QUIET if others is None else others)},
                   clans=clans or BASE, extra=extra, **kwargs)


def test_cove_after_your_season_card_take_the_set_aside_card_and_set_one_aside():
    state = ann_with("new-clans", "cove", "geis")
    set_aside = state["board"]["set_aside"]
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    shown = view(state)
    assert shown["step"] == "window" and shown["to_act"] == ["ann"] and GAME.to_act(state) == ["ann"]
    assert shown["window"]["kind"] == "resolved" and shown["window"]["card"] == "new-clans"
    assert legal(state, "ann") == [{"type": "decline"}, {"type": "play", "card": "cove"}]
    state = act(state, "ann", "play card=cove")
    assert set_aside in hand(state, "ann") and step(state) == "set-aside"
    state = act(state, "ann", "set-aside card=geis")
    assert view(state, "ann")["set_aside_card"] == "geis" and "geis" not in hand(state, "ann")
    assert view(state, "bob")["set_aside_card"] is None and GAME.to_act(state) == ["bob"]
    accounted(state)


def test_forest_after_your_epic_tale_draw_one():
    state = ann_with("children-of-dana", "forest")
    state = act(state, "ann", {"type": "play", "card": "children-of-dana", "territory": "plains"})
    assert view(state)["window"]["kind"] == "resolved" and plays_of(state, "ann", "forest")
    state = act(state, "ann", "play card=forest")
    assert view(state)["hands"]["ann"]["epic"] == 1


def test_gates_advantage_draw_one_more_by_the_gates_keep_one():
    def extra(board):
        add_territory(board, "gates-of-tir-na-nog", "1,-1")
        set_hand(board, "ann", ["the-morrigan", "gates-of-tir-na-nog"])
    state = turn_of("ann", hands={"ann": ["the-morrigan"], **QUIET},
                    clans={"gates-of-tir-na-nog": {"ann": 2}, "valley": {"bob": 1}},
                    extra=lambda b: (extra(b)))
    state = act(state, "ann", {"type": "play", "card": "the-morrigan", "flip": True, "clash": None, "instigator": None})
    assert view(state)["window"]["kind"] == "draw" and plays_of(state, "ann", "gates-of-tir-na-nog")
    state = act(state, "ann", "play card=gates-of-tir-na-nog")
    assert step(state) == "keep" and len(view(state, "ann")["drawn"]) == 2
    keep = legal(state, "ann")[0]
    state = act(state, "ann", keep)
    assert keep["card"] in hand(state, "ann") and view(state)["zones"]["epic"]["drawn"] == 0
    assert clans_of(state, "gates-of-tir-na-nog") == {"ann": 1}
    accounted(state)


def test_highlands_names_another_instigator_at_the_clash_start():
    def extra(board):
        add_territory(board, "highlands", "1,-1")
        set_hand(board, "bob", ["highlands"])
    state = turn_of("ann", hands={"ann": ["warlord"], "cat": []}, extra=extra,
                    clans={"highlands": {"ann": 2, "bob": 1, "cat": 1}})
    state = act(state, "ann", {"type": "play", "card": "warlord", "territory": "highlands"})
    assert view(state)["window"]["kind"] == "clash-start" and GAME.to_act(state) == ["bob"]
    assert [a for a in legal(state, "bob") if a["type"] == "play"] == [
        {"type": "play", "card": "highlands", "instigator": "bob"},
        {"type": "play", "card": "highlands", "instigator": "cat"}]
    state = act(state, "bob", {"type": "play", "card": "highlands", "instigator": "cat"})
    assert view(state)["clash"]["instigator"] == "cat"
    assert step(state) == "maneuver" and GAME.to_act(state) == ["cat"]  # no Citadel: the instigator begins


def test_hills_in_a_hills_clash_the_attack_does_nothing():
    def extra(board):
        add_territory(board, "hills", "1,-1")
        set_hand(board, "bob", ["hills", "geis"])
    state = turn_of("ann", hands={"ann": ["warlord"], "cat": []}, extra=extra, clans={"hills": {"ann": 2, "bob": 2}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "hills"}), ("ann", "attack target=bob")])
    assert step(state) == "attack-answer" and {"type": "play", "card": "hills"} in legal(state, "bob")
    state = act(state, "bob", "play card=hills")
    assert clans_of(state, "hills") == {"ann": 2, "bob": 2} and "The attack does nothing." in lines(state)
    assert view(state)["hands"]["bob"]["action"] == 1


def test_iron_mine_the_attacked_discards_and_loses():
    state = turn_of("ann", hands={"ann": ["warlord", "iron-mine"], "bob": ["geis", "bard"], "cat": []},
                    clans={"valley": {"ann": 3, "bob": 2}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}),
                         ("bob", "shelter clans=0")])
    assert {"type": "attack", "target": "bob", "with": "iron-mine"} in legal(state, "ann")
    state = act(state, "ann", {"type": "attack", "target": "bob", "with": "iron-mine"})
    assert {a["type"] for a in legal(state, "bob")} == {"discard-and-lose"}
    state = act(state, "bob", {"type": "discard-and-lose", "card": "bard"})
    assert clans_of(state, "valley") == {"ann": 3, "bob": 1} and view(state)["hands"]["bob"]["action"] == 1
    assert view(state)["advantage"]["played"] == ["iron-mine"]


def test_lost_vale_after_your_season_card_moves_any_clan_in_no_clash():
    def extra(board):
        add_territory(board, "lost-vale", "1,-1")
        set_hand(board, "ann", ["new-clans", "lost-vale"])
    state = turn_of("ann", hands={"ann": ["new-clans"], **QUIET}, extra=extra,
                    clans={"valley": {"ann": 1, "bob": 1}, "lost-vale": {"ann": 1}})
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert {"type": "play", "card": "lost-vale", "from": "valley", "player": "bob"} in legal(state, "ann")
    state = act(state, "ann", {"type": "play", "card": "lost-vale", "from": "valley", "player": "bob"})
    assert clans_of(state, "lost-vale") == {"ann": 1, "bob": 1} and view(state)["clash"] is None


def test_meadows_draw_one_more_keep_what_the_draw_allows():
    state = ann_with("sanctuary", "meadows")
    state = act(state, "ann", {"type": "play", "card": "sanctuary", "territory": "valley"})
    assert view(state)["window"]["kind"] == "draw" and GAME.to_act(state) == ["ann"]
    state = act(state, "ann", "play card=meadows")
    assert step(state) == "keep" and len(view(state, "ann")["drawn"]) == 2
    assert view(state, "bob")["drawn"] == [] and view(state)["zones"]["epic"]["drawn"] == 2
    state = act(state, "ann", legal(state, "ann")[1])
    assert view(state)["hands"]["ann"]["epic"] == 1 and len(view(state)["epic_discard"]) == 1


def test_misty_lands_discards_actions_draws_as_many_keeps_one():
    state = ann_with("misty-lands", "bard", "geis", others={"bob": [], "cat": []})
    plays = plays_of(state, "ann", "misty-lands")
    assert [a["discard"] for a in plays] == [["bard"], ["geis"], ["bard", "geis"]]
    state = act(state, "ann", {"type": "play", "card": "misty-lands", "discard": ["geis", "bard"]})
    assert "ann discards 2 Action cards." in lines(state) and "Geis" not in " ".join(lines(state)[-4:])
    assert step(state) == "keep" and len(view(state, "ann")["drawn"]) == 2
    state = act(state, "ann", legal(state, "ann")[0])
    assert view(state)["hands"]["ann"] == {"action": 0, "advantage": 0, "epic": 1}


def test_i57_moor_at_any_decision_looks_at_an_opponents_epic_tales_and_asks_again():
    state = turn_of("ann", hands={"ann": ["new-clans", "moor"], "bob": ["eriu", "the-dagda"], "cat": []}, clans=BASE)
    assert {"type": "play", "card": "moor", "target": "bob"} in legal(state, "ann")
    state = act(state, "ann", {"type": "play", "card": "moor", "target": "bob"})
    assert step(state) == "turn" and GAME.to_act(state) == ["ann"] and GAME.mid_turn(state)
    known = dict(view(state, "ann")["known"][-1])
    assert known.pop("messages")["text"]["id"] == "inis.holds"  # the text as a message (docs/engine.md)
    assert known == {"round": 1, "source": "moor", "player": "bob", "cards": ["eriu", "the-dagda"],
                     "text": "bob holds Ériu, The Dagda."}
    assert not [a for a in legal(state, "ann") if a.get("card") == "moor"]
    assert "ann plays Moor (target bob)." in lines(state)
    assert "eriu" not in str(view(state, "cat"))


def test_mountains_cost_discard_or_lose_or_the_mountains_card():
    def extra(board):
        add_territory(board, "mountains", "1,-1")
    state = ann_with("new-clans", "plains", "bard", clans={"valley": {"ann": 2}, "mountains": {"bob": 1}},
                     extra=extra, others={"bob": [], "cat": []})
    state = acts(state, [("ann", {"type": "play", "card": "plains"}), ("ann", "move clans=2 from=valley to=mountains")])
    assert step(state) == "mountains" and GAME.to_act(state) == ["ann"]
    assert {a["type"] for a in legal(state, "ann")} == {"discard", "lose-clan"}
    state = act(state, "ann", "lose-clan")
    assert clans_of(state, "mountains") == {"ann": 1, "bob": 1} and view(state)["clash"]["territory"] == "mountains"
    state = ann_with("plains", clans={"valley": {"ann": 2}}, others={"bob": [], "cat": []},
                     extra=lambda b: (extra(b), set_hand(b, "ann", ["plains", "mountains"])))
    state = acts(state, [("ann", {"type": "play", "card": "plains"}), ("ann", "move clans=1 from=valley to=mountains"),
                         ("ann", "done")])
    assert legal(state, "ann") == [{"type": "lose-clan"}, {"type": "play", "card": "mountains"}]
    state = act(state, "ann", "play card=mountains")
    assert clans_of(state, "mountains") == {"ann": 1}
    state = ann_with("plains", clans={"valley": {"ann": 2}}, extra=extra, others={"bob": [], "cat": []})
    state = acts(state, [("ann", {"type": "play", "card": "plains"}), ("ann", "move clans=1 from=valley to=mountains"),
                         ("ann", "done")])
    assert "mountains" not in clans_of(state, "mountains") and clans_of(state, "mountains") == {}  # no card: lost at once


def test_plains_moves_each_clan_into_an_adjacent_territory_once():
    state = ann_with("plains", clans={"valley": {"ann": 2}, "cove": {"ann": 1}})
    state = acts(state, [("ann", "play card=plains"), ("ann", "move clans=1 from=valley to=cove")])
    assert {"type": "move", "from": "cove", "to": "plains", "clans": 1} in legal(state, "ann")  # the clan already there
    assert {"type": "move", "from": "cove", "to": "plains", "clans": 2} not in legal(state, "ann")
    state = acts(state, [("ann", "move clans=1 from=cove to=plains"), ("ann", "done")])
    assert clans_of(state, "valley") == {"ann": 1} and clans_of(state, "cove") == {"ann": 1}
    assert clans_of(state, "plains") == {"ann": 1}


def test_salt_mine_take_at_random_give_one_back():
    state = ann_with("new-clans", "salt-mine", "geis", others={"bob": ["bard", "druid"], "cat": []})
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert {"type": "play", "card": "salt-mine", "target": "bob"} in legal(state, "ann")
    assert {"type": "play", "card": "salt-mine", "target": "cat"} not in legal(state, "ann")
    state = act(state, "ann", {"type": "play", "card": "salt-mine", "target": "bob"})
    assert step(state) == "give" and len(hand(state, "ann")) == 2
    state = act(state, "ann", {"type": "give", "card": "geis", "to": "bob"})
    assert "geis" in hand(state, "bob") and len(hand(state, "bob")) == 2
    assert [k["source"] for k in view(state, "bob")["known"][-2:]] == ["exchange", "exchange"]


def test_stone_circle_takes_your_epic_tale_back_for_a_clan_there():
    def extra(board):
        add_territory(board, "stone-circle", "1,-1")
        set_hand(board, "ann", ["children-of-dana", "stone-circle"])
    state = turn_of("ann", hands={"ann": ["children-of-dana"], **QUIET}, extra=extra,
                    clans={"stone-circle": {"ann": 2}})
    state = act(state, "ann", {"type": "play", "card": "children-of-dana", "territory": "valley"})
    state = act(state, "ann", "play card=stone-circle")
    assert "children-of-dana" in hand(state, "ann") and clans_of(state, "stone-circle") == {"ann": 1}
    assert view(state)["territories"]["stone-circle"]["sanctuaries"] == 1


def test_swamp_is_a_season_card_with_no_effect():
    state = ann_with("swamp")
    assert plays_of(state, "ann", "swamp") == [{"type": "play", "card": "swamp"}]
    before = view(state)["territories"]
    state = act(state, "ann", "play card=swamp")
    assert view(state)["territories"] == before and view(state)["advantage"]["played"] == ["swamp"]
    assert view(state)["passes"] == 0


def test_valley_after_your_season_card_places_a_clan():
    state = ann_with("new-clans", "valley")
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    state = act(state, "ann", {"type": "play", "card": "valley", "territory": "valley"})
    assert clans_of(state, "valley")["ann"] == 5


def test_i50_valley_is_not_offered_with_an_empty_reserve():
    state = ann_with("new-clans", "valley", extra=lambda b: b["reserve"].update(ann=2))
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert step(state) == "turn" and GAME.to_act(state) == ["bob"]  # no window: nothing Valley could do


def test_tiles_stone_circle_and_gates_enter_with_a_sanctuary_if_one_is_left():
    state = ann_with("swamp", extra=lambda b: (add_territory(b, "stone-circle", "1,-1"),
                                                b["supply"].update(sanctuaries=0), add_territory(b, "gates-of-tir-na-nog", "-1,1")))
    assert view(state)["territories"]["stone-circle"]["sanctuaries"] == 1
    assert view(state)["territories"]["gates-of-tir-na-nog"]["sanctuaries"] == 0
