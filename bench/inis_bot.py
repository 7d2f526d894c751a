"""The Inis bot (I64) against random play: one bot among random players, its seat moving round.

    .venv/bin/python bench/inis_bot.py [games per player count]

A random player picks uniformly among its legal actions. The bot chooses from its view and
legal actions only, and sends its standing rules (`bot.standing(view)`) whenever its hand
changes, as the service does. Prints, for 2, 3 and 4 players, how often the bot wins beside
what an equal share would be, and how long the games are.
"""
from __future__ import annotations

import pathlib
import random
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from tain.games.inis import InisGame  # noqa: E402

GAME = InisGame()
NAMES = ["ann", "bob", "cat", "dan"]
MAX_ACTIONS = 20000


def play(players: list[str], bot_seat: int, seed: int) -> tuple[str | None, int, int]:
    """One game; (the winner, actions, rounds)."""
    rng = random.Random(seed)
    me = players[bot_seat]
    bot = GAME.make_bot(seed)
    state = GAME.setup(players, seed=seed)
    hand: list[str] | None = None
    for actions in range(MAX_ACTIONS):
        if GAME.is_over(state):
            return GAME.winners(state)[0], actions, GAME.view(state, None)["round"]
        mine = GAME.view(state, me)
        if mine["hand"] != hand:
            hand = mine["hand"]
            rules = bot.standing(mine)
            if rules is not None:
                state = GAME.apply(state, me, {"type": "standing", "rules": rules})
        player = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, player)
        action = bot.choose(GAME.view(state, me), legal) if player == me else rng.choice(legal)
        state = GAME.apply(state, player, action)
    return None, MAX_ACTIONS, GAME.view(state, None)["round"]


def report(count: int, games: int) -> None:
    players = NAMES[:count]
    wins = unfinished = 0
    lengths, rounds = [], []
    for seed in range(games):
        seat = seed % count
        winner, actions, played = play(players, seat, seed)
        wins += winner == players[seat]
        unfinished += winner is None
        lengths.append(actions)
        rounds.append(played)
    print(f"{count} players: the bot wins {wins} of {games} ({100 * wins / games:.0f} %; an equal share "
          f"{100 / count:.0f} %), {unfinished} unfinished; median {statistics.median(lengths):.0f} actions, "
          f"{statistics.median(rounds):.0f} rounds")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    for count in (2, 3, 4):
        report(count, games)


if __name__ == "__main__":
    main()
