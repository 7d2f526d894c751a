"""Tàin: slow board games played by email.

The package imports nothing at the top so that the engines in `tain.games` can
be used (replayed, benchmarked) without Flask; `create_app` pulls in the web.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from flask import Flask

PROJECT_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: settings from the environment, then `config` on top (tests use it)."""
    from flask import Flask

    from . import cli, scheduler
    from .config import DEV_SECRET_KEY, engine_options, from_environment
    from .extensions import babel, csrf, db, install_sqlite_behaviour, mail, migrate
    from .mail import outbox
    from .services import letters
    from .pictures.tain import glyph as tain_token_letter
    from .web import (RowId, admin, api, devmail, errors, input_guard, language, lobby, play, relink, rules,
                      security, select_language, shared_pages)
    from .web.game_pages import check_registered
    from .web.json_answers import JSONAnswers
    from .wording import install as install_wording

    check_registered()  # every game's engine has its page module, and the reverse
    app = Flask(
        __name__,
        instance_path=os.path.join(PROJECT_ROOT, "instance"),
        template_folder=os.path.join(PROJECT_ROOT, "templates"),
        static_folder=os.path.join(PROJECT_ROOT, "static"),
    )
    app.json = JSONAnswers(app)
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.update(from_environment(app.instance_path))
    if config:
        app.config.update(config)
    app.config.setdefault("SQLALCHEMY_ENGINE_OPTIONS", engine_options(app.config["SQLALCHEMY_DATABASE_URI"]))
    # The catalogues (translations/<language>/LC_MESSAGES/messages.po, compiled by `make`'s set-up).
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", os.path.join(PROJECT_ROOT, "translations"))
    if app.config["SECRET_KEY"] == DEV_SECRET_KEY and app.config["BASE_URL"].startswith("https://"):
        app.logger.warning("SECRET_KEY is the development key: anyone could forge player links. Set SECRET_KEY.")

    install_sqlite_behaviour()
    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(PROJECT_ROOT, "migrations"))
    mail.init_app(app)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_language)

    app.url_map.converters["id"] = RowId  # before the routes that use it are registered
    input_guard.init_app(app)  # before the blueprints' own checks
    install_wording(app)
    app.jinja_env.filters["tain_letter"] = tain_token_letter  # a token's letter on the page is the picture's
    for blueprint in (lobby.bp, play.bp, relink.bp, language.bp, api.bp, devmail.bp, rules.bp):
        app.register_blueprint(blueprint)
    csrf.exempt(api.bp)  # the seat's token is the credential and only JSON bodies are accepted
    admin.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    shared_pages.init_app(app)
    outbox.init_app(app, send=letters.send_pending)
    cli.init_app(app)
    scheduler.init_app(app)
    return app
