"""The scouting phase: placing tokens, passing and simultaneous guarding (R5–R8a).

Whether a player is asked, passed or guarding simultaneously depends only on
public facts (R8a): how many tokens they hold, which slots are taken and who
has raided — never on which tokens they hold.
"""
from __future__ import annotations

from typing import Any

from tain.games.base import N_, Action, IllegalAction, Player, State
from tain.games.tain.rules import BOY, DAUGHTER, ENTRANCES, KINGDOM_SLOTS, RAIDERS, SCOUTS, TOKENS
from tain.games.tain.state import next_seat, seats_from

ACTION_KEYS = {
    "guard": {"type", "token", "entrance"},
    "scout": {"type", "token", "board", "entrance"},
    "raid": {"type", "token"},
    "pass": {"type"},
}


def to_act(state: State) -> list[Player]:
    if state["phase"] == "scouting":
        return [state["current"]]
    if state["phase"] == "guarding":
        return [p for p in seats_from(state["players"], state["active"]) if p not in state["passed"]]
    return []


def is_asked(state: State, player: Player) -> bool:
    """Whether `player` is in `to_act(state)`, without building that list (asked on every move)."""
    if state["phase"] == "scouting":
        return player == state["current"]
    return state["phase"] == "guarding" and player in state["players"] and player not in state["passed"]


def legal_actions(state: State, player: Player) -> list[Action]:
    """Every action `player` may take now, guards first, `pass` last (R6)."""
    if not is_asked(state, player):
        return []
    screen = state["clans"][player]["screen"]
    held = [token for token in TOKENS if screen[token]]
    actions: list[Action] = [
        {"type": "guard", "token": token, "entrance": entrance}
        for entrance, slot in state["boards"][player].items() if slot["guard"] is None
        for token in held
    ]
    if state["phase"] == "scouting":
        scouts = [token for token in held if token in SCOUTS]
        if scouts:
            boards = state["boards"]
            actions += [{"type": "scout", "token": token, "board": board, "entrance": entrance}
                        for board in state["players"] if board != player
                        for entrance, slot in boards[board].items() if slot["scout"] is None
                        for token in scouts]
        if _raid_open(state, player):
            actions += [{"type": "raid", "token": token} for token in held if token in RAIDERS]
    actions.append({"type": "pass"})
    return actions


def check_action(state: State, player: Player, action: Any) -> None:
    """Raise IllegalAction, in the player's terms, unless `action` is in legal_actions."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str) or action["type"] not in ACTION_KEYS:
        raise IllegalAction(N_("An action is one of guard, scout, raid or pass."), "tain.action-type")
    kind = action["type"]
    if action.keys() != ACTION_KEYS[kind]:
        _refuse_keys(kind, set(action))
    if kind == "pass":
        return
    token = action["token"]
    if token not in TOKENS:
        raise IllegalAction(N_("%(token)s is not a token; tokens are the chieftain, warriors, boys, the daughter "
                               "and bluffs."), "tain.not-a-token", token=repr(token))
    if kind == "guard":
        _check_guard(state, player, action["entrance"])
    elif state["phase"] == "guarding":
        raise IllegalAction(N_("Only guards can be placed now: every scouting and raiding slot is taken."),
                            "tain.only-guards")
    elif kind == "scout":
        _check_scout(state, player, token, action["board"], action["entrance"])
    else:
        _check_raid(state, player, token)
    if not state["clans"][player]["screen"][token]:
        raise IllegalAction(N_("You have no %(token)s left behind your screen."), "tain.token-used-up", token=token)


def _refuse_keys(kind: str, keys: set[str]) -> None:
    """A missing key is told before an extra one."""
    missing = ACTION_KEYS[kind] - keys
    if missing:
        raise IllegalAction(N_("A %(kind)s action needs %(keys)s."), "tain.action-keys-missing",
                            kind=kind, keys=sorted(missing - {"type"}))
    raise IllegalAction(N_("A %(kind)s action has no %(keys)s."), "tain.action-keys-extra",
                        kind=kind, keys=sorted(keys - ACTION_KEYS[kind]))


def _check_guard(state: State, player: Player, entrance: Any) -> None:
    _check_entrance(entrance)
    if state["boards"][player][entrance]["guard"] is not None:
        raise IllegalAction(N_("Your %(entrance)s is already guarded."), "tain.guarded", entrance=entrance)


def _check_scout(state: State, player: Player, token: str, board: Any, entrance: Any) -> None:
    if token == DAUGHTER:
        raise IllegalAction(N_("The chieftain's daughter never goes scouting."), "tain.daughter-scouts")
    if board == player:
        raise IllegalAction(N_("You cannot scout your own board; guard it instead."), "tain.own-board")
    if not isinstance(board, str) or board not in state["boards"]:
        raise IllegalAction(N_("%(board)s is not a clan in this game."), "tain.not-a-clan", board=repr(board))
    _check_entrance(entrance)
    if state["boards"][board][entrance]["scout"] is not None:
        raise IllegalAction(N_("%(board)s's %(entrance)s is already being scouted."), "tain.scouted",
                            board=board, entrance=entrance)


def _check_raid(state: State, player: Player, token: str) -> None:
    if token == DAUGHTER:
        raise IllegalAction(N_("The chieftain's daughter never goes raiding."), "tain.daughter-raids")
    if token == BOY:
        raise IllegalAction(N_("A boy cannot raid the foreign kingdom; send the chieftain, a warrior or a bluff."),
                            "tain.boy-raids")
    raiders = state["kingdom"]["raiders"]
    if any(raider["player"] == player for raider in raiders):
        raise IllegalAction(N_("You already have a token in the foreign kingdom this turn."), "tain.raided")
    if len(raiders) >= KINGDOM_SLOTS:
        raise IllegalAction(N_("Both slots of the foreign kingdom are taken."), "tain.kingdom-full")


def _check_entrance(entrance: Any) -> None:
    if entrance not in ENTRANCES:
        raise IllegalAction(N_("%(entrance)s is not an entrance; entrances are %(entrances)s."), "tain.not-an-entrance",
                            entrance=repr(entrance), entrances=list(ENTRANCES))


def place(state: State, player: Player, action: Action) -> None:
    """Put the token from behind `player`'s screen into its slot, face down (in place, copying
    the parts it changes: a state shares the others with the state it came from)."""
    token = action["token"]
    clans = state["clans"] = state["clans"].copy()
    clan = clans[player] = clans[player].copy()
    screen = clan["screen"] = clan["screen"].copy()
    screen[token] -= 1
    if action["type"] == "raid":
        kingdom = state["kingdom"] = state["kingdom"].copy()
        kingdom["raiders"] = [*kingdom["raiders"], {"player": player, "token": token}]
        return
    owner = player if action["type"] == "guard" else action["board"]
    boards = state["boards"] = state["boards"].copy()
    board = boards[owner] = boards[owner].copy()
    slot = board[action["entrance"]] = board[action["entrance"]].copy()
    if action["type"] == "guard":
        slot["guard"] = token
    else:
        slot["scout"] = {"player": player, "token": token}


def mark_passed(state: State, player: Player) -> None:
    if player not in state["passed"]:
        state["passed"] = [p for p in state["players"] if p in state["passed"] or p == player]


def advance(state: State, after: Player | None) -> bool:
    """Pass whoever cannot place (R7), switch to simultaneous guarding (R8) and
    choose who is asked next (R5). Returns True when everyone has passed.

    `after` is the player who just acted, or None at the start of a turn (the
    active player is then asked first).
    """
    waiting = []
    for player in state["players"]:
        if player in state["passed"]:
            continue
        if _can_place(state, player):
            waiting.append(player)
        else:
            mark_passed(state, player)
    players, passed = state["players"], state["passed"]
    if not waiting:
        state["current"] = None
        return True
    if state["phase"] == "guarding" or _only_guards_left_to_all(state, waiting):
        state["phase"], state["current"] = "guarding", None
        return False
    first = state["active"] if after is None else next_seat(players, after)
    state["current"] = _first_waiting(players, passed, first)
    return False


# These run after every move, most of them for every player: plain loops, which return sooner
# and cost less than any() or next() over a generator or a reordered copy of the players.
def _first_waiting(players: list[Player], passed: list[Player], first: Player) -> Player | None:
    """`first`, or if they have passed the next player to the left who has not (R1, R5)."""
    start = players.index(first)
    for step in range(len(players)):
        player = players[(start + step) % len(players)]
        if player not in passed:
            return player
    return None


def _only_guards_left_to_all(state: State, players: list[Player]) -> bool:
    for player in players:
        if not _only_guards_left(state, player):
            return False
    return True


def _can_place(state: State, player: Player) -> bool:
    """R7, from public facts: a token behind the screen and a free slot this player may use."""
    if not any(state["clans"][player]["screen"].values()):
        return False
    for slot in state["boards"][player].values():
        if slot["guard"] is None:
            return True
    return not _only_guards_left(state, player)


def _only_guards_left(state: State, player: Player) -> bool:
    """R8: no free scout slot on any opponent's board and no raid slot open to `player`."""
    if state["phase"] == "guarding":
        return True
    for board, entrances in state["boards"].items():
        if board != player:
            for slot in entrances.values():
                if slot["scout"] is None:
                    return False
    return not _raid_open(state, player)


def _raid_open(state: State, player: Player) -> bool:
    raiders = state["kingdom"]["raiders"]
    if len(raiders) >= KINGDOM_SLOTS:
        return False
    for raider in raiders:
        if raider["player"] == player:
            return False
    return True
