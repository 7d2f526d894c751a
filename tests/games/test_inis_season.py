"""The Season (I27–I35): turns, the Brenn's opening card, pass, Pretender tokens, players with no
clan, forced passes, Season-turn standing rules, Oengus's Ploy and the end of the Season."""
from __future__ import annotations

from inis_helpers import (
    GAME, accounted, act, acts, clans_of, hand, legal, legal_types, lines, season_start, set_clans, set_hand,
    step, turn_of, view,
)

CLANS = {"valley": {"ann": 2, "bob": 2, "cat": 2}}


def test_i27_a_turn_offers_a_season_card_pass_or_pretender():
    state = turn_of("bob", hands={"bob": ["new-clans", "geis"]}, clans=CLANS,
                    extra=lambda b: b["deeds"].update(bob=6))
    assert legal_types(state, "bob") == {"play", "pass", "pretender"}
    assert not [a for a in legal(state, "bob") if a.get("card") == "geis"]  # a Triskel card is not a Season card
    assert view(state)["active_player"] == "bob" and not GAME.mid_turn(state)


def test_i28_the_brenn_opens_with_a_season_card():
    state = season_start()
    assert view(state)["brenn"] == "ann" and GAME.to_act(state) == ["ann"]
    assert legal_types(state, "ann") == {"play"}
    state = act(state, "ann", {"type": "play", "card": "bard"})
    assert step(state) == "turn" and GAME.to_act(state) == ["bob"]
    assert legal_types(state, "bob") >= {"pass"}


def test_i28_a_brenn_with_no_season_card_passes():
    state = season_start()

    def edit(board):
        set_hand(board, "ann", ["geis"])
    from inis_helpers import position
    state = position(state, edit)
    assert legal(state, "ann") == [{"type": "pass"}]


def test_i30_all_passing_in_a_row_ends_the_season_and_a_play_resets_the_count():
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["lugs-spear"], "cat": ["new-clans"]}, clans=CLANS)
    state = acts(state, [("ann", "pass"), ("bob", "pass")])
    assert view(state)["passes"] == 2
    state = act(state, "cat", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert view(state)["passes"] == 0 and view(state)["phase"] == "season"
    state = acts(state, [("ann", "pass"), ("bob", "pass")])
    # cat's hand is empty and he cannot take a token: passed without being asked (I33a)
    assert view(state)["phase"] == "assembly" and view(state)["round"] == 2
    assert "Every player has passed: the Season is over." in lines(state)


def test_i31_pretender_token_needs_a_condition_and_resets_the_passes():
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["lugs-spear"], "cat": ["the-dagda"]}, clans=CLANS)
    assert "pretender" not in legal_types(state, "ann")
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["lugs-spear"], "cat": ["the-dagda"]}, clans=CLANS,
                    extra=lambda b: b["deeds"].update(bob=6))
    state = acts(state, [("ann", "pass"), ("bob", "pretender")])
    assert view(state)["pretenders"] == ["bob"] and view(state)["passes"] == 0
    state = acts(state, [("cat", "pass"), ("ann", "pass")])
    assert "pretender" not in legal_types(state, "bob")  # one token a player
    state = act(state, "bob", "pass")
    assert view(state)["phase"] == "assembly" or GAME.is_over(state)


def test_i32_no_clans_discard_a_deed_place_two_then_the_turn():
    state = turn_of("bob", hands={"bob": ["new-clans"]}, clans={"valley": {"ann": 2, "cat": 1}},
                    extra=lambda b: b["deeds"].update(bob=2))
    assert step(state) == "place-clans" and GAME.to_act(state) == ["bob"]
    assert view(state)["deeds"]["bob"] == 1
    assert {"type": "place-clans", "place": {"cove": 1, "valley": 1}} in legal(state, "bob")
    assert len(legal(state, "bob")) == 6  # 3 territories: 3 doubles and 3 pairs
    state = act(state, "bob", {"type": "place-clans", "place": {"valley": 1, "cove": 1}})
    assert step(state) == "turn" and GAME.to_act(state) == ["bob"] and GAME.mid_turn(state)
    assert clans_of(state, "cove") == {"bob": 1}


def test_i33_an_empty_hand_is_passed_but_a_triskel_only_hand_is_asked():
    state = turn_of("ann", hands={"ann": [], "bob": ["geis"], "cat": ["the-dagda"]}, clans=CLANS)
    assert GAME.to_act(state) == ["bob"] and view(state)["passes"] == 1
    assert legal(state, "bob") == [{"type": "pass"}]


def test_i33_a_season_turn_rule_passes_for_him_while_he_holds_no_action_card():
    rule = {"window": "season-turn", "when": {"my_action_cards": 0}, "then": "pass"}
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["balors-eye"], "cat": ["the-dagda"]}, clans=CLANS,
                    extra=lambda b: b["standing"].update(bob=[rule]))
    state = act(state, "ann", "pass")
    assert GAME.to_act(state) == ["cat"] and view(state)["passes"] == 2
    assert view(state, "bob")["standing"] == [rule] and view(state, "ann")["standing"] == []


def test_i51_a_queued_season_play_is_made_if_legal_otherwise_he_is_asked():
    rule = {"window": "season-turn", "then": {"play": "new-clans", "place": {"valley": 2}}}
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["new-clans"], "cat": ["the-dagda"]}, clans=CLANS,
                    extra=lambda b: b["standing"].update(bob=[rule]))
    state = act(state, "ann", "pass")
    assert clans_of(state, "valley")["bob"] == 4 and GAME.to_act(state) == ["cat"]
    wrong = {"window": "season-turn", "then": {"play": "new-clans", "place": {"moor": 2}}}
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["new-clans"], "cat": ["the-dagda"]}, clans=CLANS,
                    extra=lambda b: b["standing"].update(bob=[wrong]))
    state = act(state, "ann", "pass")
    assert GAME.to_act(state) == ["bob"] and step(state) == "turn"


def test_i34_oenguss_ploy_takes_the_next_turn_and_keeps_the_season_going():
    rule = {"window": "turn-end", "when": {"season_would_end": True}, "then": {"play": "oenguss-ploy"}}
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["lugs-spear"], "cat": ["oenguss-ploy", "new-clans"]},
                    clans=CLANS, extra=lambda b: b["standing"].update(cat=[rule]))
    state = acts(state, [("ann", "pass"), ("bob", "pass")])
    state = act(state, "cat", "pass")  # the Season would end: cat plays Oengus's Ploy
    assert view(state)["phase"] == "season" and GAME.to_act(state) == ["cat"] and view(state)["passes"] == 0
    assert "cat plays Oengus's Ploy." in lines(state)
    state = act(state, "cat", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert GAME.to_act(state) == ["ann"]


def test_i34_oengus_skips_the_turns_in_between():
    rule = {"window": "turn-end", "when": {"by": ["ann"]}, "then": {"play": "oenguss-ploy"}}
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["lugs-spear"], "cat": ["oenguss-ploy", "the-dagda"]},
                    clans=CLANS, extra=lambda b: b["standing"].update(cat=[rule]))
    state = act(state, "ann", "pass")
    assert GAME.to_act(state) == ["cat"]  # bob's turn skipped this lap
    state = act(state, "cat", "pass")
    assert GAME.to_act(state) == ["ann"]


def test_i35_end_of_season_discards_actions_returns_lost_advantages_clears_festival_and_rules():
    rules = [{"window": "season-turn", "then": "pass"}, {"window": "announced", "then": "decline"}]

    def extra(board):
        board["festival"] = "valley"
        board["standing"]["bob"] = list(rules)
        set_hand(board, "cat", ["bard", "cove", "balors-eye"])
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["lugs-spear"]}, clans=CLANS, extra=extra)
    state = acts(state, [("ann", "pass"), ("cat", "pass")] if GAME.to_act(state) == ["cat"] else [("ann", "pass")])
    while view(state)["phase"] == "season":
        state = act(state, GAME.to_act(state)[0], "pass")
    shown = view(state)
    assert shown["festival_territory"] is None
    assert shown["round"] == 2 and shown["step"] == "draft"  # the next Assembly dealt anew
    assert shown["hands"]["cat"] == {"action": 4, "advantage": 0, "epic": 1}  # the Epic Tale stays
    assert "cat puts Cove face up." in lines(state) and "cove" in shown["advantage"]["face_up"]
    assert view(state, "bob")["standing"] == [rules[1]]
    accounted(state)


def test_i29_a_declaration_changes_nothing_until_it_is_complete():
    state = turn_of("ann", hands={"ann": ["conquest"]},
                    clans={"valley": {"ann": 3}, "cove": {"bob": 1}, "plains": {"ann": 1}})
    before = view(state, "bob")["territories"]
    state = act(state, "ann", {"type": "play", "card": "conquest", "territory": "cove"})
    assert step(state) == "declare" and GAME.mid_turn(state)
    assert {"type": "move", "from": "valley", "to": "cove", "clans": 3} in legal(state, "ann")
    assert {"type": "done"} not in legal(state, "ann")
    state = act(state, "ann", "move clans=2 from=valley to=cove")
    assert view(state, "bob")["territories"] == before and "conquest" in hand(state, "ann")
    assert view(state, "ann")["declaring"]["moves"] == [{"from": "valley", "to": "cove", "clans": 2}]
    assert view(state, "bob")["declaring"] is None
    assert not [a for a in legal(state, "ann") if a.get("from") == "valley"]  # each source once
    state = act(state, "ann", "done")
    assert "ann plays Conquest (2 from Valley to Cove, territory Cove)." in lines(state)


def test_i32_the_brenns_opening_turn_with_no_clan_places_first():
    state = season_start()
    from inis_helpers import clear_board, position

    def edit(board):
        clear_board(board)
        set_clans(board, "cove", {"bob": 1})
    state = position(state, edit)
    assert step(state) == "place-clans" and GAME.to_act(state) == ["ann"]
