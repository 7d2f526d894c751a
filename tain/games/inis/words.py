"""Inis's sentences for people: its words among their parameters, and `message` that builds them
(docs/engine.md, "Messages").

A parameter named `card`, `save` or `with` is a card, given as its id ("new-clans"; in Italian
"Nuovi Clan"); `territory`, `source` and `destination` a territory ("cove"), `direction` the
Flock of Crows' side ("cw"). A sentence made of parts (a move's details, a list of cards) holds
its parts as messages (`joined`): each is said in the reader's language.
"""
from __future__ import annotations

from typing import Any

from tain.games import base
from tain.games.base import N_, IllegalAction, Message, Np_, Words
from tain.games.inis.catalogue import ACTION, EPIC, TERRITORY

CARD = {card: facts[0] for table in (ACTION, TERRITORY, EPIC) for card, facts in table.items()}
TERRITORY_NAME = {territory: facts[0] for territory, facts in TERRITORY.items()}
DIRECTION = {"cw": Np_("inis direction", "cw"), "ccw": Np_("inis direction", "ccw")}
WORDS: Words = {"card": CARD, "save": CARD, "with": CARD, "territory": TERRITORY_NAME, "source": TERRITORY_NAME,
                "destination": TERRITORY_NAME, "direction": DIRECTION}


def message(key: str, msgid: str | tuple[str, str], **params: Any) -> Message:
    """One of Inis's sentences (`inis.<key>`), its words in English in its text."""
    return base.message(f"inis.{key}", msgid, WORDS, **params)


def empty() -> Message:
    """No part at all: an empty text."""
    return message("empty", "")


def joined(parts: list[Message], empty: Message | None = None) -> Message:
    """Parts said one after the other, comma-separated ("Bard, Geis"); `empty` when there are none."""
    if not parts:
        return empty if empty is not None else message("nothing", N_("nothing"))
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = message("list", N_("%(first)s, %(more)s"), first=part, more=said)
    return said


def card_list(cards: list[str], empty: Message | None = None) -> Message:
    """Cards named one after the other: "Bard, Geis"."""
    return joined([message("card", N_("%(card)s"), card=card) for card in cards], empty)


def territory_list(territories: list[str]) -> Message:
    return joined([message("territory", N_("%(territory)s"), territory=t) for t in territories])


def refusal(msgid: str, code: str, /, **params: Any) -> IllegalAction:
    """`IllegalAction(msgid, code, **params)` whose English names the game's words (a card by its
    name: "You cannot play New Clans now.")."""
    error = IllegalAction(msgid, code, **params)
    error.args = (base.english(msgid, params, WORDS),)
    return error


def players_and(players: list[str]) -> Message:
    """Players named as the waiting list says them: "ann and bob and cat"."""
    said = message("player", N_("%(player)s"), player=players[-1])
    for player in reversed(players[:-1]):
        said = message("and", N_("%(player)s and %(more)s"), player=player, more=said)
    return said


def player_list(players: list[str]) -> Message:
    """Players named one after the other: "ann, bob"."""
    return joined([message("player", N_("%(player)s"), player=player) for player in players])
