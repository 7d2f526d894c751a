"""The front page and the "new game" form: open to all with the development mailbox; with a mail
server it moves behind the admin login (the dashboard reuses the form)."""
from __future__ import annotations

from dataclasses import asdict

from flask import Blueprint, current_app, flash, redirect, render_template, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import BooleanField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional

from tain.games import game_names, get_game
from tain.services.deadlines import Timing
from tain.services.errors import InvalidGame
from tain.services.games import create_game, parse_duration, parse_player

from . import utcnow

bp = Blueprint("lobby", __name__)


class NewGameForm(FlaskForm):
    game = SelectField("Game", choices=[])
    players = TextAreaField(
        "Players, one a line, in seat order", validators=[DataRequired(), Length(max=2000)],
        description="Ann <ann@example.org>",
    )
    move_deadline = StringField("Time for each move", validators=[Length(max=10)])
    phase_deadline = StringField("Time for simultaneous guarding", validators=[Length(max=10)])
    reminder_before = StringField("Remind the player this long before a deadline (empty: no reminder)",
                                  validators=[Length(max=10)])
    bot_on_timeout = BooleanField("When a deadline passes, a bot moves for the late player instead of passing")
    first_player = StringField("First player (empty: drawn at random)", validators=[Optional(), Length(max=40)])

    def timing(self) -> Timing:
        """The game's deadlines, reminder and time-out choice; InvalidGame for a duration it cannot read."""
        reminder = (self.reminder_before.data or "").strip()
        return Timing(parse_duration(self.move_deadline.data), parse_duration(self.phase_deadline.data),
                      parse_duration(reminder) if reminder else None, self.bot_on_timeout.data)


def new_game_form() -> NewGameForm:
    form = NewGameForm()
    form.game.choices = [(name, get_game(name).title) for name in game_names()]
    if not form.is_submitted():
        form.move_deadline.data = current_app.config["DEFAULT_MOVE_DEADLINE"]
        form.phase_deadline.data = current_app.config["DEFAULT_PHASE_DEADLINE"]
        form.reminder_before.data = current_app.config["DEFAULT_REMINDER_BEFORE"]
    return form


@bp.get("/")
def index() -> str:
    return render_template("lobby/index.html", devmail=not current_app.config.get("MAIL_SERVER"))


@bp.route("/games/new", methods=["GET", "POST"])
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
            first_player=form.first_player.data or None, **asdict(form.timing()),
        )
    except InvalidGame as error:
        return render_template("lobby/new_game.html", form=form, problems=error.problems), 400
    flash(f"Game #{game.id} is created; every player has been emailed their link.")
    return redirect(url_for("lobby.index"), code=303)
