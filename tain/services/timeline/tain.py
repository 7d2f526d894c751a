"""Tàin as one player may know it: the placements and passes a step shows on their views (their
own tokens named, the others' face down), and the turns and phases that begin.

Within a scouting phase the step's moves are read off the board (so that a forced pass, or a
move a plan made, is told too). The step that resolves the raid phase clears the board: its
move is told from the logged action, and the report shows every token revealed.
"""
from __future__ import annotations

from typing import Any

from tain.games import Action, View
from tain.games.standing import is_standing

from .known import KnownMove

# (someone else's move, the viewer's own); {token} is only ever the viewer's own token
GUARD = ("{player} guards their {entrance} with a face-down token.", "You guard your {entrance} with your {token}.")
SCOUT = ("{player} scouts {board}'s {entrance} with a face-down token.",
         "You scout {board}'s {entrance} with your {token}.")
SCOUT_YOURS = "{player} scouts your {entrance} with a face-down token."
RAID = ("{player} raids the foreign kingdom with a face-down token.", "You raid the foreign kingdom with your {token}.")
PASS = ("{player} passes.", "You pass.")
TURN = ("Turn {turn} of {last_turn} begins: {active} is the active player.",
        "Turn {turn} of {last_turn} begins: you are the active player.")
GUARDING = "Simultaneous guarding begins: every clan still in play sets its guards at once."
OVER = "The game is over after turn {turn}."


def public(action: Action, player: str) -> Action | None:
    """Where another player put a token (never which token); nothing of a plan."""
    if is_standing(action):
        return None
    return {key: value for key, value in action.items() if key != "token"}


def moves(before: View, after: View, move: KnownMove) -> list[tuple[str, str]]:
    if len(after["reports"]) > len(before["reports"]):
        return _logged(move, after["you"])
    viewer = after["you"]
    told = []
    for player in [move.player, *(p for p in after["players"] if p != move.player)]:
        told += [(player, text) for text in _placed(before, after, player, viewer)]
        if player in after["passed"] and player not in before["passed"]:
            told.append((player, _say(PASS, player, viewer)))
    return told


def stage(before: View | None, after: View) -> str:
    if after["over"]:
        return OVER.format(turn=after["turn"])
    if before is not None and before["turn"] == after["turn"] and after["phase"] == "guarding":
        return GUARDING
    return _say(TURN, after["active_player"], after["you"], turn=after["turn"], last_turn=after["last_turn"],
                active=after["active_player"])


def _placed(before: View, after: View, player: str, viewer: str) -> list[str]:
    """The tokens `player` placed between the two views (same phase: nothing was taken off)."""
    told = []
    for owner, board in after["boards"].items():
        for entrance, slot in board.items():
            old = before["boards"][owner][entrance]
            if owner == player and slot["guard"] and not old["guard"]:
                told.append(_say(GUARD, player, viewer, entrance=entrance, token=slot["guard"]["token"]))
            scout = slot["scout"]
            if scout and scout["player"] == player and not old["scout"]:
                told.append(_scout(player, viewer, owner, entrance, scout["token"]))
    raiders = [raider for raider in after["kingdom"]["raiders"] if raider["player"] == player]
    known = sum(raider["player"] == player for raider in before["kingdom"]["raiders"])
    told += [_say(RAID, player, viewer, token=raider["token"]) for raider in raiders[known:]]
    return told


def own_move(action: Action, view: View) -> str:
    """One of the viewer's own moves in words (a move their plan made)."""
    viewer = view["you"]
    return _logged(KnownMove(viewer, action, True), viewer)[0][1]


def _logged(move: KnownMove, viewer: str) -> list[tuple[str, str]]:
    """The logged move itself, as the viewer may know it."""
    action = move.action
    if action is None:
        return []
    kind, token = action["type"], action.get("token")
    if kind == "pass":
        text = _say(PASS, move.player, viewer)
    elif kind == "guard":
        text = _say(GUARD, move.player, viewer, entrance=action["entrance"], token=token)
    elif kind == "scout":
        text = _scout(move.player, viewer, action["board"], action["entrance"], token)
    elif kind == "raid":
        text = _say(RAID, move.player, viewer, token=token)
    else:
        return []
    return [(move.player, text)]


def _scout(player: str, viewer: str, board: str, entrance: str, token: str | None) -> str:
    if player != viewer and board == viewer:
        return SCOUT_YOURS.format(player=player, entrance=entrance)
    return _say(SCOUT, player, viewer, board=board, entrance=entrance, token=token)


def _say(sentences: tuple[str, str], player: str, viewer: str, **params: Any) -> str:
    return sentences[player == viewer].format(player=player, **params)
