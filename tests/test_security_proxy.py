"""Behind the reverse proxy, a client's address is the one the proxy saw (PROXY_FIX_X_FOR proxies
trusted), so that each client has its own limits; with no proxy, X-Forwarded-For is ignored."""
from __future__ import annotations

import pytest

from tain import create_app

BAD = "WzEyLCJhYmNkZWYxMiJd.aw6cJQ.E6goIgmNKtIhrklcnbwp2CfRblY"
PROXY = {"REMOTE_ADDR": "10.0.0.1"}  # every request arrives from the proxy


@pytest.fixture
def config(config):
    config.update(BAD_LINK_RATE_LIMIT="2 per minute")
    return config


def refused_link(client, forwarded_for: str | None) -> int:
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return client.get(f"/play/{BAD}", headers=headers, environ_base=PROXY).status_code


def test_behind_one_proxy_each_client_counts_alone(app, config):
    client = create_app({**config, "PROXY_FIX_X_FOR": 1}).test_client()
    assert [refused_link(client, "198.51.100.1") for _ in range(3)] == [403, 403, 429]
    assert refused_link(client, "198.51.100.2") == 403  # another player behind the same proxy
    # What a client writes itself comes before what the proxy adds: it changes nothing.
    assert refused_link(client, "203.0.113.7, 198.51.100.1") == 429


def test_two_proxies_take_the_address_the_first_one_saw(app, config):
    client = create_app({**config, "PROXY_FIX_X_FOR": 2}).test_client()
    assert [refused_link(client, "198.51.100.1, 10.0.0.2") for _ in range(3)] == [403, 403, 429]
    assert refused_link(client, "198.51.100.2, 10.0.0.2") == 403


def test_without_a_proxy_forwarded_for_is_ignored(app, client):
    assert [refused_link(client, f"198.51.100.{n}") for n in range(3)] == [403, 403, 429]


def test_the_number_of_proxies_is_read_from_the_environment(app, config, monkeypatch):
    monkeypatch.setenv("PROXY_FIX_X_FOR", "1")
    client = create_app(config).test_client()
    assert [refused_link(client, "198.51.100.1") for _ in range(3)] == [403, 403, 429]
    assert refused_link(client, "198.51.100.2") == 403
