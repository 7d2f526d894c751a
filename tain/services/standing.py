"""The service's side of standing orders (`../shared/spec/engine-api.md`, "Standing orders"), read
from each player's own view only: their plan (`plan`) and the moves their plan made (`plan_moves`).

A plan plays inside whichever `apply` makes its player to act, so the service learns of those
moves by comparing a player's own views before and after a change.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import orjson

from tain.games import Action, State
from tain.games.standing import is_standing

from .views import Views

Plan = list[list[Action]]


def plan_in(view: Mapping[str, Any]) -> Plan:
    """The player's plan as their own view shows it ([] when they have none)."""
    return [list(entry) for entry in view.get("plan") or []]


def new_plan_moves(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The moves a player's plan made between two of their own views, oldest first."""
    old, new = list(before.get("plan_moves") or []), list(after.get("plan_moves") or [])
    return new[len(old):] if new[:len(old)] == old else new


def moved_by_plan(views: Views, before: State, after: State, players: Iterable[str]) -> set[str]:
    """The players for whom a plan made at least one move between the two states."""
    return {player for player in players if new_plan_moves(views.of(before, player), views.of(after, player))}


def rules_digest(view: Mapping[str, Any]) -> str:
    """A short fingerprint of the standing rules in a player's own view (Inis: `standing`): a page's
    rule buttons each send the whole new list, so each also says which list it was built from."""
    rules = orjson.dumps(view.get("standing") or [], option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(rules).hexdigest()[:16]


def only_standing(actions: Sequence[Action]) -> bool:
    """Whether every action is a standing order: what a seat may send whether or not it is its move."""
    return all(is_standing(action) for action in actions)
