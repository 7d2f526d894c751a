"""For the security tests: the ways a request line can carry a link token, whether a logged line leaks
one, and the app under gunicorn as deployed (several worker processes, a real access log)."""
from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote, unquote

from support import free_port
from tain import PROJECT_ROOT


def percent_encoded(text: str) -> str:
    """Every character as %XX, as a client may send it."""
    return "".join(f"%{ord(c):02X}" for c in text)


def paths(secret: str) -> list[str]:
    """The ways a request line can carry a token."""
    return [
        f"/play/{secret}",
        f"/play//{secret}",
        f"//play/{secret}/",
        f"/api/v1/play/{secret}",
        f"/api/v1//play/{secret}?version=3",
        f"/play/{percent_encoded(secret)}",
        f"/play/{secret[:8]}{percent_encoded(secret[8:20])}{secret[20:]}",
        f"/play/{quote(percent_encoded(secret))}",  # encoded twice
        f"/no/such/route/{secret}",
        f"/play/x?token={secret}&b=1",
        f"/admin/login?next={quote('/play/' + secret, safe='')}",
    ]


def leaks(secret: str, line: str) -> bool:
    """Whether any 10 characters in a row of the token, past its first 6, can be read from the line."""
    for _ in range(3):  # undo up to two rounds of percent-encoding
        line = unquote(line)
    return any(secret[start:start + 10] in line for start in range(1, len(secret) - 9))


@contextmanager
def gunicorn_serving(env: dict[str, str], logs: Path, workers: int = 1,
                     access_format: str | None = None) -> Iterator[str]:
    """`gunicorn app:app` with `env` on a free port, its access log in `logs`/access.log; yields host:port."""
    address = f"127.0.0.1:{free_port()}"
    command = [sys.executable, "-m", "gunicorn", "app:app", "--workers", str(workers), "--bind", address,
               "--access-logfile", str(logs / "access.log"), "--error-logfile", str(logs / "error.log")]
    if access_format:
        command += ["--access-logformat", access_format]
    server = subprocess.Popen(command, cwd=PROJECT_ROOT, env={**os.environ, "SCHEDULER": "off", **env})
    try:
        _wait_until_serving(address, workers, logs / "error.log")
        yield address
    finally:
        server.terminate()
        server.wait(timeout=30)


def _wait_until_serving(address: str, workers: int, error_log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        booted = error_log.exists() and error_log.read_text().count("Booting worker") >= workers
        if booted and request(address, "GET", "/")[0] == 200:
            return
        time.sleep(0.1)
    raise AssertionError("gunicorn did not start:\n" + (error_log.read_text() if error_log.exists() else ""))


def request(address: str, method: str, path: str, body: str | None = None,
            headers: dict[str, str] | None = None) -> tuple[int, http.client.HTTPResponse, str]:
    """One request, the path sent exactly as written; (status, response, body); status 0 when refused."""
    connection = http.client.HTTPConnection(address, timeout=30)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response, response.read().decode()
    except ConnectionError:
        return 0, None, ""  # type: ignore[return-value]
    finally:
        connection.close()
