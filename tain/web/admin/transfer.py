"""Export a game as JSON (audit-logged: it holds every face-down token) and import one."""
from __future__ import annotations

import json

from flask import Response, flash, redirect, render_template, url_for

from tain.services import admin as service, audit
from tain.services.errors import InvalidGame
from tain.services.export import import_game
from tain.services.games import get_game_row
from tain.web import utcnow
from tain.web.json_input import BadJson, load_json
from tain.wording import gettext, ngettext

from . import bp, confirmation, current_admin
from .forms import ConfirmForm, ImportForm

MAX_IMPORT_BYTES = 2_000_000  # an exported game: a long one is a few hundred kilobytes


@bp.post("/games/<id:game_id>/export")
def export(game_id: int) -> Response | str:
    get_game_row(game_id)
    page = confirmation(ConfirmForm(), gettext("Download game #%(game)s as JSON? The file holds its whole action log, "
                                               "face-down tokens included; this is written to the audit log.",
                                               game=game_id), gettext("Export"))
    if page:
        return page
    body = json.dumps(service.export(game_id, actor=current_admin(), now=utcnow()), indent=2, ensure_ascii=False)
    return Response(body, mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="tain-game-{game_id}.json"'})


@bp.route("/games/import", methods=["GET", "POST"])
def import_() -> Response | str | tuple[str, int]:
    form = ImportForm()
    if not form.validate_on_submit():
        return render_template("admin/import.html", form=form), 400 if form.is_submitted() else 200
    raw = form.file.data.read() if form.file.data else (form.text.data or "").encode()
    try:
        data = load_json(raw, max_bytes=MAX_IMPORT_BYTES)
    except BadJson as error:
        return render_template("admin/import.html", form=form, problems=[str(error)]), 400
    try:
        game = import_game(data, now=utcnow(), also=audit.recorder(
            current_admin(), "import", now=utcnow(), detail=lambda game: f"{game.version} actions replayed"))
    except InvalidGame as error:
        return render_template("admin/import.html", form=form, problems=error.problems), 400
    flash(ngettext("Game #%(game)s is imported (%(num)d action replayed); every player has been emailed a new link.",
                   "Game #%(game)s is imported (%(num)d actions replayed); every player has been emailed a new link.",
                   game.version, game=game.id))
    return redirect(url_for("admin.game", game_id=game.id), code=303)
