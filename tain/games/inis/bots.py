"""The built-in Inis bot (I64). It reads only its view and its legal actions.

Draft by the ranking; on its Season turns it takes a Pretender token when it may, else plays
the card whose effect adds clans or presence where it gains most (chieftainships first, empty
territories preferred), attacks only where it is stronger, and passes when it holds only
Triskel cards. In clashes it shelters all it may, offers peace once when not stronger, then
withdraws if it can, else attacks the weakest; it votes yes unless stronger than everyone
there, answers an Attack by discarding when it holds two Action cards or more, else loses the
clan, saved if it can. In windows it plays a public Advantage card whose effect helps it. Its
standing rules (`standing(view)`) keep Geis for Action cards aimed at it, Oengus's Ploy for a
Season about to end while it holds Season cards, its saving cards for its clans, and Streng's
Resolve, Raid and Bard for its own maneuvers.
"""
from __future__ import annotations

import random
from typing import Any

from tain.games.base import Action, View
from tain.games.inis.catalogue import ACTION, EPIC, RANKING, SAVING_CARDS, card_type, has_season_side

HELPFUL_ADVANTAGES = ("valley", "forest", "meadows", "gates-of-tir-na-nog", "cove", "salt-mine", "lost-vale")
CARD_VALUE = {
    "bard": 2.0, "citadel": 1.6, "druid": 1.4, "exploration": 2.4, "master-craftsman": 1.4, "sanctuary": 2.2,
    "the-champions-share": 1.5, "maeves-wealth": 1.8, "tailtus-land": 2.3, "tuans-memory": 2.0,
    "misty-lands": 0.4, "swamp": 0.0, "the-morrigan": 0.3, "breas-tyranny": 1.2, "plains": 1.0,
}


class InisBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # --- decisions ------------------------------------------------------------------------------

    def choose(self, view: View, legal_actions: list[Action]) -> Action:
        own = [a for a in legal_actions if not (a.get("card") == "moor" and "target" in a)] or legal_actions
        chooser = getattr(self, "_" + view["step"].replace("-", "_"), None)
        action = chooser(view, own) if chooser else None
        return action if action is not None and action in own else own[0]

    def plan(self, view: View) -> list[list[Action]]:
        """No plan of moves: its standing rules answer for it (I51)."""
        return []

    def _draft(self, view: View, legal: list[Action]) -> Action:
        noise = {a["keep"][0]: self.rng.random() for a in legal}
        return min(legal, key=lambda a: (sorted(RANKING.index(c) for c in a["keep"]),
                                         noise.get(a["keep"][0], 0)))

    def _capital(self, view: View, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: len(view["territories"][a["territory"]]["neighbours"]))

    def _place_clan(self, view: View, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: _place_value(view, {a["territory"]: 1}) + self.rng.random() * 0.1)

    def _place_clans(self, view: View, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: _place_value(view, a["place"] or {}) + self.rng.random() * 0.1)

    def _turn(self, view: View, legal: list[Action]) -> Action:
        if {"type": "pretender"} in legal:
            return {"type": "pretender"}
        plays = [a for a in legal if a["type"] == "play" and a.get("card") != "moor"]
        if not plays:
            return {"type": "pass"} if {"type": "pass"} in legal else legal[0]
        scored = [(_play_value(view, a) + self.rng.random() * 0.05, index) for index, a in enumerate(plays)]
        best, index = max(scored)
        if best <= 0.2 and {"type": "pass"} in legal:
            return {"type": "pass"}
        return plays[index]

    def _declare(self, view: View, legal: list[Action]) -> Action:
        moves = [a for a in legal if a["type"] == "move"]
        declaring = view.get("declaring") or {}
        if not moves or declaring.get("moves"):
            return {"type": "done"} if {"type": "done"} in legal else legal[0]
        me = view["you"]
        clans = view["territories"]

        def value(move: Action) -> float:
            left = clans[move["from"]]["clans"].get(me, 0) - move["clans"]
            target = clans[move["to"]]["clans"]
            rivals = max((n for p, n in target.items() if p != me), default=0)
            stronger = target.get(me, 0) + move["clans"] > rivals
            return move["clans"] * (1 if stronger else -0.5) + (1 if left >= 1 else -1) + (0.5 if not rivals else 0)
        return max(moves, key=value)

    def _citadels(self, view: View, legal: list[Action]) -> Action:
        return legal[-1] if legal[-1]["type"] == "shelter" else legal[0]

    def _maneuver(self, view: View, legal: list[Action]) -> Action:
        me, clash = view["you"], view["clash"]
        exposed = clash["exposed"]
        if {"type": "end-clash"} in legal:
            return {"type": "end-clash"}
        rivals = {p: n for p, n in exposed.items() if p != me}
        mine = exposed.get(me, 0)
        attacks = [a for a in legal if a["type"] == "attack" and "with" not in a]
        weakest = min(rivals, key=lambda p: (rivals[p], p)) if rivals else None
        if weakest is not None and mine > rivals[weakest]:
            boosted = [a for a in legal if a["type"] == "attack" and a["target"] == weakest and a.get("with") == "iron-mine"]
            return boosted[0] if boosted else {"type": "attack", "target": weakest}
        if {"type": "offer-peace"} in legal:
            return {"type": "offer-peace"}
        if {"type": "withdraw"} in legal:
            return {"type": "withdraw"}
        if weakest is not None:
            return {"type": "attack", "target": weakest}
        return attacks[0] if attacks else legal[0]

    def _peace_vote(self, view: View, legal: list[Action]) -> Action:
        me, exposed = view["you"], view["clash"]["exposed"]
        stronger = all(exposed.get(me, 0) > n for p, n in exposed.items() if p != me)
        return {"type": "peace", "accept": not stronger}

    def _attack_answer(self, view: View, legal: list[Action]) -> Action:
        if {"type": "play", "card": "hills"} in legal:
            return {"type": "play", "card": "hills"}
        discards = [a for a in legal if a["type"] in ("discard", "discard-and-lose") and a.get("card")
                    and "save" not in a]
        actions_held = view["hands"][view["you"]]["action"]
        saves = [a for a in legal if a.get("save")]
        if discards and (actions_held >= 2 or not any(a["type"] == "lose-clan" for a in legal)):
            chosen = max(discards, key=lambda a: RANKING.index(a["card"]))
            saved = [a for a in saves if a["type"] == "discard-and-lose" and a["card"] == chosen["card"]]
            return saved[0] if saved else chosen  # under Iron Mine the clan goes too: saved if it can (I64)
        if saves:
            return saves[0]
        lose = [a for a in legal if a["type"] in ("lose-clan", "discard-and-lose")]
        return lose[0] if lose else legal[0]

    _mountains = _attack_answer

    def _window(self, view: View, legal: list[Action]) -> Action:
        for card in HELPFUL_ADVANTAGES:
            plays = [a for a in legal if a.get("card") == card]
            if card == "lost-vale":
                plays = [a for a in plays if a["player"] == view["you"]]
            if plays:
                return max(plays, key=lambda a: _place_value(view, {a["territory"]: 1}) if "territory" in a else 0)
        return {"type": "decline"}

    def _give(self, view: View, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: RANKING.index(a["card"]) if a["card"] in RANKING else 0)

    def _set_aside(self, view: View, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: RANKING.index(a["card"]))

    def _take(self, view: View, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: RANKING.index(a["card"]) if a["card"] in RANKING else 0)

    def _return(self, view: View, legal: list[Action]) -> Action:
        return legal[-1]

    # --- standing rules (I64) -----------------------------------------------------------------

    def standing(self, view: View) -> list[dict[str, Any]] | None:
        """The rules the bot keeps for the Triskel cards it holds, from its own hand."""
        me, hand = view["you"], set(view.get("hand", ()))
        rules: list[dict[str, Any]] = []
        if "geis" in hand:
            rules.append({"window": "announced", "when": {"targets_me": True, "card": sorted(ACTION)},
                          "then": {"play": "geis"}})
        season_cards = [c for c in hand if has_season_side(c)]
        if "oenguss-ploy" in hand and season_cards:
            rules.append({"window": "turn-end", "when": {"season_would_end": True}, "then": {"play": "oenguss-ploy"}})
        for card in SAVING_CARDS:
            if card in hand:
                rules.append({"window": "clan-removed", "then": {"play": card}})
        for card in ("strengs-resolve", "raid", "bard"):
            if card in hand:
                rules.append({"window": "after-maneuver", "when": {"by": [me]}, "then": {"play": card}})
        return rules


def _place_value(view: View, place: dict[str, int]) -> float:
    me = view["you"]
    score = 0.0
    for territory, count in place.items():
        here = view["territories"][territory]
        clans = here["clans"]
        mine = clans.get(me, 0)
        rivals = max((n for p, n in clans.items() if p != me), default=0)
        score += count
        if mine + count > rivals >= mine:
            score += 3  # becomes chieftain
        if not rivals:
            score += 0.5
        if mine + count > rivals:
            score += 0.3 * sum(n for p, n in clans.items() if p != me)
        if not mine:
            score += 1.0  # new presence
        score += 0.2 * here["sanctuaries"]
    return score


def _play_value(view: View, action: Action) -> float:
    """How much a Season play helps, read from the view only."""
    card, me, lands = action["card"], view["you"], view["territories"]
    if isinstance(action.get("place"), dict):
        return _place_value(view, action["place"]) + (0.5 if card == "festival" else 0)
    if card in ("children-of-dana", "festival", "kernunos-sanctuary") and action.get("territory"):
        return _place_value(view, {action["territory"]: 1}) + (1 if card == "kernunos-sanctuary" else 0)
    if card == "the-stone-of-fal":
        capital = next((t for t, here in lands.items() if here["capital"]), None)
        return _place_value(view, {capital: 2}) if capital else 0
    if card == "new-alliance" and action.get("replace"):
        t = action["replace"]["territory"]
        return 2 + _place_value(view, {t: 1})
    if card in ("conquest", "warlord", "manannans-horses", "scouts-and-spies"):
        target = action.get("territory") or action.get("to")
        if target is None:
            return -1
        here = lands[target]["clans"]
        rivals = max((n for p, n in here.items() if p != me), default=0)
        if card == "warlord":
            return 3 if here.get(me, 0) > rivals + 1 else -1
        nearby = sum(lands[t]["clans"].get(me, 0) for t in lands[target]["neighbours"])
        moving = action.get("clans", nearby)
        return (3 if here.get(me, 0) + moving > rivals + 1 else -1) + (1 if not here.get(me) else 0)
    if card == "migration":
        return 1.5 if action.get("from") and lands[action["from"]]["clans"].get(me, 0) >= 3 else 0.1
    if card == "emissaries":
        return 0.8 if action.get("to") and not lands[action["to"]]["clans"].get(me) else 0.1
    if card == "balors-eye":
        return -5 if action.get("player") in (None, me) else 2
    if card == "the-other-world":
        return 2 + sum((action.get("remove") or {}).values()) if action.get("territory") else 0
    if card == "deirdres-beauty":
        return 1.2
    if card == "the-morrigan":
        return CARD_VALUE[card] if not action["flip"] and action["clash"] is None else -0.5
    if card_type(card) == "epic" and card not in CARD_VALUE:
        return 1.0 if card in EPIC else 0
    return CARD_VALUE.get(card, 1.0)
