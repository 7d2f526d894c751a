"""Fixtures for the service's tests: a fresh app and database per test, on SQLite and,
when TEST_DATABASE_URL is set (as in CI), on PostgreSQL too — the same tests on both, but for
the cases of the long harnesses marked `one_database`, which take the databases in turn.

As in production, every test request runs in an application context (and a database
session) of its own (`IsolatedClient`); the `app` fixture holds none. A test body that
calls services or reads the database directly runs in its own context, like a script
or the CLI beside the server (`test_body_context`). A guard fails any test in which
SQLite ran a write in a transaction that began as a read (see `no_write_in_read`).
"""
from __future__ import annotations

import contextvars
import os
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.globals import _cv_app
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from support import CHROMIUM, Mailbox, new_game, reset_database, serving, smtp_serving, app_settings
import tain.web.play
from tain import create_app
from tain.config import database_uri
from tain.extensions import db
from tain.models import Game
from write_guard import reads_that_wrote, watch_sqlite_transactions

BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked `one_database` runs each of its cases on one database only, its cases taking the
    databases in turn (from one its name picks), so that the test as a whole runs on both. It is for the
    long harnesses whose subject is what views, pages and emails show, not how a database keeps it:
    everything the databases do differently is tested on both by the rest. A case asked for by its id
    alone, without its twin on the other database, still runs."""
    twins: dict[tuple[str, str], dict[str, pytest.Item]] = {}
    for item in items:
        if item.get_closest_marker("one_database") and (database := _database_of(item)):
            twins.setdefault((item.nodeid.partition("[")[0], _case_without_database(item)), {})[database] = item
    turns: dict[str, int] = {}
    dropped: set[pytest.Item] = set()
    for (test, _), by_database in twins.items():
        turn = turns.setdefault(test, zlib.crc32(test.encode()))
        turns[test] += 1
        chosen = BACKENDS[turn % len(BACKENDS)]
        if chosen in by_database:
            dropped.update(item for database, item in by_database.items() if database != chosen)
    if dropped:
        config.hook.pytest_deselected(items=[item for item in items if item in dropped])
        items[:] = [item for item in items if item not in dropped]


def _database_of(item: pytest.Item) -> str | None:
    callspec = getattr(item, "callspec", None)
    return callspec.params.get("database_url") if callspec else None


def _case_without_database(item: Any) -> str:
    return "-".join(part for part in item.callspec.id.split("-") if part not in BACKENDS)


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/tain-test.sqlite3"
    return request.getfixturevalue("postgresql_url")


@pytest.fixture(scope="session")
def postgresql_url() -> str:
    """TEST_DATABASE_URL; under pytest-xdist (`make test`) each worker has a database of its own beside
    it, `<name>_gw0`, `<name>_gw1`, …, created here if missing (the role needs CREATEDB). Its commits do
    not wait for the disk (synchronous_commit off): what they change is seen by every other session at
    once all the same, and only a crash of the PostgreSQL server, which no test makes, could lose one."""
    url = database_uri(os.environ["TEST_DATABASE_URL"])
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        return url
    shared = make_url(url)
    own = shared.set(database=f"{shared.database}_{worker}")
    engine = create_engine(shared, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            exists = text("SELECT 1 FROM pg_database WHERE datname = :name")
            if not connection.scalar(exists, {"name": own.database}):
                connection.execute(text(f'CREATE DATABASE "{own.database}"'))
            connection.execute(text(f'ALTER DATABASE "{own.database}" SET synchronous_commit = off'))
    finally:
        engine.dispose()
    return own.render_as_string(hide_password=False)


@pytest.fixture
def config(database_url: str) -> dict[str, Any]:
    """Test settings; a test may change them before it first uses `app`."""
    return app_settings(database_url)


class IsolatedClient(FlaskClient):
    """Each request in a fresh context, hence its own application context and database session,
    as a production request has. The test body's own session, if any, ends its transaction
    before and after, so that it neither holds locks the request waits for nor reads an old
    snapshot afterwards."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        _end_test_body_transaction()
        try:
            return contextvars.Context().run(super().open, *args, **kwargs)
        finally:
            _end_test_body_transaction()


def _end_test_body_transaction() -> None:
    if _cv_app.get(None) is not None:
        db.session.rollback()


@pytest.fixture
def app(config: dict[str, Any]) -> Iterator[Flask]:
    app = create_app(config)
    app.test_client_class = IsolatedClient
    with app.app_context():
        reset_database()
    yield app
    with app.app_context():  # the next test's set-up empties the database (reset_database)
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def ctx(app: Flask) -> Iterator[None]:
    """An application context for a fixture or test body that calls services or reads the database
    directly, as a script or the CLI beside the server would (see the module's doc)."""
    with app.app_context():
        yield
        db.session.remove()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A test body that uses the app gets its own context (`ctx`) if no fixture gave it one; pushed
    only now, once every fixture that changes the settings has run."""
    app = getattr(item, "funcargs", {}).get("app")
    if app is None or _cv_app.get(None) is not None:
        return (yield)
    with app.app_context():
        try:
            return (yield)
        finally:
            db.session.remove()


@pytest.fixture(autouse=True)
def no_write_in_read() -> Iterator[None]:
    """Fail a test in which SQLite ran INSERT/UPDATE/DELETE in a transaction begun as a read: under
    WAL such a transaction cannot become a write once another connection committed, and fails at once
    with "database is locked" in production. Every write must start with tain.transactions.write()."""
    watch_sqlite_transactions()
    reads_that_wrote.clear()
    yield
    if reads_that_wrote:
        pytest.fail("SQLite wrote in a transaction that began as a read:\n\n" + "\n\n".join(reads_that_wrote[:3]))


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> Any:
    return app.test_cli_runner()


@pytest.fixture
def game(ctx: None) -> Game:
    """A 3-player game, Ann to move first."""
    return new_game()


@pytest.fixture
def draws(monkeypatch) -> list[str]:
    """The pages drawn, by link (a kept page is not drawn again)."""
    drawn: list[str] = []
    draw = tain.web.play._page

    def counted(seat: Any, link: str, now: Any) -> str:
        drawn.append(link)
        return draw(seat, link, now)

    monkeypatch.setattr(tain.web.play, "_page", counted)
    return drawn


@pytest.fixture
def smtp_server(config: dict[str, Any]) -> Iterator[Mailbox]:
    """A real aiosmtpd server on 127.0.0.1; the app under test sends its mail there."""
    with smtp_serving(config, Mailbox()) as mailbox:
        yield mailbox


@pytest.fixture
def live_url(app: Flask) -> Iterator[str]:
    """The app served from a background thread, its emailed links pointing at it."""
    with serving(app) as url:
        yield url


@pytest.fixture
def browser(module_chromium: Any) -> Iterator[Any]:
    """Debian's Chromium, headless, as new for each test: every page the test opened (each `new_page`
    is a context of its own) is closed after it. Launched once a module (`module_chromium`)."""
    yield module_chromium
    for context in module_chromium.contexts:
        context.close()


@pytest.fixture(scope="module")
def module_chromium() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (which cannot download its own browsers here)."""
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
              "--disable-sync", "--no-first-run"],
    )
    yield browser
    browser.close()
    playwright.stop()
