"""Database ids and seeds out of their columns' range: a clear refusal (404, 403 or 400), never a 500."""
from __future__ import annotations

import json

import pytest
from itsdangerous import URLSafeTimedSerializer

from support import new_game
from tain.extensions import db
from tain.models import Game

# Past a 32-bit id column, past SQLite's 64-bit integers, and far past both.
HUGE = [2**31, 2**63, 10**20]


def forged_token(seat_id: int) -> str:
    """A token whose (unsigned) payload names `seat_id`: the payload is read before the signature is checked."""
    return URLSafeTimedSerializer("not-the-secret", salt="tain.seat-link.x").dumps([seat_id, "00000000"])


@pytest.mark.parametrize("seat_id", [0, -1, *HUGE])
def test_a_token_naming_a_seat_id_out_of_range_is_a_bad_link(client, seat_id):
    page = client.get(f"/play/{forged_token(seat_id)}")
    assert page.status_code == 403 and "This link is not valid" in page.text
    api = client.get(f"/api/v1/play/{forged_token(seat_id)}")
    assert api.status_code == 403 and "This link is not valid" in api.get_json()["error"]
    post = client.post(f"/api/v1/play/{forged_token(seat_id)}", json={"action": {"type": "pass"}})
    assert post.status_code == 403


@pytest.mark.parametrize("message_id", ["0", *map(str, HUGE)])
def test_a_dev_mail_id_out_of_range_is_not_found(client, message_id):
    for path in (f"/dev/mail/{message_id}", f"/dev/mail/{message_id}/html"):
        assert client.get(path).status_code == 404, path


def test_a_seed_out_of_range_is_refused_by_the_command_line(runner, app):
    for seed in ("-1", str(2**63), str(10**20)):
        result = runner.invoke(args=["tain", "new-game", "--player", "Ann <ann@example.org>",
                                     "--player", "Bob <bob@example.org>", "--seed", seed])
        assert result.exit_code == 2 and "seed" in result.output and "Traceback" not in result.output, result.output
    with app.app_context():
        assert db.session.query(Game).count() == 0


def test_a_seed_out_of_range_is_refused_on_import(app):
    from tain.services.errors import InvalidGame
    from tain.services.export import export_game, import_game
    from support import NOW

    with app.app_context():
        data = json.loads(json.dumps(export_game(new_game())))
    for seed in (-1, 2**63, 10**20):
        with app.app_context(), pytest.raises(InvalidGame, match="seed"):
            import_game({**data, "seed": seed}, now=NOW)
    with app.app_context():
        assert db.session.query(Game).count() == 1
