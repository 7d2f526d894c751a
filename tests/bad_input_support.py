"""What the bad-input tests compare: every row of the database, before and after a refused request."""
from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import select

from tain.extensions import db


def database_rows(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, read in a session of its own (so only what was committed)."""
    with app.app_context():
        return {
            table.name: [tuple(row) for row in db.session.execute(select(table).order_by(*table.primary_key.columns))]
            for table in db.metadata.sorted_tables
        }
