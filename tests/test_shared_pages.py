"""Seats' pages shared by the web workers through Redis (tain.web.shared_pages, KEPT_PAGES_URL): a page one
worker drew is the others' look-up, with each browser's own CSRF token; a new release draws its own; an
unreachable or silent Redis costs a page nothing but the drawing."""
from __future__ import annotations

import logging
import socket
import threading
import zlib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
import redis

import tain.web.shared_pages
from support import csrf_of, free_port, redis_url
from tain import create_app
from tain.extensions import db
from tain.web.shared_pages import KEY_PREFIX, release
from kept_support import CSRF, opened, shared_through_redis, started

REDIS_URL = redis_url()  # TEST_REDIS_URL; under xdist this worker's own database


@pytest.fixture
def config(config: dict[str, Any]) -> dict[str, Any]:
    return {**config, "KEPT_PAGES_URL": REDIS_URL}


@pytest.fixture(autouse=True)
def nothing_shared_yet(app: Any) -> None:
    shared_through_redis(app)


@pytest.fixture
def other_worker(app: Any, config: dict[str, Any]) -> Iterator[Any]:
    """A second worker of the same service: the same settings and database, its own memory."""
    other = create_app(config)
    yield other
    with other.app_context():
        db.session.remove()
        db.engine.dispose()


def shared_keys() -> list[bytes]:
    return list(redis.Redis.from_url(REDIS_URL).scan_iter(f"{KEY_PREFIX}*"))


def test_a_page_one_worker_drew_is_a_look_up_for_another_with_its_own_csrf_token(app, other_worker, draws):
    _, urls = started(app, "tain")
    ann, bob = app.test_client(), other_worker.test_client()
    first, again = opened(ann, urls["Ann"]), opened(bob, urls["Ann"])
    assert len(draws) == 1 and len(shared_keys()) == 1  # the other worker was given the page the first drew
    assert csrf_of(first) != csrf_of(again) and CSRF.sub("", first) == CSRF.sub("", again)
    saved = bob.post(urls["Ann"], data={"csrf_token": csrf_of(again), "mail_mode": "digest", "away_days": "",
                                        "time_zone": ""})
    assert saved.status_code == 303  # the token on the shared page is the other browser's own
    bob.get(saved.headers["Location"])  # its message, drawn for that request alone
    changed = CSRF.sub("", opened(ann, urls["Ann"]))
    assert CSRF.sub("", opened(bob, urls["Ann"])) == changed != CSRF.sub("", again)
    assert len(draws) == 3  # the page with the message, then the changed page once for both workers


def test_every_page_is_shared_under_one_key_per_seat(app, other_worker, draws):
    _, urls = started(app, "tain")
    clients = [app.test_client(), other_worker.test_client()]
    for round_ in range(2):
        for name, url in urls.items():
            for client in clients:
                assert name in opened(client, url)
    assert len(draws) == len(urls) == len(shared_keys())


def test_browsers_opening_one_page_at_once_on_two_workers_each_get_it_with_their_own_token(app, other_worker, draws):
    _, urls = started(app, "inis")
    clients = [(app if number % 2 else other_worker).test_client() for number in range(12)]
    with ThreadPoolExecutor(len(clients)) as pool:
        pages = list(pool.map(lambda client: opened(client, urls["Bob"]), clients))
    assert len({CSRF.sub("", page) for page in pages}) == 1 and len({csrf_of(page) for page in pages}) == len(pages)
    assert 1 <= len(draws) <= len(clients) and len(shared_keys()) == 1  # those that raced the first drew it too
    drawn = len(draws)
    assert CSRF.sub("", opened(clients[0], urls["Bob"])) == CSRF.sub("", pages[0]) and len(draws) == drawn


def test_a_page_spoilt_in_redis_is_drawn_again_and_written_over(app, other_worker, draws):
    other_worker.config["KEPT_PAGES_MB"] = 0.001  # no page fits its own shelf: each is asked of Redis
    _, urls = started(app, "tara")
    page = CSRF.sub("", opened(app.test_client(), urls["Ann"]))
    client = redis.Redis.from_url(REDIS_URL)
    for spoilt in (b"not compressed", zlib.compress(b"no token line")):
        for key in shared_keys():
            client.set(key, spoilt)
        assert CSRF.sub("", opened(other_worker.test_client(), urls["Ann"])) == page
    assert len(draws) == 3
    assert CSRF.sub("", opened(other_worker.test_client(), urls["Ann"])) == page and len(draws) == 3


def test_a_new_release_draws_its_own_pages(app, other_worker, draws, monkeypatch):
    _, urls = started(app, "tara")
    opened(app.test_client(), urls["Ann"])
    monkeypatch.setattr(tain.web.shared_pages, "release", lambda: "another")
    opened(other_worker.test_client(), urls["Ann"])
    assert len(draws) == 2 and len(shared_keys()) == 2


def test_the_release_is_every_file_pages_are_drawn_from(tmp_path, monkeypatch):
    for path in ("tain/web/play.py", "templates/play/page.html", "translations/it/LC_MESSAGES/messages.mo"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text("one")
    monkeypatch.setattr(tain.web.shared_pages, "PROJECT_ROOT", str(tmp_path))
    first = release.__wrapped__()
    (tmp_path / "tain/web/__pycache__").mkdir()
    (tmp_path / "tain/web/__pycache__/play.cpython-311.pyc").write_text("compiled")
    assert release.__wrapped__() == first
    for path in ("tain/web/play.py", "templates/play/page.html", "translations/it/LC_MESSAGES/messages.mo"):
        (tmp_path / path).write_text("two")
        assert release.__wrapped__() != first, path
        first = release.__wrapped__()


def test_no_page_is_shared_with_no_room_for_pages(app, other_worker, draws):
    app.config["KEPT_PAGES_MB"] = other_worker.config["KEPT_PAGES_MB"] = 0
    _, urls = started(app, "tara")
    opened(app.test_client(), urls["Ann"]), opened(other_worker.test_client(), urls["Ann"])
    assert len(draws) == 2 and not shared_keys()


@pytest.fixture
def silent_redis() -> Iterator[str]:
    """A Redis URL whose server takes connections and never answers."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", free_port()))
    listener.listen()
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(listener.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    stop.set()
    thread.join()
    for connection in [*held, listener]:
        connection.close()


@pytest.mark.parametrize("unreachable", ["closed", "silent"])
def test_a_failing_redis_costs_a_page_nothing_but_its_drawing(app, config, draws, caplog, monkeypatch, unreachable,
                                                              request):
    url = f"redis://127.0.0.1:{free_port()}/0" if unreachable == "closed" else request.getfixturevalue("silent_redis")
    worker = create_app({**config, "KEPT_PAGES_URL": url})
    asked: list[str] = []
    shelf = worker.extensions["shared_pages"]
    monkeypatch.setattr(shelf.client, "get", lambda key, ask=shelf.client.get: asked.append(key) or ask(key))
    _, urls = started(app, "tara")
    client = worker.test_client()
    with caplog.at_level(logging.WARNING):
        for name in ("Ann", "Bob", "Ann"):
            assert name in opened(client, urls[name])
    assert len(draws) == 2  # Ann's page kept by the worker itself
    assert len(asked) == 1  # Redis is left alone after it failed
    assert [record.message for record in caplog.records if "KEPT_PAGES_URL" in record.message][0].startswith(
        "KEPT_PAGES_URL: Redis failed")
    with worker.app_context():
        db.engine.dispose()


def test_a_url_that_is_not_redis_stops_the_start(config):
    with pytest.raises(ValueError, match="redis://"):
        create_app({**config, "KEPT_PAGES_URL": "http://127.0.0.1:6379"})
