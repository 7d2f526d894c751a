"""Tàin as one player may know it: the placements and passes a step shows on their views (their
own tokens named, the others' face down), and the turns and phases that begin. Each sentence is a
message (`tain.timeline-…`, tain.messages): English as a str, said in the reader's language by `say`.

Within a scouting phase the step's moves are read off the board (so that a forced pass, or a
move a plan made, is told too). The step that resolves the raid phase clears the board: its
move is told from the logged action, and the report shows every token revealed.
"""
from __future__ import annotations

from typing import Any

from tain.games import Action, View
from tain.games.base import N_
from tain.games.standing import is_standing
from tain.games.tain.words import message
from tain.messages import Told

from .known import KnownMove

# (someone else's move, the viewer's own), each (id, msgid); %(token)s is only ever the viewer's own token
GUARD = (("timeline-guard", N_("%(player)s guards their %(entrance)s with a face-down token.")),
         ("timeline-guard-own", N_("You guard your %(entrance)s with your %(token)s.")))
SCOUT = (("timeline-scout", N_("%(player)s scouts %(board)s's %(entrance)s with a face-down token.")),
         ("timeline-scout-own", N_("You scout %(board)s's %(entrance)s with your %(token)s.")))
SCOUT_YOURS = ("timeline-scout-yours", N_("%(player)s scouts your %(entrance)s with a face-down token."))
RAID = (("timeline-raid", N_("%(player)s raids the foreign kingdom with a face-down token.")),
        ("timeline-raid-own", N_("You raid the foreign kingdom with your %(token)s.")))
PASS = (("timeline-pass", N_("%(player)s passes.")), ("timeline-pass-own", N_("You pass.")))
TURN = (("timeline-turn", N_("Turn %(turn)s of %(last_turn)s begins: %(active)s is the active player.")),
        ("timeline-turn-own", N_("Turn %(turn)s of %(last_turn)s begins: you are the active player.")))
GUARDING = ("timeline-guarding", N_("Simultaneous guarding begins: every clan still in play sets its guards at once."))
OVER = ("timeline-over", N_("The game is over after turn %(turn)s."))


def public(action: Action, player: str) -> Action | None:
    """Where another player put a token (never which token); nothing of a plan."""
    if is_standing(action):
        return None
    return {key: value for key, value in action.items() if key != "token"}


def moves(before: View, after: View, move: KnownMove) -> list[tuple[str, Told]]:
    if len(after["reports"]) > len(before["reports"]):
        return _logged(move, after["you"])
    viewer = after["you"]
    told = []
    for player in [move.player, *(p for p in after["players"] if p != move.player)]:
        told += [(player, text) for text in _placed(before, after, player, viewer)]
        if player in after["passed"] and player not in before["passed"]:
            told.append((player, _say(PASS, player, viewer)))
    return told


def stage(before: View | None, after: View) -> Told:
    if after["over"]:
        return Told(message(*OVER, turn=after["turn"]))
    if before is not None and before["turn"] == after["turn"] and after["phase"] == "guarding":
        return Told(message(*GUARDING))
    return _say(TURN, after["active_player"], after["you"], turn=after["turn"], last_turn=after["last_turn"],
                active=after["active_player"])


def _placed(before: View, after: View, player: str, viewer: str) -> list[Told]:
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


def own_move(action: Action, view: View) -> Told:
    """One of the viewer's own moves in words (a move their plan made)."""
    viewer = view["you"]
    return _logged(KnownMove(viewer, action, True), viewer)[0][1]


def _logged(move: KnownMove, viewer: str) -> list[tuple[str, Told]]:
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


def _scout(player: str, viewer: str, board: str, entrance: str, token: str | None) -> Told:
    if player != viewer and board == viewer:
        return Told(message(*SCOUT_YOURS, player=player, entrance=entrance))
    return _say(SCOUT, player, viewer, board=board, entrance=entrance, token=token)


def _say(sentences: tuple[tuple[str, str], tuple[str, str]], player: str, viewer: str, **params: Any) -> Told:
    return Told(message(*sentences[player == viewer], player=player, **params))
