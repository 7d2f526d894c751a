"""The 30 Epic Tales (`inis-cards.md`, "Epic Tales"): Season Tales played on a turn, Triskel
Tales played in windows, as maneuvers (I43) or folded into an answer (I56)."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import N_, Nn_, Player
from tain.games.inis import effects, options
from tain.games.inis.options import no_arguments, or_null
from tain.games.inis.asking import ask, ask_all
from tain.games.inis.catalogue import card_type
from tain.games.inis.board import (
    Board, adjacent, clans, exposed, exposed_players, give_card, hand, know, move, opponents, players_in, present, rng, say, take_card, turn_order,
)
from tain.games.inis.words import message, player_list, territory_list

Record = dict[str, Any]


# --- Season Tales -------------------------------------------------------------------------------

def _balor_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"player": q, "territory": t} for t in sorted(board["terr"]) for q in players_in(board, t)],
                    "player", "territory")


def _balor(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import removal
    decl = record["decl"]
    if decl["territory"] is not None:
        yield from removal.remove(board, decl["player"], decl["territory"], 1, "balors-eye", record["player"])


def _breas_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"from": t, "player": q, "to": u} for t in present(board, player)
                     for q in opponents(board, player) if clans(board, t, q) for u in adjacent(board, t)],
                    "from", "player", "to")


def _breas(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import moves
    decl = record["decl"]
    if decl["from"] is not None:
        step = {"from": decl["from"], "to": decl["to"], "clans": 1}
        yield from moves.carry_out(board, decl["player"], [step], False, "breas-tyranny")


def _champions_share(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    effects.take_set_aside(board, record["player"])
    yield from ()


def _children_targets(board: Board, player: Player) -> list[dict]:
    if not board["reserve"][player]:
        return [{"territory": None}]
    return [{"territory": t} for t in sorted(board["terr"])]


def _one_clan(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    if record["decl"]["territory"] is not None:
        effects.place_one(board, record["player"], record["decl"]["territory"])
    yield from ()


def _harp_targets(board: Board, player: Player) -> list[dict]:
    total = min(3, len(hand(board, player, "epic")) - 1, board["reserve"][player])
    return or_null([{"place": s} for s in options.exact(present(board, player), total)] if total > 0 else [],
                    "place")


def _deirdre_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"remove": t} for t in present(board, player)], "remove")


def _deirdre(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import removal
    player = record["player"]
    revealed: list[tuple[Player, str]] = []
    for other in opponents(board, player):
        tales = hand(board, other, "epic")
        if tales:
            card = rng(board).choice(sorted(tales))
            revealed.append((other, card))
            say(board, "reveals-epic", N_("%(player)s reveals %(card)s."), player=other, card=card)
    if revealed:
        action = yield from ask(
            board, "take", player,
            lambda p: [{"type": "take", "card": c} for c in sorted({card for _, card in revealed})],
            message("ask-take-revealed", N_("%(player)s to take one of the revealed Epic Tales"), player=player),
            mid_turn=True)
        taken = False
        for other, card in revealed:
            take_card(board, other, card)
            if card == action["card"] and not taken:
                give_card(board, player, card)
                taken = True
                say(board, "takes-epic", N_("%(player)s takes %(card)s."), player=player, card=card)
            else:
                board["epic_discard"].append(card)
    territory = record["decl"]["remove"]
    if territory is not None and clans(board, territory, player):
        removal.lose(board, player, territory, 1)


def _eriu_targets(board: Board, player: Player) -> list[dict]:
    caps = {t: 1 for t in present(board, player) if board["terr"][t]["sanctuaries"]}
    return [{"place": s} for s in options.may_place(caps, min(3, board["reserve"][player]))]


def _kernunos_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"territory": t} for t in present(board, player) if not board["terr"][t]["sanctuaries"]],
                    "territory")


def _kernunos(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis.cards_action import build_sanctuary
    territory = record["decl"]["territory"]
    if territory is not None:
        effects.place_one(board, record["player"], territory)
        build_sanctuary(board, territory)
    yield from ()


def _maeve(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    """Gifts all at once and hidden; gifts back one at a time from the Brenn (I12)."""
    player = record["player"]
    givers = [q for q in turn_order(board) if q != player and hand(board, q, "action")]
    if not givers:
        return
    gifts = yield from ask_all(
        board, "give", givers, lambda q: [{"type": "give", "card": c} for c in hand(board, q, "action")],
        message("ask-maeve", N_("%(players)s to give %(player)s one Action card each"), players=player_list(givers),
                player=player))
    for giver in givers:
        effects.hand_over(board, giver, player, gifts[giver]["card"])
    say(board, "maeve-gifts", N_("%(players)s each give %(player)s an Action card."), player=player,
        players=player_list(givers))
    for giver in givers:
        yield from effects.give_back(board, player, giver)


def _horses_targets(board: Board, player: Player) -> list[dict]:
    return or_null([{"clans": n, "from": t, "to": u} for t in present(board, player)
                     for u in sorted(board["terr"]) if u != t for n in range(1, min(3, clans(board, t, player)) + 1)],
                    "clans", "from", "to")


def _horses(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import moves
    decl = record["decl"]
    if decl["from"] is not None:
        step = {"from": decl["from"], "to": decl["to"], "clans": decl["clans"]}
        yield from moves.carry_out(board, record["player"], [step], True, "manannans-horses")


def _morrigan_targets(board: Board, player: Player) -> list[dict]:
    clashes = [{"clash": None, "instigator": None}]
    for t in sorted(board["terr"]):
        here = players_in(board, t)
        if len(here) >= 2:
            clashes += [{"clash": t, "instigator": q} for q in here]
    return [{"flip": flip, **clash} for flip in (False, True) for clash in clashes]


def _morrigan(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import clash
    decl = record["decl"]
    if decl["flip"]:
        board["direction"] = "ccw" if board["direction"] == "cw" else "cw"
        say(board, "direction", N_("The Flock of Crows is turned over: play goes %(direction)s."),
            direction=board["direction"])
        yield from effects.gates_effect(board)
    territory = decl["clash"]
    if territory is not None and clans(board, territory, decl["instigator"]) and len(players_in(board, territory)) >= 2:
        yield from clash.run(board, territory, decl["instigator"], [], "the-morrigan")


def _nuada_targets(board: Board, player: Player) -> list[dict]:
    from tain.games.inis.board import chieftain
    caps = {t: len(players_in(board, t)) - 1 for t in sorted(board["terr"]) if chieftain(board, t) == player}
    return [{"place": s} for s in options.may_place(caps, board["reserve"][player])]


def _other_world_targets(board: Board, player: Player) -> list[dict]:
    found: list[dict] = []
    for t in present(board, player):
        choices = min(3, board["terr"][t]["sanctuaries"])
        if not choices:
            continue
        rivals = {q: clans(board, t, q) for q in opponents(board, player) if clans(board, t, q)}
        total = min(choices, board["reserve"][player] + sum(rivals.values()))
        for placed in range(min(total, board["reserve"][player]) + 1):
            for removed in options.spreads(rivals, total - placed, total - placed):
                found.append({"place": placed, "remove": removed, "territory": t})
    return or_null(found, "place", "remove", "territory")


def _other_world(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import removal
    player, decl = record["player"], record["decl"]
    territory = decl["territory"]
    if territory is None:
        return
    effects.place_spread(board, player, {territory: decl["place"]} if decl["place"] else None)
    for other, count in sorted(decl["remove"].items()):
        yield from removal.remove(board, other, territory, count, "the-other-world", player)


def _stone_of_fal(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    effects.place_spread(board, record["player"], {board["capital"]: 2})
    yield from ()


def _tailtu(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import moves
    from tain.games.inis.cells import open_cells
    player = record["player"]
    if not board["stack"] or not open_cells(board["cells"]):
        say(board, "no-territory", N_("No territory is left to explore."))
        return
    tiles = board["stack"][:3]
    del board["stack"][:3]
    board["tiles_drawn"] = tiles
    know(board, player, "tailtus-land", tiles, message("you-draw", N_("You draw %(territories)s."),
                                                       territories=territory_list(tiles)))
    say(board, "draws-territories", Nn_("%(player)s draws %(num)s territory.", "%(player)s draws %(num)s territories."),
        player=player, num=len(tiles))
    action = yield from ask(
        board, "place-territory", player,
        lambda p: [{"type": "place-territory", "cell": c, "territory": t}
                   for t in sorted(tiles) for c in open_cells(board["cells"])],
        message("ask-place-drawn", N_("%(player)s to place one of the territories drawn"), player=player),
        mid_turn=True)
    board["tiles_drawn"] = []
    chosen = action["territory"]
    board["stack"] += [t for t in tiles if t != chosen]
    effects.enter_territory(board, chosen, action["cell"])
    sources = [t for t in adjacent(board, chosen) if clans(board, t, player)]
    if not sources:
        return
    step = yield from ask(
        board, "declare", player,
        lambda p: [{"type": "move", "from": t, "to": chosen, "clans": 1} for t in sources] + [{"type": "done"}],
        message("ask-move-into", N_("%(player)s may move 1 clan into %(territory)s"), player=player, territory=chosen),
        mid_turn=True,
        timeout="last")
    if step["type"] == "move":
        yield from moves.carry_out(board, player, [step_of(step)], False, "tailtus-land")


def step_of(action: dict) -> dict:
    return {"from": action["from"], "to": action["to"], "clans": action["clans"]}


def _tuan(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    yield from effects.draw(board, record["player"], 3, 1, "tuans-memory")


SEASON: dict[str, Any] = {
    "balors-eye": (_balor_targets, _balor),
    "breas-tyranny": (_breas_targets, _breas),
    "the-champions-share": (no_arguments, _champions_share),
    "children-of-dana": (_children_targets, _one_clan),
    "dagdas-harp": (_harp_targets, effects.place_declared),
    "deirdres-beauty": (_deirdre_targets, _deirdre),
    "eriu": (_eriu_targets, effects.place_declared),
    "kernunos-sanctuary": (_kernunos_targets, _kernunos),
    "maeves-wealth": (no_arguments, _maeve),
    "manannans-horses": (_horses_targets, _horses),
    "the-morrigan": (_morrigan_targets, _morrigan),
    "nuada-silverhand": (_nuada_targets, effects.place_declared),
    "the-other-world": (_other_world_targets, _other_world),
    "the-stone-of-fal": (no_arguments, _stone_of_fal),
    "tailtus-land": (no_arguments, _tailtu),
    "tuans-memory": (no_arguments, _tuan),
}


# --- Triskel Tales ------------------------------------------------------------------------------

def _frenzy(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    board["clash"]["sheltered"] = {}
    say(board, "frenzy", N_("Every sheltered clan comes out of the Citadels."))
    yield from ()


def _moytura(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import moves
    player, territory = record["player"], board["clash"]["territory"]
    yield from moves.carry_out(board, player, record["decl"].get("moves") or [], False, "the-battle-of-moytura")
    effects.place_one(board, player, territory)


def _cathbad_choices(board: Board, player: Player, trigger: Any) -> list[dict]:
    return [{"set_aside": c} for c in sorted(board["actions_in_use"])]


def _cathbad(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    card = record["decl"]["set_aside"]
    board["cathbad"] = {"player": record["player"], "card": card}
    know(board, record["player"], "set-aside", [card], message("you-name", N_("You name %(card)s for the set-aside card."),
                                                               card=card))
    yield from ()


def _dagda(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    target = trigger["record"]
    target["cancelled"] = True
    if card_type(target["card"]) == "epic":
        if target in board["in_play"]:
            board["in_play"].remove(target)
        target["dest"] = "gone"
        pile = board["epic_discard"] + [target["card"]] + board["epic_deck"]
        rng(board).shuffle(pile)
        board["epic_deck"], board["epic_discard"] = pile, []
        say(board, "epic-reshuffled", N_("The Epic Tale discard is shuffled into the Epic Tale deck."))
    yield from ()


def _cauldron(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    player, clash = record["player"], board["clash"]
    clash["cauldron"] = player
    earlier = min(board["reserve"][player], clash["removed"].get(player, 0))
    board["reserve"][player] -= earlier
    board["cauldron"][player] += earlier
    record["dest"] = "table"
    if earlier:
        say(board, "onto-cauldron", Nn_("%(num)s clan of %(player)s go onto Dagda's Cauldron.",
                                        "%(num)s clans of %(player)s go onto Dagda's Cauldron."),
            player=player, num=earlier)
    yield from ()


def _club(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    if trigger and trigger.get("removal"):
        trigger["removal"]["saved"] += 1
        say(board, "saved", N_("%(player)s's clan is not removed."), player=record["player"])
    yield from ()


def _diarmuid_targets(board: Board, player: Player, trigger: Any) -> list[dict]:
    here = trigger["removal"]["territory"]
    return [{"territory": t} for t in present(board, player) if t != here]


def _diarmuid(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    removal, player = trigger["removal"], record["player"]
    destination = record["decl"]["territory"]
    if clans(board, removal["territory"], player) and clans(board, destination, player):
        move(board, player, removal["territory"], destination, 1)
        removal["saved"] += 1
        say(board, "escapes", N_("%(player)s's clan goes to %(territory)s instead."), player=player,
            territory=destination)
    yield from ()


def _fianna_choices(board: Board, player: Player, trigger: Any) -> list[dict]:
    clash = board["clash"]
    here = clash["territory"]
    out, held = exposed(board, player), clash["sheltered"].get(player, 0)
    return [{"exposed": e, "sheltered": s, "to": u} for u in adjacent(board, here)
            for e in range(out + 1) for s in range(held + 1) if e + s]


def _fianna(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import moves
    player, decl, here = record["player"], record["decl"], board["clash"]["territory"]
    yield from moves.carry_out(board, player, [{"from": here, "to": decl["to"], "clans": decl["exposed"] + decl["sheltered"],
                                                "sheltered": decl["sheltered"]}], False, "the-fianna")


def _lug(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    target = trigger["record"]
    if target["dest"] is None:
        target["dest"] = ["hand", record["player"]]
        say(board, "lug-takes", N_("%(card)s goes to %(player)s's hand."), card=target["card"],
            player=record["player"])
    yield from ()


def _spear(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    board["clash"]["blocked"] = True
    say(board, "spear", N_("No Triskel card may be played for the rest of this clash."))
    yield from ()


def _oengus(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    board["season"]["oengus"] = record["player"]
    board["season"]["passes"] = 0
    say(board, "oengus", N_("%(player)s takes the next turn."), player=record["player"])
    yield from ()


def _ogma(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    board["clash"]["over"] = True
    say(board, "ogma", N_("The clash ends at once."))
    yield from ()


def _strengs(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    effects.gain_deed(board, record["player"])
    yield from ()


def _tale_choices(board: Board, player: Player, trigger: Any) -> list[dict]:
    if exposed(board, player) != 1:
        return []
    counts = {q: exposed(board, q) for q in exposed_players(board)}
    total = min(2, sum(counts.values()))
    return [{"remove": spread} for spread in options.spreads(counts, total, total)]


def _tale(board: Board, record: Record, trigger: Any) -> Iterator[Any]:
    from tain.games.inis import removal
    player, here = record["player"], board["clash"]["territory"]
    record["removed"] = 0
    for other, count in sorted(record["decl"]["remove"].items()):
        lost = yield from removal.remove(board, other, here, count, "tale-of-cuchulain", player)
        if other != player:
            record["removed"] += lost


TRISKEL: dict[str, Any] = {
    "battle-frenzy": (no_arguments, _frenzy),
    "the-battle-of-moytura": (no_arguments, _moytura),
    "cathbads-word": (_cathbad_choices, _cathbad),
    "the-dagda": (no_arguments, _dagda),
    "dagdas-cauldron": (no_arguments, _cauldron),
    "the-dagdas-club": (no_arguments, _club),
    "diarmuid-and-grainne": (_diarmuid_targets, _diarmuid),
    "the-fianna": (_fianna_choices, _fianna),
    "lug-samildanach": (no_arguments, _lug),
    "lugs-spear": (no_arguments, _spear),
    "oenguss-ploy": (no_arguments, _oengus),
    "ogmas-eloquence": (no_arguments, _ogma),
    "strengs-resolve": (no_arguments, _strengs),
    "tale-of-cuchulain": (_tale_choices, _tale),
}
