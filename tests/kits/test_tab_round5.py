"""Tâb, the hobbyist's round-5 points, read from the rendered PDFs:

- page 3: our making block is short, comes before the original's assembly
  text, says that text follows for reference and how its alternatives
  (scissors only, a laminator) apply to this kit;
- pages 2 and 3: a row-4 marker stays with its piece, in a stack and when
  the piece is captured;
- page 2: let the print dry before gluing; the ink-saving page 4 that page 3
  names prints the black pieces and markers mid grey, as it says;
- page 1: the heading says which line is cut, and the ◆ marks and the bold
  frame it says stay on the board lie inside the cut line.
"""

from __future__ import annotations

import io
import re
import subprocess
from functools import partial
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageStat

from pnp.i18n import load_catalog
from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer, need_tool
from tests.kits.test_table_ready import facts, page_objects
from tests.textlines import page_lines


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round5")), "tab")


def _text(pdf: Path, index: int) -> str:
    doc = pdfium.PdfDocument(pdf)
    try:
        raw = doc[index].get_textpage().get_text_range()
    finally:
        doc.close()
    # lines joined again: a word hyphenated at a line's end is whole, a line break a space
    raw = re.sub(r"[\u00ad\-\u2010]\s*\r?\n\s*", "", raw.replace("\u00a0", " ").replace("\ufffe", ""))
    return " ".join(raw.split())


def pieces_pages(pdf: Path, lang: str) -> tuple[int, int]:
    """(grey, solid): the indices of the two pieces pages, found in the PDF
    by their headers' captions (grey, less ink, the one to print; solid
    black, printed instead of it)."""
    cat = load_catalog("tab", lang)
    doc = pdfium.PdfDocument(pdf)
    try:
        n = len(doc)
    finally:
        doc.close()
    texts = [_text(pdf, i) for i in range(n)]
    (grey,) = [i for i, t in enumerate(texts) if _plain(cat.text("saver_caption")) in t]
    (solid,) = [i for i, t in enumerate(texts) if _plain(cat.text("pieces_caption")) in t]
    return grey, solid


def _plain(text: str) -> str:
    """A catalog text as it prints: no markup, one space between words."""
    return " ".join(text.replace("**", "").replace("*", "").replace("\u00a0", " ").split())


HEADINGS = {  # the making block, the original's assembly text (in its box), the suggested rules
    "en": ("Making this kit", "The original’s assembly instructions (for interest only; make this kit as on page 2)", "Suggested rules"),
    "nl": ("Zo maak je deze set", "De oorspronkelijke bouwinstructies (ter informatie; maak deze set zoals op pagina 2)",
           "Voorgestelde regels"),
    "de": ("So bastelst du dieses Set", "Ursprüngliche Bauanleitung (nur zur Info)",
           "Vorgeschlagene Regeln"),
}
LIST_ON_PAGE_1 = {"en": "You need what the list on page 1 names.", "nl": "Wat je verder nodig hebt, staat in de lijst op pagina 1.",
                  "de": "Nötig ist, was die Liste auf Seite 1 nennt."}
REFERENCE = {"en": "for reference", "nl": "ter informatie", "de": "zum Nachlesen"}
SCISSORS = {"en": "scissors", "nl": "schaar", "de": "Schere"}
LAMINATOR = {"en": "laminat", "nl": "lamineer", "de": "Laminier"}


@pytest.mark.parametrize("lang", LANGS)
def test_tab_making_block_is_short_and_hands_over_to_the_original(render, lang):
    """Page 3: the suggested rules, later the making block, then the
    original's instructions in their box at the end; the making block is
    shorter than the original's text, and its last bullet says the original
    follows for reference and what its alternatives (scissors only, a
    laminator) mean for this kit. What the game needs is listed on page 1
    only: the making block points there and repeats none of its lines."""
    p3 = _text(render(lang), 2)
    making, assembly, rules = HEADINGS[lang]
    a, b, c = p3.index(making), p3.index(assembly), p3.index(rules)
    assert c < a < b
    ours, original = p3[a + len(making):b], p3[b + len(assembly):]
    # the list of what the game needs (the component list's, which the original's own list no longer matches)
    cat = load_catalog("tab", lang)
    g = facts("tab")
    for key in g["needs"]:
        assert _plain(cat.text(key, coins=g["coins"])) not in ours, f"{key} listed again in the making block"
    assert LIST_ON_PAGE_1[lang] in ours, "the making block points to page 1's list"
    assert len(ours.split()) < len(original.split()), "our making block repeats more than the original says"
    ref = ours.index(REFERENCE[lang])
    handover = ours[ref:]
    assert SCISSORS[lang].lower() in handover.lower() and LAMINATOR[lang].lower() in handover.lower()
    # the original's own alternatives are still there, after the hand-over
    assert SCISSORS[lang].lower() in original.lower() and LAMINATOR[lang].lower() in original.lower()


MARKER_WORDS = {"en": ("stack", "captured"), "nl": ("stapel", "geslagen"), "de": ("Stapel", "geschlagen")}


@pytest.mark.parametrize("lang", LANGS)
def test_tab_a_marker_stays_with_its_piece_in_stacks_and_captures(render, lang):
    """Page 2's marker note says a marker stays with its piece in a stack too;
    page 3's notes on the pieces say it in full: inside a stack, when the
    piece leaves a stack, and when it is captured."""
    pdf = render(lang)
    cat = load_catalog("tab", lang)
    stack, captured = MARKER_WORDS[lang]
    note = _plain(cat.text("markers_note"))
    assert stack in note  # page 2 in short; page 3 in full
    assert note in _text(pdf, 1)
    blocks = cat.blocks("rules", paper="A4", coins=4, pieces=9)
    (bullet,) = [_plain(b) for b in blocks if stack in b and captured in b and b.startswith("- ")]
    assert bullet[2:] in _text(pdf, 2)


DRY = {"en": "overnight", "nl": "nacht", "de": "über Nacht"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_pieces_page_says_let_the_print_dry_before_gluing(render, lang, paper):
    """The drying note (overnight: the black faces carry a lot of ink)
    stands in the text above the pieces on the solid black pieces page
    (before the first piece is reached on the page), on every paper."""
    pdf = render(lang, paper)
    _, index = pieces_pages(pdf, lang)
    pieces = [o for o in page_objects(pdf, index) if o.tag and o.tag[0] == "piece"]
    top = min(o.y0 for o in pieces)
    lines = page_lines(pdf)[index]
    doc = pdfium.PdfDocument(pdf)
    try:
        h = doc[index].get_size()[1]
    finally:
        doc.close()
    above = " ".join(ln.text for ln in lines if (h - ln.base) * 25.4 / 72 < top)
    above = " ".join(re.sub(r"[\u00ad\-\u2010] ", "", above.replace("\u00a0", " ")).split())
    assert DRY[lang] in above, f"no drying note above the pieces: {above[:200]!r}"


def _grey(pdf: Path, index: int, dpi: int = 100) -> Image.Image:
    png = subprocess.run([need_tool("pdftoppm"), "-png", "-gray", "-r", str(dpi), "-f", str(index + 1), "-l",
                          str(index + 1), str(pdf)], capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(png)).convert("L")


def _face_mean(pdf: Path, side: str, dpi: int = 100, index: int = 1) -> float:
    """The mean grey of the `side` pieces' plain faces' middle band, between
    the cut and the ring (0 black, 255 white), on page index+1."""
    img = _grey(pdf, index, dpi)
    px = dpi / 25.4
    p = facts("tab")["piece"]
    outlines = [o for o in page_objects(pdf, index) if o.tag == ("piece", side) and o.kind == "path" and o.stroke > 0
                and not o.dashed and abs(o.h - p) < 1.5 and abs(o.w - 2 * p) < 3.0]
    assert len(outlines) == facts("tab")["pieces_per_player"], len(outlines)
    means = []
    for o in outlines:
        x0, y0, _, y1 = o.line()
        # a strip 1-2.5 mm inside the plain face's left edge: no ring, no star
        box = (round((x0 + 1.0) * px), round((y0 + 3.0) * px), round((x0 + 2.5) * px), round((y1 - 3.0) * px))
        means.append(ImageStat.Stat(img.crop(box)).mean[0])
    return sum(means) / len(means)


def test_tab_the_ink_saving_version_is_what_page_3_says(render):
    """Page 3 says to print pages 1–3, page 2 with the pieces in mid grey,
    and page 4 instead for solid black: on page 2 the dark pieces' faces are
    mid grey (black on page 4), still far darker than the light pieces."""
    pdf = render("en")
    p3 = _text(pdf, 2)
    assert "Print pages 1–3" in p3 and "markers in grey" in p3 and "print page 4 instead of page 2" in p3
    assert pieces_pages(pdf, "en") == (1, 3)
    black = _face_mean(pdf, "dark", index=3)
    saver = _face_mean(pdf, "dark")
    light = _face_mean(pdf, "light")
    assert black < 40, black
    assert 90 < saver < 190, f"the ink-saving dark pieces are {saver:.0f}, not mid grey"
    assert light - saver > 50, "light and dark pieces still tell apart"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_board_heading_says_which_line_is_cut(render, lang, paper):
    """Page 1: the heading names the ◆ marks and the frame as staying on the
    board; on the board the four ◆ and the bold frame lie inside the cut line,
    which is the outermost line of the board."""
    pdf = render(lang, paper)
    heading = _plain(load_catalog("tab", lang).text("board_heading"))
    assert "◆" in heading and heading in _text(pdf, 0)
    objs = [o for o in page_objects(pdf, 0) if o.tag and o.tag[0] == "board"]
    strokes = [o for o in objs if o.kind == "path" and o.stroke > 0 and not o.dashed]
    cut = max(strokes, key=lambda o: o.w * o.h)
    cx0, cy0, cx1, cy1 = cut.line()
    (frame,) = [o for o in strokes if o is not cut and o.stroke >= 0.9 and o.w > cut.w - 20]
    fx0, fy0, fx1, fy1 = frame.ink()
    assert min(fx0 - cx0, fy0 - cy0, cx1 - fx1, cy1 - fy1) > 2.0
    diamonds = [o for o in objs if o.kind == "path" and o.filled and o.stroke == 0 and 3.0 < o.w < 4.5
                and abs(o.w - o.h) < 0.2 and min(o.x0 - fx0, o.y0 - fy0, fx1 - o.x1, fy1 - o.y1) > 0]
    assert len(diamonds) == 4, "a ◆ in each corner, inside the frame"
    for o in objs:
        if o is not cut:
            x0, y0, x1, y1 = o.ink() if o.stroke else (o.x0, o.y0, o.x1, o.y1)
            assert x0 >= cx0 - 0.01 and y0 >= cy0 - 0.01 and x1 <= cx1 + 0.01 and y1 <= cy1 + 0.01, \
                "the cut line is the board's outermost line"
