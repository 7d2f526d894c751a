"""The engines speak no language (docs/engine.md, "Messages"): every refusal of Tàin and Tara, every
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
from tain.games import IllegalAction, get_game
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
