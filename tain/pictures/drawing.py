"""What both games' pictures share: the canvas, the fonts, the seat colours and the PNG encoding.

A picture is drawn at twice the size it is shown (`SCALE`), so that it stays sharp on a phone's
screen; the email shows it `WIDTH` pixels wide at most, and narrower on a narrow screen.
"""
from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

SCALE = 2
WIDTH = 520  # CSS pixels: the email's column is as wide

# The seat colours of the player's page (static/tain.css, .clan-0 … .clan-3), strong and soft.
SEAT_COLOURS = [("#b0302a", "#f6dcd9"), ("#2a5ca6", "#dbe6f6"), ("#2f7a3a", "#dcefdc"), ("#c98f0a", "#f8ecc9")]
INK = "#222222"
MUTED = "#666666"
PAPER = "#faf8f2"

# DejaVu Sans covers far more of the names players choose than Pillow's own font, which stands in
# where it is not installed (the picture is the same on one machine whatever the font).
_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=32)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A font `size` CSS pixels high, at the picture's scale."""
    try:
        return ImageFont.truetype(_FONT_FILES[bold], size * SCALE)
    except OSError:
        return ImageFont.load_default(size * SCALE)


class Canvas:
    """A picture measured in CSS pixels, drawn at SCALE."""

    def __init__(self, width: int, height: int, background: str = PAPER) -> None:
        self.image = Image.new("RGB", (width * SCALE, height * SCALE), background)
        self.draw = ImageDraw.Draw(self.image)
        self.words: list[str] = []  # every text drawn, in order: what a reader of the picture reads

    @staticmethod
    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[int, int, int, int]:
        return round(x0 * SCALE), round(y0 * SCALE), round(x1 * SCALE), round(y1 * SCALE)

    def rectangle(self, x0: float, y0: float, x1: float, y1: float, *, fill: str | None = None,
                  outline: str | None = None, width: float = 1, radius: float = 0) -> None:
        self.draw.rounded_rectangle(self.box(x0, y0, x1, y1), radius=round(radius * SCALE), fill=fill,
                                    outline=outline, width=round(width * SCALE))

    def circle(self, x: float, y: float, r: float, *, fill: str | None = None, outline: str | None = None,
               width: float = 1) -> None:
        self.draw.ellipse(self.box(x - r, y - r, x + r, y + r), fill=fill, outline=outline,
                          width=round(width * SCALE))

    def dashed_circle(self, x: float, y: float, r: float, colour: str, dashes: int = 12) -> None:
        step = 360 / dashes
        for i in range(dashes):
            self.draw.arc(self.box(x - r, y - r, x + r, y + r), i * step, i * step + step * .55, fill=colour,
                          width=round(1.5 * SCALE))

    def polygon(self, points: list[tuple[float, float]], *, fill: str, outline: str | None = None) -> None:
        self.draw.polygon([(round(x * SCALE), round(y * SCALE)) for x, y in points], fill=fill, outline=outline)

    def text(self, x: float, y: float, words: str, *, size: int = 14, bold: bool = False, fill: str = INK,
             anchor: str = "la") -> None:
        """`anchor` as Pillow's: "la" left-top, "mm" centred, "rm" right-middle …"""
        self.words.append(words)
        self.draw.text((round(x * SCALE), round(y * SCALE)), words, font=font(size, bold), fill=fill, anchor=anchor)

    @staticmethod
    def width_of(words: str, size: int = 14, bold: bool = False) -> float:
        """How wide `words` are drawn, in CSS pixels."""
        return font(size, bold).getlength(words) / SCALE

    def fit(self, words: str, width: float, size: int = 14, bold: bool = False) -> str:
        """`words` cut short with an ellipsis where they would be wider than `width`."""
        chosen = font(size, bold)
        if chosen.getlength(words) <= width * SCALE:
            return words
        while words and chosen.getlength(words + "…") > width * SCALE:
            words = words[:-1]
        return words + "…"

    def png(self) -> bytes:
        """As a PNG of 256 colours at most: flat colours and their edges lose nothing that shows, and
        the file is less than half the size of the full-colour one."""
        out = io.BytesIO()
        self.image.quantize(256, method=Image.Quantize.FASTOCTREE).save(out, format="PNG", compress_level=6)
        return out.getvalue()
