"""No caller changes a view. Views share what never changes with the state they show (Tàin's past
raid reports, Tara's finished games, Inis's finished reports: tain/games/*/view.py), so a caller
that changed a view could change the state, the next view of it and every reader after. Whole games
are played here through every channel that reads views — the JSON API and the page (a move, a
standing order, the page and its history after it), the admin's game page and its reveal, the
public page, the export, deadlines passing (time-outs, reminders, bots), and the emails written and
sent by the sender with their pictures — while every view the engines build is watched
(tests/views_watch.py): none may have changed at the end, nor any state one was built from, and
each game's cached state must still be its log's replay."""
from __future__ import annotations

import json
import random
from datetime import timedelta
from typing import Any

import pytest
from flask.testing import FlaskClient

from admin_support import PASSWORD, act, log_in
from support import NOW, csrf_of
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.scheduler import run_due
from tain.services.games import NewPlayer, check_game, create_game
from tain.services.letters import send_pending
from tain.services.links import make_token
from views_watch import ViewWatch

H = timedelta(hours=1)
PEOPLE = {"tain": ["Ann", "Bob", "Cat"], "tara": ["Ann", "Bob"], "inis": ["Ann", "Bob", "Cat"]}
BOT = {"tain": "Dan", "inis": "Dan"}  # a bot seat, which plays through the service's own views
# Inis games are hundreds of decisions long: most of its moves are the engine's bot's, and a part of the game is enough
MOVES = {"tain": 400, "tara": 150, "inis": 80}
BOT_SHARE = {"tain": 0.3, "tara": 0.3, "inis": 0.9}


@pytest.fixture
def config(config):
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


@pytest.fixture
def watch(monkeypatch) -> ViewWatch:
    watch = ViewWatch()
    watch.watch(monkeypatch)
    return watch


def fresh(game_id: int) -> Game:
    db.session.rollback()
    game = db.session.get(Game, game_id)
    db.session.refresh(game)
    return game


def play(app: Any, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, game_name: str, seed: int,
         most: int | None = None) -> int:
    """A game played through every channel (`most` steps at most, else the game's own); its id."""
    engine = get_game(game_name)
    clock = [NOW]
    for module in ("tain.web.api", "tain.web.play"):
        monkeypatch.setattr(f"{module}.utcnow", lambda: clock[0])
    app.config["LINK_MAX_AGE_DAYS"] = 36500  # links are signed at the real time, years before NOW
    rng = random.Random(f"{game_name}-{seed}")
    players = [NewPlayer(name, f"{name.lower()}@example.org") for name in PEOPLE[game_name]]
    if game_name in BOT:
        players.append(NewPlayer(BOT[game_name], "", bot=True))
    game = create_game(game_name, players, now=NOW, seed=seed, move_deadline=24 * H, phase_deadline=48 * H,
                       reminder_before=4 * H, bot_on_timeout=seed % 2 == 1)
    game_id = game.id
    tokens = {seat.name: make_token(seat) for seat in game.seats if not seat.bot}
    seat_ids = {seat.name: seat.id for seat in game.seats}
    bots = {name: engine.make_bot(number) for number, name in enumerate(tokens)}
    log_in(client)
    now = NOW
    for moves in range(most or MOVES[game_name]):
        game = fresh(game_id)
        if game.over:
            break
        roll = rng.random()
        if roll < 0.03:  # the deadline passes: time-outs, bots, and the emails they queue
            now = clock[0] = game.deadline_at
            run_due(now)
            continue
        if roll < 0.05 and game.reminder_at is not None:
            now = clock[0] = game.reminder_at
            run_due(now)
        to_act = [name for name in engine.to_act(game.state) if name in tokens]
        name = rng.choice(to_act)
        api = f"/api/v1/play/{tokens[name]}"
        snapshot = client.get(api).get_json()
        now = clock[0] = now + timedelta(minutes=rng.randint(1, 90))
        view, legal = snapshot["view"], snapshot["legal_actions"]
        if game_name != "inis" and rng.random() < 0.08:  # a standing order, from a seat that may not be to act
            planner = rng.choice(list(tokens))
            own = client.get(f"/api/v1/play/{tokens[planner]}").get_json()
            plan = {"type": "standing", "plan": bots[planner].plan(own["view"])}
            response = client.post(f"/api/v1/play/{tokens[planner]}", json={"action": plan, "version": own["game"]["version"]})
            assert response.status_code == 200, response.get_json()
            continue
        action = bots[name].choose(view, legal) if rng.random() < BOT_SHARE[game_name] else rng.choice(legal)
        if moves % 2:
            response = client.post(api, json={"action": action, "version": snapshot["game"]["version"]})
            assert response.status_code == 200, response.get_json()
        else:
            page = client.get(f"/play/{tokens[name]}").text
            fields = {"csrf_token": csrf_of(page), "version": str(snapshot["game"]["version"]),
                      "action": json.dumps(action), "confirm": "yes"}
            assert client.post(f"/play/{tokens[name]}", data=fields).status_code == 303
        reader = rng.choice(list(tokens))
        assert client.get(f"/play/{tokens[reader]}").status_code == 200
        if rng.random() < 0.12:
            assert client.get(f"/play/{tokens[reader]}/history").status_code == 200
            assert client.get(f"/admin/games/{game_id}").status_code == 200
            assert client.get(f"/games/{game_id}").status_code == 200
        if rng.random() < 0.05:
            assert act(client, f"/admin/games/{game_id}/reveal", seat=seat_ids[reader]).status_code == 200
            assert act(client, f"/admin/games/{game_id}/export").status_code == 200
        if rng.random() < 0.3:
            send_pending(now)  # the sender writes the emails' bodies and pictures, then sends them
    send_pending(now)
    return game_id


@pytest.mark.one_database
@pytest.mark.parametrize("game_name, seed", [("tain", 1), ("tain", 2), ("tara", 1), ("inis", 3)])
def test_no_caller_changes_a_view(app, client, smtp_server, monkeypatch, watch, game_name, seed):
    game_id = play(app, client, monkeypatch, game_name, seed)
    assert len(watch.views) > 500
    assert watch.changed() == []
    assert check_game(fresh(game_id)) == []


def plant_in_a_template_filter(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The `tell` filter marks what it says: a view's stage, a report."""
    tell = app.jinja_env.filters["tell"]

    def marking(message: Any, *args: Any) -> Any:
        if isinstance(message, dict):
            message["told"] = True
        return tell(message, *args)
    monkeypatch.setitem(app.jinja_env.filters, "tell", marking)


def plant_in_notify(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change's email drops the last report from the view it is written from."""
    from tain.mail.messages import Letter

    def letter(kind: str, view: dict, *args: Any, **kwargs: Any) -> Letter:
        if view.get("reports"):
            view["reports"].pop()
        return Letter(kind, view, *args, **kwargs)
    monkeypatch.setattr("tain.services.notify.Letter", letter)


def plant_in_the_picture(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sender's picture sorts the lines of the report it draws."""
    from tain.mail import messages

    source_of = messages.source_of

    def sorting(game: Any, view: dict, report: dict | None, **kwargs: Any) -> Any:
        if report is not None:
            report["lines"].sort()
        return source_of(game, view, report, **kwargs)
    monkeypatch.setattr(messages, "source_of", sorting)


@pytest.mark.one_database
@pytest.mark.parametrize("plant", [plant_in_a_template_filter, plant_in_notify, plant_in_the_picture])
def test_the_watch_sees_a_caller_that_changes_a_view(app, client, smtp_server, monkeypatch, watch, plant):
    plant(app, monkeypatch)
    play(app, client, monkeypatch, "tain", 1, most=60)
    assert watch.changed()
