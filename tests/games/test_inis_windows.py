"""Triskel windows by email (I48–I59): who may play what, who is asked, standing rules and their
defaults, resolution in priority order, nested windows, Lug's Spear, what a window shows."""
from __future__ import annotations

import pytest

from inis_helpers import GAME, act, acts, clans_of, hand, legal, lines, step, turn_of, view
from tain.games.base import IllegalAction

CLANS = {"valley": {"ann": 2, "bob": 1}, "cove": {"bob": 2, "cat": 1}, "plains": {"cat": 1}}


def with_rules(hands, rules, player="ann"):
    return turn_of(player, hands=hands, clans=CLANS, extra=lambda b: b["standing"].update(rules))


NEW_CLANS = {"type": "play", "card": "new-clans", "place": {"valley": 2}}


def test_i52_by_default_nobody_is_stopped_for_geis():
    state = with_rules({"ann": ["new-clans"], "bob": ["geis"], "cat": []}, {})
    state = act(state, "ann", NEW_CLANS)
    assert clans_of(state, "valley")["ann"] == 4 and step(state) == "turn" and "geis" in hand(state, "bob")


def test_i50_i53_a_rule_to_be_asked_asks_whoever_holds_an_action_card_whatever_it_is():
    ask = [{"window": "announced", "then": "ask"}]
    state = with_rules({"ann": ["new-clans"], "bob": ["bard"], "cat": ["geis"]}, {"bob": ask, "cat": ask})
    state = act(state, "ann", NEW_CLANS)
    shown = view(state)
    assert shown["step"] == "window" and set(shown["to_act"]) == {"bob", "cat"}
    assert shown["window"] == {"kind": "announced", "actor": "ann", "card": "new-clans", "territory": "valley",
                               "asked": ["bob", "cat"], "answered": []}
    assert legal(state, "bob") == [{"type": "decline"}]  # he holds no Geis: only decline, and nobody can tell
    assert legal(state, "cat") == [{"type": "decline"}, {"type": "play", "card": "geis"}]
    state = act(state, "bob", "decline")
    assert view(state, "ann")["window"]["answered"] == ["bob"] and view(state, "bob")["submitted"] == {"type": "decline"}
    assert view(state, "cat")["submitted"] is None
    state = act(state, "cat", "play card=geis")
    assert clans_of(state, "valley")["ann"] == 2 and "cat plays Geis." in lines(state)


def test_i50_no_action_card_not_eligible_for_geis_even_with_a_rule():
    ask = [{"window": "announced", "then": "ask"}]
    state = with_rules({"ann": ["new-clans"], "bob": ["eriu"], "cat": []}, {"bob": ask})
    state = act(state, "ann", NEW_CLANS)
    assert step(state) == "turn"


def test_i49_geis_answers_only_an_opponents_action_card_the_dagda_epic_or_advantage():
    rules = {"bob": [{"window": "announced", "then": "ask"}]}
    state = with_rules({"ann": ["children-of-dana"], "bob": ["geis", "the-dagda"], "cat": []}, rules)
    state = act(state, "ann", {"type": "play", "card": "children-of-dana", "territory": "plains"})
    assert legal(state, "bob") == [{"type": "decline"}, {"type": "play", "card": "the-dagda"}]


def test_i51_rule_conditions_by_card_territory_targets_me_and_once():
    rule = {"window": "announced", "when": {"by": ["ann"], "card": ["new-clans"], "territory": ["valley"],
                                           "targets_me": True}, "then": {"play": "geis"}, "once": True}
    state = with_rules({"ann": ["new-clans"], "bob": ["geis", "bard"], "cat": []}, {"bob": [rule]})
    state = act(state, "ann", NEW_CLANS)  # valley holds one of bob's clans: it targets him
    assert clans_of(state, "valley")["ann"] == 2 and view(state, "bob")["standing"] == []
    elsewhere = dict(rule, when=dict(rule["when"], territory=["plains"]))
    state = with_rules({"ann": ["new-clans"], "bob": ["geis", "bard"], "cat": []}, {"bob": [elsewhere]})
    state = act(state, "ann", NEW_CLANS)
    assert clans_of(state, "valley")["ann"] == 4 and view(state, "bob")["standing"] == [elsewhere]


def test_i51_a_decline_rule_wins_over_the_advantage_default():
    def extra(board):
        board["standing"]["ann"] = [{"window": "resolved", "then": "decline"}]
    state = turn_of("ann", hands={"ann": ["new-clans", "valley"], "bob": ["bard"], "cat": []}, clans=CLANS, extra=extra)
    state = act(state, "ann", NEW_CLANS)
    assert step(state) == "turn" and GAME.to_act(state) == ["bob"] and "valley" in hand(state, "ann")


def test_i54_a_dropped_play_leaves_no_trace_and_cancelling_drops_later_answers():
    rules = {"bob": [{"window": "announced", "then": {"play": "geis"}}],
             "cat": [{"window": "announced", "then": {"play": "geis"}}]}
    state = with_rules({"ann": ["new-clans"], "bob": ["geis"], "cat": ["bard"]}, rules)
    state = act(state, "ann", NEW_CLANS)
    assert lines(state).count("bob plays Geis.") == 1 and "cat plays" not in " ".join(lines(state))
    assert "bard" in hand(state, "cat")


def test_i54_answers_resolve_in_priority_order_from_the_actor():
    rules = {"cat": [{"window": "resolved", "when": {"card": ["new-clans"]}, "then": {"play": "lug-samildanach"}}]}
    state = turn_of("ann", hands={"ann": ["new-clans", "valley"], "bob": ["bard"], "cat": ["lug-samildanach"]},
                    clans=CLANS, extra=lambda b: b["standing"].update(rules))
    state = act(state, "ann", NEW_CLANS)
    assert view(state)["window"]["asked"] == ["ann"]  # cat plays by rule: not asked
    state = act(state, "ann", {"type": "play", "card": "valley", "territory": "valley"})
    text = lines(state)
    assert text.index("ann plays Valley (territory Valley).") < text.index("cat plays Lug Samildanach.")
    assert "new-clans" in hand(state, "cat") and clans_of(state, "valley")["ann"] == 5


def test_i54_an_asked_player_is_asked_again_after_his_play():
    state = turn_of("ann", hands={"ann": ["sanctuary", "meadows"], "bob": ["bard"], "cat": []}, clans=CLANS)
    state = act(state, "ann", {"type": "play", "card": "sanctuary", "territory": "valley"})
    assert view(state)["window"]["kind"] == "draw"
    state = act(state, "ann", "play card=meadows")
    assert step(state) == "keep"  # no other candidate left for him: not asked again


def test_i55_lug_samildanach_may_take_geis_after_it_resolved():
    rules = {"bob": [{"window": "announced", "then": {"play": "geis"}}],
             "cat": [{"window": "resolved", "when": {"card": ["geis"]}, "then": {"play": "lug-samildanach"}}]}
    state = with_rules({"ann": ["new-clans"], "bob": ["geis"], "cat": ["lug-samildanach"]}, rules)
    state = act(state, "ann", NEW_CLANS)
    assert "geis" in hand(state, "cat") and "new-clans" not in hand(state, "cat")  # a cancelled card did not resolve
    assert lines(state).index("bob plays Geis.") < lines(state).index("cat plays Lug Samildanach.")


def test_i55_the_dagda_cancels_a_triskel_epic_tale_played_in_a_window():
    rules = {"cat": [{"window": "turn-end", "then": {"play": "oenguss-ploy"}}],
             "bob": [{"window": "announced", "when": {"card": ["oenguss-ploy"]}, "then": {"play": "the-dagda"}}]}
    state = with_rules({"ann": ["new-clans"], "bob": ["the-dagda", "bard"], "cat": ["oenguss-ploy", "geis"]}, rules)
    state = act(state, "ann", NEW_CLANS)
    assert GAME.to_act(state) == ["bob"] and "cat's Oengus's Ploy has no effect." in lines(state)


def test_i56_folded_options_appear_only_in_their_holders_legal_actions():
    state = turn_of("ann", hands={"ann": ["warlord", "iron-mine"], "bob": ["the-dagdas-club"], "cat": []},
                    clans={"valley": {"ann": 3, "bob": 2}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}), ("bob", "shelter clans=0")])
    assert {"type": "attack", "target": "bob", "with": "iron-mine"} in legal(state, "ann")
    assert view(state, "bob")["step"] == "maneuver" and legal(state, "bob") == []


def test_i58_a_window_nobody_is_asked_in_leaves_no_window_in_the_view():
    state = with_rules({"ann": ["new-clans"], "bob": ["geis"], "cat": []}, {"bob": [{"window": "announced",
                                                                                    "then": "decline"}]})
    state = act(state, "ann", NEW_CLANS)
    assert view(state)["window"] is None
    assert "decline" not in " ".join(lines(state))


def test_standing_is_free_private_and_never_listed():
    state = with_rules({"ann": ["new-clans"], "bob": ["geis"], "cat": []}, {})
    before = {p: view(state, p) for p in ("ann", "cat", None)}
    rules = [{"window": "announced", "when": {"by": ["ann"]}, "then": {"play": "geis"}}]
    state = act(state, "bob", {"type": "standing", "rules": rules})  # bob is not to act
    assert view(state, "bob")["standing"] == rules and GAME.to_act(state) == ["ann"]
    assert {p: view(state, p) for p in ("ann", "cat", None)} == before
    assert all(a["type"] != "standing" for a in legal(state, "ann"))
    assert GAME.action_text({"type": "standing", "rules": rules}).startswith('standing rules=[{"window":"announced"')
    assert GAME.parse_action(GAME.action_text({"type": "standing", "rules": rules})) == {"type": "standing",
                                                                                        "rules": rules}


@pytest.mark.parametrize("rules, words", [
    ("geis", "list"),
    ([{"window": "sometime", "then": "ask"}], "no window"),
    ([{"window": "announced", "when": {"colour": ["red"]}, "then": "ask"}], "no condition"),
    ([{"window": "announced", "then": "pass"}], "then must be"),
    ([{"window": "season-turn", "then": "ask"}], "then must be"),
    ([{"window": "announced", "then": {"play": "excalibur"}}], "does not exist"),
    ([{"window": "announced", "when": {"card": ["excalibur"]}, "then": "ask"}], "does not exist"),
    ([{"window": "announced", "then": "ask"}] * 51, "at most 50"),
    ([{"window": "announced", "then": "ask", "once": "yes"}], "once"),
])
def test_i51_bad_rules_are_refused(rules, words):
    state = with_rules({"ann": ["new-clans"], "bob": [], "cat": []}, {})
    with pytest.raises(IllegalAction, match=words):
        act(state, "bob", {"type": "standing", "rules": rules})


def test_i59_being_asked_depends_on_public_facts_not_on_the_hand():
    ask = [{"window": "announced", "then": "ask"}]
    with_geis = with_rules({"ann": ["new-clans"], "bob": ["geis"], "cat": []}, {"bob": ask})
    with_bard = with_rules({"ann": ["new-clans"], "bob": ["bard"], "cat": []}, {"bob": ask})
    with_geis, with_bard = act(with_geis, "ann", NEW_CLANS), act(with_bard, "ann", NEW_CLANS)
    for viewer in ("ann", "cat", None):
        assert view(with_geis, viewer) == view(with_bard, viewer)
    assert GAME.to_act(with_geis) == GAME.to_act(with_bard) == ["bob"]


@pytest.mark.parametrize("named, played", [("valley", False), ("cove", True)])
def test_i51_a_territory_condition_names_where_a_card_goes_not_where_its_clans_leave(named, played):
    """engine-api-inis.md, `standing`: the territory concerned is "the clash, the card's target or
    destination": a Migration out of the Valley into the Cove concerns the Cove only."""
    rules = {"bob": [{"window": "announced", "when": {"territory": [named]}, "then": {"play": "geis"}}]}
    state = acts(with_rules({"ann": ["migration"], "bob": ["geis"], "cat": []}, rules),
                 [("ann", {"type": "play", "card": "migration", "from": "valley"}),
                  ("ann", "move clans=1 from=valley to=cove"), ("ann", {"type": "done"})])
    assert ("geis" not in hand(state, "bob")) == played
