"""Tara actions as one line of text, and in the player's words.

    build D4            build D4 skip        (level 2: the opponent misses a turn)
    move-bridge C3-C4 D5-E5                  (an enemy bridge, paid with a counter)
    swap E5
    link C3-C4
    standing [["swap E5", "swap F5"], ["link E5-E6"]]    (a plan: see tain/games/standing.py)

>>> parse_action("move-bridge C3-C4 D5-E5")
{'type': 'move-bridge', 'from': 'C3-C4', 'to': 'D5-E5'}
"""
from __future__ import annotations

from tain.games import standing
from tain.games.base import N_, Action, IllegalAction, Message, Player
from tain.games.tara.words import message


def action_text(action: Action) -> str:
    kind = action["type"]
    if kind == "build":
        return f"build {action['square']}" + (" skip" if action.get("skip") else "")
    if kind == "move-bridge":
        return f"move-bridge {action['from']} {action['to']}"
    if kind == "swap":
        return f"swap {action['square']}"
    if kind == standing.STANDING:
        return standing.plan_text(action, action_text)
    return f"link {action['pair']}"


def parse_action(text: str) -> Action:
    words = text.split()
    kind = words[0].lower() if words else ""
    if kind == "build" and len(words) == 2:
        return {"type": "build", "square": words[1].upper()}
    if kind == "build" and len(words) == 3 and words[2].lower() == "skip":
        return {"type": "build", "square": words[1].upper(), "skip": True}
    if kind == "move-bridge" and len(words) == 3:
        return {"type": "move-bridge", "from": words[1].upper(), "to": words[2].upper()}
    if kind == "swap" and len(words) == 2:
        return {"type": "swap", "square": words[1].upper()}
    if kind == "link" and len(words) == 2:
        return {"type": "link", "pair": words[1].upper()}
    if kind == standing.STANDING:
        return standing.parse_plan_text("tara", text, parse_action)
    raise IllegalAction(N_("%(text)s is not an action; write for example 'build D4', 'swap E5', 'link C3-C4' or "
                           "'move-bridge C3-C4 D5-E5'."), "tara.not-an-action", text=repr(text.strip()))


def describe_action(action: Action, player: Player, for_others: bool = False) -> str:
    """The action in `player`'s words, in English (`describe_action_message`'s text)."""
    return describe_action_message(action, player, for_others)["text"]


def describe_action_message(action: Action, player: Player, for_others: bool = False) -> Message:
    """The action in `player`'s words; with `for_others`, as anyone else may hear it (Tara
    hides nothing but a plan)."""
    kind = action["type"]
    if kind == standing.STANDING:
        return standing.plan_message("tara", action, player, for_others)
    if for_others:
        return _told_to_others(action, player)
    if kind == "build" and action.get("skip"):
        return message("move-build-skip", N_("Build on %(square)s and make your opponent skip a turn"),
                       square=action["square"])
    if kind == "build":
        return message("move-build", N_("Build on %(square)s"), square=action["square"])
    if kind == "move-bridge":
        return message("move-bridge", N_("Move the enemy bridge %(start)s to %(end)s"),
                       start=action["from"], end=action["to"])
    if kind == "swap":
        return message("move-swap", N_("Swap the enemy ringfort on %(square)s"), square=action["square"])
    first, _, second = action["pair"].partition("-")
    return message("move-link", N_("Link %(first)s and %(second)s"), first=first, second=second)


def _told_to_others(action: Action, player: Player) -> Message:
    kind = action["type"]
    if kind == "build" and action.get("skip"):
        return message("move-build-skip-told", N_("%(player)s builds on %(square)s and makes their opponent skip a turn"),
                       player=player, square=action["square"])
    if kind == "build":
        return message("move-build-told", N_("%(player)s builds on %(square)s"), player=player, square=action["square"])
    if kind == "move-bridge":
        return message("move-bridge-told", N_("%(player)s moves the enemy bridge %(start)s to %(end)s"),
                       player=player, start=action["from"], end=action["to"])
    if kind == "swap":
        return message("move-swap-told", N_("%(player)s swaps the enemy ringfort on %(square)s"),
                       player=player, square=action["square"])
    first, _, second = action["pair"].partition("-")
    return message("move-link-told", N_("%(player)s links %(first)s and %(second)s"), player=player,
                   first=first, second=second)
