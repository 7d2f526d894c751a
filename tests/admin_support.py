"""Helpers for the admin dashboard's tests: log in, post an action through its confirmation."""
from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from support import csrf_of

PASSWORD = "correct horse battery"


def log_in(client: FlaskClient, name: str = "admin", password: str = PASSWORD) -> TestResponse:
    token = csrf_of(client.get("/admin/login").text)
    return client.post("/admin/login", data={"csrf_token": token, "name": name, "password": password})


def csrf(client: FlaskClient) -> str:
    return csrf_of(client.get("/admin/games/new").text)


def act(client: FlaskClient, path: str, confirm: bool = True, **fields: Any) -> TestResponse:
    """POST an action: with `confirm`, as sent from its confirmation page."""
    data = {"csrf_token": csrf(client), **fields}
    if confirm:
        data["confirm"] = "yes"
    return client.post(path, data=data)
