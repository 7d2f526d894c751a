"""The player's page at /play/<token>: GET only shows, a POST from one of the page's forms acts.

The form contract (kept by every form on the page, see templates/play/_moves.html):
fields `csrf_token`, `version` (the number of actions the game had when the page
was shown) and either one `action` (an action as JSON, from a button) or several
`actions` (each an action as JSON or empty for "leave empty", applied in order,
all or nothing — simultaneous guarding sends every guard, then the pass). A
click on an empty slot of a board sends, instead of `action`, the slot's `slot`
(the placement as JSON without its token) and the `token` chosen beside the board.
The seat's settings form (templates/play/_settings.html) sends `mail_mode`,
`away_days` and `time_zone` instead. Any form may carry `detected_time_zone`, the
zone the browser reports (static/local-time.js): a seat that has chosen none takes it.

After a POST the player is sent back to the page (POST-redirect-GET) with a
message: the move was recorded, or why nothing was done. A pass from the page's
pass button is not made at once: the answer is a page asking "Yes, pass", whose
form sends the same fields with `confirm=yes` (the JSON API asks nothing). A bad, expired or
revoked link is a 403 page (tain.web.errors).
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tain.games import Action
from tain.models import Seat
from tain.services.errors import IllegalAction, NotYourMove, StaleMove
from tain.services.games import engine_for
from tain.services.play import make_moves, playing, record_seen, seat_snapshot
from tain.services.standing import only_standing, plan_in
from tain.services import preferences
from tain.services.preferences import BadPreference, BadSettings
from tain.wording import N_, gettext, say

from . import seat_of_link, utcnow
from .game_pages import choice_problems
from .kept import kept_html
from .kept_pages import kept_page
from .limits import seat_link
from .plan_drafts import draft_of, drop_draft, keep_draft
from .plan_editor import NEW_ENTRY, check_shown, checked_plan, edited, queued, standing, the_one_move
from .play_context import (PASS, IncompleteForm, actions_from_form, away_days_from_form, page_context,
                           plannable_now, unconfirmed_pass, version_from_form)
from .play_timeline import history_context, shown_since, since_context
from .refused_forms import keep_refused, take_refused

bp = Blueprint("play", __name__)
bp.add_app_template_global(kept_html)  # the reports' templates (templates/games/<name>/report.html), Tàin's boards

MOVE_RECORDED = N_("Your move was recorded.")
PLAN_SAVED = N_("Your plan was saved.")
RULES_SAVED = N_("Your standing rules were saved.")
DRAFT_KEPT = N_("Your queued moves were kept: they are sent with the move you make now.")
SETTINGS_SAVED = N_("Your days away, email choice and time zone were saved.")


@bp.get("/play/<token>")
@seat_link
def show(token: str) -> Response | str:
    now = utcnow()
    seat = seat_of_link(token, now)
    # It changes nothing (a mail scanner opens links): its script tells that it was seen (`seen`).
    return kept_page(seat, token, now, lambda: _page(seat, token, now))


def _page(seat: Seat, token: str, now: datetime) -> str:
    game = seat.game
    deadline = game.deadline_at if playing(game) else None
    engine, snapshot = engine_for(game), seat_snapshot(seat, seats=False)
    draft = draft_of(seat, bool(snapshot["legal_actions"]))
    return render_template("play/page.html", **page_context(engine, snapshot, deadline,
                                                            now=now, time_zone=seat.time_zone,
                                                            picked=request.args.get("pick"),
                                                            plan_mode=request.args.get("plan") == "on",
                                                            draft=draft),
                           **since_context(engine, game, seat, shown_since(seat, request.args), token),
                           away_days=" ".join(seat.away_days or []), mail_mode=seat.mail_mode,
                           refused=take_refused(seat))


@bp.post("/play/<token>/seen")
@seat_link
def seen(token: str) -> tuple[str, int]:
    """The page's script (static/seen.js): a browser showed the page at the game's `version`."""
    now = utcnow()
    seat = seat_of_link(token, now, state=False)
    try:
        version = version_from_form(request.form)
    except IncompleteForm:
        version = None
    if version is None or version > seat.game.moves:  # no page has shown a version still to come
        return gettext("Send the version the page shows, a whole number."), 400
    record_seen(seat, version, now)
    return "", 204


@bp.get("/play/<token>/history")
@seat_link
def history(token: str) -> str:
    """Every move of the game as this seat may know it, with the raid reports."""
    seat = seat_of_link(token, utcnow())
    return render_template("play/history.html", **history_context(engine_for(seat.game), seat.game, seat, token))


@bp.post("/play/<token>")
@seat_link
def act(token: str) -> Response | str:
    now = utcnow()
    seat = seat_of_link(token, now)
    preferences.adopt_time_zone(seat, request.form.get("detected_time_zone", ""))
    if "mail_mode" in request.form:
        saved = save_settings(seat, now)
        return redirect(url_for("play.show", token=token, _anchor=None if saved else "settings-title"), code=303)
    if "plan_edit" in request.form or request.form.get("when") == "plan":
        return change_plan(token, seat, now)
    try:
        version = version_from_form(request.form)
        actions = actions_from_form(request.form)
        snapshot = seat_snapshot(seat)
        if unconfirmed_pass(request.form, actions, snapshot["legal_actions"]):
            return confirm_pass(token, seat, snapshot, version)
        problems = choice_problems(engine_for(seat.game), snapshot["view"], actions)
        draft = draft_of(seat, bool(snapshot["legal_actions"]))
        if not problems:  # the move, then the moves queued to follow it (tain.web.plan_editor)
            make_moves(seat, actions + ([standing(draft)] if draft else []), now=now, expected_version=version,
                       rules_were=request.form.get("rules_were") or None)
            drop_draft()
    except (IncompleteForm, IllegalAction, NotYourMove, StaleMove) as refusal:
        problems = {"": say(refusal)}
    if problems:
        refuse(seat, "moves", problems)
        return redirect(url_for("play.show", token=token, _anchor="moves-title"), code=303)
    flash(gettext(_recorded(actions)), "success")
    return redirect(url_for("play.show", token=token, since=version), code=303)  # what the move led to


def _recorded(actions: list[Action]) -> str:
    """What the page says was done: a move, or (a standing order alone) the rules or plan it keeps."""
    if not only_standing(actions):
        return MOVE_RECORDED
    return RULES_SAVED if any("rules" in action for action in actions) else PLAN_SAVED


def change_plan(token: str, seat: Seat, now: datetime) -> Response:
    """A form of the plan editor: a move queued from the board, or the plan reordered, cut or cleared.
    On the seat's move it changes the draft sent with the move made now; otherwise the plan itself."""
    form = request.form
    plan_mode = "on" if form.get("plan_mode") == "on" else None
    try:
        version = version_from_form(form)
        snapshot = seat_snapshot(seat)
        my_move = bool(snapshot["legal_actions"])
        shown = draft_of(seat, my_move) if my_move else plan_in(snapshot["view"])
        check_shown(form, shown)
        if "plan_edit" in form:
            plan = edited(shown, form["plan_edit"], form.get("entry", ""))
        else:
            offered = plannable_now(engine_for(seat.game), snapshot)
            plan = queued(shown, the_one_move(actions_from_form(form), offered), form.get("as", NEW_ENTRY))
        if my_move:
            keep_draft(seat, checked_plan(plan))
        else:
            make_moves(seat, standing(plan), now=now, expected_version=version, plan_was=shown)
    except (IncompleteForm, IllegalAction, NotYourMove, StaleMove) as refusal:
        refuse(seat, "moves", {"": say(refusal)})
        return redirect(url_for("play.show", token=token, plan=plan_mode, _anchor="plan"), code=303)
    flash(gettext(DRAFT_KEPT if my_move else PLAN_SAVED), "success")
    return redirect(url_for("play.show", token=token, plan=plan_mode, _anchor="plan"), code=303)


def confirm_pass(token: str, seat: Seat, snapshot: dict[str, Any], version: int) -> str:
    """Passing is final: the first click shows what it means and asks for a second, deliberate one."""
    return render_template("play/confirm_pass.html", game=snapshot["game"], view=snapshot["view"], me=seat.name,
                           version=version, time_zone=seat.time_zone, back=url_for("play.show", token=token),
                           pass_action=json.dumps(PASS))


def refuse(seat: Seat, form: str, problems: dict[str, str]) -> None:
    """Nothing was done: say why at the top of the page and beside the fields (in the reader's language: the
    session keeps the sentences as said), and keep what was chosen."""
    problems = {name: say(problem) for name, problem in problems.items()}
    keep_refused(seat, form, request.form, problems)
    flash(" ".join(dict.fromkeys(problems.values())), "error")


def save_settings(seat: Seat, now: datetime) -> bool:
    """The settings form: the seat's days away (deadlines falling on them move past them), its email choice
    and its time zone (empty: UTC; a form without the field keeps it), all saved or, with every field that
    is wrong named, none (False)."""
    mode = request.form.get("mail_mode", "each")
    zone = (request.form["time_zone"].strip() or None) if "time_zone" in request.form else seat.time_zone
    try:
        days = away_days_from_form(request.form)
    except BadPreference as refusal:
        problems = {"away_days": say(refusal), **preferences.settings_problems([], mode, zone, now=now)}
    else:
        try:
            preferences.save_settings(seat, days, mode, now=now, time_zone=zone)
        except BadSettings as refusal:
            problems = refusal.problems
        else:
            flash(gettext(SETTINGS_SAVED), "success")
            return True
    refuse(seat, "settings", problems)
    return False
