"""What a player sees of Tara: everything, since Tara hides nothing.

A view shares with the state what never changes in place: each player's latest turn (replaced
whole by the next move) and the finished games' results (in a list of the view's own). So no
caller may change a view or anything in it (tests/test_views_shared.py): whoever needs another
value builds a new one."""
from __future__ import annotations

from typing import Any

from tain.games import standing
from tain.games.base import N_, Nn_, Message, Player, State, View
from tain.games.tara.battle import link_pairs, swap_squares
from tain.games.tara.notation import action_text
from tain.games.tara.scoring import kingdoms, match_points, match_winners, ringforts
from tain.games.tara.state import colour, opponent
from tain.games.tara.words import message


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
        "last_turn": state["last_turn"],
        "results": list(state["results"]),
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


def _stage(state: State) -> dict[str, Any]:
    """Where the match stands, in words: short for subjects, long for sentences; `messages` the same
    as messages (docs/engine.md, "Messages")."""
    games, number = state["options"]["games"], state["game_number"]
    if state["phase"] == "over":
        short, long = message("stage-over", N_("Match over")), message("stage-over-long", N_("the match is over"))
    else:
        short = message("stage-game", N_("Game %(number)s"), number=number)
        long = (message("stage-manoeuvre", N_("game %(number)s of %(games)s, manoeuvre"), number=number, games=games)
                if state["phase"] == "manoeuvre" else
                message("stage-battle", N_("game %(number)s of %(games)s, battle"), number=number, games=games))
    return {"short": short["text"], "long": long["text"], "messages": {"short": short, "long": long}}


def _report(state: State, result: dict[str, Any]) -> dict[str, Any]:
    """A finished game told in sentences (T9, T10), like Tàin's raid reports: `title`, `headline`
    and `lines` in English, `messages` the same as messages."""
    number, winner = result["game_number"], result["winner"]
    title = message("report-title", N_("Game %(number)s: %(winner)s wins"), number=number, winner=winner)
    lines = [_why(result, winner, opponent(state, winner)),
             message("match-points", N_("Match points: %(points)s."), points=", ".join(
                 f"{p} {sum(r['points'][p] for r in state['results'][:number])}" for p in state["players"]))]
    return {"game_number": number, "title": title["text"], "headline": title["text"],
            "lines": [line["text"] for line in lines],
            "messages": {"title": title, "headline": title, "lines": lines}}


def _why(result: dict[str, Any], winner: Player, loser: Player) -> Message:
    """T10: the winner's kingdoms against the loser's, or their ringforts on equal kingdoms."""
    kingdoms, forts = result["kingdoms"], result["ringforts"]
    said = {"winner": winner, "number": result["game_number"], "points": result["points"][winner],
            "num": kingdoms[winner], "lost": kingdoms[loser]}
    if kingdoms[winner] != kingdoms[loser]:
        return message("won-on-kingdoms", Nn_(
            "%(winner)s wins game %(number)s (%(num)s kingdom against %(lost)s) and scores %(points)s points.",
            "%(winner)s wins game %(number)s (%(num)s kingdoms against %(lost)s) and scores %(points)s points."), **said)
    return message("won-on-ringforts", Nn_(
        "%(winner)s wins game %(number)s (%(num)s kingdom each, %(forts)s ringforts against %(lost_forts)s) and "
        "scores %(points)s points.",
        "%(winner)s wins game %(number)s (%(num)s kingdoms each, %(forts)s ringforts against %(lost_forts)s) and "
        "scores %(points)s points."), **said, forts=forts[winner], lost_forts=forts[loser])
