"""A move made from a player's plan is shown as such to that player (issue 11): "Made from your plan."
in their history and in "Since you last looked" of their page and of the next email they get; never
to anyone else, who sees the move as a move made by hand."""
from __future__ import annotations

import re
from html import unescape

from support import NOW, new_game, new_tara_game, outbox, token
from tain.extensions import db
from tain.games import get_game
from tain.models import Game
from tain.services.play import submit

MARK = "Made from your plan."
EVENT = re.compile(r'<li class="event([^"]*)">(?:<span class="swatch[^"]*" aria-hidden="true"></span>)?(.*?)</li>', re.S)
PLANNED = re.compile(r'\s*<span class="event__plan">' + re.escape(MARK) + "</span>")
PASS = {"type": "pass"}


def events(client, game: Game, name: str, path: str = "/history") -> list[str]:
    """Each event of the seat's history page (or its page's "since", path ""), a plan's move ending in " [plan]"."""
    html = unescape(client.get(f"/play/{token(game, name)}{path}").text)
    if not path:
        html = html[html.index('<section class="since"'):html.index("</section>", html.index('<section class="since"'))]
    told = []
    for classes, text in EVENT.findall(html):
        planned = bool(PLANNED.search(text))
        assert planned == ("event--plan" in classes)
        told.append(PLANNED.sub("", text) + (" [plan]" if planned else ""))
    return told


def move(game: Game, name: str, action: dict) -> None:
    submit(game.seat_named(name), action, now=NOW)
    db.session.refresh(game)


def plan(*entries: list[dict]) -> dict:
    return {"type": "standing", "plan": list(entries)}


def test_a_plans_moves_are_marked_for_their_player_only(app, client):
    with app.app_context():
        game = new_game()  # Ann, Bob, Cat; Ann to move
        move(game, "Bob", plan([{"type": "scout", "token": "warrior", "board": "Ann", "entrance": "house-1"}], [PASS]))
        move(game, "Ann", {"type": "guard", "token": "boy", "entrance": "pasture-1"})
        bob, cat = events(client, game, "Bob"), events(client, game, "Cat")
    assert bob == ["You changed your plan: 2 moves are planned.",
                   "Ann guards their pasture-1 with a face-down token.",
                   "You scout Ann's house-1 with your warrior. [plan]"]
    assert cat == ["Ann guards their pasture-1 with a face-down token.",
                   "Bob scouts Ann's house-1 with a face-down token."]


def test_a_hand_move_and_the_plans_moves_it_set_off_are_told_apart(app, client):
    """Ann moves and queues her next move in one form: her move sets off Bob's plan, then hers plays."""
    with app.app_context():
        game = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
        move(game, "Bob", plan([{"type": "guard", "token": "boy", "entrance": "house-1"}]))
        move(game, "Ann", [{"type": "guard", "token": "warrior", "entrance": "pasture-1"},
                           plan([{"type": "guard", "token": "boy", "entrance": "house-2"}])])
        move(game, "Bob", {"type": "guard", "token": "warrior", "entrance": "house-2"})
        move(game, "Ann", plan())
        ann = events(client, game, "Ann")
    assert ann == ["You guard your pasture-1 with your warrior.",
                   "Bob guards their house-1 with a face-down token.",
                   "You changed your plan: 1 move is planned.",
                   "You guard your house-2 with your boy. [plan]",
                   "Bob guards their house-2 with a face-down token.",
                   "You cleared your plan."]


def test_a_plans_moves_in_the_step_that_resolves_the_raids_are_told_too(app, client):
    """The last scouting move starts simultaneous guarding, in which both plans pass (Bob's after a guard):
    the turn ends inside that one step and its board is cleared; each player's planned moves are still
    told to them."""
    tain = get_game("tain")
    with app.app_context():
        game = new_game(["Ann <ann@example.org>", "Bob <bob@example.org>"])
        while True:
            mover = tain.to_act(game.state)[0]
            legal = tain.legal_actions(game.state, mover)
            action = next(a for a in legal if a["type"] in ("scout", "raid"))
            if tain.view(tain.apply(game.state, mover, action), None)["phase"] == "guarding":
                break
            move(game, mover, action)
        other = next(name for name in ("Ann", "Bob") if name != mover)
        move(game, other, plan([{"type": "guard", "token": "boy", "entrance": "pasture-1"}], [PASS]))
        move(game, mover, plan([action], [PASS]))
        assert tain.view(game.state, None)["turn"] == 2
        told = {name: events(client, game, name) for name in ("Ann", "Bob")}
    assert told[other][-2:] == ["You guard your pasture-1 with your boy. [plan]", "You pass. [plan]"]
    assert told[mover][-1] == "You pass. [plan]" and told[mover][-3] == "You changed your plan: 2 moves are planned."
    assert told[mover][-2].endswith(f"with your {action['token']}. [plan]")


def test_the_next_email_and_the_page_say_which_moves_the_plan_made(app, client):
    with app.app_context():
        game = new_game()
        move(game, "Bob", plan([{"type": "scout", "token": "warrior", "board": "Ann", "entrance": "house-1"}],
                               [{"type": "scout", "token": "daughter", "board": "Cat", "entrance": "house-1"}]))
        move(game, "Ann", {"type": "guard", "token": "boy", "entrance": "pasture-1"})
        move(game, "Cat", {"type": "raid", "token": "chieftain"})
        move(game, "Ann", {"type": "guard", "token": "boy", "entrance": "pasture-2"})  # Bob's daughter cannot scout: asked
        mail = outbox("bob@example.org")[-1]
        assert mail.kind == "your-move"
        assert f"  * You scout Ann's house-1 with your warrior. {MARK}\n" in mail.body_text
        assert MARK in mail.body_html and "Cat raids the foreign kingdom with a face-down token." in mail.body_text
        assert MARK not in outbox("cat@example.org")[-1].body_text + outbox("ann@example.org")[-1].body_text
        since = events(client, game, "Bob", "?since=0")
    assert "You scout Ann's house-1 with your warrior. [plan]" in since


def test_tara_marks_a_build_made_from_the_plan(app, client):
    tara = get_game("tara")
    with app.app_context():
        game = new_tara_game()
        first = tara.legal_actions(game.state, "Ann")[0]
        after = tara.apply(game.state, "Ann", first)
        build = tara.legal_actions(after, "Bob")[0]
        move(game, "Bob", plan([build]))
        move(game, "Ann", first)
        bob, ann = events(client, game, "Bob"), events(client, game, "Ann")
    square = build["square"]
    assert f"You build a ringfort on {square}. [plan]" in bob
    assert f"Bob builds a ringfort on {square}." in ann and not any("[plan]" in event for event in ann)
