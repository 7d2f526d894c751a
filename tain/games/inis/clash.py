"""Clashes (I36–I46): the Festival loss, the `clash-start` window, the Citadels step, maneuvers
in turn order (attack, withdraw, Epic Tale maneuvers, peace, end), and the end of the clash.

`board["clash"]` while one is played: {"territory", "instigator", "card", "step": "start" |
"citadels" | "maneuvers", "sheltered": {p: n}, "next": p, "chosen_next": p | None, "blocked":
bool (Lug's Spear), "pending": [territories], "peace": {...} | None, "votes": {...} | None,
"removed": {p: n} (clans lost in this clash, for Dagda's Cauldron), "cauldron": p | None, "over"}.
"""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Nn_, Action, Player
from tain.games.inis import moves, plays, removal, windows
from tain.games.inis.asking import ask, ask_all, triskels_blocked
from tain.games.inis.board import (
    Board, clans, discard_card, exposed, exposed_players, hand, next_player, order_from,
    players_in, say,
)
from tain.games.inis.catalogue import EPIC_MANEUVERS
from tain.games.inis.words import message, player_list


def run_all(board: Board, instigator: Player, territories: list[str], card: str) -> Iterator[Any]:
    """I36: the clashes one effect started, one at a time, in the instigator's order."""
    pending = list(territories)
    while pending:
        pending = [t for t in pending if clans(board, t, instigator) and len(players_in(board, t)) >= 2]
        if not pending:
            return
        territory = pending[0]
        if len(pending) > 1:
            choices = list(pending)
            action = yield from ask(board, "clash-order", instigator,
                                    lambda p: [{"type": "clash-order", "territory": t} for t in choices],
                                    message("ask-clash-order", N_("%(player)s to choose which clash comes first"),
                                            player=instigator), mid_turn=True)
            territory = action["territory"]
        pending.remove(territory)
        yield from run(board, territory, instigator, pending, card)


def run(board: Board, territory: str, instigator: Player, pending: list[str], card: str | None) -> Iterator[Any]:
    """One clash, to its end (I37–I46)."""
    board["clash"] = clash = {
        "territory": territory, "instigator": instigator, "card": card, "step": "start", "sheltered": {},
        "next": None, "chosen_next": None, "blocked": False, "pending": list(pending), "peace": None,
        "votes": None, "removed": {}, "cauldron": None, "over": False,
    }
    say(board, "clash", N_("A clash starts in %(territory)s, %(instigator)s the instigator."),
        territory=territory, instigator=instigator)
    if board["festival"] == territory:  # I37
        say(board, "festival-loss", N_("The Festival costs %(player)s a clan."), player=instigator)
        yield from removal.remove(board, instigator, territory, 1, "festival", None)
    if len(players_in(board, territory)) >= 2:
        yield from windows.window(board, {"kind": "clash-start", "actor": clash["instigator"], "card": card,
                                          "territories": [territory], "players": players_in(board, territory)})
        yield from _citadels(board)
        yield from _maneuvers(board)
    yield from _end(board)


def _citadels(board: Board) -> Iterator[Any]:
    """I39: one hidden submission, then the Citadels filled one clan at a time in turn order."""
    clash = board["clash"]
    territory, instigator = clash["territory"], clash["instigator"]
    room = board["terr"][territory]["citadels"]
    order = [p for p in order_from(board, next_player(board, instigator)) if p != instigator]
    sheltering = [p for p in order if clans(board, territory, p)]
    if not room or not sheltering:
        return
    clash["step"] = "citadels"
    answers = yield from ask_all(
        board, "citadels", sheltering,
        lambda p: [{"type": "shelter", "clans": n} for n in range(min(clans(board, territory, p), room) + 1)],
        message("ask-citadels", N_("Players in %(territory)s to say how many clans they shelter in its Citadels"),
                territory=territory),
        timeout="last")
    wanted = {p: answers[p]["clans"] for p in sheltering}
    got = {p: 0 for p in sheltering}
    filled = 0
    while filled < room and any(got[p] < wanted[p] for p in sheltering):
        for p in sheltering:
            if filled < room and got[p] < wanted[p]:
                got[p] += 1
                filled += 1
    clash["sheltered"] = {p: n for p, n in got.items() if n}
    for p, n in clash["sheltered"].items():
        say(board, "shelters", Nn_("%(player)s shelters %(num)s clan in the Citadels.",
                                   "%(player)s shelters %(num)s clans in the Citadels."), player=p, num=n)
    if clash["sheltered"]:
        yield from windows.window(board, {"kind": "citadels-end", "actor": instigator, "card": clash["card"],
                                          "territories": [territory], "players": sorted(clash["sheltered"])})


def _settled(board: Board) -> bool:
    """I45: no exposed clan left, or only one player with clans there."""
    clash = board["clash"]
    return clash["over"] or not exposed_players(board) or len(players_in(board, clash["territory"])) <= 1


def _maneuvers(board: Board) -> Iterator[Any]:
    """I40: from the instigator in turn order, skipping players with no exposed clan."""
    clash = board["clash"]
    clash["step"] = "maneuvers"
    mover = clash["instigator"]
    while not _settled(board):
        mover = next(p for p in order_from(board, mover) if exposed(board, p))
        clash["next"] = mover
        yield from _maneuver(board, mover)
        if _settled(board):
            break
        chosen, clash["chosen_next"] = clash["chosen_next"], None
        if chosen and exposed(board, chosen):
            mover = chosen
        else:
            after = order_from(board, mover)
            mover = next((p for p in after[1:] + after[:1] if exposed(board, p)), mover)


def maneuver_options(board: Board, player: Player, offered: bool) -> list[Action]:
    """I40–I44, I56: what the maneuvering player may do."""
    targets = [q for q in exposed_players(board) if q != player]
    blocked = triskels_blocked(board)
    tales = hand(board, player, "epic")
    found: list[Action] = []
    for target in targets:
        found.append({"type": "attack", "target": target})
        if not blocked and "iron-mine" in hand(board, player, "advantage"):
            found.append({"type": "attack", "target": target, "with": "iron-mine"})
        if not blocked and "the-dagdas-club" in tales:
            found += [{"type": "attack", "target": target, "with": "the-dagdas-club", "force": force}
                      for force in ("card", "clan")]
    if moves.withdraw_havens(board, player):
        found.append({"type": "withdraw"})
    if not blocked:
        for card in EPIC_MANEUVERS:
            if card in tales:
                found += plays.maneuver_plays(board, player, card)
    if targets and not offered:
        found.append({"type": "offer-peace"})
    if not targets:
        found.append({"type": "end-clash"})
    return found


def _maneuver(board: Board, player: Player) -> Iterator[Any]:
    clash = board["clash"]
    territory = clash["territory"]
    offered = False
    while True:
        action = yield from ask(board, "maneuver", player, lambda p: maneuver_options(board, p, offered),
                                message("ask-maneuver", N_("%(player)s to maneuver in %(territory)s"), player=player,
                                        territory=territory),
                                timeout="maneuver")
        if action["type"] != "offer-peace":
            break
        offered = True
        if (yield from _peace(board, player)):
            return
    kind = action["type"]
    if kind == "end-clash":
        say(board, "ends-clash", N_("%(player)s ends the clash."), player=player)
        clash["over"] = True
        return
    attacked, removed, card = None, False, None
    if kind == "attack":
        attacked = action["target"]
        removed = yield from _attack(board, player, action)
    elif kind == "withdraw":
        havens = moves.withdraw_havens(board, player)
        say(board, "withdraws", N_("%(player)s withdraws."), player=player)
        steps = yield from moves.declare(board, player, "withdraw", {}, havens)
        yield from moves.carry_out(board, player, steps, False, "withdraw")
    else:
        card = action["card"]
        record = yield from plays.play_action(board, player, action, "maneuver")
        removed = bool(record.get("removed"))
        if card == "ogmas-eloquence" and not record["cancelled"]:
            return
    yield from windows.window(board, {"kind": "after-maneuver", "actor": player, "card": card,
                                      "territories": [territory], "players": [attacked] if attacked else [],
                                      "attack": attacked, "removed": removed})


def _peace(board: Board, player: Player) -> Iterator[Any]:
    """I44: every other player with exposed clans votes, all at once and hidden."""
    clash = board["clash"]
    voters = [q for q in order_from(board, player) if q != player and exposed(board, q)]
    say(board, "offers-peace", N_("%(player)s offers peace."), player=player)
    clash["peace"] = {"offered_by": player, "voted": []}
    votes = yield from ask_all(
        board, "peace-vote", voters,
        lambda q: [{"type": "peace", "accept": True}, {"type": "peace", "accept": False}],
        message("ask-peace", N_("%(players)s to vote on %(player)s's offer of peace"), players=player_list(voters),
                player=player),
        timeout="yes",
        on_answer=lambda q: clash["peace"]["voted"].append(q))
    clash["peace"] = None
    clash["votes"] = {q: votes[q]["accept"] for q in voters}
    for q in voters:
        if votes[q]["accept"]:
            say(board, "votes-yes", N_("%(player)s votes yes."), player=q)
        else:
            say(board, "votes-no", N_("%(player)s votes no."), player=q)
    if all(clash["votes"].values()):
        say(board, "peace", N_("Peace is made; the clash ends."))
        clash["over"] = True
        return True
    return False


def _attack(board: Board, player: Player, action: Action) -> Iterator[Any]:
    """I41: the attacked player discards an Action card or loses an exposed clan; returns True
    when an opposing clan was lost and not saved."""
    clash = board["clash"]
    territory, target = clash["territory"], action["target"]
    say(board, "attacks", N_("%(player)s attacks %(target)s."), player=player, target=target)
    mode = "normal"
    if "with" in action:
        record = yield from plays.play_card(board, player, action["with"], {}, "triskel", {"kind": "folded"})
        if not record["cancelled"]:
            mode = "iron" if action["with"] == "iron-mine" else "club-" + action["force"]
    hills = territory == "hills"
    while True:
        if exposed(board, target) <= 0:
            return False

        def legal(p: Player) -> list[Action]:
            return moves.answer_options(board, p, territory, mode, hills and "hills" in hand(board, p, "advantage"))

        options = legal(target)
        if moves.forced(board, target, options):
            answer = options[0]
        else:
            answer = yield from ask(board, "attack-answer", target, legal,
                                    message("ask-attack-answer", N_("%(target)s to answer %(player)s's attack"),
                                            target=target, player=player), timeout="lowest-or-lose")
        if answer["type"] != "play":
            break
        record = yield from plays.play_card(board, target, "hills", {}, "triskel", {"kind": "folded"})
        if not record["cancelled"]:
            say(board, "attack-nothing", N_("The attack does nothing."))
            return False
    if answer["type"] == "discard":
        moves.discard_action(board, target, answer["card"])
        return False
    if answer["type"] == "discard-and-lose" and answer["card"] is not None:
        moves.discard_action(board, target, answer["card"])
    lost = yield from removal.lose_one(board, target, territory, answer)
    return lost


def _end(board: Board) -> Iterator[Any]:
    """I46: sheltered clans come out; Dagda's Cauldron returns up to 3 clans, the rest go home."""
    clash = board["clash"]
    territory = clash["territory"]
    clash["sheltered"] = {}
    owner = clash["cauldron"]
    if owner is not None:
        held = board["cauldron"][owner]
        back = 0
        if held:
            action = yield from ask(board, "return", owner,
                                    lambda p: [{"type": "return", "clans": n} for n in range(min(3, held) + 1)],
                                    message("ask-return", N_("%(player)s to return up to 3 clans from Dagda's Cauldron"),
                                            player=owner),
                                    timeout="last")
            back = action["clans"]
        board["cauldron"][owner] = 0
        board["reserve"][owner] += held - back
        if back:
            here = board["terr"][territory]["clans"]
            here[owner] = here.get(owner, 0) + back
            say(board, "cauldron-returns", Nn_("%(num)s clan of %(player)s return to %(territory)s.",
                                               "%(num)s clans of %(player)s return to %(territory)s."),
                player=owner, num=back, territory=territory)
        record = next(r for r in board["in_play"] if r["card"] == "dagdas-cauldron")
        board["in_play"].remove(record)
        discard_card(board, "dagdas-cauldron")
    say(board, "clash-ends", N_("The clash in %(territory)s is over."), territory=territory)
    board["clash"] = None
