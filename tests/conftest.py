"""Fixtures for the service's tests: a fresh app and database per test, on SQLite and,
when TEST_DATABASE_URL is set (as in CI), on PostgreSQL too — the same tests on both."""
from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.serving import make_server

from support import BASE_URL, CHROMIUM, Mailbox, new_game, reset_database, smtp_serving
from tain import create_app
from tain.config import database_uri
from tain.extensions import db
from tain.models import Game

BACKENDS = ["sqlite"] + (["postgresql"] if os.environ.get("TEST_DATABASE_URL") else [])


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/tain-test.sqlite3"
    return database_uri(os.environ["TEST_DATABASE_URL"])


@pytest.fixture
def config(database_url: str) -> dict[str, Any]:
    """Test settings; a test may change them before it first uses `app`."""
    return {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": database_url,
        "BASE_URL": BASE_URL,
        "MAIL_SERVER": None,
        "MAIL_DEFAULT_SENDER": "Tàin <tain@tain.test>",
        "SCHEDULER": "off",
    }


@pytest.fixture
def app(config: dict[str, Any]) -> Iterator[Flask]:
    app = create_app(config)
    with app.app_context():
        reset_database()
        yield app
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> Any:
    return app.test_cli_runner()


@pytest.fixture
def game(app: Flask) -> Game:
    """A 3-player game, Ann to move first."""
    return new_game()


@pytest.fixture
def smtp_server(config: dict[str, Any]) -> Iterator[Mailbox]:
    """A real aiosmtpd server on 127.0.0.1; the app under test sends its mail there."""
    with smtp_serving(config, Mailbox()) as mailbox:
        yield mailbox


@pytest.fixture
def live_url(app: Flask) -> Iterator[str]:
    """The app served from a background thread, its emailed links pointing at it."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    url = f"http://127.0.0.1:{server.server_port}"
    app.config["BASE_URL"] = url
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield url
    server.shutdown()
    thread.join()


@pytest.fixture
def browser() -> Iterator[Any]:
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
