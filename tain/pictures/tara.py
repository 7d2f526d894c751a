"""Tara's board as a PNG, drawn from one seat's view only (Tara hides nothing, but the rule holds).

The cross of 45 holes with its coordinates on every side (columns A–G from left to right, rows 1–7
from bottom to top, as moves and the story name them), each ringfort in its owner's colour, a
crown where a king stands, the bridges between holes, and a ring around every place the
opponent's latest turn touched.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tain.games.tara.board import COLUMNS, ROWS, SQUARES
from tain.wording import gettext

from .drawing import INK, MUTED, SEAT_COLOURS, WIDTH, Canvas

PITCH = 62  # from one hole's centre to the next
HOLE_R = 21
LABELS = 34  # the band of coordinates on each side
BOARD_TOP = 10
BOARD_SIZE = LABELS * 2 + PITCH * (len(COLUMNS) - 1) + HOLE_R * 2 + 16
FOOTER = 74
GRASS, GRASS_EDGE, HOLE, LAST_MOVE = "#6f8f4e", "#4d6633", "#2f3b22", "#ffd84a"
CROWN = "#fff6c8"


def drawing(view: Mapping[str, Any], report: Mapping[str, Any] | None = None) -> Canvas:
    """The picture before it is encoded: its canvas, which keeps the words drawn on it."""
    colours = {player: SEAT_COLOURS[0 if view["colours"][player] == "red" else 1][0] for player in view["players"]}
    canvas = Canvas(WIDTH, BOARD_TOP + BOARD_SIZE + FOOTER)
    left = (WIDTH - BOARD_SIZE) / 2
    canvas.rectangle(left, BOARD_TOP, left + BOARD_SIZE, BOARD_TOP + BOARD_SIZE, fill=GRASS, outline=GRASS_EDGE,
                     width=3, radius=12)
    _coordinates(canvas, left)
    touched = _touched_last(view)
    for name, owner in view["bridges"].items():
        _bridge(canvas, left, name, colours[owner], name in touched)
    kings = {square: player for player, square in view["kings"].items() if square}
    for square in SQUARES:
        owner = view["board"].get(square)
        _hole(canvas, *_centre(left, square), colours[owner] if owner else None, square in kings, square in touched)
    _players(canvas, view, colours, BOARD_TOP + BOARD_SIZE + 12)
    return canvas


def _centre(left: float, square: str) -> tuple[float, float]:
    first = LABELS + HOLE_R + 8
    column, row = COLUMNS.index(square[0]), int(square[1:])
    return left + first + column * PITCH, BOARD_TOP + first + (len(ROWS) - row) * PITCH


def _coordinates(canvas: Canvas, left: float) -> None:
    first, last = LABELS + HOLE_R + 8, BOARD_SIZE - LABELS / 2
    for i, column in enumerate(COLUMNS):
        x = left + first + i * PITCH
        for y in (BOARD_TOP + LABELS / 2, BOARD_TOP + last):
            canvas.text(x, y, column, size=15, bold=True, fill="#ffffff", anchor="mm")
    for row in ROWS:
        y = BOARD_TOP + first + (len(ROWS) - row) * PITCH
        for x in (left + LABELS / 2, left + last):
            canvas.text(x, y, str(row), size=15, bold=True, fill="#ffffff", anchor="mm")


def _hole(canvas: Canvas, x: float, y: float, colour: str | None, king: bool, touched: bool) -> None:
    if touched:
        canvas.circle(x, y, HOLE_R + 5, outline=LAST_MOVE, width=3)
    if colour is None:
        canvas.circle(x, y, HOLE_R * .4, fill=HOLE)
        return
    canvas.circle(x, y, HOLE_R, fill=colour, outline="#ffffff", width=2)
    canvas.circle(x, y, HOLE_R - 6, outline="#ffffff", width=1)
    if king:
        w, h = HOLE_R * .6, HOLE_R * .45
        canvas.polygon([(x - w, y + h), (x - w, y - h), (x - w / 2, y), (x, y - h * 1.3), (x + w / 2, y),
                        (x + w, y - h), (x + w, y + h)], fill=CROWN, outline=INK)


def _bridge(canvas: Canvas, left: float, name: str, colour: str, touched: bool) -> None:
    (x0, y0), (x1, y1) = (_centre(left, square) for square in name.split("-"))
    half = 7
    if y0 == y1:  # side by side
        box = (min(x0, x1) + HOLE_R - 4, y0 - half, max(x0, x1) - HOLE_R + 4, y0 + half)
    else:
        box = (x0 - half, min(y0, y1) + HOLE_R - 4, x0 + half, max(y0, y1) - HOLE_R + 4)
    if touched:
        canvas.rectangle(box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4, fill=LAST_MOVE, radius=5)
    canvas.rectangle(*box, fill=colour, outline=INK, width=1, radius=3)


def _touched_last(view: Mapping[str, Any]) -> set[str]:
    """The squares and pairs named in the opponent's latest turn ("swap E5", "link E5-E6",
    "move-bridge C3-C4 D5-E5"): what changed since the viewer last moved."""
    places: set[str] = set()
    for player, actions in (view.get("last_turn") or {}).items():
        if player == view["you"]:
            continue
        for action in actions:
            places.update(action.split()[1:])  # its squares and pairs ("skip" names no place)
    return places


def _players(canvas: Canvas, view: Mapping[str, Any], colours: Mapping[str, str], top: float) -> None:
    x = 14
    for player in view["players"]:
        name = gettext("%(name)s (you)", name=player) if player == view["you"] else player
        canvas.circle(x + 9, top + 9, 9, fill=colours[player])
        canvas.text(x + 24, top + 9, canvas.fit(name, 190, size=14, bold=True), size=14, bold=True, anchor="lm")
        if player in view["to_act"] and not view["over"]:
            canvas.text(x + 24, top + 29, gettext("to move"), size=12, fill=MUTED, anchor="lm")
        if player in view["winners"]:
            canvas.text(x + 24, top + 29, gettext("winner"), size=12, bold=True, anchor="lm")
        x += WIDTH / 2
    canvas.text(14, top + 48, gettext("Ringed in yellow: the opponent's latest turn."), size=12, fill=MUTED, anchor="lm")
