"""Tâb, the hobbyist's and native readers' round-8 points, read from the
rendered PDFs:

- page 1: a one-line legend under the board, clear of its cut line: a white
  row badge for player A's row numbers, a black one for player B's;
- the grey pieces page is the one to print: page 2's header says to print
  it or page 4 (less ink), page 4's that it is the recommended one;
- page 3: the original's assembly text in its box is set at 7 pt or more;
- the six making steps' captions never leave one word alone on a line;
- the page headings are sentences and end with a full stop.
"""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import ImageStat

from pnp.fonts import Measurer
from pnp.i18n import load_catalog
from pnp.kits.tab import MAKING_STEPS, caption_lines
from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import _grey, _text
from tests.kits.test_table_ready import page_objects
from tests.textlines import page_lines

MM = 25.4 / 72


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round8")), "tab")


def _norm(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


def _height_mm(pdf: Path, index: int) -> float:
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[index].get_size()[1] * MM
    finally:
        doc.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_board_has_a_row_number_legend_inside_its_frame(render, lang, paper):
    """Round 12 (the legend under the board was lost once the board was
    cut): each player's row-number key is inside the board's bold frame, on
    that player's side, on the line of the way to row 4: player A's (a
    white badge) at the foot, read from A's side; player B's (a black badge)
    at the top, turned to B. The words name the colours too."""
    pdf = render(lang, paper)
    cat = load_catalog("tab", lang)
    objs = page_objects(pdf, 0)
    board = [o for o in objs if o.tag and o.tag[0] == "board"]
    cut = max((o for o in board if o.kind == "path" and o.stroke > 0 and not o.dashed), key=lambda o: o.w * o.h)
    cx0, cy0, cx1, cy1 = cut.line()
    inset = 3.5 + 0.5  # the frame's middle FRAME_CLEAR + 0.5 inside the cut, and half its 1 mm line
    h = _height_mm(pdf, 0)
    (a,) = [ln for ln in page_lines(pdf)[0] if _norm(cat.text("legend_a")) in _norm(ln.text)]
    base = h - a.base * MM
    assert cy0 + inset < base < cy1 - inset, f"{a.text!r} is not inside the frame"
    assert base > (cy0 + cy1) / 2, "player A's key is on A's side (the foot)"
    assert _norm(cat.text("legend_b")) in _norm(_text(pdf, 0)), "player B's key (turned to B) is on the board"
    badges = sorted((o for o in board if o.kind == "path" and o.filled and 4.6 < o.w < 5.5 and abs(o.w - o.h) < 0.3),
                    key=lambda o: -o.y0)
    assert len(badges) == 2, f"{len(badges)} key badges on the board"
    img = _grey(pdf, 0, 150)
    px = 150 / 25.4
    greys = []
    for b in badges:
        assert cx0 + inset < b.x0 and b.x1 < cx1 - inset and cy0 + inset < b.y0 and b.y1 < cy1 - inset
        cy = (b.y0 + b.y1) / 2  # a patch beside the digit, inside the ring
        box = (round((b.x0 + 0.8) * px), round((cy - 0.4) * px), round((b.x0 + 1.5) * px), round((cy + 0.4) * px))
        greys.append(ImageStat.Stat(img.crop(box)).mean[0])
    assert greys[0] > 200 and greys[1] < 60, f"the keys' badges: {greys} (white for A at the foot, black for B)"
    assert "A" in cat.text("legend_a") and "B" in cat.text("legend_b")
    white, black = {"en": ("white", "black"), "nl": ("licht", "donker"), "de": ("weiß", "schwarz")}[lang]
    assert white in cat.text("legend_a") and black in cat.text("legend_b")


@pytest.mark.parametrize("lang", LANGS)
def test_tab_headers_say_which_pieces_page_to_print(render, lang):
    """Page 2 (grey) says in its header it is the recommended one, to print
    it or page 4 (solid black); page 4 says to print it or page 2."""
    pdf = render(lang)
    cat = load_catalog("tab", lang)
    two, four = _norm(cat.text("saver_caption")), _norm(cat.text("pieces_caption"))
    assert "4" in two and "2" in four
    assert two in _norm(_text(pdf, 1)) and four in _norm(_text(pdf, 3))
    recommended = {"en": "recommended", "nl": "aanbevolen", "de": "empfohlen"}[lang]
    assert recommended in two and recommended not in four


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_original_in_its_box_is_7_pt_or_more(render, lang, paper):
    """Page 3: the original's assembly text, in its frame, is small but
    legible: no line under 7 pt."""
    pdf = render(lang, paper)
    frames = [o for o in page_objects(pdf, 2) if o.kind == "path" and o.stroke > 0 and not o.filled
              and o.w > 60 and o.h > 30]
    assert len(frames) == 1
    fx0, fy0, fx1, fy1 = frames[0].ink()
    h = _height_mm(pdf, 2)
    boxed = [ln for ln in page_lines(pdf)[2] if fx0 < ln.x * MM < fx1 and fy0 < h - ln.base * MM < fy1]
    assert len(boxed) > 10
    assert min(ln.size for ln in boxed) >= 7.0 - 0.05


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_making_captions_leave_no_word_alone(render, lang, paper):
    """Pages 2 and 4: each of the six making steps' captions prints whole, on
    one line or on two, and a second line holds two words or more."""
    pdf = render(lang, paper)
    cat = load_catalog("tab", lang)
    for index in (1, 3):
        lines = [_norm(ln.text) for ln in page_lines(pdf)[index]]
        for key in MAKING_STEPS:
            caption = _norm(cat.text(key))
            (first,) = [t for t in lines if caption.startswith(t) and re.match(r"\d\. ", t)]
            rest = caption[len(first):].strip()
            if rest:
                assert rest in lines, f"{caption!r}: its second line"
                assert len(rest.split()) >= 2, f"{caption!r} leaves {rest!r} alone on its second line"


def test_tab_caption_lines_would_catch_a_lone_word():
    """The even break is what keeps the word company: a greedy break of the
    Dutch step 4 at its width leaves 'elkaar' alone."""
    m = Measurer()
    text = "4. Plak de kanten op elkaar"
    width = m("4. Plak de kanten op", "Sans", 7.0) + 0.1
    lines, _ = caption_lines(text, width, m)
    assert len(lines) == 2 and all(len(t.split()) >= 2 for t in lines), lines


@pytest.mark.parametrize("lang", LANGS)
def test_tab_page_headings_end_with_a_full_stop(render, lang):
    """The board's and the pieces' headings are sentences: they end with a
    full stop, as printed."""
    pdf = render(lang)
    cat = load_catalog("tab", lang)
    for key, index in (("board_heading", 0), ("pieces_heading", 1)):
        text = _norm(cat.text(key))
        assert text.endswith("."), key
        assert text in _norm(_text(pdf, index)), key
