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
from tain.games.base import N_, Action, IllegalAction, Message, Nn_, Player
from tain.games.inis.catalogue import TERRITORY, card_type, is_card
from tain.games.inis.words import card_list, empty, joined, message

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
    return IllegalAction(N_("%(text)s is not an action; write for example 'play card=new-clans place=cove:2', "
                            "'draft keep=geis,new-clans' or 'pass'."), "inis.not-an-action", text=repr(text.strip()))


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

# A declaration's key that names a territory, a player or a number: how its detail is said.
_TERRITORY_DETAILS = {
    "territory": N_("territory %(territory)s"), "from": N_("from %(territory)s"), "to": N_("to %(territory)s"),
    "clash": N_("clash %(territory)s"), "remove": N_("remove %(territory)s"),
}
_PLAYER_DETAILS = {
    "target": N_("target %(player)s"), "give": N_("give %(player)s"), "instigator": N_("instigator %(player)s"),
    "look": N_("look %(player)s"), "next": N_("next %(player)s"), "player": N_("player %(player)s"),
}
_NUMBER_DETAILS = {
    "clans": N_("clans %(num)s"), "exposed": N_("exposed %(num)s"), "sheltered": N_("sheltered %(num)s"),
    "place": N_("place %(num)s"),
}
_FLAGS = {"flip": N_("flip")}


def _spread(place: dict[str, int]) -> Message:
    """Clans placed: "1 in Cove, 2 in Valley"."""
    return joined([message("in", N_("%(num)s in %(territory)s"), num=n, territory=t) for t, n in sorted(place.items())],
                  empty())


def _detail(key: str, value: Any) -> Message:
    territory = isinstance(value, str) and value in TERRITORY
    if key in _TERRITORY_DETAILS and territory:
        return message(f"detail-{key}", _TERRITORY_DETAILS[key], territory=value)
    if key in _PLAYER_DETAILS and isinstance(value, str) and not territory:
        return message(f"detail-{key}", _PLAYER_DETAILS[key], player=value)
    if key in _NUMBER_DETAILS and isinstance(value, int):
        return message(f"detail-{key}", _NUMBER_DETAILS[key], num=value)
    if territory:
        return message("detail-territory-of", N_("%(key)s %(territory)s"), key=key, territory=value)
    return message("detail", N_("%(key)s %(value)s"), key=key, value=str(value))


def public_details(card: str, decl: dict, own: bool = False) -> str:
    """What everyone sees of a declaration (I29.2) in English (`details_message`'s text)."""
    return details_message(card, decl, own)["text"]


def details_message(card: str, decl: dict, own: bool = False) -> Message:
    """What everyone sees of a declaration (I29.2): hidden parts left out (CathBad's named card,
    discarded Action cards) unless `own`, for its player's eyes. Its text is empty when nothing is seen."""
    parts = []
    for key, value in sorted(decl.items()):
        if value is None:
            continue
        if key == "set_aside":
            if own:
                parts.append(message("naming", N_("naming %(card)s"), card=value))
            continue
        if key == "discard":
            if own:
                parts.append(message("discarding", N_("discarding %(cards)s"),
                                     cards=card_list(value if isinstance(value, list) else [value])))
            elif isinstance(value, list):
                parts.append(message("discarding-actions", Nn_("discarding %(num)s Action card",
                                                               "discarding %(num)s Action cards"), num=len(value)))
            elif card_type(value) == "action":
                parts.append(message("discarding-action", N_("discarding an Action card")))
            else:
                parts.append(message("discarding", N_("discarding %(cards)s"), cards=card_list([value])))
        elif key == "moves":
            parts += [message("move-detail", N_("%(num)s from %(source)s to %(destination)s"), num=m["clans"],
                              source=m["from"], destination=m["to"]) for m in value]
        elif key == "place" and isinstance(value, dict):
            parts.append(message("placing", N_("placing %(clans)s"), clans=_spread(value))
                         if value else message("placing-none", N_("placing no clan")))
        elif key == "remove" and isinstance(value, dict):
            parts.append(message("removing", N_("removing %(clans)s"), clans=joined(
                [message("of", N_("%(num)s of %(player)s"), num=n, player=p) for p, n in sorted(value.items())], empty())))
        elif key == "replace":
            parts.append(message("replacing", N_("replacing a clan of %(player)s in %(territory)s"),
                                 player=value["player"], territory=value["territory"]))
        elif isinstance(value, bool):
            if value:
                parts.append(message(f"detail-{key}", _FLAGS[key]) if key in _FLAGS
                             else message("detail-flag", N_("%(key)s"), key=key))
        else:
            parts.append(_detail(key, value))
    return joined(parts, empty())


def play_message(player: Player, card: str, decl: dict) -> Message:
    details = details_message(card, decl)
    if details["text"]:
        return message("plays-details", N_("%(player)s plays %(card)s (%(details)s)."), player=player, card=card,
                       details=details)
    return message("plays", N_("%(player)s plays %(card)s."), player=player, card=card)


HIDDEN_FROM_OTHERS = {
    "draft": N_("Keep Action cards"), "set-aside": N_("Set aside an Action card"),
    "discard": N_("Discard an Action card"), "take": N_("Take a card"), "keep": N_("Keep an Epic Tale"),
    "give": N_("Give an Action card"), "shelter": N_("Shelter clans"), "peace": N_("Vote on peace"),
    "decline": N_("Answer"), "discard-and-lose": N_("Discard an Action card and lose a clan"),
}
SIMPLE = {
    "pass": N_("Pass"), "pretender": N_("Take a Pretender token"), "done": N_("Finish the declaration"),
    "withdraw": N_("Withdraw"), "offer-peace": N_("Offer peace"), "end-clash": N_("End the clash"),
    "decline": N_("Decline"), "lose-clan": N_("Lose a clan"),
}


def describe_action(action: Action, player: Player, for_others: bool = False) -> str:
    """The action in its player's words, in English (`describe_action_message`'s text)."""
    return describe_action_message(action, player, for_others)["text"]


def describe_action_message(action: Action, player: Player, for_others: bool = False) -> Message:
    """The action in its player's words; with `for_others`, as anyone else may hear of it: the
    cards it hides left out, standing orders not shown."""
    kind = action.get("type")
    if kind == "standing":
        if "plan" in action:
            return standing_orders.plan_message("inis", action, player, for_others)
        if for_others:
            return message("rules-changed", N_("%(player)s changed their standing rules"), player=player)
        return message("rules-set", N_("Set %(num)s standing rules"), num=len(action.get("rules", [])))
    if for_others:
        if kind in HIDDEN_FROM_OTHERS:
            return message(f"move-{kind}-told", HIDDEN_FROM_OTHERS[kind])
        if kind == "play" and action.get("card") == "cathbads-word":
            return message("move-play", N_("Play %(card)s"), card="cathbads-word")
        if kind == "play" and is_card(action.get("card")):
            return _play(action, own=False)
    if kind == "play" and is_card(action.get("card")):
        return _play(action, own=True)
    if kind == "lose-clan" and action.get("save"):
        if action.get("territory"):
            return message("move-lose-clan-saved-to", N_("Lose a clan, saved by %(save)s (to %(territory)s)"),
                           save=action["save"], territory=action["territory"])
        return message("move-lose-clan-saved", N_("Lose a clan, saved by %(save)s"), save=action["save"])
    if kind in SIMPLE:
        return message(f"move-{kind}", SIMPLE[kind])
    said = _move_message(kind, action)
    return said if said is not None else message("move-text", N_("%(text)s"), text=action_text(action))


def _play(action: Action, own: bool) -> Message:
    details = details_message(action["card"], _decl(action), own=own)
    if details["text"]:
        return message("move-play-details", N_("Play %(card)s: %(details)s"), card=action["card"], details=details)
    return message("move-play", N_("Play %(card)s"), card=action["card"])


def _move_message(kind: Any, action: Action) -> Message | None:
    """The other moves in their player's words."""
    if kind == "capital":
        return message("move-capital", N_("Make %(territory)s the Capital"), territory=action["territory"])
    if kind == "place-clan":
        return message("move-place-clan", N_("Place a clan in %(territory)s"), territory=action["territory"])
    if kind == "place-clans":
        return message("move-place-clans", N_("Place %(clans)s"), clans=_spread(action["place"] or {}))
    if kind == "draft":
        return message("move-draft", N_("Keep %(cards)s"), cards=card_list(action["keep"], empty()))
    if kind == "set-aside":
        return message("move-set-aside", N_("Set aside %(card)s"), card=action["card"])
    if kind == "move":
        return message("move-move", N_("Move %(num)s from %(source)s to %(destination)s"), num=action["clans"],
                       source=action["from"], destination=action["to"])
    if kind in ("take", "keep", "discard"):
        verbs = {"take": (N_("Take %(card)s"), N_("Take nothing")), "keep": (N_("Keep %(card)s"), N_("Keep nothing")),
                 "discard": (N_("Discard %(card)s"), N_("Discard nothing"))}[kind]
        if action.get("card"):
            return message(f"move-{kind}", verbs[0], card=action["card"])
        return message(f"move-{kind}-nothing", verbs[1])
    if kind == "give":
        if action.get("to"):
            return message("move-give-to", N_("Give %(card)s to %(player)s"), card=action["card"], player=action["to"])
        return message("move-give", N_("Give %(card)s"), card=action["card"])
    if kind == "place-territory":
        if action.get("territory"):
            return message("move-place-territory", N_("Place %(territory)s at %(cell)s"),
                           territory=action["territory"], cell=action["cell"])
        return message("move-place-the-territory", N_("Place the territory at %(cell)s"), cell=action["cell"])
    if kind == "clash-order":
        return message("move-clash-order", N_("Clash in %(territory)s first"), territory=action["territory"])
    if kind == "return":
        return message("move-return", N_("Return %(num)s clans from Dagda's Cauldron"), num=action["clans"])
    if kind == "shelter":
        return message("move-shelter", N_("Shelter %(num)s clans"), num=action["clans"])
    if kind == "attack":
        return _attack(action)
    if kind == "peace":
        return message("move-peace-yes", N_("Accept peace")) if action.get("accept") else \
            message("move-peace-no", N_("Refuse peace"))
    if kind == "discard-and-lose":
        if action.get("card"):
            return message("move-discard-and-lose", N_("Discard %(card)s and lose a clan"), card=action["card"])
        return message("move-lose-nothing-discarded", N_("Discard nothing and lose a clan"))
    return None


def _attack(action: Action) -> Message:
    force = {"clan": N_("Attack %(player)s with %(with)s (forcing a clan)"),
             "card": N_("Attack %(player)s with %(with)s (forcing a card)")}
    if action.get("with") and action.get("force") in force:
        return message(f"move-attack-forcing-{action['force']}", force[action["force"]], player=action["target"],
                       **{"with": action["with"]})
    if action.get("with"):
        return message("move-attack-with", N_("Attack %(player)s with %(with)s"), player=action["target"],
                       **{"with": action["with"]})
    return message("move-attack", N_("Attack %(player)s"), player=action["target"])


def _decl(action: Action) -> dict:
    return {k: v for k, v in action.items() if k not in ("type", "card")}
