"""Clans removed (I13): to the reserve, or onto Dagda's Cauldron during its clash; the
`clan-removed` window for removals the owner did not choose (I49), and the saves folded into
an answer to an Attack or a Mountains cost (I56)."""
from __future__ import annotations

from typing import Any, Iterator

from tain.games.base import Action, Player
from tain.games.inis import windows
from tain.games.base import Nn_
from tain.games.inis.board import Board, clans, say, take_off


def remove(board: Board, owner: Player, territory: str, count: int, card: str | None, by: Player | None
           ) -> Iterator[Any]:
    """Remove up to `count` clans of `owner`; when `by` is not the owner, he may save them in the
    `clan-removed` window first. Returns how many were lost."""
    count = min(count, _removable(board, owner, territory))
    if count <= 0:
        return 0
    removal = {"owner": owner, "territory": territory, "count": count, "saved": 0}
    if by != owner:
        yield from windows.window(board, {"kind": "clan-removed", "actor": owner, "card": card,
                                          "territories": [territory], "players": [owner], "removal": removal})
    lost = min(count - removal["saved"], _removable(board, owner, territory))
    lose(board, owner, territory, lost)
    return 0 if on_cauldron(board, owner, territory) else lost


def _removable(board: Board, owner: Player, territory: str) -> int:
    """In a clash, removals take exposed clans (I39); elsewhere any clan."""
    clash = board["clash"]
    if clash and clash["territory"] == territory:
        return clans(board, territory, owner) - clash["sheltered"].get(owner, 0)
    return clans(board, territory, owner)


def on_cauldron(board: Board, owner: Player, territory: str) -> bool:
    clash = board["clash"]
    return bool(clash and clash["territory"] == territory and clash["cauldron"] == owner)


def lose(board: Board, owner: Player, territory: str, count: int) -> None:
    """Clans leave the board: onto the owner's Dagda's Cauldron in its clash, else to his reserve."""
    if count <= 0:
        return
    count = take_off(board, owner, territory, count)
    clash = board["clash"]
    if clash and clash["territory"] == territory:
        clash["removed"][owner] = clash["removed"].get(owner, 0) + count
    if on_cauldron(board, owner, territory):
        board["cauldron"][owner] += count
        say(board, "loses-to-cauldron", Nn_("%(player)s loses %(num)s clan in %(territory)s, onto Dagda's Cauldron.",
                                            "%(player)s loses %(num)s clans in %(territory)s, onto Dagda's Cauldron."),
            player=owner, num=count, territory=territory)
    else:
        board["reserve"][owner] += count
        say(board, "loses", Nn_("%(player)s loses %(num)s clan in %(territory)s.",
                                "%(player)s loses %(num)s clans in %(territory)s."),
            player=owner, num=count, territory=territory)


def save_options(board: Board, owner: Player, territory: str) -> list[dict[str, Any]]:
    """The saves a `lose-clan` answer may carry (I41, I56): the saving cards he holds."""
    from tain.games.inis.asking import triskels_blocked
    if triskels_blocked(board):
        return []
    epic = board["hands"][owner]["epic"]
    found: list[dict[str, Any]] = []
    if "the-dagdas-club" in epic:
        found.append({"save": "the-dagdas-club"})
    if "dagdas-cauldron" in epic and board["clash"] and board["clash"]["territory"] == territory:
        found.append({"save": "dagdas-cauldron"})
    if "diarmuid-and-grainne" in epic:
        found += [{"save": "diarmuid-and-grainne", "territory": t}
                  for t in sorted(board["terr"]) if t != territory and board["terr"][t]["clans"].get(owner)]
    return found


def lose_one(board: Board, owner: Player, territory: str, answer: Action) -> Iterator[Any]:
    """One clan lost by the owner's own answer, saved if his answer plays a saving card (I56) or his
    Dagda's Cauldron is in play in that clash. Returns True when the clan was lost and not saved (I41)."""
    from tain.games.inis import plays
    if _removable(board, owner, territory) <= 0:
        return False
    removal = {"owner": owner, "territory": territory, "count": 1, "saved": 0}
    save = answer.get("save")
    if save:
        args = {"territory": answer["territory"]} if "territory" in answer else {}
        record = yield from plays.play_card(board, owner, save, args, "triskel",
                                            {"kind": "folded", "removal": removal})
        if save == "dagdas-cauldron" and not record["cancelled"]:
            lose(board, owner, territory, 1)
            return False
    if removal["saved"]:
        return False
    lose(board, owner, territory, 1)
    return not on_cauldron(board, owner, territory)  # onto his Cauldron in play there: saved (I49), as `remove` says
