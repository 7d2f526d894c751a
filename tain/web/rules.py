"""The rules of each game at /rules/<game>, in our own words, their facts and tables read from the
engines by each game's page module (`tain.web.game_pages`, its `rules`), so that the page can never
disagree with the game it explains."""
from __future__ import annotations

from flask import Blueprint, abort, render_template

from tain.games import game_names, get_game
from tain.web.game_pages import PAGES
from tain.wording import N_

bp = Blueprint("rules", __name__)


def _has_rules(game: str) -> bool:
    page = PAGES.get(game)
    return game in game_names() and page is not None and page.rules is not None


@bp.get("/rules")
def index() -> str:
    return render_template("rules/index.html", games=[get_game(name) for name in game_names() if _has_rules(name)])


@bp.get("/rules/<game>")
def show(game: str) -> str:
    if not _has_rules(game):
        abort(404, description=N_("There are no rules here for a game of that name."))
    return render_template(f"rules/{game}.html", engine=get_game(game), **PAGES[game].rules())
