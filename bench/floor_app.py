"""The floor for bench/web.py: the least a request that writes can cost on this stack.

A bare Flask + Flask-SQLAlchemy app, served by the same gunicorn settings on the same database as
the service: `POST /floor/<key>` reads one row by an indexed column, inserts one row and commits;
nothing else (no templates, no sessions, no limits). The service's move is measured against it.

    DATABASE_URL=… gunicorn 'bench.floor_app:create_app()' --workers 3

Its tables are its own (`floor_items`, `floor_hits`); `fill(count)` puts `count` items in them.
The connection set-up is the service's (tain.extensions: SQLite in WAL with BEGIN IMMEDIATE for a
transaction that writes, pre-ping), so that the two differ only in what a request does.
"""
from __future__ import annotations

import os
from datetime import datetime, timezone

from flask import Flask, jsonify
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import DateTime, ForeignKey, String, insert
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from werkzeug.wrappers import Response

from tain.config import database_uri, engine_options
from tain.extensions import WRITE_LOCK_OPTION, install_sqlite_behaviour


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)


class Item(db.Model):
    __tablename__ = "floor_items"

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(40), unique=True)  # the indexed column read by each request
    value: Mapped[str] = mapped_column(String(200))


class Hit(db.Model):
    __tablename__ = "floor_hits"

    id: Mapped[int] = mapped_column(primary_key=True)
    item_id: Mapped[int] = mapped_column(ForeignKey("floor_items.id"))
    at: Mapped[datetime] = mapped_column(DateTime)


def item_key(number: int) -> str:
    return f"item-{number}"


def create_app(url: str | None = None) -> Flask:
    app = Flask(__name__)
    uri = database_uri(url or os.environ["DATABASE_URL"])
    app.config.update(SQLALCHEMY_DATABASE_URI=uri, SQLALCHEMY_ENGINE_OPTIONS=engine_options(uri))
    install_sqlite_behaviour()
    db.init_app(app)

    @app.post("/floor/<key>")
    def hit(key: str) -> Response:
        db.session.connection(execution_options={WRITE_LOCK_OPTION: True})  # BEGIN IMMEDIATE on SQLite
        item = db.session.execute(db.select(Item).where(Item.key == key)).scalar_one_or_none()
        if item is None:
            return jsonify({"error": "no such item"}), 404
        db.session.add(Hit(item_id=item.id, at=datetime.now(timezone.utc).replace(tzinfo=None)))
        db.session.commit()
        return jsonify({"item": item.key, "value": item.value})

    return app


def fill(app: Flask, count: int) -> None:
    """The floor's tables, created if missing, holding items 0 … count-1 (one per game of the service)."""
    with app.app_context():
        db.create_all()
        have = db.session.query(Item).count()
        rows = [{"key": item_key(number), "value": f"value of item {number}"} for number in range(have, count)]
        for start in range(0, len(rows), 5000):
            db.session.execute(insert(Item), rows[start:start + 5000])
        db.session.commit()

