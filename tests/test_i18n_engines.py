"""The engines speak no language (docs/engine.md, "Messages"): every refusal of Tàin, Tara and Inis, every
line of their reports, their stages, their moves described and what the history tells of them carry
a message id and its parameters, and the service says them in the reader's language. The JSON API
keeps the English sentence as "error", with the id as "code"."""
from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from admin_support import PASSWORD, log_in
from i18n_support import ROOT, catalogue, compile_catalogues
from support import NOW, csrf_of, token
from tain.extensions import db
from tain.games import IllegalAction, SetupError, get_game
from tain.games.base import english
from tain.messages import tell
from tain.models import Game
from tain.services import timeline
from tain.services.games import NewPlayer, create_game, engine_for
from tain.services.play import seat_snapshot, submit
from tain.wording import say, with_language

GAMES_DIR = ROOT / "tain" / "games"
ENGINE_FILES = [GAMES_DIR / "base.py", GAMES_DIR / "standing.py",
                *sorted((GAMES_DIR / "tain").glob("*.py")), *sorted((GAMES_DIR / "tara").glob("*.py"))]
CODE = re.compile(r"^(tain|tara|setup)\.[a-z0-9-]+$")
PLAYERS = {"tain": ["ann", "bob", "cat"], "tara": ["ann", "bob"]}
# Words an Italian sentence may share with the English ones: Italian words too, and what is no word.
ALSO_ITALIAN = {"a", "e", "in", "bluff", "clan", "non", "ha", "da", "di", "no"}


@pytest.fixture(autouse=True, scope="module")
def compiled_catalogues() -> None:
    compile_catalogues()


# Refusals ------------------------------------------------------------------------------------------------

def _call_name(call: ast.Call) -> str:
    return call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")


def _refusals_written(path: Path, kinds: tuple[str, ...] = ("IllegalAction",)) -> Iterator[ast.Call]:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and _call_name(node) in kinds:
            yield node


def _code_of(call: ast.Call) -> str | None:
    """The refusal's id as written: a literal, or f"{game}.<what>" (a generic module's, for each game)."""
    node = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "code"), None)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and len(node.values) == 2 and isinstance(node.values[1], ast.Constant):
        return "{game}" + node.values[1].value
    return None


def _codes_written() -> set[str]:
    codes = set()
    for path in ENGINE_FILES:
        for call in _refusals_written(path):
            code = _code_of(call)
            codes |= {code.format(game=game) for game in PLAYERS} if code and "{game}" in code else {code}
    return codes


def test_every_refusal_of_tain_and_tara_is_a_marked_sentence_with_its_id():
    bad = []
    for path in ENGINE_FILES:
        for call in _refusals_written(path, ("IllegalAction", "SetupError")):
            message = call.args[0] if call.args else None
            marked = (isinstance(message, ast.Call) and _call_name(message) == "N_"
                      and isinstance(message.args[0], ast.Constant))
            code = _code_of(call)
            if not marked or code is None or not CODE.match(code.replace("{game}", "tain")):
                bad.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert bad == []
    assert len(_codes_written()) > 50


def _junk_actions(game: str, state: dict[str, Any], players: list[str], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Actions of every wrong kind, and right ones at the wrong time, for `rng` to pick from."""
    engine = get_game(game)
    legal = [a for p in players for a in engine.legal_actions(state, p)]
    yield from rng.sample(legal, min(3, len(legal)))
    if game == "tain":
        tokens, places = ["chieftain", "warrior", "boy", "daughter", "bluff", "dragon"], [
            "pasture-1", "pasture-2", "pasture-3", "house-1", "house-2", "door"]
        for _ in range(6):
            yield rng.choice([
                {"type": "guard", "token": rng.choice(tokens), "entrance": rng.choice(places)},
                {"type": "scout", "token": rng.choice(tokens), "entrance": rng.choice(places),
                 "board": rng.choice(players + ["zed"])},
                {"type": "raid", "token": rng.choice(tokens)},
                {"type": "guard", "token": "boy"}, {"type": "raid", "token": "boy", "entrance": "house-1"},
                {"type": rng.choice(["fly", 3])}, {"type": "pass", "token": "boy"},
            ])
        move = {"type": "raid", "token": "warrior"}
    else:
        squares = ["A1", "D4", "E5", "C3", "B2", "F6", "Z9", *state["board"]]
        pairs = ["C3-C4", "D4-E4", "A2-A3", *state["bridges"]]
        for _ in range(6):
            yield rng.choice([
                {"type": "build", "square": rng.choice(squares)}, {"type": "build", "square": rng.choice(squares),
                                                                     "skip": rng.choice([True, 1])},
                {"type": "swap", "square": rng.choice(squares)}, {"type": "link", "pair": rng.choice(pairs)},
                {"type": "move-bridge", "from": rng.choice(pairs), "to": rng.choice(pairs)},
                {"type": "build"}, {"type": "fly"}, {"type": "swap", "square": "E5", "to": "F5"},
            ])
        move = {"type": "build", "square": "D4"}
    for _ in range(3):
        yield {"type": "standing", "plan": rng.choice([
            "pass", [[move]] * 41, [[]], [[move] * 9], [[{"type": "standing", "plan": []}]], [["pass"]],
            [[{"type": "fly"}]], [[{"type": move["type"]}]], [[{**move, list(move)[1]: [1]}]], [[move]]])}
    yield {"type": "standing", "plan": [], "extra": 1}


def _refusals_met(game: str, seeds: range) -> dict[str, IllegalAction]:
    """Every refusal the engine gives along games played by its bot, to wrong and ill-timed actions."""
    engine, met = get_game(game), {}

    def refused(call: Any) -> None:
        try:
            call()
        except IllegalAction as refusal:
            met.setdefault(refusal.code, refusal)

    for seed in seeds:
        rng, players = random.Random(seed), PLAYERS[game]
        state = engine.setup(players, seed, {"level": 2} if game == "tara" and seed % 2 else {})
        bot = engine.make_bot(seed)
        while True:
            for action in _junk_actions(game, state, players, rng):
                refused(lambda: engine.apply(state, rng.choice(players + ["nobody"]), action))
            refused(lambda: engine.parse_action(rng.choice(["fly away", "standing [1]", "standing nonsense"])))
            refused(lambda: engine.view(state, "nobody"))
            if engine.is_over(state):
                break
            player = engine.to_act(state)[0]
            state = engine.apply(state, player, bot.choose(engine.view(state, player), engine.legal_actions(state, player)))
    return met


@pytest.mark.parametrize("game", ["tain", "tara"])
def test_every_refusal_met_is_english_with_its_id_and_in_the_italian_catalogue(app, game):
    met = _refusals_met(game, range(8))
    written = {code for code in _codes_written() if code.startswith(game + ".")}
    assert written - set(met) == set()  # the games above met every refusal the engine can give
    italian = catalogue("it")
    for code, refusal in met.items():
        assert str(refusal) == english(refusal.message, refusal.params)
        entry = italian.get(refusal.message)
        assert entry is not None and entry.string, (code, refusal.message)
        with with_language("it"):
            assert say(refusal) == entry.string % _said_params(game, refusal.params) != str(refusal), code


def _said_params(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """A refusal's parameters as its Italian sentence holds them: the game's words among them in Italian."""
    with with_language("it"):
        return {name: tell({"id": f"{game}.word", "msgid": f"%({name})s", "params": {name: value}, "text": ""})
                for name, value in params.items()}


def test_the_api_s_error_stays_english_with_its_id_for_an_italian_seat(client, ctx):
    game = create_game("tain", [NewPlayer("Ann", "ann@example.org", language="it"),
                                NewPlayer("Bob", "bob@example.org", language="it")], now=NOW, seed=3, first_player="Ann")
    link = f"/api/v1/play/{token(game, 'Ann')}"
    answer = client.post(link, json={"action": {"type": "scout", "token": "daughter", "board": "Bob",
                                                "entrance": "house-1"}}, headers={"Accept-Language": "it"})
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "The chieftain's daughter never goes scouting.", "code": "tain.daughter-scouts"}
    answer = client.post(f"/api/v1/play/{token(game, 'Bob')}", json={"action": {"type": "pass"}})
    assert answer.status_code == 409 and answer.get_json()["code"] == "not-your-move"


def test_a_refusal_on_a_page_is_in_the_reader_s_language(app):
    refusal = IllegalAction("Your %(entrance)s is already guarded.", "tain.guarded", entrance="house-2")
    with with_language("it"):
        italian = say(refusal)
    assert str(refusal) == "Your house-2 is already guarded." and "casa del capo 2" in italian
    with with_language("en"):
        assert say(refusal) == str(refusal)


# What the views say ----------------------------------------------------------------------------------------

def _played(game: str, seed: int) -> Iterator[tuple[dict[str, Any], str]]:
    """Each state of a game the engine's bot plays, with the player to act (None at the end)."""
    engine = get_game(game)
    state = engine.setup(PLAYERS[game], seed, {"level": 2} if game == "tara" else {})
    bot = engine.make_bot(seed)
    while not engine.is_over(state):
        player = engine.to_act(state)[0]
        yield state, player
        state = engine.apply(state, player, bot.choose(engine.view(state, player), engine.legal_actions(state, player)))
    yield state, None


def _words(text: str) -> set[str]:
    """The words of `text`, a hole's column letter ("D4") aside."""
    return {word for word in re.findall(r"[^\W\d_]+", text.lower()) if len(word) > 1}


def _english_left(messages: list[dict[str, Any]], names: list[str]) -> tuple[set[str], list[str]]:
    """The English words of `messages` found in their Italian (names aside), and those said as in English."""
    english = set().union(*(_words(m["text"]) for m in messages)) - ALSO_ITALIAN - set(names)
    left, unchanged = set(), []
    with with_language("it"):
        for message in messages:
            italian = tell(message)
            left |= _words(italian) & english
            if italian == message["text"]:
                unchanged.append(italian)
    return left, unchanged


@pytest.mark.parametrize("game", ["tain", "tara"])
def test_reports_and_stages_are_said_in_italian(app, game):
    engine, messages, reports = get_game(game), [], 0
    for seed in (1, 2):
        for state, player in _played(game, seed):
            view = engine.view(state, player)
            assert {"short", "long", "messages"} <= set(view["stage"])
            assert [view["stage"]["messages"][k]["text"] for k in ("short", "long")] == [view["stage"]["short"],
                                                                                         view["stage"]["long"]]
            messages += view["stage"]["messages"].values()
        for report in view["reports"]:
            said = report["messages"]
            assert [m["text"] for m in said["lines"]] == report["lines"]
            assert said["title"]["text"] == report["title"] and said["headline"]["text"] == report["headline"]
            messages += [said["title"], said["headline"], *said["lines"]]
            reports += 1
    assert reports >= 2 and all(CODE.match(m["id"]) for m in messages)
    assert _english_left(messages, PLAYERS[game]) == (set(), [])


@pytest.mark.parametrize("game", ["tain", "tara"])
def test_moves_described_are_said_in_italian(app, game):
    engine, messages = get_game(game), []
    for state, player in _played(game, 3):
        if player is not None:
            for action in engine.legal_actions(state, player):
                mine = engine.describe_action_message(action, player)
                assert mine["text"] == engine.describe_action(action, player)
                messages += [mine, engine.describe_action_message(action, player, for_others=True)]
    plans = [{"type": "standing", "plan": plan} for plan in ([], [[{"type": "pass"}]], [[{"type": "pass"}]] * 3)]
    messages += [engine.describe_action_message(plan, "ann", for_others) for plan in plans for for_others in (0, 1)]
    assert _english_left(messages, PLAYERS[game]) == (set(), [])


def test_words_among_the_parameters_are_the_game_s_own():
    engine = get_game("tain")
    said = engine.describe_action_message({"type": "guard", "token": "chieftain", "entrance": "house-1"}, "ann")
    assert said["params"] == {"entrance": "house-1", "a_token": "chieftain"}
    assert said["text"] == "Guard your house-1 with your chieftain"


def test_a_view_without_messages_is_told_in_its_own_english(app):
    report = {"title": "The raids of turn 1", "lines": ["Foreign kingdom: ann's warrior takes a cow."]}
    with with_language("it"):
        assert tell(report, "title") == "The raids of turn 1" and tell(report, "lines") == report["lines"]
        assert tell({"id": "inis.x", "params": {}, "text": "An engine's own English."}) == "An engine's own English."


def test_tara_s_options_are_said_in_italian(app):
    with with_language("it"):
        for label, choices in get_game("tara").option_choices.values():
            assert say(label) != label and all(say(words) != words for _, words in choices)


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def test_an_italian_admin_reads_the_stage_and_the_log_in_italian(client, ctx):
    game = create_game("tain", [NewPlayer(n, f"{n.lower()}@example.org") for n in ("Ann", "Bob")], now=NOW, seed=3,
                       first_player="Ann")
    submit(game.seat_named("Ann"), {"type": "scout", "token": "boy", "board": "Bob", "entrance": "house-1"}, now=NOW)
    log_in(client)
    client.post("/admin/settings", data={"csrf_token": csrf_of(client.get("/admin/settings").text),
                                         "language": "it", "time_zone": "Europe/Rome"})
    listing, page = client.get("/admin/").text, client.get(f"/admin/games/{game.id}").text
    assert "turno 1 di 8, esplorazione" in listing and "Turno 1 di 8, esplorazione" in page
    assert "Ann esplora la casa del capo 1 di Bob" in page and "scouts" not in page and "scouting" not in listing


# What the history tells ------------------------------------------------------------------------------------

def _history_said(game: Game, name: str) -> list[str]:
    engine = engine_for(game)
    with with_language("it"):
        return [say(event.text) for event in timeline.history(game, engine, name) if event.kind != "report"]


@pytest.mark.parametrize("game_name", ["tain", "tara"])
def test_the_history_is_told_in_italian(ctx, game_name):
    names = ["Ann", "Bob", "Cat"] if game_name == "tain" else ["Ann", "Bob"]
    game = create_game(game_name, [NewPlayer(n, f"{n.lower()}@example.org", language="it") for n in names],
                       now=NOW, seed=5, first_player="Ann")
    engine, bot = engine_for(game), engine_for(game).make_bot(5)
    submit(game.seat_named("Bob"), {"type": "standing", "plan": []}, now=NOW)
    for _ in range(40 if game_name == "tain" else 60):
        db.session.expire_all()
        game = db.session.get(Game, game.id)
        if engine.is_over(game.state):
            break
        name = engine.to_act(game.state)[0]
        snapshot = seat_snapshot(game.seat_named(name))
        submit(game.seat_named(name), bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
    game = db.session.get(Game, game.id)
    english = set()
    for name in names:
        events = timeline.history(game, engine, name)
        english |= set().union(*(_words(str(event.text)) for event in events))
        said = _history_said(game, name)
        assert len(said) > 10 and all(said)
        unchanged = [text for text, event in zip(said, [e for e in events if e.kind != "report"])
                     if text == str(event.text)]
        assert unchanged == []
    english -= ALSO_ITALIAN | {n.lower() for n in names}
    left = set().union(*(_words(text) for name in names for text in _history_said(game, name))) & english
    assert left == set()


# Inis ------------------------------------------------------------------------------------------------------
# Inis's sentences are built of parts: a move's details, a list of cards, who is waiting are messages
# inside its messages (tain/games/inis/words.py), each said in the reader's language.

INIS_FILES = sorted((GAMES_DIR / "inis").glob("*.py"))
INIS_PLAYERS = {2: ["ann", "bob"], 3: ["ann", "bob", "cat"], 4: ["ann", "bob", "cat", "dan"]}
# Words an Italian Inis sentence keeps: the game's names (Brenn, Geis, the tales' heroes), its words
# that Italian shares (clan, round, draft, Triskel), and the text form of actions and options.
INIS_ALSO_ITALIAN = ALSO_ITALIAN | {
    "brenn", "geis", "round", "draft", "triskel", "lug", "samildanach", "ériu", "diarmuid", "gráinne", "dagda",
    "fianna", "morrígan", "moytura", "cathbad", "balor", "breas", "dana", "deirdre", "kernuno", "maeve",
    "manannán", "nuada", "oengus", "ogma", "fál", "streng", "tailtu", "cúchulainn", "tuan", "tír", "na", "nóg"}


@pytest.fixture
def inis():
    """The Inis engine, as the service registers it (where `tain.messages` finds its words)."""
    return get_game("inis")


def _inner(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """A message and every message among its parameters (a move's details, a list of cards)."""
    yield message
    for value in message["params"].values():
        if isinstance(value, dict):
            yield from _inner(value)


def test_every_refusal_of_inis_is_a_marked_sentence_with_its_id():
    bad, codes = [], set()
    for path in INIS_FILES:
        for call in _refusals_written(path, ("IllegalAction", "SetupError", "refusal")):
            message = call.args[0] if call.args else None
            marked = isinstance(message, ast.Call) and _call_name(message) == "N_" and isinstance(message.args[0],
                                                                                                 ast.Constant)
            passed_on = isinstance(message, ast.Name)  # a helper's own msgid parameter (standing rules, decks)
            code = call.args[1] if len(call.args) > 1 else None
            literal = isinstance(code, ast.Constant) and CODE_INIS.match(code.value)
            made = isinstance(code, ast.JoinedStr) and isinstance(code.values[0], ast.Constant) and \
                code.values[0].value.startswith("inis.")
            if isinstance(code, ast.Name) and passed_on:
                continue  # words.refusal: IllegalAction(msgid, code, ...) for its callers, checked here too
            if not (marked or passed_on) or not (literal or made):
                bad.append(f"{path.relative_to(ROOT)}:{call.lineno}")
            codes |= {code.value} if literal else set()
    assert bad == [] and len(codes) > 25


CODE_INIS = re.compile(r"^(inis|setup)\.[a-z0-9-]+$")


def _inis_junk(state: dict[str, Any], players: list[str], rng: random.Random) -> Iterator[dict[str, Any]]:
    """Actions of every wrong kind, and right ones at the wrong time or with wrong arguments."""
    engine = get_game("inis")
    legal = [a for p in players for a in engine.legal_actions(state, p)]
    yield from rng.sample(legal, min(2, len(legal)))
    for action in rng.sample(legal, min(2, len(legal))):
        yield {**action, "territory": "atlantis"}
    cards = ["geis", "new-clans", "moor", "bard", "the-dagda", "cove", "dragon"]
    yield from [{"type": rng.choice(["fly", "play", "attack", "draft", "pass", "peace"])},
                {"type": "play", "card": rng.choice(cards)}, {"type": "play", "card": rng.choice(cards), "x": 1},
                ["pass"], {"type": 3}, {"type": "pass", "n": float("nan")}, {"type": "standing"}]
    rule = {"window": "announced", "then": "decline"}
    yield from ({"type": "standing", "rules": rules} for rules in (
        "all", [rule] * 51, [{"window": "announced"}], [{**rule, "window": "noon"}], [{**rule, "when": 3}],
        [{**rule, "when": {"colour": 1}}], [{**rule, "when": {"by": "ann"}}], [{**rule, "when": {"card": ["dragon"]}}],
        [{**rule, "when": {"targets_me": 1}}], [{**rule, "when": {"my_action_cards": -1}}], [{**rule, "once": 1}],
        [{**rule, "then": "pass"}], [{"window": "season-turn", "then": "ask"}], [{**rule, "then": {"play": "dragon"}}],
        [{**rule, "then": {"play": "geis", "colour": 1}}]))
    move = {"type": "pass"}
    yield from ({"type": "standing", "plan": plan} for plan in (
        "pass", [[move]] * 41, [[]], [[move] * 9], [[{"type": "standing", "plan": []}]], [[{"type": "fly"}]]))


def _inis_refusals_met(seeds: range) -> dict[str, IllegalAction]:
    """Every refusal Inis gives along games its bot plays with 2, 3 and 4 players, to wrong and
    ill-timed actions, texts that are no action and set-ups that are wrong."""
    engine, met = get_game("inis"), {}

    def refused(call: Any) -> None:
        try:
            call()
        except (IllegalAction, SetupError) as refusal:
            met.setdefault(refusal.code, refusal)

    for options in ({"discovery": 1}, {"decks": []}, {"decks": {"wind": []}}, {"discovery": True, "decks": {"territory": []}},
                    {"decks": {"territory": "x"}}, {"decks": {"territory": ["cove"]}}, {"decks": {"epic": [1]}},
                    {"decks": {"epic": ["eriu"]}}, {"decks": {"action": "x"}}, {"decks": {"action": [[1]]}},
                    {"decks": {"action": [["geis"]]}}, {"decks": {"crows": ["up"]}}, [], {"colour": 1}):
        refused(lambda: engine.setup(["ann", "bob"], 1, options))
    for seed in seeds:
        rng, players = random.Random(seed), INIS_PLAYERS[2 + seed % 3]
        state = engine.setup(players, seed, {"discovery": seed % 2 == 0})
        bot = engine.make_bot(seed)
        for turn in range(10_000):
            if turn % 3 == 0:
                for action in _inis_junk(state, players, rng):
                    refused(lambda: engine.apply(state, rng.choice(players + ["nobody"]), action))
                refused(lambda: engine.parse_action(rng.choice(["fly away", "standing [1]", "play card", "100%"])))
                refused(lambda: engine.view(state, "nobody"))
                refused(lambda: engine.timeout_action(state, rng.choice(players)))
            if engine.is_over(state):
                refused(lambda: engine.apply(state, players[0], {"type": "pass"}))
                break
            player = engine.to_act(state)[0]
            state = engine.apply(state, player, bot.choose(engine.view(state, player), engine.legal_actions(state, player)))
    return met


def test_every_refusal_of_inis_met_is_english_with_its_id_and_said_in_italian(app, inis):
    met = _inis_refusals_met(range(6))
    italian = catalogue("it")
    written = {code for path in INIS_FILES for call in _refusals_written(path, ("IllegalAction", "SetupError", "refusal"))
               if (code := _code_of(call)) and not code.startswith("{")}
    assert written - set(met) == set()  # the games above met every refusal the engine can give
    for code, refusal in met.items():
        assert CODE_INIS.match(code), code
        entry = italian.get(refusal.message)
        assert entry is not None and entry.string, (code, refusal.message)
        with with_language("it"):
            assert say(refusal) == entry.string % _said_params("inis", refusal.params) != str(refusal), code
    assert str(met["inis.card-not-playable"]).endswith(" now.") and "-" not in str(met["inis.card-not-playable"])


def _inis_messages(players: list[str], seed: int) -> Iterator[dict[str, Any]]:
    """Every message the views of a bot game hold and its moves described, own and told to others."""
    engine = get_game("inis")
    state = engine.setup(players, seed, {"discovery": seed % 2 == 1})
    bot, reports = engine.make_bot(seed), 0
    while True:
        for player in [*players, None]:
            view = engine.view(state, player)
            stage, pending = view["stage"], view["pending"]
            assert [stage["messages"][k]["text"] for k in ("short", "long")] == [stage["short"], stage["long"]]
            assert pending["messages"]["text"]["text"] == pending["text"]
            yield from (*stage["messages"].values(), pending["messages"]["text"])
            for known in view.get("known", []):
                assert known["messages"]["text"]["text"] == known["text"]
                yield known["messages"]["text"]
        if engine.is_over(state):
            break
        player = engine.to_act(state)[0]
        for action in engine.legal_actions(state, player)[:40]:
            mine = engine.describe_action_message(action, player)
            assert mine["text"] == engine.describe_action(action, player)
            yield from (mine, engine.describe_action_message(action, player, for_others=True))
        state = engine.apply(state, player, bot.choose(engine.view(state, player), engine.legal_actions(state, player)))
    for report in view["reports"]:
        said = report["messages"]
        assert said["headline"]["text"] == report["headline"] and [m["text"] for m in said["lines"]] == report["lines"]
        yield from (said["headline"], *said["lines"])
        reports += 1
    assert reports > 10


@pytest.mark.parametrize("count", [2, 3, 4])
def test_what_inis_views_say_is_in_the_italian_catalogue_and_said_in_italian(app, inis, count):
    players, seen, ids = INIS_PLAYERS[count], {}, set()
    for seed in (1, 2):
        for said in _inis_messages(players, seed):
            seen.setdefault((said["msgid"], str(said["params"])), said)
    plans = [{"type": "standing", "plan": plan} for plan in ([], [[{"type": "pass"}]] * 2)] + [
        {"type": "standing", "rules": [{"window": "announced", "then": "decline"}]}]
    for plan in plans:
        for for_others in (False, True):
            said = inis.describe_action_message(plan, "ann", for_others)
            seen.setdefault((said["msgid"], str(said["params"])), said)
    messages, italian = list(seen.values()), catalogue("it")
    for said in messages:
        for part in _inner(said):
            ids.add(part["id"])
            assert CODE_INIS.match(part["id"]) or part["id"].startswith("inis.plan-"), part["id"]
            entry = italian.get(part["msgid"])
            assert not part["msgid"] or (entry is not None and entry.string), part["msgid"]
    assert len(ids) > 80
    left, unchanged = _english_left(messages, players)
    assert left - INIS_ALSO_ITALIAN == set()
    assert [text for text in unchanged if _words(text) - INIS_ALSO_ITALIAN - set(players)] == []  # "Round 2" is


def test_inis_cards_and_territories_are_named_and_told_in_italian(app, inis):
    said = inis.catalogue_messages()
    messages = [m for kind in ("cards", "territories") for facts in said[kind].values() for m in facts.values()]
    assert len(said["cards"]) == 63 and len(messages) == 63 * 2 + 16 + 4
    with with_language("it"):
        assert tell(said["cards"]["new-clans"]["name"]) == "Nuovi Clan"
        assert tell(said["territories"]["cove"]["name"]) == "Baia"
        assert tell(said["cards"]["geis"]["text"]).startswith("Triskel, quando un avversario gioca una carta Azione")
        named = tell({"id": "inis.x", "msgid": "%(card)s plays %(with)s in %(territory)s", "text": "",
                      "params": {"card": "the-dagda", "with": "iron-mine", "territory": "lost-vale"}})
    assert named == "Il Dagda plays Miniera di Ferro in Valle Perduta"
    left, unchanged = _english_left([m for m in messages if m["msgid"] != "%(card)s" or m["params"]["card"] != "geis"],
                                    [])
    assert left - INIS_ALSO_ITALIAN == set()
    assert [text for text in unchanged if text not in ("Geis", "Ériu", "Lug Samildanach")] == []


def test_an_inis_move_s_details_are_said_part_by_part(app, inis):
    action = {"type": "play", "card": "conquest", "territory": "cove",
              "moves": [{"clans": 2, "from": "valley", "to": "cove"}]}
    said = inis.describe_action_message(action, "ann")
    assert said["text"] == "Play Conquest: 2 from Valley to Cove, territory Cove"
    state = inis.setup(["ann", "bob"], 1, {"first_player": "ann"})
    with pytest.raises(IllegalAction) as refused:
        inis.apply(state, "ann", {"type": "play", "card": "geis"})
    assert str(refused.value) == "You cannot play now: waiting for ann, the Brenn, to choose the Capital."
    with with_language("it"):
        assert tell(said) == "Gioca Conquista: 2 da Valle a Baia, territorio Baia"
        assert say(refused.value) == ("Adesso non puoi fare play; si attende: tocca a ann, il Brenn, scegliere "
                                      "la Capitale.")
