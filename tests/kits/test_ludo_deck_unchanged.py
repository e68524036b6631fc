"""The Ludo cards print through the shared deck machinery (pnp/layout/deck.py):
their card pages (alignment test, fronts, backs, gutterfold pairs) must look
as they did when that machinery lived in pnp/kits/ludo_cards.py. The pages
of main before the move, rasterised by poppler at 25 dpi in grey, are the
fixtures (one PNG per way of printing, the card pages stacked top to
bottom); the pages now are rasterised the same way and compared pixel by
pixel: a back moved by a millimetre or a missing mark fails.

Regenerate deliberately (only for a change meant to alter the card pages):
    PNP_REGEN_DECK=1 .venv/bin/pytest tests/kits/test_ludo_deck_unchanged.py
"""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from tests.helpers import need_tool

FIXTURES = Path(__file__).parent / "fixtures"
DPI = 25
CARD_PAGES = ("alignment", "fronts", "backs", "gutterfold")  # page labels of the deck's own pages
CASES = {
    "duplex-long": dict(backs="duplex-long"),
    "duplex-short": dict(backs="duplex-short"),
    "gutterfold": dict(backs="gutterfold"),
    "none": dict(backs="none"),
    "offset-ink-saver": dict(backs="duplex-long", back_offset=(1.0, -0.5), variant="ink-saver"),
}


def card_pages(case: str, measure, tmp_path: Path) -> list[Image.Image]:
    need_tool("pdftoppm")
    opts = Options("en", get_paper("a4"), 2, **CASES[case])  # type: ignore[arg-type]
    result = render_one(get_kit("ludo-cards"), opts, tmp_path, ("pdf",), 150, measure, validate=False)
    (pdf,) = result.files
    from pnp.build import build_pages

    labels = [p.label for p in build_pages(get_kit("ludo-cards"), opts, measure).pages]
    wanted = [n for n, label in enumerate(labels, 1) if label.startswith(CARD_PAGES)]
    assert wanted, "the deck has card pages"
    out = []
    for n in wanted:
        png = subprocess.run(["pdftoppm", "-gray", "-png", "-r", str(DPI), "-f", str(n), "-l", str(n), str(pdf)],
                             capture_output=True, check=True).stdout
        out.append(Image.open(io.BytesIO(png)).convert("L"))
    return out


def stacked(pages: list[Image.Image]) -> Image.Image:
    w = max(p.width for p in pages)
    out = Image.new("L", (w, sum(p.height for p in pages)), 255)
    y = 0
    for p in pages:
        out.paste(p, (0, y))
        y += p.height
    return out


@pytest.mark.parametrize("case", sorted(CASES))
def test_ludo_card_pages_look_as_before(case, measure, tmp_path):
    pages = card_pages(case, measure, tmp_path)
    fixture = FIXTURES / f"ludo-deck-{case}.png"
    if os.environ.get("PNP_REGEN_DECK"):
        stacked(pages).save(fixture, optimize=True)
    with Image.open(fixture) as im:
        before = im.convert("L")
    h = pages[0].height
    assert before.height == h * len(pages), f"{before.height // h} card pages before, {len(pages)} now"
    for i, page in enumerate(pages):
        old = before.crop((0, i * h, before.width, (i + 1) * h))
        assert old.size == page.size
        diff = ImageChops.difference(old, page)
        changed = diff.point(lambda v: 255 if v > 48 else 0).histogram()[255]
        # the header's page count may change with the rules before the cards: a few pixels of it
        assert changed <= 0.002 * page.width * page.height, f"card page {i + 1}: {changed} pixels changed"
