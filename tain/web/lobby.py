"""The front page and the "new game" form: open to all with the development mailbox; with a mail
server it moves behind the admin login (the dashboard reuses the form)."""
from __future__ import annotations

from dataclasses import asdict
from typing import Any

from flask import Blueprint, current_app, flash, redirect, render_template, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import BooleanField, Field, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length, Optional

from tain.games import game_names, get_game
from tain.services.deadlines import Timing
from tain.services.errors import InvalidGame
from tain.services.games import create_game, parse_duration, parse_player, timing_problems

from . import utcnow
from .limits import lobby_form

bp = Blueprint("lobby", __name__)


class TimingFields(FlaskForm):
    """A game's deadlines, reminder and time-out choice: set at creation, changeable later (admin)."""

    move_deadline = StringField("Time for each move", validators=[Length(max=10)])
    phase_deadline = StringField("Time for a phase played by all at once (Tàin's guarding)", validators=[Length(max=10)])
    reminder_before = StringField("Remind the player this long before a deadline (empty: no reminder)",
                                  validators=[Length(max=10)])
    bot_on_timeout = BooleanField("When a deadline passes, a bot moves for the late player instead of passing")

    def timing(self) -> Timing:
        """The game's deadlines, reminder and time-out choice; InvalidGame for a duration it cannot read
        or out of its range (refused here already, before the admin is asked to confirm)."""
        reminder = (self.reminder_before.data or "").strip()
        timing = Timing(parse_duration(self.move_deadline.data), parse_duration(self.phase_deadline.data),
                        parse_duration(reminder) if reminder else None, self.bot_on_timeout.data)
        problems = timing_problems(timing.move_deadline, timing.phase_deadline, timing.reminder_before)
        if problems:
            raise InvalidGame(problems)
        return timing


class _NewGameFields(TimingFields):
    game = SelectField("Game", choices=[])
    players = TextAreaField(
        "Players, one a line, in seat order", validators=[DataRequired(), Length(max=2000)],
        description="Ann <ann@example.org>",
    )
    first_player = StringField("First player (empty: drawn at random)", validators=[Optional(), Length(max=40)])

    def option_fields(self) -> list[Field]:
        """Every game's own option selects, in registry order."""
        return [self[_option_field(name, key)] for name in game_names() for key in get_game(name).option_choices]

    def options(self) -> dict[str, Any]:
        """The chosen game's own options, as the engine takes them."""
        engine = get_game(self.game.data)
        return {key: next(value for value, _ in choices if str(value) == self[_option_field(engine.name, key)].data)
                for key, (_, choices) in engine.option_choices.items()}


def _option_field(game: str, option: str) -> str:
    return f"option_{game}_{option}"


def _option_selects() -> dict[str, SelectField]:
    """A select for each option of each game, labelled with the game's title (the form shows them all);
    one left out of a submission is the game's default."""
    return {
        _option_field(name, key): SelectField(f"{get_game(name).title}: {label}", default=str(choices[0][0]),
                                              choices=[SelectChoice(str(value), words) for value, words in choices])
        for name in game_names() for key, (label, choices) in get_game(name).option_choices.items()
    }


NewGameForm = type("NewGameForm", (_NewGameFields,), _option_selects())


def new_game_form() -> _NewGameFields:
    form = NewGameForm()
    form.game.choices = [SelectChoice(name, get_game(name).title) for name in game_names()]
    if not form.is_submitted():
        form.move_deadline.data = current_app.config["DEFAULT_MOVE_DEADLINE"]
        form.phase_deadline.data = current_app.config["DEFAULT_PHASE_DEADLINE"]
        form.reminder_before.data = current_app.config["DEFAULT_REMINDER_BEFORE"]
    return form


@bp.get("/")
def index() -> str:
    return render_template("lobby/index.html", devmail=not current_app.config.get("MAIL_SERVER"))


@bp.route("/games/new", methods=["GET", "POST"])
@lobby_form
def new_game() -> Response | str | tuple[str, int]:
    if current_app.config.get("MAIL_SERVER"):
        # With real mail, anyone could email strangers from here: games are made behind the admin login.
        return redirect(url_for("admin.new_game"), code=303)
    form = new_game_form()
    if not form.validate_on_submit():
        return render_template("lobby/new_game.html", form=form), 400 if form.is_submitted() else 200
    try:
        lines = [line for line in form.players.data.splitlines() if line.strip()]
        game = create_game(
            form.game.data, [parse_player(line) for line in lines], now=utcnow(),
            first_player=form.first_player.data or None, options=form.options(), **asdict(form.timing()),
        )
    except InvalidGame as error:
        return render_template("lobby/new_game.html", form=form, problems=error.problems), 400
    flash(f"Game #{game.id} is created; every player has been emailed their link.")
    return redirect(url_for("lobby.index"), code=303)
