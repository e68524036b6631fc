"""The fonts the kits are set in, and the text measurer layout is given.

Files are in fonts/ (DejaVu Sans Condensed, with its licence). Layout never
imports this module: it receives a Measurer, so it stays free of reportlab.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp import paths
from pnp.errors import CatalogError, FontError
from pnp.geometry import PT

if TYPE_CHECKING:
    from pnp.i18n import Catalog

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
    path = paths.FONTS / FONT_FILES[name]
    try:
        with path.open("rb"):
            pass
        font = TTFont(name, str(path))
    except OSError as e:
        raise FontError(f"{path}: cannot read the font file: {e.strerror or e}") from None
    except Exception as e:  # noqa: BLE001 - reportlab raises TTFError and friends for a damaged font
        raise FontError(f"{path}: not a usable TrueType font: {e}") from None
    pdfmetrics.registerFont(font)
    return font


def covers(name: str, text: str) -> set[str]:
    """The characters of `text` the font has no glyph for."""
    cmap = register(name).face.charToGlyph
    return {ch for ch in text if ord(ch) not in cmap and not ch.isspace()}


def check_glyphs(cat: Catalog) -> None:
    """Every character of every string of the catalog must be in every face
    the text can be set in; a missing glyph would print as an empty box."""
    for key, value in cat.strings.items():
        text = "".join([value] if isinstance(value, str) else value)
        for name in FONT_FILES:
            missing = covers(name, text)
            if missing:
                chars = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in sorted(missing))
                raise CatalogError(f"{cat.file_of(key)}: key {key!r} has characters the font {FONT_FILES[name]} "
                                   f"cannot print: {chars}")


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
