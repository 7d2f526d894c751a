"""Inis actions as one line of text, and in a player's words (engine-api-inis.md, "text").

    play card=new-clans place=cove:2      draft keep=geis,new-clans      move clans=2 from=cove to=valley
    attack target=bob with=iron-mine      peace accept=true              play card=citadel territory=-

The type, then `key=value` in key order; lists and dicts comma-joined (`cove:2`), `true` /
`false`, null as `-`; `standing` carries its rules as compact JSON.
"""
from __future__ import annotations

import json
import re
from typing import Any

from tain.games import standing as standing_orders
from tain.games.base import Action, IllegalAction, Player
from tain.games.inis.board import refusal
from tain.games.inis.catalogue import TERRITORY, card_name, card_type, is_card, territory_name

BOOLS = {"flip", "accept"}
INTS = {"clans", "exposed", "sheltered"}
DICTS = {"place", "remove", "replace"}
_PAIR = re.compile(r" (?=[a-z_]+=)")


def _value_text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    if isinstance(value, dict):
        return ",".join(f"{k}:{_value_text(v)}" for k, v in sorted(value.items()))
    return str(value)


def action_text(action: Action) -> str:
    if action["type"] == "standing":
        if "plan" in action:
            return standing_orders.plan_text(action, action_text)
        return "standing rules=" + json.dumps(action["rules"], separators=(",", ":"), ensure_ascii=False)
    parts = [action["type"]] + [f"{key}={_value_text(action[key])}" for key in sorted(action) if key != "type"]
    return " ".join(parts)


def _refuse(text: str) -> IllegalAction:
    return refusal(f"{text.strip()!r} is not an action; write for example 'play card=new-clans place=cove:2', "
                         "'draft keep=geis,new-clans' or 'pass'.", "inis.not-an-action", text=text.strip())


def _number(text: str, original: str) -> int:
    if not re.fullmatch(r"-?\d{1,3}", text):
        raise _refuse(original)
    return int(text)


def _parse_value(key: str, text: str, card: str | None, original: str) -> Any:
    if text == "-":
        return None
    if key in BOOLS:
        if text not in ("true", "false"):
            raise _refuse(original)
        return text == "true"
    if key in INTS or (key == "place" and card == "the-other-world"):
        return _number(text, original)
    if key == "keep" or (key == "discard" and card == "misty-lands"):
        return text.split(",") if text else []
    if key in DICTS and not (key == "remove" and card == "deirdres-beauty"):
        found: dict[str, Any] = {}
        for item in filter(None, text.split(",")):
            name, sep, value = item.rpartition(":")
            if not sep or not name:
                raise _refuse(original)
            found[name] = value if key == "replace" else _number(value, original)
        return found
    return text


def parse_action(text: str) -> Action:
    original = text
    text = text.strip()
    kind, _, rest = text.partition(" ")
    if not kind or "=" in kind:
        raise _refuse(original)
    if kind == "standing":
        if rest.startswith("["):
            return standing_orders.parse_plan_text("inis", text, parse_action)
        if not rest.startswith("rules="):
            raise _refuse(original)
        try:
            return {"type": "standing", "rules": json.loads(rest[len("rules="):])}
        except ValueError:
            raise _refuse(original) from None
    action: Action = {"type": kind}
    pairs = _PAIR.split(rest) if rest else []
    raw = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key in raw:
            raise _refuse(original)
        raw[key] = value
    card = raw.get("card")
    for key, value in raw.items():
        action[key] = _parse_value(key, value, card, original)
    return action


# --- words --------------------------------------------------------------------------------------

def _land(value: Any) -> str:
    return territory_name(value) if isinstance(value, str) and value in TERRITORY else str(value)


def _spread(place: dict[str, int]) -> str:
    return ", ".join(f"{n} in {_land(t)}" for t, n in sorted(place.items()))


def public_details(card: str, decl: dict, own: bool = False) -> str:
    """What everyone sees of a declaration (I29.2): hidden parts left out (CathBad's named card,
    discarded Action cards) unless `own`, for its player's eyes."""
    parts = []
    for key, value in sorted(decl.items()):
        if value is None:
            continue
        if key == "set_aside":
            if own:
                parts.append(f"naming {card_name(value)}")
            continue
        if key == "discard":
            if own:
                named = value if isinstance(value, list) else [value]
                parts.append("discarding " + ", ".join(card_name(c) for c in named))
            elif isinstance(value, list):
                parts.append(f"discarding {len(value)} Action card" + ("s" if len(value) > 1 else ""))
            elif card_type(value) == "action":
                parts.append("discarding an Action card")
            else:
                parts.append(f"discarding {card_name(value)}")
        elif key == "moves":
            parts += [f"{m['clans']} from {_land(m['from'])} to {_land(m['to'])}" for m in value]
        elif key == "place" and isinstance(value, dict):
            parts.append("placing " + (_spread(value) or "no clan"))
        elif key == "remove" and isinstance(value, dict):
            parts.append("removing " + ", ".join(f"{n} of {p}" for p, n in sorted(value.items())))
        elif key == "replace":
            parts.append(f"replacing a clan of {value['player']} in {_land(value['territory'])}")
        elif isinstance(value, bool):
            if value:
                parts.append(key)
        else:
            parts.append(f"{key} {_land(value)}")
    return ", ".join(parts)


def play_sentence(player: Player, card: str, decl: dict) -> str:
    details = public_details(card, decl)
    return f"{player} plays {card_name(card)}" + (f" ({details})." if details else ".")


HIDDEN_FROM_OTHERS = {
    "draft": "Keep Action cards", "set-aside": "Set aside an Action card", "discard": "Discard an Action card",
    "take": "Take a card", "keep": "Keep an Epic Tale", "give": "Give an Action card", "shelter": "Shelter clans",
    "peace": "Vote on peace", "decline": "Answer", "discard-and-lose": "Discard an Action card and lose a clan",
}


def describe_action(action: Action, player: Player, for_others: bool = False) -> str:
    """The action in its player's words; with `for_others`, as anyone else may hear of it: the
    cards it hides left out, standing orders not shown."""
    kind = action.get("type")
    if kind == "standing":
        if "plan" in action:
            return standing_orders.describe_plan(action, player, for_others)
        if for_others:
            return f"{player} changed their standing rules"
        return f"Set {len(action.get('rules', []))} standing rules"
    if for_others:
        if kind in HIDDEN_FROM_OTHERS:
            return HIDDEN_FROM_OTHERS[kind]
        if kind == "play" and action.get("card") == "cathbads-word":
            return "Play CathBad's Word"
        if kind == "play" and is_card(action.get("card")):
            return f"Play {card_name(action['card'])}" + (
                f": {details}" if (details := public_details(action["card"], _decl(action))) else "")
    if kind == "play" and is_card(action.get("card")):
        details = public_details(action["card"], _decl(action), own=True)
        return f"Play {card_name(action['card'])}" + (f": {details}" if details else "")
    simple = {
        "pass": "Pass", "pretender": "Take a Pretender token", "done": "Finish the declaration",
        "withdraw": "Withdraw", "offer-peace": "Offer peace", "end-clash": "End the clash", "decline": "Decline",
        "lose-clan": "Lose a clan",
    }
    if kind == "lose-clan" and action.get("save"):
        where = f" (to {_land(action['territory'])})" if action.get("territory") else ""
        return f"Lose a clan, saved by {card_name(action['save'])}{where}"
    if kind in simple:
        return simple[kind]
    if kind == "capital":
        return f"Make {_land(action['territory'])} the Capital"
    if kind == "place-clan":
        return f"Place a clan in {_land(action['territory'])}"
    if kind == "place-clans":
        return "Place " + _spread(action["place"] or {})
    if kind == "draft":
        return "Keep " + ", ".join(card_name(c) for c in action["keep"])
    if kind == "set-aside":
        return f"Set aside {card_name(action['card'])}"
    if kind == "move":
        return f"Move {action['clans']} from {_land(action['from'])} to {_land(action['to'])}"
    if kind in ("take", "keep", "discard"):
        return f"{kind.capitalize()} " + (card_name(action["card"]) if action.get("card") else "nothing")
    if kind == "give":
        return f"Give {card_name(action['card'])}" + (f" to {action['to']}" if action.get("to") else "")
    if kind == "place-territory":
        what = _land(action["territory"]) if action.get("territory") else "the territory"
        return f"Place {what} at {action['cell']}"
    if kind == "clash-order":
        return f"Clash in {_land(action['territory'])} first"
    if kind == "return":
        return f"Return {action['clans']} clans from Dagda's Cauldron"
    if kind == "shelter":
        return f"Shelter {action['clans']} clans"
    if kind == "attack":
        extra = f" with {card_name(action['with'])}" if action.get("with") else ""
        force = f" (forcing a {action['force']})" if action.get("force") else ""
        return f"Attack {action['target']}{extra}{force}"
    if kind == "peace":
        return "Accept peace" if action.get("accept") else "Refuse peace"
    if kind == "discard-and-lose":
        return "Discard " + (card_name(action["card"]) if action.get("card") else "nothing") + " and lose a clan"
    return action_text(action)


def _decl(action: Action) -> dict:
    return {k: v for k, v in action.items() if k not in ("type", "card")}
