"""Twin games, for a game whose secrets cannot be dealt again behind its log (tests/test_hidden_information.py).

Tàin's face-down tokens can be dealt again and the log rewritten to match (hidden_support.SECRETS).
An Inis hand cannot: every card comes from the deal of the seed (or `decks`) and the drafts, so a
state with another hand has no log. Instead two whole games are played through the service that
differ only in one hidden card (I62): in the twin, Ann is dealt the card that is set aside in the
first, and she keeps it through the draft and never plays, discards or gives it, until it goes face
down at the next Assembly. Every other seat's moves are the same in both; Ann's are the same with
that card named instead. At every step every other seat's JSON, and in turn one of their pages (at
each step of round 1, where the twins differ, then at every fifth; both pages and the admin's public
game page at every 25th step; at the end their histories too), and every email queued to them, must
be the same in both games.
"""
from __future__ import annotations

import difflib
import json
import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from flask import Flask

from admin_support import log_in
from hidden_support import fetch, normalise
from support import NOW, SENDER_LATER, reset_database
from tain.extensions import db
from tain.games import Action, get_game
from tain.games.inis.catalogue import ACTION
from tain.models import Game, OutboxMessage
from tain.services.deadlines import run_due_games
from tain.services.games import NewPlayer, create_game
from tain.services.letters import write_pending
from tain.services.links import make_token
from tain.services.play import seat_snapshot

NAMES = ["Ann", "Bob", "Cat"]
SECRET_HOLDER, OTHERS = "Ann", ["Bob", "Cat"]
ROUNDS = 12  # the Action decks of the first rounds, fixed (the same in both games after the first)
DEEP_EVERY = 25
PAGE_EVERY = 5
FINAL = -1  # the last look, once the game is over: every page, the histories, the admin's page


def inis_decks(twin: bool, seed: int) -> dict[str, Any]:
    """`decks` for a 3-player game: each round's Action cards, top first (the set-aside card, then Ann's
    four, Bob's, Cat's); in the twin, the set-aside card and Ann's first card of round 1 change places."""
    cards = sorted(card for card, (_, _, _, four_only) in ACTION.items() if not four_only)
    rounds = [random.Random(f"{seed}-{n}").sample(cards, len(cards)) for n in range(ROUNDS)]
    if twin:
        rounds[0][0], rounds[0][1] = rounds[0][1], rounds[0][0]
    return {"action": rounds}


def swapped(value: Any, one: str, other: str) -> Any:
    """`value` with the card `one` named `other` (lists of cards sorted again, as actions hold them)."""
    if value == one:
        return other
    if isinstance(value, list):
        items = [swapped(item, one, other) for item in value]
        return sorted(items) if all(isinstance(item, str) for item in items) else items
    if isinstance(value, dict):
        return {key: swapped(item, one, other) for key, item in value.items()}
    return value


def _names(action: Action, card: str) -> bool:
    return f'"{card}"' in json.dumps(action)


@dataclass
class Event:
    kind: str  # move | reminder (the deadline pass, at the reminder's time)
    now: datetime
    player: str | None = None
    action: Action | None = None


@dataclass
class Seen:
    """What the other seats were shown, step by step (and, for the control, Ann's own JSON)."""

    steps: list[tuple[str, str]] = field(default_factory=list)  # (what, normalised text)
    own: list[str] = field(default_factory=list)


class InisTwins:
    """Play the first game, noting every event; play the twin from the same events; compare."""

    def __init__(self, app: Flask, monkeypatch: Any, seed: int = 114) -> None:  # a short game (136 moves)
        self.app, self.seed, self.engine = app, seed, get_game("inis")
        self.clock = [NOW]  # the web's clock too: both games' moves are made at the same times
        app.config["LINK_MAX_AGE_DAYS"] = 36500  # links are signed at the real time, years before NOW
        for module in ("tain.web.api", "tain.web.play"):
            monkeypatch.setattr(f"{module}.utcnow", lambda: self.clock[0])
        first = inis_decks(False, seed)["action"][0]
        self.secret, self.twin_secret = first[1], first[0]  # Ann's card in the first game, in the twin

    def run(self, max_events: int = 2000) -> tuple[Seen, Seen]:
        events: list[Event] = []
        first = self._play(False, events, max_events)
        twin = self._play(True, events, max_events)
        return first, twin

    def _play(self, twin: bool, events: list[Event], max_events: int) -> Seen:
        """The first game chooses its events (the bots, from each seat's own view) and notes them in
        `events`; the twin plays the same ones."""
        app, engine = self.app, self.engine
        with app.app_context():
            reset_database()
            game = create_game("inis", [NewPlayer(name, f"{name.lower()}@example.org") for name in NAMES], now=NOW,
                               seed=self.seed, first_player=NAMES[0], move_deadline=timedelta(hours=24),
                               phase_deadline=timedelta(hours=48), reminder_before=timedelta(hours=4),
                               options={"decks": inis_decks(twin, self.seed)})
            game_id, tokens = game.id, {seat.name: make_token(seat) for seat in game.seats}
        client, admin = app.test_client(), app.test_client()
        with app.app_context():
            assert log_in(admin).status_code == 303
        bots = {name: engine.make_bot(self.seed + i) for i, name in enumerate(NAMES)}
        self.pick = random.Random(self.seed)  # who of those to act moves next
        seen, now = Seen(), NOW
        for step in range(max_events + 1):
            self._look(client, admin, game_id, tokens, seen, step)
            if twin:
                if step == len(events):
                    break
                event = events[step]
            else:
                event = self._next(game_id, tokens, client, bots, now, step)
                if event is None:
                    break
                events.append(event)
            now = self.clock[0] = event.now
            self._make(event, twin, game_id, tokens, client)
        self._look(client, admin, game_id, tokens, seen, FINAL)
        with app.app_context():
            write_pending(SENDER_LATER)  # what the sender writes of the drafts left
            for row in db.session.query(OutboxMessage).filter_by(game_id=game_id).order_by(OutboxMessage.id):
                if row.recipient != "ann@example.org":
                    seen.steps.append((f"email {row.kind} to {row.recipient}", normalise(
                        "\n".join([row.subject, row.body_text, row.body_html, row.message_id, row.in_reply_to or ""]))))
        return seen

    def _next(self, game_id: int, tokens: dict[str, str], client: Any, bots: dict[str, Any], now: datetime,
              step: int) -> Event | None:
        with self.app.app_context():
            game = db.session.get(Game, game_id)
            if game.over:
                return None
            to_act = self.engine.to_act(game.state)
            reminder = game.reminder_at
        if reminder is not None and step % 23 == 11:
            return Event("reminder", reminder)
        name = self.pick.choice(to_act)
        with self.app.app_context():
            snapshot = seat_snapshot(db.session.get(Game, game_id).seat_named(name))
        legal = snapshot["legal_actions"]
        if name == SECRET_HOLDER and self._holding(snapshot["view"]):
            keeping = [a for a in legal if a["type"] == "draft"]
            legal = ([a for a in keeping if self.secret in a["keep"]] if keeping
                     else [a for a in legal if not _names(a, self.secret)])
            assert legal, "Ann cannot keep the card hidden at this step: choose another seed"
        return Event("move", now + timedelta(minutes=7), name, bots[name].choose(snapshot["view"], legal))

    def _holding(self, view: dict[str, Any]) -> bool:
        """Whether Ann holds the card the twins differ in (round 1: then every hand is gathered, I23)."""
        return view["round"] == 1 and self.secret in view["hand"]

    def _make(self, event: Event, twin: bool, game_id: int, tokens: dict[str, str], client: Any) -> None:
        if event.kind == "reminder":
            with self.app.app_context():
                run_due_games(event.now)
            return
        action = event.action
        if twin and event.player == SECRET_HOLDER:
            with self.app.app_context():
                view = self.engine.view(db.session.get(Game, game_id).state, SECRET_HOLDER)
            if view["round"] == 1 and self.twin_secret in view["hand"]:  # the card she holds instead
                action = swapped(action, self.secret, self.twin_secret)
        response = fetch(self.app, client, "POST", f"/api/v1/play/{tokens[event.player]}", json={"action": action})
        assert response.status_code == 200, (twin, event, response.get_json())

    def _look(self, client: Any, admin: Any, game_id: int, tokens: dict[str, str], seen: Seen, step: int) -> None:
        """Every other seat's JSON; in turn one of their pages (each step of round 1, where the twins
        differ, then every PAGE_EVERY steps); at the deep steps every page and the admin's."""
        with self.app.app_context():
            first_round = self.engine.view(db.session.get(Game, game_id).state, None)["round"] <= 1
        deep = step % DEEP_EVERY == 0 or step == FINAL
        for name in OTHERS:
            seen.steps.append((f"step {step}: {name}'s JSON", normalise(
                fetch(self.app, client, "GET", f"/api/v1/play/{tokens[name]}").get_data(as_text=True), clock=True)))
        paged = OTHERS if deep else [OTHERS[step % 2]] if first_round or step % PAGE_EVERY == 0 else []
        for name in paged:
            page = fetch(self.app, client, "GET", f"/play/{tokens[name]}").text
            seen.steps.append((f"step {step}: {name}'s page", normalise(page, clock=True)))
            if step == FINAL:
                history = fetch(self.app, client, "GET", f"/play/{tokens[name]}/history").text
                seen.steps.append((f"step {step}: {name}'s history", normalise(history, clock=True)))
        if deep:
            page = fetch(self.app, admin, "GET", f"/admin/games/{game_id}").text
            seen.steps.append((f"step {step}: the admin's game page", normalise(page, clock=True)))
        if deep or first_round:
            seen.own.append(fetch(self.app, client, "GET", f"/api/v1/play/{tokens[SECRET_HOLDER]}").get_data(as_text=True))


TWINS = {"inis": InisTwins}  # the games whose hidden information is checked by twin games


def first_difference(first: Seen, twin: Seen) -> str | None:
    """Where the other seats were shown something else in the twin, with the lines that differ."""
    for (what, one), (what_twin, other) in zip(first.steps, twin.steps):
        if what != what_twin or one != other:
            lines = difflib.unified_diff(one.splitlines(), other.splitlines(), "first", "twin", n=1, lineterm="")
            return f"{what}:\n" + "\n".join(list(lines)[:30])
    if len(first.steps) != len(twin.steps):
        return f"{len(first.steps)} things shown in the first game, {len(twin.steps)} in the twin"
    return None
