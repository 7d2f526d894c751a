"""What each player may know (I62), the map (I7–I10), the text forms and the refusals."""
from __future__ import annotations

import json

import pytest

from inis_helpers import GAME, act, by_timeouts, decks, hand, legal, new_game, season_start, step, turn_of, view
from tain.games.base import IllegalAction
from tain.games.inis.cells import neighbour_cells, open_cells

REQUIRED = {"game", "you", "players", "round", "phase", "step", "to_act", "stage", "brenn", "direction", "turn_order",
            "active_player", "passes", "mid_turn", "cells", "open_cells", "territories", "festival_territory",
            "reserve", "cauldron", "supply", "deeds", "pretenders", "conditions", "hands", "advantage",
            "epic_discard", "zones", "draft", "window", "clash", "pending", "reports", "over", "scores", "winners"}
OWN = {"hand", "known", "standing"}


def test_i62_views_hold_the_required_fields_and_the_spectator_has_no_private_part():
    state = season_start()
    for player in ("ann", "bob", "cat"):
        shown = view(state, player)
        assert REQUIRED | OWN <= set(shown) and shown["you"] == player
        json.dumps(shown)
    spectator = view(state, None)
    assert REQUIRED <= set(spectator) and not OWN & set(spectator) and spectator["you"] is None
    assert "plan" not in spectator


def test_i62_a_hand_is_shown_to_its_player_only_and_counted_for_everyone():
    state = season_start()
    mine = hand(state, "ann")
    assert view(state, "bob")["hands"]["ann"] == {"action": 4, "advantage": 0, "epic": 0}
    for card in mine:
        assert card not in json.dumps(view(state, "bob")["hand"])
    assert hand(state, "ann") == sorted(mine)


def test_i62_the_action_discard_and_the_set_aside_card_are_never_shown():
    state = season_start()
    set_aside = state["board"]["set_aside"]
    for player in ("ann", "bob", "cat", None):
        shown = view(state, player)
        assert set_aside not in json.dumps({k: v for k, v in shown.items() if k not in ("hand", "known")})
        assert shown["zones"]["action"]["set_aside"] == 1


def test_i62_reports_are_public_sentences_with_message_ids():
    state = season_start()
    report = view(state, None)["reports"][0]
    assert set(report) == {"n", "round", "headline", "lines", "messages"}
    assert report["headline"] == report["messages"]["headline"]["text"]
    assert [m["text"] for m in report["messages"]["lines"]] == report["lines"]
    assert all(m["id"].startswith("inis.") for m in report["messages"]["lines"])
    assert view(state, "ann")["reports"] == view(state, None)["reports"]


def test_stage_short_changes_with_the_round_long_with_each_turn():
    state = season_start()
    first = view(state)["stage"]
    assert first["short"] == "Round 1" and "ann to play" in first["long"]
    state = act(state, "ann", legal(state, "ann")[0])
    while step(state) != "turn" or view(state)["active_player"] == "ann":
        player = GAME.to_act(state)[0]
        state = act(state, player, GAME.timeout_action(state, player))
    assert view(state)["stage"]["long"] != first["long"] and view(state)["stage"]["short"] == "Round 1"


def test_i7_neighbours_and_i10_open_cells():
    assert sorted(neighbour_cells("0,0")) == sorted(["1,0", "-1,0", "0,1", "0,-1", "1,-1", "-1,1"])
    assert open_cells({"0,0": "a", "1,0": "b", "0,1": "c"}) == ["1,-1", "-1,1", "1,1"]
    assert open_cells({"0,0": "a", "1,0": "b"}) == ["1,-1", "0,1"]
    state = new_game()
    assert view(state)["open_cells"] == ["1,-1", "-1,1", "1,1"]


def test_i9_adjacency_is_the_cells():
    state = new_game(["ann", "bob", "cat", "dan"], decks=decks(4))
    territories = view(state)["territories"]
    assert territories["hills"]["neighbours"] == ["cove", "valley"]  # 1,-1 touches 0,0 and 1,0 only


# --- text forms -------------------------------------------------------------------------------------

@pytest.mark.parametrize("action, text", [
    ({"type": "play", "card": "new-clans", "place": {"cove": 2}}, "play card=new-clans place=cove:2"),
    ({"type": "draft", "keep": ["geis", "new-clans"]}, "draft keep=geis,new-clans"),
    ({"type": "move", "from": "cove", "to": "valley", "clans": 2}, "move clans=2 from=cove to=valley"),
    ({"type": "play", "card": "citadel", "territory": None}, "play card=citadel territory=-"),
    ({"type": "peace", "accept": True}, "peace accept=true"),
    ({"type": "pass"}, "pass"),
    ({"type": "play", "card": "the-morrigan", "flip": False, "clash": None, "instigator": None},
     "play card=the-morrigan clash=- flip=false instigator=-"),
    ({"type": "play", "card": "new-alliance", "replace": {"territory": "cove", "player": "bob"}},
     "play card=new-alliance replace=player:bob,territory:cove"),
    ({"type": "play", "card": "the-other-world", "territory": "cove", "place": 1, "remove": {"bob": 1}},
     "play card=the-other-world place=1 remove=bob:1 territory=cove"),
    ({"type": "play", "card": "misty-lands", "discard": ["bard", "geis"]}, "play card=misty-lands discard=bard,geis"),
    ({"type": "play", "card": "deirdres-beauty", "remove": "cove"}, "play card=deirdres-beauty remove=cove"),
    ({"type": "lose-clan", "save": "diarmuid-and-grainne", "territory": "cove"},
     "lose-clan save=diarmuid-and-grainne territory=cove"),
    ({"type": "place-territory", "cell": "1,-1"}, "place-territory cell=1,-1"),
])
def test_action_text_and_back(action, text):
    assert GAME.action_text(action) == text
    assert GAME.parse_action(text) == action


def test_every_legal_action_of_a_game_reads_back_from_its_text():
    state = season_start()
    for _ in range(120):
        if GAME.is_over(state):
            break
        player = GAME.to_act(state)[0]
        for action in legal(state, player):
            assert GAME.parse_action(GAME.action_text(action)) == action, action
            assert GAME.describe_action(action, player)
        state = act(state, player, GAME.timeout_action(state, player))


def test_describe_action_for_others_hides_the_cards():
    assert GAME.describe_action({"type": "draft", "keep": ["geis"]}, "ann") == "Keep Geis"
    assert GAME.describe_action({"type": "draft", "keep": ["geis"]}, "ann", for_others=True) == "Keep Action cards"
    assert "CathBad" in GAME.describe_action({"type": "play", "card": "cathbads-word", "set_aside": "geis"}, "ann",
                                             for_others=True)
    assert "Geis" not in GAME.describe_action({"type": "play", "card": "cathbads-word", "set_aside": "geis"}, "ann",
                                              for_others=True)
    assert GAME.describe_action({"type": "standing", "rules": []}, "ann", for_others=True) == \
        "ann changed their standing rules"


@pytest.mark.parametrize("text", ["", "play card", "move clans=x from=a to=b", "peace accept=maybe",
                                  "standing rules=[oops"])
def test_text_that_is_no_action_is_refused(text):
    with pytest.raises(IllegalAction):
        GAME.parse_action(text)


# --- refusals ----------------------------------------------------------------------------------------

def test_refusals_are_one_sentence_with_a_message_id():
    state = turn_of("ann", hands={"ann": ["new-clans"], "bob": [], "cat": []},
                    clans={"valley": {"ann": 2}})
    cases = [
        ("bob", {"type": "pass"}, "inis.not-your-move"),
        ("dan", {"type": "pass"}, "inis.not-playing"),
        ("ann", {"type": "draft", "keep": ["geis"]}, "inis.wrong-step"),
        ("ann", {"type": "play", "card": "geis"}, "inis.card-not-playable"),
        ("ann", {"type": "play", "card": "new-clans", "place": {"cove": 2}}, "inis.play-not-allowed"),
        ("ann", {"type": "play", "card": "new-clans", "place": {"valley": 2}, "extra": 1}, "inis.play-not-allowed"),
        ("ann", {"kind": "pass"}, "inis.no-type"),
        ("ann", {"type": "standing"}, "inis.standing-keys"),
    ]
    for player, action, code in cases:
        with pytest.raises(IllegalAction) as refusal:
            GAME.apply(state, player, action)
        message = str(refusal.value)
        assert refusal.value.code == code, (action, refusal.value.code)
        assert message.endswith(".") and "\n" not in message


def test_keys_in_any_order_and_keep_lists_in_any_order_are_accepted():
    state = new_game()
    state = by_timeouts(state, lambda s: step(s) == "draft")
    step2 = state
    chosen = legal(step2, "ann")[0]
    state = GAME.apply(state, "ann", {"keep": list(reversed(chosen["keep"])), "type": "draft"})
    assert view(state)["draft"]["submitted"] == ["ann"]
    with pytest.raises(IllegalAction):
        GAME.apply(step2, "ann", {"type": "draft", "keep": chosen["keep"] + chosen["keep"]})


def test_the_game_over_refuses_everything():
    from inis_helpers import assembly_of, clear_board, set_clans, add_territory

    def edit(board):
        for territory, cell in [("hills", "1,-1"), ("moor", "-1,1"), ("forest", "1,1")]:
            add_territory(board, territory, cell)
        clear_board(board)
        for territory in board["terr"]:
            set_clans(board, territory, {"ann": 1})
        board["pretenders"] = ["ann"]
    state = assembly_of(edit)
    assert GAME.is_over(state) and GAME.to_act(state) == []
    for action in ({"type": "pass"}, {"type": "standing", "rules": []}, {"type": "standing", "plan": []}):
        with pytest.raises(IllegalAction, match="over"):
            GAME.apply(state, "ann", action)
