"""Time-outs (I63) and the bot (I64)."""
from __future__ import annotations

import random

from inis_helpers import GAME, act, acts, by_timeouts, legal, new_game, season_start, step, turn_of, view
from tain.games.inis.bots import InisBot


def test_i63_setup_and_draft_deadlines():
    state = new_game()
    assert GAME.timeout_action(state, "ann") == legal(state, "ann")[0]  # the Capital: the first legal action
    state = by_timeouts(state, lambda s: step(s) == "draft")
    keep = GAME.timeout_action(state, "ann")
    ranking = ["new-clans", "conquest", "migration", "warlord", "sanctuary", "exploration", "new-alliance", "festival",
               "citadel", "bard", "geis", "craftsmen-and-peasants", "druid"]
    assert keep["keep"] == [min(view(state, "ann")["draft"]["choices"], key=ranking.index)]


def test_i63_the_brenns_opening_plays_his_best_ranked_card():
    state = season_start()
    action = GAME.timeout_action(state, "ann")
    ranking = ["new-clans", "conquest", "migration", "warlord", "sanctuary", "exploration", "new-alliance", "festival",
               "citadel", "bard", "geis"]
    playable = {a["card"] for a in legal(state, "ann")}
    assert action["card"] == min(playable & set(ranking), key=ranking.index)
    assert action == next(a for a in legal(state, "ann") if a["card"] == action["card"])


def test_i63_a_late_season_turn_passes_for_the_rest_of_the_season():
    state = turn_of("ann", hands={"ann": ["new-clans"], "bob": ["bard"], "cat": ["geis"]},
                    clans={"valley": {"ann": 1, "bob": 1, "cat": 1}},
                    extra=lambda b: b["standing"].update(ann=[{"window": "announced", "then": "decline"}]))
    actions = GAME.timeout_actions(state, "ann")
    assert actions == [{"type": "standing", "rules": [{"window": "season-turn", "then": "pass"},
                                                      {"window": "announced", "then": "decline"}]},
                       {"type": "pass"}]
    for action in actions:
        state = act(state, "ann", action)
    state = acts(state, [("bob", "pass"), ("cat", "pass")])  # ann's rule passes for her: the Season ends
    assert view(state)["round"] == 2


def test_i63_a_declaration_under_way_is_finished():
    state = turn_of("ann", hands={"ann": ["conquest"], "bob": ["bard"], "cat": []},
                    clans={"valley": {"ann": 3}, "plains": {"ann": 1}, "cove": {"bob": 1}})
    state = act(state, "ann", {"type": "play", "card": "conquest", "territory": "cove"})
    actions = GAME.timeout_actions(state, "ann")
    assert actions == [{"type": "move", "from": "plains", "to": "cove", "clans": 1}, {"type": "done"}]


def test_i63_clash_deadlines_shelter_all_attack_the_most_exposed_answer_with_the_lowest_card_vote_yes():
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": ["new-clans", "druid"], "cat": []},
                    clans={"valley": {"ann": 3, "bob": 2, "cat": 2}})
    state = act(state, "ann", {"type": "play", "card": "warlord", "territory": "valley"})
    assert GAME.timeout_action(state, "bob") == {"type": "shelter", "clans": 1}
    state = acts(state, [("bob", "shelter clans=1"), ("cat", "shelter clans=0")])
    assert GAME.timeout_action(state, "ann") == {"type": "attack", "target": "cat"}  # 2 exposed against bob's 1
    state = act(state, "ann", "attack target=bob")
    assert GAME.timeout_action(state, "bob") == {"type": "discard", "card": "druid"}
    state = act(state, "bob", "discard card=druid")
    state = act(state, "bob", "offer-peace")
    assert set(GAME.to_act(state)) == {"ann", "cat"}
    assert GAME.timeout_action(state, "ann") == {"type": "peace", "accept": True}


def test_i63_a_tie_for_most_exposed_goes_to_the_first_after_him_and_alone_he_ends_the_clash():
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": [], "cat": []},
                    clans={"valley": {"ann": 3, "bob": 2, "cat": 2}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}),
                         ("bob", "shelter clans=0"), ("cat", "shelter clans=0")])
    assert GAME.timeout_action(state, "ann") == {"type": "attack", "target": "bob"}
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": [], "cat": []}, clans={"valley": {"ann": 3, "bob": 1}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}), ("bob", "shelter clans=1")])
    assert GAME.timeout_action(state, "ann") == {"type": "end-clash"}


def test_i63_a_window_deadline_declines():
    state = turn_of("ann", hands={"ann": ["new-clans", "valley"], "bob": ["bard"], "cat": []},
                    clans={"valley": {"ann": 1}})
    state = act(state, "ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}})
    assert step(state) == "window" and GAME.timeout_action(state, "ann") == {"type": "decline"}


def test_timeout_actions_with_a_bot_play_the_bots_choices():
    state = season_start()
    actions = GAME.timeout_actions(state, "ann", InisBot(1))
    assert actions and actions[0]["type"] == "play"


# --- the bot (I64) -----------------------------------------------------------------------------

def test_i64_the_bot_takes_a_pretender_token_when_it_may():
    state = turn_of("ann", hands={"ann": ["new-clans"], "bob": [], "cat": []}, clans={"valley": {"ann": 1}},
                    extra=lambda b: b["deeds"].update(ann=6))
    assert InisBot(0).choose(view(state, "ann"), legal(state, "ann")) == {"type": "pretender"}


def test_i64_the_bot_plays_clans_where_it_becomes_chieftain():
    state = turn_of("ann", hands={"ann": ["new-clans"], "bob": [], "cat": []},
                    clans={"valley": {"ann": 1}, "cove": {"ann": 1, "bob": 2}})
    choice = InisBot(0).choose(view(state, "ann"), legal(state, "ann"))
    assert choice == {"type": "play", "card": "new-clans", "place": {"cove": 2}}


def test_i64_the_bot_passes_with_only_triskel_cards_and_attacks_only_when_stronger():
    state = turn_of("ann", hands={"ann": ["geis"], "bob": ["bard"], "cat": []}, clans={"valley": {"ann": 1}})
    assert InisBot(0).choose(view(state, "ann"), legal(state, "ann")) == {"type": "pass"}
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": [], "cat": []}, clans={"valley": {"ann": 3, "bob": 1}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}), ("bob", "shelter clans=0")])
    assert InisBot(0).choose(view(state, "ann"), legal(state, "ann")) == {"type": "attack", "target": "bob"}
    state = turn_of("ann", hands={"ann": ["warlord"], "bob": [], "cat": []}, clans={"valley": {"ann": 1, "bob": 3}})
    state = acts(state, [("ann", {"type": "play", "card": "warlord", "territory": "valley"}), ("bob", "shelter clans=0")])
    assert InisBot(0).choose(view(state, "ann"), legal(state, "ann")) == {"type": "offer-peace"}


def test_i64_the_bots_standing_rules_keep_geis_and_the_saving_cards():
    state = turn_of("ann", hands={"ann": ["geis", "the-dagdas-club", "strengs-resolve"], "bob": [], "cat": []},
                    clans={"valley": {"ann": 1}})
    rules = InisBot(0).standing(view(state, "ann"))
    windows = [(r["window"], r["then"]["play"]) for r in rules]
    assert windows == [("announced", "geis"), ("clan-removed", "the-dagdas-club"), ("after-maneuver", "strengs-resolve")]
    assert rules[0]["when"]["targets_me"] is True
    act(state, "ann", {"type": "standing", "rules": rules})  # valid rules


def test_i64_the_bot_beats_random_players():
    wins = 0
    for seed in range(6):
        players = ["ann", "bob"]
        rng = random.Random(seed)
        state = GAME.setup(players, seed=seed)
        bot = InisBot(seed)
        for _ in range(6000):
            if GAME.is_over(state):
                break
            player = rng.choice(GAME.to_act(state))
            options = legal(state, player)
            action = bot.choose(view(state, player), options) if player == "ann" else rng.choice(options)
            state = GAME.apply(state, player, action)
        wins += GAME.winners(state) == ["ann"]
    assert wins >= 5
