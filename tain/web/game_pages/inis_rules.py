"""Inis's standing rules on the player's page (rulings I48–I59), from the seat's own view only: for
each Triskel card the seat holds, its moment and one-click orders in the engine's rule format
(engine-api-inis.md, "standing"); the seat's own rules in words, each removed, moved up or down, made
"once" or "every time", or rid of one of its conditions in one click. Every button sends the seat's
whole new list of rules (`{"type": "standing", "rules": [...]}`), which the service takes whether or
not it is their move."""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tain.services.standing import rules_digest
from tain.web.moves import Move
from tain.wording import N_, gettext, names as listed, ngettext

Rule = dict[str, Any]
MAX_RULES = 50  # the engine keeps at most this many (engine-api-inis.md)

# Each window's moment, as a rule's "when" reads it (I49).
MOMENTS = {
    "announced": N_("When a card has been announced, before its effect"),
    "resolved": N_("When a card's effect is over, before it goes to its pile"),
    "turn-end": N_("When a Season turn is over, before the next one"),
    "clash-start": N_("When a clash begins"),
    "citadels-end": N_("When the Citadels step of a clash is over with a clan sheltered"),
    "after-maneuver": N_("When a maneuver in a clash is over"),
    "clan-removed": N_("When clans of yours are about to be removed by something you did not choose"),
    "assembly-start": N_("When an Assembly begins, before the Brenn is assigned"),
    "draw": N_("When you have drawn Epic Tales, before you keep them"),
    "season-turn": N_("On your Season turns"),
}
ASK_LABEL = N_("Ask me at this moment, so that I decide then.")
LET_PASS_LABEL = N_("Never ask me at this moment: let it pass.")

# Who a one-click order is for: one order per opponent, per player, or one for the seat itself (by: me),
# or one with no actor named.
EACH_OPPONENT, EACH_PLAYER, ME, ANYONE = "each-opponent", "each-player", "me", "anyone"


@dataclass(frozen=True)
class Order:
    """A card's one-click order: its label (a whole sentence, `%(player)s` for the actor named), whom
    it names, the rule's window, its conditions (`cards`: the kind of trigger card it waits for) and
    whether it is deleted once used."""

    label: str
    window: str
    actor: str = ANYONE
    cards: str | None = None  # "action", "epic" or "epic-or-advantage": the trigger card's kind
    when: Mapping[str, Any] | None = None
    once: bool = True


# I49's table, as orders: the moment each Triskel card is played at, and how a player would say it.
ORDERS: dict[str, list[Order]] = {
    "geis": [Order(N_("Play %(card)s on the next Action card %(player)s plays."), "announced", EACH_OPPONENT, "action")],
    "the-dagda": [Order(N_("Play %(card)s on the next Epic Tale or Advantage card %(player)s plays."),
                        "announced", EACH_OPPONENT, "epic-or-advantage")],
    "lug-samildanach": [Order(N_("Take the next Action card %(player)s plays with %(card)s, once it has "
                                 "resolved."), "resolved", EACH_PLAYER, "action")],
    "oenguss-ploy": [Order(N_("Play %(card)s when a Season turn ends and the Season would end."),
                           "turn-end", when={"season_would_end": True})],
    "lugs-spear": [Order(N_("Play %(card)s when the next clash begins where I have clans."), "clash-start",
                         when={"targets_me": True})],
    "battle-frenzy": [Order(N_("Play %(card)s after the Citadels step of the next clash where I have clans."),
                            "citadels-end", when={"targets_me": True})],
    "bard": [Order(N_("Gain a Deed with %(card)s after each of my maneuvers that removes an opposing clan."),
                   "after-maneuver", ME, once=False)],
    "strengs-resolve": [Order(N_("Gain a Deed with %(card)s after each of my Attacks."),
                              "after-maneuver", ME, once=False)],
    "raid": [Order(N_("Play %(card)s after each of my Attacks."), "after-maneuver", ME, once=False)],
    "warlord": [Order(N_("Play %(card)s after each maneuver in a clash where I have clans."), "after-maneuver",
                      when={"targets_me": True}, once=False)],
    "master-craftsman": [Order(N_("Play %(card)s after my next Epic Tale has resolved."), "resolved",
                               ME, "epic")],
    "forest": [Order(N_("Play %(card)s after each of my Epic Tales, without asking me."), "resolved", ME, "epic",
                     once=False)],
    "stone-circle": [Order(N_("Play %(card)s after each of my Epic Tales, without asking me."), "resolved", ME,
                           "epic", once=False)],
    "cove": [Order(N_("Play %(card)s after each of my Season cards, without asking me."), "resolved", ME, once=False)],
    "lost-vale": [Order(N_("Play %(card)s after each of my Season cards, without asking me."), "resolved", ME,
                        once=False)],
    "salt-mine": [Order(N_("Play %(card)s after each of my Season cards, without asking me."), "resolved", ME,
                        once=False)],
    "valley": [Order(N_("Play %(card)s after each of my Season cards, without asking me."), "resolved", ME,
                     once=False)],
    "highlands": [Order(N_("Play %(card)s at each clash in %(territory)s, without asking me."), "clash-start",
                        when={"territory": ["highlands"]}, once=False)],
    "meadows": [Order(N_("Play %(card)s each time I draw Epic Tales, without asking me."), "draw", ME, once=False)],
    "gates-of-tir-na-nog": [Order(N_("Play %(card)s each time the Gates make me draw, without asking me."),
                                  "draw", ME, once=False)],
    "cathbads-word": [Order(N_("Play %(card)s when the next Assembly begins."), "assembly-start")],
    "the-dagdas-club": [Order(N_("Save my clan with %(card)s the next time one is removed."), "clan-removed")],
    "diarmuid-and-grainne": [Order(N_("Save my clan with %(card)s the next time one is removed."),
                                   "clan-removed")],
    "dagdas-cauldron": [Order(N_("Put my removed clans on %(card)s the next time one is removed in a clash."),
                              "clan-removed")],
}
# Advantage cards everyone knows their holder has: the holder is asked at their moment unless a rule says otherwise (I52).
ASKED_BY_DEFAULT = {"cove", "lost-vale", "salt-mine", "valley", "forest", "stone-circle", "highlands", "meadows",
                    "gates-of-tir-na-nog"}
# Triskel cards with no window: one more choice of a decision their holder makes anyway (I56, I57).
FOLDED = {
    "iron-mine": N_("No rule is needed: it is offered among your choices when you attack."),
    "hills": N_("No rule is needed: it is offered in your answer when you are attacked in %(territory)s."),
    "mountains": N_("No rule is needed: it is offered when moving into %(territory)s costs you a card or a clan."),
    "moor": N_("No rule is needed: it is offered whenever you are asked anything."),
    "the-battle-of-moytura": N_("No rule is needed: it is offered among your maneuvers in a clash."),
    "ogmas-eloquence": N_("No rule is needed: it is offered among your maneuvers in a clash."),
    "the-fianna": N_("No rule is needed: it is offered among your maneuvers in a clash."),
    "tale-of-cuchulain": N_("No rule is needed: it is offered among your maneuvers in a clash."),
}
ALSO_FOLDED = N_("It is also offered in your answer when you are attacked.")
SEASON_PASS: Rule = {"window": "season-turn", "when": {"my_action_cards": 0}, "then": "pass"}
# Season cards played with no choice to make: a rule may play one on the seat's next Season turn (a queued play, I51).
QUEUED = ("bard", "druid", "exploration", "swamp", "the-champions-share", "the-stone-of-fal", "tuans-memory")


@dataclass(frozen=True)
class CardOrders:
    """One Triskel card of the seat's hand: when it is played, and the orders that play it."""

    card: str
    name: str
    moment: str
    note: str
    orders: list[Move]


@dataclass(frozen=True)
class RuleShown:
    """One of the seat's rules in words, with the one-click edits of the list."""

    number: int
    moment: str
    conditions: list[str]
    then: str
    once: bool
    edits: list[Move]


def _send(rules: Sequence[Rule], label: str) -> Move:
    return Move(json.dumps({"type": "standing", "rules": list(rules)}, sort_keys=True), label, None)


def _kinds(catalogue: Mapping[str, Any]) -> dict[str, list[str]]:
    by_kind: dict[str, list[str]] = {"action": [], "epic": [], "advantage": []}
    for card, facts in catalogue["cards"].items():
        by_kind[facts["type"]].append(card)
    return {"action": sorted(by_kind["action"]), "epic": sorted(by_kind["epic"]),
            "epic-or-advantage": sorted(by_kind["epic"] + by_kind["advantage"])}


def _rule(order: Order, actor: str | None, kinds: Mapping[str, list[str]], then: Any) -> Rule:
    when: dict[str, Any] = dict(order.when or {})
    if actor is not None:
        when["by"] = [actor]
    if order.cards:
        when["card"] = kinds[order.cards]
    rule: Rule = {"window": order.window, "then": then}
    if when:
        rule["when"] = when
    if order.once and isinstance(then, dict):
        rule["once"] = True
    return rule


def _actors(order: Order, view: Mapping[str, Any], me: str) -> list[str | None]:
    if order.actor == EACH_OPPONENT:
        return [p for p in view["players"] if p != me]
    if order.actor == EACH_PLAYER:
        return list(view["players"])
    return [me] if order.actor == ME else [None]


def card_orders(view: Mapping[str, Any], me: str, catalogue: Mapping[str, Any],
                names: Mapping[str, str]) -> list[CardOrders]:
    """For each Triskel card in the seat's hand: its moment and the orders not already in its rules
    (each added first, where it decides before the others)."""
    rules: list[Rule] = list(view.get("standing") or [])
    full = len(rules) >= MAX_RULES
    kinds = _kinds(catalogue)
    shown = []
    for card in view.get("hand", []):
        if not catalogue["cards"][card]["triskel"]:
            continue
        if card in FOLDED:
            shown.append(CardOrders(card, names[card], "", gettext(FOLDED[card], territory=names[card]), []))
            continue
        orders: list[Move] = []
        asks: list[Rule] = []
        for order in ORDERS[card]:
            for actor in _actors(order, view, me):
                rule = _rule(order, actor, kinds, {"play": card})
                if rule not in rules:
                    orders.append(_send([rule, *rules], gettext(order.label, player=actor or "", card=names[card], territory=names[card])))
            asks.append(_rule(order, me if order.actor == ME else None, kinds, "ask"))
        default = card in ASKED_BY_DEFAULT
        for ask in dict.fromkeys(json.dumps(a, sort_keys=True) for a in asks):
            rule = json.loads(ask)
            label = ASK_LABEL
            if default:
                rule["then"], label = "decline", LET_PASS_LABEL
            if rule not in rules:
                orders.append(_send([rule, *rules], gettext(label)))
        note = gettext(ALSO_FOLDED) if card in ("the-dagdas-club", "diarmuid-and-grainne", "dagdas-cauldron") else ""
        shown.append(CardOrders(card, names[card], gettext(MOMENTS[ORDERS[card][0].window]), note,
                                [] if full else orders))
    return shown


def _conditions(when: Mapping[str, Any], names: Mapping[str, str],
                kinds: Mapping[str, list[str]]) -> list[tuple[str, str]]:
    """Each condition of a rule's `when`, in words, with its key."""
    return [(key, said) for key, value in when.items() if (said := _condition(key, value, names, kinds))]


def _condition(key: str, value: Any, names: Mapping[str, str], kinds: Mapping[str, list[str]]) -> str | None:
    if key == "by":
        return gettext("only when it comes from %(players)s", players=listed(value))
    if key == "card":
        kind = next((k for k, cards in kinds.items() if sorted(value) == cards), None)
        return ({"action": gettext("only for Action cards"), "epic": gettext("only for Epic Tales"),
                 "epic-or-advantage": gettext("only for Epic Tales and Advantage cards")}.get(kind)
                or gettext("only for %(cards)s", cards=listed(names.get(c, c) for c in value)))
    if key == "territory":
        return gettext("only in %(territories)s", territories=listed(names.get(t, t) for t in value))
    if key == "targets_me":
        return (gettext("only when it concerns me (names me, or a territory where I have clans)") if value
                else gettext("only when it does not concern me"))
    if key == "season_would_end":
        return gettext("only when the Season would end") if value else gettext("only when the Season would go on")
    if key == "my_action_cards":
        return ngettext("only while I hold %(num)d Action card", "only while I hold %(num)d Action cards", value)
    return None


def _then(then: Any, names: Mapping[str, str]) -> str:
    if then == "ask":
        return gettext("ask me")
    if then == "decline":
        return gettext("let it pass without asking me")
    if then == "pass":
        return gettext("pass for me")
    card = names.get(then["play"], then["play"])
    if len(then) > 1:
        return gettext("play %(card)s, with the choices this rule names", card=card)
    return gettext("play %(card)s", card=card)


def _edits(rules: list[Rule], index: int, conditions: Sequence[tuple[str, str]]) -> list[Move]:
    """The list after each one-click edit of rule `index`: removed, moved, made once or every time, or
    without one of its `conditions` (key, words): it then fits more moments."""
    rule = rules[index]
    others = rules[:index] + rules[index + 1:]
    edits = [_send(others, gettext("Remove"))]
    if index > 0:
        edits.append(_send(others[:index - 1] + [rule] + others[index - 1:], gettext("Move up")))
    if index < len(rules) - 1:
        edits.append(_send(others[:index + 1] + [rule] + others[index + 1:], gettext("Move down")))
    toggled = {key: value for key, value in rule.items() if key != "once"}
    if not rule.get("once"):
        toggled["once"] = True
    edits.append(_send(rules[:index] + [toggled] + rules[index + 1:],
                       gettext("Keep it every time") if rule.get("once") else gettext("Use it once only")))
    for key, said in conditions:
        widened = {name: value for name, value in rule.items() if name != "when"}
        when = {name: value for name, value in rule["when"].items() if name != key}
        if when:
            widened["when"] = when
        edits.append(_send(rules[:index] + [widened] + rules[index + 1:],
                           gettext("Drop the condition: %(condition)s", condition=said)))
    return edits


def rules_shown(view: Mapping[str, Any], catalogue: Mapping[str, Any], names: Mapping[str, str]) -> list[RuleShown]:
    """The seat's own rules in order (the first that fits a moment decides), each with its edits."""
    rules: list[Rule] = list(view.get("standing") or [])
    kinds = _kinds(catalogue)
    shown = []
    for number, rule in enumerate(rules, 1):
        conditions = _conditions(rule.get("when") or {}, names, kinds)
        shown.append(RuleShown(number, gettext(MOMENTS.get(rule["window"], rule["window"])),
                               [said for _, said in conditions], _then(rule["then"], names),
                               bool(rule.get("once")), _edits(rules, number - 1, conditions)))
    return shown


def season_orders(view: Mapping[str, Any], names: Mapping[str, str]) -> list[Move]:
    """The seat's Season turns by rule: pass while it holds no Action card, or play one of its cards
    that asks no choice on its next turn (each offered while not already a rule)."""
    rules: list[Rule] = list(view["standing"])
    if view["phase"] not in ("assembly", "season") or len(rules) >= MAX_RULES:
        return []
    offered = [(SEASON_PASS, gettext("Pass for me on my Season turns while I hold no Action card."))]
    offered += [({"window": "season-turn", "then": {"play": card}, "once": True},
                 gettext("Play %(card)s on my next Season turn, without asking me.", card=names[card]))
                for card in view.get("hand", []) if card in QUEUED]
    return [_send([rule, *rules], label) for rule, label in offered if rule not in rules]


def panel(view: Mapping[str, Any], me: str | None, catalogue: Mapping[str, Any],
          names: Mapping[str, str]) -> dict[str, Any]:
    """The standing-rules panel's variables (nothing for the public board or a game that is over)."""
    if me is None or view.get("over") or "standing" not in view:
        return {"rules_panel": None}
    rules: list[Rule] = list(view["standing"])
    return {"rules_panel": {
        "cards": card_orders(view, me, catalogue, names),
        "rules": rules_shown(view, catalogue, names),
        "season": season_orders(view, names),
        "remove_all": _send([], gettext("Remove all my rules")) if rules else None,
        "full": len(rules) >= MAX_RULES,
        "were": rules_digest(view),  # every button's: a second page's older list is refused, not saved over
    }}

