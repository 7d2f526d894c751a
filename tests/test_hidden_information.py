"""The product's hidden-information test: two games that differ only in Ann's face-down
choice look exactly the same to Bob and Cat — page, JSON and emails — until the reveal."""
from __future__ import annotations

import re

from support import outbox, reset_database, new_game, token

TIMESTAMP = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(\+00:00|Z)?")
TOKEN = re.compile(r"/play/[A-Za-z0-9_.\-]+")
CSRF = re.compile(r'(name="csrf_token"[^>]*value=")[^"]+"')


def normalise(text: str) -> str:
    return TIMESTAMP.sub("<time>", CSRF.sub(r'\1<csrf>"', TOKEN.sub("/play/<token>", text)))


def first(legal: list[dict], kind: str) -> dict:
    return next(a for a in legal if a["type"] == kind)


def what_others_see(client, ann_guard: str) -> list[str]:
    """Play a fixed opening in which Ann guards house-1 with `ann_guard`; record Bob's and Cat's channels."""
    reset_database()
    game = new_game(seed=5, first_player="Ann")
    tokens = {name: token(game, name) for name in ("Ann", "Bob", "Cat")}

    def act(name: str, choose) -> None:
        legal = client.get(f"/api/v1/play/{tokens[name]}").get_json()["legal_actions"]
        assert client.post(f"/api/v1/play/{tokens[name]}", json={"action": choose(legal)}).status_code == 200

    seen = []

    def record() -> None:
        for name in ("Bob", "Cat"):
            seen.append(client.get(f"/play/{tokens[name]}").text)
            seen.append(client.get(f"/api/v1/play/{tokens[name]}").get_data(as_text=True))

    record()
    act("Ann", lambda legal: {"type": "guard", "token": ann_guard, "entrance": "house-1"})
    record()
    act("Bob", lambda legal: next(a for a in legal if a["type"] == "scout" and a["board"] == "Ann"
                                  and a["entrance"] == "house-1"))
    record()
    act("Cat", lambda legal: first(legal, "raid"))
    record()
    act("Ann", lambda legal: first(legal, "pass"))
    record()
    act("Bob", lambda legal: first(legal, "guard"))
    record()
    for message in outbox():
        if message.recipient != "ann@example.org":
            seen += [message.recipient, message.subject, message.body_text, message.body_html,
                     message.message_id, message.in_reply_to or ""]
    return [normalise(text) for text in seen]


def test_a_hidden_choice_changes_nothing_the_others_see(client, app):
    with_warrior = what_others_see(client, "warrior")
    with_boy = what_others_see(client, "boy")
    assert len(with_warrior) > 20
    for a, b in zip(with_warrior, with_boy):
        assert a == b
    assert with_warrior == with_boy


def test_the_choice_is_visible_to_its_owner(client, app):
    """The control: Ann's own channels do differ, so the comparison above can see a difference."""
    views = []
    for choice in ("warrior", "boy"):
        reset_database()
        game = new_game(seed=5, first_player="Ann")
        ann = token(game, "Ann")
        client.post(f"/api/v1/play/{ann}", json={"action": {"type": "guard", "token": choice, "entrance": "house-1"}})
        views.append(normalise(client.get(f"/api/v1/play/{ann}").get_data(as_text=True)))
    assert views[0] != views[1]
