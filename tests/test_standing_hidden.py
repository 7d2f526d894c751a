"""Plans never show to others, on any channel (issue 11, "Hidden information"): two games that differ only
in the kinds of token Bob planned — a warrior where the other has a bluff, on the same slots — look the
same to Ann and Cat at every step (their pages, histories, JSON and emails) and on the admin's game
page, where the plan is as face down as the placements it makes. Bob's own channels differ (the control).

Bob plans through the page's plan editor and through the API; his plan's moves are made inside the
others' moves, and the game stops before the raids reveal his token."""
from __future__ import annotations

import json
import re
from typing import Any

import pytest

from admin_support import PASSWORD, log_in
from hidden_support import fetch, normalise
from support import new_game, outbox, reset_database, token

SHOWN_RE = re.compile(r'name="plan_shown" value="([0-9a-f]+)"')
CSRF_RE = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
OTHERS = ("Ann", "Cat")


@pytest.fixture
def config(config: dict[str, Any]) -> dict[str, Any]:
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def play_with_bobs_plan(app, kind: str) -> dict[str, list[str]]:
    """Play the fixed opening with Bob planning `kind`; what each seat (and the admin) was shown, step by step."""
    with app.app_context():
        reset_database()
        game = new_game(first_player="Ann")
        game_id, tokens = game.id, {name: token(game, name) for name in ("Ann", "Bob", "Cat")}
    client, admin = app.test_client(), app.test_client()
    with app.app_context():
        assert log_in(admin).status_code == 303
    seen: dict[str, list[str]] = {"Ann": [], "Bob": [], "Cat": [], "admin": []}

    def record() -> None:
        for name in ("Ann", "Bob", "Cat"):
            for path in (f"/play/{tokens[name]}", f"/play/{tokens[name]}/history", f"/api/v1/play/{tokens[name]}"):
                response = fetch(app, client, "GET", path)
                assert response.status_code == 200
                seen[name].append(response.get_data(as_text=True))
        seen["admin"].append(fetch(app, admin, "GET", f"/admin/games/{game_id}").get_data(as_text=True))

    def queue_on_the_page(move: dict[str, Any], target: str) -> None:
        html = fetch(app, client, "GET", f"/play/{tokens['Bob']}?plan=on").text
        fields = {"csrf_token": CSRF_RE.search(html)[1], "version": re.search(r'name="version" value="(\d+)"', html)[1],
                  "plan_shown": SHOWN_RE.search(html)[1], "when": "plan", "as": target, "plan_mode": "on"}
        if "token" in move:
            fields.update(token=move["token"], slot=json.dumps({k: v for k, v in move.items() if k != "token"}))
        else:
            fields["action"] = json.dumps(move)
        response = fetch(app, client, "POST", f"/play/{tokens['Bob']}", data=fields)
        assert response.status_code == 303 and "Your plan was saved." in fetch(app, client, "GET", response.location).text

    def api(name: str, action: dict[str, Any]) -> None:
        response = fetch(app, client, "POST", f"/api/v1/play/{tokens[name]}", json={"action": action})
        assert response.status_code == 200, response.get_json()

    record()
    queue_on_the_page({"type": "scout", "token": kind, "board": "Ann", "entrance": "house-1"}, "new")
    record()
    queue_on_the_page({"type": "scout", "token": kind, "board": "Ann", "entrance": "house-2"}, "1")  # its fallback
    record()
    queue_on_the_page({"type": "pass"}, "new")
    record()
    api("Ann", {"type": "scout", "token": "boy", "board": "Cat", "entrance": "pasture-1"})  # Bob's plan scouts
    record()
    api("Cat", {"type": "scout", "token": "boy", "board": "Ann", "entrance": "pasture-1"})
    record()
    api("Bob", {"type": "standing", "plan": [[{"type": "guard", "token": kind, "entrance": "house-2"}], [{"type": "pass"}]]})
    record()
    api("Ann", {"type": "raid", "token": "bluff"})  # Bob's new plan guards and passes for him
    record()
    with app.app_context():
        for message in outbox():
            seen.setdefault(message.recipient, []).extend(
                [message.subject, message.body_text, message.body_html, message.message_id, message.in_reply_to or ""])
    return {who: [normalise(text, clock=True) for text in texts] for who, texts in seen.items()}


def test_the_kinds_of_token_a_player_planned_change_nothing_the_others_see(app):
    warrior, bluff = play_with_bobs_plan(app, "warrior"), play_with_bobs_plan(app, "bluff")
    for who in ("Ann", "Cat", "admin", "ann@example.org", "cat@example.org"):
        assert len(warrior[who]) == len(bluff[who]) and warrior[who], who
        for step, (one, other) in enumerate(zip(warrior[who], bluff[who])):
            assert one == other, f"{who}'s channel {step} shows what kind of token Bob planned"
    admin_log = warrior["admin"][-1]
    assert admin_log.count("Bob changed their plan") == 4  # three from the page, one from the API: no token named
    # the control: Bob himself is shown his own plan and his own tokens
    assert warrior["Bob"] != bluff["Bob"]
    assert any("Scout Ann's house-1 with a warrior" in page.replace("&#39;", "'") for page in warrior["Bob"])
    assert any("Made from your plan." in page for page in warrior["Bob"])
    assert not any("Made from your plan." in text for who in (*OTHERS, "ann@example.org", "cat@example.org")
                   for text in warrior[who])


def test_a_plan_given_or_not_changes_nothing_the_others_see(app, client):
    """Twin games, one where Bob (not to act) gives a plan and one where he gives none: Ann's and Cat's
    JSON, version and time of the last move included, and their pages' forms are the same."""
    from datetime import timedelta

    from support import NOW
    from tain.services.play import seat_snapshot, submit

    with app.app_context():
        games = [new_game(seed=7).id, new_game(seed=7).id]
        planned = app_game(games[1])
        submit(planned.seat_named("Bob"), {"type": "standing", "plan": [[{"type": "pass"}]]},
               now=NOW + timedelta(hours=3))
    for name in ("Ann", "Cat"):
        with app.app_context():
            snapshots = [seat_snapshot(app_game(game_id).seat_named(name)) for game_id in games]
            links = [f"/play/{token(app_game(game_id), name)}" for game_id in games]
        assert snapshots[0]["game"] | {"id": 0} == snapshots[1]["game"] | {"id": 0}, name
        assert snapshots[0]["view"] == snapshots[1]["view"]
        versions = [re.findall(r'name="version" value="(\d+)"', client.get(link).text) for link in links]
        assert versions[0] == versions[1] and (versions[0] or name == "Cat"), name  # Cat is not to act: no move form


def app_game(game_id: int):
    from tain.extensions import db
    from tain.models import Game

    return db.session.get(Game, game_id)
