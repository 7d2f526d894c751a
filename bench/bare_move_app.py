"""The least a move can cost on this stack, for bench/web.py: what puts issue 15's target in proportion.

A bare Flask + Flask-SQLAlchemy app, on the floor's settings (bench/floor_app.py), serving the JSON API's
two paths on the service's own tables, with only what a move cannot do without:

- `GET /api/v1/play/<token>`: the link checked as the service checks it (the seat's key verifies the
  signature; its age), the seat and its game in one indexed read, the state decoded, then the seat's
  view, who is to act and the seat's legal actions, as JSON;
- `POST /api/v1/play/<token>` with `{"action": …, "version": n}`: the same check and read under the
  game's write lock, the version and the turn checked, the engine's `apply`, the action appended to the
  log and the game's row updated, a commit, and the new snapshot.

It tells nobody (no email queued), keeps no kept state, no deadline, no decision versions, no visit, no
language, no limits, and answers with a smaller snapshot: every one of those the service must do, so a
move here is a lower bound of the service's. Core statements, no ORM objects.

    DATABASE_URL=… SECRET_KEY=… gunicorn 'bench.bare_move_app:create_app()' --workers 3
"""
from __future__ import annotations

import os
from datetime import datetime, timezone
from typing import Any

from flask import Flask, jsonify, request
from flask_sqlalchemy import SQLAlchemy
from itsdangerous import BadData
from sqlalchemy import bindparam, insert, select, update
from werkzeug.wrappers import Response

from tain.config import database_uri, engine_options, from_environment
from tain.extensions import WRITE_LOCK_OPTION, install_sqlite_behaviour
from tain.games import get_game
from tain.games.base import IllegalAction
from tain.models import ActionRecord, Game, Seat
from tain.services.errors import BadToken
from tain.services.links import link_serializer, seat_id_in

db = SQLAlchemy()
GAMES, SEATS, ACTIONS = Game.__table__, Seat.__table__, ActionRecord.__table__
_SEAT_AND_GAME = (
    select(SEATS.c.name, SEATS.c.link_key, GAMES.c.id, GAMES.c.game, GAMES.c.status, GAMES.c.paused_at,
           GAMES.c.state, GAMES.c.version, GAMES.c.moves)
    .join(GAMES, GAMES.c.id == SEATS.c.game_id).where(SEATS.c.id == bindparam("seat_id"))
)
_UNDER_LOCK = _SEAT_AND_GAME.with_for_update(of=GAMES)
_MOVE = update(GAMES).where(GAMES.c.id == bindparam("game_id"))
_LOG = insert(ACTIONS)


class Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def create_app(url: str | None = None) -> Flask:
    app = Flask(__name__)
    uri = database_uri(url or os.environ["DATABASE_URL"])
    max_age_days = from_environment(app.instance_path)["LINK_MAX_AGE_DAYS"]  # the service's setting
    app.config.update(SQLALCHEMY_DATABASE_URI=uri, SQLALCHEMY_ENGINE_OPTIONS=engine_options(uri),
                      SECRET_KEY=os.environ.get("SECRET_KEY", ""))
    install_sqlite_behaviour()
    db.init_app(app)

    def seat_and_game(token: str, *, locked: bool) -> Any:
        try:
            seat_id = seat_id_in(token)
        except BadToken:
            raise Refused(403, "bad link") from None
        row = db.session.execute(_UNDER_LOCK if locked else _SEAT_AND_GAME, {"seat_id": seat_id}).one_or_none()
        if row is None:
            raise Refused(403, "bad link")
        try:
            link_serializer(row.link_key).loads(token, max_age=max_age_days * 24 * 3600)
        except BadData:
            raise Refused(403, "bad link") from None
        return row

    def snapshot(name: str, engine: Any, state: Any, status: str, moves: int) -> dict[str, Any]:
        to_act = [] if status != "running" else engine.to_act(state)
        return {"game": {"version": moves, "status": status, "to_act": to_act}, "view": engine.view(state, name),
                "legal_actions": engine.legal_actions(state, name) if name in to_act else []}

    @app.errorhandler(Refused)
    def refused(error: Refused) -> tuple[Response, int]:
        db.session.rollback()
        return jsonify({"error": str(error)}), error.status

    @app.get("/api/v1/play/<token>")
    def show(token: str) -> Response:
        row = seat_and_game(token, locked=False)
        return jsonify(snapshot(row.name, get_game(row.game), row.state, row.status, row.moves))

    @app.post("/api/v1/play/<token>")
    def act(token: str) -> Response:
        body = request.get_json(silent=True)
        if not isinstance(body, dict) or not isinstance(body.get("action"), dict):
            raise Refused(400, "send {\"action\": {…}, \"version\": n}")
        db.session.connection(execution_options={WRITE_LOCK_OPTION: True})  # BEGIN IMMEDIATE on SQLite
        row = seat_and_game(token, locked=True)
        engine = get_game(row.game)
        if row.status != "running" or row.paused_at is not None:
            raise Refused(409, "not running")
        if body.get("version") != row.moves:
            raise Refused(409, "stale")
        if row.name not in engine.to_act(row.state):
            raise Refused(409, "not your move")
        try:
            state = engine.apply(row.state, row.name, body["action"])
        except IllegalAction as refusal:
            raise Refused(400, str(refusal)) from None
        now = datetime.now(timezone.utc)
        over = engine.is_over(state)
        status = "over" if over else "running"
        db.session.execute(_MOVE, {
            "game_id": row.id, "state": state, "version": row.version + 1, "moves": row.moves + 1,
            "to_act": [] if over else engine.to_act(state), "status": status, "moved_at": now, "updated_at": now,
            "finished_at": now if over else None})
        db.session.execute(_LOG, {"game_id": row.id, "seq": row.version, "player": row.name,
                                  "action": body["action"], "on_timeout": False, "created_at": now})
        db.session.commit()
        return jsonify(snapshot(row.name, engine, state, status, row.moves + 1))

    return app
