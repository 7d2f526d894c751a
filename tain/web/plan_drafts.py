"""The moves a seat queues while it is its move: kept in the session until the move made now carries
them (tain.web.plan_editor). A draft belongs to one seat's one decision (`Seat.decision_version`):
once that decision is over — the move was made, or made for it on time-out — the draft is dropped.
"""
from __future__ import annotations

import json

from flask import session

from tain.games import IllegalAction
from tain.models import Seat
from tain.services.standing import Plan
from tain.wording import N_

_KEY = "plan_draft"
MAX_DRAFT_BYTES = 2000  # a session cookie holds about 4 KB, with everything else in it
TOO_LONG = N_("That is as many moves as can wait for the move you make now: make your move, and then queue the rest "
              "of your plan.")


def drafted() -> object:
    """The draft as the session keeps it, whichever seat and decision it is for (None: none): part of
    what a page is drawn from (tain.web.kept_pages)."""
    return session.get(_KEY)


def draft_of(seat: Seat, my_move: bool) -> Plan:
    """The seat's draft for its current decision ([] when there is none, or it is not its move)."""
    kept = drafted() if my_move else None
    if not isinstance(kept, dict) or kept.get("seat") != seat.id or kept.get("decision") != seat.decision_version:
        return []
    return kept["plan"]


def keep_draft(seat: Seat, plan: Plan) -> None:
    if len(json.dumps(plan)) > MAX_DRAFT_BYTES:
        raise IllegalAction(TOO_LONG, "plan-draft-too-long")
    if plan:
        session[_KEY] = {"seat": seat.id, "decision": seat.decision_version, "plan": plan}
    else:
        drop_draft()


def drop_draft() -> None:
    session.pop(_KEY, None)
