"""What one player may know ("What each player may know" in the rulings).

A view is built by adding only what its player may see, never by copying the
state and stripping it: a new field of the state stays hidden until it is
deliberately added here.

A view shares with the state what every player may see whole and what never
changes once written: the past raid reports (in a list of the view's own). So
no caller may change a view or anything in it (tests/test_views_shared.py):
whoever needs another value builds a new one.
"""
from __future__ import annotations

from typing import Any

from tain.games import standing
from tain.games.base import N_, Player, State, View
from tain.games.tain.notation import action_text
from tain.games.tain.rules import LAST_TURN
from tain.games.tain.scouting import to_act
from tain.games.tain.scoring import scores, winners
from tain.games.tain.words import message


def build_view(state: State, viewer: Player | None) -> View:
    over = state["phase"] == "over"
    view: View = {
        "game": "tain",
        "you": viewer,
        "players": list(state["players"]),
        "turn": state["turn"],
        "last_turn": LAST_TURN,
        "phase": state["phase"],
        "stage": _stage(state),
        "active_player": state["active"],
        "to_act": to_act(state),
        "passed": list(state["passed"]),
        "clans": {player: _public_clan(state, player) for player in state["players"]},
        "boards": {owner: _board(state, owner, viewer) for owner in state["players"]},
        "kingdom": {
            "cows": state["kingdom"]["cows"],
            "raiders": [_placed(raider["player"], raider["token"], viewer) for raider in state["kingdom"]["raiders"]],
        },
        # shared, not copied: every player may see a past report whole, and it never changes; so a
        # caller must never change its view (whatever it changed would change the state)
        "reports": list(state["reports"]),
        "over": over,
        "scores": scores(state),
        "winners": winners(state) if over else [],
    }
    if viewer is not None:
        clan = state["clans"][viewer]
        view["screen"] = dict(clan["screen"])
        view["discard"] = dict(clan["discard"])
        view.update(standing.own_view(state, viewer, action_text))  # "plan" and "plan_moves"
    return view


def _stage(state: State) -> dict[str, Any]:
    """Where the game stands, in words: short for subjects, long for sentences; `messages` the same
    as messages (docs/engine.md, "Messages")."""
    turn = state["turn"]
    if state["phase"] == "over":
        short = message("stage-over", N_("Game over"))
        long = message("stage-over-long", N_("over after turn %(turn)s"), turn=turn)
    else:
        short = message("stage-turn", N_("Turn %(turn)s"), turn=turn)
        long = (message("stage-guarding", N_("turn %(turn)s of %(last_turn)s, simultaneous guarding"),
                        turn=turn, last_turn=LAST_TURN) if state["phase"] == "guarding" else
                message("stage-scouting", N_("turn %(turn)s of %(last_turn)s, scouting"), turn=turn, last_turn=LAST_TURN))
    return {"short": short["text"], "long": long["text"], "messages": {"short": short, "long": long}}


def _public_clan(state: State, player: Player) -> dict[str, Any]:
    clan = state["clans"][player]
    return {
        "cows": clan["cows"],
        "jewels": clan["jewels"],
        "captives": [dict(captive) for captive in clan["captives"]],
        "screen_count": sum(clan["screen"].values()),
        "discard_count": sum(clan["discard"].values()),
        "raided": any(raider["player"] == player for raider in state["kingdom"]["raiders"]),
        "passed": player in state["passed"],
    }


def _board(state: State, owner: Player, viewer: Player | None) -> dict[str, Any]:
    board = {}
    for entrance, slot in state["boards"][owner].items():
        guard, scout = slot["guard"], slot["scout"]
        board[entrance] = {
            "guard": None if guard is None else _placed(owner, guard, viewer),
            "scout": None if scout is None else _placed(scout["player"], scout["token"], viewer),
        }
    return board


def _placed(owner: Player, token: str, viewer: Player | None) -> dict[str, Any]:
    """A face-down token: everyone sees whose it is, only its owner sees what it is."""
    return {"player": owner, "token": token if owner == viewer else None}
