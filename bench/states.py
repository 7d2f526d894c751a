"""How big a game's state grows as it is played: what every request decodes and every move writes (and
each kept state stores again), for the next change to the state's format.

    .venv/bin/python bench/states.py [--games 5]

Each game is played by its engine's bots from `--games` seeds (Tàin with 4 clans, Tara, Inis with 3
players; no service, no database). It prints, per game, the median size of the state as JSON after 50,
100, 200, ... actions and at the end, and for the end: the share of its past reports, of what Inis keeps
of each player's private knowledge (`known`), and of the messages (a sentence with its id, English
pattern, parameters and English text: docs/engine.md, "Messages") inside them.
"""
from __future__ import annotations

import argparse
import pathlib
import statistics
import sys
from typing import Any

import orjson

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from tain.games import get_game  # noqa: E402

PLAYERS = {"tain": ["ann", "bob", "cat", "dan"], "tara": ["ann", "bob"], "inis": ["ann", "bob", "cat"]}
POINTS = (50, 100, 200, 400, 800)
MAX_ACTIONS = 5000


def size(value: Any) -> int:
    return len(orjson.dumps(value))


def messages_size(value: Any) -> int:
    """The bytes of the messages in `value`, each counted once with what it nests."""
    if isinstance(value, dict):
        if "msgid" in value and "id" in value:
            return size(value)
        return sum(messages_size(item) for item in value.values())
    if isinstance(value, list):
        return sum(messages_size(item) for item in value)
    return 0


def played(name: str, seed: int) -> tuple[dict[int, int], int, dict[str, Any]]:
    """The state's size at each of POINTS that the game reaches, the game's length and its last state."""
    engine = get_game(name)
    players = PLAYERS[name]
    bots = {player: engine.make_bot(number) for number, player in enumerate(players)}
    state = engine.setup(players, seed=seed)
    sizes: dict[int, int] = {}
    length = 0
    while length < MAX_ACTIONS and not engine.is_over(state):
        length += 1
        player = engine.to_act(state)[0]
        state = engine.apply(state, player, bots[player].choose(engine.view(state, player),
                                                                engine.legal_actions(state, player)))
        if length in POINTS:
            sizes[length] = size(state)
    return sizes, length, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    for name in PLAYERS:
        runs = [played(name, seed) for seed in range(args.games)]
        at = {point: [sizes[point] for sizes, _, _ in runs if point in sizes] for point in POINTS}
        last = [state for _, _, state in runs]
        figures = ", ".join(f"{point} actions {statistics.median(sizes) / 1000:.0f} kB" for point, sizes in at.items()
                            if sizes)
        print(f"{name}: {figures}; the end: {statistics.median(length for _, length, _ in runs):.0f} actions, "
              f"{statistics.median(size(state) for state in last) / 1000:.0f} kB (median of {len(runs)} games)")
        totals = sum(size(state) for state in last)
        shares = {part: sum(size(state[part]) for state in last) for part in ("reports", "known") if part in last[0]}
        shares["messages"] = sum(messages_size(state) for state in last)
        print("  at the end: " + ", ".join(f"{part} {100 * bytes_ / totals:.0f} %" for part, bytes_ in shares.items()))


if __name__ == "__main__":
    main()
