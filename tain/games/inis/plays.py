"""Playing a card (I29): declare, show, the `announced` window, resolve, the `resolved` window,
the pile. Season cards on a turn, Triskel cards in windows, as maneuvers or folded into a
decision (I56) all go through `play_card`.

A play record, kept in `board["in_play"]` while the card is played:
`{"card", "player", "decl", "how": "season" | "triskel" | "maneuver", "cancelled", "dest"}`;
`dest` is None (its pile), `["hand", p]` (Lug Samildanach, Master Craftsman, Stone Circle),
"gone" (The Dagda shuffled it away) or "table" (Dagda's Cauldron until its clash ends).
"""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Action, Player
from tain.games.inis import cards_action, cards_advantage, cards_epic, windows
from tain.games.inis.board import Board, discard_card, give_card, say, take_card, tell
from tain.games.inis.notation import play_message

SEASON: dict[str, Any] = {**cards_action.SEASON, **cards_advantage.SEASON, **cards_epic.SEASON}
TRISKEL: dict[str, Any] = {**cards_action.TRISKEL, **cards_advantage.TRISKEL, **cards_epic.TRISKEL}
DECLARED = {"conquest", "migration", "plains", "the-battle-of-moytura"}  # moves declared in steps


def season_plays(board: Board, player: Player) -> list[Action]:
    """Every Season card of his hand with every declaration (I15, I29.1), hand order."""
    result: list[Action] = []
    for kind in ("action", "advantage", "epic"):
        for card in board["hands"][player][kind]:
            if card in SEASON:
                result += [{"type": "play", "card": card, **args} for args in SEASON[card][0](board, player)]
    return result


def window_plays(board: Board, player: Player, card: str, trigger: dict) -> list[Action]:
    return [{"type": "play", "card": card, **args} for args in TRISKEL[card][0](board, player, trigger)]


def maneuver_plays(board: Board, player: Player, card: str) -> list[Action]:
    return window_plays(board, player, card, {"kind": "maneuver"})


def play_action(board: Board, player: Player, action: Action, how: str, trigger: dict | None = None
                ) -> Iterator[Any]:
    """A `play` action as listed: the rest of its declaration if it has moves, then the play."""
    from tain.games.inis import moves
    card = action["card"]
    decl = {key: value for key, value in action.items() if key not in ("type", "card")}
    if card in DECLARED:
        decl["moves"] = yield from moves.declare(board, player, card, decl)
    record = yield from play_card(board, player, card, decl, how, trigger)
    return record


def play_card(board: Board, player: Player, card: str, decl: dict, how: str, trigger: dict | None = None
              ) -> Iterator[Any]:
    """I29 steps 2–7; returns the play record (its `cancelled` tells whether it did anything)."""
    take_card(board, player, card)
    record = {"card": card, "player": player, "decl": decl, "how": how, "cancelled": False, "dest": None}
    board["in_play"].append(record)
    tell(board, play_message(player, card, decl))
    fixed = fixed_destination(board, card)
    territories, players = _concerns(decl)
    common = {"actor": player, "card": card, "record": record, "players": players,
              "territories": territories + [fixed] if fixed and fixed not in territories else territories,
              "territory": aim(decl, fixed)}
    yield from windows.window(board, {"kind": "announced", **common})
    if record["cancelled"]:
        say(board, "cancelled", N_("%(player)s's %(card)s has no effect."), player=player, card=card)
    else:
        effect = SEASON[card][1] if how == "season" else TRISKEL[card][1]
        yield from effect(board, record, trigger)
    yield from windows.window(board, {"kind": "resolved", "cancelled": record["cancelled"], **common})
    finish(board, record)
    return record


def finish(board: Board, record: dict) -> None:
    """I29.7: the card goes to its pile, unless a response sent it elsewhere."""
    dest = record["dest"]
    if dest == "table":
        return
    if record in board["in_play"]:
        board["in_play"].remove(record)
    if dest is None:
        discard_card(board, record["card"])
    elif dest != "gone":
        give_card(board, dest[1], record["card"])


def fixed_destination(board: Board, card: str) -> str | None:
    """Where a card always goes, which its declaration does not name: the Capital for The Stone of
    Fál, the Lost Vale for its card (inis-cards.md)."""
    if card == "the-stone-of-fal":
        return board["capital"]
    return "lost-vale" if card == "lost-vale" else None


def aim(decl: dict, fixed: str | None = None) -> str | None:
    """The territory a declaration aims at, as its window shows it: the card's target or
    destination (engine-api-inis.md, "The view"), `fixed` where the card always goes there; None
    when it names none, or several alike."""
    moves = decl.get("moves") or []
    places = decl.get("place") if isinstance(decl.get("place"), dict) else {}
    for found in (decl.get("territory"), decl.get("to"), moves[0]["to"] if moves else None, decl.get("clash"),
                  next(iter(places)) if len(places) == 1 else None, fixed, decl.get("from")):
        if isinstance(found, str):
            return found
    return None


def _concerns(decl: dict) -> tuple[list[str], list[Player]]:
    """The territories and players a declaration names, for standing rules (I51): its territories are
    those it concerns, "the clash, the card's target or destination" (engine-api-inis.md, `standing`),
    never one its clans only leave (`from`)."""
    territories: list[str] = []
    players: list[Player] = []
    for key, value in decl.items():
        if value is None:
            continue
        if key in ("territory", "to", "remove", "clash") and isinstance(value, str):
            territories.append(value)
        elif key in ("player", "target", "look", "instigator", "give", "next") and isinstance(value, str):
            players.append(value)
        elif key == "place" and isinstance(value, dict):
            territories += sorted(value)
        elif key == "replace":
            territories.append(value["territory"])
            players.append(value["player"])
        elif key == "remove" and isinstance(value, dict):
            players += sorted(value)
        elif key == "moves":
            territories += [step["to"] for step in value]
    return sorted(set(territories)), sorted(set(players))

