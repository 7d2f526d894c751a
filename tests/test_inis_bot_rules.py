"""An Inis bot seat keeps its standing rules (engine-api-inis.md, `make_bot`): the service applies
`standing(view)` whenever the bot's hand changes, and when a seat is given to the bot; the rules make
no move, so no other seat's version, page or email changes for them."""
from __future__ import annotations

from datetime import timedelta

from flask import Flask

from tain.extensions import db
from tain.games import get_game
from tain.models import ActionRecord, Game, OutboxMessage
from tain.services.admin import seat_bot
from tain.services.games import NewPlayer, create_game
from tain.services.play import seat_snapshot, submit

from support import NOW

ENGINE = get_game("inis")


def new_game(app: Flask, *, bot: str | None = "Cat", seed: int = 3) -> int:
    seats = [NewPlayer(name, "" if name == bot else f"{name.lower()}@example.org", bot=name == bot)
             for name in ("Ann", "Bob", "Cat")]
    with app.app_context():
        return create_game("inis", seats, now=NOW, seed=seed, first_player="Ann").id


def bot_log(app: Flask, game_id: int, name: str) -> list[dict]:
    with app.app_context():
        return [record.action for record in db.session.scalars(
            db.select(ActionRecord).filter_by(game_id=game_id, player=name).order_by(ActionRecord.seq))]


def wanted_rules(app: Flask, game_id: int, name: str) -> tuple[list[dict], list[dict]]:
    """The rules the bot wants for the hand it holds, and those it has, from its own view."""
    with app.app_context():
        view = ENGINE.view(db.session.get(Game, game_id).state, name)
    return ENGINE.make_bot(0).standing(view), view["standing"]


def play_people(app: Flask, game_id: int, moves: int) -> list[tuple[list[dict], list[dict]]]:
    """The people move (the engine's bot choosing for them) `moves` times; after each, what the bot
    seat wants and has."""
    chooser, seen = ENGINE.make_bot(9), []
    for _ in range(moves):
        with app.app_context():
            game = db.session.get(Game, game_id)
            if game.status != "running":
                break
            seat = game.seat_named(ENGINE.to_act(game.state)[0])
            snapshot = seat_snapshot(seat)
            submit(seat, chooser.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
        seen.append(wanted_rules(app, game_id, "Cat"))
    return seen


def test_a_bot_seat_keeps_the_rules_of_the_hand_it_holds_as_it_changes(app: Flask) -> None:
    game_id = new_game(app)
    seen = play_people(app, game_id, 150)
    assert all(wants == has for wants, has in seen)
    hands_with_rules = [has for _, has in seen if has]
    assert hands_with_rules, "the bot never held a Triskel card it keeps a rule for"
    sent = [action["rules"] for action in bot_log(app, game_id, "Cat") if action["type"] == "standing"]
    assert len(sent) >= 2 and all(a != b for a, b in zip(sent, sent[1:])), "sent again only when they change"


def test_a_seat_given_to_the_bot_gets_its_rules_at_once_and_nobody_can_tell(app: Flask) -> None:
    game_id = new_game(app, bot=None, seed=4)
    play_people(app, game_id, 9)  # the draft: Cat holds a Triskel card the bot keeps a rule for, Bob is to act
    with app.app_context():
        game = db.session.get(Game, game_id)
        seat_id, to_act, moves = game.seat_named("Cat").id, ENGINE.to_act(game.state), game.moves
        mail = db.session.scalar(db.select(db.func.count()).select_from(OutboxMessage))
    wants, has = wanted_rules(app, game_id, "Cat")
    assert wants and not has and to_act == ["Bob"]
    seat_bot(game_id, seat_id, actor="admin", now=NOW + timedelta(minutes=1))
    assert wanted_rules(app, game_id, "Cat") == (wants, wants)
    assert bot_log(app, game_id, "Cat")[-1] == {"type": "standing", "rules": wants}
    with app.app_context():
        assert db.session.get(Game, game_id).moves == moves
        assert db.session.scalar(db.select(db.func.count()).select_from(OutboxMessage)) == mail
