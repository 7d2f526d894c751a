"""What a player sees of Tara: everything, since Tara hides nothing."""
from __future__ import annotations

import copy
from typing import Any

from tain.games import standing
from tain.games.base import Player, State, View
from tain.games.tara.battle import link_pairs, swap_squares
from tain.games.tara.notation import action_text
from tain.games.tara.scoring import kingdoms, match_points, match_winners, ringforts
from tain.games.tara.state import colour, opponent


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
        "stage": _stage(state),
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
        "reports": [_report(state, result) for result in state["results"]],
        "over": over,
        "scores": match_points(state),
        "winners": match_winners(state),
    }
    if viewer is not None:
        view.update(standing.own_view(state, viewer, action_text))  # "plan" and "plan_moves"
    if not over and state["phase"] == "battle":
        mover = state["to_move"]
        linking = state["step"] == "link"
        view["swappable"] = [] if linking else swap_squares(state, mover)
        view["linkable"] = link_pairs(state, mover) if linking else []
    return view


def _stage(state: State) -> dict[str, str]:
    """Where the match stands, in words: short for subjects, long for sentences."""
    games, number = state["options"]["games"], state["game_number"]
    if state["phase"] == "over":
        return {"short": "Match over", "long": "the match is over"}
    return {"short": f"Game {number}", "long": f"game {number} of {games}, {state['phase']}"}


def _report(state: State, result: dict[str, Any]) -> dict[str, Any]:
    """A finished game told in sentences (T9, T10), like Tàin's raid reports."""
    number, winner = result["game_number"], result["winner"]
    loser = opponent(state, winner)
    kingdoms, forts = result["kingdoms"], result["ringforts"]
    if kingdoms[winner] != kingdoms[loser]:
        why = f"{kingdoms[winner]} kingdom{'s' * (kingdoms[winner] != 1)} against {kingdoms[loser]}"
    else:
        why = f"{kingdoms[winner]} kingdom{'s' * (kingdoms[winner] != 1)} each, {forts[winner]} ringforts against {forts[loser]}"
    return {
        "game_number": number,
        "title": f"Game {number}: {winner} wins",
        "headline": f"Game {number}: {winner} wins",
        "lines": [f"{winner} wins game {number} ({why}) and scores {result['points'][winner]} points.",
                  "Match points: " + ", ".join(f"{p} {sum(r['points'][p] for r in state['results'][:number])}"
                                                 for p in state["players"]) + "."],
    }
