"""The extension objects, bound to an app by `create_app` through `init_app`."""
from __future__ import annotations

import sqlite3
from typing import Any

from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_mail import Mail
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    # Named constraints, so that Alembic can alter them on SQLite and PostgreSQL alike.
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


db = SQLAlchemy(model_class=Base)
migrate = Migrate(render_as_batch=True)
mail = Mail()
csrf = CSRFProtect()
babel = Babel()  # its locale selector: tain.web.select_language
# Counts per client address unless a limit says otherwise (tain.web.limits); storage:
# RATELIMIT_STORAGE_URI (tain.config), shared by every worker when it is Redis.
limiter = Limiter(get_remote_address)


def _sqlite_on_connect(dbapi_connection: Any, connection_record: Any) -> None:
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    # We issue BEGIN ourselves (below); pysqlite's own implicit BEGIN would defeat BEGIN IMMEDIATE.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # Under WAL, NORMAL syncs at checkpoints rather than at every commit: still never corrupt, and a
    # commit survives a crash of the process (a power cut may lose the last ones, not break the file).
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=15000")
    cursor.close()


def _sqlite_on_begin(conn: Connection) -> None:
    if conn.dialect.name != "sqlite":
        return
    # A transaction that will lock a game takes SQLite's write lock at once, so two of them queue
    # instead of failing with "database is locked" when both try to upgrade a read lock.
    immediate = conn.get_execution_options().get(WRITE_LOCK_OPTION, False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


WRITE_LOCK_OPTION = "tain_write_lock"


def install_sqlite_behaviour() -> None:
    """WAL (synchronous=NORMAL), foreign keys and explicit BEGIN [IMMEDIATE] on every SQLite connection."""
    if not event.contains(Engine, "connect", _sqlite_on_connect):
        event.listen(Engine, "connect", _sqlite_on_connect)
        event.listen(Engine, "begin", _sqlite_on_begin)
