"""Points where the engine had drifted from `engine-api-inis.md`, the rulings (I1–I64) or
`inis-cards.md`, found by reading them against the code to the letter; each test failed first."""
from __future__ import annotations

import pytest

from inis_helpers import (
    GAME, accounted, act, acts, add_territory, assembly_of, by_timeouts, clans_of, decks, hand, legal, lines,
    new_game, plays_of, set_hand, step, turn_of, view,
)
from tain.games.base import IllegalAction

CLANS = {"valley": {"ann": 2, "bob": 1}, "cove": {"bob": 2, "cat": 1}, "plains": {"cat": 1}}


# --- "The flow": mid_turn only while nobody else was asked in between ------------------------------

def test_mid_turn_is_false_for_cathbads_set_aside_after_the_draft():
    def edit(board):
        set_hand(board, "bob", ["cathbads-word"])
        board["standing"]["bob"] = [{"window": "assembly-start", "then": {"play": "cathbads-word",
                                                                          "set_aside": "geis"}}]
    state = by_timeouts(assembly_of(edit), lambda s: step(s) == "set-aside")
    assert GAME.to_act(state) == ["bob"] and not GAME.mid_turn(state)


def test_mid_turn_is_false_once_another_player_was_asked_in_between():
    discard = lambda b: b.update(action_discard=["bard"] + b["action_discard"])  # noqa: E731
    state = turn_of("ann", hands={"ann": ["druid", "geis"], "bob": ["new-clans"], "cat": []}, clans=CLANS,
                    extra=discard)
    state = act(state, "ann", "play card=druid")
    assert step(state) == "take" and GAME.mid_turn(state)  # his own card's resolution, nobody asked between
    rule = {"window": "announced", "then": "ask"}
    state = turn_of("ann", hands={"ann": ["druid", "geis"], "bob": ["new-clans"], "cat": []}, clans=CLANS,
                    extra=lambda b: (discard(b), b["standing"].update(bob=[rule])))
    state = acts(state, [("ann", "play card=druid"), ("bob", "decline")])
    assert step(state) == "take" and GAME.to_act(state) == ["ann"] and not GAME.mid_turn(state)


# --- I51: Season-turn rules never apply to I32 ------------------------------------------------------

def test_i51_a_season_turn_rule_does_not_answer_right_after_the_i32_placement():
    rule = {"window": "season-turn", "then": "pass"}
    state = turn_of("bob", hands={"bob": ["new-clans"]}, clans={"valley": {"ann": 2, "cat": 1}},
                    extra=lambda b: b["standing"].update(bob=[rule]))
    state = act(state, "bob", {"type": "place-clans", "place": {"valley": 2}})
    assert step(state) == "turn" and GAME.to_act(state) == ["bob"] and view(state)["passes"] == 0
    assert view(state, "bob")["standing"] == [rule]


# --- I55: after Lug's Spear resolves, no Triskel card for the rest of the clash ------------------

def test_i55_lugs_spear_drops_the_later_answers_of_its_own_clash_start_window():
    def extra(board):
        add_territory(board, "highlands", "1,-1")
        set_hand(board, "bob", ["highlands"])
        board["standing"]["ann"] = [{"window": "clash-start", "then": {"play": "lugs-spear"}}]
    state = turn_of("ann", hands={"ann": ["warlord", "lugs-spear"], "cat": []}, extra=extra,
                    clans={**CLANS, "highlands": {"ann": 2, "bob": 1, "cat": 1}})
    state = act(state, "ann", {"type": "play", "card": "warlord", "territory": "highlands"})
    assert step(state) == "window" and GAME.to_act(state) == ["bob"]  # Highlands' holder is asked by default
    state = act(state, "bob", {"type": "play", "card": "highlands", "instigator": "cat"})
    shown = view(state)
    assert shown["clash"]["triskels_blocked"] and shown["clash"]["instigator"] == "ann"
    assert "bob plays Highlands (instigator cat)." not in lines(state) and "highlands" in hand(state, "bob")
    accounted(state)


# --- I49: Forest after an Epic Tale you played has resolved, wherever that Tale goes --------------

def test_i49_forest_is_still_offered_after_stone_circle_took_the_tale_back():
    def extra(board):
        add_territory(board, "stone-circle", "1,-1")
        set_hand(board, "ann", ["children-of-dana", "stone-circle", "forest"])
    state = turn_of("ann", hands={"ann": ["children-of-dana"], "bob": [], "cat": []}, extra=extra,
                    clans={**CLANS, "stone-circle": {"ann": 2}})
    state = act(state, "ann", {"type": "play", "card": "children-of-dana", "territory": "plains"})
    assert plays_of(state, "ann", "forest") and plays_of(state, "ann", "stone-circle")
    state = act(state, "ann", "play card=stone-circle")
    assert step(state) == "window" and plays_of(state, "ann", "forest")
    state = act(state, "ann", "play card=forest")
    assert "children-of-dana" in hand(state, "ann") and view(state)["hands"]["ann"]["epic"] == 2
    accounted(state)


# --- I15: "may" parts are optional: placing nothing is a choice ------------------------------------

@pytest.mark.parametrize("card, clans", [
    ("craftsmen-and-peasants", {"valley": {"ann": 1}, "cove": {"bob": 1}}),
    ("eriu", {"valley": {"ann": 1}, "cove": {"bob": 1}}),
    ("nuada-silverhand", {"valley": {"ann": 2, "bob": 1}}),
])
def test_i15_a_may_place_card_may_place_nothing(card, clans):
    state = turn_of("ann", hands={"ann": [card], "bob": [], "cat": []}, clans=clans)
    places = [a["place"] for a in plays_of(state, "ann", card)]
    assert places == [{"valley": 1}, {}]  # the Capital is one Citadel and holds one Sanctuary
    state = act(state, "ann", {"type": "play", "card": card, "place": {}})
    assert clans_of(state, "valley")["ann"] == clans["valley"]["ann"] and card not in hand(state, "ann")


def test_i15_a_may_place_card_with_nothing_to_place_has_a_null_target():
    state = turn_of("ann", hands={"ann": ["nuada-silverhand"], "bob": [], "cat": []},
                    clans={"valley": {"ann": 1, "bob": 1}, "cove": {"ann": 1}})
    assert [a["place"] for a in plays_of(state, "ann", "nuada-silverhand")] == [None]


# --- I41: asked unless public facts leave one option ----------------------------------------------

def test_i41_under_the_dagdas_club_card_a_single_action_card_is_discarded_unasked():
    state = turn_of("ann", hands={"ann": ["warlord", "the-dagdas-club"], "bob": ["geis", "eriu"], "cat": []},
                    clans={"valley": {"ann": 2, "bob": 2}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}),
                         ("bob", "shelter clans=0"),
                         ("ann", {"type": "attack", "target": "bob", "with": "the-dagdas-club", "force": "card"})])
    assert "geis" not in hand(state, "bob") and "bob discards an Action card." in lines(state)
    assert clans_of(state, "valley") == {"ann": 2, "bob": 2} and step(state) == "maneuver"


# --- engine-api-inis.md, "standing": a `then` with an unknown key is refused ----------------------

def test_standing_rule_whose_play_has_a_key_no_card_takes_is_refused():
    state = turn_of("ann", hands={"ann": ["new-clans"], "bob": ["geis"], "cat": []}, clans=CLANS)
    with pytest.raises(IllegalAction):
        GAME.apply(state, "bob", {"type": "standing", "rules": [
            {"window": "announced", "then": {"play": "geis", "colour": "red"}}]})


# --- I61: the winner need not have the most conditions; scores say what each meets ----------------

def test_i61_a_pretender_wins_with_fewer_conditions_than_a_player_without_a_token():
    def edit(board):
        board["pretenders"] = ["cat"]
        board["deeds"].update(bob=18, cat=6)  # bob meets all three; cat at least one, not three
    state = assembly_of(edit)
    assert GAME.is_over(state) and GAME.winners(state) == ["cat"]
    scores = GAME.scores(state)
    assert scores["bob"] == 3 > scores["cat"] >= 1 and scores == view(state)["scores"]


# --- I23, I24: the deal from the Brenn and the passes to the next player, 3 and 4 players --------

ACTIONS_17 = ["druid", "bard", "citadel", "conquest", "craftsmen-and-peasants", "exploration", "festival", "geis",
              "migration", "new-alliance", "new-clans", "sanctuary", "warlord", "emissaries", "master-craftsman",
              "raid", "scouts-and-spies"]


@pytest.mark.parametrize("count", [3, 4])
@pytest.mark.parametrize("direction", ["cw", "ccw"])
def test_i24_each_step_passes_to_the_next_player_in_the_direction_from_any_brenn(count, direction):
    players = ["ann", "bob", "cat", "dan"][:count]
    deal = ACTIONS_17 if count == 4 else ACTIONS_17[:13]
    state = new_game(players, first="cat", decks=decks(count, crows=["cw", direction], action=[deal]))
    state = by_timeouts(state, lambda s: step(s) == "draft")
    seats = players[players.index("cat"):] + players[:players.index("cat")]
    order = seats if direction == "cw" else [seats[0], *reversed(seats[1:])]
    assert view(state)["turn_order"] == order
    assert [sorted(hand(state, p)) for p in order] == [sorted(deal[1 + 4 * i:5 + 4 * i]) for i in range(count)]
    following = {p: order[(order.index(p) + 1) % count] for p in players}
    for keep in (1, 2, 3):
        assert view(state, "ann")["draft"]["pass_to"] == following
        choices = {p: view(state, p)["draft"]["choices"] for p in players}
        kept = {p: legal(state, p)[-1]["keep"] for p in players}
        for p in players:
            state = act(state, p, {"type": "draft", "keep": kept[p]})
        for p in players:
            giver = next(q for q in players if following[q] == p)
            assert sorted(hand(state, p)) == sorted(kept[p] + [c for c in choices[giver] if c not in kept[giver]])
    assert step(state) == "turn" and GAME.to_act(state) == ["cat"]
    accounted(state)


# --- engine-api-inis.md, "The view": a window's territory is the card's target or destination ------

@pytest.mark.parametrize("play, steps, territory", [
    ({"type": "play", "card": "conquest", "territory": "valley"}, ["move clans=1 from=cove to=valley", "done"], "valley"),
    ({"type": "play", "card": "migration", "from": "cove"}, ["move clans=1 from=cove to=plains", "done"], "plains"),
    ({"type": "play", "card": "new-clans", "place": {"cove": 1, "plains": 1}}, [], None),
    ({"type": "play", "card": "new-clans", "place": {"plains": 2}}, [], "plains"),
])
def test_the_window_shows_the_territory_the_card_aims_at(play, steps, territory):
    rule = {"window": "announced", "then": "ask"}
    state = turn_of("ann", hands={"ann": [play["card"]], "bob": ["geis"], "cat": []},
                    clans={"valley": {"bob": 1}, "cove": {"ann": 3}, "plains": {"ann": 1, "cat": 1}},
                    extra=lambda b: b["standing"].update(bob=[rule]))
    state = acts(state, [("ann", play)] + [("ann", s) for s in steps])
    assert step(state) == "window" and view(state)["window"]["territory"] == territory


def test_placing_nothing_reads_as_such():
    state = turn_of("ann", hands={"ann": ["eriu"], "bob": [], "cat": []}, clans={"valley": {"ann": 1}})
    state = act(state, "ann", {"type": "play", "card": "eriu", "place": {}})
    assert "ann plays Ériu (placing no clan)." in lines(state)
    assert GAME.describe_action({"type": "play", "card": "eriu", "place": {}}, "ann") == "Play Ériu: placing no clan"
    assert GAME.parse_action(GAME.action_text({"type": "play", "card": "eriu", "place": {}})) == {
        "type": "play", "card": "eriu", "place": {}}


def test_the_catalogue_gives_each_tile_effect_as_the_card_list_words_it():
    effects = {t: entry["effect"] for t, entry in GAME.catalogue()["territories"].items() if entry["effect"]}
    assert effects == {"gates-of-tir-na-nog": "enters with 1 Sanctuary; direction changes hurt and reward",
                       "mountains": "moving in costs a card or a clan", "stone-circle": "enters with 1 Sanctuary",
                       "swamp": "no Citadel may be placed there"}


# --- docs/engine.md, "Messages": every refusal an IllegalAction, whatever a name or a text holds ----

def test_refusals_keep_a_percent_sign_of_a_name_or_a_text_as_written():
    game = GAME.setup(["ann%", "bob"], seed=1, options={"first_player": "ann%"})
    with pytest.raises(IllegalAction, match="^It is not your move; waiting for ann%.$"):
        GAME.apply(game, "bob", {"type": "pass"})
    with pytest.raises(IllegalAction, match="^'zed%' is not playing in this game.$"):
        GAME.apply(game, "zed%", {"type": "pass"})
    with pytest.raises(IllegalAction, match="^'pass 100%' is not an action"):
        GAME.parse_action("pass 100%")


@pytest.mark.parametrize("action", [
    {"type": "capital", "territory": {"valley"}},
    {"type": "standing", "rules": [{"window": "announced", "then": {"play": "geis", "territory": float("nan")}}]},
    {"type": "standing", "rules": [{"window": "announced", "then": {"play": "geis", "territory": ("cove",)}}]},
])
def test_an_action_that_is_not_plain_json_is_refused(action):
    state = new_game()
    with pytest.raises(IllegalAction):
        GAME.apply(state, GAME.to_act(state)[0], action)


@pytest.mark.parametrize("options", ["discovery", ["discovery"], 7])
def test_setup_options_that_are_not_a_dict_are_a_setup_error(options):
    from tain.games.base import SetupError
    with pytest.raises(SetupError):
        GAME.setup(["ann", "bob"], seed=1, options=options)
