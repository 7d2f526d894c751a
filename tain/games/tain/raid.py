"""The raid and resolution phases (R9–R17), resolved at once when everyone has passed.

Each raid phase leaves a public report in `state["reports"]`:

    {"turn": 3, "active_player": "ann",
     "title": "The raids of turn 3", "headline": "Turn 3: raid report",
     "kingdom": [{"player": "bob", "token": "warrior", "result": "cow" | "no cow left" | "beaten" | "bluff"}],
     "entrances": [{"board": "ann", "entrance": "pasture-1",
                    "guard": token | None, "scout": {"player": "bob", "token": "boy"} | None,
                    "result": "success" | "repelled" | "captured" | "kidnapped" | "bluff" | None,
                    "spoils": "cow" | "jewel" | "freed boy" | "freed daughter" | "nothing left" | None}],
     "recycled": [players who took their discard pile back],
     "game_over": bool,
     "lines": ["human-readable account", ...],
     "messages": {"title": message, "headline": message, "lines": [message, ...]}}

`title`, `headline` and `lines` are the English of `messages` (docs/engine.md, "Messages").
"""
from __future__ import annotations

from typing import Any

from tain.games.base import N_, Message, Player, State
from tain.games.tain.rules import (
    BIG_HERD, BLUFF, DAUGHTER, ENTRANCES, HOUSES, LAST_TURN, TOKENS, encounter, kingdom_winners,
)
from tain.games.tain.state import empty_board, next_seat, own_what_a_raid_phase_changes, seats_from
from tain.games.tain.words import message

Spoils = dict[Player, dict[str, Any]]


def resolve_turn(state: State) -> None:
    """Reveal, raid the kingdom, raid every board, then resolve the turn (in place)."""
    own_what_a_raid_phase_changes(state)
    order = seats_from(state["players"], state["active"])
    spoils: Spoils = {p: {"cows": 0, "jewels": 0, "captives": []} for p in order}
    title = message("report-title", N_("The raids of turn %(turn)s"), turn=state["turn"])
    headline = message("report-headline", N_("Turn %(turn)s: raid report"), turn=state["turn"])
    report: dict[str, Any] = {
        "turn": state["turn"], "active_player": state["active"],
        "title": title["text"], "headline": headline["text"],
        "kingdom": _raid_kingdom(state, order, spoils),
        "entrances": [],
    }
    for owner in order:  # R11: the active player's board first, then to the left
        report["entrances"].extend(_raid_board(state, owner, order, spoils))
    _take_home_plunder(state, spoils)
    over = state["turn"] >= LAST_TURN or any(clan["cows"] >= BIG_HERD for clan in state["clans"].values())
    report["recycled"] = [] if over else _recycle(state)
    report["game_over"] = over
    lines = _account(report)
    report["lines"] = [line["text"] for line in lines]
    report["messages"] = {"title": title, "headline": headline, "lines": lines}
    state["reports"].append(report)
    state["passed"] = []
    if over:
        state["phase"], state["current"] = "over", None
    else:
        state["turn"] += 1
        state["active"] = next_seat(state["players"], state["active"])  # R2
        state["phase"] = "scouting"


def _raid_kingdom(state: State, order: list[Player], spoils: Spoils) -> list[dict[str, Any]]:
    """R10: one raider or two of a kind take a cow each, a chieftain beats a warrior;
    with too few cows the raider nearer the active player is served first."""
    kingdom = state["kingdom"]
    raiders = sorted(kingdom["raiders"], key=lambda raider: order.index(raider["player"]))
    winners = kingdom_winners([(r["player"], r["token"]) for r in raiders if r["token"] != BLUFF])
    entries = []
    for raider in raiders:
        player, token = raider["player"], raider["token"]
        _discard(state, player, token)
        if token == BLUFF:
            result = "bluff"
        elif player not in winners:
            result = "beaten"
        elif kingdom["cows"]:
            kingdom["cows"] -= 1
            spoils[player]["cows"] += 1
            result = "cow"
        else:
            result = "no cow left"
        entries.append({"player": player, "token": token, "result": result})
    kingdom["raiders"] = []
    return entries


def _raid_board(state: State, owner: Player, order: list[Player], spoils: Spoils) -> list[dict[str, Any]]:
    """R9, R11–R14 on one clan board; clears the board."""
    entries = []
    successes: list[dict[str, Any]] = []
    for entrance in ENTRANCES:
        slot = state["boards"][owner][entrance]
        guard, scout = slot["guard"], slot["scout"]
        if guard is None and scout is None:
            continue
        entry = {"board": owner, "entrance": entrance, "guard": guard,
                 "scout": None if scout is None else scout.copy(),  # the slot is the earlier states' too
                 "result": None, "spoils": None}
        entries.append(entry)
        result = encounter(scout["token"], guard) if scout else None
        entry["result"] = result
        if result == "kidnapped":  # the guarding daughter goes to the warrior's owner
            spoils[scout["player"]]["captives"].append({"owner": owner, "token": DAUGHTER})
        elif guard is not None:
            _discard(state, owner, guard)
        if result == "captured":  # the scouting boy goes to the board's owner
            spoils[owner]["captives"].append({"owner": scout["player"], "token": scout["token"]})
        elif scout is not None:
            _discard(state, scout["player"], scout["token"])
        if result == "success":
            successes.append(entry)
    # R12: raiders are served in turn order from the active player, each taking
    # all their spoils from this board before the next.
    successes.sort(key=lambda entry: order.index(entry["scout"]["player"]))
    for entry in successes:
        entry["spoils"] = _take_spoils(state, owner, entry, spoils)
    state["boards"][owner] = empty_board()
    return entries


def _take_spoils(state: State, owner: Player, entry: dict[str, Any], spoils: Spoils) -> str:
    """R12–R13: a cow from a pasture; from a house, first free one's own captive
    (the daughter before a boy), else take a jewel."""
    raider = entry["scout"]["player"]
    clan = state["clans"][owner]
    if entry["entrance"] in HOUSES:
        mine = [captive for captive in clan["captives"] if captive["owner"] == raider]
        if mine:
            freed = min(mine, key=lambda captive: captive["token"] != DAUGHTER)
            clan["captives"].remove(freed)
            _discard(state, raider, freed["token"])
            return f"freed {freed['token']}"
        resource, won = "jewels", "jewel"
    else:
        resource, won = "cows", "cow"
    if not clan[resource]:
        return "nothing left"
    clan[resource] -= 1
    spoils[raider][resource] += 1
    return won


def _discard(state: State, player: Player, token: str) -> None:
    state["clans"][player]["discard"][token] += 1


def _take_home_plunder(state: State, spoils: Spoils) -> None:
    """R15: set-aside cows to the pasture, jewels and captives into the house."""
    for player, won in spoils.items():
        clan = state["clans"][player]
        clan["cows"] += won["cows"]
        clan["jewels"] += won["jewels"]
        clan["captives"].extend(won["captives"])
        clan["captives"].sort(key=lambda captive: (captive["owner"], captive["token"]))


def _recycle(state: State) -> list[Player]:
    """R17: a player with nothing behind the screen takes the whole discard pile back."""
    recycled = []
    for player in state["players"]:
        clan = state["clans"][player]
        if not any(clan["screen"].values()):
            clan["screen"], clan["discard"] = clan["discard"], {token: 0 for token in TOKENS}
            recycled.append(player)
    return recycled


KINGDOM_SENTENCES = {
    "cow": ("kingdom-cow", N_("Foreign kingdom: %(player)s's %(token)s takes a cow.")),
    "no cow left": ("kingdom-no-cow-left", N_("Foreign kingdom: %(player)s's %(token)s wins, but no cow is left.")),
    "beaten": ("kingdom-beaten", N_("Foreign kingdom: %(player)s's %(token)s comes home empty-handed; "
                                    "a chieftain took the cow.")),
    "bluff": ("kingdom-bluff", N_("Foreign kingdom: %(player)s's %(token)s was only a bluff.")),
}
# An entrance's outcome, by its result; a success by how the scout got in and what it took.
ENTRANCE_SENTENCES = {
    "bluff": ("entrance-bluff", N_("%(board)s's %(entrance)s: %(player)s's %(token)s was only a bluff "
                                   "(guarded by %(board)s's %(guard)s).")),
    "captured": ("entrance-captured", N_("%(board)s's %(entrance)s: %(player)s's %(token)s meets %(board)s's "
                                         "%(guard)s and is captured.")),
    "kidnapped": ("entrance-kidnapped", N_("%(board)s's %(entrance)s: %(player)s's %(token)s meets %(board)s's "
                                           "%(guard)s and kidnaps her.")),
    "repelled": ("entrance-repelled", N_("%(board)s's %(entrance)s: %(player)s's %(token)s is repelled by "
                                         "%(board)s's %(guard)s.")),
}
UNSCOUTED = ("entrance-unscouted", N_("%(board)s's %(entrance)s: guarded by %(board)s's %(guard)s; nobody came."))
BLUFF_UNGUARDED = ("entrance-bluff-unguarded", N_("%(board)s's %(entrance)s: %(player)s's %(token)s was only a "
                                                  "bluff (guarded by nobody)."))
SUCCESSES = {
    ("unguarded", "cow"): ("entrance-unguarded-cow", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s finds the entrance unguarded and takes a cow.")),
    ("unguarded", "jewel"): ("entrance-unguarded-jewel", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s finds the entrance unguarded and takes a jewel.")),
    ("unguarded", "nothing left"): ("entrance-unguarded-nothing", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s finds the entrance unguarded and finds nothing left "
        "to take.")),
    ("unguarded", "freed"): ("entrance-unguarded-frees", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s finds the entrance unguarded and frees the captive "
        "%(captive)s.")),
    ("bluff", "cow"): ("entrance-bluff-seen-cow", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s sees through %(board)s's bluff and takes a cow.")),
    ("bluff", "jewel"): ("entrance-bluff-seen-jewel", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s sees through %(board)s's bluff and takes a jewel.")),
    ("bluff", "nothing left"): ("entrance-bluff-seen-nothing", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s sees through %(board)s's bluff and finds nothing left "
        "to take.")),
    ("bluff", "freed"): ("entrance-bluff-seen-frees", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s sees through %(board)s's bluff and frees the captive "
        "%(captive)s.")),
    ("guarded", "cow"): ("entrance-past-cow", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s gets past %(board)s's %(guard)s and takes a cow.")),
    ("guarded", "jewel"): ("entrance-past-jewel", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s gets past %(board)s's %(guard)s and takes a jewel.")),
    ("guarded", "nothing left"): ("entrance-past-nothing", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s gets past %(board)s's %(guard)s and finds nothing "
        "left to take.")),
    ("guarded", "freed"): ("entrance-past-frees", N_(
        "%(board)s's %(entrance)s: %(player)s's %(token)s gets past %(board)s's %(guard)s and frees the captive "
        "%(captive)s.")),
}


def _account(report: dict[str, Any]) -> list[Message]:
    """The report in sentences, for pages and emails."""
    lines = []
    for raid in report["kingdom"]:
        key, msgid = KINGDOM_SENTENCES[raid["result"]]
        lines.append(message(key, msgid, player=raid["player"], token=raid["token"]))
    lines += [_entrance_sentence(entry) for entry in report["entrances"]]
    lines += [message("recycled", N_("%(player)s takes the discard pile back behind the screen."), player=player)
              for player in report["recycled"]]
    if report["game_over"]:
        lines.append(message("over", N_("The game is over.")))
    return lines


def _entrance_sentence(entry: dict[str, Any]) -> Message:
    board, guard, scout, result = entry["board"], entry["guard"], entry["scout"], entry["result"]
    where = {"board": board, "entrance": entry["entrance"]}
    if guard:
        where["guard"] = guard
    if scout is None:
        return message(*UNSCOUTED, **where)
    where["player"], where["token"] = scout["player"], scout["token"]
    if result == "bluff" and guard is None:
        return message(*BLUFF_UNGUARDED, **where)
    if result in ENTRANCE_SENTENCES:
        return message(*ENTRANCE_SENTENCES[result], **where)
    met = "unguarded" if guard is None else "bluff" if guard == BLUFF else "guarded"
    spoils = entry["spoils"]
    if spoils.startswith("freed "):
        return message(*SUCCESSES[met, "freed"], **where, captive=spoils.removeprefix("freed "))
    return message(*SUCCESSES[met, spoils], **where)
