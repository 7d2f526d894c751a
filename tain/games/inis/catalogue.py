"""Every Inis card and territory (`inis-cards.md`), by id: the static catalogue.

Ids are stable kebab-case strings; an Advantage card has its territory's id (I3, I14).
Nothing here changes during a game, and none of it is part of a view.
"""
from __future__ import annotations

from typing import Any

from tain.games.base import N_, Np_

# id: (name in its context (the words of its messages), season side, triskel side, 4-player only)
ACTION: dict[str, tuple[tuple[str, str], bool, bool, bool]] = {
    "bard": (Np_("inis card", "Bard"), True, True, False),
    "citadel": (Np_("inis card", "Citadel"), True, False, False),
    "conquest": (Np_("inis card", "Conquest"), True, False, False),
    "craftsmen-and-peasants": (Np_("inis card", "Craftsmen & Peasants"), True, False, False),
    "druid": (Np_("inis card", "Druid"), True, False, False),
    "exploration": (Np_("inis card", "Exploration"), True, False, False),
    "festival": (Np_("inis card", "Festival"), True, False, False),
    "geis": (Np_("inis card", "Geis"), False, True, False),
    "migration": (Np_("inis card", "Migration"), True, False, False),
    "new-alliance": (Np_("inis card", "New Alliance"), True, False, False),
    "new-clans": (Np_("inis card", "New Clans"), True, False, False),
    "sanctuary": (Np_("inis card", "Sanctuary"), True, False, False),
    "warlord": (Np_("inis card", "Warlord"), True, True, False),
    "emissaries": (Np_("inis card", "Emissaries"), True, False, True),
    "master-craftsman": (Np_("inis card", "Master Craftsman"), True, True, True),
    "raid": (Np_("inis card", "Raid"), False, True, True),
    "scouts-and-spies": (Np_("inis card", "Scouts & Spies"), True, False, True),
}

# id: (name, enters with a Sanctuary, tile effect, Advantage card is a Season card)
TERRITORY: dict[str, tuple[tuple[str, str], bool, str | None, bool]] = {
    "cove": (Np_("inis territory", "Cove"), False, None, False),
    "forest": (Np_("inis territory", "Forest"), False, None, False),
    "gates-of-tir-na-nog": (Np_("inis territory", "Gates of Tír na nÓg"), True,
                            N_("enters with 1 Sanctuary; direction changes hurt and reward"), False),
    "highlands": (Np_("inis territory", "Highlands"), False, None, False),
    "hills": (Np_("inis territory", "Hills"), False, None, False),
    "iron-mine": (Np_("inis territory", "Iron Mine"), False, None, False),
    "lost-vale": (Np_("inis territory", "Lost Vale"), False, None, False),
    "meadows": (Np_("inis territory", "Meadows"), False, None, False),
    "misty-lands": (Np_("inis territory", "Misty Lands"), False, None, True),
    "moor": (Np_("inis territory", "Moor"), False, None, False),
    "mountains": (Np_("inis territory", "Mountains"), False, N_("moving in costs a card or a clan"), False),
    "plains": (Np_("inis territory", "Plains"), False, None, True),
    "salt-mine": (Np_("inis territory", "Salt Mine"), False, None, False),
    "stone-circle": (Np_("inis territory", "Stone Circle"), True, N_("enters with 1 Sanctuary"), False),
    "swamp": (Np_("inis territory", "Swamp"), False, N_("no Citadel may be placed there"), True),
    "valley": (Np_("inis territory", "Valley"), False, None, False),
}

# id: (name, Season card); the others are Triskel cards
EPIC: dict[str, tuple[tuple[str, str], bool]] = {
    "balors-eye": (Np_("inis card", "Balor's Eye"), True),
    "battle-frenzy": (Np_("inis card", "Battle Frenzy"), False),
    "the-battle-of-moytura": (Np_("inis card", "The Battle of Moytura"), False),
    "breas-tyranny": (Np_("inis card", "Breas' Tyranny"), True),
    "cathbads-word": (Np_("inis card", "CathBad's Word"), False),
    "the-champions-share": (Np_("inis card", "The Champion's Share"), True),
    "children-of-dana": (Np_("inis card", "Children of Dana"), True),
    "the-dagda": (Np_("inis card", "The Dagda"), False),
    "dagdas-cauldron": (Np_("inis card", "Dagda's Cauldron"), False),
    "the-dagdas-club": (Np_("inis card", "The Dagda's Club"), False),
    "dagdas-harp": (Np_("inis card", "Dagda's Harp"), True),
    "deirdres-beauty": (Np_("inis card", "Deirdre's Beauty"), True),
    "diarmuid-and-grainne": (Np_("inis card", "Diarmuid and Gráinne"), False),
    "eriu": (Np_("inis card", "Ériu"), True),
    "the-fianna": (Np_("inis card", "The Fianna"), False),
    "kernunos-sanctuary": (Np_("inis card", "Kernuno's Sanctuary"), True),
    "lug-samildanach": (Np_("inis card", "Lug Samildanach"), False),
    "lugs-spear": (Np_("inis card", "Lug's Spear"), False),
    "maeves-wealth": (Np_("inis card", "Maeve's Wealth"), True),
    "manannans-horses": (Np_("inis card", "Manannán's Horses"), True),
    "the-morrigan": (Np_("inis card", "The Morrígan"), True),
    "nuada-silverhand": (Np_("inis card", "Nuada Silverhand"), True),
    "oenguss-ploy": (Np_("inis card", "Oengus's Ploy"), False),
    "ogmas-eloquence": (Np_("inis card", "Ogma's Eloquence"), False),
    "the-other-world": (Np_("inis card", "The Other World"), True),
    "the-stone-of-fal": (Np_("inis card", "The Stone of Fál"), True),
    "strengs-resolve": (Np_("inis card", "Streng's Resolve"), False),
    "tailtus-land": (Np_("inis card", "Tailtu's Land"), True),
    "tale-of-cuchulain": (Np_("inis card", "Tale of Cúchulainn"), False),
    "tuans-memory": (Np_("inis card", "Tuan's Memory"), True),
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
        return ACTION[card][0][1]
    if card in TERRITORY:
        return TERRITORY[card][0][1]
    return EPIC[card][0][1]


def territory_name(territory: str) -> str:
    return TERRITORY[territory][0][1]


def actions_in_use(player_count: int) -> list[str]:
    """I3: all 17 Action cards with 4 players, the 13 others otherwise."""
    return [card for card in ACTION if player_count == 4 or card not in FOUR_PLAYER_ACTIONS]


def catalogue() -> dict[str, Any]:
    """The static card list of engine-api-inis.md ("Names")."""
    cards: dict[str, Any] = {}
    for card in [*ACTION, *TERRITORY, *EPIC]:
        cards[card] = {"name": card_name(card), "type": card_type(card), "season": has_season_side(card),
                       "triskel": has_triskel_side(card), "four_players": card in FOUR_PLAYER_ACTIONS}
    territories = {t: {"name": territory_name(t), "sanctuary": sanctuary, "effect": effect}
                   for t, (_, sanctuary, effect, _) in TERRITORY.items()}
    return {"cards": cards, "territories": territories}


def catalogue_messages() -> dict[str, Any]:
    """What people read of the catalogue, as messages (docs/engine.md, "Messages"): each card's name
    and rules text, each territory's name and tile effect."""
    from tain.games.inis.words import message  # the words are made of this catalogue
    cards = {card: {"name": message("card", N_("%(card)s"), card=card), "text": message(f"card-text-{card}", TEXT[card])}
             for card in [*ACTION, *TERRITORY, *EPIC]}
    territories = {}
    for territory, (_, _, effect, _) in TERRITORY.items():
        territories[territory] = {"name": message("territory", N_("%(territory)s"), territory=territory)}
        if effect:
            territories[territory]["effect"] = message(f"tile-{territory}", effect)
    return {"cards": cards, "territories": territories}


# Each card's rules in short (inis-cards.md in our words; inis-rulings.md decides the details).
# "Season:" is its Season side, played on its owner's turn; "Triskel:" its Triskel side, at its moment.
TEXT: dict[str, str] = {
    # Action cards
    "bard": N_("Season: draw 1 Epic Tale. Triskel, after your maneuver removed at least one opposing clan: "
               "gain 1 Deed."),
    "citadel": N_("Season: put a Citadel in a territory where you are present (not the Swamp); if its Advantage "
                  "card has not been played this round, take it."),
    "conquest": N_("Season: choose a territory and move one or more of your clans into it from adjacent "
                   "territories; opposing clans there mean a clash."),
    "craftsmen-and-peasants": N_("Season: in each territory where you are present you may place 1 clan for each "
                                 "Citadel there (the Capital counts)."),
    "druid": N_("Season, not while it is your only Action card: look through the Action discard and take one card "
                "from it into your hand."),
    "exploration": N_("Season: the top territory of the stack is revealed; the Brenn places it in an open cell and "
                      "you place 1 clan in it."),
    "festival": N_("Season: in a territory with a Sanctuary where you are present, place 1 clan and the Festival; "
                   "until the Season ends, whoever starts a clash there loses a clan there."),
    "geis": N_("Triskel, when an opponent plays an Action card: that card has no effect and is discarded."),
    "migration": N_("Season: move one or more of your clans from one territory into one or more adjacent "
                    "territories; opposing clans there mean clashes."),
    "new-alliance": N_("Season: in a territory where you are present, place 1 clan, or replace 1 clan of an "
                       "opponent who has at least 2 there with one of yours."),
    "new-clans": N_("Season: place 2 clans in one or two territories where you are present."),
    "sanctuary": N_("Season: put a Sanctuary in a territory where you are present and draw 1 Epic Tale."),
    "warlord": N_("Season: start a clash in a territory where you and an opponent are present. Triskel, after a "
                  "maneuver in a clash where you have clans: place 1 clan there, exposed, and choose who makes the "
                  "next maneuver."),
    "emissaries": N_("Season: move 1 of your clans into an adjacent territory; this never starts a clash."),
    "master-craftsman": N_("Season: discard 1 other card of your hand, then draw 1 Epic Tale. Triskel, after an Epic "
                           "Tale you played has resolved: give that Epic Tale to another player instead of "
                           "discarding it, and gain 1 Deed."),
    "raid": N_("Triskel, after your Attack: take 1 Action card at random from the attacked player; if he has none, "
               "remove 1 of his exposed clans."),
    "scouts-and-spies": N_("Season: look at an opponent's Action cards, then move one or more of your clans into an "
                           "adjacent territory (a clash may follow)."),
    # Advantage cards
    "cove": N_("Triskel, after you play a Season card: take the set-aside Action card, then set aside one Action "
               "card of your hand in secret."),
    "forest": N_("Triskel, after an Epic Tale you played has resolved: draw 1 Epic Tale."),
    "gates-of-tir-na-nog": N_("Triskel, when the Gates make you draw: draw 1 more, keep 1 of the cards drawn and "
                              "discard the others face up."),
    "highlands": N_("Triskel, when a clash starts in the Highlands: choose a player with exposed clans there; he "
                    "becomes the instigator."),
    "hills": N_("Triskel, when you are attacked in the Hills: the Attack does nothing."),
    "iron-mine": N_("Triskel, with your Attack: the attacked player must both discard 1 Action card and lose 1 "
                    "exposed clan."),
    "lost-vale": N_("Triskel, after you play a Season card: move any one clan from a territory adjacent to the Lost "
                    "Vale into the Lost Vale; this never starts a clash."),
    "meadows": N_("Triskel, when you draw Epic Tales: draw 1 more, then keep as many as you could keep and discard "
                  "the others face up."),
    "misty-lands": N_("Season: discard one or more of your Action cards, draw as many Epic Tales, keep 1 and discard "
                      "the others face up."),
    "moor": N_("Triskel, whenever you are asked to act: look at the Epic Tales in one opponent's hand."),
    "mountains": N_("Triskel, when the Mountains would cost you a card or a clan: ignore the cost."),
    "plains": N_("Season: move one or more of your clans, each into a territory adjacent to the one it leaves."),
    "salt-mine": N_("Triskel, after you play a Season card: take 1 Action card at random from an opponent, then give "
                    "him 1 Action card of your choice."),
    "stone-circle": N_("Triskel, after an Epic Tale you played has resolved: remove 1 of your clans from the Stone "
                       "Circle and take that Epic Tale back into your hand."),
    "swamp": N_("Season: no effect; a way to play a card instead of passing."),
    "valley": N_("Triskel, after you play a Season card: place 1 clan in a territory where you are present."),
    # Epic Tales
    "balors-eye": N_("Season: remove 1 clan (anyone's, yours too) from any territory."),
    "battle-frenzy": N_("Triskel, when the Citadels of a clash are filled: every sheltered clan comes out and is "
                        "exposed."),
    "the-battle-of-moytura": N_("Triskel, as a maneuver: move one or more of your clans into the clash from adjacent "
                                "territories, then place 1 clan there; all are exposed."),
    "breas-tyranny": N_("Season: from a territory where you are present, move 1 clan of an opponent into an adjacent "
                        "territory; this never starts a clash."),
    "cathbads-word": N_("Triskel, when an Assembly begins: name an Action card in secret; it is set aside at the "
                        "deal, and after the draft you take it and set aside one of yours in secret."),
    "the-champions-share": N_("Season: take the set-aside Action card into your hand."),
    "children-of-dana": N_("Season: place 1 clan in any territory."),
    "the-dagda": N_("Triskel, when another player plays an Epic Tale or an Advantage card: that card has no effect "
                    "and is discarded; an Epic Tale discard is shuffled back into the deck."),
    "dagdas-cauldron": N_("Triskel, when one of your clans is removed in a clash: your clans removed in this clash go "
                          "onto this card; when it ends, up to 3 of them return to that territory."),
    "the-dagdas-club": N_("Triskel, when one of your clans would be removed: it is not removed. Or with your Attack: "
                          "you choose whether the attacked player loses a clan or discards a card."),
    "dagdas-harp": N_("Season: place 1 clan for each other Epic Tale in your hand (at most 3) in territories where "
                      "you are present."),
    "deirdres-beauty": N_("Season: name one of your clans to remove; each opponent reveals an Epic Tale at random; "
                          "take one of them, the others are discarded; then your clan is removed."),
    "diarmuid-and-grainne": N_("Triskel, when one of your clans would be removed: put it instead into another "
                               "territory where you are present; this never starts a clash."),
    "eriu": N_("Season: in each of up to 3 territories with a Sanctuary where you are present, you may place 1 clan."),
    "the-fianna": N_("Triskel, as a maneuver: move one or more of your clans in the clash, exposed or sheltered, into "
                     "one adjacent territory; this never starts a clash."),
    "kernunos-sanctuary": N_("Season: in a territory without a Sanctuary where you are present, place 1 clan and a "
                             "Sanctuary."),
    "lug-samildanach": N_("Triskel, after any Action card has resolved: that card goes into your hand instead of "
                          "the discard."),
    "lugs-spear": N_("Triskel, when a clash starts: nobody may play Triskel cards for the rest of this clash."),
    "maeves-wealth": N_("Season: each opponent gives you an Action card of his choice; then you give one Action card "
                        "back to each of them."),
    "manannans-horses": N_("Season: move 1 to 3 of your clans from one territory to any other territory."),
    "the-morrigan": N_("Season: you may turn the Flock of Crows over; then you may start a clash in a territory where "
                       "at least two players are present, naming its instigator among them."),
    "nuada-silverhand": N_("Season: in each territory where you are chieftain you may place up to 1 clan for each "
                           "opponent present there."),
    "oenguss-ploy": N_("Triskel, at the end of a Season turn: you take the next turn; the Season goes on even if it "
                       "would have ended."),
    "ogmas-eloquence": N_("Triskel, as a maneuver: the clash ends at once."),
    "the-other-world": N_("Season: in a territory where you are present, for each Sanctuary there (at most 3) place "
                          "1 clan or remove 1 opposing clan."),
    "the-stone-of-fal": N_("Season: place 2 clans in the Capital."),
    "strengs-resolve": N_("Triskel, after your Attack: gain 1 Deed."),
    "tailtus-land": N_("Season: draw up to 3 territories, place one of them in an open cell, put the others back "
                       "under the stack; then you may move 1 of your clans into it from an adjacent territory."),
    "tale-of-cuchulain": N_("Triskel, as a maneuver while you have exactly 1 exposed clan in the clash: remove any 2 "
                            "exposed clans there."),
    "tuans-memory": N_("Season: draw 3 Epic Tales, keep 1 and discard the others face up."),
}
