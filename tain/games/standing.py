"""Standing orders, the same in every game (`../shared/spec/engine-api.md`, "Standing orders").

A player may give the engine a plan of their next moves at any time, whether or not it is
their move:

    {"type": "standing", "plan": [[action, fallback, ...], [action], ...]}

Whenever a player with a plan is to act, the engine plays the first alternative of the plan's
next entry that is legal at that moment, and goes on while they are still to act; an entry
with no legal alternative clears the whole plan and the player is asked. This module knows
the shape of a plan and how to play plans; each engine says what is legal and plays the move.

In the state (keys written only once a player has given a plan):

    "plans": {player: [entry, ...]}         only players whose plan is not empty
    "plan_moves": [{"player": p, "action": a, **moment}, ...]   every move a plan made, oldest
                                            first; never changed once written, so copies share it

Both are private to their player: only `own_view` shows them, and only to that player.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from tain.games.base import N_, Nn_, Action, IllegalAction, Message, Player, State, message

STANDING = "standing"
MAX_ENTRIES = 40
MAX_ALTERNATIVES = 8
Plan = list[list[Action]]
# kind → (keys it must have, keys it may have), "type" included
ActionShapes = dict[str, tuple[set[str], set[str]]]


def is_standing(action: Any) -> bool:
    return isinstance(action, dict) and action.get("type") == STANDING


def check_player(game: str, state: State, player: Any, over: bool) -> None:
    """A standing order may come from any player of a game that is not over."""
    if not isinstance(player, str) or player not in state["players"]:
        raise IllegalAction(N_("%(player)s is not playing in this game."), f"{game}.not-a-player", player=repr(player))
    if over:
        raise IllegalAction(N_("The game is over."), f"{game}.game-over")


def check_plan(game: str, action: Action, shapes: ActionShapes) -> Plan:
    """The plan of a standing order, refused with IllegalAction unless its shape is right:
    at most 40 entries, each 1 to 8 alternative actions of the game's own kinds. Whether the
    moves are legal is decided when they are played."""
    if set(action) != {"type", "plan"}:
        raise IllegalAction(N_("A standing order has exactly the keys type and plan."), f"{game}.standing-keys")
    plan = action["plan"]
    if not isinstance(plan, list) or not all(isinstance(entry, list) for entry in plan):
        raise IllegalAction(N_("A plan is a list of entries, each a list of alternative actions."),
                            f"{game}.plan-not-a-list")
    if len(plan) > MAX_ENTRIES:
        raise IllegalAction(N_("A plan has at most %(most)s entries, not %(entries)s."),
                            f"{game}.plan-too-long", most=MAX_ENTRIES, entries=len(plan))
    for number, entry in enumerate(plan, start=1):
        if not 1 <= len(entry) <= MAX_ALTERNATIVES:
            raise IllegalAction(N_("Entry %(entry)s of the plan must hold 1 to %(most)s alternative actions, "
                                   "not %(alternatives)s."), f"{game}.plan-entry-size",
                                entry=number, most=MAX_ALTERNATIVES, alternatives=len(entry))
        for alternative in entry:
            _check_alternative(game, number, alternative, shapes)
    return [[dict(alternative) for alternative in entry] for entry in plan]


def _check_alternative(game: str, number: int, action: Any, shapes: ActionShapes) -> None:
    kind = action.get("type") if isinstance(action, dict) else None
    if kind == STANDING:
        raise IllegalAction(N_("Entry %(entry)s of the plan holds a standing order; a plan holds moves only."),
                            f"{game}.plan-nested", entry=number)
    if not isinstance(kind, str) or kind not in shapes:
        raise IllegalAction(N_("Entry %(entry)s of the plan holds something that is not a move; moves are %(kinds)s."),
                            f"{game}.plan-not-a-move", entry=number, kinds=", ".join(sorted(shapes)))
    required, optional = shapes[kind]
    if not required <= set(action) <= required | optional:
        keys = ", ".join(sorted(required - {"type"}))
        if not keys:
            raise IllegalAction(N_("Entry %(entry)s of the plan has a %(kind)s move with the wrong keys; "
                                   "a %(kind)s takes no other key."), f"{game}.plan-move-keys", entry=number, kind=kind)
        raise IllegalAction(N_("Entry %(entry)s of the plan has a %(kind)s move with the wrong keys; "
                               "a %(kind)s takes %(keys)s."), f"{game}.plan-move-keys", entry=number, kind=kind, keys=keys)
    if not all(isinstance(value, (str, int)) for value in action.values()):  # bool is an int
        raise IllegalAction(N_("Entry %(entry)s of the plan has a %(kind)s move whose values are not names or numbers."),
                            f"{game}.plan-move-values", entry=number, kind=kind)


def set_plan(state: State, player: Player, plan: Plan) -> None:
    """Replace `player`'s plan (in place); an empty plan clears it."""
    plans = {p: entries for p, entries in state.get("plans", {}).items() if p != player}
    if plan:
        plans[player] = plan
    state["plans"] = plans
    state.setdefault("plan_moves", [])


def clear_all(state: State) -> None:
    """Every plan ends (Tàin: the scouting phase is resolved; Tara: a game of the match ends)."""
    if state.get("plans"):
        state["plans"] = {}


def play_plans(state: State, *, to_act: Callable[[State], list[Player]],
               is_legal: Callable[[State, Player, Action], bool],
               play: Callable[[State, Player, Action], None],
               moment: Callable[[State], dict[str, Any]]) -> None:
    """Play every plan that can answer now (in place): while some player to act has a plan,
    the first such player in `to_act`'s order plays the first legal alternative of their
    next entry, or loses their whole plan when none is legal. `play` carries out one move by
    the game's rules alone (plans included in what it may clear). Each round uses up an entry
    or a plan, so it ends, however the players' plans feed one another."""
    while state.get("plans"):
        plans = state["plans"]
        player = next((p for p in to_act(state) if p in plans), None)
        if player is None:
            return
        entry, rest = plans[player][0], plans[player][1:]
        chosen = next((action for action in entry if is_legal(state, player, action)), None)
        state["plans"] = {p: entries for p, entries in plans.items() if p != player}
        if chosen is None:
            continue
        if rest:
            state["plans"][player] = rest
        state["plan_moves"] = state["plan_moves"] + [{"player": player, "action": chosen, **moment(state)}]
        play(state, player, chosen)


def own_view(state: State, player: Player, action_text: Callable[[Action], str]) -> dict[str, Any]:
    """What a player's own view shows of their standing orders: `plan`, the entries still to
    play, and `plan_moves`, every move their plan made, marked `by_plan`."""
    plan = state.get("plans", {}).get(player, [])
    moves = [{**{key: value for key, value in record.items() if key not in ("player", "action")},
              "action": dict(record["action"]), "text": action_text(record["action"]), "by_plan": True}
             for record in state.get("plan_moves", ()) if record["player"] == player]
    return {"plan": [[dict(action) for action in entry] for entry in plan], "plan_moves": moves}


def plan_text(action: Action, action_text: Callable[[Action], str]) -> str:
    """`standing ["<move>", "<fallback>"], ...`: each entry's alternatives in their text form,
    written as JSON so that any player's name reads back unchanged.

    >>> plan_text({"type": "standing", "plan": [[{"type": "pass"}]]}, lambda a: a["type"])
    'standing [["pass"]]'
    """
    entries = [[action_text(alternative) for alternative in entry] for entry in action["plan"]]
    return f"{STANDING} {json.dumps(entries, ensure_ascii=False)}"


def parse_plan_text(game: str, text: str, parse_action: Callable[[str], Action]) -> Action:
    """The standing order `plan_text` wrote; each move is read by the game's `parse_action`."""
    body = text.strip()[len(STANDING):]
    try:
        entries = json.loads(body)
    except ValueError:
        entries = None
    if not isinstance(entries, list) or not all(isinstance(entry, list) and all(isinstance(move, str) for move in entry)
                                                for entry in entries):
        raise IllegalAction(N_('A standing order is written standing [["<move>", "<fallback>"], ["<move>"]].'),
                            f"{game}.plan-text")
    return {"type": STANDING, "plan": [[parse_action(move) for move in entry] for entry in entries]}


def describe_plan(action: Action, player: Player, for_others: bool) -> str:
    """A standing order in English words (`plan_message`'s text)."""
    return plan_message("standing", action, player, for_others)["text"]


def plan_message(game: str, action: Action, player: Player, for_others: bool) -> Message:
    """A standing order in words: its size to its own player, nothing of it to anyone else."""
    if for_others:
        return message(f"{game}.plan-changed", N_("%(player)s changed their plan"), player=player)
    count = len(action["plan"])
    if not count:
        return message(f"{game}.plan-cleared", N_("Clear your plan"))
    return message(f"{game}.plan-moves", Nn_("Plan your next move", "Plan your next %(num)s moves"), num=count)
