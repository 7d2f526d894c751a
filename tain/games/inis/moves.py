"""Moves: declared in steps (I29.1), carried out all at once, the Mountains cost on arrival
(tile effect, I41b), then the clashes they start, in the instigator's order (I36)."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Nn_, Action, Player
from tain.games.inis.asking import ask, triskels_blocked
from tain.games.inis.board import (
    Board, adjacent, chieftain, clans, exposed, hand, move, players_in, present, say,
)
from tain.games.inis.words import message

DONE: Action = {"type": "done"}


def _sources_and_targets(board: Board, player: Player, card: str, decl: dict) -> tuple[str | None, str | None]:
    """The fixed end of each move step: (from, to); None where the step chooses."""
    if card == "conquest":
        return None, decl["territory"]
    if card == "migration":
        return decl["from"], None
    if card == "the-battle-of-moytura":
        return None, board["clash"]["territory"]
    if card == "withdraw":
        return board["clash"]["territory"], None
    return None, None  # Plains


def _movable(board: Board, player: Player, card: str, territory: str) -> int:
    if card == "withdraw":
        return exposed(board, player)
    return clans(board, territory, player)


def step_options(board: Board, player: Player, card: str, decl: dict, declared: list[dict],
                 havens: list[str]) -> list[Action]:
    """The `move` steps allowed now: each source (Conquest, Moytura) or destination (Migration,
    Withdraw) once; Plains each (from, to) once; a clan moves once."""
    fixed_from, fixed_to = _sources_and_targets(board, player, card, decl)
    moved_out: dict[str, int] = {}
    for step in declared:
        moved_out[step["from"]] = moved_out.get(step["from"], 0) + step["clans"]
    used = {(s["from"], s["to"]) for s in declared}
    found: list[Action] = []
    if fixed_to is not None:
        sources = [t for t in adjacent(board, fixed_to) if clans(board, t, player)]
        for source in sources:
            if any(s["from"] == source for s in declared):
                continue
            found += [{"type": "move", "from": source, "to": fixed_to, "clans": n}
                      for n in range(1, clans(board, source, player) + 1)]
        return found
    if fixed_from is not None:
        left = _movable(board, player, card, fixed_from) - moved_out.get(fixed_from, 0)
        destinations = havens if card == "withdraw" else adjacent(board, fixed_from)
        for destination in destinations:
            if any(s["to"] == destination for s in declared):
                continue
            found += [{"type": "move", "from": fixed_from, "to": destination, "clans": n} for n in range(1, left + 1)]
        return found
    for source in present(board, player):
        left = clans(board, source, player) - moved_out.get(source, 0)
        for destination in adjacent(board, source):
            if (source, destination) not in used:
                found += [{"type": "move", "from": source, "to": destination, "clans": n} for n in range(1, left + 1)]
    return found


def declare(board: Board, player: Player, card: str, decl: dict, havens: list[str] | None = None) -> Iterator[Any]:
    """Ask the move steps of a declaration until `done`; returns the steps. Nothing moves yet."""
    havens = havens or []
    declared: list[dict] = []
    if not step_options(board, player, card, decl, declared, havens):
        return declared
    board["declaring"] = {"player": player, "card": card, "decl": dict(decl), "moves": declared}

    def legal(p: Player) -> list[Action]:
        found = step_options(board, player, card, decl, declared, havens)
        return found + ([dict(DONE)] if declared else [])

    while True:
        asked = message("ask-declare-withdraw", N_("%(player)s to declare the moves of the withdraw"), player=player) \
            if card == "withdraw" else message("ask-declare", N_("%(player)s to declare the moves of %(card)s"),
                                               player=player, card=card)
        action = yield from ask(board, "declare", player, legal, asked, mid_turn=True, timeout="declare")
        if action["type"] == "done":
            break
        declared.append({"from": action["from"], "to": action["to"], "clans": action["clans"]})
        if not step_options(board, player, card, decl, declared, havens):
            break
    board["declaring"] = None
    return declared


def withdraw_havens(board: Board, player: Player) -> list[str]:
    """I42: adjacent territories where he is chieftain when he starts the withdraw."""
    return [t for t in adjacent(board, board["clash"]["territory"]) if chieftain(board, t) == player]


def carry_out(board: Board, player: Player, steps: list[dict], clash: bool, card: str) -> Iterator[Any]:
    """Make every move, pay the Mountains cost, then play the clashes they start (I36)."""
    from tain.games.inis import clash as clashes
    destinations: list[str] = []
    for step in steps:
        moved = move(board, player, step["from"], step["to"], step["clans"], step.get("sheltered", 0))
        if moved:
            say(board, "moves", Nn_("%(player)s moves %(num)s clan from %(source)s to %(destination)s.",
                                    "%(player)s moves %(num)s clans from %(source)s to %(destination)s."),
                player=player, num=moved, source=step["from"], destination=step["to"])
            if step["to"] not in destinations:
                destinations.append(step["to"])
    if "mountains" in destinations:
        yield from mountains_cost(board, player)
    if clash:
        yield from clashes.run_all(board, player, [t for t in destinations if len(players_in(board, t)) >= 2], card)


def answer_options(board: Board, player: Player, territory: str, mode: str, hills: bool) -> list[Action]:
    """The answers to an Attack (I41a) or a Mountains cost (I41b): discard, lose (saved or not),
    the folded Hills or Mountains card; `mode` is normal, iron, club-card or club-clan."""
    from tain.games.inis.removal import save_options
    cards = hand(board, player, "action")
    lose = [{"type": "lose-clan"}] + [{"type": "lose-clan", **save} for save in save_options(board, player, territory)]
    found: list[Action] = []
    if mode == "iron":
        for card in cards or [None]:
            found += [{"type": "discard-and-lose", "card": card, **{k: v for k, v in a.items() if k != "type"}}
                      for a in lose]
    elif mode == "club-card" and cards:
        found = [{"type": "discard", "card": c} for c in cards]
    elif mode == "club-clan" or mode == "club-card":
        found = lose
    else:
        found = [{"type": "discard", "card": c} for c in cards] + lose
    if hills and not triskels_blocked(board):
        found.append({"type": "play", "card": hills_card(territory)})
    return found


def hills_card(territory: str) -> str:
    return "mountains" if territory == "mountains" else "hills"


def forced(board: Board, player: Player, options: list[Action]) -> bool:
    """Asked unless public facts leave one option (I41): a single answer that is not the folded
    Advantage card, and no Epic Tale that could save a clan he loses (none held, Triskels
    blocked, or no clan to lose, as under The Dagda's Club's "card")."""
    loses = any(a["type"] in ("lose-clan", "discard-and-lose") for a in options)
    could_save = loses and bool(hand(board, player, "epic")) and not triskels_blocked(board)
    return len(options) == 1 and options[0]["type"] != "play" and not could_save


def mountains_cost(board: Board, player: Player) -> Iterator[Any]:
    """Discard an Action card or lose a clan there, or play the Mountains card (I41b)."""
    from tain.games.inis import plays, removal
    if not clans(board, "mountains", player):
        return

    def legal(p: Player) -> list[Action]:
        return answer_options(board, p, "mountains", "normal", "mountains" in hand(board, p, "advantage"))

    while True:
        if not clans(board, "mountains", player):
            return
        options = legal(player)
        if forced(board, player, options):
            answer = options[0]
        else:
            answer = yield from ask(board, "mountains", player, legal,
                                    message("ask-mountains", N_("%(player)s to pay the Mountains: discard an Action card "
                                                                "or lose a clan"), player=player),
                                    mid_turn=True, timeout="lowest-or-lose")  # his own moves' cost
        if answer["type"] != "play":
            break
        record = yield from plays.play_card(board, player, "mountains", {}, "triskel", {"kind": "folded"})
        if not record["cancelled"]:
            return
    if answer["type"] == "discard":
        discard_action(board, player, answer["card"])
    else:
        yield from removal.lose_one(board, player, "mountains", answer)


def discard_action(board: Board, player: Player, card: str) -> None:
    """A discarded Action card goes face down; which one is not shown (I41)."""
    hand(board, player, "action").remove(card)
    board["action_discard"].append(card)
    say(board, "discards-action", N_("%(player)s discards an Action card."), player=player)
