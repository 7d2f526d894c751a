"""A whole 3-player game, from `tain new-game` to the final scores, over a real SMTP server:
every move is made on the page opened from the link in the email the player received."""
from __future__ import annotations

import json
import random
from collections import deque

from support import LINK_RE, csrf_of, text_of
from tain.services.letters import send_pending

PLAYERS = {"ann@example.org": "Ann", "bob@example.org": "Bob", "cat@example.org": "Cat"}


def choose(snapshot: dict, rng: random.Random) -> dict:
    """Form fields for a random legal move: in guarding, some guards and the pass at once (R8)."""
    legal = snapshot["legal_actions"]
    version = str(snapshot["game"]["version"])
    if snapshot["view"]["phase"] == "guarding":
        guards, used = [], set()
        for action in rng.sample(legal, len(legal)):
            if action["type"] == "guard" and action["entrance"] not in used and rng.random() < 0.3:
                guards.append(action)
                used.add(action["entrance"])
        return {"version": version, "actions": [json.dumps(a) for a in guards + [{"type": "pass"}]]}
    placing = [a for a in legal if a["type"] != "pass"]
    action = rng.choice(placing) if placing and rng.random() < 0.75 else {"type": "pass"}
    return {"version": version, "action": json.dumps(action), "confirm": "yes"}  # a pass asks for it (a second click)


def test_a_whole_game_by_email(smtp_server, runner, client):
    result = runner.invoke(args=["tain", "new-game", "--game", "tain", "--first-player", "Bob", "--seed", "3",
                                 *[arg for address, name in PLAYERS.items() for arg in ("--player", f"{name} <{address}>")]])
    assert result.exit_code == 0, result.output
    game_id = int(result.output.strip().splitlines()[-1])

    rng = random.Random(2)
    seen = 0
    calls = deque()  # (player, token) from each email that says it is their move

    def read_new_mail() -> None:
        nonlocal seen
        send_pending()  # what the clock does every few seconds: a request never waits for SMTP
        for message in smtp_server.messages[seen:]:
            assert message["Subject"].startswith(f"[Tàin #{game_id}]")
            text = text_of(message)
            if "your move" in message["Subject"] or "It is your move" in text:
                calls.append((PLAYERS[message["To"]], LINK_RE.search(text)[1]))
        seen = len(smtp_server.messages)

    read_new_mail()
    assert len(smtp_server.messages) == 3 and len(calls) == 1 and calls[0][0] == "Bob"
    moves = 0
    while calls:
        player, token = calls.popleft()
        while True:
            page = client.get(f"/play/{token}")
            assert page.status_code == 200 and player in page.text
            snapshot = client.get(f"/api/v1/play/{token}").get_json()
            if not snapshot["legal_actions"]:
                break
            fields = choose(snapshot, rng)
            response = client.post(f"/play/{token}", data={"csrf_token": csrf_of(page.text), **fields})
            assert response.status_code == 303
            assert client.get(f"/api/v1/play/{token}").get_json()["game"]["version"] > snapshot["game"]["version"]
            moves += 1
            read_new_mail()
        assert moves < 1000

    for address, name in PLAYERS.items():
        mails = smtp_server.to(address)
        final = mails[-1]
        assert final["Subject"] == f"[Tàin #{game_id}] Final scores"
        body = text_of(final)
        assert "Final scores:" in body and ("wins." in body or "shared win" in body)
        # one thread per game and seat: every later email answers the invitation
        root = mails[0]["Message-ID"]
        assert all(m["In-Reply-To"] == root and root in m["References"] for m in mails[1:])
        assert len({m["Message-ID"] for m in mails}) == len(mails)
        assert any("raid report" in m["Subject"] for m in mails)
    snapshot = client.get(f"/api/v1/play/{LINK_RE.search(text_of(final))[1]}").get_json()
    assert snapshot["over"] is True and set(snapshot["game"]["scores"]) == set(PLAYERS.values())
