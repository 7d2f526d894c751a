"""Standing rules (I51): each player's private, ordered orders for the Triskel windows and his
Season turns, given at any time with the free `standing` action."""
from __future__ import annotations

from typing import Any

from tain.games.base import N_, IllegalAction, Player
from tain.games.inis.board import Board
from tain.games.inis.catalogue import is_card
from tain.games.inis.words import message

WINDOWS = ("announced", "resolved", "turn-end", "clash-start", "citadels-end", "after-maneuver",
           "clan-removed", "assembly-start", "draw", "season-turn")
CONDITIONS = {"by": list, "card": list, "territory": list, "targets_me": bool, "season_would_end": bool,
              "my_action_cards": int}
MAX_RULES = 50
MAX_ENTRIES, MAX_ALTERNATIVES = 40, 8  # plans of moves, as in every game (engine-api.md)
PLAY_KEYS = {"card", "territory", "place", "from", "to", "clans", "discard", "replace", "look", "next", "give",
             "instigator", "player", "target", "set_aside", "remove", "flip", "clash", "exposed", "sheltered"}
ACTION_KEYS: dict[str, set[str]] = {
    "capital": {"territory"}, "place-clan": {"territory"}, "draft": {"keep"}, "set-aside": {"card"},
    "pass": set(), "pretender": set(), "place-clans": {"place"}, "play": PLAY_KEYS, "move": {"from", "to", "clans"},
    "done": set(), "take": {"card"}, "keep": {"card"}, "give": {"card", "to"},
    "place-territory": {"cell", "territory"}, "clash-order": {"territory"}, "return": {"clans"},
    "discard": {"card"}, "lose-clan": {"save", "territory"}, "discard-and-lose": {"card", "save", "territory"},
    "shelter": {"clans"}, "attack": {"target", "with", "force"}, "withdraw": set(), "offer-peace": set(),
    "end-clash": set(), "peace": {"accept"}, "decline": set(),
}


def check_rules(rules: Any) -> None:
    """Refuse a list that is not valid rules (engine-api-inis.md, "standing")."""
    if not isinstance(rules, list):
        raise IllegalAction(N_("Standing rules are a list of rules."), "inis.standing-not-a-list")
    if len(rules) > MAX_RULES:
        raise IllegalAction(N_("You may keep at most %(most)s standing rules."), "inis.standing-too-many",
                            most=MAX_RULES)
    for number, rule in enumerate(rules, 1):
        _check_rule(rule, number)


def check_plan(plan: Any) -> None:
    """A plan of moves (engine-api.md, "Standing orders"): at most 40 entries, each 1 to 8
    alternative Inis moves; whether they are legal is decided when they are played."""
    if not isinstance(plan, list) or not all(isinstance(entry, list) for entry in plan):
        raise IllegalAction(N_("A plan is a list of entries, each a list of alternative actions."),
                            "inis.plan-not-a-list")
    if len(plan) > MAX_ENTRIES:
        raise IllegalAction(N_("A plan has at most %(most)s entries, not %(entries)s."), "inis.plan-too-long",
                            most=MAX_ENTRIES, entries=len(plan))
    for number, entry in enumerate(plan, 1):
        if not 1 <= len(entry) <= MAX_ALTERNATIVES:
            raise IllegalAction(N_("Entry %(entry)s of the plan must hold 1 to %(most)s alternative actions."),
                                "inis.plan-entry-size", entry=number, most=MAX_ALTERNATIVES)
        for move in entry:
            kind = move.get("type") if isinstance(move, dict) else None
            if kind == "standing":
                raise IllegalAction(N_("Entry %(entry)s of the plan holds a standing order; a plan holds moves only."),
                                    "inis.plan-nested", entry=number)
            if kind not in ACTION_KEYS or not set(move) - {"type"} <= ACTION_KEYS[kind]:
                raise IllegalAction(N_("Entry %(entry)s of the plan holds something that is not an Inis move."),
                                    "inis.plan-not-a-move", entry=number)


def _bad(number: int, key: str, why: str, **params: Any) -> IllegalAction:
    """Rule `number` refused: `why` (a message of its own, `inis.rule-<key>`)."""
    return IllegalAction(N_("Standing rule %(rule)s: %(why)s."), "inis.standing-bad-rule", rule=number,
                         why=message(f"rule-{key}", why, **params))


def _check_rule(rule: Any, number: int) -> None:
    if not isinstance(rule, dict) or not {"window", "then"} <= set(rule) <= {"window", "when", "then", "once"}:
        raise _bad(number, "keys", N_("a rule has a window, a then, and may have a when and a once"))
    window = rule["window"]
    if window not in WINDOWS:
        raise _bad(number, "window", N_("there is no window %(window)s"), window=repr(window))
    when = rule.get("when", {})
    if not isinstance(when, dict):
        raise _bad(number, "when", N_("when must map conditions to values"))
    for key, value in when.items():
        if key not in CONDITIONS:
            raise _bad(number, "condition", N_("there is no condition %(condition)s"), condition=repr(key))
        wanted = CONDITIONS[key]
        if wanted is list:
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise _bad(number, "names", N_("%(condition)s is a list of names"), condition=key)
            if key == "card" and not all(is_card(v) for v in value):
                raise _bad(number, "card", N_("it names a card that does not exist"))
        elif wanted is bool and not isinstance(value, bool):
            raise _bad(number, "flag", N_("%(condition)s is true or false"), condition=key)
        elif wanted is int and (type(value) is not int or value < 0):
            raise _bad(number, "count", N_("%(condition)s is a number of cards"), condition=key)
    if "once" in rule and not isinstance(rule["once"], bool):
        raise _bad(number, "once", N_("once is true or false"))
    then = rule["then"]
    allowed = ("pass",) if window == "season-turn" else ("ask", "decline")
    if isinstance(then, str):
        if then not in allowed:
            raise _bad(number, "then", N_("then must be pass or a play here") if window == "season-turn"
                       else N_("then must be ask or decline or a play here"))
    elif not (isinstance(then, dict) and is_card(then.get("play"))):
        raise _bad(number, "then-card", N_("then plays a card that does not exist"))
    elif not set(then) - {"play"} <= PLAY_KEYS - {"card"}:
        raise _bad(number, "then-argument", N_("then names an argument no card takes"))


def _territories_of(board: Board, player: Player) -> set[str]:
    return {t for t, here in board["terr"].items() if here["clans"].get(player)}


def matches(board: Board, player: Player, rule: dict, trigger: dict) -> bool:
    """Whether a rule's conditions, on public facts only, hold for this trigger."""
    if rule["window"] != trigger["kind"]:
        return False
    for key, value in rule.get("when", {}).items():
        if key == "by" and trigger.get("actor") not in value:
            return False
        if key == "card" and trigger.get("card") not in value:
            return False
        if key == "territory" and not set(trigger.get("territories", ())) & set(value):
            return False
        if key == "targets_me":
            targeted = (player in trigger.get("players", ())
                        or bool(set(trigger.get("territories", ())) & _territories_of(board, player)))
            if targeted != value:
                return False
        if key == "season_would_end" and bool(trigger.get("would_end")) != value:
            return False
        if key == "my_action_cards" and len(board["hands"][player]["action"]) != value:
            return False
    return True


def first_match(board: Board, player: Player, trigger: dict, start: int = 0) -> int | None:
    """The index of the player's first rule matching `trigger`, from `start`."""
    rules = board["standing"][player]
    for index in range(start, len(rules)):
        if matches(board, player, rules[index], trigger):
            return index
    return None


def take_match(board: Board, player: Player, trigger: dict, start: int = 0) -> tuple[Any, int] | None:
    """The `then` of the first matching rule from `start`, and where to look for the next one;
    a `once` rule is deleted as it matches."""
    index = first_match(board, player, trigger, start)
    if index is None:
        return None
    rule = board["standing"][player][index]
    if rule.get("once"):
        del board["standing"][player][index]
        return rule["then"], index
    return rule["then"], index + 1


def agrees(action: dict, then: dict) -> bool:
    """A legal play agrees with a rule's play when every argument the rule gives is the same."""
    return all(key == "play" or action.get(key) == value for key, value in then.items()) \
        and action.get("card") == then["play"]
