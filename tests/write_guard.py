"""Watch every SQLite connection for a write statement in a transaction that began as a read.

`tain.extensions` begins SQLite transactions itself: BEGIN IMMEDIATE when the connection
carries the write-lock option (tain.transactions.write), plain BEGIN otherwise. This notes
which one each transaction began with, and records the statement and its caller whenever
INSERT, UPDATE or DELETE runs in a plain one.
"""
from __future__ import annotations

import traceback
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine

from tain.extensions import WRITE_LOCK_OPTION

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
reads_that_wrote: list[str] = []


def _note_begin(conn: Connection) -> None:
    if conn.dialect.name == "sqlite":
        conn.info["began_as_write"] = bool(conn.get_execution_options().get(WRITE_LOCK_OPTION, False))


def _check_statement(conn: Connection, cursor: Any, statement: str, *args: Any) -> None:
    if conn.dialect.name != "sqlite" or conn.info.get("began_as_write", True) or not conn.in_transaction():
        return
    if statement.lstrip().upper().startswith(WRITES):
        frames = [frame for frame in traceback.extract_stack()[:-1] if "site-packages" not in frame.filename]
        caller = "".join(traceback.format_list(frames[-8:]))
        reads_that_wrote.append(f"{statement.strip()[:200]}\n{caller}")


def _forget_on_end(conn: Connection) -> None:
    conn.info.pop("began_as_write", None)


def watch_sqlite_transactions() -> None:
    if not event.contains(Engine, "begin", _note_begin):
        event.listen(Engine, "begin", _note_begin)
        event.listen(Engine, "before_cursor_execute", _check_statement)
        event.listen(Engine, "commit", _forget_on_end)
        event.listen(Engine, "rollback", _forget_on_end)
