"""The JSON API of the service contract: GET and POST /api/v1/play/<token>.

The token is the credential, so there is no CSRF token; instead only JSON
bodies are accepted, which a cross-site form cannot send. Errors are
`{"error": "…"}` with 400, 403 or 409 (see `tain.web.errors`).
"""
from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Request, Response, jsonify, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin

from tain.services.errors import IllegalAction
from tain.services.play import seat_snapshot, submit
from tain.wording import N_

from . import remember_checked_link, seat_of_link, utcnow
from .json_input import MAX_MOVE_BYTES, BadJson, load_json
from .limits import seat_link

bp = Blueprint("api", __name__, url_prefix="/api/v1")


class _NoSessionForApi(SecureCookieSessionInterface):
    """The API never uses the cookie session (the token is the credential), so a cookie that a client
    sends along (a browser's, from its pages) is not read, verified and decoded on each call."""

    def open_session(self, app: Flask, request: Request) -> SessionMixin | None:
        if request.path.startswith(f"{bp.url_prefix}/"):
            return self.make_null_session(app)
        return super().open_session(app, request)


@bp.record_once
def _without_session(state: Any) -> None:
    state.app.session_interface = _NoSessionForApi()


@bp.get("/play/<token>")
@seat_link
def show(token: str) -> Response:
    now = utcnow()
    seat = seat_of_link(token, now)
    return jsonify(seat_snapshot(seat, seats=False))  # changes nothing: a move notes the visit


@bp.post("/play/<token>")
@seat_link
def act(token: str) -> Response:
    now = utcnow()
    try:
        actions, version = _read_move()
    except Exception:  # an unreadable or too large body: a link that opens no seat is refused first, as before any body
        seat_of_link(token, now, state=False)
        raise
    submitted = submit(token, actions, now=now, expected_version=version)  # the link checked under the game's lock
    remember_checked_link(token, submitted.language)
    return jsonify(submitted.snapshot)


def _read_move() -> tuple[Any, int | None]:
    """The body `{"action": {…}}` or `{"actions": [{…}, …]}`, with an optional `"version": n`."""
    if not request.is_json:
        raise IllegalAction(N_("Send the move as JSON, with Content-Type: application/json."))
    try:
        body = load_json(request.get_data(), max_bytes=MAX_MOVE_BYTES)
    except BadJson as refusal:
        raise IllegalAction(refusal.message, **refusal.params) from None
    if not isinstance(body, dict) or ("action" in body) == ("actions" in body):
        raise IllegalAction(N_('Send a JSON object such as {"action": {"type": "pass"}}.'))
    version = body.get("version")
    if version is not None and type(version) is not int:
        raise IllegalAction(N_('"version" must be a whole number: the game version your move answers.'))
    actions = body["action"] if "action" in body else body["actions"]
    if not isinstance(actions, (dict, list)):
        raise IllegalAction(N_('"action" must be an object such as {"type": "pass"}.'))
    return actions, version
