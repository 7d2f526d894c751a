"""The front page and the "new game" form: open to all with the development mailbox; with a mail
server it moves behind the admin login (the dashboard reuses the form).

The form shows each game's own options in a fieldset of that game ("Tara only"; static/new-game.js
hides the others), and reports every problem at once, each beside its field. Its creator then gets
a page with the game's number, its players and how each stands, and a link to its public board
(`/games/<id>`, the board as nobody's view): both pages exist only with the development mailbox,
like the form itself.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, url_for
from flask_babel.speaklater import LazyString
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response
from wtforms import BooleanField, Field, SelectField, StringField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired, Length, Optional

from tain.games import Game as Engine, game_names, get_game
from tain.services.deadlines import Timing
from tain.services.errors import InvalidGame
from tain.services.games import (
    NewPlayer, create_game, first_player_problems, parse_duration, parse_player, player_problems, starter_problems,
    timing_problems,
)
from tain.services.public_game import public_game
from tain.wording import gettext, lazy_gettext, ngettext, say

from . import utcnow
from .game_pages import board_context
from .limits import lobby_form
from .play_context import seat_colours

bp = Blueprint("lobby", __name__)

Problems = dict[str, list[str]]  # by field name; "" for the form as a whole
FORM_WIDE = ""
# Lines as the players field reads them (names, addresses, language codes, "(bot)"): the same in every language.
EXAMPLE_PLAYERS = "Ann <ann@example.org> en\nBob <bob@example.org> it\n"
EXAMPLE_BOT, EXAMPLE_THIRD = "Dana (bot)", "Cat <cat@example.org>"


class TimingFields(FlaskForm):
    """A game's deadlines, reminder and time-out choice: set at creation, changeable later (admin)."""

    move_deadline = StringField(lazy_gettext("Time for each move"), validators=[Length(max=10)])
    phase_deadline = StringField(lazy_gettext("Time for a phase played by all at once (Tàin's guarding)"),
                                 validators=[Length(max=10)])
    reminder_before = StringField(lazy_gettext("Remind the player this long before a deadline (empty: no reminder)"),
                                  validators=[Length(max=10)])
    bot_on_timeout = BooleanField(
        lazy_gettext("When a deadline passes, a bot moves for the late player instead of passing"))

    def timing_problems(self) -> Problems:
        """Each duration it cannot read, or out of its range, by field."""
        problems: Problems = {}
        for name in ("move_deadline", "phase_deadline", "reminder_before"):
            text = self[name].data or ""
            if name == "reminder_before" and not text.strip():
                continue  # no reminder
            try:
                duration = parse_duration(text)
            except InvalidGame as error:
                problems[name] = error.problems
                continue
            ranged = timing_problems(**{"move_deadline": None, "phase_deadline": None, "reminder_before": None,
                                        name: duration})
            if ranged:
                problems[name] = ranged
        return problems

    def timing(self) -> Timing:
        """The game's deadlines, reminder and time-out choice; InvalidGame with every problem of them
        (refused here already, before the admin is asked to confirm)."""
        problems = self.timing_problems()
        if problems:
            raise InvalidGame([problem for found in problems.values() for problem in found])
        reminder = (self.reminder_before.data or "").strip()
        return Timing(parse_duration(self.move_deadline.data), parse_duration(self.phase_deadline.data),
                      parse_duration(reminder) if reminder else None, self.bot_on_timeout.data)


class _NewGameFields(TimingFields):
    game = SelectField(lazy_gettext("Game"), choices=[])
    players = TextAreaField(
        lazy_gettext("Players, one a line, in seat order"),
        validators=[DataRequired(message=lazy_gettext("Write the players, one a line, as Name <name@example.org>.")),
                    Length(max=2000)],
    )
    first_player = StringField(lazy_gettext("First player (empty: drawn at random)"),
                               validators=[Optional(), Length(max=40)])
    started_by = StringField(lazy_gettext("Who is starting the game, as the invitations will say"),
                             validators=[Optional(), Length(max=40)])

    def engines(self) -> list[tuple[Engine, str]]:
        """Every game, with how many players it takes in words ("exactly 2 players")."""
        return [(get_game(name), players_wanted(get_game(name))) for name in game_names()]

    def option_fields(self, game: str) -> list[Field]:
        """One game's own option selects (its fieldset on the form)."""
        return [self[_option_field(game, key)] for key in get_game(game).option_choices]

    def options(self) -> dict[str, Any]:
        """The chosen game's own options, as the engine takes them."""
        engine = get_game(self.game.data)
        return {key: next(value for value, _ in choices if str(value) == self[_option_field(engine.name, key)].data)
                for key, (_, choices) in engine.option_choices.items()}

    def example_players(self, bot_seats: bool) -> str:
        """The players field's placeholder: the lines it reads, with a language and (on the dashboard) a bot."""
        return EXAMPLE_PLAYERS + (EXAMPLE_BOT if bot_seats else EXAMPLE_THIRD)

    def player_lines(self) -> list[str]:
        return [line for line in (self.players.data or "").splitlines() if line.strip()]

    def starter(self) -> str | None:
        """Who the invitations say started the game; None: the page's default (see the form)."""
        return (self.started_by.data or "").strip() or None

    def problems(self, parse: Callable[[str], NewPlayer]) -> Problems:
        """Every problem of the form at once, by field: the fields' own checks (lengths, choices; the
        options of the chosen game only), each duration, each player line as `parse` reads it, then the
        players as a whole and the first player. The service checks all of it again when creating."""
        self.validate()
        chosen = self.game.data if self.game.data in game_names() else None
        found: Problems = {name: list(errors) for name, errors in self.errors.items()
                           if not name.startswith("option_") or name.startswith(f"option_{chosen}_")}
        for name, problems in self.timing_problems().items():
            found.setdefault(name, []).extend(problems)
        found.setdefault("started_by", []).extend(starter_problems(self.starter()))
        if chosen and "players" not in found:
            lines, players, unread = self.player_lines(), [], []
            for line in lines:
                try:
                    players.append(parse(line))
                except InvalidGame as error:
                    unread += error.problems
            found["players"] = unread + player_problems(get_game(chosen), players, seats=len(lines))
            if not unread and "first_player" not in found:  # an unread line may be the first player
                found["first_player"] = first_player_problems(players, self.first_player.data or None)
        return {name: problems for name, problems in found.items() if problems}


def players_wanted(engine: Engine) -> str:
    """How many players a game takes, in the reader's words: "2 to 4 players", "exactly 2 players"."""
    if engine.min_players == engine.max_players:
        return ngettext("exactly %(num)d player", "exactly %(num)d players", engine.min_players)
    return gettext("%(least)d to %(most)d players", least=engine.min_players, most=engine.max_players)


def _option_field(game: str, option: str) -> str:
    return f"option_{game}_{option}"


def _option_selects() -> dict[str, SelectField]:
    """A select for each option of each game (each in its game's fieldset on the form); one left out
    of a submission is the game's default."""
    return {
        # The engine's words, said in the reader's language once the catalogue has them.
        _option_field(name, key): SelectField(LazyString(say, label), default=str(choices[0][0]), choices=[
            SelectChoice(str(value), LazyString(say, words)) for value, words in choices])
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


def _devmail() -> bool:
    return not current_app.config.get("MAIL_SERVER")


@bp.get("/favicon.ico")
def favicon() -> Response:
    """Where browsers look for the icon of what has no page of ours (a JSON answer); pages link it."""
    return current_app.send_static_file("favicon.ico")


@bp.get("/")
def index() -> str:
    return render_template("lobby/index.html", devmail=_devmail())


@bp.route("/games/new", methods=["GET", "POST"])
@lobby_form
def new_game() -> Response | str | tuple[str, int]:
    if not _devmail():
        # With real mail, anyone could email strangers from here: games are made behind the admin login.
        return redirect(url_for("admin.new_game"), code=303)
    form = new_game_form()
    if not form.is_submitted():
        return render_template("lobby/new_game.html", form=form, problems={})
    problems = form.problems(parse_player)
    if not problems:
        players = [parse_player(line) for line in form.player_lines()]
        try:
            game = create_game(
                form.game.data, players, now=utcnow(), first_player=form.first_player.data or None,
                options=form.options(), started_by=form.starter() or players[0].name, **asdict(form.timing()),
            )
        except InvalidGame as error:
            problems = {FORM_WIDE: error.problems}
    if problems:
        return render_template("lobby/new_game.html", form=form, problems=problems), 400
    return redirect(url_for("lobby.created", game_id=game.id), code=303)


def _public(game_id: int) -> dict[str, Any]:
    """A game's public page context; only with the development mailbox (a 404 otherwise)."""
    if not _devmail():
        abort(404)
    game = public_game(game_id)
    return {"game": game, "view": game.view, "me": None, "colours": seat_colours(game.view["players"]),
            **board_context(get_game(game.name), game.view)}


@bp.get("/games/<id:game_id>/created")
def created(game_id: int) -> str:
    """The creator's page: the game's number, its players and how each stands, its public board."""
    return render_template("lobby/created.html", **_public(game_id))


@bp.get("/games/<id:game_id>")
def board(game_id: int) -> str:
    """The game's public board: what anyone may see, and who is to act."""
    return render_template("lobby/board.html", **_public(game_id))
