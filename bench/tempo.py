"""Tempo: how many round trips a game by email needs, how long it takes, how much mail it sends (issue 11).

    .venv/bin/python bench/tempo.py [--games 50] [--service-games 2] [--seed 1]

Simulated players answer each ask after a delay drawn from an exponential law (mean 8 h); a reply
that would fall in the player's night (23:00–07:00 in their time zone) comes at 07:00 instead. Each
player's moves are chosen by the game's own bot (`game.make_bot(seed)`) from its view alone:
"without plans" a visit makes the moves of the one decision it was asked (one placement, or a
whole simultaneous guarding, or a whole Tara turn); "with plans" a visit first gives the bot's
standing order (`bot.plan(view)`: Tàin, the rest of the scouting phase; Tara, builds ahead or the
battle's next three turns), which the engine plays at once, and leaves the bot's next plan behind when its
own plan is used up.

For 2-, 3- and 4-player Tàin and a Tara match it prints, with and without plans, the median number
of sequential asks (the critical path: asks the game waits for one after another, simultaneous
ones counting once) and of days per game, from `--games` games on the engine alone; and the emails
per player, counted in the outbox of the real service (`tain.services.play.submit` on a temporary
SQLite database) over `--service-games` of those same games. docs/tempo.md explains the method and
gives the figures. Same seed, same output.
"""
from __future__ import annotations

import argparse
import heapq
import pathlib
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, time as clock_time, timedelta, timezone
from typing import Any, Protocol
from zoneinfo import ZoneInfo

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from tain.games import Action, Game as Engine, Player, State, get_game  # noqa: E402
from tain.games.base import PlanningBot  # noqa: E402
from tain.games.tain.rules import LAST_TURN  # noqa: E402

NAMES = ("Ann", "Bob", "Cat", "Dan")
ZONE = ZoneInfo("Europe/Dublin")  # every player's; one group of friends
MEAN_DELAY_HOURS = 8.0
NIGHT_STARTS, MORNING = 23, 7  # local hours: asleep from 23:00 to 07:00
FIRST_DAY = datetime(2030, 5, 6, tzinfo=timezone.utc)  # a Monday; each game starts at a random time that day
DAY = timedelta(days=1)
ASKING_SUBJECT = re.compile(r"your move(?: \(\d+\))?$")  # "… — your move", "… (2)" (tain.mail.messages.subject)


@dataclass(frozen=True)
class Config:
    label: str
    game: str
    players: int


CONFIGS = (Config("Tàin, 2 players", "tain", 2), Config("Tàin, 3 players", "tain", 3),
           Config("Tàin, 4 players", "tain", 4), Config("Tara match", "tara", 2))


# --- time ------------------------------------------------------------------------------------------

def reply_time(asked_at: datetime, rng: random.Random, zone: ZoneInfo = ZONE) -> datetime:
    """When a player asked at `asked_at` answers: an exponential delay, mean 8 h; an answer that
    would fall in their night comes at 07:00 that morning instead."""
    at = (asked_at + timedelta(hours=rng.expovariate(1 / MEAN_DELAY_HOURS))).astimezone(zone)
    if MORNING <= at.hour < NIGHT_STARTS:
        return at.astimezone(timezone.utc)
    day = at.date() + (DAY if at.hour >= NIGHT_STARTS else timedelta())
    return datetime.combine(day, clock_time(MORNING), tzinfo=zone).astimezone(timezone.utc)


# --- the critical path -----------------------------------------------------------------------------

class AskPath:
    """The longest chain of asks the game waited for one after another.

    An ask made by an apply comes one step after every reply the game had received by then; asks
    made by the same apply (a simultaneous step) share their step, which lasts until the last of
    them is answered, since the game goes on only once they all are."""

    def __init__(self) -> None:
        self.steps_in = 0  # the longest chain behind the replies received so far
        self.length = 0
        self.pending: dict[Player, int] = {}  # asked, not yet answered: the step of their ask

    def asked(self, players: Iterable[Player]) -> None:
        for player in players:
            if player in self.pending:
                raise ValueError(f"{player} is asked again before answering")
            self.pending[player] = self.steps_in + 1
            self.length = max(self.length, self.steps_in + 1)

    def replied(self, player: Player) -> None:
        self.steps_in = max(self.steps_in, self.pending.pop(player))


# --- one visit of one player ------------------------------------------------------------------------

def moment(engine: Engine, state: State) -> tuple[Any, int]:
    """What makes a decision new for a player still to act: a new stage (turn, phase, game of the
    match) or a new report, as the service's emails see it (tain.services.notify)."""
    public = engine.view(state, None)
    return public["stage"], len(public.get("reports") or ())


def newly_asked(engine: Engine, before: State, after: State) -> list[Player]:
    """Who is asked by the change from `before` to `after`: the players to act who were not, or who
    stay to act into a new stage (the service's rule for a "your move" email)."""
    if engine.is_over(after):
        return []
    was, moved_on = set(engine.to_act(before)), moment(engine, before) != moment(engine, after)
    return [p for p in engine.to_act(after) if p not in was or moved_on]


def visit(engine: Engine, state: State, player: Player, bot: PlanningBot, plans: bool) -> tuple[list[Action], State]:
    """What `player` does when they answer an ask, and the state after it: the moves of the
    decision they were asked (with plans, first their standing order, which plays what it can),
    then, with plans, the bot's next plan if theirs is used up. A visit ends when the player is no
    longer asked that decision: not to act, or to act in a new stage (a new ask)."""
    actions: list[Action] = []
    asked_at = moment(engine, state)

    def act(action: Action) -> None:
        nonlocal state
        actions.append(action)
        state = engine.apply(state, player, action)

    def still_asked() -> bool:
        return player in engine.to_act(state) and moment(engine, state) == asked_at

    if plans and (plan := bot.plan(engine.view(state, player))):
        act({"type": "standing", "plan": plan})
    while still_asked():
        act(bot.choose(engine.view(state, player), engine.legal_actions(state, player)))
    if plans and not engine.is_over(state) and player not in engine.to_act(state):
        view = engine.view(state, player)
        if not view["plan"] and (plan := bot.plan(view)):
            act({"type": "standing", "plan": plan})
    return actions, state


# --- where the moves go: the engine alone, or the service ------------------------------------------

class Table(Protocol):
    def start(self, engine: Engine, players: list[Player], seed: int, now: datetime, expected: State) -> None: ...
    def play(self, player: Player, actions: list[Action], expected: State, now: datetime) -> None: ...


class EngineTable:
    """The engine alone: the state the visit computed is the game."""

    def start(self, engine: Engine, players: list[Player], seed: int, now: datetime, expected: State) -> None:
        pass

    def play(self, player: Player, actions: list[Action], expected: State, now: datetime) -> None:
        pass


# --- one game ---------------------------------------------------------------------------------------

@dataclass
class GameResult:
    sequential_asks: int
    days: float
    asks: dict[Player, int]
    moves: int  # by hand and by plan
    turns: int | None  # Tàin's turns played; None for a game without such turns


def play_game(config: Config, seed: int, plans: bool, table: Table) -> GameResult:
    """One whole game between simulated players; `seed` fixes the set-up, the bots and the delays."""
    engine = get_game(config.game)
    players = list(NAMES[:config.players])
    rng = random.Random(f"tempo:{seed}")
    bots = {p: engine.make_bot(rng.randrange(2**31)) for p in players}
    now = FIRST_DAY + timedelta(seconds=rng.randrange(86400))
    started = now
    seed = rng.randrange(2**31)
    # The simulation runs on the engine's own states; the service's must be equal to them (and, since
    # migration 0012, in the same key order on PostgreSQL too).
    state = engine.setup(players, seed)
    table.start(engine, players, seed, now, state)
    path, asks, replies, by_hand = AskPath(), Counter[Player](), [], 0

    def ask(who: list[Player]) -> None:
        path.asked(who)
        asks.update(who)
        for player in who:
            heapq.heappush(replies, (reply_time(now, rng), players.index(player), player))

    ask(engine.to_act(state))
    while not engine.is_over(state):
        now, _, player = heapq.heappop(replies)
        path.replied(player)
        actions, after = visit(engine, state, player, bots[player], plans)
        table.play(player, actions, after, now)
        by_hand += sum(action["type"] != "standing" for action in actions)
        ask(newly_asked(engine, state, after))
        state = after
    turns = state["turn"] if config.game == "tain" else None
    return GameResult(path.length, (now - started) / DAY, dict(asks), by_hand + len(state.get("plan_moves", ())), turns)


# --- the service ------------------------------------------------------------------------------------

class ServiceTable:
    """The real service on a temporary SQLite database: the game made by `create_game`, each visit's
    moves sent in one `tain.services.play.submit` at the simulated time (as the page sends a
    placement with the plan queued behind it), every email the service writes left in its outbox.
    No deadline is set: every simulated player answers, so no time-out or reminder comes."""

    def __init__(self) -> None:
        self.game_id: int | None = None
        self.emails: dict[Player, Counter[str]] = {}

    def start(self, engine: Engine, players: list[Player], seed: int, now: datetime, expected: State) -> None:
        from tain.services.games import create_game, parse_player

        game = create_game(engine.name, [parse_player(f"{p} <{p.lower()}@example.org>") for p in players],
                           now=now, seed=seed)
        self.game_id = game.id
        self._check(expected, "at its start")

    def play(self, player: Player, actions: list[Action], expected: State, now: datetime) -> None:
        from tain.services.play import submit

        submit(self._seat(player), actions, now=now)
        self._check(expected, f"after {player}'s visit")

    def _check(self, expected: State, when: str) -> None:
        if self._state() != expected:
            raise RuntimeError(f"game {self.game_id}: the service's state differs from the engine's {when}")

    def count_emails(self) -> dict[Player, Counter[str]]:
        """Each player's emails by kind, and under "asking" those that ask for a move (a "your move",
        or another kind whose subject ends "— your move")."""
        from sqlalchemy import select

        from tain import transactions
        from tain.extensions import db
        from tain.models import OutboxMessage, Seat
        from tain.services.letters import write_pending

        write_pending(datetime.max.replace(tzinfo=timezone.utc))  # their subjects, as the sender writes them
        counts: dict[Player, Counter[str]] = {}
        with transactions.read():
            rows = db.session.execute(select(Seat.name, OutboxMessage.kind, OutboxMessage.subject)
                                      .join(Seat, OutboxMessage.seat_id == Seat.id)
                                      .where(OutboxMessage.game_id == self.game_id)).all()
        for name, kind, subject in rows:
            tally = counts.setdefault(name, Counter())
            tally[kind] += 1
            tally["all"] += 1
            tally["asking"] += kind == "your-move" or ASKING_SUBJECT.search(subject) is not None
        return counts

    def _state(self) -> State:
        from tain import transactions
        from tain.extensions import db
        from tain.models import Game

        with transactions.read():
            return db.session.get(Game, self.game_id).state

    def _seat(self, player: Player) -> Any:
        from sqlalchemy import select

        from tain import transactions
        from tain.extensions import db
        from tain.models import Seat

        with transactions.read():
            return db.session.scalars(select(Seat).where(Seat.game_id == self.game_id, Seat.name == player)).one()


@contextmanager
def service_app() -> Iterator[None]:
    """An application context of the service on a fresh temporary SQLite database, mail to its outbox."""
    from tain import create_app
    from tain.extensions import db

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/tempo.sqlite3", "MAIL_SERVER": None,
                          "SCHEDULER": "off", "SECRET_KEY": "tempo-bench", "BASE_URL": "http://tain.example.org"})
        with app.app_context():
            db.create_all()
            try:
                yield
            finally:
                db.session.remove()
                db.engine.dispose()


# --- the figures ------------------------------------------------------------------------------------

@dataclass
class Line:
    """The figures of one configuration with or without plans."""

    config: Config
    plans: bool
    games: list[GameResult]
    emails: list[Counter[str]] = field(default_factory=list)  # one per player of each service game
    service_error: str | None = None  # what stopped a service game, if anything did

    def median(self, figure: Callable[[GameResult], float | None], games: list[GameResult] | None = None) -> float:
        return statistics.median(value for game in (self.games if games is None else games)
                                 if (value := figure(game)) is not None)

    def full_length(self) -> list[GameResult]:
        """The Tàin games that went all their turns (plans change how soon a game ends early)."""
        return [game for game in self.games if game.turns == LAST_TURN]

    def email_figure(self, kind: str) -> str:
        """Emails of `kind` per player per game: mean, and the most any player got."""
        counts = [tally[kind] for tally in self.emails]
        return f"{statistics.mean(counts):5.1f} ({max(counts)})" if counts else "    -"


def game_seed(seed: int, config: Config, index: int) -> int:
    """The same game (set-up, bots, delays) with and without plans."""
    return random.Random(f"{seed}:{config.game}:{config.players}:{index}").randrange(2**31)


def measure(config: Config, plans: bool, games: int, service_games: int, seed: int) -> Line:
    line = Line(config, plans, [play_game(config, game_seed(seed, config, i), plans, EngineTable())
                                for i in range(games)])
    for index in range(service_games):
        table = ServiceTable()
        try:
            result = play_game(config, game_seed(seed, config, index), plans, table)
        except Exception as error:  # the service failing is a finding to print, not the end of the bench
            line.service_error = f"game {index}: {type(error).__name__}: {error}"
            return line
        if result != line.games[index]:
            line.service_error = f"game {index}: the service played it differently from the engine"
            return line
        line.emails += table.count_emails().values()
    return line


def print_table(lines: list[Line], games: int, service_games: int, seed: int) -> None:
    print(f"Tempo, seed {seed}: {games} games per line on the engine, emails from {service_games} of them "
          "through the service.")
    print("Replies: exponential, mean 8 h, none between 23:00 and 07:00 (Europe/Dublin). Medians per game;")
    print("emails per player per game: mean (most any player got).\n")
    print(f"{'':17} {'':8} {'sequential':>10} {'days':>5} {'asks per':>8} {'moves':>5} {'turns':>5}"
          f"   {'emails per player':^32}")
    print(f"{'configuration':17} {'plans':8} {'asks':>10} {'':>5} {'player':>8} {'':>5} {'':>5}"
          f"   {'your move':>10} {'asking':>10} {'all':>10}")
    for line in lines:
        turns = line.median(lambda g: g.turns) if line.config.game == "tain" else None
        print(f"{line.config.label:17} {'with' if line.plans else 'without':8} "
              f"{line.median(lambda g: g.sequential_asks):10.0f} {line.median(lambda g: g.days):5.1f} "
              f"{line.median(lambda g: statistics.mean(g.asks.values())):8.1f} {line.median(lambda g: g.moves):5.0f} "
              f"{'-' if turns is None else f'{turns:.0f}':>5}   {line.email_figure('your-move'):>10} "
              f"{line.email_figure('asking'):>10} {line.email_figure('all'):>10}")
    for line in lines:
        if line.service_error:
            print(f"  The service failed ({line.config.label}, {'with' if line.plans else 'without'} plans): "
                  f"{line.service_error}")
    print_targets({(line.config.label, line.plans): line for line in lines})


def print_targets(lines: dict[tuple[str, bool], Line]) -> None:
    def verdict(met: bool) -> str:
        return "met" if met else "NOT met"

    print("\nTargets (issue 11):")
    four = lines.get(("Tàin, 4 players", True))
    if four:
        asks, days = four.median(lambda g: g.sequential_asks), four.median(lambda g: g.days)
        print(f"  4-player Tàin with plans: {asks:.0f} sequential asks (at most 40: {verdict(asks <= 40)}), "
              f"{days:.1f} days (at most 14: {verdict(days <= 14)})")
        if full := four.full_length():
            print(f"    of which the {len(full)} games that went all {LAST_TURN} turns: "
                  f"{four.median(lambda g: g.sequential_asks, full):.0f} sequential asks, "
                  f"{four.median(lambda g: g.days, full):.1f} days")
        if four.emails:
            most = max(tally["your-move"] for tally in four.emails)
            print(f"  4-player Tàin with plans: at most {most} \"your move\" emails to a player in a game "
                  f"(at most 10: {verdict(most <= 10)})")
    with_plans, without = lines.get(("Tara match", True)), lines.get(("Tara match", False))
    if with_plans and without:
        ratio = without.median(lambda g: g.sequential_asks) / with_plans.median(lambda g: g.sequential_asks)
        print(f"  Tara match: {ratio:.1f}x fewer sequential asks with plans than without "
              f"(at least 3x: {verdict(ratio >= 3)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games per line on the engine (default 50)")
    parser.add_argument("--service-games", type=int, default=2,
                        help="of those, games per line played through the service to count emails (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="fixes every game, bot and delay (default 1)")
    arguments = parser.parse_args()
    if arguments.games < 1 or not 0 <= arguments.service_games <= arguments.games:
        parser.error("--games must be at least 1 and --service-games from 0 to --games")
    started = time.perf_counter()
    lines = []
    with service_app():
        for config in CONFIGS:
            for plans in (False, True):
                lines.append(measure(config, plans, arguments.games, arguments.service_games, arguments.seed))
                print(f"  {config.label}, {'with' if plans else 'without'} plans: done after "
                      f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    print_table(lines, arguments.games, arguments.service_games, arguments.seed)


if __name__ == "__main__":
    main()
