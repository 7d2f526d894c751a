"""The player's page: what its templates need beyond the seat's snapshot, and what its forms mean.

Everything here is built from the seat's snapshot (`tain.services.play.seat_snapshot`,
itself built from the seat's own view and legal actions), never from the state.
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from werkzeug.datastructures import MultiDict

from tain.games import Action, Game as Engine, IllegalAction
from tain.local_time import local_time
from tain.services.preferences import BadPreference
from tain.services.standing import Plan, plan_in
from tain.web.game_pages import board_context, plannable
from tain.web.plan_editor import planner_context
from tain.web.json_input import MAX_MOVE_BYTES, BadJson, load_json
from tain.wording import N_, gettext


_VERSION = re.compile(r"[0-9]{1,9}")  # ASCII digits only: int() would also read "٣", and fail on "²"
PASS = {"type": "pass"}


class IncompleteForm(ValueError):
    """A submission that names no move or no page version (hand-made, or cut short)."""

    MESSAGE = N_("That form was incomplete, so nothing was done. Choose your move again below.")

    def __init__(self) -> None:
        super().__init__(self.MESSAGE)

    def translated(self) -> str:
        return gettext(self.MESSAGE)


def actions_from_form(form: MultiDict[str, str]) -> list[Action]:
    """The actions a page's form sends, in order: a click on a board's slot (`slot` with the chosen
    `token`), one button's `action`, or every `actions` field.

    Each is an action as JSON; an empty `actions` field is a guard slot left empty.
    Raises IllegalAction for a value that is not an action, IncompleteForm for none at all.
    """
    if "slot" in form:
        return [placement_from_form(form)]
    texts = [text for text in form.getlist("actions") if text] or form.getlist("action")[:1]
    if not texts:
        raise IncompleteForm()
    return [_action(text) for text in texts]


def placement_from_form(form: Mapping[str, str]) -> Action:
    """A click on an empty slot of the board: the placement its button sends (`slot`, an action as JSON
    without its token) with the token chosen beside the board (`token`)."""
    slot = _action(form["slot"])
    token = form.get("token", "")
    if not token:
        raise IllegalAction(N_("Choose a token first, then click the slot where it goes."), "no-token-chosen")
    return {**slot, "token": token}


def _action(text: str) -> Action:
    try:
        action = load_json(text, max_bytes=MAX_MOVE_BYTES)
    except BadJson:
        action = None
    if not isinstance(action, dict):
        raise IllegalAction(N_("That move is not understood; reload the page and choose again."))
    return action


def unconfirmed_pass(form: Mapping[str, str], actions: Sequence[Action], legal: Sequence[Action]) -> bool:
    """A pass from the page's pass button (its one `action`), legal now and not yet confirmed with
    `confirm=yes`. The guarding form's button already says that it passes, and a pass that is not
    legal is refused as it would be anyway."""
    return ("action" in form and form.get("confirm") != "yes" and list(actions) == [PASS] and PASS in legal)


def version_from_form(form: Mapping[str, str]) -> int:
    """The number of actions the game had when the page was shown (see `submit`'s StaleMove)."""
    text = form.get("version", "")
    if not _VERSION.fullmatch(text):
        raise IncompleteForm()
    return int(text)


def away_days_from_form(form: Mapping[str, str]) -> list[date]:
    """`away_days`: dates as 2030-05-02, or ranges as 2030-05-02..2030-05-05, separated by spaces or commas."""
    days: list[date] = []
    for part in form.get("away_days", "").replace(",", " ").split():
        first, _, last = part.partition("..")
        try:
            start, end = date.fromisoformat(first), date.fromisoformat(last or first)
        except ValueError:
            raise BadPreference(N_("Write days away as 2030-05-02 or 2030-05-02..2030-05-05, not %(text)s."),
                                text=repr(part[:30])) from None
        if (end - start).days > 366:
            raise BadPreference(N_("Choose days within the coming year."))
        days += [start + timedelta(days=n) for n in range((end - start).days + 1)]
    return days


def seat_colours(players: Sequence[str]) -> dict[str, str]:
    """Each player's clan colour as a CSS class, by seat (the box's red, blue, green and yellow)."""
    return {player: f"clan-{seat}" for seat, player in enumerate(players)}


def page_context(engine: Engine, snapshot: Mapping[str, Any], deadline: datetime | None, *, now: datetime,
                 time_zone: str | None, picked: str | None = None, plan_mode: bool = False,
                 draft: Plan | None = None) -> dict[str, Any]:
    """The template's variables for one seat's page, from its snapshot and the game's deadline,
    shown on the seat's clock (`time_zone`, None: UTC) and from `now`; `picked` is the place of the
    board a first click chose, for a move made in two (the page's `pick`). With `plan_mode` (the
    page's `plan=on`) the board queues moves into the seat's plan; on the seat's move, into `draft`
    (tain.web.plan_drafts), sent with the move it makes now.

    The deadline is public (it is when whoever is to act times out), so it is shown
    whoever's move it is; the snapshot carries it only for the seat's own move.
    """
    view = snapshot["view"]
    legal = snapshot["legal_actions"]
    me = snapshot["player"]
    offered = plannable_now(engine, snapshot)
    plan_mode = plan_mode and bool(offered)
    return {
        "game": snapshot["game"],
        "view": view,
        "me": snapshot["player"],
        "colours": seat_colours(view["players"]),
        "any_move": bool(legal),
        "deadline": local_time(deadline, now, time_zone) if deadline and view["to_act"] else None,
        "time_zone": time_zone,
        "version": snapshot["game"]["version"],
        **board_context(engine, view, legal, me, picked, offered if plan_mode else None),
        **planner_context(engine, (draft or []) if legal else plan_in(view), me, drafting=bool(legal),
                          can_plan=bool(offered), plan_mode=plan_mode),
    }


def plannable_now(engine: Engine, snapshot: Mapping[str, Any]) -> list[Action]:
    """The moves the seat's page offers to queue now: none while the game is paused or not running."""
    game = snapshot["game"]
    if game["status"] != "running" or game["paused"]:
        return []
    return plannable(engine, snapshot["view"], snapshot["player"])

