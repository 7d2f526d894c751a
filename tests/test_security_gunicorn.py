"""Under gunicorn, as deployed: the access log holds no token; with Redis as the limits' storage three
workers share one count, so a 10-a-minute login limit lets exactly 10 attempts through; and with the
storage unreachable, requests are still served (never a 500); with Redis as KEPT_PAGES_URL, a page one
worker drew is the one the others serve."""
from __future__ import annotations

import re
import uuid
import zlib
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlencode

import pytest
import redis

from admin_support import PASSWORD
from security_support import gunicorn_serving, leaks, paths, request
from support import CSRF_RE, free_port, new_game, redis_or_skip, redis_url, token
from tain.web.shared_pages import KEY_PREFIX

REDIS_URL = redis_url()  # TEST_REDIS_URL; under xdist this worker's own database
ACCESS_FORMAT = '%(p)s %(h)s "%(r)s" %(s)s %(U)s %(q)s "%(f)s"'  # the worker's pid first


@pytest.fixture
def database_url(tmp_path: Any) -> str:
    """SQLite only: these tests are about the web tier, not the database."""
    return f"sqlite:///{tmp_path}/tain-test.sqlite3"


@pytest.fixture
def env(app, config) -> dict[str, str]:
    return {"DATABASE_URL": config["SQLALCHEMY_DATABASE_URI"], "SECRET_KEY": config["SECRET_KEY"],
            "BASE_URL": config["BASE_URL"], "ADMIN_PASSWORD": PASSWORD}


def test_gunicorns_access_log_holds_no_token(app, env, tmp_path):
    with app.app_context():
        secret = token(new_game(), "Ann")
    with gunicorn_serving(env, tmp_path, access_format=ACCESS_FORMAT) as address:
        for path in paths(secret):
            status, _, _ = request(address, "GET", path, headers={"Referer": f"https://tain.example.org{path}"})
            assert 200 <= status < 500, path
    lines = [line for line in (tmp_path / "access.log").read_text().splitlines() if '"GET /' in line][1:]
    assert len(lines) == len(paths(secret)), lines  # the first line is the readiness check's
    assert not any(leaks(secret, line) for line in lines), lines


def test_three_workers_share_one_login_limit_through_redis(app, env, tmp_path):
    redis_or_skip(REDIS_URL)
    env.update(RATELIMIT_STORAGE_URI=REDIS_URL, RATELIMIT_KEY_PREFIX=f"tain-test-{uuid.uuid4().hex}",
               ADMIN_LOGIN_LIMIT="10 per minute")
    with gunicorn_serving(env, tmp_path, workers=3, access_format=ACCESS_FORMAT) as address:
        status, response, page = request(address, "GET", "/admin/login")
        cookie = response.getheader("Set-Cookie").split(";")[0]
        form = f"csrf_token={CSRF_RE.search(page)[1]}&name=admin&password=wrong+password"
        headers = {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"}

        def attempt(_: int) -> int:
            return request(address, "POST", "/admin/login", body=form, headers=headers)[0]

        with ThreadPoolExecutor(6) as pool:  # at once, so that every worker takes some
            statuses = Counter(pool.map(attempt, range(30)))
    assert statuses == {401: 10, 429: 20}
    workers = {line.split()[0] for line in (tmp_path / "access.log").read_text().splitlines()
               if re.search(r'"POST /admin/login HTTP/1.1" 4(01|29)', line)}
    assert len(workers) >= 2, workers  # the count was shared, not one worker's


def test_an_unreachable_limit_storage_is_never_a_500(app, env, tmp_path):
    """In a process of its own: the limiter remembers a dead storage for the rest of the process."""
    with app.app_context():
        secret = token(new_game(), "Ann")
    env.update(RATELIMIT_STORAGE_URI=f"redis://127.0.0.1:{free_port()}")  # nothing listens there
    with gunicorn_serving(env, tmp_path) as address:
        assert request(address, "GET", f"/play/{secret}")[0] == 200
        assert request(address, "GET", f"/api/v1/play/{secret}x")[0] == 403
        status, response, page = request(address, "GET", "/games/new")
        form = {"csrf_token": CSRF_RE.search(page)[1], "game": "tain", "players": "Ann <a@example.org>\nBob <b@example.org>",
                "move_deadline": "24h", "phase_deadline": "48h", "reminder_before": "4h"}
        headers = {"Cookie": response.getheader("Set-Cookie").split(";")[0],
                   "Content-Type": "application/x-www-form-urlencoded"}
        assert request(address, "POST", "/games/new", body=urlencode(form), headers=headers)[0] == 303


def test_three_workers_serve_the_page_one_of_them_drew_through_redis(app, env, tmp_path):
    """The page in Redis is marked once the first worker drew it: every other worker's answers carry the
    mark (they were given that page, not drawing their own); the first one's, from its own memory, do not."""
    redis_or_skip(REDIS_URL)
    shelf = redis.Redis.from_url(REDIS_URL)
    for key in shelf.scan_iter(f"{KEY_PREFIX}*"):
        shelf.delete(key)
    with app.app_context():
        secret = token(new_game(), "Ann")
    env.update(KEPT_PAGES_URL=REDIS_URL)
    with gunicorn_serving(env, tmp_path, workers=3, access_format=ACCESS_FORMAT) as address:
        status, _, first = request(address, "GET", f"/play/{secret}")
        assert status == 200
        [key] = shelf.scan_iter(f"{KEY_PREFIX}*")
        drawn_with, page = zlib.decompress(shelf.get(key)).split(b"\n", 1)
        shelf.set(key, zlib.compress(drawn_with + b"\n" + page.replace(b"</body>", b"<!-- shared --></body>")),
                  keepttl=True)
        answers: list[tuple[int, Any, str]] = []
        with ThreadPoolExecutor(6) as pool:  # at once, until another worker than the first took some
            while len(set(served_by := pages_served_by(tmp_path))) < 2 and len(answers) < 300:
                answers += pool.map(lambda _: request(address, "GET", f"/play/{secret}"), range(30))
    served_by = pages_served_by(tmp_path)  # every line written, now that gunicorn has stopped
    assert len(set(served_by)) >= 2, served_by
    assert {status for status, _, _ in answers} == {200}
    assert {CSRF_RE.sub("", text.replace("<!-- shared -->", "")) for _, _, text in answers} == {CSRF_RE.sub("", first)}
    unmarked = sum("<!-- shared -->" not in text for _, _, text in answers)
    assert unmarked == served_by[1:].count(served_by[0])  # the first worker's answers alone were its own


def pages_served_by(logs: Any) -> list[str]:
    """The worker (pid) of each page GET so far, in the access log's order."""
    return [line.split()[0] for line in (logs / "access.log").read_text().splitlines() if '"GET /play/' in line]
