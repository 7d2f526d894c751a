"""Tara as one player may know it (Tara hides nothing but a plan): each step of a turn, read off
the view's `last_turn` (each player's latest turn, in text) so that a move a plan made is told
too, and the games and phases of the match that begin. Each sentence is a message (`tara.timeline-…`,
tain.messages): English as a str, said in the reader's language by `say`."""
from __future__ import annotations

from typing import Any

from tain.games import Action, View, get_game
from tain.games.base import N_
from tain.games.standing import is_standing
from tain.games.tara.words import message
from tain.messages import Told

from .known import KnownMove

# (the other player's step, the viewer's own), each (id, msgid); in a match of two, "your" is the viewer's
BUILD = (("timeline-build", N_("%(player)s builds a ringfort on %(square)s.")),
         ("timeline-build-own", N_("You build a ringfort on %(square)s.")))
BUILD_SKIP = (("timeline-build-skip", N_("%(player)s builds on %(square)s, completing the siege of your king, and "
                                          "pays a counter to build again.")),
              ("timeline-build-skip-own", N_("You build on %(square)s, completing the siege of %(enemy)s's king, and "
                                              "pay a counter to build again.")))
MOVE_BRIDGE = (("timeline-move-bridge", N_("%(player)s moves your bridge from %(start)s to %(end)s, for a counter.")),
               ("timeline-move-bridge-own", N_("You move %(enemy)s's bridge from %(start)s to %(end)s, for a counter.")))
SWAP = (("timeline-swap", N_("%(player)s swaps your ringfort on %(square)s: their king moves in.")),
        ("timeline-swap-own", N_("You swap %(enemy)s's ringfort on %(square)s: your king moves in.")))
LINK = (("timeline-link", N_("%(player)s links %(first)s and %(second)s with a bridge.")),
        ("timeline-link-own", N_("You link %(first)s and %(second)s with a bridge.")))
GAME = (("timeline-game", N_("Game %(number)s of %(games)s begins: %(first)s builds first.")),
        ("timeline-game-own", N_("Game %(number)s of %(games)s begins: you build first.")))
BATTLE = (("timeline-battle", N_("Every ringfort is built and the battle begins: %(player)s moves first.")),
          ("timeline-battle-own", N_("Every ringfort is built and the battle begins: you move first.")))
OVER = ("timeline-over", N_("The match is over."))


def public(action: Action, player: str) -> Action | None:
    """Every step is on the board for both to see; a plan is not."""
    return None if is_standing(action) else action


def moves(before: View, after: View, move: KnownMove) -> list[tuple[str, Told]]:
    viewer = after["you"]
    told = [(move.player, _step(step, move.player, viewer, after)) for step in _mover_steps(before, after, move)]
    for player in after["players"]:
        if player != move.player:
            told += [(player, _step(step, player, viewer, after)) for step in _turn_of(before, after, player)]
    return told


def stage(before: View | None, after: View) -> Told:
    if after["over"]:
        return Told(message(*OVER))
    if before is None or before["game_number"] != after["game_number"]:
        return _say(GAME, after["first_player"], after["you"], number=after["game_number"], games=after["games"],
                    first=after["first_player"])
    return _say(BATTLE, after["to_act"][0], after["you"])


def own_move(action: Action, view: View) -> Told:
    """One of the viewer's own steps in words (a step their plan made)."""
    return _step(get_game("tara").action_text(action), view["you"], view["you"], view)


def _steps(view: View, player: str) -> list[str]:
    return list((view["last_turn"] or {}).get(player, []))


def _mover_steps(before: View, after: View, move: KnownMove) -> list[str]:
    """The logged step and any that followed it in the mover's turn (a plan's), as the text forms say.
    A standing order is no step: the steps its plan made at once are read off the view."""
    if move.action is None or is_standing(move.action):
        old, new = _steps(before, move.player), _steps(after, move.player)
        return new[len(old):] if len(new) > len(old) and new[:len(old)] == old else _turn_of(before, after, move.player)
    text = get_game("tara").action_text(move.action)
    old, new = _steps(before, move.player), _steps(after, move.player)
    if new[:len(old) + 1] == [*old, text]:
        return new[len(old):]  # the turn went on
    if new[:1] == [text]:
        return new  # the turn began with it
    return [text, *(new if new != old else [])]  # the game ended with it, or a plan's new turn followed


def _turn_of(before: View, after: View, player: str) -> list[str]:
    """The steps another player's plan made in this step: a whole new turn of theirs, since they were
    not in the middle of one while the mover moved."""
    new = _steps(after, player)
    return new if new != _steps(before, player) else []


def _step(text: str, player: str, viewer: str, view: View) -> Told:
    action = get_game("tara").parse_action(text)
    enemy = next(p for p in view["players"] if p != player)
    kind = action["type"]
    if kind == "build":
        return _say(BUILD_SKIP if action.get("skip") else BUILD, player, viewer, square=action["square"], enemy=enemy)
    if kind == "move-bridge":
        return _say(MOVE_BRIDGE, player, viewer, start=action["from"], end=action["to"], enemy=enemy)
    if kind == "swap":
        return _say(SWAP, player, viewer, square=action["square"], enemy=enemy)
    first, second = action["pair"].split("-")
    return _say(LINK, player, viewer, first=first, second=second)


def _say(sentences: tuple[tuple[str, str], tuple[str, str]], player: str, viewer: str, **params: Any) -> Told:
    return Told(message(*sentences[player == viewer], player=player, **params))
