"""The fonts the kits are set in, and the text measurer layout is given.

Files are in fonts/ (DejaVu Sans Condensed, with its licence). Layout never
imports this module: it receives a Measurer, so it stays free of reportlab.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp.geometry import PT
from pnp.paths import FONTS

# font name used in page data -> file in fonts/
FONT_FILES: dict[str, str] = {
    "Sans": "DejaVuSansCondensed.ttf",
    "Sans-Bold": "DejaVuSansCondensed-Bold.ttf",
    "Sans-Italic": "DejaVuSansCondensed-Oblique.ttf",
    "Sans-BoldItalic": "DejaVuSansCondensed-BoldOblique.ttf",
}


@cache
def register(name: str) -> TTFont:
    """Load a font once and register it with reportlab under `name`."""
    font = TTFont(name, str(FONTS / FONT_FILES[name]))
    pdfmetrics.registerFont(font)
    return font


def covers(name: str, text: str) -> set[str]:
    """The characters of `text` the font has no glyph for."""
    cmap = register(name).face.charToGlyph
    return {ch for ch in text if ord(ch) not in cmap and not ch.isspace()}


@dataclass
class Measurer:
    """width(text, font, size_pt) -> mm, with a cache (layout measures the
    same words many times while it looks for the size that fits)."""

    _cache: dict[tuple[str, str, float], float] = field(default_factory=dict)

    def __call__(self, text: str, font: str, size: float) -> float:
        key = (text, font, size)
        w = self._cache.get(key)
        if w is None:
            register(font)
            w = pdfmetrics.stringWidth(text, font, size) * PT
            self._cache[key] = w
        return w
