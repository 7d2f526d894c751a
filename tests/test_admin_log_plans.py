"""The admin's log shows a standing order as face down as the placements it makes (issue 11)."""
from __future__ import annotations

from support import NOW, new_game
from tain.services.admin import action_log
from tain.services.play import submit

PLAN = {"type": "standing", "plan": [
    [{"type": "scout", "token": "warrior", "board": "Bob", "entrance": "house-1"},
     {"type": "scout", "token": "warrior", "board": "Bob", "entrance": "house-2"}],
    [{"type": "pass"}],
]}


def test_a_logged_plan_names_no_token_except_to_its_own_seat(app):
    game = new_game()
    submit(game.seat_named("Ann"), PLAN, now=NOW)
    public = " ".join(line.text for line in action_log(game))
    assert public == "Ann changed their plan"  # nothing of what it plans
    assert "warrior" in " ".join(line.text for line in action_log(game, revealed_for="Ann"))
