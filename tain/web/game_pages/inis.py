"""What Inis's page needs beyond the seat's view: the map as hexes placed from their axial
cells, the seat's hand named from the engine's catalogue, and every legal action as a control:
a territory or an open cell chosen on the map where the step asks for one (and, for a card whose
plays differ only in their territory, after the card is picked beside the map), the draft as one form
per step (each allowed set of cards to keep), every other action as a button, or, when a card or
answer has many forms, one list to choose from."""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tain.games import Action, Game as Engine, get_game
from tain.games.inis import catalogue as inis_catalogue, scoring as inis_scoring
from tain.messages import tell
from tain.web.moves import Move
from tain.wording import gettext, names as listed

from . import inis_rules

# The steps whose every action names one territory (or one open cell): chosen by a click on the map.
MAP_STEPS = {"capital", "place-clan", "clash-order", "place-territory"}
MAX_BUTTONS = 6  # beyond this many forms of one card or answer, the page offers one list instead
HEX_SIZE = 10.0  # the map's unit: a hex's radius in SVG units
NAME_LINE = 10  # a territory's name longer than this many letters goes on two lines
COUNTER_GAP = 5.6  # between the centres of two players' clan counters side by side
MAX_COLUMNS = 12  # the widest map the stylesheet has a least width for
PICK_SIZE = 12.0  # the button over a hex that may be chosen, in SVG units (drawn at 44 px or more on a phone)


@dataclass(frozen=True)
class Clans:
    """One player's clans in a territory, drawn as a counter at (x, y) of the map."""

    player: str
    count: int
    chieftain: bool
    x: float
    y: float


@dataclass
class Hex:
    """One cell of the map: a territory, or an open cell where one may be placed."""

    cell: str
    x: float  # the centre, in SVG units from the map's top left
    y: float
    territory: str | None = None
    name: str = ""
    facts: Mapping[str, Any] = field(default_factory=dict)
    festival: bool = False
    move: Move | None = None
    clash: bool = False

    @property
    def layer(self) -> int:
        """Drawn in this order, so that a marked outline is never covered by a neighbour's: open cells,
        territories, then the clash's territory and the hexes that may be chosen."""
        return 0 if self.territory is None and self.move is None else 2 if self.clash or self.move else 1

    @property
    def points(self) -> str:
        corners = [(self.x + HEX_SIZE * math.cos(math.radians(60 * i - 30)),
                    self.y + HEX_SIZE * math.sin(math.radians(60 * i - 30))) for i in range(6)]
        return " ".join(f"{x:.2f},{y:.2f}" for x, y in corners)

    @property
    def name_lines(self) -> list[str]:
        """The territory's name on one line, or two when it is long (split between words)."""
        words = self.name.split()
        if len(self.name) <= NAME_LINE or len(words) < 2:
            return [self.name]
        cut = min(range(1, len(words)), key=lambda n: abs(len(" ".join(words[:n])) - len(" ".join(words[n:]))))
        return [" ".join(words[:cut]), " ".join(words[cut:])]

    @property
    def clans(self) -> list[Clans]:
        """Each player's counter, in rows of two in the hex's lower half."""
        here = [(player, count) for player, count in self.facts.get("clans", {}).items() if count]
        rows = [here[i:i + 2] for i in range(0, len(here), 2)]
        counters = []
        for row_number, row in enumerate(rows):
            y = self.y + (3.2 if len(rows) == 1 else 1.3 + 3.7 * row_number)
            for index, (player, count) in enumerate(row):
                x = self.x + (index - (len(row) - 1) / 2) * COUNTER_GAP
                counters.append(Clans(player, count, self.facts.get("chieftain") == player, round(x, 2), round(y, 2)))
        return counters


@dataclass(frozen=True)
class MoveGroup:
    """The legal actions of one kind (one card, one answer) offered together."""

    key: str  # the action's type, or "play:<card>"
    card: str | None
    moves: list[Move]
    on_map: bool = False  # every form of it names one territory: it may be chosen on the map (`?pick=<card>`)
    picked: bool = False  # it is: the map's buttons are its territories

    @property
    def as_list(self) -> bool:
        return len(self.moves) > MAX_BUTTONS


def _centre(cell: str) -> tuple[float, float]:
    q, r = (int(part) for part in cell.split(","))
    return HEX_SIZE * math.sqrt(3) * (q + r / 2), HEX_SIZE * 1.5 * r


def map_hexes(view: Mapping[str, Any], names: Mapping[str, str],
              moves: Mapping[str, Move]) -> tuple[list[Hex], tuple[float, float]]:
    """Every placed territory and open cell with what stands there and the click that acts there;
    and the map's width and height in SVG units."""
    cells = dict(view["cells"])
    every = list(cells) + [cell for cell in view["open_cells"] if cell not in cells]
    centres = {cell: _centre(cell) for cell in every}
    xs = [x for x, _ in centres.values()] or [0.0]
    ys = [y for _, y in centres.values()] or [0.0]
    margin = HEX_SIZE * 1.1
    width, height = max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin
    hexes = []
    for cell in every:
        x, y = centres[cell][0] - min(xs) + margin, centres[cell][1] - min(ys) + margin
        territory = cells.get(cell)
        hexes.append(Hex(cell, round(x, 2), round(y, 2), territory, names.get(territory, "") if territory else "",
                         view["territories"].get(territory, {}) if territory else {},
                         territory is not None and territory == view["festival_territory"],
                         moves.get(territory or cell) or (moves.get(cell) if territory else None),
                         territory is not None and territory == (view.get("clash") or {}).get("territory")))
    return sorted(hexes, key=lambda h: h.layer), (width, height)


def map_columns(width: float) -> int:
    """How many hexes wide the map is: its least width on a phone follows (static/tain.css, inis__svg--N)."""
    return max(1, min(MAX_COLUMNS, math.ceil(width / (HEX_SIZE * math.sqrt(3)))))


def catalogue_said(engine: Engine) -> dict[str, Any]:
    """The catalogue's words in the reader's language: each card's and territory's name, a card's
    text and a tile's effect (from the engine's messages; an engine without them: its English names)."""
    messages = getattr(engine, "catalogue_messages", None)
    if messages is None:
        catalogue = engine.catalogue()
        return {kind: {key: {"name": facts["name"], "effect": facts.get("effect")} for key, facts in entries.items()}
                for kind, entries in catalogue.items()}
    return {kind: {key: {part: tell(message) for part, message in facts.items()} for key, facts in entries.items()}
            for kind, entries in messages().items()}


def hand_cards(view: Mapping[str, Any], catalogue: Mapping[str, Any], said: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The seat's own cards with what the catalogue says of each (none for the public view)."""
    return [{"id": card, **catalogue["cards"][card], **said["cards"][card],
             "effect": said["territories"].get(card, {}).get("effect")}
            for card in view.get("hand", [])]


def _map_place(action: Action) -> str | None:
    """The territory or cell a map step's action is chosen by."""
    return action.get("cell") or action.get("territory")


def _names_one_territory(actions: Sequence[Action]) -> bool:
    """A card whose every play differs only in the territory it names (Citadel, Festival, Conquest's target…)."""
    return len(actions) > 1 and all(set(a) == {"type", "card", "territory"} and a["territory"] for a in actions)


def _group_key(action: Action) -> str:
    return f"play:{action['card']}" if action["type"] == "play" else action["type"]


def page_context(engine: Engine, view: Mapping[str, Any], legal: Sequence[Action], me: str | None,
                 picked: str | None = None, planned: Sequence[Action] | None = None) -> dict[str, Any]:
    """The map, the hand and the controls; `picked` is a card chosen beside the map whose territory is
    then chosen on it (the page's `pick`); `planned` is not used (Inis's plans are standing rules)."""
    catalogue = engine.catalogue()
    said = catalogue_said(engine)
    names = {**{t: facts["name"] for t, facts in said["territories"].items()},
             **{c: facts["name"] for c, facts in said["cards"].items()}}
    on_map: dict[str, Move] = {}
    draft_moves: list[Move] = []
    groups: dict[str, list[tuple[Action, Move]]] = {}
    for action in legal:
        move = Move.of(engine, action, me)
        place = _map_place(action)
        if view["step"] in MAP_STEPS and action["type"] in MAP_STEPS and place and place not in on_map:
            on_map[place] = move
        elif action["type"] == "draft":
            draft_moves.append(move)
        else:
            groups.setdefault(_group_key(action), []).append((action, move))
    mappable = {key for key, entries in groups.items() if _names_one_territory([a for a, _ in entries])}
    chosen = f"play:{picked}" if picked and f"play:{picked}" in mappable and not on_map else None
    if chosen:  # the card picked beside the map: its territories are the map's buttons
        on_map = {action["territory"]: move for action, move in groups[chosen]}
    hexes, (width, height) = map_hexes(view, names, on_map)
    placed_on_map = {h.move.value for h in hexes if h.move}
    for move in on_map.values():  # a choice the map cannot show (none expected) stays a button
        if move.value not in placed_on_map and not chosen:
            groups.setdefault("map", []).append(({}, move))
    move_groups = [MoveGroup(key, key.partition(":")[2] or None, [move for _, move in entries],
                             key in mappable, key == chosen) for key, entries in groups.items()]
    return {"hexes": hexes, "map_size": (round(width, 2), round(height, 2)), "map_columns": map_columns(width),
            "pick_size": PICK_SIZE, "names": names,
            "hand_cards": hand_cards(view, catalogue, said),
            "held_names": {p: ", ".join(names[c] for c in held) for p, held in view["advantage"]["held"].items()}, "draft_moves": draft_moves,
            "move_groups": move_groups,
            "map_choice": bool(on_map), "plan_mode": False, "skips": [],
            **inis_rules.panel(view, me, catalogue, names)}


def rules_context() -> dict[str, Any]:
    """The facts of the rules page (/rules/inis), read from the engine and from the page's own table
    of Triskel moments, so that the page names the windows and cards the game and the seat's panel use."""
    said = catalogue_said(get_game("inis"))
    names = {card: facts["name"] for card, facts in said["cards"].items()}
    windows = [(gettext(moment), [names[card] for card, orders in inis_rules.ORDERS.items() if orders[0].window == kind])
               for kind, moment in inis_rules.MOMENTS.items() if kind != "season-turn"]
    return {
        "target": inis_scoring.TARGET,
        "clans": inis_catalogue.CLANS,
        "citadels": inis_catalogue.CITADELS,
        "sanctuaries": inis_catalogue.SANCTUARIES,
        "action_count": len(inis_catalogue.ACTION),
        "four_player_cards": listed(names[card] for card in inis_catalogue.FOUR_PLAYER_ACTIONS),
        "windows": windows,
        "folded": listed(names[card] for card in inis_rules.FOLDED),
        "ranking": ", ".join(names[card] for card in inis_catalogue.RANKING),
    }
