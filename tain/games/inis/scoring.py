"""Victory conditions (I19), the check for victory (I20) and the scores (I61)."""
from __future__ import annotations

from tain.games.base import Player
from tain.games.inis.board import Board, chieftain

TARGET = 6
CONDITIONS = ("leadership", "faith", "land")


def all_values(board: Board) -> dict[Player, dict[str, int]]:
    """I19 for everyone: leadership (opposing clans where he is chieftain), faith (Sanctuaries
    where he is present), land (territories where he is present)."""
    found = {p: {"leadership": 0, "faith": 0, "land": 0} for p in board["players"]}
    for territory, here in board["terr"].items():
        counts = here["clans"]
        for p in counts:
            found[p]["faith"] += here["sanctuaries"]
            found[p]["land"] += 1
        chief = chieftain(board, territory)
        if chief is not None:
            found[chief]["leadership"] += sum(counts.values()) - counts[chief]
    return found


def met(counts: dict[str, int], deeds: int) -> int:
    """I19: the most conditions whose smallest shortfalls the Deeds can cover together."""
    shortfalls = sorted(max(0, TARGET - counts[c]) for c in CONDITIONS)
    total = done = 0
    for shortfall in shortfalls:
        total += shortfall
        if total > deeds:
            break
        done += 1
    return done


def conditions(board: Board) -> dict[Player, dict[str, int]]:
    found = all_values(board)
    for player, counts in found.items():
        counts["met"] = met(counts, board["deeds"][player])
    return found


def conditions_met(board: Board) -> dict[Player, int]:
    return {p: c["met"] for p, c in conditions(board).items()}


def check_victory(board: Board) -> Player | None:
    """I20: among the Pretenders, the one meeting the most conditions (at least one); a tie goes
    to the Brenn if he is among them, else nobody wins."""
    scores = conditions_met(board)
    competitors = [p for p in board["players"] if p in board["pretenders"]]
    if not competitors:
        return None
    best = max(scores[p] for p in competitors)
    if best == 0:
        return None
    leaders = [p for p in competitors if scores[p] == best]
    if len(leaders) == 1:
        return leaders[0]
    return board["brenn"] if board["brenn"] in leaders else None

