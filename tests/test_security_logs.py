"""Logs never hold a link token: every token-like piece of a logged line is cut short, whatever the
route, the encoding (percent-encoded, twice), double slashes or the query string, in werkzeug's and
gunicorn's access log formats."""
from __future__ import annotations

import http.client
import logging
import threading
from collections.abc import Iterator
from urllib.parse import unquote

import pytest
from gunicorn.glogging import SafeAtoms
from werkzeug.serving import make_server

from security_support import leaks, paths
from support import new_game, token
from tain.web.security import RedactTokens

TOKEN = "WzEyLCJhYmNkZWYxMiJd.aw6cJQ.E6goIgmNKtIhrklcnbwp2CfRblY"  # a link token's shape: payload.time.signature
GUNICORN_FORMAT = '%(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s"'  # gunicorn's default


def logged(record: logging.LogRecord) -> str:
    RedactTokens().filter(record)
    return record.getMessage()


@pytest.mark.parametrize("path", paths(TOKEN))
def test_werkzeug_access_lines_keep_only_the_start_of_a_token(path):
    record = logging.LogRecord("werkzeug", logging.INFO, "", 0, '127.0.0.1 - - [now] "%s" %s %s',
                               (f"GET {path} HTTP/1.1", "403", "-"), None)
    line = logged(record)
    assert not leaks(TOKEN, line), line
    assert line.startswith('127.0.0.1 - - [now] "GET /') and line.endswith(' HTTP/1.1" 403 -')


@pytest.mark.parametrize("path", paths(TOKEN))
def test_gunicorn_access_lines_keep_only_the_start_of_a_token(path):
    raw_path, _, query = path.partition("?")
    atoms = SafeAtoms({"h": "10.0.0.1", "l": "-", "u": "-", "t": "[now]", "r": f"GET {path} HTTP/1.1",
                       "s": "200", "b": "12", "f": f"https://tain.example.org{path}", "a": "curl/8",
                       "U": unquote(raw_path), "q": query})
    for format in (GUNICORN_FORMAT, '%(U)s?%(q)s %({x-missing}i)s'):
        record = logging.LogRecord("gunicorn.access", logging.INFO, "", 0, format, None, None)
        record.args = atoms  # as gunicorn passes them: a mapping that answers "-" for a missing atom
        line = logged(record)
        assert not leaks(TOKEN, line), line
    assert line.endswith(" -")


def test_the_start_of_a_token_and_the_rest_of_the_line_stay_readable():
    line = logged(logging.LogRecord("werkzeug", logging.INFO, "", 0, '"%s" %s', (f"GET /play/{TOKEN} HTTP/1.1", 200),
                                    None))
    assert line == f'"GET /play/{TOKEN[:6]}… HTTP/1.1" 200'
    plain = "GET /static/style.css HTTP/1.1 /admin/games/12?status=running"
    assert logged(logging.LogRecord("werkzeug", logging.INFO, "", 0, plain, None, None)) == plain


@pytest.fixture
def werkzeug_url(app) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


def test_werkzeugs_real_access_log_holds_no_token(app, werkzeug_url, caplog):
    with app.app_context():
        secret = token(new_game(), "Ann")
    caplog.set_level(logging.INFO, logger="werkzeug")
    for path in paths(secret):
        connection = http.client.HTTPConnection(werkzeug_url, timeout=10)
        connection.request("GET", path)  # sent as written: http.client neither encodes nor normalises it
        assert connection.getresponse().status < 500
        connection.close()
    lines = [record.getMessage() for record in caplog.records if record.name == "werkzeug"]
    assert len(lines) == len(paths(secret))
    assert not any(leaks(secret, line) for line in lines), lines
