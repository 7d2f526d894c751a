"""Every line of the outcome table (rulebook "Clan household raid", R9, R11) and
the foreign kingdom (R10), played through the public interface: ann scouts
bob's board, bob guards it, everyone passes, and the report and the clans tell
what happened."""
from __future__ import annotations

import pytest

from tain_helpers import (
    GAME, clan, edit_cows, entrance_report, last_report, new_game, own, pass_to_reveal, play, play_turn,
)


def raid_bob(scout: str, guard: str | None, entrance: str = "pasture-1") -> dict:
    """ann scouts bob's `entrance` with `scout`; bob guards it with `guard` (or leaves it open)."""
    steps = [("ann", f"scout {scout} {entrance} bob")]
    if guard is not None:
        steps.append(("bob", f"guard {guard} {entrance}"))
    return play_turn(new_game(), steps)


SUCCESS, REPELLED = "success", "repelled"

OUTCOME_TABLE = [
    # scout, guard, result
    ("boy", None, SUCCESS),
    ("warrior", None, SUCCESS),
    ("chieftain", None, SUCCESS),
    ("boy", "bluff", SUCCESS),
    ("warrior", "bluff", SUCCESS),
    ("chieftain", "bluff", SUCCESS),
    ("boy", "boy", REPELLED),
    ("warrior", "warrior", REPELLED),
    ("chieftain", "chieftain", REPELLED),
    ("boy", "chieftain", REPELLED),
    ("boy", "daughter", REPELLED),
    ("warrior", "boy", SUCCESS),
    ("warrior", "chieftain", REPELLED),
    ("chieftain", "boy", SUCCESS),
    ("chieftain", "warrior", SUCCESS),
    ("chieftain", "daughter", REPELLED),
]


@pytest.mark.parametrize("scout, guard, result", OUTCOME_TABLE)
def test_pasture_outcome_table(scout, guard, result):
    state = raid_bob(scout, guard, "pasture-2")
    entry = entrance_report(state, "bob", "pasture-2")
    assert entry["result"] == result
    assert entry["scout"] == {"player": "ann", "token": scout}
    assert entry["guard"] == guard
    won = result == SUCCESS
    assert entry["spoils"] == ("cow" if won else None)
    assert (clan(state, "ann")["cows"], clan(state, "bob")["cows"]) == ((6, 4) if won else (5, 5))
    assert (clan(state, "ann")["jewels"], clan(state, "bob")["jewels"]) == (3, 3)
    # nobody is captured: both tokens go to their owners' discard piles (R14)
    assert own(state, "ann", "discard")[scout] == 1
    if guard is not None:
        assert own(state, "bob", "discard")[guard] == 1
    assert clan(state, "ann")["captives"] == clan(state, "bob")["captives"] == []


@pytest.mark.parametrize("scout, guard, result", OUTCOME_TABLE)
def test_house_outcome_table(scout, guard, result):
    state = raid_bob(scout, guard, "house-1")
    entry = entrance_report(state, "bob", "house-1")
    assert entry["result"] == result
    won = result == SUCCESS
    assert entry["spoils"] == ("jewel" if won else None)
    assert (clan(state, "ann")["jewels"], clan(state, "bob")["jewels"]) == ((4, 2) if won else (3, 3))
    assert (clan(state, "ann")["cows"], clan(state, "bob")["cows"]) == (5, 5)


@pytest.mark.parametrize("entrance", ["pasture-3", "house-2"])
def test_boy_scouting_a_warrior_is_captured_into_the_owners_house_not_discarded(entrance):
    state = raid_bob("boy", "warrior", entrance)
    entry = entrance_report(state, "bob", entrance)
    assert (entry["result"], entry["spoils"]) == ("captured", None)
    assert clan(state, "bob")["captives"] == [{"owner": "ann", "token": "boy"}]
    assert own(state, "ann", "discard")["boy"] == 0
    assert own(state, "ann", "screen")["boy"] == 5
    assert own(state, "bob", "discard")["warrior"] == 1  # the guard itself is discarded
    assert (clan(state, "ann")["cows"], clan(state, "bob")["cows"]) == (5, 5)
    assert (clan(state, "ann")["jewels"], clan(state, "bob")["jewels"]) == (3, 3)
    assert "captured" in " ".join(last_report(state)["lines"])


@pytest.mark.parametrize("entrance", ["pasture-1", "house-1"])
def test_warrior_scouting_the_daughter_kidnaps_her_into_the_warriors_owners_house(entrance):
    state = raid_bob("warrior", "daughter", entrance)
    entry = entrance_report(state, "bob", entrance)
    assert (entry["result"], entry["spoils"]) == ("kidnapped", None)
    assert clan(state, "ann")["captives"] == [{"owner": "bob", "token": "daughter"}]
    assert clan(state, "bob")["captives"] == []
    assert own(state, "bob", "discard")["daughter"] == 0
    assert own(state, "bob", "screen")["daughter"] == 0
    assert own(state, "ann", "discard")["warrior"] == 1
    assert (clan(state, "ann")["cows"], clan(state, "ann")["jewels"]) == (5, 3)
    assert (clan(state, "bob")["cows"], clan(state, "bob")["jewels"]) == (5, 3)


@pytest.mark.parametrize("guard", [None, "boy", "warrior", "chieftain", "daughter", "bluff"])
@pytest.mark.parametrize("entrance", ["pasture-1", "house-2"])
def test_bluff_scout_does_nothing_and_goes_to_the_discard(guard, entrance):
    state = raid_bob("bluff", guard, entrance)
    entry = entrance_report(state, "bob", entrance)
    assert (entry["result"], entry["spoils"]) == ("bluff", None)
    for player in ("ann", "bob"):
        assert (clan(state, player)["cows"], clan(state, player)["jewels"], clan(state, player)["captives"]) == (5, 3, [])
    assert own(state, "ann", "discard")["bluff"] == 1


def test_guard_that_nobody_scouted_goes_back_to_the_discard_with_no_result():
    state = play_turn(new_game(), [("ann", "pass"), ("bob", "guard daughter house-1")])
    entry = entrance_report(state, "bob", "house-1")
    assert (entry["guard"], entry["scout"], entry["result"]) == ("daughter", None, None)
    assert own(state, "bob", "discard")["daughter"] == 1


def test_reveal_shows_every_token_to_everyone_in_the_report():
    state = raid_bob("warrior", "boy", "house-1")
    for viewer in ("ann", "bob", None):
        entry = [e for e in GAME.view(state, viewer)["reports"][-1]["entrances"] if e["entrance"] == "house-1"][0]
        assert entry["guard"] == "boy" and entry["scout"] == {"player": "ann", "token": "warrior"}


# ----- R10: the foreign kingdom ---------------------------------------------------------------

def raid_kingdom(ann_token: str | None, bob_token: str | None, state: dict | None = None) -> dict:
    state = state or new_game()
    steps = [("ann", f"raid {ann_token}" if ann_token else "pass")]
    if bob_token:
        steps.append(("bob", f"raid {bob_token}"))
    return play_turn(state, steps)


@pytest.mark.parametrize("ann_token, bob_token, ann_cows, bob_cows", [
    ("chieftain", None, 6, 5),
    ("warrior", None, 6, 5),
    ("bluff", None, 5, 5),
    ("warrior", "warrior", 6, 6),
    ("chieftain", "chieftain", 6, 6),
    ("warrior", "chieftain", 5, 6),
    ("chieftain", "warrior", 6, 5),
    ("bluff", "warrior", 5, 6),
    ("bluff", "bluff", 5, 5),
])
def test_foreign_kingdom_outcomes(ann_token, bob_token, ann_cows, bob_cows):
    state = raid_kingdom(ann_token, bob_token)
    assert (clan(state, "ann")["cows"], clan(state, "bob")["cows"]) == (ann_cows, bob_cows)
    view = GAME.view(state, None)
    assert view["kingdom"]["cows"] == 25 - ann_cows - bob_cows
    assert view["kingdom"]["raiders"] == []  # the kingdom is cleared for the next turn
    assert own(state, "ann", "discard")[ann_token] == 1  # raiders go to the discard (R14)
    results = {r["player"]: r["result"] for r in last_report(state)["kingdom"]}
    assert results["ann"] == ("bluff" if ann_token == "bluff" else "cow" if ann_cows == 6 else "beaten")


def test_warrior_beaten_by_a_chieftain_is_reported_as_beaten():
    state = raid_kingdom("warrior", "chieftain")
    assert {r["player"]: r["result"] for r in last_report(state)["kingdom"]} == {"ann": "beaten", "bob": "cow"}


def test_kingdom_can_be_raided_when_it_has_no_cows_left():
    state = edit_cows(new_game(("ann", "bob", "cat", "dan")), "ann", 10)  # 25 - 4 x 5 - 5 = 0 left
    assert GAME.view(state, None)["kingdom"]["cows"] == 0
    state = play_turn(state, [("ann", "raid warrior")])
    assert clan(state, "ann")["cows"] == 10
    assert last_report(state)["kingdom"] == [{"player": "ann", "token": "warrior", "result": "no cow left"}]
    assert own(state, "ann", "discard")["warrior"] == 1


def three_raiders_for_one_cow(active: str, raiders: list[str]) -> dict:
    """ann, bob, cat; the kingdom holds one cow; `raiders` send warriors, the one nearer
    the active player placing last (so the order of placement cannot decide)."""
    state = new_game(("ann", "bob", "cat"), first=active)
    for player in ("ann", "bob", "cat"):
        state = edit_cows(state, player, 8)  # 25 - 24 = 1 cow left in the kingdom
    seats = ["ann", "bob", "cat"]
    start = seats.index(active)
    seats = seats[start:] + seats[:start]
    nearer = next(p for p in seats if p in raiders)
    first_round = [(p, "raid warrior" if p in raiders and p != nearer else "guard bluff pasture-1") for p in seats]
    second_round = [(p, "raid warrior" if p == nearer else "guard bluff pasture-2") for p in seats]
    state = play(state, first_round + second_round)
    assert [r["player"] for r in GAME.view(state, None)["kingdom"]["raiders"]] == [p for p in raiders if p != nearer] + [nearer]
    return pass_to_reveal(state)


@pytest.mark.parametrize("active, raiders, lucky", [
    ("ann", ["ann", "cat"], "ann"),  # the active player first
    ("cat", ["ann", "cat"], "cat"),
    ("ann", ["bob", "cat"], "bob"),  # nearer to the active player's left
    ("bob", ["ann", "cat"], "cat"),  # turn order wraps around: bob, cat, ann
    ("cat", ["ann", "bob"], "ann"),
])
def test_last_kingdom_cow_goes_to_the_raider_nearest_the_active_player(active, raiders, lucky):
    state = three_raiders_for_one_cow(active, raiders)
    for player in raiders:
        assert clan(state, player)["cows"] == (9 if player == lucky else 8)
    results = {r["player"]: r["result"] for r in last_report(state)["kingdom"]}
    assert results == {p: ("cow" if p == lucky else "no cow left") for p in raiders}
    assert GAME.view(state, None)["kingdom"]["cows"] == 0


# ----- R11: boards in order from the active player ------------------------------------------------

def test_boards_are_resolved_from_the_active_player_to_the_left():
    state = new_game(("ann", "bob", "cat"), first="bob")
    state = play_turn(state, [
        ("bob", "scout boy pasture-1 cat"),
        ("cat", "scout boy pasture-1 ann"),
        ("ann", "scout boy pasture-1 bob"),
    ])
    report = last_report(state)
    assert report["active_player"] == "bob"
    assert [entry["board"] for entry in report["entrances"]] == ["bob", "cat", "ann"]
    assert [line.split("'s ")[0] for line in report["lines"]] == ["bob", "cat", "ann"]


# ----- the rulebook's worked examples -------------------------------------------------------------

def test_rulebook_placement_example_patrick_brigitte_arthur():
    state = new_game(("Patrick", "Brigitte", "Arthur"), first="Patrick")
    state = play(state, [
        ("Patrick", "scout boy pasture-1 Brigitte"),
        ("Brigitte", "guard warrior pasture-1"),
        ("Arthur", "raid warrior"),
    ])
    # Arthur has raided: one kingdom slot is free, but only Patrick or Brigitte may use it
    view = GAME.view(state, None)
    assert view["kingdom"]["raiders"] == [{"player": "Arthur", "token": None}]
    assert [p for p in view["players"] if view["clans"][p]["raided"]] == ["Arthur"]
    assert any(a["type"] == "raid" for a in GAME.legal_actions(state, "Patrick"))
    state = play(state, [("Patrick", "scout chieftain house-1 Arthur")])
    assert any(a["type"] == "raid" for a in GAME.legal_actions(state, "Brigitte"))
    state = play(state, [("Brigitte", "raid chieftain")])
    assert not any(a["type"] == "raid" for a in GAME.legal_actions(state, "Arthur"))
    state = play(state, [("Arthur", "scout warrior house-2 Patrick")])
    # both kingdom slots taken: Patrick cannot raid at all this turn
    assert GAME.to_act(state) == ["Patrick"]
    assert not any(a["type"] == "raid" for a in GAME.legal_actions(state, "Patrick"))
    boards = GAME.view(state, "Brigitte")["boards"]
    assert boards["Brigitte"]["pasture-1"] == {"guard": {"player": "Brigitte", "token": "warrior"},
                                               "scout": {"player": "Patrick", "token": None}}
    assert boards["Arthur"]["house-1"] == {"guard": None, "scout": {"player": "Patrick", "token": None}}
    assert boards["Patrick"]["house-2"] == {"guard": None, "scout": {"player": "Arthur", "token": None}}
    assert GAME.view(state, "Brigitte")["kingdom"]["raiders"] == [
        {"player": "Arthur", "token": None}, {"player": "Brigitte", "token": "chieftain"}]


def test_rulebook_kingdom_example_chieftain_beats_warrior():
    state = new_game(("Patrick", "Brigitte", "Arthur"), first="Arthur")
    state = play_turn(state, [("Arthur", "raid warrior"), ("Patrick", "pass"), ("Brigitte", "raid chieftain")])
    assert clan(state, "Brigitte")["cows"] == 6 and clan(state, "Arthur")["cows"] == 5
    assert own(state, "Arthur", "discard")["warrior"] == 1
    assert own(state, "Brigitte", "discard")["chieftain"] == 1


def test_rulebook_four_entrances_on_arthurs_board():
    state = new_game(("Patrick", "Brigitte", "Arthur"), first="Patrick")
    state = play_turn(state, [
        ("Patrick", "scout chieftain pasture-1 Arthur"),
        ("Brigitte", "scout warrior house-1 Arthur"),
        ("Arthur", "guard warrior pasture-2"),
        ("Patrick", "scout boy pasture-2 Arthur"),
        ("Brigitte", "scout boy pasture-3 Arthur"),
        ("Arthur", "guard boy house-1"),
        ("Patrick", "pass"),
        ("Brigitte", "pass"),
        ("Arthur", "guard boy pasture-3"),
    ])
    results = {e["entrance"]: (e["result"], e["spoils"]) for e in last_report(state)["entrances"]
               if e["board"] == "Arthur"}
    assert results == {
        "pasture-1": ("success", "cow"),       # chieftain at an unguarded entrance
        "pasture-2": ("captured", None),       # Patrick's boy meets a warrior
        "house-1": ("success", "jewel"),       # Brigitte's warrior gets past a boy
        "pasture-3": ("repelled", None),       # boy meets boy
    }
    assert clan(state, "Patrick")["cows"] == 6
    assert clan(state, "Arthur")["captives"] == [{"owner": "Patrick", "token": "boy"}]
    assert clan(state, "Brigitte")["jewels"] == 4
    assert (clan(state, "Arthur")["cows"], clan(state, "Arthur")["jewels"]) == (4, 2)
