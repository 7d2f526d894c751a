"""Games: the filtered list, a game's page (public board, seats, log, mail), reveal, create, and actions."""
from __future__ import annotations

from collections.abc import Callable
from datetime import timezone
from typing import Any, TypeVar

from flask import flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from tain.services import admin as service
from tain.services.audit import entries
from tain.services.deadlines import timing_of
from tain.services.errors import InvalidGame
from tain.services.games import checked_email, duration_text, engine_for, get_game_row
from tain.web import utcnow
from tain.web.game_pages import board_context
from tain.web.lobby import new_game_form
from tain.web.play_context import format_deadline, seat_colours

from . import bp, confirmation, current_admin
from .forms import ConfirmForm, ExtendForm, ReplaceForm, SeatForm, TimeoutForm, TimingForm


@bp.get("/")
def games() -> str:
    status = request.args.get("status") or None
    who = request.args.get("who", "")
    return render_template(
        "admin/games.html", rows=service.list_games(status, who), status=status, who=who,
        filters=service.FILTERS,
    )


def _page(game_id: int, view: dict[str, Any] | None = None, seen_as: str | None = None) -> dict[str, Any]:
    """The game page's context: the public view, or one seat's view after a reveal."""
    game = get_game_row(game_id)
    view = view or service.public_view(game)
    return {
        "game": game, "row": service.game_row(game), "seats": service.seat_rows(game),
        "view": view, "me": seen_as, "colours": seat_colours(view["players"]),
        "log": service.action_log(game, revealed_for=seen_as), "mails": service.games_mail(game.id),
        "audit": entries(game_id=game.id, limit=50), "form": ConfirmForm(),
        "board_template": f"games/{game.game}/board.html",
        "timing": timing_form(game),
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


@bp.get("/games/<id:game_id>")
def game(game_id: int) -> str:
    return render_template("admin/game.html", **_page(game_id))


@bp.post("/games/<id:game_id>/reveal")
def reveal(game_id: int) -> str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(SeatForm())
    seat = _seat_name(game, form.seat.data)
    page = confirmation(form, f"Show game #{game_id}'s board as {seat} sees it, face-down tokens included? "
                              "This is written to the audit log.", f"Reveal {seat}'s view")
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
    flash(f"Game #{game.id} is created; every player has been emailed their link.")
    return redirect(url_for("admin.game", game_id=game.id), code=303)


def _seat_name(game: Any, seat_id: int) -> str:
    seat = next((seat for seat in game.seats if seat.id == seat_id), None)
    if seat is None:
        raise service.AdminRefusal(f"Game #{game.id} has no such seat.")
    return seat.name


FormT = TypeVar("FormT", bound=ConfirmForm)


def _validated(form: FormT) -> FormT:
    """The form, if its fields are valid; otherwise the refusal page (400) says what is wrong."""
    if not form.validate():
        raise service.AdminRefusal(" ".join(error for errors in form.errors.values() for error in errors))
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
        game_id, form, f"Give {name}'s seat in game #{game_id} to {email}? "
                       f"{name}'s links stop working and the new player is emailed a link.", f"Replace {name}",
        lambda: service.replace_player(game_id, form.seat.data, email, actor=current_admin(), now=utcnow()),
        f"{name}'s seat now belongs to {email}, who has been emailed a link.")


@bp.post("/games/<id:game_id>/resend")
def resend(game_id: int) -> Response | str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(SeatForm())
    name = _seat_name(game, form.seat.data)
    return _confirmed(
        game_id, form, f"Email {name} their link to game #{game_id} again?", f"Resend {name}'s link",
        lambda: service.resend_link(game_id, form.seat.data, actor=current_admin(), now=utcnow()),
        f"{name}'s link has been emailed again.")


@bp.post("/games/<id:game_id>/bot")
def bot(game_id: int) -> Response | str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(SeatForm())
    name = _seat_name(game, form.seat.data)
    return _confirmed(
        game_id, form, f"Let a bot play {name}'s seat in game #{game_id} from now on? {name}'s links stop working.",
        f"Put a bot in {name}'s seat",
        lambda: service.seat_bot(game_id, form.seat.data, actor=current_admin(), now=utcnow()),
        f"A bot now plays {name}'s seat.")


@bp.post("/games/<id:game_id>/revoke")
def revoke(game_id: int) -> Response | str:
    get_game_row(game_id)
    return _confirmed(
        game_id, ConfirmForm(), f"Revoke every link of game #{game_id}? No player can open the game until you "
                                "resend their link.", "Revoke all links",
        lambda: service.revoke_all_links(game_id, actor=current_admin(), now=utcnow()),
        "Every link of this game has been revoked.")


@bp.post("/games/<id:game_id>/cancel")
def cancel(game_id: int) -> Response | str:
    get_game_row(game_id)
    return _confirmed(
        game_id, ConfirmForm(), f"Cancel game #{game_id} for good? Nobody can move in it any more.", "Cancel the game",
        lambda: service.cancel(game_id, actor=current_admin(), now=utcnow()),
        f"Game #{game_id} is cancelled.")


@bp.post("/games/<id:game_id>/timing")
def change_timing(game_id: int) -> Response | str | tuple[str, int]:
    get_game_row(game_id)
    form = _validated(TimingForm())
    timing = form.timing()  # InvalidGame (a clear refusal) for a duration it cannot read
    words = "a bot moves for the late player" if timing.bot_on_timeout else "the game's own time-out"
    return _confirmed(
        game_id, form, f"Set game #{game_id}'s timing: each move {form.move_deadline.data}, each phase played by "
                       f"all at once {form.phase_deadline.data}, reminder {form.reminder_before.data or 'none'}, "
                       f"on time-out {words}? It holds from the next deadline on; to move the running one, "
                       "extend it.", "Change the timing",
        lambda: service.change_timing(game_id, timing, actor=current_admin(), now=utcnow()),
        f"Game #{game_id}'s timing is changed; it holds from the next deadline on.")


@bp.post("/games/<id:game_id>/pause")
def pause(game_id: int) -> Response | str:
    get_game_row(game_id)
    return _confirmed(
        game_id, ConfirmForm(), f"Pause game #{game_id}? Its clock stops: no deadline passes and no reminder goes "
                                "until you resume it.", "Pause the game",
        lambda: service.pause(game_id, actor=current_admin(), now=utcnow()),
        f"Game #{game_id} is paused; its clock has stopped.")


@bp.post("/games/<id:game_id>/resume")
def resume(game_id: int) -> Response | str:
    get_game_row(game_id)
    return _confirmed(
        game_id, ConfirmForm(), f"Resume game #{game_id}? Its clock restarts with the time that was left.",
        "Resume the game",
        lambda: service.resume(game_id, actor=current_admin(), now=utcnow()),
        f"Game #{game_id} is running again, with the time that was left.")


@bp.post("/games/<id:game_id>/extend")
def extend(game_id: int) -> Response | str | tuple[str, int]:
    get_game_row(game_id)
    form = _validated(ExtendForm())
    until = form.until.data.replace(tzinfo=timezone.utc)
    return _confirmed(
        game_id, form, f"Move game #{game_id}'s deadline to {format_deadline(until)}?", "Extend the deadline",
        lambda: service.extend(game_id, until, actor=current_admin(), now=utcnow()),
        f"The deadline is now {format_deadline(until)}.")


@bp.post("/games/<id:game_id>/timeout")
def timeout(game_id: int) -> Response | str | tuple[str, int]:
    game = get_game_row(game_id)
    form = _validated(TimeoutForm())
    waiting = ", ".join(service.game_row(game).to_act) or "nobody"
    return _confirmed(
        game_id, form, f"Apply the time-out in game #{game_id} now? Whoever is still to act ({waiting}) is timed "
                       "out as if the deadline had passed.", "Apply the time-out now",
        lambda: service.time_out_now(game_id, form.version.data, actor=current_admin(), now=utcnow()),
        lambda late: f"{late} player{'s were' if late != 1 else ' was'} timed out.")
