"""What a player sees of Tara: everything, since Tara hides nothing."""
from __future__ import annotations

import copy

from tain.games.base import Player, State, View
from tain.games.tara.battle import link_pairs, swap_squares
from tain.games.tara.scoring import kingdoms, match_points, match_winners, ringforts
from tain.games.tara.state import colour


def build_view(state: State, viewer: Player | None, to_act: list[Player]) -> View:
    players = state["players"]
    over = state["phase"] == "over"
    view: View = {
        "game": "tara",
        "you": viewer,
        "players": list(players),
        "colours": {p: colour(state, p) for p in players},
        "level": state["options"]["level"],
        "games": state["options"]["games"],
        "game_number": state["game_number"],
        "first_player": state["first"],
        "phase": state["phase"],
        "step": None if over else state["step"],
        "to_act": to_act,
        "board": dict(state["board"]),
        "kings": dict(state["kings"]),
        "bridges": dict(state["bridges"]),
        "spare": state["spare"],
        "counters": dict(state["counters"]),
        "bridges_in_hand": dict(state["bridges_in_hand"]),
        "kingdoms": {p: kingdoms(state, p) for p in players},
        "ringforts": {p: ringforts(state, p) for p in players},
        "last_turn": copy.deepcopy(state["last_turn"]),
        "results": copy.deepcopy(state["results"]),
        "over": over,
        "scores": match_points(state),
        "winners": match_winners(state),
    }
    if not over and state["phase"] == "battle":
        mover = state["to_move"]
        view["swappable"] = swap_squares(state, mover)
        view["linkable"] = link_pairs(state, mover) if state["step"] == "link" else []
    return view
