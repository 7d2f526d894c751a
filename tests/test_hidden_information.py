"""The product's hidden-information test (issue 9).

Over every game the service hosts (`game_names()`), a whole game is scripted through the
service: moves through the JSON API, each chosen by the engine's bot from the seat's own
JSON; a service bot in one seat; a seat on daily digests; reminders and time-outs from the
deadline pass; a link resent from the admin dashboard.

After every event, every seat's JSON must be exactly the snapshot of its own view, and that
snapshot must not change when the other seats' secrets are dealt again (tests/hidden_support.py);
one seat's page (in turn) must not change either, served from the database holding the
varied state and the log that replays to it (the face-down tokens still on the board dealt
again: "Since you last looked" and the history are told from the log). Every email the
service queues is made again from varied states and logs and must not change for its
recipient. At every new stage or phase, every twentieth event and the end, every seat's page
and history are compared, the admin's public game page (board, log, mail subjects) must not
change when every seat's secrets and logged tokens are dealt again, and a reveal shows its
one seat's secrets only and is written to the audit log.

The seats speak both languages in the same game (LANGUAGES: Ann and Cat Italian, Bob English), so
every check holds in Italian as well as in English: each seat's pages and emails are in its own.

The script is checked in stretches of events (STRETCHES), each its own test item so that pytest-xdist runs
them side by side: an item replays the events before its stretch through the service unchecked (the same
moves, the seats' pages marked as seen where the checks show them) and checks every point of its stretch.

A game that hides nothing (Tara: tain/games/tara/view.py and the rulings show the whole
board to both players) has nothing to deal again: at every event its test asserts that each
seat's view is the public view (apart from "you") and that its JSON is its snapshot.
"""
from __future__ import annotations

import difflib
import json
import random
import re
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from flask import Flask, render_template
from sqlalchemy import func, select

from admin_support import PASSWORD, act, log_in
from hidden_support import (
    SECRETS, MailWitness, check_views_of_a_game_without_secrets, fetch, json_of, normalise, seat_ids, seat_row,
    snapshots_in, state_and_log, vary_log, write_game,
)
from hidden_twins import TWINS, first_difference
from support import NOW, SENDER_LATER, new_game, outbox, reset_database, shown_in_browser, token
from tain import transactions
from tain.extensions import db
from tain.games import game_names, get_game
from tain.models import AuditEntry, Game, OutboxMessage
from tain.services.deadlines import run_due_games
from tain.services.digests import send_due_digests
from tain.services.games import NewPlayer, create_game
from tain.services.letters import write_pending
from tain.services.links import make_token
from tain.services.play import game_info, seat_snapshot
from tain.services import timeline
from tain.services.preferences import set_mail_mode
from tain.web.play_timeline import history_context

NAMES = ["Ann", "Bob", "Cat", "Dan"]
# The watched seats in both languages at once: a page or email told in Italian must hide as much as in English.
LANGUAGES = {"Ann": "it", "Bob": "en", "Cat": "it"}
EVERY_KIND = {"invitation", "your-move", "final-scores", "reminder", "digest", "link"}
BOARD_AND_LOG = re.compile(r'aria-labelledby="board-title".*aria-labelledby="mail-title"', re.S)


@pytest.fixture
def config(config: dict[str, Any]) -> dict[str, Any]:
    config["ADMIN_PASSWORD"] = PASSWORD
    return config


def same(seen: str, expected: str, what: str) -> None:
    """`seen == expected`, or fail showing the first lines that differ."""
    if seen != expected:
        diff = list(difflib.unified_diff(expected.splitlines(), seen.splitlines(), "real", "varied", n=1, lineterm=""))
        raise AssertionError(f"{what}:\n" + "\n".join(diff[:30]))


class ScriptedGame:
    """One game of `game_name` played through the service, every channel checked at every stage."""

    def __init__(self, app: Flask, game_name: str, monkeypatch: pytest.MonkeyPatch, seed: int = 3) -> None:
        self.app, self.engine, self.secrets = app, get_game(game_name), SECRETS.get(game_name)
        self.rng = random.Random(seed)  # the variations
        self.pick = random.Random(seed + 2)  # who moves: the script is the same whether or not it is checked
        self.mail = MailWitness(self.secrets, random.Random(seed + 1))
        self.mail.install(monkeypatch)
        self.client, self.admin = app.test_client(), app.test_client()
        names = NAMES[:max(self.engine.min_players, min(self.engine.max_players, len(NAMES)))]
        bot = names[-1] if len(names) > 2 else None  # a service bot, moving inside the others' moves
        self.people = [name for name in names if name != bot]
        self.digest = self.people[-1]  # told once a day, not at each move
        with app.app_context():
            game = create_game(
                game_name, [NewPlayer(name, "" if name == bot else f"{name.lower()}@example.org", name == bot,
                                      None if name == bot else LANGUAGES[name]) for name in names],
                now=NOW, seed=seed, first_player=names[0], move_deadline=timedelta(hours=24),
                phase_deadline=timedelta(hours=48), reminder_before=timedelta(hours=4), bot_on_timeout=True,
            )
            self.game_id = game.id
            self.names = names
            self.tokens = {seat.name: make_token(seat) for seat in game.seats}
            set_mail_mode(seat_row(self.game_id, self.digest), "digest", now=NOW)
        self.seat_ids = seat_ids(app, self.game_id)
        self.bots = {name: self.engine.make_bot(seed + i) for i, name in enumerate(names)}
        with app.app_context():
            assert log_in(self.admin).status_code == 303
        self.events: Counter[str] = Counter()
        self.shown: dict[str, Any] = {}  # each seat's JSON at the last check
        self.pages_compared: Counter[str] = Counter()
        self.checks = self.deep_checks = self.admin_compared = self.reveals_differing = 0
        self.looks = self.deep_looks = 0  # the points of the script where it is checked (or, replayed, passed)
        self.logs_varied = 0  # page checks served from a log whose face-down tokens were dealt again
        self.seed = seed
        self.secrets_varied = 0  # checks at which some seat had a secret to vary

    # ---- the script

    def play(self, max_events: int = 3000, start: int = 0) -> None:
        """The script up to event `max_events` (or the end), checked at the start and after every event
        from event `start` on: the events before it are replayed unchecked (one test item a stretch)."""
        self.look("at the start", deep=True, checked=start == 0)
        stage = self.stage()
        for event in range(1, max_events + 1):
            self.mail.paused = event <= start  # its emails are checked by the item checking the event
            label = self.next_event(event)
            if label is None:
                break
            self.events[label] += 1
            now_stage = self.stage()
            self.look(f"after event {event} ({label})", deep=now_stage != stage or event % 20 == 0,
                      checked=event > start)
            stage = now_stage
        self.mail.paused = False

    def look(self, label: str, deep: bool, checked: bool) -> None:
        """Check this point of the script or, replaying it, do only what the check changes: each seat's
        JSON taken (the next move is chosen from it), the seats whose pages it shows marked as seen."""
        self.looks += 1
        self.deep_looks += deep
        if checked:
            self.check(label, deep)
            return
        with self.app.app_context():
            game = db.session.get(Game, self.game_id)
            self.shown = {name: json_of(seat_snapshot(game.seat_named(name))) for name in self.names}
            with transactions.write():
                for name in self.looked_at(deep):
                    timeline.mark_seen(game.seat_named(name).id, game.version)
        if self.secrets is not None:  # the tallies of what the variation finds, kept over the whole game
            state, log = state_and_log(self.app, self.game_id)
            varied = {name: self.secrets.vary_state(state, name, self.rng) for name in self.names}
            self.secrets_varied += any(varied[name] != state for name in self.names)
            self.logs_varied += sum(self.secrets.log_for(log, state, varied[name], name) != log
                                    for name in self.looked_at(deep))

    def looked_at(self, deep: bool) -> list[str]:
        """The seats whose pages the check at this point shows."""
        if self.secrets is None:
            return self.names if deep else []
        return self.names if deep else [self.names[self.looks % len(self.names)]]

    def stage(self) -> tuple[Any, ...]:
        with self.app.app_context():
            view = self.engine.view(db.session.get(Game, self.game_id).state, None)
            return view["stage"], view["phase"], view["over"]

    def next_event(self, event: int) -> str | None:
        with self.app.app_context():
            game = db.session.get(Game, self.game_id)
            if game.over:
                return None
            reminder_at, deadline_at = game.reminder_at, game.deadline_at
            digest_at = seat_row(self.game_id, self.digest).digest_at
        if event % 13 == 5 and reminder_at is not None:
            with self.app.app_context():
                run_due_games(reminder_at)
            return "reminder"
        if event % 19 == 7 and deadline_at is not None:
            with self.app.app_context():
                run_due_games(deadline_at)
            return "time-out"
        if event % 11 == 3 and digest_at is not None:
            with self.app.app_context():
                send_due_digests(digest_at)
            return "digest"
        if event == 2:
            path = f"/admin/games/{self.game_id}/resend"
            with self.app.app_context():
                assert act(self.admin, path, seat=self.seat_ids[self.people[0]]).status_code == 303
            fetch(self.app, self.admin, "GET", f"/admin/games/{self.game_id}")  # shows (and so clears) its message
            return "link resent"
        self.move()
        return "move"

    def move(self) -> None:
        """A move through the JSON API, chosen by the seat's bot from the seat's own snapshot."""
        with self.app.app_context():
            to_act = self.engine.to_act(db.session.get(Game, self.game_id).state)
        name = self.pick.choice([player for player in to_act if player in self.people])
        path = f"/api/v1/play/{self.tokens[name]}"
        snapshot = self.shown[name]  # the seat's JSON as the last check fetched it: nothing moved since
        action = self.bots[name].choose(snapshot["view"], snapshot["legal_actions"])
        response = fetch(self.app, self.client, "POST", path, json={"action": action, "version": snapshot["game"]["version"]})
        assert response.status_code == 200, response.get_json()
        with self.app.app_context():
            assert response.get_json() == json_of(seat_snapshot(seat_row(self.game_id, name))), (
                f"the answer to {name}'s move is not the snapshot of its own view")

    # ---- the checks

    def page(self, name: str, since: int | None = None, history: bool = False) -> str:
        """The seat's page — telling what happened after version `since`, which showing it again (when
        it has just marked the seat as having seen everything) keeps — and, if asked, its history."""
        page = fetch(self.app, self.client, "GET", f"/play/{self.tokens[name]}" + (f"?since={since}" if since is not None else ""))
        assert page.status_code == 200 and f'<html lang="{LANGUAGES.get(name, "en")}"' in page.text
        with self.app.app_context():
            shown_in_browser(self.client, page.text)  # the page's script: the seat has seen it
        if not history:
            return normalise(page.text)
        whole = fetch(self.app, self.client, "GET", f"/play/{self.tokens[name]}/history")
        assert whole.status_code == 200
        return normalise(page.text + whole.text)

    def seen(self, name: str) -> int:
        with self.app.app_context():
            return seat_row(self.game_id, name).seen_version

    def replayed(self, log: list[tuple[str, dict]]) -> dict:
        state = self.engine.setup(self.names, self.seed, {"first_player": self.names[0]})
        for player, action in log:
            state = self.engine.apply(state, player, action)
        return state

    def admin_page(self) -> str:
        page = fetch(self.app, self.admin, "GET", f"/admin/games/{self.game_id}")
        assert page.status_code == 200
        return normalise(page.text, clock=True)

    def check(self, label: str, deep: bool) -> None:
        """Every seat's JSON is its snapshot, and the snapshot does not change with the other seats'
        secrets; one seat's page (every seat's, when `deep`, with its history) does not either, served
        from the varied state and the log that replays to it (the history and "since you last looked"
        are told from the log). When `deep`, the admin's pages are checked."""
        self.checks += 1
        self.deep_checks += deep
        assert not self.mail.failures, f"{label}: {self.mail.failures[0]}"
        state, log = state_and_log(self.app, self.game_id)
        self.shown = {name: fetch(self.app, self.client, "GET", f"/api/v1/play/{self.tokens[name]}").get_json()
                      for name in self.names}
        with self.app.app_context():
            for name in self.names:
                snapshot = json_of(seat_snapshot(seat_row(self.game_id, name)))
                assert self.shown[name] == snapshot, f"{label}: {name}'s JSON is not the snapshot of its own view"
                assert snapshot["view"] == json_of(self.engine.view(state, name)), label
        if self.secrets is None:
            check_views_of_a_game_without_secrets(self.engine, state, self.names)
            if deep:  # nothing to compare them with, but they are served
                self.admin_page()
                for name in self.names:
                    self.page(name)
            return
        varied = {name: self.secrets.vary_state(state, name, self.rng) for name in self.names}
        for name in self.names:
            self.check_variation(state, varied[name], name, label)
        self.secrets_varied += any(varied[name] != state for name in self.names)
        for name, snapshot in snapshots_in(self.app, self.game_id, varied).items():
            assert snapshot == self.shown[name], f"{label}: {name}'s snapshot (its JSON) changes with the other seats' secrets"
        looked_at = self.looked_at(deep)
        since = {name: self.seen(name) for name in looked_at}
        pages = {name: self.page(name, since[name], history=deep) for name in looked_at}
        public_page = self.admin_page() if deep else ""  # after the pages: it shows their visits
        try:
            for name in looked_at:
                varied_log = self.secrets.log_for(log, state, varied[name], name)
                assert self.replayed(varied_log) == varied[name], f"{label}: the varied log does not replay to the varied state"
                self.logs_varied += varied_log != log
                write_game(self.app, self.game_id, varied[name], varied_log)
                same(self.page(name, since[name], history=deep), pages[name],
                     f"{label}: {name}'s page changes with the other seats' secrets")
                self.pages_compared[name] += 1
            if deep:
                self.check_admin(state, log, public_page, label)
        finally:
            write_game(self.app, self.game_id, state, log)

    def check_variation(self, state: dict, varied: dict, keep: str | None, label: str) -> None:
        """The varied state looks the same to `keep` (the public, for None): view, moves, who is to act."""
        engine = self.engine
        assert engine.view(varied, keep) == engine.view(state, keep), f"{label}: the variation shows {keep} something new"
        assert engine.to_act(varied) == engine.to_act(state), label
        if keep is not None:
            assert engine.legal_actions(varied, keep) == engine.legal_actions(state, keep), (
                f"{label}: {keep}'s legal moves change with the other seats' secrets")

    def check_admin(self, state: dict, log: list, public_page: str, label: str) -> None:
        """The public board and log must not change when every seat's secrets do; a reveal
        shows its seat's secrets (none of the others'), and each one is audit-logged."""
        varied = self.secrets.vary_state(state, None, self.rng)
        self.check_variation(state, varied, None, label)
        write_game(self.app, self.game_id, varied, vary_log(self.secrets, log, None, self.rng))
        same(self.admin_page(), public_page, f"{label}: the admin's game page changes with the seats' secrets")
        self.admin_compared += 1

        seat = self.names[self.deep_looks % len(self.names)]
        reveals = self.audited("reveal")
        write_game(self.app, self.game_id, self.secrets.vary_state(state, seat, self.rng),
                   vary_log(self.secrets, log, seat, self.rng))
        seen_varied = self.reveal(seat)
        write_game(self.app, self.game_id, state, log)
        seen = self.reveal(seat)
        same(seen_varied, seen, f"{label}: revealing {seat}'s view shows other seats' secrets")
        assert self.audited("reveal") == reveals + 2, f"{label}: a reveal was not written to the audit log"
        self.reveals_differing += seen != BOARD_AND_LOG.search(public_page)[0]

    def reveal(self, seat: str) -> str:
        with self.app.app_context():
            page = act(self.admin, f"/admin/games/{self.game_id}/reveal", seat=self.seat_ids[seat])
        assert page.status_code == 200 and f"The board as {seat} sees it" in page.text
        return BOARD_AND_LOG.search(normalise(page.text, clock=True))[0]

    def audited(self, action: str) -> int:
        with self.app.app_context():
            return db.session.scalar(select(func.count()).select_from(AuditEntry).where(
                AuditEntry.game_id == self.game_id, AuditEntry.action == action))

    def check_every_email_was_witnessed(self) -> set[str]:
        """Each outbox row of the game is one the witness saw queued (and so checked); their kinds."""
        assert not self.mail.unwitnessed, "an email was queued outside tain.services.notify, unchecked"
        with self.app.app_context():
            write_pending(SENDER_LATER)  # the sender writes the drafts that are left, from the log as committed
            rows = db.session.scalars(select(OutboxMessage).where(OutboxMessage.game_id == self.game_id)
                                      .order_by(OutboxMessage.id)).all()
            for row in rows:  # each in its recipient's language
                assert f'<html lang="{LANGUAGES[row.recipient.split("@")[0].title()]}">' in row.body_html, row.kind
            checked = [row for n, row in enumerate(rows) if n not in self.mail.passed]  # not those replayed past
            assert [(r.seat_id, r.subject, r.body_text, r.body_html, r.message_id) for r in checked] == [
                (m["seat_id"], m["subject"], m["body_text"], m["body_html"], m["message_id"]) for m in self.mail.queued]
            return {row.kind for row in rows}


# The script checked in stretches, each its own test item (so that pytest-xdist runs them side by side): the
# events each stretch checks begin after these; an item replays the events before its first unchecked.
STRETCHES = {"tain": (0, 70, 115, 150)}


def stretches() -> list[tuple[str, int, int | None]]:
    """(game, the first event after which it checks, the last — None: to the end) for every test item."""
    items = []
    for name in [name for name in game_names() if name not in TWINS]:
        starts = STRETCHES.get(name, (0,))
        items += [(name, start, stop) for start, stop in zip(starts, [*starts[1:], None])]
    return items


@pytest.mark.one_database
@pytest.mark.parametrize("game_name, start, stop", stretches())
def test_no_channel_shows_a_seat_more_than_its_own_view(app, monkeypatch, game_name, start, stop):
    script = ScriptedGame(app, game_name, monkeypatch)
    script.play(**({} if stop is None else {"max_events": stop}), start=start)
    if stop is None:
        assert script.stage()[2], "the scripted game did not end"
    kinds = script.check_every_email_was_witnessed()
    assert script.checks == script.looks - start - (start > 0) > 0  # at the start (stretch 0) and after each event
    if stop is None:  # the whole game, its emails, events and checks over every stretch
        assert EVERY_KIND <= kinds, f"the script never made {EVERY_KIND - kinds} emails"
        assert {"move", "reminder", "time-out", "digest", "link resent"} <= set(script.events)
        assert script.looks > 50
    if script.secrets is not None:
        parts = len(STRETCHES.get(game_name, (0,)))  # in each stretch, so that over the whole game:
        assert sum(script.pages_compared.values()) == script.checks + script.deep_checks * (len(script.names) - 1)
        assert script.mail.compared > 50 / parts and script.admin_compared > 5 / parts
        assert script.reveals_differing > 0, "no reveal ever showed a secret: the admin check cannot see one"
    if script.secrets is not None and stop is None:  # the tallies, over the whole game (those replayed too)
        assert script.secrets_varied > script.looks / 2, "the variation rarely found a secret to vary"
        assert script.logs_varied > script.looks / 3, "the history and 'since you last looked' were rarely varied"


# ---- the checks can fail: a leak planted in one channel is caught


def _state_comment(game_id: int) -> str:
    return f"<!-- {json.dumps(db.session.get(Game, game_id).state)} -->"


def _leaky_page(template: str, **context: Any) -> str:
    return render_template(template, **context) + _state_comment(context["game"]["id"])


def _leaky_email(template: str, **context: Any) -> str:
    said = render_template(template, **context)  # a subject's parts read the view alone: the bodies leak
    return said + _state_comment(context["game"].id) if "game" in context else said


def _leaky_snapshot(seat: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
    return {**seat_snapshot(seat, *args, **kwargs), "state": seat.game.state}


def _leaky_game_info(game: Any, **kwargs: Any) -> dict[str, Any]:
    return {**game_info(game, **kwargs), "state": game.state}


class _LeakyTeller:
    """Tells each logged action whole, another seat's face-down token included."""

    public = staticmethod(lambda action, player: action)
    moves = staticmethod(lambda before, after, move: [(move.player, json.dumps(move.action))])
    stage = staticmethod(timeline.tain.stage)


def _leaky_history(engine: Any, game: Any, seat: Any, token: str) -> dict[str, Any]:
    context = history_context(engine, game, seat, token)
    return {**context, "history": (*context["history"], timeline.Chapter(json.dumps(game.state), ()))}


LEAKS = {  # where a leak is planted → what it replaces, with what, and the check that must catch it
    "page": ("tain.web.play.render_template", _leaky_page, "page changes"),
    "json": ("tain.web.api.seat_snapshot", _leaky_snapshot, "JSON is not the snapshot"),
    "snapshot": ("tain.services.play.game_info", _leaky_game_info, r"snapshot \(its JSON\) changes"),
    "email": ("tain.mail.messages.render_template", _leaky_email, "an email to"),
    "admin log": ("tain.services.admin.log_text", lambda engine, record, revealed_for: engine.action_text(record.action),
                  "admin's game page changes"),
    "since and history": ("tain.services.timeline.TELLERS", {**timeline.TELLERS, "tain": _LeakyTeller},
                          "page changes|an email to"),
    "history": ("tain.web.play.history_context", _leaky_history, "page changes"),
}


@pytest.mark.one_database
@pytest.mark.parametrize("leak", LEAKS)
@pytest.mark.parametrize("game_name", [name for name in game_names() if name in SECRETS])
def test_a_planted_leak_is_caught(app, monkeypatch, game_name, leak):
    target, replacement, message = LEAKS[leak]
    monkeypatch.setattr(target, replacement)
    script = ScriptedGame(app, game_name, monkeypatch)
    with pytest.raises(AssertionError, match=message):
        script.play(max_events=25)


@pytest.mark.one_database
@pytest.mark.parametrize("game_name", list(TWINS))
def test_twin_games_differing_in_one_hidden_card_look_the_same_to_every_other_seat(app, monkeypatch, game_name):
    """tests/hidden_twins.py: Inis's hands cannot be dealt again behind the log, so two whole games that
    differ only in a card Ann holds hidden are played; the other seats' JSON, pages, histories, the
    admin's game page and every email must be the same in both, at every step."""
    first, twin = TWINS[game_name](app, monkeypatch).run()
    difference = first_difference(first, twin)
    assert difference is None, difference
    assert any(what.startswith("email final-scores") for what, _ in first.steps), "the game did not end"
    assert len({what.split(":")[0] for what, _ in first.steps}) > 150
    assert first.own != twin.own  # the control: Ann's own JSON shows her card, so a difference is seen


@pytest.mark.one_database
@pytest.mark.parametrize("leak", ["page", "json", "email", "admin log", "history"])
@pytest.mark.parametrize("game_name", list(TWINS))
def test_a_planted_leak_is_caught_by_the_twin_games(app, monkeypatch, game_name, leak):
    target, replacement, _ = LEAKS[leak]
    monkeypatch.setattr(target, replacement)
    first, twin = TWINS[game_name](app, monkeypatch).run(max_events=12)  # Ann's first draft choice made
    assert first_difference(first, twin) is not None


def test_a_game_that_hides_something_must_say_what(app):
    """A game missing from SECRETS is not skipped: if its views differ by seat, the test fails."""
    tain = get_game("tain")
    state = tain.setup(["Ann", "Bob"], seed=1)
    with pytest.raises(AssertionError, match="hides something"):
        check_views_of_a_game_without_secrets(tain, state, ["Ann", "Bob"])


# ---- one hidden choice, followed by hand through a fixed opening

def what_others_see(app, client, ann_guard: str, language: str = "en") -> list[str]:
    """Play a fixed opening in which Ann guards house-1 with `ann_guard`; record Bob's and Cat's channels,
    in their `language`."""
    with app.app_context():
        reset_database()
        game = new_game([f"{name} <{name.lower()}@example.org> {language}" for name in ("Ann", "Bob", "Cat")],
                        seed=5, first_player="Ann")
        tokens = {name: token(game, name) for name in ("Ann", "Bob", "Cat")}

    def act_as(name: str, choose) -> None:
        path = f"/api/v1/play/{tokens[name]}"
        legal = fetch(app, client, "GET", path).get_json()["legal_actions"]
        assert fetch(app, client, "POST", path, json={"action": choose(legal)}).status_code == 200

    seen = []

    def record() -> None:
        for name in ("Bob", "Cat"):
            page = fetch(app, client, "GET", f"/play/{tokens[name]}").text
            assert f'<html lang="{language}">' in page
            seen.append(page)
            seen.append(fetch(app, client, "GET", f"/api/v1/play/{tokens[name]}").get_data(as_text=True))

    def first(legal: list[dict], kind: str) -> dict:
        return next(a for a in legal if a["type"] == kind)

    record()
    act_as("Ann", lambda legal: {"type": "guard", "token": ann_guard, "entrance": "house-1"})
    record()
    act_as("Bob", lambda legal: next(a for a in legal if a["type"] == "scout" and a["board"] == "Ann"
                                     and a["entrance"] == "house-1"))
    record()
    act_as("Cat", lambda legal: first(legal, "raid"))
    record()
    act_as("Ann", lambda legal: first(legal, "pass"))
    record()
    act_as("Bob", lambda legal: first(legal, "guard"))
    record()
    with app.app_context():
        for message in outbox():
            if message.recipient != "ann@example.org":
                seen += [message.recipient, message.subject, message.body_text, message.body_html,
                         message.message_id, message.in_reply_to or ""]
    return [normalise(text, clock=True) for text in seen]


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_hidden_choice_changes_nothing_the_others_see(app, language):
    client = app.test_client()
    with_warrior = what_others_see(app, client, "warrior", language)
    with_boy = what_others_see(app, client, "boy", language)
    assert len(with_warrior) > 20
    for a, b in zip(with_warrior, with_boy):
        assert a == b
    assert with_warrior == with_boy


def test_the_choice_is_visible_to_its_owner(app):
    """The control: Ann's own channels do differ, so the comparison above can see a difference."""
    client = app.test_client()
    views = []
    for choice in ("warrior", "boy"):
        with app.app_context():
            reset_database()
            ann = token(new_game(seed=5, first_player="Ann"), "Ann")
        fetch(app, client, "POST", f"/api/v1/play/{ann}", json={"action": {"type": "guard", "token": choice, "entrance": "house-1"}})
        views.append(normalise(fetch(app, client, "GET", f"/api/v1/play/{ann}").get_data(as_text=True), clock=True))
    assert views[0] != views[1]
