"""Rate limits (Flask-Limiter), each a setting (tain.config); the admin login's is in admin/auth.py.

- `seat_link`, on every view of a link token (the player's page and the API, GET and POST): each
  token has PLAY_RATE_LIMIT requests, shared by its page and the API, so one link cannot hammer the
  service; and each client address has BAD_LINK_RATE_LIMIT refused links (403 answers only), so
  guessing tokens stops soon while a player's own reloads never count against it.
- `lobby_form`: the front page's new-game form, LOBBY_RATE_LIMIT POSTs per address.
- `new_link_form`: a player's request for a new link (tain/web/relink.py), NEW_LINK_RATE_LIMIT per address.

Over a limit the answer is a 429 page, or JSON under /api/ (tain.web.errors), with Retry-After.
"""
from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from typing import TypeVar

from flask import Flask, Response, current_app, request

from tain.extensions import limiter

View = TypeVar("View", bound=Callable[..., object])


def _setting(name: str) -> Callable[[], str]:
    return lambda: current_app.config[name]


def _token_key() -> str:
    # Hashed: the counts' storage (Redis) never holds a credential.
    return hashlib.sha256(request.view_args["token"].encode()).hexdigest()[:32]


def _refused(response: Response) -> bool:
    return response.status_code == 403


_per_token = limiter.shared_limit(_setting("PLAY_RATE_LIMIT"), scope="seat-link", key_func=_token_key)
_refused_links = limiter.shared_limit(_setting("BAD_LINK_RATE_LIMIT"), scope="refused-link", deduct_when=_refused)
lobby_form = limiter.limit(_setting("LOBBY_RATE_LIMIT"), methods=["POST"])
new_link_form = limiter.limit(_setting("NEW_LINK_RATE_LIMIT"))


def seat_link(view: View) -> View:
    """Both limits of a view of `/…/play/<token>`."""
    return _per_token(_refused_links(view))


def retry_after(response: Response) -> Response:
    """Every 429 says when to come back: when the limit it hit resets."""
    hit = limiter.current_limit
    if response.status_code == 429 and hit is not None:
        response.headers["Retry-After"] = str(max(1, int(hit.reset_at - time.time())))
    return response


def init_app(app: Flask) -> None:
    limiter.init_app(app)
    app.after_request(retry_after)
