"""Placeholder."""
import random


class InisBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, legal_actions):
        return self.rng.choice(legal_actions)

    def standing(self, view):
        return None
