"""The deal (I23) and the drafts: three simultaneous hidden steps for 3–4 players (I24), two
separate drafts of two steps for 2 players (I25).

`board["draft"]` during a step: {"draft": 1 | 2, "step": s, "steps": 3 | 2, "keep": s,
"choices": {p: [cards]}, "first_set": {p: [cards]}, "submitted": [p], "pass_to": {p: q}}.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any, Iterator

from tain.games.base import N_, Action, Message, Player
from tain.games.inis.asking import ask_all
from tain.games.inis.board import Board, know, next_player, rng, say, turn_order
from tain.games.inis.words import card_list, message


def _names(cards: list[str]) -> Message:
    return card_list(cards)


def deal_and_draft(board: Board) -> Iterator[Any]:
    _gather_and_shuffle(board)
    two = len(board["players"]) == 2
    size = 3 if two else 4
    first_set: dict[Player, list[str]] = {p: [] for p in board["players"]}
    for number in ((1, 2) if two else (1,)):
        dealt = _deal(board, size)
        held = yield from _draft(board, number, 2 if two else 3, dealt, first_set)
        first_set = {p: sorted(first_set[p] + held[p]) for p in board["players"]}  # I25: set apart
    for p in board["players"]:
        board["hands"][p]["action"] = first_set[p]
    board["draft"] = None
    say(board, "draft-over", N_("The draft is over."))


def _gather_and_shuffle(board: Board) -> None:
    """I23: every Action card in use, shuffled (or `decks.action` for this round); the top card
    set aside, or CathBad's named card (the others keep their order)."""
    rounds = board["decks"]["action"]
    if len(rounds) >= board["round"]:
        order = list(rounds[board["round"] - 1])
    else:
        order = sorted(board["actions_in_use"])
        rng(board).shuffle(order)
    for p in board["players"]:
        board["hands"][p]["action"] = []
    board["action_discard"] = []
    if board["cathbad"]:
        named = board["cathbad"]["card"]
        order.remove(named)
        board["set_aside"] = named
    else:
        board["set_aside"] = order.pop(0)
    board["set_aside_by"] = None
    board["action_deck"] = order
    say(board, "deal", N_("The Action cards are shuffled and one is set aside face down."))


def _deal(board: Board, size: int) -> dict[Player, list[str]]:
    """I23: each player in turn order from the Brenn receives the next cards."""
    dealt = {}
    for p in turn_order(board):
        dealt[p] = sorted(board["action_deck"][:size])
        del board["action_deck"][:size]
        board["hands"][p]["action"] += dealt[p]
        board["hands"][p]["action"].sort()
        know(board, p, "draft", dealt[p], message("dealt", N_("You are dealt %(cards)s."), cards=_names(dealt[p])))
    return dealt


def _keeps(cards: list[str], keep: int) -> list[Action]:
    return [{"type": "draft", "keep": list(chosen)} for chosen in combinations(sorted(cards), keep)]


def _draft(board: Board, number: int, steps: int, dealt: dict[Player, list[str]],
           first_set: dict[Player, list[str]]) -> Iterator[Any]:
    """The steps of one draft; returns the cards each player holds at its end."""
    players = board["players"]
    pass_to = {p: next_player(board, p) for p in players}
    current = dealt
    for step in range(1, steps + 1):
        choices = {p: list(current[p]) for p in players}
        for p in players:
            board["hands"][p]["action"] = sorted(choices[p] + first_set[p])
        board["draft"] = {"draft": number, "step": step, "steps": steps, "keep": step, "choices": choices,
                          "first_set": {p: list(first_set[p]) for p in players}, "submitted": [],
                          "pass_to": pass_to}
        answers = yield from ask_all(
            board, "draft", list(turn_order(board)), lambda p: _keeps(board["draft"]["choices"][p], step),
            message("ask-draft", N_("Every player to keep %(num)s of his Action cards and pass the rest"), num=step),
            timeout="ranked-keep",
            on_answer=lambda p: board["draft"]["submitted"].append(p))
        received: dict[Player, list[str]] = {p: [] for p in players}
        for p in players:
            passed = [c for c in choices[p] if c not in answers[p]["keep"]]
            received[pass_to[p]] = passed
        for p in players:
            kept = answers[p]["keep"]
            giver = next(q for q in players if pass_to[q] == p)
            passed = [c for c in choices[p] if c not in kept]
            know(board, p, "draft", kept + passed + received[p], message(
                "draft-step-own", N_("Draft step %(step)s: you keep %(kept)s, pass %(passed)s to %(to)s and receive "
                                     "%(received)s from %(giver)s."),
                step=step, kept=_names(kept), passed=_names(passed), to=pass_to[p], received=_names(received[p]),
                giver=giver), giver)
        current = {p: sorted(answers[p]["keep"] + received[p]) for p in players}
        for p in players:
            board["hands"][p]["action"] = sorted(current[p] + first_set[p])
        say(board, "draft-step", N_("Draft step %(step)s: every player keeps %(step)s and passes the rest."), step=step)
    return current
