"""Tàin's board as a PNG, drawn from one seat's view only (never the state).

From top to bottom: the foreign kingdom (its raid slots, its cows, the turn track), then each
clan's board in seat order: scout slots outside the wall, guard slots inside it, the cows of its
pasture, the jewels and captives of its house. A token shows whose it is by its colour and what it
is only where the view says so (a letter); a face-down token is drawn as rings. The email of a raid
phase shows the boards of that turn with the tokens its report revealed, beside the holdings after it.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tain.messages import tell
from tain.wording import N_, gettext, ngettext

from .drawing import INK, MUTED, SEAT_COLOURS, WIDTH, Canvas

# The kinds of token, in the legend's order, named in the reader's language (the rules' words).
KINDS = {"chieftain": N_("chieftain"), "warrior": N_("warrior"), "boy": N_("boy"), "daughter": N_("daughter"),
         "bluff": N_("bluff")}
PASTURES = ("pasture-1", "pasture-2", "pasture-3")
HOUSES = ("house-1", "house-2")
PASTURE_LAND, HOUSE_LAND, WALL = "#cfe5b0", "#ead8b8", "#6b5a45"
KINGDOM, KINGDOM_LAND = "#5b4a36", "#f4ecdc"
COW, COW_EDGE, JEWEL, JEWEL_EDGE = "#e3b341", "#8a6512", "#c4202b", "#6d0f16"

MARGIN = 10
KINGDOM_HEIGHT = 96
BOARD_HEIGHT = 140
GAP = 10
LEGEND_HEIGHT = 58
TOKEN_R = 16
ENTRANCE_W = 62


def drawing(view: Mapping[str, Any], report: Mapping[str, Any] | None = None) -> Canvas:
    """The picture before it is encoded: its canvas, which keeps the words drawn on it."""
    if report is not None:
        view = as_revealed(view, report)
    players = view["players"]
    colours = {player: SEAT_COLOURS[seat % len(SEAT_COLOURS)][0] for seat, player in enumerate(players)}
    height = MARGIN + KINGDOM_HEIGHT + len(players) * (BOARD_HEIGHT + GAP) + LEGEND_HEIGHT
    canvas = Canvas(WIDTH, height)
    _kingdom(canvas, view, colours, MARGIN)
    top = MARGIN + KINGDOM_HEIGHT + GAP
    for seat, owner in enumerate(players):
        _clan_board(canvas, view, owner, colours, SEAT_COLOURS[seat % len(SEAT_COLOURS)][1], top)
        top += BOARD_HEIGHT + GAP
    _legend(canvas, top)
    return canvas


def as_revealed(view: Mapping[str, Any], report: Mapping[str, Any]) -> dict[str, Any]:
    """The view with the boards and the kingdom's raid slots of the report's turn, every token face up as
    the raids revealed it (the report is public); the holdings and scores stay as they are now."""
    boards = {owner: {entrance: {"scout": None, "guard": None} for entrance in slots}
              for owner, slots in view["boards"].items()}
    for entry in report["entrances"]:
        guard = {"player": entry["board"], "token": entry["guard"]} if entry["guard"] else None
        boards[entry["board"]][entry["entrance"]] = {"scout": entry["scout"], "guard": guard}
    raiders = [{"player": raid["player"], "token": raid["token"]} for raid in report["kingdom"]]
    return {**view, "boards": boards, "kingdom": {**view["kingdom"], "raiders": raiders}, "turn": report["turn"],
            "stage": _titled(view["stage"], report)}


def _titled(stage: Mapping[str, Any], report: Mapping[str, Any]) -> dict[str, Any]:
    """The stage, said as the report's title (with its message, when the engine gives one)."""
    messages = {key: message for key, message in (stage.get("messages") or {}).items() if key != "long"}
    title = (report.get("messages") or {}).get("title")
    return {**stage, "long": report["title"], "messages": {**messages, **({"long": title} if title else {})}}


def glyph(kind: str) -> str:
    """The letter on a face-up token, in the picture and on the page (the templates' `tain_letter`): its
    name's initial in the reader's language (C, W, B, D in English; C, G, R, M in Italian), and a tilde
    for a bluff, which is nothing."""
    return "~" if kind == "bluff" else gettext(KINDS[kind])[0].upper()


def _token(canvas: Canvas, x: float, y: float, colour: str, kind: str | None, r: float = TOKEN_R) -> None:
    canvas.circle(x, y, r + 1.5, fill=colour)
    canvas.circle(x, y, r, fill=colour, outline="#ffffff", width=2)
    if kind:
        canvas.text(x, y, glyph(kind), size=round(r * .95), bold=True, fill="#ffffff", anchor="mm")
    else:  # face down: rings, as the page draws it
        canvas.circle(x, y, r * .55, outline="#ffffff", width=2)
        canvas.circle(x, y, r * .2, fill="#ffffff")


def _slot(canvas: Canvas, x: float, y: float, placed: Mapping[str, Any] | None, colours: Mapping[str, str]) -> None:
    if placed is None:
        canvas.circle(x, y, TOKEN_R, fill="#ffffff")
        canvas.dashed_circle(x, y, TOKEN_R, "#9a8f7a")
    else:
        _token(canvas, x, y, colours[placed["player"]], placed["token"])


def _cows(canvas: Canvas, x: float, y: float, n: int) -> float:
    """A cow counter and how many; where the next thing may go."""
    canvas.rectangle(x, y - 6, x + 18, y + 6, fill=COW, outline=COW_EDGE, width=1, radius=5)
    canvas.text(x + 23, y, str(n), size=15, bold=True, anchor="lm")
    return x + 46


def _jewels(canvas: Canvas, x: float, y: float, n: int) -> float:
    canvas.polygon([(x + 7, y - 8), (x + 14, y), (x + 7, y + 8), (x, y)], fill=JEWEL, outline=JEWEL_EDGE)
    canvas.text(x + 19, y, str(n), size=15, bold=True, anchor="lm")
    return x + 42


def _kingdom(canvas: Canvas, view: Mapping[str, Any], colours: Mapping[str, str], top: float) -> None:
    left, right = MARGIN, WIDTH - MARGIN
    canvas.rectangle(left, top, right, top + KINGDOM_HEIGHT, fill=KINGDOM_LAND, outline=KINGDOM, width=2, radius=8)
    canvas.rectangle(left, top, right, top + 24, fill=KINGDOM, radius=8)
    canvas.rectangle(left, top + 14, right, top + 24, fill=KINGDOM)
    canvas.text(left + 10, top + 12, gettext("Foreign kingdom"), size=14, bold=True, fill="#ffffff", anchor="lm")
    raiders = view["kingdom"]["raiders"]
    middle = top + 50
    for i in range(2):
        _slot(canvas, left + 28 + i * 40, middle, raiders[i] if i < len(raiders) else None, colours)
    _cows(canvas, left + 112, middle, view["kingdom"]["cows"])
    # The turn track: past turns greyed, this turn black.
    track_left, cell = left + 186, (right - 10 - (left + 186)) / view["last_turn"]
    for t in range(1, view["last_turn"] + 1):
        x0 = track_left + (t - 1) * cell
        now, past = t == view["turn"], t < view["turn"]
        canvas.rectangle(x0 + 1, middle - 13, x0 + cell - 1, middle + 13, radius=4,
                         fill="#1d1d1d" if now else "#e6dcc6" if past else "#ffffff", outline="#c8b894")
        canvas.text(x0 + cell / 2, middle, str(t), size=14, bold=now,
                    fill="#ffffff" if now else "#998a6c" if past else KINGDOM, anchor="mm")
    canvas.text(track_left, top + KINGDOM_HEIGHT - 10, tell(view["stage"], "long"), size=12, fill=MUTED, anchor="ls")


def _badges(view: Mapping[str, Any], owner: str) -> str:
    clan = view["clans"][owner]
    words = []
    if owner == view["active_player"] and not view["over"]:
        words.append(gettext("active player"))
    if owner in view["to_act"] and not view["over"]:
        words.append(gettext("to move"))
    if clan["passed"] and not view["over"]:
        words.append(gettext("passed"))
    if owner in view["winners"]:
        words.append(gettext("winner"))
    return " · ".join(words)


def _clan_board(canvas: Canvas, view: Mapping[str, Any], owner: str, colours: Mapping[str, str], soft: str,
                top: float) -> None:
    left, right, colour = MARGIN, WIDTH - MARGIN, colours[owner]
    mine = owner == view["you"]
    if mine:
        canvas.rectangle(left - 3, top - 3, right + 3, top + BOARD_HEIGHT + 3, fill=soft, radius=10)
    canvas.rectangle(left, top, right, top + BOARD_HEIGHT, fill="#fffdf7", outline=colour, width=2, radius=8)
    canvas.rectangle(left, top, right, top + 26, fill=colour, radius=8)
    canvas.rectangle(left, top + 14, right, top + 26, fill=colour)
    badges = _badges(view, owner)
    name = canvas.fit(gettext("%(name)s (you)", name=owner) if mine else owner, 250, size=15, bold=True)
    canvas.text(left + 10, top + 13, name, size=15, bold=True, fill="#ffffff", anchor="lm")
    if badges:
        canvas.text(right - 10, top + 13, badges, size=12, fill="#ffffff", anchor="rm")

    slots = view["boards"][owner]
    scout_y, wall_y, guard_y = top + 50, top + 72, top + 96
    x = left + 8
    for names, land, label in ((PASTURES, PASTURE_LAND, gettext("pasture")), (HOUSES, HOUSE_LAND, gettext("house"))):
        width = ENTRANCE_W * len(names)
        canvas.rectangle(x, wall_y, x + width, top + BOARD_HEIGHT - 8, fill=land, radius=5)
        canvas.text(x + width / 2, top + BOARD_HEIGHT - 15, label, size=11, fill=MUTED, anchor="mm")
        canvas.rectangle(x, wall_y - 1, x + width, wall_y + 10, fill=WALL)
        for i, entrance in enumerate(names):
            centre = x + ENTRANCE_W * (i + .5)
            canvas.text(centre, wall_y + 5, entrance.split("-")[1], size=10, fill="#ffffff", anchor="mm")
            _slot(canvas, centre, scout_y, slots[entrance]["scout"], colours)
            _slot(canvas, centre, guard_y + 4, slots[entrance]["guard"], colours)
        x += width + 6
    # What the clan holds: the pasture's cows, the house's jewels and captives, the screen.
    clan = view["clans"][owner]
    holdings_x, row = x + 4, top + 46
    _cows(canvas, holdings_x, row, clan["cows"])
    _jewels(canvas, holdings_x + 48, row, clan["jewels"])
    captives_y = row + 30
    for i, captive in enumerate(clan["captives"][:6]):
        _token(canvas, holdings_x + 9 + i * 21, captives_y, colours.get(captive["owner"], INK), captive["token"], r=9)
    if len(clan["captives"]) > 6:
        canvas.text(holdings_x + 9 + 6 * 21, captives_y, f"+{len(clan['captives']) - 6}", size=12, anchor="lm")
    canvas.text(holdings_x, top + BOARD_HEIGHT - 34, gettext("%(num)d behind screen", num=clan["screen_count"]), size=12,
                fill=MUTED, anchor="lm")
    points = view["scores"][owner]
    canvas.text(holdings_x, top + BOARD_HEIGHT - 16, ngettext("%(num)d point", "%(num)d points", points), size=13,
                bold=True, anchor="lm")


def _legend(canvas: Canvas, top: float) -> None:
    x, y = MARGIN + 4, top + 14
    for kind, name in KINDS.items():
        _token(canvas, x + 9, y, MUTED, kind, r=9)
        canvas.text(x + 22, y, gettext(name), size=12, fill=MUTED, anchor="lm")
        x += 30 + canvas.width_of(gettext(name), size=12)
    _token(canvas, x + 9, y, MUTED, None, r=9)
    canvas.text(x + 22, y, gettext("face down"), size=12, fill=MUTED, anchor="lm")
    canvas.text(MARGIN + 4, y + 20, gettext("Scouts stand outside the wall, guards inside it."), size=12, fill=MUTED,
                anchor="lm")

