"""Inis by email: a whole 3-player game played to its end over a real SMTP server (aiosmtpd), the
two people acting only through the links in their emails (the JSON API of the link's seat), a bot in
the third seat, a draft step and a Triskel window left to time out on the clock; every email told
from its recipient's view only; and the time-outs and deadlines of each kind of decision (I63)
through the service. Inis is put in the registry for these tests (as tests/test_inis_page.py does)
until it is registered with the service."""
from __future__ import annotations

import html
import re
import time
from collections import deque
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

import tain.games
from tain.extensions import db
from tain.games.inis import InisGame
from tain.games.inis.catalogue import ACTION, EPIC, TERRITORY
from tain.services.letters import send_pending
from tain.models import ActionRecord, Game
from tain.services import deadlines
from tain.services.games import NewPlayer, create_game
from tain.services.play import seat_snapshot, submit
from tain.services.preferences import set_away_days

from support import LINK_RE, NOW, Mailbox, outbox, text_of

ENGINE = InisGame()
PEOPLE = {"ann@example.org": "Ann", "bob@example.org": "Bob"}
MOVE, PHASE = timedelta(hours=24), timedelta(hours=48)
# I63's ranking, best first: what a draft step keeps on time-out.
RANKING = ["new-clans", "conquest", "migration", "warlord", "sanctuary", "exploration", "new-alliance", "festival",
           "citadel", "bard", "geis", "craftsmen-and-peasants", "druid", "scouts-and-spies", "emissaries",
           "master-craftsman", "raid"]
SEED = 12  # a game of five rounds: among the shortest
LATER = datetime(2100, 1, 1, tzinfo=timezone.utc)
ASK_GEIS = {"window": "announced", "then": "ask", "once": True}  # Bob asks to be asked once (I51)


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    if "inis" not in tain.games._REGISTRY:
        monkeypatch.setitem(tain.games._REGISTRY, "inis", ENGINE)


def new_inis_game(app: Flask, seed: int, *, bot: bool = True, people: int = 2, **timing: Any) -> int:
    names = list(PEOPLE.values())[:people]
    seats = [NewPlayer(name, f"{name.lower()}@example.org") for name in names]
    seats += [NewPlayer("Dana", "", bot=True)] if bot else [NewPlayer("Cat", "cat@example.org")]
    with app.app_context():
        return create_game("inis", seats, now=datetime.now(timezone.utc), seed=seed, first_player="Ann",
                           **({"move_deadline": MOVE, "phase_deadline": PHASE, "reminder_before": timedelta(hours=4)}
                              | timing)).id


def subject_of(message: EmailMessage) -> str:
    # A subject longer than a header line is folded before its first word, which the parser keeps as a space.
    return message["Subject"].strip()


def asking(message: EmailMessage, name: str, game_id: int) -> bool:
    """An email that asks its reader for a decision opens with the question (email/_asked.txt), or
    says so (an invitation)."""
    text = text_of(message)
    return re.match(rf"{name}, (in|a reminder from) Inis #{game_id}: ", text) is not None or "It is your move" in text


def hidden_cards_of_others(state: dict[str, Any], name: str) -> set[str]:
    """The Action cards and Epic Tales in the other players' hands now, none of which `name` may see
    (he may know some, from a draft or an exchange: those are left out)."""
    mine = ENGINE.view(state, name)
    known = {card for entry in mine["known"] for card in entry["cards"]} | set(mine["hand"])
    public = set(mine["epic_discard"]) | {card for held in mine["advantage"]["held"].values() for card in held}
    others = {card for player in mine["players"] if player != name
              for kind in ("action", "epic") for card in state["board"]["hands"][player][kind]}
    return others - known - public


class EmailPlayers:
    """The two people: they read their mail and act through the link of each email that asks them."""

    def __init__(self, app: Flask, client: FlaskClient, mailbox: Mailbox, game_id: int) -> None:
        self.app, self.client, self.mailbox, self.game_id = app, client, mailbox, game_id
        self.read = 0
        self.calls: deque[tuple[str, str]] = deque()  # (name, token) of each email that asks
        self.bot = ENGINE.make_bot(5)
        self.leaks: list[str] = []

    def read_mail(self) -> list[EmailMessage]:
        with self.app.app_context():
            send_pending(LATER)  # the clock's mail job: whatever is queued, whenever it was
        new = self.mailbox.messages[self.read:]
        self.read = len(self.mailbox.messages)
        if new:
            self.state = game_row(self.app, self.game_id)[0]
        for message in new:
            name = PEOPLE[message["To"]]
            assert subject_of(message).startswith(f"[Inis #{self.game_id}] ")
            self.check_only_own_cards(message, name)
            if asking(message, name, self.game_id):
                self.calls.append((name, LINK_RE.search(text_of(message))[1]))
        return new

    def check_only_own_cards(self, message: EmailMessage, name: str) -> None:
        """No card hidden in another hand is named in the email: not in its first lines (the question,
        the reader's cards), and elsewhere (text or HTML) only if it was once shown to everyone (a card
        played is in the story, and may have come back into a hand since)."""
        hidden = hidden_cards_of_others(self.state, name)
        text = text_of(message)
        body = text + html.unescape(message.get_body(preferencelist=("html",)).get_content())
        first_lines = text.split("Since you last looked:")[0]
        for card in hidden:
            # the whole name: "The Dagda" is not in "The Dagda's Club"
            named = re.compile(rf"(?<![\w'’]){re.escape(card_name(card))}(?![\w'’])")
            found = named.search(first_lines) or (not self.shown(card) and named.search(body))
            if found:
                self.leaks.append(f"{subject_of(message)}: {found.string[found.start() - 60:found.end() + 20]!r}")

    def shown(self, card: str) -> bool:
        """Whether the card was ever shown to everyone (named in the story)."""
        reports = ENGINE.view(self.state, None)["reports"]
        title = card_name(card)
        return any(title in report["headline"] or any(title in line for line in report["lines"])
                   for report in reports)

    def snapshot(self, token: str) -> dict[str, Any]:
        answer = self.client.get(f"/api/v1/play/{token}")
        assert answer.status_code == 200, answer.text
        return answer.get_json()

    def act(self, token: str, action: dict[str, Any]) -> dict[str, Any]:
        answer = self.client.post(f"/api/v1/play/{token}", json={"action": action})
        assert answer.status_code == 200, (action, answer.text)
        return answer.get_json()

    def answer(self, name: str, token: str) -> int:
        """Everything `name` is asked on this link, one move after another (his page shows each next
        decision); how many moves he made."""
        made, snapshot = 0, self.snapshot(token)
        while snapshot["legal_actions"] and not snapshot["over"]:
            snapshot = self.act(token, self.bot.choose(snapshot["view"], snapshot["legal_actions"]))
            made += 1
            self.read_mail()
        return made


def card_name(card: str) -> str:
    """A card's English name (the catalogue's words)."""
    return next(facts[0][1] for table in (ACTION, EPIC, TERRITORY) for key, facts in table.items() if key == card)


def tick(app: Flask, now: datetime) -> deadlines.PassReport:
    with app.app_context():
        return deadlines.run_due_games(now)


def game_row(app: Flask, game_id: int) -> tuple[dict[str, Any], datetime | None]:
    with app.app_context():
        game = db.session.get(Game, game_id)
        return game.state, game.deadline_at


def timed_out_actions(app: Flask, game_id: int) -> list[tuple[str, dict[str, Any]]]:
    with app.app_context():
        return [(r.player, r.action) for r in db.session.scalars(
            select(ActionRecord).where(ActionRecord.game_id == game_id, ActionRecord.on_timeout)
            .order_by(ActionRecord.seq))]


def test_a_whole_inis_game_by_email(smtp_server: Mailbox, app: Flask, client: FlaskClient) -> None:
    started = time.monotonic()
    game_id = new_inis_game(app, seed=SEED)
    players = EmailPlayers(app, client, smtp_server, game_id)
    players.read_mail()
    assert {PEOPLE[m["To"]] for m in smtp_server.messages} == {"Ann", "Bob"}
    draft_timed_out = window_timed_out = asked_to_be_asked = False
    answering: list[str] = []  # the cards Bob could play in the window he let time out
    moves = 0
    ticks: list[tuple[str, list[str]]] = []
    while True:
        while players.calls:
            name, token = players.calls.popleft()
            state, _ = game_row(app, game_id)
            step = ENGINE.view(state, name)["step"]
            if not asked_to_be_asked and name == "Bob" and name in ENGINE.to_act(state):
                players.act(token, {"type": "standing", "rules": [ASK_GEIS]})
                asked_to_be_asked = True
            if not draft_timed_out and name == "Ann" and step == "draft" and name in ENGINE.to_act(state):
                continue  # Ann lets this draft step time out
            if asked_to_be_asked and not window_timed_out and name == "Bob" and step == "window":
                continue  # Bob lets the window he asked for time out
            moves += players.answer(name, token)
            assert moves < 2000
        state, deadline = game_row(app, game_id)
        if ENGINE.is_over(state):
            break
        # Nobody answers any more: the clock runs to the deadline, whose time-out moves the game on.
        late = ENGINE.to_act(state)
        view = ENGINE.view(state, late[0])
        expected = {player: ENGINE.timeout_actions(state, player) for player in late}
        assert deadline is not None
        assert tick(app, deadline).timeouts == len(late)
        ticks.append((view["step"], late))
        if view["step"] == "draft":
            draft_timed_out = True
            [kept] = expected["Ann"]
            choices = ENGINE.view(state, "Ann")["draft"]["choices"]
            assert kept == {"type": "draft", "keep": sorted(sorted(choices, key=RANKING.index)[:view["draft"]["keep"]])}
        elif view["step"] == "window":
            window_timed_out = True
            assert expected["Bob"] == [{"type": "decline"}]
            answering = list(dict.fromkeys(a["card"] for a in ENGINE.legal_actions(state, "Bob") if a["type"] == "play"))
        players.read_mail()
    assert ticks == [("draft", ["Ann"]), ("window", ["Bob"])]  # nobody else was ever left unasked
    assert ("Bob", {"type": "decline"}) in timed_out_actions(app, game_id)

    state, _ = game_row(app, game_id)
    winner = ENGINE.winners(state)[0]
    for address, name in PEOPLE.items():
        mails = smtp_server.to(address)
        final = mails[-1]
        assert subject_of(final) == f"[Inis #{game_id}] Final scores"
        root = mails[0]["Message-ID"]
        assert all(m["In-Reply-To"] == root for m in mails[1:])
        assert len({m["Message-ID"] for m in mails}) == len(mails)
        assert winner in text_of(final)
        subjects = [subject_of(m) for m in mails]
        assert any("draft step" in s for s in subjects) and any("Season turn" in s for s in subjects)
    [window] = [m for m in smtp_server.to("bob@example.org") if subject_of(m).endswith(": answer?")
                or ": answer? — until " in subject_of(m)][:1]
    assert "after it, you let it pass." in text_of(window) and "A Triskel moment" in text_of(window)
    said = " ".join(text_of(window).split())
    assert (f"Your cards that can answer it now: {', '.join(card_name(card) for card in answering)}." in said
            if answering else "None of your cards can answer it now: you can only let it pass." in said), said
    assert players.leaks == [], players.leaks
    print(f"\n{len(smtp_server.messages)} emails, {moves} moves by email, {time.monotonic() - started:.1f} s")


def play_by_service(app: Flask, game_id: int, moves: int, seen: dict[str, set[timedelta]] | None = None,
                    until: str | None = None, until_seen: set[str] = frozenset()) -> datetime:
    """The engine's bot plays every seat through the service, a minute a move, until the step `until`
    (if given), or until every step of `until_seen` has begun; for each decision that starts a
    deadline, the step and how long it was given (in `seen`). The time of the last move."""
    bot = ENGINE.make_bot(3)
    seen = {} if seen is None else seen
    now = datetime(2030, 5, 1, 12, 0, tzinfo=timezone.utc)
    for _ in range(moves):
        with app.app_context():
            game = db.session.get(Game, game_id)
            if game.over or ENGINE.view(game.state, None)["step"] == until or (until_seen and until_seen <= set(seen)):
                break
        now += timedelta(minutes=1)
        with app.app_context():
            game = db.session.get(Game, game_id)
            seat = game.seat_named(ENGINE.to_act(game.state)[0])
            snapshot = seat_snapshot(seat)
            before = game.deadline_at
            submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=now)
            db.session.expire_all()
            game = db.session.get(Game, game_id)
            if game.deadline_at not in (None, before):  # a decision began: its own deadline
                seen.setdefault(ENGINE.view(game.state, None)["step"], set()).add(game.deadline_at - now)
    return now


def test_each_kind_of_decision_runs_on_its_deadline(app: Flask) -> None:
    """I63: draft steps, Citadels steps and peace votes on the phase deadline, however many still owe
    them; Season turns, attacks to answer, maneuvers and a window asking one on the move deadline."""
    game_id = new_inis_game(app, seed=3, people=2, bot=False)
    seen: dict[str, set[timedelta]] = {}
    simultaneous, one_by_one = {"draft", "citadels", "peace-vote"}, {"turn", "attack-answer", "maneuver", "window",
                                                                      "place-clan"}
    play_by_service(app, game_id, 400, seen, until_seen=simultaneous | one_by_one)
    for step in simultaneous:
        assert seen.get(step) == {PHASE}, (step, seen)
    for step in one_by_one:
        assert seen.get(step) == {MOVE}, (step, seen)


def test_a_draft_step_is_reminded_moved_past_an_away_day_and_times_out_keeping_the_ranked_cards(app: Flask) -> None:
    game_id = new_inis_game(app, seed=3, people=2, bot=False)
    now = play_by_service(app, game_id, 50, until="draft")
    with app.app_context():
        game = db.session.get(Game, game_id)
        first_deadline = game.deadline_at
        assert first_deadline == now + PHASE
        set_away_days(game.seat_named("Bob"), [first_deadline.date()], now=now)
    state, deadline = game_row(app, game_id)
    assert deadline == first_deadline + timedelta(days=1)  # Bob is away that day: the step waits a day
    assert tick(app, deadline - timedelta(hours=4)).reminders == 3
    with app.app_context():
        reminder = outbox("ann@example.org")[-1]
    pass_to = ENGINE.view(state, "Ann")["draft"]["pass_to"]["Ann"]
    assert reminder.kind == "reminder" and reminder.subject.startswith(
        f"[Inis #{game_id}] Reminder: Round 1, draft step 1 of 3: keep 1 card, pass the rest to {pass_to} — until ")
    assert "after it, you keep the cards ranked highest" in reminder.body_text
    cards = ENGINE.view(state, "Ann")["draft"]["choices"]
    assert all(card_name(card) in reminder.body_text for card in cards)  # her own cards, by name
    assert tick(app, deadline).timeouts == 3
    kept = {player: action for player, action in timed_out_actions(app, game_id)}
    for player in ("Ann", "Bob", "Cat"):
        choices = ENGINE.view(state, player)["draft"]["choices"]
        assert kept[player] == {"type": "draft", "keep": sorted(choices, key=RANKING.index)[:1]}



def test_each_kind_of_decision_times_out_as_the_rulings_say(app: Flask) -> None:
    """I63 through the service: the first time each kind of decision comes, nobody answers and the
    clock passes its deadline; the moves logged on time-out are the engine's for that decision, and
    say what the rulings say: a draft step keeps the ranked cards, a window declines, a peace vote
    accepts, a Citadels step shelters all it may, a Season turn passes for the rest of the Season."""
    game_id = new_inis_game(app, seed=3, people=2, bot=False)
    bot = ENGINE.make_bot(3)
    waiting = {"draft", "window", "peace-vote", "citadels", "turn", "attack-answer", "maneuver"}
    for _ in range(600):
        state, deadline = game_row(app, game_id)
        view = ENGINE.view(state, None)
        if view["over"] or not waiting:
            break
        opening = view["step"] == "turn" and {"type": "pass"} not in ENGINE.legal_actions(state, view["to_act"][0])
        if view["step"] in waiting and not opening:  # the Brenn's opening turn plays a card (I28): not this one
            waiting.discard(view["step"])
            late = ENGINE.to_act(state)
            expected = [(player, action) for player in late for action in ENGINE.timeout_actions(state, player)]
            logged = len(timed_out_actions(app, game_id))
            assert tick(app, deadline).timeouts == len(late)
            assert timed_out_actions(app, game_id)[logged:] == expected
            check_timeout(view["step"], state, expected)
            continue
        with app.app_context():
            game = db.session.get(Game, game_id)
            seat = game.seat_named(ENGINE.to_act(game.state)[0])
            snapshot = seat_snapshot(seat)
            submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
    assert waiting == set()


def check_timeout(step: str, state: dict[str, Any], made: list[tuple[str, dict[str, Any]]]) -> None:
    for player, action in made:
        own = ENGINE.view(state, player)
        if step == "draft":
            ranked = sorted(own["draft"]["choices"], key=RANKING.index)
            assert action == {"type": "draft", "keep": sorted(ranked[:own["draft"]["keep"]])}
        elif step == "window":
            assert action == {"type": "decline"}
        elif step == "peace-vote":
            assert action == {"type": "peace", "accept": True}
        elif step == "citadels":
            shelters = [legal for legal in ENGINE.legal_actions(state, player) if legal["type"] == "shelter"]
            assert action == max(shelters, key=lambda shelter: shelter["clans"])
    if step == "turn":  # passes, and passes for him for the rest of the Season (a rule he may clear)
        assert made[0][1]["type"] == "standing" and made[0][1]["rules"][0] == {"window": "season-turn", "then": "pass"}
        assert made[1:] == [(made[0][0], {"type": "pass"})]


def test_a_draft_step_is_one_email_to_each_however_the_others_answer(app: Flask) -> None:
    """Each player is asked once per draft step: the others' choices in it (which change the stage's
    words as the step waits on fewer players) email nobody; the next step asks everyone again."""
    game_id = new_inis_game(app, seed=3, people=2, bot=False)
    now = play_by_service(app, game_id, 50, until="draft")
    people = ("ann@example.org", "bob@example.org", "cat@example.org")

    def mails() -> list[int]:
        with app.app_context():
            return [len(outbox(address)) for address in people]

    before = mails()
    for name in ("Ann", "Bob", "Cat"):
        assert mails() == before
        with app.app_context():
            seat = db.session.get(Game, game_id).seat_named(name)
            submit(seat, seat_snapshot(seat)["legal_actions"][0], now=now)
    assert mails() == [count + 1 for count in before]
    with app.app_context():
        assert all(outbox(address)[-1].subject.startswith(f"[Inis #{game_id}] Round 1, draft step 2 of 3: ")
                   for address in people)


def test_the_player_who_moves_and_is_still_alone_to_act_gets_no_email(app: Flask) -> None:
    """He is on his page, which shows his next decision (a card's declaration, an answer then a
    maneuver); whoever is newly asked is emailed."""
    game_id = new_inis_game(app, seed=3, people=2, bot=False)
    bot = ENGINE.make_bot(3)
    continued = 0
    for _ in range(80):
        with app.app_context():
            game = db.session.get(Game, game_id)
            mover = ENGINE.to_act(game.state)[0]
            short = ENGINE.view(game.state, None)["stage"]["short"]
            seat = game.seat_named(mover)
            before = len(outbox(seat.email))
            snapshot = seat_snapshot(seat)
            submit(seat, bot.choose(snapshot["view"], snapshot["legal_actions"]), now=NOW)
            db.session.expire_all()
            state = db.session.get(Game, game_id).state
            if ENGINE.to_act(state) == [mover] and ENGINE.view(state, None)["stage"]["short"] == short:
                continued += 1
                assert len(outbox(seat.email)) == before
    assert continued > 5
