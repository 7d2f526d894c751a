"""The 17 Action cards (`inis-cards.md`, "Action cards"): their declarations and effects.

`SEASON[card] = (declarations(board, player), effect(board, record, trigger))` for the Season
side, `TRISKEL[card] = (declarations(board, player, trigger), effect)` for the Triskel side.
A declaration is the dict of a `play` action's arguments; a card that can do nothing is
declared with null targets (I15).
"""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Player
from tain.games.inis import effects, options
from tain.games.inis.options import no_arguments, or_null
from tain.games.inis.asking import ask
from tain.games.inis.board import (
    Board, adjacent, clans, exposed, exposed_players, give_card, hand, know, opponents, players_in, present, say, take_advantage, take_card,
)
from tain.games.inis.cells import open_cells
from tain.games.inis.words import card_list, message

Record = dict[str, Any]


# --- Season side --------------------------------------------------------------------------------

def _bard(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    yield from effects.draw(board, record["player"], 1, 1, "bard")


def _citadel_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"territory": t} for t in present(board, player) if t != "swamp"], "territory")


def _citadel(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player, territory = record["player"], record["decl"]["territory"]
    if territory is None:
        return
    if board["supply"]["citadels"]:
        board["supply"]["citadels"] -= 1
        board["terr"][territory]["citadels"] += 1
        say(board, "citadel", N_("A Citadel is built in %(territory)s."), territory=territory)
    if territory not in board["adv_played"] and territory not in hand(board, player, "advantage"):
        take_advantage(board, player, territory)
        say(board, "takes-advantage-card", N_("%(player)s takes the Advantage card %(card)s."),
            player=player, card=territory)
    yield from ()


def _conquest_targets(board: Board, player: Player) -> list[dict]:
    mine = set(present(board, player))
    return or_null([{"territory": t} for t in sorted(board["terr"]) if mine & set(adjacent(board, t))],
                    "territory")


def _carry_moves(card: str):
    def effect(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
        from tain.games.inis import moves
        yield from moves.carry_out(board, record["player"], record["decl"].get("moves") or [], True, card)
    return effect


def _craftsmen_targets(board: Board, player: Player) -> list[dict]:
    caps = {t: board["terr"][t]["citadels"] for t in present(board, player)}
    return [{"place": spread} for spread in options.may_place(caps, board["reserve"][player])]


def _druid_targets(board: Board, player: Player) -> list[dict]:
    return [{}] if len(hand(board, player, "action")) >= 2 else []


def _druid(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player = record["player"]
    seen = sorted(board["action_discard"])
    know(board, player, "druid", seen, message("discard-holds", N_("The Action discard holds %(cards)s."),
                                               cards=card_list(seen)))
    action = yield from ask(
        board, "take", player,
        lambda p: [{"type": "take", "card": c} for c in sorted(set(board["action_discard"]))]
        or [{"type": "take", "card": None}],
        message("ask-take-discard", N_("%(player)s to take a card from the Action discard"), player=player),
        mid_turn=True)
    if action["card"] is not None:
        board["action_discard"].remove(action["card"])
        give_card(board, player, action["card"])
        say(board, "takes-from-discard", N_("%(player)s takes an Action card from the discard."), player=player)


def _exploration(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player = record["player"]
    if not board["stack"] or not open_cells(board["cells"]):
        say(board, "no-territory", N_("No territory is left to explore."))
        return
    tile = board["stack"].pop(0)
    board["tiles_drawn"] = [tile]
    board["exploring"] = tile
    say(board, "reveals", N_("The territory revealed is %(territory)s."), territory=tile)
    brenn = board["brenn"]
    action = yield from ask(
        board, "place-territory", brenn,
        lambda p: [{"type": "place-territory", "cell": c} for c in open_cells(board["cells"])],
        message("ask-place-explored", N_("%(player)s, the Brenn, to place %(territory)s in an open cell"),
                player=brenn, territory=tile), mid_turn=brenn == player)
    board["tiles_drawn"], board["exploring"] = [], None
    effects.enter_territory(board, tile, action["cell"])
    effects.place_one(board, player, tile)


def _festival_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"territory": t} for t in present(board, player) if board["terr"][t]["sanctuaries"]],
                    "territory")


def _festival(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    territory = record["decl"]["territory"]
    if territory is None:
        return
    effects.place_one(board, record["player"], territory)
    board["festival"] = territory
    say(board, "festival", N_("The Festival is held in %(territory)s."), territory=territory)
    yield from ()


def _migration_sources(board: Board, player: Player) -> list[dict]:
    return or_null([{"from": t} for t in present(board, player) if adjacent(board, t)], "from")


def _new_alliance_targets(board: Board, player: Player) -> list[dict]:
    found: list[dict] = []
    if board["reserve"][player]:
        found += [{"place": {t: 1}} for t in present(board, player)]
    for t in present(board, player):
        found += [{"replace": {"player": q, "territory": t}} for q in opponents(board, player) if clans(board, t, q) >= 2]
    return or_null(found, "place")


def _new_alliance(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import removal
    player, decl = record["player"], record["decl"]
    if decl.get("place"):
        effects.place_spread(board, player, decl["place"])
    elif decl.get("replace"):
        territory, other = decl["replace"]["territory"], decl["replace"]["player"]
        yield from removal.remove(board, other, territory, 1, "new-alliance", player)
        effects.place_one(board, player, territory)


def _new_clans_targets(board: Board, player: Player) -> list[dict]:
    total = min(2, board["reserve"][player])
    return or_null([{"place": s} for s in options.exact(present(board, player), total)] if total else [], "place")


def _sanctuary_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"territory": t} for t in present(board, player)], "territory")


def build_sanctuary(board: Board, territory: str) -> None:
    if board["supply"]["sanctuaries"]:
        board["supply"]["sanctuaries"] -= 1
        board["terr"][territory]["sanctuaries"] += 1
        say(board, "sanctuary", N_("A Sanctuary is built in %(territory)s."), territory=territory)


def _sanctuary(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    territory = record["decl"]["territory"]
    if territory is None:
        return
    build_sanctuary(board, territory)
    yield from effects.draw(board, record["player"], 1, 1, "sanctuary")


def _warlord_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"territory": t} for t in present(board, player) if len(players_in(board, t)) >= 2],
                    "territory")


def _warlord(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import clash
    territory = record["decl"]["territory"]
    if territory is not None:
        yield from clash.run(board, territory, record["player"], [], "warlord")


def _emissaries_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"from": t, "to": u} for t in present(board, player) for u in adjacent(board, t)], "from", "to")


def _emissaries(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import moves
    decl = record["decl"]
    if decl["from"] is not None:
        step = {"from": decl["from"], "to": decl["to"], "clans": 1}
        yield from moves.carry_out(board, record["player"], [step], False, "emissaries")


def _craftsman_discards(board: Board, player: Player) -> list[dict]:
    cards = board["hands"][player]
    others = [c for c in cards["action"] if c != "master-craftsman"] + cards["advantage"] + cards["epic"]
    return or_null([{"discard": c} for c in others], "discard")


def _master_craftsman(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis.board import discard_card
    from tain.games.inis.catalogue import card_type
    player, card = record["player"], record["decl"]["discard"]
    if card is not None and card in board["hands"][player][card_type(card)]:
        take_card(board, player, card)
        discard_card(board, card)
        if card_type(card) == "action":
            say(board, "discards-action", N_("%(player)s discards an Action card."), player=player)
        else:
            say(board, "discards", N_("%(player)s discards %(card)s."), player=player, card=card)
    yield from effects.draw(board, player, 1, 1, "master-craftsman")


def _scouts_targets(board: Board, player: Player) -> list[dict]:
    found = [{"clans": n, "from": t, "look": q, "to": u}
             for q in opponents(board, player) for t in present(board, player) for u in adjacent(board, t)
             for n in range(1, clans(board, t, player) + 1)]
    return or_null(found, "clans", "from", "look", "to")


def _scouts(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import moves
    player, decl = record["player"], record["decl"]
    if decl["look"] is None:
        return
    seen = list(hand(board, decl["look"], "action"))
    know(board, player, "scouts-and-spies", seen, message(
        "holds", N_("%(player)s holds %(cards)s."), player=decl["look"],
        cards=card_list(seen, message("no-action-card", N_("no Action card")))), decl["look"])
    step = {"from": decl["from"], "to": decl["to"], "clans": decl["clans"]}
    yield from moves.carry_out(board, player, [step], True, "scouts-and-spies")


SEASON: dict[str, Any] = {
    "bard": (no_arguments, _bard),
    "citadel": (_citadel_targets, _citadel),
    "conquest": (_conquest_targets, _carry_moves("conquest")),
    "craftsmen-and-peasants": (_craftsmen_targets, effects.place_declared),
    "druid": (_druid_targets, _druid),
    "exploration": (no_arguments, _exploration),
    "festival": (_festival_targets, _festival),
    "migration": (_migration_sources, _carry_moves("migration")),
    "new-alliance": (_new_alliance_targets, _new_alliance),
    "new-clans": (_new_clans_targets, effects.place_declared),
    "sanctuary": (_sanctuary_targets, _sanctuary),
    "warlord": (_warlord_targets, _warlord),
    "emissaries": (_emissaries_targets, _emissaries),
    "master-craftsman": (_craftsman_discards, _master_craftsman),
    "scouts-and-spies": (_scouts_targets, _scouts),
}


# --- Triskel side -------------------------------------------------------------------------------

def _bard_deed(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    effects.gain_deed(board, record["player"])
    yield from ()


def _geis(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    target = trigger["record"]
    target["cancelled"] = True
    yield from ()


def _warlord_next(board: Board, player: Player, trigger: Any) -> list[dict]:
    candidates = set(exposed_players(board))
    if board["reserve"][player]:
        candidates.add(player)
    return [{"next": q} for q in board["players"] if q in candidates]


def _warlord_clan(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player, clash = record["player"], board["clash"]
    effects.place_one(board, player, clash["territory"])
    chosen = record["decl"]["next"]
    if exposed(board, chosen):
        clash["chosen_next"] = chosen
        say(board, "next-maneuver", N_("%(player)s makes the next maneuver."), player=chosen)
    yield from ()


def _craftsman_give(board: Board, player: Player, trigger: Any) -> list[dict]:
    return [{"give": q} for q in opponents(board, player)]


def _craftsman_gift(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    target = trigger["record"]
    if target["dest"] is None:
        target["dest"] = ["hand", record["decl"]["give"]]
        say(board, "epic-given", N_("%(card)s goes to %(player)s's hand."), card=target["card"],
            player=record["decl"]["give"])
    effects.gain_deed(board, record["player"])
    yield from ()


def _raid(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import removal
    player, victim = record["player"], trigger["attack"]
    if effects.take_at_random(board, player, victim) is None:
        yield from removal.remove(board, victim, board["clash"]["territory"], 1, "raid", player)


TRISKEL: dict[str, Any] = {
    "bard": (no_arguments, _bard_deed),
    "geis": (no_arguments, _geis),
    "warlord": (_warlord_next, _warlord_clan),
    "master-craftsman": (_craftsman_give, _craftsman_gift),
    "raid": (no_arguments, _raid),
}

