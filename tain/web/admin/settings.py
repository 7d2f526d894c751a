"""The admin's own settings: the dashboard's language and the time zone of every time it shows
(kept by admin name, tain.services.languages). A value it cannot take is refused, changing nothing."""
from __future__ import annotations

from flask import flash, g, redirect, render_template, url_for
from flask_babel import refresh
from werkzeug.wrappers import Response

from tain.local_time import zone_names
from tain.services.languages import save_admin_settings
from tain.wording import LANGUAGE_NAMES, gettext

from . import bp, chosen_settings, current_admin
from .forms import SettingsForm


@bp.get("/settings")
def settings_page() -> str:
    return render_template("admin/settings.html", form=SettingsForm(), chosen=chosen_settings(),
                           languages=LANGUAGE_NAMES, zones=sorted(zone_names()))


@bp.post("/settings")
def save_settings() -> Response:
    form = SettingsForm()  # CSRFProtect checked the form's token before this view
    g.admin_settings = save_admin_settings(current_admin(), form.language.data or "",
                                           (form.time_zone.data or "").strip() or None)
    refresh()  # the message below is already in the new language
    flash(gettext("Your settings are saved: the dashboard is in English, and its times are in %(zone)s.",
                  zone=form.time_zone.data or "UTC"))
    return redirect(url_for("admin.settings_page"), code=303)
