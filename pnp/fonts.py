"""The fonts the kits are set in, and the text measurer layout is given.

Files are in fonts/ (DejaVu Sans Condensed, with its licence). Layout never
imports this module: it receives a Measurer, so it stays free of reportlab.
"""

from __future__ import annotations

import struct
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
MAX_FONT_BYTES = 32 * 1024 * 1024  # DejaVu Sans Condensed is 0.6 MB; the largest CJK fonts are about 20 MB


@cache
def register(name: str) -> TTFont:
    """Load a font once and register it with reportlab under `name`."""
    from pnp.spec import check_regular

    path = paths.FONTS / FONT_FILES[name]
    check_regular(path, MAX_FONT_BYTES, FontError, "font")  # not a link to /dev/zero, a pipe, a 7 GB file
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
    return set(_missing(name, frozenset(text)))


@cache
def _missing(name: str, chars: frozenset[str]) -> frozenset[str]:
    cmap = register(name).face.charToGlyph
    return frozenset(ch for ch in chars if ord(ch) not in cmap and not ch.isspace())


@cache
def _outlines(name: str) -> tuple[bytes, list[int], float]:
    """The font's raw glyph table, where each glyph starts in it, and its
    units per em, from the font reportlab has already parsed for the PDF
    (its table directory and `loca` offsets). Only each glyph's header (its
    outline's bounding box) is ever looked at, so nothing is decompiled."""
    face = register(name).face
    return face.get_table("glyf"), face.glyphPos, float(face.unitsPerEm)


@cache
def glyph_bounds(name: str, ch: str) -> tuple[float, float, float, float] | None:
    """The outline bounds of one character in em (x0, y0, x1, y1, y up from
    the baseline), or None if the glyph has no outline (a space). A missing
    character is glyph 0, what a PDF viewer draws for it."""
    glyf, offsets, upm = _outlines(name)
    gid = register(name).face.charToGlyph.get(ord(ch), 0)
    start, end = offsets[gid], offsets[gid + 1]
    if end - start < 10:
        return None
    contours, x0, y0, x1, y1 = struct.unpack(">hhhhh", glyf[start : start + 10])
    if contours == 0:
        return None
    return (x0 / upm, y0 / upm, x1 / upm, y1 / upm)


# Layout sets text in every face but this one (labels, headings, captions);
# bold italic only comes from *italic* markup inside a heading (pnp.textflow).
MARKUP_ONLY = "Sans-BoldItalic"


def check_glyphs(cat: Catalog) -> None:
    """Every character of every string of the catalog must be in every face
    the text can be set in; a missing glyph would print as an empty box.
    Any text may be set in the other faces; bold italic is what the markup
    sets in it (*italic* in a heading, which is bold), as text flow reads
    it. A catalog without italic headings never loads the bold italic font."""
    from pnp.i18n import texts_of
    from pnp.textflow import parse_block

    for key, value in cat.strings.items():
        texts = texts_of(value)
        text = "".join(texts)
        italic = "".join(run.text for t in texts for run in parse_block(t).runs if run.font == MARKUP_ONLY)
        for name in FONT_FILES:
            chars = italic if name == MARKUP_ONLY else text
            missing = covers(name, chars) if chars else set()
            if missing:
                shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in sorted(missing))
                raise CatalogError(f"{cat.file_of(key)}: key {key!r} has characters the font {FONT_FILES[name]} "
                                   f"cannot print: {shown}")


@dataclass
class Measurer:
    """width(text, font, size_pt) -> mm, with a cache (layout measures the
    same words many times while it looks for the size that fits); and
    ink(text, font, size_pt): where the glyph outlines really put ink."""

    _cache: dict[tuple[str, str, float], float] = field(default_factory=dict)
    _ink: dict[tuple[str, str, float], tuple[float, float, float, float] | None] = field(default_factory=dict)

    def ink(self, text: str, font: str, size: float) -> tuple[float, float, float, float] | None:
        """The box the glyph outlines of a line of text cover, in mm from
        the start of its baseline, y down: (x0, y0, x1, y1). Glyphs are placed
        by the same advances the PDF carries, so a "J" whose ink starts left
        of its origin, or a "j" below the baseline, is where it prints.
        None for text with no ink."""
        key = (text, font, size)
        if key in self._ink:
            return self._ink[key]
        em = size * PT
        x = 0.0
        box: tuple[float, float, float, float] | None = None
        for ch in text:
            b = glyph_bounds(font, ch)
            if b is not None:
                g = (x + b[0] * em, -b[3] * em, x + b[2] * em, -b[1] * em)
                box = g if box is None else (min(box[0], g[0]), min(box[1], g[1]), max(box[2], g[2]), max(box[3], g[3]))
            x += self(ch, font, size)
        self._ink[key] = box
        return box

    def __call__(self, text: str, font: str, size: float) -> float:
        key = (text, font, size)
        w = self._cache.get(key)
        if w is None:
            register(font)
            w = pdfmetrics.stringWidth(text, font, size) * PT
            self._cache[key] = w
        return w
