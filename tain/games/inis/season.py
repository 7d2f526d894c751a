"""The Season (I27–I35): turns in turn order from the Brenn, his opening card, pass, Pretender
tokens, players with no clan, forced passes, Season-turn standing rules, Oengus's Ploy, the end."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Action, Player
from tain.games.inis import plays, standing, windows
from tain.games.inis.asking import ask
from tain.games.inis.board import (
    Board, chieftain, close_report, hand_size, headline, next_player, on_board, open_report, say,
    take_advantage,
)
from tain.games.inis.options import exact
from tain.games.inis.scoring import conditions_met
from tain.games.inis.words import message

PASS: Action = {"type": "pass"}
PRETENDER: Action = {"type": "pretender"}


def start(board: Board) -> None:
    board.update(phase="season", cursor="season")
    board["season"] = {"turn": board["brenn"], "passes": 0, "opening": True, "oengus": None}


def may_pretend(board: Board, player: Player) -> bool:
    """I31: no token yet, and at least one condition met, Deeds counted."""
    return player not in board["pretenders"] and conditions_met(board)[player] >= 1


def turn_options(board: Board, player: Player, opening: bool) -> list[Action]:
    cards = plays.season_plays(board, player)
    if opening:
        return cards or [dict(PASS)]  # I28: the Brenn must lead
    return cards + [dict(PASS)] + ([dict(PRETENDER)] if may_pretend(board, player) else [])


def turn(board: Board) -> Iterator[Any]:
    """One Season turn (I27), its windows and clashes, then the `turn-end` window."""
    season = board["season"]
    player = season["turn"]
    board["turns"] += 1
    board["last_asked"] = None
    opening, season["opening"] = season["opening"], False
    open_report(board, message("turn", N_("%(player)s's turn"), player=player))
    placed_first = False
    if on_board(board, player) == 0:
        yield from _no_clans(board, player)
        placed_first = True
    action = None
    if hand_size(board, player) == 0 and not may_pretend(board, player):
        action = dict(PASS)  # I33a: forced by public facts
    elif not opening and not placed_first:  # I51: Season-turn rules never apply to I32
        action = _by_rule(board, player)
    if action is None:
        action = yield from ask(board, "turn", player, lambda p: turn_options(board, p, opening),
                                message("ask-opening", N_("%(player)s to play a Season card"), player=player) if opening
                                else message("ask-turn", N_("%(player)s to play a Season card, pass or take a Pretender "
                                                            "token"), player=player),
                                mid_turn=placed_first,
                                timeout="opening" if opening else "pass")
    card = None
    if action["type"] == "pass":
        season["passes"] += 1
        headline(board, "passes", N_("%(player)s passes"), player=player)
    elif action["type"] == "pretender":
        season["passes"] = 0
        board["pretenders"].append(player)
        headline(board, "pretender", N_("%(player)s takes a Pretender token"), player=player)
    else:
        season["passes"] = 0
        card = action["card"]
        headline(board, "plays-card", N_("%(player)s plays %(card)s"), player=player, card=card)
        yield from plays.play_action(board, player, action, "season")
    would_end = season["passes"] >= len(board["players"])
    yield from windows.window(board, {"kind": "turn-end", "actor": player, "card": card, "territories": [],
                                      "players": [], "would_end": would_end})
    close_report(board)
    if season["oengus"]:
        season["turn"], season["oengus"] = season["oengus"], None  # I34
    elif season["passes"] >= len(board["players"]):
        end(board)
    else:
        season["turn"] = next_player(board, player)


def _no_clans(board: Board, player: Player) -> Iterator[Any]:
    """I32: discard a Deed if he has one, then place 2 clans in any territories."""
    if board["deeds"][player]:
        board["deeds"][player] -= 1
        say(board, "loses-deed", N_("%(player)s has no clan on the board and discards a Deed."), player=player)
    total = min(2, board["reserve"][player])
    action = yield from ask(board, "place-clans", player,
                            lambda p: [{"type": "place-clans", "place": s} for s in exact(sorted(board["terr"]), total)],
                            message("ask-place-clans", N_("%(player)s to place 2 clans: he has none on the board"),
                                    player=player))
    from tain.games.inis.effects import place_spread
    place_spread(board, player, action["place"])


def _by_rule(board: Board, player: Player) -> Action | None:
    """I51, I33b: the first matching `season-turn` rule passes for him or queues a play."""
    trigger = {"kind": "season-turn", "actor": player, "card": None, "territories": [], "players": [player]}
    match = standing.take_match(board, player, trigger)
    if match is None:
        return None
    then = match[0]
    if then == "pass":
        return dict(PASS)
    if isinstance(then, dict):
        return next((a for a in turn_options(board, player, False)
                     if a["type"] == "play" and standing.agrees(a, then)), None)
    return None


def end(board: Board) -> None:
    """I35: Action cards discarded, Advantage cards of lost territories face up, the Festival
    marker leaves, Season-turn rules cleared; the next round's Assembly follows (I60)."""
    open_report(board, message("season-ends", N_("Round %(round)s: the Season ends"), round=board["round"]))
    for player in board["players"]:
        cards = board["hands"][player]
        board["action_discard"] += cards["action"]
        cards["action"] = []
        for card in list(cards["advantage"]):
            if chieftain(board, card) != player:
                take_advantage(board, None, card)
                say(board, "advantage-face-up", N_("%(player)s puts %(card)s face up."), player=player, card=card)
        board["standing"][player] = [r for r in board["standing"][player] if r["window"] != "season-turn"]
    board["festival"] = None
    say(board, "all-passed", N_("Every player has passed: the Season is over."))
    close_report(board)
    board["season"] = None
    board["cursor"] = "assembly"
