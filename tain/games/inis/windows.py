"""Triskel windows (I48–I59): at exact moments, who may play which card, who is asked, and how
the answers and standing rules resolve, in priority order.

A trigger is a dict: `kind` (the window), `actor`, `card` (the trigger card or None),
`territories` and `players` (what it concerns, for rules), and per kind: `record` (the card play,
announced/resolved), `cancelled`, `attack` (the attacked player), `removed` (opposing clans
removed by the maneuver), `would_end` (turn-end), `removal` (clan-removed), `draw` (draw).
"""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Action, Message, Player
from tain.games.inis import standing
from tain.games.inis.asking import ask, ask_all, triskels_blocked
from tain.games.inis.board import (
    Board, adjacent, advantage_holder, clans, exposed, hand, opponents, order_from, players_in, present,
)
from tain.games.inis.catalogue import card_type
from tain.games.inis.words import message

DECLINE: Action = {"type": "decline"}


def _in_use(board: Board, card: str) -> bool:
    return card_type(card) != "action" or card in board["actions_in_use"]


def candidates(board: Board, trigger: dict) -> list[tuple[str, Player]]:
    """I49: the (card, player) pairs the window's table allows for this trigger."""
    kind, actor, card = trigger["kind"], trigger["actor"], trigger.get("card")
    everyone = order_from(board, actor)
    pairs: list[tuple[str, Player]] = []
    if kind == "announced":
        answer = "geis" if card_type(card) == "action" else "the-dagda"
        pairs = [(answer, q) for q in opponents(board, actor)]
    elif kind == "resolved":
        if card_type(card) == "action" and not trigger["cancelled"]:
            pairs += [("lug-samildanach", q) for q in everyone]
        if trigger["record"]["how"] == "season":
            pairs += [(c, actor) for c in ("cove", "lost-vale", "salt-mine", "valley")]
        if card_type(card) == "epic" and not trigger["cancelled"]:
            pairs.append(("forest", actor))
            if trigger["record"]["dest"] is None:  # not yet taken back or given away
                pairs += [("stone-circle", actor), ("master-craftsman", actor)]
    elif kind == "turn-end":
        pairs = [("oenguss-ploy", q) for q in everyone]
    elif kind == "clash-start":
        pairs = [("lugs-spear", q) for q in everyone]
        holder = advantage_holder(board, "highlands")
        if board["clash"]["territory"] == "highlands" and holder:
            pairs.append(("highlands", holder))
    elif kind == "citadels-end":
        pairs = [("battle-frenzy", q) for q in everyone]
    elif kind == "after-maneuver":
        if trigger["removed"]:
            pairs.append(("bard", actor))
        if trigger["attack"]:
            pairs += [("strengs-resolve", actor), ("raid", actor)]
        territory = board["clash"]["territory"]
        pairs += [("warlord", q) for q in everyone if clans(board, territory, q)]
    elif kind == "clan-removed":
        pairs = [("the-dagdas-club", actor), ("diarmuid-and-grainne", actor)]
        if board["clash"]:
            pairs.append(("dagdas-cauldron", actor))
    elif kind == "assembly-start":
        pairs = [("cathbads-word", q) for q in everyone]
    elif kind == "draw":
        pairs = [("meadows", actor)]
        if trigger["draw"]["by_gates"]:
            pairs.append(("gates-of-tir-na-nog", actor))
    return [(c, p) for c, p in pairs if _in_use(board, c)]


def useful(board: Board, player: Player, card: str, trigger: dict) -> bool:
    """I50: the public conditions that leave out plays which could change nothing."""
    if card == "valley":
        return board["reserve"][player] > 0 and bool(present(board, player))
    if card == "stone-circle":
        return "stone-circle" in board["terr"] and clans(board, "stone-circle", player) > 0
    if card == "salt-mine":
        return any(hand(board, q, "action") for q in opponents(board, player))
    if card == "lost-vale":
        return any(board["terr"][t]["clans"] for t in adjacent(board, "lost-vale"))
    if card == "cove":
        return board["set_aside"] is not None or bool(hand(board, player, "action"))
    if card == "highlands":
        return any(exposed(board, q) for q in players_in(board, "highlands") if q != board["clash"]["instigator"])
    if card == "battle-frenzy":
        return bool(board["clash"]["sheltered"])
    if card == "forest":
        return bool(board["epic_deck"] or board["epic_discard"])
    if card in ("the-dagdas-club", "diarmuid-and-grainne", "dagdas-cauldron"):
        removal = trigger["removal"]
        if removal["count"] - removal["saved"] <= 0:
            return False
        if card == "diarmuid-and-grainne":
            return any(t != removal["territory"] for t in present(board, player))
        return card != "dagdas-cauldron" or board["clash"]["cauldron"] is None
    return True


def _allowed(board: Board, player: Player, card: str, trigger: dict) -> bool:
    kind = card_type(card)
    if kind == "advantage":
        allowed = card in board["hands"][player]["advantage"]
    else:
        allowed = bool(board["hands"][player][kind])
    return allowed and useful(board, player, card, trigger)


def eligibility(board: Board, trigger: dict) -> dict[Player, list[str]]:
    """I50: for each eligible player, the candidate cards he is eligible for, by public facts only."""
    found: dict[Player, list[str]] = {}
    for card, who in candidates(board, trigger):
        if _allowed(board, who, card, trigger):
            found.setdefault(who, []).append(card)
    return found


def eligible_cards(board: Board, player: Player, trigger: dict) -> list[str]:
    if triskels_blocked(board):
        return []  # I55: Lug's Spear drops the later answers and rules of its own window
    return [c for c, who in candidates(board, trigger) if who == player and _allowed(board, who, c, trigger)]


def plays_for(board: Board, player: Player, trigger: dict) -> list[Action]:
    """The plays a player may make now in this window: his candidate cards that he holds."""
    from tain.games.inis import plays
    result: list[Action] = []
    for card in eligible_cards(board, player, trigger):
        if card in board["hands"][player][card_type(card)]:
            result += plays.window_plays(board, player, card, trigger)
    return result


def priority(board: Board, trigger: dict) -> list[Player]:
    """I12: the actor first, then the others in the current direction."""
    return order_from(board, trigger["actor"])


def window(board: Board, trigger: dict) -> Iterator[Any]:
    """Open, ask, resolve one window (I53, I54); returns nothing, changes what the plays change."""
    if triskels_blocked(board):
        return
    cards = eligibility(board, trigger)
    if not cards:
        return
    eligible = [p for p in priority(board, trigger) if p in cards]
    modes: dict[Player, Any] = {}
    for player in eligible:
        match = standing.take_match(board, player, trigger) if board["standing"][player] else None
        if match is None:
            through_advantage = any(card_type(c) == "advantage" for c in cards[player])
            modes[player] = ("ask", None) if through_advantage else ("decline", None)
        elif match[0] == "ask":
            modes[player] = ("ask", None)
        elif match[0] == "decline":
            modes[player] = ("decline", None)
        else:
            modes[player] = ("rule", match)
    asked = [p for p in eligible if modes[p][0] == "ask"]
    outer = board["window"]
    answers: dict[Player, Action] = {}
    if asked:
        board["window"] = _shown(trigger, asked)
        answers = yield from ask_all(
            board, "window", asked, lambda p: [dict(DECLINE)] + plays_for(board, p, trigger),
            _question(trigger), timeout="decline",
            on_answer=lambda p: board["window"]["answered"].append(p))
    if not asked and all(modes[p][0] == "decline" for p in eligible):
        return
    for player in eligible:
        if _cancelled(trigger):
            break  # I54: once the trigger card is cancelled, the later answers are dropped
        mode, match = modes[player]
        if mode == "ask":
            yield from _answer(board, player, trigger, answers[player])
        elif mode == "rule":
            yield from _by_rule(board, player, trigger, match)
    board["window"] = outer


def _cancelled(trigger: dict) -> bool:
    return trigger["kind"] == "announced" and trigger["record"]["cancelled"]


def _answer(board: Board, player: Player, trigger: dict, answer: Action) -> Iterator[Any]:
    """An asked player's play, if still legal; then he is asked again while still eligible."""
    from tain.games.inis import plays
    while answer["type"] == "play":
        if answer not in plays_for(board, player, trigger):
            return  # I54: dropped without a word
        yield from plays.play_action(board, player, answer, "triskel", trigger)
        if _cancelled(trigger) or not eligible_cards(board, player, trigger):
            return
        board["window"] = _shown(trigger, [player])
        answer = yield from ask(board, "window", player,
                                lambda p: [dict(DECLINE)] + plays_for(board, p, trigger),
                                _question(trigger), mid_turn=True, timeout="decline")
        board["window"]["answered"].append(player)


def _by_rule(board: Board, player: Player, trigger: dict, match: tuple[Any, int]) -> Iterator[Any]:
    """A rule's play, if a legal play agrees with it; then his next matching play rule (I54)."""
    from tain.games.inis import plays
    then, after = match
    while isinstance(then, dict):
        play = next((a for a in plays_for(board, player, trigger) if standing.agrees(a, then)), None)
        if play is None:
            return
        yield from plays.play_action(board, player, play, "triskel", trigger)
        if _cancelled(trigger):
            return
        following = standing.take_match(board, player, trigger, after)
        if following is None:
            return
        then, after = following


def _shown(trigger: dict, asked: list[Player]) -> dict:
    """I58: what everyone sees of an open window."""
    territory = trigger["territory"] if "territory" in trigger else (trigger.get("territories") or [None])[0]
    return {"kind": trigger["kind"], "actor": trigger["actor"], "card": trigger.get("card"),
            "territory": territory, "asked": list(asked), "answered": []}


QUESTIONS = {
    "announced": N_("%(player)s plays %(what)s: answer?"),
    "resolved": N_("%(what)s of %(player)s has resolved: answer?"),
    "turn-end": N_("%(player)s's turn is over: answer?"),
    "clash-start": N_("A clash starts, %(player)s the instigator: answer?"),
    "citadels-end": N_("The Citadels are filled: answer?"),
    "after-maneuver": N_("%(player)s's maneuver is over: answer?"),
    "clan-removed": N_("Clans of %(player)s are about to be removed: answer?"),
    "assembly-start": N_("The Assembly begins: answer?"),
    "draw": N_("%(player)s has drawn Epic Tales: answer?"),
}


def _question(trigger: dict) -> Message:
    """The question of a window (`what`: its card, or "a card")."""
    card = trigger.get("card")
    what = message("card", N_("%(card)s"), card=card) if card else message("a-card", N_("a card"))
    return message(f"ask-window-{trigger['kind']}", QUESTIONS[trigger["kind"]], player=trigger["actor"], what=what)
