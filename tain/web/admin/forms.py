"""The dashboard's forms. Every one carries a CSRF token (Flask-WTF); actions with no fields use `ConfirmForm`."""
from __future__ import annotations

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import DateTimeLocalField, HiddenField, IntegerField, PasswordField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from tain.models import MAX_ROW_ID
from tain.web.lobby import TimingFields
from tain.wording import lazy_gettext


class LoginForm(FlaskForm):
    name = StringField(lazy_gettext("Name"), default="admin", validators=[DataRequired(), Length(max=80)])
    password = PasswordField(lazy_gettext("Password"), validators=[DataRequired(), Length(max=200)])
    next = HiddenField()


class LogoutForm(FlaskForm):
    pass


class ConfirmForm(FlaskForm):
    """An action on a game: sent once from its button, then again from the confirmation page."""

    confirm = HiddenField()


class SeatForm(ConfirmForm):
    seat = IntegerField(lazy_gettext("Seat"), validators=[InputRequired(message=lazy_gettext("Choose a seat.")),
                                                          NumberRange(min=1, max=MAX_ROW_ID)])


class ReplaceForm(SeatForm):
    email = StringField(lazy_gettext("New email"), validators=[
        DataRequired(message=lazy_gettext("Give the new player's email.")), Length(max=254)])


class ImportForm(FlaskForm):
    file = FileField(lazy_gettext("An exported game (.json)"))
    text = TextAreaField(lazy_gettext("…or paste it here"), validators=[Optional(), Length(max=2_000_000)])


class ExtendForm(ConfirmForm):
    """The new deadline, a date and time on the admin's clock (tain.web.admin.from_admin_clock)."""

    until = DateTimeLocalField(lazy_gettext("New deadline"), format=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
                               validators=[InputRequired(message=lazy_gettext("Give the new deadline as a date and time."))])


class TimeoutForm(ConfirmForm):
    version = IntegerField(validators=[InputRequired(message=lazy_gettext("This form is incomplete; reload the game's page.")),
                                       NumberRange(min=0, max=MAX_ROW_ID)])


class TimingForm(ConfirmForm, TimingFields):
    """A game's deadlines, reminder and time-out choice, changed from the game's page."""


class SettingsForm(FlaskForm):
    """The admin's own language and time zone (empty: UTC); the service checks both."""

    language = StringField(lazy_gettext("Language"))
    time_zone = StringField(lazy_gettext("Time zone"))
