"""Tâb, the hobbyist's round-15 points, read from the rendered PDFs:

- the --ink-saver pieces page saves ink: no grey blocks of dark pieces or
  markers (the dark pieces are white with a heavy black ring, the light
  ones keep a thin ring, the dark markers are framed), so the page takes
  under 60 % of the normal page 2's ink, and light and dark pieces still
  tell apart in black and white (the ring's thickness, measured);
- the --ink-saver board keeps its arrowheads (and corner diamonds) black;
- the quick card's step 2 says a score may move the same piece again.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from PIL import ImageStat

from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import _grey, _text
from tests.kits.test_table_ready import facts, page_objects


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round15")), "tab")


def _ink(pdf: Path, index: int) -> float:
    """The share of ink on a page: 0 white, 1 all black (72 dpi, grey)."""
    return 1.0 - ImageStat.Stat(_grey(pdf, index, 72)).mean[0] / 255.0


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_ink_saver_pieces_page_takes_under_60_percent_of_the_ink(render, paper):
    saver = _ink(render("en", paper, "ink-saver"), 1)
    normal = _ink(render("en", paper), 1)
    assert saver < 0.6 * normal, f"ink-saver {saver:.3f}, normal page 2 {normal:.3f}"


def _rings(pdf: Path, side: str, dpi: int = 200) -> list[float]:
    """Per `side` piece on page 2: the width in mm of the dark band (< 128)
    where its plain face's ring crosses the face's middle row, left of the
    centre and clear of the cut line."""
    img = _grey(pdf, 1, dpi)
    px = dpi / 25.4
    p = facts("tab")["piece"]
    outlines = [o for o in page_objects(pdf, 1) if o.tag == ("piece", side) and o.kind == "path" and o.stroke > 0
                and not o.dashed and abs(o.h - p) < 1.5 and abs(o.w - 2 * p) < 3.0]
    assert len(outlines) == facts("tab")["pieces_per_player"], len(outlines)
    widths = []
    for o in outlines:
        x0, y0, _, y1 = o.line()
        y = round((y0 + y1) / 2 * px)
        row = [img.getpixel((x, y)) for x in range(round((x0 + 1.0) * px), round((x0 + p / 2 - 0.5) * px))]
        widths.append(sum(1 for v in row if v < 128) / px)
    return widths


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_ink_saver_pieces_tell_light_from_dark(render, paper):
    """Dark pieces: white, a heavy black ring (1.2 mm and more); light
    pieces: a thin ring (0.8 mm and less), on a face no darker than a pale
    tint; the faces between ring and cut are nowhere a grey block."""
    pdf = render("en", paper, "ink-saver")
    dark, light = _rings(pdf, "dark"), _rings(pdf, "light")
    assert min(dark) >= 1.2, dark
    assert 0.2 <= max(light) <= 0.8, light
    assert min(dark) - max(light) >= 0.6, (dark, light)


def test_tab_the_ink_saver_markers_are_outlined(render):
    """No grey field under the markers for light pieces: the block of
    markers is mostly white, each with a black 4 (and a frame)."""
    pdf = render("en", "a4", "ink-saver")
    img = _grey(pdf, 1, 100)
    px = 100 / 25.4
    for side in ("light", "dark"):
        blocks = [o for o in page_objects(pdf, 1) if o.tag == ("marker", side) and o.kind == "path"]
        assert blocks, side
        x0, y0 = min(o.x0 for o in blocks), min(o.y0 for o in blocks)
        x1, y1 = max(o.x1 for o in blocks), max(o.y1 for o in blocks)
        crop = img.crop((round(x0 * px), round(y0 * px), round(x1 * px), round(y1 * px)))
        white = sum(crop.histogram()[231:]) / (crop.width * crop.height)
        assert white > 0.55, f"{side} markers: {white:.2f} white"


def test_tab_the_ink_saver_board_keeps_its_arrowheads_black(render):
    """Page 1: every small filled triangle or diamond (an arrowhead, a corner
    diamond) is black at its middle, not the ink-saver's grey."""
    pdf = render("en", "a4", "ink-saver")
    img = _grey(pdf, 0, 200)
    px = 200 / 25.4
    heads = [o for o in page_objects(pdf, 0) if o.kind == "path" and o.filled and o.stroke == 0
             and 1.5 < o.w < 4.0 and 1.5 < o.h < 4.0]
    assert len(heads) >= 10, len(heads)
    for o in heads:
        cx, cy = (o.x0 + o.x1) / 2, (o.y0 + o.y1) / 2
        box = (round((cx - 0.25) * px), round((cy - 0.25) * px), round((cx + 0.25) * px), round((cy + 0.25) * px))
        assert ImageStat.Stat(img.crop(box)).mean[0] < 70, (o.x0, o.y0)


STEP_2 = {"en": "(the same or another)", "nl": "(hetzelfde of een ander)", "de": "(auch mehrmals denselben)"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_quick_card_lets_a_score_move_the_same_piece(render, lang, paper):
    text = " ".join(_text(render(lang, paper), 1).split())
    assert text.count(STEP_2[lang]) == 2, text[:300]
