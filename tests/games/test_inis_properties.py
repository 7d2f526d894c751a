"""Property tests over random legal Inis games with 2, 3 and 4 players: bots and random players,
standing rules and time-outs mixed in (issue 13, "How it must be shown to work")."""
from __future__ import annotations

import random
from typing import Iterator

import orjson
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine_checks import check_refused_exactly_when_not_legal
from inis_helpers import GAME, accounted, position, set_hand, view
from json_support import as_json, json_round_trip
from tain.games.inis.bots import InisBot
from tain.games.inis.catalogue import card_type

MAX_MOVES = 8000
FAST = settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
COUNTS = pytest.mark.parametrize("count", [2, 3, 4])
NAMES = ["ann", "bob", "cat", "dan"]
RULES = [
    [{"window": "announced", "then": {"play": "geis"}}],
    [{"window": "announced", "then": "ask"}],
    [{"window": "clan-removed", "then": {"play": "the-dagdas-club"}}, {"window": "turn-end", "then": "ask"}],
    [{"window": "season-turn", "when": {"my_action_cards": 0}, "then": "pass"}],
    [{"window": "resolved", "then": "decline"}, {"window": "after-maneuver", "then": {"play": "bard"}, "once": True}],
    [],
]


@st.composite
def tables(draw, count: int) -> dict:
    """A table of bots and random players (at least one bot, whose wins keep games short; the
    engine contract test plays all-random games)."""
    bots = draw(st.lists(st.booleans(), min_size=count, max_size=count).filter(any))
    return {"seed": draw(st.integers(0, 2**32)), "players": NAMES[:count], "bots": bots,
            "timeouts": draw(st.sampled_from((0.0, 0.1, 0.3))), "rules": draw(st.sampled_from((0.0, 0.05))),
            "discovery": draw(st.booleans())}


def game(table: dict) -> Iterator[tuple[dict, str | None, dict | None]]:
    """Every (state, player, action) of one game; the last state comes with (None, None)."""
    rng = random.Random(table["seed"])
    bots = {p: InisBot(table["seed"] + i) for i, p in enumerate(table["players"]) if table["bots"][i]}
    state = GAME.setup(table["players"], seed=table["seed"], options={"discovery": table["discovery"]})
    for _ in range(MAX_MOVES):
        if GAME.is_over(state):
            yield state, None, None
            return
        if rng.random() < table["rules"]:
            player = rng.choice(table["players"])
            rules = bots[player].standing(view(state, player)) if player in bots else rng.choice(RULES)
            action = {"type": "standing", "rules": rules}
        else:
            player = rng.choice(GAME.to_act(state))
            legal = GAME.legal_actions(state, player)
            if rng.random() < table["timeouts"]:
                # a deadline: everything it does (a Season turn: the pass rule, then the pass)
                *before, action = GAME.timeout_actions(state, player, bots.get(player))
                for earlier in before:
                    yield state, player, earlier
                    state = GAME.apply(state, player, earlier)
            elif player in bots:
                action = bots[player].choose(view(state, player), legal)
            else:
                action = rng.choice(legal)
        yield state, player, action
        state = GAME.apply(state, player, action)
    raise AssertionError(f"the game did not end within {MAX_MOVES} actions")


@COUNTS
@FAST
@given(data=st.data())
def test_clans_and_cards_accounted_json_purity_and_the_end(count, data):
    table = data.draw(tables(count))
    moves = 0
    for state, player, action in game(table):
        accounted(state)
        text = as_json(state)
        assert orjson.loads(text) == state
        as_json(view(state, None))
        if player is None:
            assert GAME.winners(state) and GAME.to_act(state) == []
            break
        for other in table["players"]:
            assert bool(GAME.legal_actions(state, other)) == (other in GAME.to_act(state))
        after = GAME.apply(state, player, action)
        assert as_json(state) == text  # apply never changes its input, not even an order of keys
        if moves % 11 == 0:  # a store that sorts keys (PostgreSQL's JSONB) gives the same game back
            assert GAME.apply(json_round_trip(state, sort_keys=True), player, action) == after
        moves += 1
    assert moves > 0


@COUNTS
@FAST
@given(data=st.data())
def test_same_seed_and_actions_give_the_same_states_also_from_json(count, data):
    table = data.draw(tables(count))
    played, final = [], None
    for final, player, action in game(table):
        if player is not None:
            played.append((player, action))
    state = GAME.setup(table["players"], seed=table["seed"], options={"discovery": table["discovery"]})
    for player, action in played:
        state = GAME.apply(json_round_trip(state), player, json_round_trip(action))  # no shortcut
    assert state == final


@COUNTS
@FAST
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_an_action_is_refused_exactly_when_it_is_not_listed(count, data, rng):
    table = data.draw(tables(count))
    for index, (state, player, action) in enumerate(game(table)):
        if player is None or index % 7 or action["type"] == "standing":  # standing: the documented exception
            continue
        candidates = [action, {"type": "pass"}, {"type": "decline"}, {"type": "done"}, {"type": "end-clash"},
                      {"type": "play", "card": "geis"}, {"type": "play", "card": "new-clans", "place": {"cove": 2}},
                      {"type": "attack", "target": rng.choice(NAMES)}, {"type": "draft", "keep": ["bard"]},
                      dict(action, extra=1), {"type": "shelter", "clans": 9}, "pass", None]
        for other in table["players"] + ["nobody"]:
            check_refused_exactly_when_not_legal(GAME, state, other, rng.choice(candidates))


def _hidden_twin(state: dict, keeper: str, rng: random.Random) -> dict | None:
    """The same game but for one hidden card of `keeper`: an Action card or Epic Tale of his hand
    swapped with one nobody else may know (the Action discard, the Epic Tale deck)."""
    board = state["base"]
    held = [c for kind in ("action", "epic") for c in board["hands"][keeper][kind]]
    if not held:
        return None
    card = rng.choice(held)
    pile = board["action_discard"] if card_type(card) == "action" else board["epic_deck"]
    if not pile:
        return None
    other = rng.choice(pile)

    def swap(b: dict) -> None:
        set_hand(b, keeper, [c for c in b["hands"][keeper]["action"] + b["hands"][keeper]["advantage"]
                             + b["hands"][keeper]["epic"] if c != card] + [other])
        target = b["action_discard"] if card_type(card) == "action" else b["epic_deck"]
        target.remove(card) if card in target else None
        target.append(card)
    return position(state, swap)


@COUNTS
@FAST
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_hidden_information_two_games_differing_in_one_hand_look_the_same_to_everyone_else(count, data, rng):
    table = data.draw(tables(count))
    checked = 0
    for state, player, _ in game(table):
        if player is None or state["log"] or view(state)["step"] != "turn" or checked >= 6:
            continue
        keeper = rng.choice([p for p in table["players"] if p not in GAME.to_act(state)] or table["players"])
        twin, same = _hidden_twin(state, keeper, rng), position(state, lambda b: None)
        if twin is None:
            continue
        assert same == position(state, lambda b: None)
        checked += 1
        for viewer in [p for p in table["players"] if p != keeper] + [None]:
            assert view(twin, viewer) == view(same, viewer), viewer
            if viewer is not None:
                assert GAME.legal_actions(twin, viewer) == GAME.legal_actions(same, viewer)
        assert GAME.to_act(twin) == GAME.to_act(same)


@COUNTS
@FAST
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_hidden_information_a_draft_choice_or_a_standing_rule_changes_nothing_for_the_others(count, data, rng):
    table = data.draw(tables(count))
    for state, player, _ in game(table):
        if player is None:
            return
        step = view(state)["step"]
        if step == "draft" and len(GAME.to_act(state)) > 1:
            chooser = rng.choice(GAME.to_act(state))
            options = [a for a in GAME.legal_actions(state, chooser) if a["type"] == "draft"]  # not Moor
            if len(options) < 2:
                continue
            first, second = (GAME.apply(state, chooser, a) for a in rng.sample(options, 2))
            for viewer in [p for p in table["players"] if p != chooser] + [None]:
                assert view(first, viewer) == view(second, viewer)
                if viewer:
                    assert GAME.legal_actions(first, viewer) == GAME.legal_actions(second, viewer)
            assert GAME.to_act(first) == GAME.to_act(second)
            return
        if step == "turn":
            keeper = rng.choice(table["players"])
            declines = {"type": "standing", "rules": [{"window": "announced", "then": "decline"}]}
            plays = {"type": "standing", "rules": [{"window": "announced", "then": {"play": "the-dagda"}}]}
            first, second = GAME.apply(state, keeper, declines), GAME.apply(state, keeper, plays)
            for viewer in [p for p in table["players"] if p != keeper] + [None]:
                assert view(first, viewer) == view(second, viewer)


def _same_to_others(first: dict, second: dict, keeper: str, players: list[str]) -> None:
    for viewer in [p for p in players if p != keeper] + [None]:
        assert view(first, viewer) == view(second, viewer), viewer
        if viewer is not None:
            assert GAME.legal_actions(first, viewer) == GAME.legal_actions(second, viewer)
    assert GAME.to_act(first) == GAME.to_act(second)


@COUNTS
@FAST
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_hidden_information_twin_rules_look_the_same_to_the_others_as_the_games_go_on(count, data, rng):
    """Two games in which one player keeps different standing rules that ask nobody (the same
    cards declined, or played by rule) look the same to everyone else, move after move, until
    one of his rules makes a play (which everyone sees)."""
    table = data.draw(tables(count))
    players = table["players"]
    keeper = rng.choice(players)
    triskels = ["geis", "the-dagda", "lug-samildanach", "oenguss-ploy", "lugs-spear", "battle-frenzy",
                "the-dagdas-club", "diarmuid-and-grainne", "dagdas-cauldron", "cathbads-word", "bard", "warlord",
                "raid", "strengs-resolve", "master-craftsman"]
    windows = ["announced", "resolved", "turn-end", "clash-start", "citadels-end", "after-maneuver",
               "clan-removed", "assembly-start"]
    declines = [{"window": w, "then": "decline"} for w in windows]
    plays = rng.sample([{"window": w, "then": {"play": card}} for w in windows for card in triskels], 50)
    checked = 0
    for index, (state, player, _) in enumerate(game(dict(table, rules=0.0))):
        if player is None or checked >= 200:
            break
        if index % 5 or view(state)["step"] != "turn":
            continue
        first = GAME.apply(state, keeper, {"type": "standing", "rules": declines})
        second = GAME.apply(state, keeper, {"type": "standing", "rules": plays})
        for _ in range(60):
            _same_to_others(first, second, keeper, players)
            checked += 1
            if GAME.is_over(first):
                break
            mover = rng.choice(GAME.to_act(first))
            action = rng.choice(GAME.legal_actions(first, mover))
            if mover == keeper and action not in GAME.legal_actions(second, mover):
                break
            first, second = GAME.apply(first, mover, action), GAME.apply(second, mover, action)
            if view(first, keeper)["hand"] != view(second, keeper)["hand"]:
                break  # a rule of his played a card: public from now on
    assert checked
