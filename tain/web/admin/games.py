"""Games: the filtered list, a game's page (public board, seats, log, mail), reveal, create, and actions."""
from __future__ import annotations

from collections.abc import Callable
from datetime import timezone
from typing import Any, TypeVar

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tain.games.base import standings
from tain.local_time import zone_named
from tain.services import admin as service
from tain.services.audit import entries
from tain.services.deadlines import timing_of
from tain.services.errors import InvalidGame
from tain.services.games import checked_email, duration_text, engine_for, get_game_row
from tain.web import utcnow
from tain.web.game_pages import board_context
from tain.web.lobby import new_game_form
from tain.web.play_context import seat_colours
from tain.wording import N_, gettext, names, ngettext, say

from . import admin_time, bp, chosen_settings, confirmation, current_admin, from_admin_clock
from .forms import ConfirmForm, ExtendForm, ReplaceForm, SeatForm, TimeoutForm, TimingForm


@bp.get("/")
def games() -> str:
    status = request.args.get("status") or None
    who = request.args.get("who", "")
    listed = service.list_games(status, who, request.args.get("page", 1, type=_page_number))
    return render_template(
        "admin/games.html", rows=listed.rows, listed=listed, status=status, who=who, filters=service.FILTERS,
    )


def _page_number(text: str) -> int:
    """A page's number as the address gives it; anything else is the first page (the list says which it shows)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else 1


def _page(game_id: int, view: dict[str, Any] | None = None, seen_as: str | None = None) -> dict[str, Any]:
    """The game page's context: the public view, or one seat's view after a reveal."""
    game = get_game_row(game_id)
    view = view or service.public_view(game)
    return {
        "game": game, "row": service.game_row(game), "seats": service.seat_rows(game),
        "view": view, "me": seen_as, "colours": seat_colours(view["players"]),
        "standings": standings(view) if view["over"] else [],  # the final scores, winners first
        "log": service.action_log(game, revealed_for=seen_as), "mails": service.games_mail(game.id),
        "audit": entries(game_id=game.id, limit=50), "form": ConfirmForm(),
        "board_template": f"games/{game.game}/board.html",
        "timing": timing_form(game), "deadline_input": deadline_input(game.deadline_at),
        **board_context(engine_for(game), view),  # no legal moves: the admin's board is not played on
    }


def timing_form(game: Any) -> TimingForm:
    """The timing form, showing the game's timing as it stands."""
    timing = timing_of(game)
    form = TimingForm(formdata=None)
    form.move_deadline.data = duration_text(timing.move_deadline)
    form.phase_deadline.data = duration_text(timing.phase_deadline)
    form.reminder_before.data = duration_text(timing.reminder_before)
    form.bot_on_timeout.data = timing.bot_on_timeout
    return form


def deadline_input(deadline: Any) -> str:
    """The running deadline as the extend form's datetime-local value, on the admin's clock (a machine's format)."""
    return deadline.astimezone(zone_named(chosen_settings().time_zone)).strftime("%Y-%m-%dT%H:%M") if deadline else ""


@bp.get("/games/<id:game_id>")
def game(game_id: int) -> str:
    return render_template("admin/game.html", **_page(game_id))


@bp.post("/games/<id:game_id>/reveal")
def reveal(game_id: int) -> str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(SeatForm())
    seat = _seat_name(game, form.seat.data)
    page = confirmation(form, gettext("Show game #%(game)s's board as %(name)s sees it, face-down tokens included? "
                                      "This is written to the audit log.", game=game_id, name=seat),
                        gettext("Reveal %(name)s's view", name=seat))
    if page:
        return page
    game, seat_row, view = service.reveal(game_id, form.seat.data, actor=current_admin(), now=utcnow())
    return render_template("admin/game.html", **_page(game_id, view, seat_row.name))


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> Response | str | tuple[str, int]:
    form = new_game_form()
    if not form.is_submitted():
        return render_template("admin/new_game.html", form=form, problems={})
    problems = form.problems(service.parse_seat)
    if problems:
        return render_template("admin/new_game.html", form=form, problems=problems), 400
    try:
        game = service.create(
            form.game.data, form.player_lines(), actor=current_admin(), now=utcnow(),
            first_player=form.first_player.data or None, timing=form.timing(), options=form.options(),
            started_by=form.starter(),
        )
    except InvalidGame as error:
        return render_template("admin/new_game.html", form=form, problems={"": error.problems}), 400
    flash(gettext("Game #%(game)s is created; every player has been emailed their link.", game=game.id))
    return redirect(url_for("admin.game", game_id=game.id), code=303)


def _seat_name(game: Any, seat_id: int) -> str:
    seat = next((seat for seat in game.seats if seat.id == seat_id), None)
    if seat is None:
        raise service.AdminRefusal(N_("Game #%(game)s has no such seat."), game=game.id)
    return seat.name


FormT = TypeVar("FormT", bound=ConfirmForm)


def _validated(form: FormT) -> FormT:
    """The form, if its fields are valid; otherwise the refusal page (400) says what is wrong."""
    if not form.validate():
        raise service.AdminRefusal(" ".join(say(error) for errors in form.errors.values() for error in errors))
    return form


def _done(game_id: int, message: str) -> Response:
    flash(message)
    return redirect(url_for("admin.game", game_id=game_id), code=303)


def _confirmed(game_id: int, form: ConfirmForm, question: str, button: str, act: Callable[[], Any],
               done: str | Callable[[Any], str]) -> Response | str:
    """An action on a game: its confirmation page on the first POST; once confirmed, `act`, then
    back to the game's page saying what was done (`done`, or `done(what act returned)`)."""
    page = confirmation(form, question, button)
    if page:
        return page
    result = act()
    return _done(game_id, done(result) if callable(done) else done)


@bp.post("/games/<id:game_id>/replace")
def replace(game_id: int) -> Response | str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(ReplaceForm())
    name, email = _seat_name(game, form.seat.data), checked_email(form.email.data)  # refused before confirming
    return _confirmed(
        game_id, form, gettext("Give %(name)s's seat in game #%(game)s to %(email)s? %(name)s's links stop working "
                               "and the new player is emailed a link.", name=name, game=game_id, email=email),
        gettext("Replace %(name)s", name=name),
        lambda: service.replace_player(game_id, form.seat.data, email, actor=current_admin(), now=utcnow()),
        gettext("%(name)s's seat now belongs to %(email)s, who has been emailed a link.", name=name, email=email))


@bp.post("/games/<id:game_id>/resend")
def resend(game_id: int) -> Response | str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(SeatForm())
    name = _seat_name(game, form.seat.data)
    return _confirmed(
        game_id, form, gettext("Email %(name)s their link to game #%(game)s again?", name=name, game=game_id),
        gettext("Resend %(name)s's link", name=name),
        lambda: service.resend_link(game_id, form.seat.data, actor=current_admin(), now=utcnow()),
        gettext("%(name)s's link has been emailed again.", name=name))


@bp.post("/games/<id:game_id>/bot")
def bot(game_id: int) -> Response | str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(SeatForm())
    name = _seat_name(game, form.seat.data)
    return _confirmed(
        game_id, form, gettext("Let a bot play %(name)s's seat in game #%(game)s from now on? %(name)s's links stop "
                               "working.", name=name, game=game_id),
        gettext("Put a bot in %(name)s's seat", name=name),
        lambda: service.seat_bot(game_id, form.seat.data, actor=current_admin(), now=utcnow()),
        gettext("A bot now plays %(name)s's seat.", name=name))


@bp.post("/games/<id:game_id>/revoke")
def revoke(game_id: int) -> Response | str:
    get_game_row(game_id)
    return _confirmed(
        game_id, ConfirmForm(), gettext("Revoke every link of game #%(game)s? No player can open the game until you "
                                        "resend their link.", game=game_id), gettext("Revoke all links"),
        lambda: service.revoke_all_links(game_id, actor=current_admin(), now=utcnow()),
        gettext("Every link of this game has been revoked."))


@bp.post("/games/<id:game_id>/cancel")
def cancel(game_id: int) -> Response | str:
    get_game_row(game_id)
    return _confirmed(
        game_id, ConfirmForm(), gettext("Cancel game #%(game)s for good? Nobody can move in it any more.", game=game_id),
        gettext("Cancel the game"),
        lambda: service.cancel(game_id, actor=current_admin(), now=utcnow()),
        gettext("Game #%(game)s is cancelled.", game=game_id))


@bp.post("/games/<id:game_id>/timing")
def change_timing(game_id: int) -> Response | str | tuple[str, int]:
    get_game_row(game_id)
    form = _validated(TimingForm())
    timing = form.timing()  # InvalidGame (a clear refusal) for a duration it cannot read
    question = (N_("Set game #%(game)s's timing: each move %(move)s, each phase played by all at once %(phase)s, "
                   "reminder %(reminder)s, and on time-out a bot moves for the late player? It holds from the next "
                   "deadline on; to move the running one, extend it.") if timing.bot_on_timeout else
                N_("Set game #%(game)s's timing: each move %(move)s, each phase played by all at once %(phase)s, "
                   "reminder %(reminder)s, and on time-out the game's own time-out? It holds from the next deadline "
                   "on; to move the running one, extend it."))
    return _confirmed(
        game_id, form, gettext(question, game=game_id, move=form.move_deadline.data, phase=form.phase_deadline.data,
                               reminder=form.reminder_before.data or gettext("none")),
        gettext("Change the timing"),
        lambda: service.change_timing(game_id, timing, actor=current_admin(), now=utcnow()),
        gettext("Game #%(game)s's timing is changed; it holds from the next deadline on.", game=game_id))


@bp.post("/games/<id:game_id>/pause")
def pause(game_id: int) -> Response | str:
    get_game_row(game_id)
    return _confirmed(
        game_id, ConfirmForm(), gettext("Pause game #%(game)s? Its clock stops: no deadline passes and no reminder "
                                        "goes until you resume it.", game=game_id), gettext("Pause the game"),
        lambda: service.pause(game_id, actor=current_admin(), now=utcnow()),
        gettext("Game #%(game)s is paused; its clock has stopped.", game=game_id))


@bp.post("/games/<id:game_id>/resume")
def resume(game_id: int) -> Response | str:
    get_game_row(game_id)
    return _confirmed(
        game_id, ConfirmForm(), gettext("Resume game #%(game)s? Its clock restarts with the time that was left.",
                                        game=game_id), gettext("Resume the game"),
        lambda: service.resume(game_id, actor=current_admin(), now=utcnow()),
        gettext("Game #%(game)s is running again, with the time that was left.", game=game_id))


@bp.post("/games/<id:game_id>/extend")
def extend(game_id: int) -> Response | str | tuple[str, int]:
    get_game_row(game_id)
    form = _validated(ExtendForm())
    until = from_admin_clock(form.until.data).astimezone(timezone.utc)
    return _confirmed(
        game_id, form, gettext("Move game #%(game)s's deadline to %(until)s?", game=game_id, until=admin_time(until)),
        gettext("Extend the deadline"),
        lambda: service.extend(game_id, until, actor=current_admin(), now=utcnow()),
        gettext("The deadline is now %(until)s.", until=admin_time(until)))


@bp.post("/games/<id:game_id>/timeout")
def timeout(game_id: int) -> Response | str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(TimeoutForm())
    waiting = names(service.game_row(game).to_act) or gettext("nobody")
    return _confirmed(
        game_id, form, gettext("Apply the time-out in game #%(game)s now? Whoever is still to act (%(waiting)s) is "
                               "timed out as if the deadline had passed.", game=game_id, waiting=waiting),
        gettext("Apply the time-out now"),
        lambda: service.time_out_now(game_id, form.version.data, actor=current_admin(), now=utcnow()),
        lambda late: ngettext("%(num)d player was timed out.", "%(num)d players were timed out.", late))
