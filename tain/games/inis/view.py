"""What one player may know (I62): the view of engine-api-inis.md, "The view".

Views share the finished reports with the state (they never change): treat a view as read-only.
"""
from __future__ import annotations

from typing import Any

from tain.games.base import Player, State, View
from tain.games.inis.board import Board, adjacent, chieftain, exposed, report_shown, turn_order
from tain.games.inis.catalogue import card_type
from tain.games.inis.cells import open_cells
from tain.games.inis.notation import action_text
from tain.games.inis.scoring import conditions

STEP_WORDS = {
    "capital": "choosing the Capital", "place-clan": "placing clans", "draft": "the draft",
    "citadels": "the Citadels step", "peace-vote": "a peace vote", "window": "Triskel answers", "give": "gifts",
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
        "draft": _draft(board, player), "window": _copy(board["window"]), "clash": _clash(board),
        "pending": {"step": step, "players": to_act, "text": pending["text"] if pending else "The game is over."},
        "reports": state["reports"], "current_report": report_shown(board["report"]) if board["report"] else None,
        "over": over, "scores": _scores(board), "winners": [board["winner"]] if board["winner"] else [],
    }
    if player is not None:
        cards = board["hands"][player]
        view["hand"] = sorted(cards["action"]) + sorted(cards["advantage"]) + sorted(cards["epic"])
        view["known"] = list(state["known"][player])
        view["standing"] = _copy(board["standing"][player])
        view["plan"] = _copy(board["plans"].get(player, []))
        view["plan_moves"] = [{"round": m["round"], "step": m["step"], "action": dict(m["action"]),
                               "text": action_text(m["action"]), "by_plan": True} for m in state["plan_moves"][player]]
        view["submitted"] = board["submitted"].get(player)
        view["drawn"] = list(board["drawn"][player])
        declaring = board["declaring"]
        view["declaring"] = _copy(declaring) if declaring and declaring["player"] == player else None
        view["set_aside_card"] = board["set_aside"] if board["set_aside_by"] == player else None
    return view


def _copy(value: Any) -> Any:
    import marshal
    return None if value is None else marshal.loads(marshal.dumps(value))


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
            "peace": _copy(clash["peace"]), "votes": _copy(clash["votes"]),
            "cauldron": clash["cauldron"]}


def _scores(board: Board) -> dict[Player, int]:
    if board["final"] is not None:
        return dict(board["final"])
    return {p: c["met"] for p, c in conditions(board).items()}


def _stage(board: Board, step: str, to_act: list[Player]) -> dict[str, str]:
    """`short` changes with each round, `long` with each turn and decision."""
    if board["phase"] == "over":
        return {"short": "Game over", "long": f"over after round {board['round']}, {board['winner']} elected"}
    if board["phase"] == "setup":
        short = "Setup"
        long = "setup, " + (f"{to_act[0]} {STEP_WORDS.get(step, step)}" if len(to_act) == 1 else step)
        return {"short": short, "long": long}
    short = f"Round {board['round']}"
    if len(to_act) == 1:
        who = f"{to_act[0]} to " + ("play" if step == "turn" else step.replace("-", " "))
    else:
        who = STEP_WORDS.get(step, step)
    if board["phase"] == "season":
        return {"short": short, "long": f"round {board['round']}, season, turn {board['turns']}, {who}"}
    draft = board["draft"]
    where = f"draft {draft['draft']} step {draft['step']}" if draft else "assembly"
    return {"short": short, "long": f"round {board['round']}, {where}, {who}"}
