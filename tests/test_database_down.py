"""The database unreachable: every page is a clear 503 page, the API a JSON 503; never a 500 or
Werkzeug's bare page, the admin's included (its layout must not need the database to say so)."""
from __future__ import annotations

import pytest

from support import BASE_URL
from tain import create_app
from tain.models import Seat
from tain.services.links import make_token

NOWHERE = "postgresql+psycopg2://tain:tain@127.0.0.1:9/nowhere"  # nothing listens on port 9


@pytest.fixture
def unreachable():
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "SQLALCHEMY_DATABASE_URI": NOWHERE,
                      "BASE_URL": BASE_URL, "MAIL_SERVER": None, "SCHEDULER": "off", "WTF_CSRF_ENABLED": False,
                      "ADMIN_PASSWORD": "a long enough password"})
    with app.app_context():
        token = make_token(Seat(id=1, link_key="any"))
    return app, token


def test_pages_are_a_clear_503_when_the_database_is_unreachable(unreachable):
    app, token = unreachable
    client = app.test_client()
    for response in (client.get(f"/play/{token}"), client.post(f"/play/{token}", data={"action": "{}", "version": "0"}),
                     client.get("/dev/mail"), client.get("/dev/mail/1")):
        assert response.status_code == 503, response.text
        assert "cannot reach its database" in response.text and "Traceback" not in response.text
        assert response.headers["Retry-After"]


def test_the_api_answers_a_json_503(unreachable):
    app, token = unreachable
    client = app.test_client()
    for response in (client.get(f"/api/v1/play/{token}"),
                     client.post(f"/api/v1/play/{token}", json={"action": {"type": "pass"}})):
        assert response.status_code == 503
        assert response.get_json()["code"] == "database-unavailable" and "database" in response.get_json()["error"]


def test_a_database_file_that_is_not_a_database_is_a_503_too(tmp_path):
    """What an operator sees for a damaged SQLite file: the same clear 503, the error in the log."""
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"this is not a database " * 200)
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{damaged}",
                      "BASE_URL": BASE_URL, "MAIL_SERVER": None, "SCHEDULER": "off", "WTF_CSRF_ENABLED": False})
    with app.app_context():
        token = make_token(Seat(id=1, link_key="any"))
    client = app.test_client()
    for response in (client.get(f"/api/v1/play/{token}"), client.post(f"/api/v1/play/{token}", json={"action": {}})):
        assert response.status_code == 503 and response.get_json()["code"] == "database-unavailable"
    page = client.get(f"/play/{token}")
    assert page.status_code == 503 and "cannot reach its database" in page.text


def test_the_admin_says_so_too_logged_in_or_not(unreachable):
    app, _ = unreachable
    client = app.test_client()
    response = client.post("/admin/login", data={"name": "admin", "password": "a long enough password"})
    assert response.status_code in (303, 503)
    for path in ("/admin/", "/admin/games/1", "/admin/health", "/admin/mail"):
        response = client.get(path)
        assert response.status_code in (303, 503), (path, response.status_code)
        if response.status_code == 503:
            assert "cannot reach its database" in response.text


def test_an_admin_page_that_loses_the_database_midway_is_a_503_page(app, config, monkeypatch):
    from admin_support import PASSWORD, log_in
    from sqlalchemy.exc import OperationalError

    app.config["ADMIN_PASSWORD_HASH"] = __import__("tain.services.accounts", fromlist=["x"]).hash_password(PASSWORD)
    client = app.test_client()
    assert log_in(client).status_code == 303

    def lost(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly"))

    monkeypatch.setattr("tain.services.admin.list_games", lost)
    monkeypatch.setattr("tain.web.admin.latest_passes", lost)  # the layout's schedule warning too
    response = client.get("/admin/")
    assert response.status_code == 503 and "cannot reach its database" in response.text
