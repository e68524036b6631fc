"""Tâb's and Kesse Rüben's boards and piece sheets print through the shared
component code (pnp/layout/board.py, pnp/layout/pieces.py), as the data kit
Ur's board and pieces do: their pages must look as they did when each kit
drew them itself. The pages of main before
the move, rasterised by poppler at 40 dpi in grey, are the fixtures (one PNG
per kit, language and paper, its pages stacked top to bottom); the pages now
are rasterised the same way and compared pixel by pixel. At 40 dpi a
millimetre is 1.6 pixels: a square, a piece or a line moved by 1 mm changes
far more pixels than the tolerance allows (test_a_one_mm_move_is_seen).

Regenerate deliberately (only for a change meant to alter these pages):
    PNP_REGEN_BOARDS=1 .venv/bin/pytest tests/kits/test_boards_unchanged.py
"""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tests.helpers import need_tool

FIXTURES = Path(__file__).parent / "fixtures"
DPI = 40
PX_MM = DPI / 25.4
# the data kit Ur's board and pieces are drawn by the same code, and must not change either
# (Ur: the page of the board with its pieces, and the page of the lots)
PAGES = {"tab": ("board", "pieces"), "kesse-rueben": ("fold-and-glue sheet", "tokens"), "ur": ("board board", "pieces lot")}
CASES = [(kit, lang, paper) for kit in PAGES for lang, paper in (("en", "a4"), ("de", "letter"), ("nl", "a4"))]
DARKER = 48  # a pixel counts as changed when its grey differs by more than this (of 255)
LIMIT = 40  # changed pixels a page may have: antialiasing of the same shapes, never a moved edge


def _pages(kit: str, lang: str, paper: str, built, rendered) -> list[Image.Image]:
    need_tool("pdftoppm")
    pdf = rendered(kit, lang, paper)
    labels = [p.label for p in built(kit, lang, paper).pages]
    out = []
    for want in PAGES[kit]:
        n = labels.index(want) + 1
        png = subprocess.run(["pdftoppm", "-gray", "-png", "-r", str(DPI), "-f", str(n), "-l", str(n), str(pdf)],
                             capture_output=True, check=True).stdout
        out.append(Image.open(io.BytesIO(png)).convert("L"))
    return out


def _stacked(pages: list[Image.Image]) -> Image.Image:
    out = Image.new("L", (max(p.width for p in pages), sum(p.height for p in pages)), 255)
    y = 0
    for p in pages:
        out.paste(p, (0, y))
        y += p.height
    return out


def _before(kit: str, lang: str, paper: str, pages: list[Image.Image]) -> list[Image.Image]:
    fixture = FIXTURES / f"{kit}-{lang}-{paper}.png"
    if os.environ.get("PNP_REGEN_BOARDS"):
        _stacked(pages).save(fixture, optimize=True)
    with Image.open(fixture) as im:
        stacked = im.convert("L")
    out, y = [], 0
    for p in pages:
        out.append(stacked.crop((0, y, p.width, y + p.height)))
        y += p.height
    assert y == stacked.height, f"{kit}: the fixture holds other pages than {PAGES[kit]}"
    return out


def _changed(a: Image.Image, b: Image.Image) -> int:
    assert a.size == b.size, f"page size {a.size} before, {b.size} now"
    return ImageChops.difference(a, b).point(lambda v: 255 if v > DARKER else 0).histogram()[255]


@pytest.mark.parametrize(("kit", "lang", "paper"), CASES)
def test_the_pages_look_as_before(kit, lang, paper, built, rendered):
    pages = _pages(kit, lang, paper, built, rendered)
    for label, old, new in zip(PAGES[kit], _before(kit, lang, paper, pages), pages, strict=True):
        changed = _changed(old, new)
        assert changed <= LIMIT, f"{kit} {lang} {paper}, the {label} page: {changed} pixels changed"


@pytest.mark.parametrize("kit", list(PAGES))
def test_a_one_mm_move_is_seen(kit, built, rendered):
    """The tolerance is not blind: the 40 mm square of each page with the
    most ink (a piece of the board, or a few pieces), moved right by less
    than 1 mm, fails it."""
    pages = _pages(kit, "en", "a4", built, rendered)
    step = int(PX_MM)  # 1 px, less than a millimetre: a move of 1 mm changes more
    side = round(40 * PX_MM)
    assert step >= 1
    for page in pages:
        dark = page.point(lambda v: 255 if v < 128 else 0)
        spots = [(x, y) for x in range(0, page.width - side - step, side // 4)
                 for y in range(0, page.height - side, side // 4)]
        x, y = max(spots, key=lambda p: dark.crop((p[0], p[1], p[0] + side, p[1] + side)).histogram()[255])
        moved = page.copy()
        moved.paste(Image.new("L", (side, side), 255), (x, y))
        moved.paste(page.crop((x, y, x + side, y + side)), (x + step, y))
        assert _changed(page, moved) > LIMIT
