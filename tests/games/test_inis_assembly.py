"""The Assembly (I17–I26): Brenn, the check for victory, Advantage cards, the Oracles, the deal,
the drafts for 2, 3 and 4 players in both directions, CathBad's Word; victory (I19, I20, I61)."""
from __future__ import annotations

import pytest

from inis_helpers import (
    GAME, accounted, acts, assembly_of, by_timeouts, clear_board, decks, hand, legal, lines, new_game,
    set_clans, set_hand, step, view,
)
from tain.games.inis.scoring import met

FOUR = ["ann", "bob", "cat", "dan"]


def spread(board, player, territories, each=1):
    for territory in territories:
        set_clans(board, territory, {player: each})


def six_territories(board):
    """Three more territories in play (valley, cove, plains + three), so that six exist."""
    from inis_helpers import add_territory
    for territory, cell in [("hills", "1,-1"), ("moor", "-1,1"), ("forest", "1,1")]:
        add_territory(board, territory, cell)


# --- I19: conditions and Deeds -----------------------------------------------------------------

@pytest.mark.parametrize("counts, deeds, expected", [
    ({"leadership": 6, "faith": 0, "land": 0}, 0, 1),
    ({"leadership": 5, "faith": 5, "land": 0}, 1, 1),
    ({"leadership": 5, "faith": 5, "land": 0}, 2, 2),
    ({"leadership": 6, "faith": 6, "land": 6}, 0, 3),
    ({"leadership": 0, "faith": 0, "land": 0}, 17, 2),
    ({"leadership": 0, "faith": 0, "land": 0}, 18, 3),
    ({"leadership": 3, "faith": 9, "land": 4}, 3, 2),  # the two smallest shortfalls: 0 and 2
])
def test_i19_conditions_met_with_deeds(counts, deeds, expected):
    assert met(counts, deeds) == expected


def test_i19_values_in_the_view():
    def edit(board):
        clear_board(board)
        set_clans(board, "valley", {"ann": 3, "bob": 2, "cat": 1})
        set_clans(board, "cove", {"ann": 1, "bob": 1})
        board["terr"]["cove"]["sanctuaries"] = 2
    state = assembly_of(edit)
    conditions = view(state)["conditions"]
    faith = view(state)["territories"]["valley"]["sanctuaries"] + 2
    assert conditions["ann"] == {"leadership": 3, "faith": faith, "land": 2, "met": 0}
    assert conditions["bob"] == {"leadership": 0, "faith": faith, "land": 2, "met": 0}


# --- I20, I61: the check for victory ------------------------------------------------------------

def winning_board(board, pretenders, land_for=(), deeds=None):
    six_territories(board)
    clear_board(board)
    for player in land_for:
        spread(board, player, sorted(board["terr"]))
    board["pretenders"] = list(pretenders)
    for player, count in (deeds or {}).items():
        board["deeds"][player] = count


def test_i20_no_pretender_no_winner_even_when_conditions_are_met():
    state = assembly_of(lambda b: winning_board(b, [], land_for=["ann"]))
    assert not GAME.is_over(state) and view(state)["conditions"]["ann"]["met"] == 1
    assert step(state) == "draft"


def test_i20_the_one_pretender_meeting_a_condition_wins_and_i61_ends_the_game_at_once():
    state = assembly_of(lambda b: winning_board(b, ["ann"], land_for=["ann"]))
    assert GAME.is_over(state) and GAME.winners(state) == ["ann"]
    shown = view(state)
    assert shown["phase"] == "over" and shown["step"] == "over" and shown["to_act"] == []
    assert shown["scores"] == {"ann": 1, "bob": 0, "cat": 0} and shown["winners"] == ["ann"]
    assert shown["draft"] is None and shown["zones"]["action"]["hands"] == 0  # no draft after a win
    assert "ann is elected Ard-Rí and wins the game." in lines(state)


def test_i20_a_pretender_meeting_nothing_does_not_win():
    state = assembly_of(lambda b: winning_board(b, ["bob"], land_for=["ann"]))
    assert not GAME.is_over(state) and view(state)["pretenders"] == []


def test_i20_the_most_conditions_wins_among_pretenders():
    def edit(board):
        winning_board(board, ["ann", "bob"], land_for=["ann", "bob"], deeds={"bob": 6})
    state = assembly_of(edit)
    assert GAME.winners(state) == ["bob"]  # land, and faith or leadership through 6 Deeds


def test_i20_a_tie_goes_to_the_brenn_when_he_is_among_the_tied():
    state = assembly_of(lambda b: winning_board(b, ["ann", "bob"], land_for=["ann", "bob"]))
    assert view(state)["brenn"] == "ann" and GAME.winners(state) == ["ann"]


def test_i20_a_tie_without_the_brenn_is_no_winner_and_the_tokens_go_back():
    state = assembly_of(lambda b: winning_board(b, ["bob", "cat"], land_for=["bob", "cat"]))
    assert not GAME.is_over(state)
    assert view(state)["pretenders"] == [] and step(state) == "draft"


def test_i18_the_brenn_of_the_tie_break_is_the_new_brenn_of_the_capital():
    def edit(board):
        winning_board(board, ["bob", "cat"], land_for=["bob", "cat"])
        set_clans(board, "valley", {"bob": 2, "cat": 1})  # bob chieftain of the Capital
        board["capital"] = "valley"
    state = assembly_of(edit)
    assert GAME.winners(state) == ["bob"]


def test_i18_the_capitals_chieftain_becomes_brenn_none_and_the_brenn_stays():
    def edit(board, counts):
        clear_board(board)
        board["capital"] = "cove"
        set_clans(board, "cove", counts)
    state = assembly_of(lambda b: edit(b, {"cat": 2, "ann": 1}))
    assert view(state)["brenn"] == "cat"
    state = assembly_of(lambda b: edit(b, {"cat": 1, "bob": 1}))
    assert view(state)["brenn"] == "ann"


# --- I21: Advantage cards -----------------------------------------------------------------------

def test_i21_chieftains_take_advantage_cards_from_anywhere_none_face_up():
    def edit(board):
        clear_board(board)
        set_clans(board, "valley", {"bob": 2})
        set_clans(board, "cove", {"ann": 1, "cat": 1})
        set_clans(board, "plains", {"cat": 1})
        set_hand(board, "ann", ["valley"])       # held by someone else
        board["adv_face_up"].remove("plains")
        board["adv_played"].append("plains")      # played this round
        set_hand(board, "cat", ["cove"])           # his, but cove has no chieftain now
    state = assembly_of(edit)
    held = view(state)["advantage"]["held"]
    assert held == {"ann": [], "bob": ["valley"], "cat": ["plains"]}
    assert view(state)["advantage"]["face_up"] == ["cove"] and view(state)["advantage"]["played"] == []
    accounted(state)


# --- I22: the Oracles and the Gates of Tír na nÓg --------------------------------------------------

def test_i22_a_change_of_direction_sets_off_the_gates():
    def edit(board):
        from inis_helpers import add_territory
        add_territory(board, "gates-of-tir-na-nog", "1,-1")
        clear_board(board)
        set_clans(board, "gates-of-tir-na-nog", {"ann": 2, "cat": 2})  # no chieftain: nobody holds its card
        set_clans(board, "valley", {"bob": 1})  # bob becomes the Brenn: the Gates go from him
    state = assembly_of(edit, decks=decks(3, crows=["cw", "cw", "ccw"]))
    assert view(state)["direction"] == "ccw" and view(state)["brenn"] == "bob"
    assert view(state)["territories"]["gates-of-tir-na-nog"]["clans"] == {"ann": 1, "cat": 1}
    assert view(state)["hands"]["ann"]["epic"] == 1 and view(state)["hands"]["cat"]["epic"] == 1
    text = lines(state)
    # from the Brenn in the new direction: bob, ann, cat
    assert text.index("ann loses 1 clan in Gates of Tír na nÓg.") < text.index("cat loses 1 clan in Gates of Tír na nÓg.")
    accounted(state)


def test_i22_the_same_direction_leaves_the_gates_alone():
    def edit(board):
        from inis_helpers import add_territory
        add_territory(board, "gates-of-tir-na-nog", "1,-1")
        set_clans(board, "gates-of-tir-na-nog", {"ann": 2})
    state = assembly_of(edit, decks=decks(3, crows=["cw", "cw", "cw"]))
    assert view(state)["territories"]["gates-of-tir-na-nog"]["clans"] == {"ann": 2}


# --- I23–I25: the deal and the drafts ---------------------------------------------------------------

DEAL_13 = ["druid", "bard", "citadel", "conquest", "craftsmen-and-peasants", "exploration", "festival", "geis",
           "migration", "new-alliance", "new-clans", "sanctuary", "warlord"]
DEAL_17 = DEAL_13 + ["emissaries", "master-craftsman", "raid", "scouts-and-spies"]


def draft_game(players, crows, deal):
    state = new_game(players, decks=decks(len(players), crows=crows, action=[deal]))
    return by_timeouts(state, lambda s: step(s) == "draft")


@pytest.mark.parametrize("direction", ["cw", "ccw"])
def test_i24_four_player_draft_three_hidden_steps_passing_in_the_direction(direction):
    state = draft_game(FOUR, ["cw", direction], DEAL_17)
    order = view(state)["turn_order"]
    dealt = {p: hand(state, p) for p in FOUR}
    assert [sorted(dealt[p]) for p in order] == [sorted(DEAL_17[1 + 4 * i:5 + 4 * i]) for i in range(4)]
    for number, keep in ((1, 1), (2, 2), (3, 3)):
        shown = view(state, "ann")
        assert shown["draft"]["step"] == number and shown["draft"]["keep"] == keep
        assert shown["draft"]["pass_to"] == {p: order[(order.index(p) + 1) % 4] for p in FOUR}
        assert "choices" not in view(state, None)["draft"]
        assert all(len(a["keep"]) == keep for a in legal(state, "ann"))
        held = {p: view(state, p)["draft"]["choices"] for p in FOUR}
        kept = {}
        for index, player in enumerate(FOUR):
            action = legal(state, player)[-1]
            kept[player] = action["keep"]
            before = {q: view(state, q) for q in FOUR if q != player}
            state = GAME.apply(state, player, action)
            if index < 3:
                assert set(view(state, None)["draft"]["submitted"]) == set(FOUR[:index + 1])
                assert player not in GAME.to_act(state)
                for q, seen in before.items():  # a submitted choice shows in its own view only
                    now = view(state, q)
                    assert now["draft"] == dict(seen["draft"], submitted=now["draft"]["submitted"])
                assert view(state, player)["submitted"] == action
        for player in FOUR:
            giver = next(q for q in FOUR if view(state, None)["turn_order"][(order.index(q) + 1) % 4] == player)
            passed = sorted(set(held[giver]) - set(kept[giver]))
            assert sorted(hand(state, player)) == sorted(kept[player] + passed)
    assert step(state) == "turn" and all(len(hand(state, p)) == 4 for p in FOUR)
    accounted(state)


@pytest.mark.parametrize("direction", ["cw", "ccw"])
def test_i24_three_player_draft(direction):
    state = draft_game(["ann", "bob", "cat"], ["cw", direction], DEAL_13)
    assert view(state)["direction"] == direction
    state = by_timeouts(state, lambda s: step(s) == "turn")
    assert all(view(state)["hands"][p]["action"] == 4 for p in ["ann", "bob", "cat"])
    assert view(state)["zones"]["action"] == {"deck": 0, "set_aside": 1, "discard": 0, "hands": 12, "in_play": 0}


@pytest.mark.parametrize("direction", ["cw", "ccw"])
def test_i25_two_player_drafts_apart_and_six_cards(direction):
    state = draft_game(["ann", "bob"], ["cw", direction], DEAL_13)
    assert sorted(hand(state, "ann")) == sorted(DEAL_13[1:4]) and sorted(hand(state, "bob")) == sorted(DEAL_13[4:7])
    assert view(state, "ann")["draft"]["steps"] == 2 and view(state)["zones"]["action"]["deck"] == 6
    state = acts(state, [("ann", {"type": "draft", "keep": ["bard"]}), ("bob", {"type": "draft", "keep": ["exploration"]})])
    assert sorted(hand(state, "ann")) == ["bard", "craftsmen-and-peasants", "festival"]  # kept 1, got bob's 2
    assert sorted(hand(state, "bob")) == ["citadel", "conquest", "exploration"]
    state = acts(state, [("ann", {"type": "draft", "keep": ["craftsmen-and-peasants", "bard"]}),
                         ("bob", {"type": "draft", "keep": ["citadel", "exploration"]})])
    shown = view(state, "ann")
    assert shown["draft"]["draft"] == 2 and shown["draft"]["step"] == 1
    assert shown["draft"]["first_set"] == ["bard", "conquest", "craftsmen-and-peasants"]
    assert sorted(shown["draft"]["choices"]) == sorted(DEAL_13[7:10])
    assert sorted(shown["hand"]) == sorted(shown["draft"]["choices"] + shown["draft"]["first_set"])
    assert all(set(a["keep"]) <= set(shown["draft"]["choices"]) for a in legal(state, "ann"))
    state = by_timeouts(state, lambda s: step(s) == "turn")
    assert len(hand(state, "ann")) == 6 and len(hand(state, "bob")) == 6
    assert {"bard", "conquest", "craftsmen-and-peasants"} <= set(hand(state, "ann"))
    accounted(state)


def test_i24_draft_known_entries_tell_each_player_his_own_cards():
    state = draft_game(["ann", "bob", "cat"], ["cw", "cw"], DEAL_13)
    state = by_timeouts(state, lambda s: step(s) == "turn")
    known = [k for k in view(state, "ann")["known"] if k["source"] == "draft"]
    assert len(known) == 4 and known[0]["text"].startswith("You are dealt")
    assert all(k["round"] == 1 for k in known)


# --- I26: CathBad's Word --------------------------------------------------------------------------

def test_i26_cathbads_word_names_the_set_aside_card_taken_after_the_draft():
    def edit(board):
        set_hand(board, "bob", ["cathbads-word"])
        board["standing"]["bob"] = [{"window": "assembly-start", "then": {"play": "cathbads-word",
                                                                          "set_aside": "geis"}}]
    state = assembly_of(edit)
    assert "bob plays CathBad's Word." in lines(state)
    assert "geis" not in str(view(state, "ann")["current_report"]) + str(view(state, "ann")["reports"])
    assert view(state)["zones"]["action"]["set_aside"] == 1
    assert all("geis" not in view(state, p)["hand"] for p in ["ann", "bob", "cat"])
    state = by_timeouts(state, lambda s: step(s) == "set-aside")
    assert GAME.to_act(state) == ["bob"] and "geis" in hand(state, "bob") and len(hand(state, "bob")) == 5
    state = acts(state, [("bob", "set-aside card=geis")])
    assert step(state) == "turn" and "geis" not in hand(state, "bob")
    assert view(state, "bob")["set_aside_card"] == "geis" and view(state, "ann")["set_aside_card"] is None
    assert view(state)["epic_discard"] == ["cathbads-word"]
    accounted(state)


def test_i17_the_assembly_start_window_comes_before_the_brenn():
    def edit(board):
        set_hand(board, "cat", ["cathbads-word"])
        board["standing"]["cat"] = [{"window": "assembly-start", "then": "ask"}]
    state = assembly_of(edit)
    shown = view(state)
    assert shown["step"] == "window" and shown["to_act"] == ["cat"]
    assert shown["window"] == {"kind": "assembly-start", "actor": "ann", "card": None, "territory": None,
                               "asked": ["cat"], "answered": []}
    assert {"type": "decline"} in legal(state, "cat")
    assert len([a for a in legal(state, "cat") if a.get("card") == "cathbads-word"]) == 13
    state = acts(state, [("cat", "decline")])
    assert step(state) == "draft"
