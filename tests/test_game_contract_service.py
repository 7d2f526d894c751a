"""The service's contract test, over every registered game: random legal games played to the end
through the service layer — `submit` and the JSON API with each seat's own link, deadlines passing
in the scheduler's pass with the clock passed in (time-outs with and without `bot_on_timeout`,
Tara's also in the middle of a turn) — then: the game is over, the log replays to the cached
state, every email went out, and no seat ever saw another seat's hidden information."""
from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from flask.testing import FlaskClient

from support import NOW, outbox
from tain.extensions import db
from tain.games import Game as Engine, game_names, get_game
from tain.models import ActionRecord, Game
from tain.scheduler import run_due
from tain.services.games import check_game, create_game, parse_player
from tain.services.links import make_token
from tain.services.play import submit

H = timedelta(hours=1)
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def fresh(game_id: int) -> Game:
    db.session.rollback()
    game = db.session.get(Game, game_id)
    db.session.refresh(game)
    return game


def placements(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Tàin: every token on the table now (scouts and guards on the boards, raiders in the kingdom)."""
    on_boards = [slot[role] for board in view.get("boards", {}).values() for slot in board.values()
                 for role in ("guard", "scout") if slot[role]]
    return on_boards + list(view.get("kingdom", {}).get("raiders", []))


def check_sees_only_its_own(engine: Engine, name: str, snapshot: dict[str, Any], page: str | None) -> None:
    """The seat's JSON (and page, if given) show other seats' tokens face down and no other screen."""
    view = snapshot["view"]
    assert view["you"] == name and snapshot["player"] == name
    if engine.name == "inis":  # its own hand and knowledge, and only the number of cards in the others' hands
        assert {"hand", "known", "standing"} <= set(view) and set(view["hands"]) == set(view["players"])
        assert all(set(counts) == {"action", "advantage", "epic"} for counts in view["hands"].values())
        return
    if engine.name != "tain":
        return  # Tara hides nothing: every view is the same but for "you"
    for placed in placements(view):
        assert placed["player"] == name or placed["token"] is None, (name, placed)
    assert "screen" in view and "discard" in view  # its own, and only its own (a view holds one screen)
    if page is not None:
        others = sum(1 for placed in placements(view) if placed["player"] != name)
        assert page.count(" token--hidden slot") == others


# Inis games are long (hundreds of decisions): one run, with its moves mostly the engine's bot's
# (BOT_SHARE), which ends it in about 200 moves instead of thousands; the others are wholly random.
RUNS = {"inis": (0,)}
BOT_SHARE = {"inis": 0.8}


def test_every_registered_game_is_in_this_test():
    assert {"tain", "tara", "inis"} <= set(game_names())


@pytest.mark.one_database
@pytest.mark.parametrize("game_name, run", [(name, run) for name in game_names() for run in RUNS.get(name, (0, 1))])
def test_random_legal_games_to_the_end_through_the_service(app, client: FlaskClient, monkeypatch, game_name: str,
                                                          run: int):
    engine = get_game(game_name)
    clock = [NOW]  # the web's clock too: the API's moves happen at the test's time
    for module in ("tain.web.api", "tain.web.play"):
        monkeypatch.setattr(f"{module}.utcnow", lambda: clock[0])
    app.config["LINK_MAX_AGE_DAYS"] = 36500  # links are signed at the real time, years before NOW
    rng = random.Random(f"{game_name}-{run}")
    names = NAMES[:min(3, engine.max_players)]
    game = create_game(
        game_name, [parse_player(f"{name} <{name.lower()}@example.org>") for name in names], now=NOW,
        seed=11 + run, move_deadline=24 * H, phase_deadline=48 * H, reminder_before=4 * H,
        bot_on_timeout=run == 1,
        options={"level": 2} if game_name == "tara" and run == 1 else None,
    )
    game_id = game.id
    tokens = {seat.name: make_token(seat) for seat in game.seats}
    now, moves, timeouts, mid_turn_timeouts, reminders = NOW, 0, 0, 0, 0
    bots = {name: engine.make_bot(n) for n, name in enumerate(names)}

    while not (game := fresh(game_id)).over:
        to_act = engine.to_act(game.state)
        step = engine.view(game.state, None).get("step")
        mid_turn = step in ("swap", "link")  # Tara: the turn began with a bridge move or a swap
        roll = rng.random()
        if roll < (0.25 if mid_turn else 0.04):  # the deadline passes: the pass times the late players out
            now = game.deadline_at
            version = game.version
            report = run_due(now)
            assert report.games.timeouts == len(to_act)
            game = fresh(game_id)
            assert game.version > version and (game.over or game.deadline_at > now)
            if mid_turn:  # T13: the late player's turn was completed
                assert game.over or engine.view(game.state, None)["step"] in ("start", "build")
            timeouts += len(to_act)
            mid_turn_timeouts += mid_turn
            continue
        if roll < 0.05 and game.reminder_at is not None:  # a pass at the reminder's time: one reminder each
            now = game.reminder_at
            assert run_due(now).games.reminders == len(to_act)
            reminders += len(to_act)
        name = rng.choice(to_act)
        api = f"/api/v1/play/{tokens[name]}"
        snapshot = client.get(api).get_json()
        page = client.get(f"/play/{tokens[name]}").text if rng.random() < 0.15 else None
        check_sees_only_its_own(engine, name, snapshot, page)
        assert snapshot["legal_actions"] == engine.legal_actions(game.state, name)
        other = rng.choice([n for n in names if n != name])
        other_snapshot = client.get(f"/api/v1/play/{tokens[other]}").get_json()
        check_sees_only_its_own(engine, other, other_snapshot, None)
        if other not in to_act:
            assert other_snapshot["legal_actions"] == []
        if rng.random() < BOT_SHARE.get(game_name, 0):
            action = bots[name].choose(snapshot["view"], snapshot["legal_actions"])
        else:
            action = rng.choice(snapshot["legal_actions"])
        now += timedelta(minutes=rng.randint(1, 90))
        clock[0] = now
        if moves % 2:
            response = client.post(api, json={"action": action, "version": snapshot["game"]["version"]})
            assert response.status_code == 200, response.get_json()
        else:
            submit(game.seat_named(name), action, now=now, expected_version=snapshot["game"]["version"])
        moves += 1
        assert moves < 3000

    run_due(now)  # the mail queued by the last changes
    game = fresh(game_id)
    assert game.status == "over" and engine.is_over(game.state) and game.deadline_at is None
    assert check_game(game) == []
    logged_timeouts = db.session.query(ActionRecord).filter_by(game_id=game_id, on_timeout=True).count()
    assert timeouts >= 3 and logged_timeouts >= timeouts
    if engine.name == "tara":
        assert mid_turn_timeouts >= 1

    mails = outbox()
    assert mails and all(m.status == "sent" for m in mails), [(m.kind, m.status, m.last_error) for m in mails if m.status != "sent"]
    assert all(m.subject.startswith(f"[{engine.title} #{game_id}] ") for m in mails)
    for name in names:
        mine = outbox(f"{name.lower()}@example.org")
        assert mine[0].kind == "invitation" and mine[-1].kind == "final-scores"
        assert [m.kind for m in mine].count("final-scores") == 1
        assert "your-move" in {m.kind for m in mine} or "events" in {m.kind for m in mine}
        assert all(m.in_reply_to == mine[0].message_id for m in mine[1:])
    assert reminders == 0 or "reminder" in {m.kind for m in mails}
