"""The plan editor of the player's page: a seat's standing orders (`../shared/spec/engine-api.md`,
"Standing orders") seen, queued, reordered and cleared with plain forms.

The forms (see templates/play/_plan.html and each game's board):
- a move is queued from the board itself: the game's form sends it as a move is sent (`slot` and
  `token`, or `action`) with `when=plan` and `as` (`new`: a new last entry; a number: a fallback of
  that entry, tried when it cannot be made);
- `plan_edit` (`up`, `down`, `remove` with `entry`, its number from 1; or `clear`) changes the plan.
Every one of them carries `plan_shown`, the digest of the plan the page showed, so that an edit of a
plan that changed meanwhile (a move was made from it, another page edited it) does nothing.

While it is the seat's move, its plan is empty (the engine played or cleared it) and a plan given now
would be played at once; so what is queued then is a draft, kept in the session
(tain.web.plan_drafts) and sent with the move the seat makes now, as one form: the move, then the plan.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tain.games import Action, Game as Engine, IllegalAction
from tain.games.standing import MAX_ALTERNATIVES, MAX_ENTRIES
from tain.services.standing import Plan
from tain.wording import N_

EDITS = ("up", "down", "remove", "clear")
NEW_ENTRY = "new"
PLAN_SHOWN_CHANGED = N_("Your plan has changed since this page was shown (a move was made from it, or another page "
                         "changed it), so nothing was done. Here it is as it stands now.")
NO_SUCH_ENTRY = N_("That move is not in your plan any more, so nothing was done. Here is your plan as it stands now.")
NO_SUCH_EDIT = N_("That form was not understood, so nothing was done. Use the buttons beside your plan.")
NOT_PLANNABLE = N_("That move cannot be planned now; choose one of the places the board offers.")
ONE_AT_A_TIME = N_("Queue one move at a time: click the place on the board where it goes.")
TOO_MANY_ENTRIES = N_("A plan holds at most %(most)d moves: remove one before you queue another.")
TOO_MANY_FALLBACKS = N_("A planned move has at most %(most)d fallbacks: add this one as a new move instead.")


def standing(plan: Plan) -> Action:
    """The standing order giving `plan`."""
    return {"type": "standing", "plan": plan}


def plan_digest(plan: Plan) -> str:
    """A short fingerprint of a plan, so that a form can say which plan it was shown."""
    return hashlib.sha256(json.dumps(plan, sort_keys=True).encode()).hexdigest()[:16]


def check_shown(form: Mapping[str, str], plan: Plan) -> None:
    """IllegalAction unless the form was shown this very plan."""
    if form.get("plan_shown") != plan_digest(plan):
        raise IllegalAction(PLAN_SHOWN_CHANGED, "plan-changed")


def queued(plan: Plan, action: Action, target: str) -> Plan:
    """`plan` with `action` added: a new last entry (`new`), or a fallback at the end of entry `target`."""
    if target == NEW_ENTRY:
        return [*plan, [action]]
    index = _index(plan, target)
    return [entry + [action] if number == index else entry for number, entry in enumerate(plan)]


def edited(plan: Plan, edit: str, entry: str) -> Plan:
    """`plan` with entry number `entry` (from 1) moved up, down or removed, or cleared."""
    if edit not in EDITS:
        raise IllegalAction(NO_SUCH_EDIT, "plan-no-such-edit")
    if edit == "clear":
        return []
    index = _index(plan, entry)
    if edit == "remove":
        return plan[:index] + plan[index + 1:]
    other = index - 1 if edit == "up" else index + 1
    if not 0 <= other < len(plan):
        return plan  # the first cannot go up, nor the last down: the buttons say so by not being there
    swapped = list(plan)
    swapped[index], swapped[other] = swapped[other], swapped[index]
    return swapped


def checked_plan(plan: Plan) -> Plan:
    """`plan` if a standing order may hold it (at most MAX_ENTRIES entries of at most MAX_ALTERNATIVES moves),
    refused in the engine's terms otherwise: a draft is checked before it waits for the move made now."""
    if len(plan) > MAX_ENTRIES:
        raise IllegalAction(TOO_MANY_ENTRIES, "plan-too-long", most=MAX_ENTRIES)
    if any(len(entry) > MAX_ALTERNATIVES for entry in plan):
        raise IllegalAction(TOO_MANY_FALLBACKS, "plan-entry-size",
                            most=MAX_ALTERNATIVES - 1)
    return plan


def _index(plan: Plan, number: str) -> int:
    if not (number.isascii() and number.isdigit()) or not 1 <= int(number) <= len(plan):
        raise IllegalAction(NO_SUCH_ENTRY, "plan-no-such-entry")
    return int(number) - 1


def the_one_move(actions: Sequence[Action], offered: Sequence[Action]) -> Action:
    """The single move a queue form sends, if the page offers it for planning."""
    if len(actions) != 1:
        raise IllegalAction(ONE_AT_A_TIME, "plan-one-at-a-time")
    action = dict(actions[0])
    if action not in offered:
        raise IllegalAction(NOT_PLANNABLE, "plan-not-offered")
    return action


@dataclass(frozen=True)
class PlanEntry:
    """One entry of the plan as the page shows it: its number, its move, and its fallbacks, each in the
    player's own words."""

    number: int
    move: str
    fallbacks: tuple[str, ...]


def plan_entries(engine: Engine, plan: Plan, me: str) -> list[PlanEntry]:
    return [PlanEntry(number, engine.describe_action(entry[0], me),
                      tuple(engine.describe_action(action, me) for action in entry[1:]))
            for number, entry in enumerate(plan, start=1)]


def planner_context(engine: Engine, plan: Plan, me: str, *, drafting: bool, can_plan: bool,
                    plan_mode: bool) -> dict[str, Any]:
    """The plan editor's template variables: the plan (or, on the seat's move, the draft sent with it),
    its digest for the forms, whether more can be queued now and whether the board is in plan mode."""
    return {"planner": {
        "entries": plan_entries(engine, plan, me),
        "shown": plan_digest(plan),
        "drafting": drafting,
        "can_plan": can_plan,
        "plan_mode": plan_mode and can_plan,
        "visible": can_plan or bool(plan),
    }}
