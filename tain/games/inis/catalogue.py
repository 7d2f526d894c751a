"""Every Inis card and territory (`inis-cards.md`), by id: the static catalogue.

Ids are stable kebab-case strings; an Advantage card has its territory's id (I3, I14).
Nothing here changes during a game, and none of it is part of a view.
"""
from __future__ import annotations

from typing import Any

# id: (name, season side, triskel side, 4-player only)
ACTION: dict[str, tuple[str, bool, bool, bool]] = {
    "bard": ("Bard", True, True, False),
    "citadel": ("Citadel", True, False, False),
    "conquest": ("Conquest", True, False, False),
    "craftsmen-and-peasants": ("Craftsmen & Peasants", True, False, False),
    "druid": ("Druid", True, False, False),
    "exploration": ("Exploration", True, False, False),
    "festival": ("Festival", True, False, False),
    "geis": ("Geis", False, True, False),
    "migration": ("Migration", True, False, False),
    "new-alliance": ("New Alliance", True, False, False),
    "new-clans": ("New Clans", True, False, False),
    "sanctuary": ("Sanctuary", True, False, False),
    "warlord": ("Warlord", True, True, False),
    "emissaries": ("Emissaries", True, False, True),
    "master-craftsman": ("Master Craftsman", True, True, True),
    "raid": ("Raid", False, True, True),
    "scouts-and-spies": ("Scouts & Spies", True, False, True),
}

# id: (name, enters with a Sanctuary, tile effect, Advantage card is a Season card)
TERRITORY: dict[str, tuple[str, bool, str | None, bool]] = {
    "cove": ("Cove", False, None, False),
    "forest": ("Forest", False, None, False),
    "gates-of-tir-na-nog": ("Gates of Tír na nÓg", True, "enters with 1 Sanctuary; direction changes hurt and reward",
                            False),
    "highlands": ("Highlands", False, None, False),
    "hills": ("Hills", False, None, False),
    "iron-mine": ("Iron Mine", False, None, False),
    "lost-vale": ("Lost Vale", False, None, False),
    "meadows": ("Meadows", False, None, False),
    "misty-lands": ("Misty Lands", False, None, True),
    "moor": ("Moor", False, None, False),
    "mountains": ("Mountains", False, "moving in costs a card or a clan", False),
    "plains": ("Plains", False, None, True),
    "salt-mine": ("Salt Mine", False, None, False),
    "stone-circle": ("Stone Circle", True, "enters with 1 Sanctuary", False),
    "swamp": ("Swamp", False, "no Citadel may be placed there", True),
    "valley": ("Valley", False, None, False),
}

# id: (name, Season card); the others are Triskel cards
EPIC: dict[str, tuple[str, bool]] = {
    "balors-eye": ("Balor's Eye", True),
    "battle-frenzy": ("Battle Frenzy", False),
    "the-battle-of-moytura": ("The Battle of Moytura", False),
    "breas-tyranny": ("Breas' Tyranny", True),
    "cathbads-word": ("CathBad's Word", False),
    "the-champions-share": ("The Champion's Share", True),
    "children-of-dana": ("Children of Dana", True),
    "the-dagda": ("The Dagda", False),
    "dagdas-cauldron": ("Dagda's Cauldron", False),
    "the-dagdas-club": ("The Dagda's Club", False),
    "dagdas-harp": ("Dagda's Harp", True),
    "deirdres-beauty": ("Deirdre's Beauty", True),
    "diarmuid-and-grainne": ("Diarmuid and Gráinne", False),
    "eriu": ("Ériu", True),
    "the-fianna": ("The Fianna", False),
    "kernunos-sanctuary": ("Kernuno's Sanctuary", True),
    "lug-samildanach": ("Lug Samildanach", False),
    "lugs-spear": ("Lug's Spear", False),
    "maeves-wealth": ("Maeve's Wealth", True),
    "manannans-horses": ("Manannán's Horses", True),
    "the-morrigan": ("The Morrígan", True),
    "nuada-silverhand": ("Nuada Silverhand", True),
    "oenguss-ploy": ("Oengus's Ploy", False),
    "ogmas-eloquence": ("Ogma's Eloquence", False),
    "the-other-world": ("The Other World", True),
    "the-stone-of-fal": ("The Stone of Fál", True),
    "strengs-resolve": ("Streng's Resolve", False),
    "tailtus-land": ("Tailtu's Land", True),
    "tale-of-cuchulain": ("Tale of Cúchulainn", False),
    "tuans-memory": ("Tuan's Memory", True),
}

FOUR_PLAYER_ACTIONS = tuple(card for card, (_, _, _, four) in ACTION.items() if four)
EPIC_MANEUVERS = ("the-battle-of-moytura", "the-fianna", "ogmas-eloquence", "tale-of-cuchulain")  # I43
SAVING_CARDS = ("the-dagdas-club", "dagdas-cauldron", "diarmuid-and-grainne")  # I41, I56

# I63: the time-out ranking of Action cards, best first (also the bot's draft, I64).
RANKING = ("new-clans", "conquest", "migration", "warlord", "sanctuary", "exploration", "new-alliance",
           "festival", "citadel", "bard", "geis", "craftsmen-and-peasants", "druid", "scouts-and-spies",
           "emissaries", "master-craftsman", "raid")

CITADELS = 8       # I2: plus the Capital
SANCTUARIES = 9
CLANS = 12


def card_type(card: str) -> str:
    """'action', 'advantage' or 'epic'."""
    if card in ACTION:
        return "action"
    if card in TERRITORY:
        return "advantage"
    return "epic"


def is_card(card: Any) -> bool:
    return isinstance(card, str) and (card in ACTION or card in TERRITORY or card in EPIC)


def has_season_side(card: str) -> bool:
    if card in ACTION:
        return ACTION[card][1]
    if card in TERRITORY:
        return TERRITORY[card][3]
    return EPIC[card][1]


def has_triskel_side(card: str) -> bool:
    if card in ACTION:
        return ACTION[card][2]
    if card in TERRITORY:
        return not TERRITORY[card][3]
    return not EPIC[card][1]


def card_name(card: str) -> str:
    if card in ACTION:
        return ACTION[card][0]
    if card in TERRITORY:
        return TERRITORY[card][0]
    return EPIC[card][0]


def territory_name(territory: str) -> str:
    return TERRITORY[territory][0]


def actions_in_use(player_count: int) -> list[str]:
    """I3: all 17 Action cards with 4 players, the 13 others otherwise."""
    return [card for card in ACTION if player_count == 4 or card not in FOUR_PLAYER_ACTIONS]


def catalogue() -> dict[str, Any]:
    """The static card list of engine-api-inis.md ("Names")."""
    cards: dict[str, Any] = {}
    for card in [*ACTION, *TERRITORY, *EPIC]:
        cards[card] = {"name": card_name(card), "type": card_type(card), "season": has_season_side(card),
                       "triskel": has_triskel_side(card), "four_players": card in FOUR_PLAYER_ACTIONS}
    territories = {t: {"name": name, "sanctuary": sanctuary, "effect": effect}
                   for t, (name, sanctuary, effect, _) in TERRITORY.items()}
    return {"cards": cards, "territories": territories}
