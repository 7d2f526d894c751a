"""Configuration from the environment (and a `.env` file), read once by `create_app`."""
from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

import orjson
from dotenv import load_dotenv


DEV_SECRET_KEY = "dev-only-secret-change-me"


def _bool(value: str | None, default: bool = False) -> bool:
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _number(env: Mapping[str, str], name: str, default: float, kind: type = int) -> Any:
    """The setting `name` as a number (`kind`), `default` when unset; a bad one stops the start with a
    sentence that names it, not a traceback."""
    text = env.get(name)
    if not text:
        return default
    try:
        return kind(text)
    except ValueError:
        raise SystemExit(f"The setting {name} must be {'a whole' if kind is int else 'a'} number, "
                         f"not {text!r}.") from None


def database_uri(url: str) -> str:
    """A DATABASE_URL as SQLAlchemy wants it."""
    # Heroku-style "postgres://" is no longer accepted, and SQLAlchemy 2.1 would pick psycopg 3
    # for a bare "postgresql://": we ship psycopg2.
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg2://" + url[len(prefix):]
    return url


def engine_options(uri: str) -> dict[str, Any]:
    """Connections checked before use, so the service recovers by itself once a lost database is back;
    on PostgreSQL a connection attempt gives up after a few seconds (a clear 503, not a hung worker).
    JSON columns (a game's state: up to 80 kB late in a game, read by every request and written by
    every move) go through orjson, which keeps the keys' order as the standard library does, and
    writes them about fifteen times faster and reads them twice as fast."""
    options: dict[str, Any] = {"pool_pre_ping": True, "json_serializer": _json_text, "json_deserializer": orjson.loads}
    if uri.startswith("postgresql"):
        options["connect_args"] = {"connect_timeout": 5}
    return options


def _json_text(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def from_environment(instance_path: str) -> dict[str, Any]:
    """The settings of the service contract, with defaults that suit `make run`."""
    load_dotenv()
    env = os.environ
    database_url = env.get("DATABASE_URL") or "sqlite:///" + os.path.join(instance_path, "tain.sqlite3")
    base_url = (env.get("BASE_URL") or "http://127.0.0.1:5000").rstrip("/")
    return {
        "SECRET_KEY": env.get("SECRET_KEY") or DEV_SECRET_KEY,
        "SQLALCHEMY_DATABASE_URI": database_uri(database_url),
        "BASE_URL": base_url,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": base_url.startswith("https://"),
        # Every page is sent with Referrer-Policy: no-referrer (a seat's token is in its URL), so Flask-WTF's
        # check that an HTTPS form came with a same-site Referer would refuse every form over HTTPS; the
        # CSRF token, tied to the session's SameSite cookie, is the check.
        "WTF_CSRF_SSL_STRICT": False,
        "MAIL_SERVER": env.get("MAIL_SERVER") or None,
        "MAIL_PORT": _number(env, "MAIL_PORT", 25),
        "MAIL_USERNAME": env.get("MAIL_USERNAME") or None,
        "MAIL_PASSWORD": env.get("MAIL_PASSWORD") or None,
        "MAIL_USE_TLS": _bool(env.get("MAIL_USE_TLS")),
        "MAIL_USE_SSL": _bool(env.get("MAIL_USE_SSL")),
        "MAIL_DEFAULT_SENDER": env.get("MAIL_DEFAULT_SENDER") or "Tàin <tain@localhost>",
        "MAIL_SUPPRESS_SEND": False,  # Flask-Mail would suppress under TESTING; we choose the transport ourselves
        # Seconds any one network call to the mail server may take (connect, each command, each reply), after
        # which the pass gives up and the mail backs off: a server that accepts and never answers stops nothing.
        "MAIL_TIMEOUT": _number(env, "MAIL_TIMEOUT", 30.0, float),
        "ADMIN_PASSWORD": env.get("ADMIN_PASSWORD") or None,  # hashed by create_app, then dropped
        "ADMIN_SESSION_MINUTES": _number(env, "ADMIN_SESSION_MINUTES", 60),  # idle time before a new login
        "ADMIN_LOGIN_LIMIT": env.get("ADMIN_LOGIN_LIMIT") or "10 per minute",  # login POSTs per address
        # Rate limits (tain.web.limits), in Flask-Limiter's words: requests per link token (page and API),
        # refused links (403s) per address, the lobby's new-game POSTs per address.
        "PLAY_RATE_LIMIT": env.get("PLAY_RATE_LIMIT") or "120 per minute",
        "BAD_LINK_RATE_LIMIT": env.get("BAD_LINK_RATE_LIMIT") or "30 per hour",
        "LOBBY_RATE_LIMIT": env.get("LOBBY_RATE_LIMIT") or "10 per hour",
        "NEW_LINK_RATE_LIMIT": env.get("NEW_LINK_RATE_LIMIT") or "5 per hour",  # players' new-link requests per address
        # Flask-Limiter's own settings. In memory, each worker counts alone; share the counts across
        # workers with redis://… (the `redis` package is installed) or memcached://….
        "RATELIMIT_ENABLED": _bool(env.get("RATELIMIT_ENABLED"), default=True),
        "RATELIMIT_STORAGE_URI": env.get("RATELIMIT_STORAGE_URI") or "memory://",
        "RATELIMIT_KEY_PREFIX": env.get("RATELIMIT_KEY_PREFIX") or "tain",  # for several services on one Redis
        # With the storage unreachable, each worker counts in memory until it is back, and any other
        # failure of the storage lets the request through (logged): never a 500 for a limit.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_SWALLOW_ERRORS": True,
        # How many reverse proxies stand before the app, each adding the address it saw to X-Forwarded-For;
        # 0: none, the connection's address is the client's (and a client's own X-Forwarded-For is ignored).
        "PROXY_FIX_X_FOR": _number(env, "PROXY_FIX_X_FOR", 0),
        # SCHEDULER_DEFAULT: what `make run` wants when neither the environment nor .env says (load_dotenv
        # never overrides a variable already set, so the Makefile cannot set SCHEDULER itself).
        "SCHEDULER": (env.get("SCHEDULER") or env.get("SCHEDULER_DEFAULT") or "off").lower(),
        # A link stops working this long after it was sent, and this long after its game ended.
        "LINK_MAX_AGE_DAYS": _number(env, "LINK_MAX_AGE_DAYS", 365),
        "LINK_GRACE_AFTER_END_DAYS": _number(env, "LINK_GRACE_AFTER_END_DAYS", 30),
        "DEFAULT_MOVE_DEADLINE": env.get("DEFAULT_MOVE_DEADLINE") or "24h",
        "DEFAULT_PHASE_DEADLINE": env.get("DEFAULT_PHASE_DEADLINE") or "48h",
        "DEFAULT_REMINDER_BEFORE": env.get("DEFAULT_REMINDER_BEFORE") or "4h",
        "SCHEDULER_INTERVAL_SECONDS": _number(env, "SCHEDULER_INTERVAL_SECONDS", 10),
        "MAIL_INTERVAL_SECONDS": _number(env, "MAIL_INTERVAL_SECONDS", 2),
        # Megabytes of seats' pages each worker keeps once drawn, to answer a page opened again with nothing
        # changed (tain.web.kept_pages); 0: every page drawn every time.
        "KEPT_PAGES_MB": _number(env, "KEPT_PAGES_MB", 16),
        # Where the workers share those pages (redis://…; tain.web.shared_pages); empty: each its own.
        "KEPT_PAGES_URL": env.get("KEPT_PAGES_URL") or "",
        # No request is larger (a 413): room for an imported game of 2 MB, the largest thing sent.
        "MAX_CONTENT_LENGTH": 3 * 1024 * 1024,
        "MAX_FORM_MEMORY_SIZE": 3 * 1024 * 1024,  # Werkzeug's own 500 kB would refuse a pasted export
    }
