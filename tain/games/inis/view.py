"""What one player may know (I62): the view of engine-api-inis.md, "The view".

A view shares with the state what its player may see whole: the finished reports, the open window,
a clash's peace and votes, and the player's own standing rules, plan and declaration. A state's board
never changes once the engine has returned it (every step works on a copy), so neither do these; and
no caller may change a view or anything in it (tests/test_views_shared.py): whoever needs another
value builds a new one.
"""
from __future__ import annotations

from typing import Any

from tain.games.base import N_, Message, Player, State, View
from tain.games.inis.board import Board, adjacent, chieftain, exposed, report_shown, turn_order
from tain.games.inis.catalogue import card_type
from tain.games.inis.cells import open_cells
from tain.games.inis.notation import action_text
from tain.games.inis.scoring import conditions
from tain.games.inis.words import message

# What the stage says of a decision: the player to act and what he does ("ann to play"); the
# players asked at once, by what they are doing ("the draft").
ONE_TO_ACT = {
    "turn": N_("%(player)s to play"), "capital": N_("%(player)s to capital"), "place-clan": N_("%(player)s to place clan"),
    "place-clans": N_("%(player)s to place clans"), "draft": N_("%(player)s to draft"),
    "set-aside": N_("%(player)s to set aside"), "declare": N_("%(player)s to declare"),
    "take": N_("%(player)s to take"), "keep": N_("%(player)s to keep"), "give": N_("%(player)s to give"),
    "place-territory": N_("%(player)s to place territory"), "clash-order": N_("%(player)s to clash order"),
    "return": N_("%(player)s to return"), "mountains": N_("%(player)s to mountains"),
    "window": N_("%(player)s to window"), "citadels": N_("%(player)s to citadels"),
    "maneuver": N_("%(player)s to maneuver"), "attack-answer": N_("%(player)s to attack answer"),
    "peace-vote": N_("%(player)s to peace vote"),
}
# The setup's sentence for one player to act: "ann choosing the Capital".
ONE_IN_SETUP = {"capital": N_("%(player)s choosing the Capital"), "place-clan": N_("%(player)s placing clans")}
MANY_TO_ACT = {
    "capital": N_("choosing the Capital"), "place-clan": N_("placing clans"), "draft": N_("the draft"),
    "citadels": N_("the Citadels step"), "peace-vote": N_("a peace vote"), "window": N_("Triskel answers"),
    "give": N_("gifts"),
}


def build_view(state: State, player: Player | None) -> View:
    board: Board = state["board"]
    pending = state["pending"]
    to_act = list(pending["players"]) if pending else []
    step = pending["step"] if pending else "over"
    over = board["phase"] == "over"
    season = board["season"]
    view: View = {
        "game": "inis", "you": player, "players": list(board["players"]), "round": board["round"],
        "phase": board["phase"], "step": step, "to_act": to_act, "stage": _stage(board, step, to_act),
        "brenn": board["brenn"], "direction": board["direction"], "turn_order": turn_order(board),
        "active_player": _active(board), "passes": season["passes"] if season else 0,
        "mid_turn": bool(pending and pending["mid_turn"]),
        "cells": dict(board["cells"]), "open_cells": open_cells(board["cells"]),
        "territories": _territories(board), "festival_territory": board["festival"],
        "reserve": dict(board["reserve"]), "cauldron": dict(board["cauldron"]), "supply": dict(board["supply"]),
        "deeds": dict(board["deeds"]), "pretenders": list(board["pretenders"]), "conditions": conditions(board),
        "hands": {p: {k: len(v) for k, v in board["hands"][p].items()} for p in board["players"]},
        "advantage": {"held": {p: list(board["hands"][p]["advantage"]) for p in board["players"]},
                      "face_up": list(board["adv_face_up"]), "played": list(board["adv_played"])},
        "epic_discard": list(board["epic_discard"]), "zones": _zones(board),
        "set_aside": board["set_aside"] is not None,
        "exploring": board["exploring"], "in_play": [{"card": r["card"], "player": r["player"]}
                                                     for r in board["in_play"]],
        "draft": _draft(board, player), "window": board["window"], "clash": _clash(board),
        "pending": _pending(pending, step, to_act),
        "reports": state["reports"], "current_report": report_shown(board["report"]) if board["report"] else None,
        "over": over, "scores": _scores(board), "winners": [board["winner"]] if board["winner"] else [],
    }
    if player is not None:
        cards = board["hands"][player]
        view["hand"] = sorted(cards["action"]) + sorted(cards["advantage"]) + sorted(cards["epic"])
        view["known"] = list(state["known"][player])
        view["standing"] = board["standing"][player]
        view["plan"] = board["plans"].get(player, [])
        view["plan_moves"] = [{"round": m["round"], "step": m["step"], "action": dict(m["action"]),
                               "text": action_text(m["action"]), "by_plan": True} for m in state["plan_moves"][player]]
        view["submitted"] = board["submitted"].get(player)
        view["drawn"] = list(board["drawn"][player])
        declaring = board["declaring"]
        view["declaring"] = declaring if declaring and declaring["player"] == player else None
        view["set_aside_card"] = board["set_aside"] if board["set_aside_by"] == player else None
    return view


def _active(board: Board) -> Player | None:
    """I12: the maneuvering player in a clash, else the player whose Season turn it is."""
    if board["clash"] and board["clash"]["step"] == "maneuvers":
        return board["clash"]["next"]
    return board["season"]["turn"] if board["season"] else None


def _territories(board: Board) -> dict[str, Any]:
    found = {}
    for cell, territory in board["cells"].items():
        here = board["terr"][territory]
        found[territory] = {"cell": cell, "neighbours": adjacent(board, territory),
                            "clans": {p: here["clans"][p] for p in board["players"] if here["clans"].get(p)},
                            "sanctuaries": here["sanctuaries"], "citadels": here["citadels"],
                            "capital": board["capital"] == territory, "chieftain": chieftain(board, territory)}
    return found


def _zones(board: Board) -> dict[str, Any]:
    playing = [r["card"] for r in board["in_play"]]
    hands = board["hands"].values()
    return {
        "action": {"deck": len(board["action_deck"]), "set_aside": int(board["set_aside"] is not None),
                   "discard": len(board["action_discard"]), "hands": sum(len(h["action"]) for h in hands),
                   "in_play": sum(card_type(c) == "action" for c in playing)},
        "epic": {"deck": len(board["epic_deck"]), "discard": len(board["epic_discard"]),
                 "hands": sum(len(h["epic"]) for h in hands), "drawn": sum(len(d) for d in board["drawn"].values()),
                 "in_play": sum(card_type(c) == "epic" for c in playing)},
        "advantage": {"deck": len(board["adv_deck"]), "face_up": len(board["adv_face_up"]),
                      "played": len(board["adv_played"]), "hands": sum(len(h["advantage"]) for h in hands),
                      "in_play": sum(card_type(c) == "advantage" for c in playing)},
        "territory": {"stack": len(board["stack"]), "drawn": len(board["tiles_drawn"]), "placed": len(board["cells"])},
    }


def _draft(board: Board, player: Player | None) -> dict[str, Any] | None:
    draft = board["draft"]
    if draft is None:
        return None
    shown = {key: draft[key] for key in ("draft", "step", "steps", "keep")}
    shown.update(submitted=list(draft["submitted"]), pass_to=dict(draft["pass_to"]))
    if player is not None:
        shown["choices"] = list(draft["choices"][player])
        if len(board["players"]) == 2 and draft["draft"] == 2:
            shown["first_set"] = list(draft["first_set"][player])
    return shown


def _clash(board: Board) -> dict[str, Any] | None:
    clash = board["clash"]
    if clash is None:
        return None
    territory = clash["territory"]
    return {"territory": territory, "instigator": clash["instigator"],
            "step": "citadels" if clash["step"] in ("start", "citadels") else "maneuvers",
            "sheltered": dict(clash["sheltered"]),
            "exposed": {p: exposed(board, p) for p in board["players"] if exposed(board, p) > 0},
            "next": clash["next"], "triskels_blocked": clash["blocked"], "pending": list(clash["pending"]),
            "peace": clash["peace"], "votes": clash["votes"],
            "cauldron": clash["cauldron"]}


def _scores(board: Board) -> dict[Player, int]:
    if board["final"] is not None:
        return dict(board["final"])
    return {p: c["met"] for p, c in conditions(board).items()}


def _pending(pending: dict[str, Any] | None, step: str, to_act: list[Player]) -> dict[str, Any]:
    said = pending["message"] if pending else message("over-pending", N_("The game is over."))
    return {"step": step, "players": to_act, "text": said["text"], "messages": {"text": said}}


def _stage(board: Board, step: str, to_act: list[Player]) -> dict[str, Any]:
    """`short` changes with each round, `long` with each turn and decision; `messages` says them."""
    short, long = _stage_messages(board, step, to_act)
    return {"short": short["text"], "long": long["text"], "messages": {"short": short, "long": long}}


def _stage_messages(board: Board, step: str, to_act: list[Player]) -> tuple[Message, Message]:
    if board["phase"] == "over":
        return (message("stage-over", N_("Game over")),
                message("stage-over-long", N_("over after round %(round)s, %(player)s elected"), round=board["round"],
                        player=board["winner"]))
    if board["phase"] == "setup":
        if len(to_act) == 1:
            who = message(f"stage-one-{step}", ONE_IN_SETUP[step], player=to_act[0]) if step in ONE_IN_SETUP \
                else message("stage-one-step", N_("%(player)s %(step)s"), player=to_act[0], step=step)
        else:
            who = message("stage-step", N_("%(step)s"), step=step)
        return message("stage-setup", N_("Setup")), message("stage-setup-long", N_("setup, %(who)s"), who=who)
    short = message("stage-round", N_("Round %(round)s"), round=board["round"])
    if len(to_act) == 1:
        who = message(f"stage-to-{step}", ONE_TO_ACT[step], player=to_act[0]) if step in ONE_TO_ACT \
            else message("stage-to-step", N_("%(player)s to %(step)s"), player=to_act[0], step=step.replace("-", " "))
    elif step in MANY_TO_ACT:
        who = message(f"stage-many-{step}", MANY_TO_ACT[step])
    else:
        who = message("stage-step", N_("%(step)s"), step=step)
    if board["phase"] == "season":
        return short, message("stage-season", N_("round %(round)s, season, turn %(turn)s, %(who)s"),
                              round=board["round"], turn=board["turns"], who=who)
    draft = board["draft"]
    if draft:
        return short, message("stage-draft", N_("round %(round)s, draft %(draft)s step %(step)s, %(who)s"),
                              round=board["round"], draft=draft["draft"], step=draft["step"], who=who)
    return short, message("stage-assembly", N_("round %(round)s, assembly, %(who)s"), round=board["round"], who=who)
