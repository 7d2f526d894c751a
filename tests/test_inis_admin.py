"""Inis on the admin side: created from the dashboard's form (the discovery scenario), the lobby's form
and the command line; the public board and the log with hidden cards face down; a seat's view revealed
and audit-logged; and a finished game saying who won and why on the admin's page, the final page and
the final email, in each reader's language."""
from __future__ import annotations

import random
import re
from typing import Any

import pytest
from sqlalchemy import func, select

from admin_support import PASSWORD, act, log_in
from support import NOW, csrf_of, outbox, token
from tain import transactions
from tain.extensions import db
from tain.games import get_game
from tain.models import ActionRecord, AuditEntry, Game
from tain.services.admin import log_text
from tain.services.games import create_game, parse_player, rebuild_state
from tain.services.play import seat_snapshot, submit

ENGINE = get_game("inis")
PLAYERS = "Ann <ann@example.org>\nBob <bob@example.org> it\nCat <cat@example.org>"
FORM = {"game": "inis", "players": PLAYERS, "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h"}
GEIS_ON_ANN = {"window": "announced", "when": {"by": ["Ann"]}, "then": {"play": "geis"}}


@pytest.fixture
def config(config: dict[str, Any]) -> dict[str, Any]:
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def new_inis_game(app, seed: int = 10) -> int:
    with app.app_context():
        players = [parse_player(line) for line in PLAYERS.splitlines()]
        return create_game("inis", players, now=NOW, seed=seed, first_player="Ann").id


def state_of(app, game_id: int) -> dict[str, Any]:
    with app.app_context():
        return db.session.get(Game, game_id).state


def bot_move(app, game_id: int, bots: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The engine's bot of the first seat to act chooses its move, from that seat's own snapshot."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        seat = game.seat_named(ENGINE.to_act(game.state)[0])
        snapshot = seat_snapshot(seat)
        return seat.name, bots[seat.name].choose(snapshot["view"], snapshot["legal_actions"])


def play_to_draft(app, game_id: int) -> None:
    bots = {name: ENGINE.make_bot(n) for n, name in enumerate(("Ann", "Bob", "Cat"))}
    while ENGINE.view(state_of(app, game_id), None)["step"] != "draft":
        name, action = bot_move(app, game_id, bots)
        with app.app_context():
            submit(db.session.get(Game, game_id).seat_named(name), action, now=NOW)


def play_to_the_last_move(app, game_id: int) -> tuple[str, dict[str, Any]]:
    """The engine's bots play the game out of the service, and all but its last move are written to the
    log (the state replayed from it): the last move, which ends the game, is left to the caller."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        state = ENGINE.setup([seat.name for seat in game.seats], game.seed, dict(game.options))
    bots = {name: ENGINE.make_bot(n) for n, name in enumerate(state["players"])}
    pick, moves = random.Random(1), []
    while not ENGINE.is_over(state):
        name = pick.choice(ENGINE.to_act(state))
        action = bots[name].choose(ENGINE.view(state, name), ENGINE.legal_actions(state, name))
        moves.append((name, action))
        state = ENGINE.apply(state, name, action)
    with app.app_context():
        with transactions.write():
            game = db.session.get(Game, game_id)
            for player, action in moves[:-1]:
                db.session.add(ActionRecord(game_id=game_id, seq=game.version, player=player, action=action,
                                            on_timeout=False, created_at=NOW))
                game.version += 1
        rebuild_state(game_id)
    return moves[-1]


def admin_page(client, game_id: int) -> str:
    page = client.get(f"/admin/games/{game_id}")
    assert page.status_code == 200
    return page.text


def log_section(page: str) -> str:
    return page.split('id="log-title"')[1].split("</section>")[0]


def test_the_dashboard_creates_an_inis_game_in_the_discovery_scenario(app, client):
    with app.app_context():
        assert log_in(client).status_code == 303
    form = client.get("/admin/games/new").text
    assert 'name="option_inis_discovery"' in form
    response = client.post("/admin/games/new", data={"csrf_token": csrf_of(form), **FORM,
                                                     "option_inis_discovery": "True"})
    assert response.status_code == 303, response.text
    game_id = int(response.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game.game == "inis" and game.options["discovery"] is True
    assert 'class="inis' in admin_page(client, game_id)  # the public board, Inis's own


def test_the_lobby_form_and_the_command_line_create_inis_games(app, client, runner):
    form = client.get("/games/new").text
    response = client.post("/games/new", data={"csrf_token": csrf_of(form), **FORM, "option_inis_discovery": "False"})
    assert response.status_code == 303, response.text
    result = runner.invoke(args=["tain", "new-game", "--game", "inis", "--player", "Ann <ann@example.org>",
                                 "--player", "Bob <bob@example.org>", "--option", "discovery=true"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        games = db.session.scalars(select(Game).order_by(Game.id)).all()
        assert [(g.game, g.options.get("discovery")) for g in games] == [("inis", False), ("inis", True)]
        assert ENGINE.view(games[1].state, None)["phase"] == "setup"


def test_the_admin_log_keeps_kept_cards_discards_and_standing_rules_face_down(app, client):
    game_id = new_inis_game(app)
    play_to_draft(app, game_id)
    with app.app_context():
        game = db.session.get(Game, game_id)
        ann = game.seat_named("Ann")
        keep = next(a for a in seat_snapshot(ann)["legal_actions"] if a["type"] == "draft")
        submit(ann, keep, now=NOW)
        submit(game.seat_named("Cat"), {"type": "standing", "rules": [GEIS_ON_ANN]}, now=NOW)
        assert log_in(client).status_code == 303
    names = {card: facts["name"] for card, facts in ENGINE.catalogue()["cards"].items()}
    log = log_section(admin_page(client, game_id))
    assert "<b>Ann</b>: Keep Action cards" in log and "Cat changed their standing rules" in log
    kept = [names[card] for card in keep["keep"]]
    assert not any(name in log for name in kept) and "Geis" not in log and "geis" not in log
    attack_answer = ActionRecord(player="Bob", action={"type": "discard", "card": "bard"})
    assert str(log_text(ENGINE, attack_answer, None)) == "Discard an Action card"
    assert "bard" in str(log_text(ENGINE, attack_answer, "Bob"))  # the seat revealed: told whole

    with app.app_context():
        reveals = db.session.scalar(select(func.count()).select_from(AuditEntry).where(AuditEntry.action == "reveal"))
        page = act(client, f"/admin/games/{game_id}/reveal", seat=db.session.get(Game, game_id).seat_named("Ann").id)
        assert page.status_code == 200 and "The board as Ann sees it" in page.text
        assert db.session.scalar(select(func.count()).select_from(AuditEntry)
                                 .where(AuditEntry.action == "reveal")) == reveals + 1
        hand = ENGINE.view(db.session.get(Game, game_id).state, "Ann")["hand"]
    assert all(names[card] in page.text for card in hand)
    assert not any(names[card] in admin_page(client, game_id) for card in hand if card not in ENGINE.view(
        state_of(app, game_id), None)["advantage"]["face_up"])  # back on the public board: face down again


def test_a_finished_game_says_who_won_and_why_everywhere(app, client):
    game_id = new_inis_game(app)
    name, last = play_to_the_last_move(app, game_id)
    with app.app_context():
        submit(db.session.get(Game, game_id).seat_named(name), last, now=NOW)
        view = ENGINE.view(db.session.get(Game, game_id).state, None)
        mails = {m.recipient: (m.body_text, m.body_html) for m in outbox() if m.kind == "final-scores"}
        assert log_in(client).status_code == 303
        links = {seat: token(db.session.get(Game, game_id), seat) for seat in ("Ann", "Bob")}
    [winner] = view["winners"]
    why = (f"{winner} is elected High King at the Assembly of round {view['round']}: a Pretender meeting "
           f"{view['scores'][winner]} victory condition")
    page = admin_page(client, game_id)
    assert why in page and "Victory conditions met at the end" in page
    assert why in mails["ann@example.org"][0] and not re.search(r"\d+ points?\b", mails["ann@example.org"][0])
    assert why in mails["cat@example.org"][1]
    italian = f"{winner} diventa Re Supremo all’Assemblea del round {view['round']}"
    assert italian.replace("’", "'") in mails["bob@example.org"][0].replace("’", "'")
    final = client.get(f"/play/{links['Ann']}").text
    assert why in final and re.search(r"Victory conditions met at the end", final)
