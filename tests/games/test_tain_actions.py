"""IllegalAction: one readable sentence for each kind of bad action, and nothing
changes when apply raises. The text form of actions round-trips."""
from __future__ import annotations

import copy
import json
import random

import pytest

from tain.games import IllegalAction, SetupError
from tain_helpers import ENTRANCES, GAME, edit_screen, new_game, pass_to_reveal, play

THREE = ("ann", "bob", "cat")


def opening() -> dict:
    """ann, bob, cat; ann has scouted bob's house-1 and raided; bob is to move."""
    return play(new_game(THREE), [("ann", "scout boy house-1 bob"), ("bob", "guard boy pasture-1"),
                                  ("cat", "pass"), ("ann", "raid warrior")])


def over() -> dict:
    state = new_game()
    while not GAME.is_over(state):
        state = pass_to_reveal(state)
    return state


BAD_ACTIONS = [
    # (state builder, player, action, exact message)
    (opening, "bob", {"type": "scout", "token": "daughter", "board": "ann", "entrance": "house-1"},
     "The chieftain's daughter never goes scouting."),
    (opening, "cat", {"type": "pass"}, "You have passed for this scouting phase."),
    (lambda: play(new_game(THREE), [("ann", "scout boy house-1 bob"), ("bob", "pass")]), "cat",
     {"type": "scout", "token": "warrior", "board": "bob", "entrance": "house-1"},
     "bob's house-1 is already being scouted."),
    (opening, "ann", {"type": "pass"}, "It is not your move; waiting for bob."),
    (over, "ann", {"type": "pass"}, "The game is over."),
    (opening, "zed", {"type": "pass"}, "'zed' is not playing in this game."),
    (opening, "bob", "pass", "An action is one of guard, scout, raid or pass."),
    (opening, "bob", None, "An action is one of guard, scout, raid or pass."),
    (opening, "bob", ["pass"], "An action is one of guard, scout, raid or pass."),
    (opening, "bob", {}, "An action is one of guard, scout, raid or pass."),
    (opening, "bob", {"type": "attack"}, "An action is one of guard, scout, raid or pass."),
    (opening, "bob", {"type": ["pass"]}, "An action is one of guard, scout, raid or pass."),
    (opening, "bob", {"type": {"pass": 1}}, "An action is one of guard, scout, raid or pass."),
    (opening, "bob", {"type": "guard", "token": "boy"}, "A guard action needs entrance."),
    (opening, "bob", {"type": "scout"}, "A scout action needs board, entrance and token."),
    (opening, "bob", {"type": "pass", "token": "boy"}, "A pass action has no token."),
    (opening, "bob", {"type": "raid", "token": "warrior", "board": "ann"}, "A raid action has no board."),
    (opening, "bob", {"type": "guard", "token": "horse", "entrance": "house-1"},
     "'horse' is not a token; tokens are the chieftain, warriors, boys, the daughter and bluffs."),
    (opening, "bob", {"type": "guard", "token": ["boy"], "entrance": "house-1"},
     "['boy'] is not a token; tokens are the chieftain, warriors, boys, the daughter and bluffs."),
    (opening, "bob", {"type": "guard", "token": "boy", "entrance": "attic"},
     "'attic' is not an entrance; entrances are pasture-1, pasture-2, pasture-3, house-1 and house-2."),
    (opening, "bob", {"type": "scout", "token": "boy", "board": "zed", "entrance": "house-1"},
     "'zed' is not a clan in this game."),
    (opening, "bob", {"type": "scout", "token": "boy", "board": ["ann"], "entrance": "house-1"},
     "['ann'] is not a clan in this game."),
    (opening, "bob", {"type": "scout", "token": "boy", "board": "bob", "entrance": "house-1"},
     "You cannot scout your own board; guard it instead."),
    (opening, "bob", {"type": "guard", "token": "boy", "entrance": "pasture-1"}, "Your pasture-1 is already guarded."),
    (opening, "bob", {"type": "raid", "token": "daughter"}, "The chieftain's daughter never goes raiding."),
    (opening, "bob", {"type": "raid", "token": "boy"},
     "A boy cannot raid the foreign kingdom; send the chieftain, a warrior or a bluff."),
    (lambda: edit_screen(opening(), "bob", {"boy": 1}), "bob", {"type": "raid", "token": "warrior"},
     "You have no warrior left behind your screen."),
]


@pytest.mark.parametrize("build, player, action, message", BAD_ACTIONS,
                         ids=[message[:40] + f"-{i}" for i, (_, _, _, message) in enumerate(BAD_ACTIONS)])
def test_illegal_action_says_why_in_one_sentence_and_changes_nothing(build, player, action, message):
    state = build()
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction) as raised:
        GAME.apply(state, player, action)
    assert str(raised.value) == message
    assert "\n" not in message and message.endswith(".") and ". " not in message
    assert state == before


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


def test_taken_kingdom_slot_and_second_raid_are_refused():
    state = play(new_game(THREE), [("ann", "raid bluff"), ("bob", "raid warrior")])
    with pytest.raises(IllegalAction, match="^Both slots of the foreign kingdom are taken.$"):
        GAME.apply(state, "cat", {"type": "raid", "token": "chieftain"})


def test_keys_in_any_order_are_accepted():
    state = new_game()
    action = {"entrance": "pasture-2", "board": "bob", "token": "boy", "type": "scout"}
    after = GAME.apply(state, "ann", action)
    assert after["boards"]["bob"]["pasture-2"]["scout"] == {"player": "ann", "token": "boy"}


# ----- the text form --------------------------------------------------------------------------

def test_text_form_round_trips_for_every_legal_action_along_random_games():
    rng = random.Random(5)
    for players in (["ann", "bob"], ["Ann Smith", "Bob  de la Cruz", "cat"], ["a", "b", "c", "d"]):
        state = GAME.setup(players, seed=rng.randrange(1000))
        seen = 0
        while not GAME.is_over(state):
            for player in GAME.to_act(state):
                for action in GAME.legal_actions(state, player):
                    assert GAME.parse_action(GAME.action_text(action)) == action
                    seen += 1
            player = rng.choice(GAME.to_act(state))
            state = GAME.apply(state, player, rng.choice(GAME.legal_actions(state, player)))
        assert seen > 1000


@pytest.mark.parametrize("text, action", [
    ("guard warrior house-1", {"type": "guard", "token": "warrior", "entrance": "house-1"}),
    ("scout boy pasture-2 Bob Smith", {"type": "scout", "token": "boy", "board": "Bob Smith", "entrance": "pasture-2"}),
    ("raid chieftain", {"type": "raid", "token": "chieftain"}),
    ("pass", {"type": "pass"}),
    ("  PASS ", {"type": "pass"}),
])
def test_text_form_examples(text, action):
    assert GAME.parse_action(text) == action


@pytest.mark.parametrize("text", ["", "dance", "pass now", "raid", "guard boy", "scout boy pasture-1"])
def test_unreadable_text_is_an_illegal_action_with_examples(text):
    with pytest.raises(IllegalAction, match="is not an action; write for example"):
        GAME.parse_action(text)


def test_describe_action_in_the_players_words():
    assert GAME.describe_action({"type": "scout", "token": "boy", "board": "bob", "entrance": "pasture-2"},
                                "ann") == "Scout bob's pasture-2 with a boy"
    assert GAME.describe_action({"type": "pass"}, "ann") == "Pass"


def test_legal_actions_are_json_and_unique():
    actions = GAME.legal_actions(new_game(("ann", "bob", "cat", "dan")), "ann")
    texts = [json.dumps(a, sort_keys=True) for a in actions]
    assert len(texts) == len(set(texts))
    assert all(a["entrance"] in ENTRANCES for a in actions if "entrance" in a)


def test_setup_refuses_names_that_begin_or_end_with_a_space():
    """The text form of a scout names the board last; surrounding spaces would be lost."""
    with pytest.raises(SetupError, match="begin or end with a space"):
        GAME.setup(["ann", "bob "], seed=1)
