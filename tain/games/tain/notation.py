"""Tàin actions as one line of text, for logs, emails and bots written by players.

    guard <token> <entrance>            guard warrior house-1
    scout <token> <entrance> <board>    scout boy pasture-2 Bob Smith
    raid <token>                        raid chieftain
    pass
    standing <entries as JSON>          standing [["scout warrior house-1 bob", "pass"], ["pass"]]

The board comes last because a player's name may contain spaces.

>>> parse_action("scout boy pasture-2 Bob Smith")
{'type': 'scout', 'token': 'boy', 'board': 'Bob Smith', 'entrance': 'pasture-2'}
>>> action_text({"type": "raid", "token": "chieftain"})
'raid chieftain'
"""
from __future__ import annotations

from tain.games import standing
from tain.games.base import N_, Action, IllegalAction, Message, Player
from tain.games.tain.words import message


def action_text(action: Action) -> str:
    kind = action["type"]
    if kind == "guard":
        return f"guard {action['token']} {action['entrance']}"
    if kind == "scout":
        return f"scout {action['token']} {action['entrance']} {action['board']}"
    if kind == "raid":
        return f"raid {action['token']}"
    if kind == standing.STANDING:
        return standing.plan_text(action, action_text)
    return "pass"


def parse_action(text: str) -> Action:
    """The action a line of text names; its legality is checked by `apply`."""
    words = text.split()
    kind = words[0].lower() if words else ""
    if kind == "pass" and len(words) == 1:
        return {"type": "pass"}
    if kind == standing.STANDING:
        return standing.parse_plan_text("tain", text, parse_action)
    if kind == "raid" and len(words) == 2:
        return {"type": "raid", "token": words[1]}
    if kind == "guard" and len(words) == 3:
        return {"type": "guard", "token": words[1], "entrance": words[2]}
    if kind == "scout" and len(words) >= 4:
        board = text.split(None, 3)[3].strip()
        return {"type": "scout", "token": words[1], "board": board, "entrance": words[2]}
    raise IllegalAction(N_("%(text)s is not an action; write for example 'guard warrior house-1', "
                           "'scout boy pasture-2 Bob', 'raid chieftain' or 'pass'."), "tain.not-an-action",
                        text=repr(text.strip()))


def describe_action(action: Action, player: Player, for_others: bool = False) -> str:
    """The action as `player` would say it, in English (`describe_action_message`'s text)."""
    return describe_action_message(action, player, for_others)["text"]


def describe_action_message(action: Action, player: Player, for_others: bool = False) -> Message:
    """The action as `player` would say it: 'Scout Bob's pasture-2 with a boy'. With
    `for_others`, as anyone else may hear it: the token face down, a plan not shown."""
    kind = action["type"]
    if kind == standing.STANDING:
        return standing.plan_message("tain", action, player, for_others)
    if for_others:
        return _told_to_others(action, player)
    if kind == "pass":
        return message("move-pass", N_("Pass"))
    if kind == "guard":
        return message("move-guard", N_("Guard your %(entrance)s with %(a_token)s"),
                       entrance=action["entrance"], a_token=action["token"])
    if kind == "scout":
        return message("move-scout", N_("Scout %(board)s's %(entrance)s with %(a_token)s"),
                       board=action["board"], entrance=action["entrance"], a_token=action["token"])
    return message("move-raid", N_("Raid the foreign kingdom with %(a_token)s"), a_token=action["token"])


def _told_to_others(action: Action, player: Player) -> Message:
    kind = action["type"]
    if kind == "pass":
        return message("move-pass-told", N_("%(player)s passes"), player=player)
    if kind == "guard":
        return message("move-guard-told", N_("%(player)s guards their %(entrance)s"),
                       player=player, entrance=action["entrance"])
    if kind == "scout":
        return message("move-scout-told", N_("%(player)s scouts %(board)s's %(entrance)s"),
                       player=player, board=action["board"], entrance=action["entrance"])
    return message("move-raid-told", N_("%(player)s raids the foreign kingdom"), player=player)
