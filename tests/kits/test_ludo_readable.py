"""The Ludo cards read right (round 8), measured from the rendered PDFs:
each colour's symbol stays apart from the field it sits on when the sheet
is printed in greyscale (the pawns on the fronts, the discs of the spare
backs); page 1's "as shown on this page" is true on both papers; the
alignment test names one threshold for "the readings differ"; page 1 maps
the file's pages as they are laid out."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.fonts import Measurer
from pnp.i18n import load_catalog
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from tests.helpers import LANGS, PAPER_IDS
from tests.kits.test_ludo_guide import guide_index, heading, norm, page_texts
from tests.printer import MM, Box, path_boxes, read_pages

LUDO = "ludo-cards"


@pytest.fixture(scope="module")
def ludo(tmp_path_factory):
    """ludo(lang, paper="a4", backs="duplex-long") -> the PDF, rendered once."""
    folder = tmp_path_factory.mktemp("ludo-readable")
    measure = Measurer()
    cache: dict[tuple, Path] = {}

    def get(lang: str, paper: str = "a4", backs: str = "duplex-long") -> Path:
        key = (lang, paper, backs)
        if key not in cache:
            out = folder / "-".join(key)
            opts = Options(lang, get_paper(paper), backs=backs)  # type: ignore[arg-type]
            (cache[key],) = render_one(get_kit(LUDO), opts, out, ("pdf",), 150, measure, validate=False).files
        return cache[key]

    return get


# ---- 1. the symbols in greyscale ---------------------------------------------------------------------------------

DPI = 300
# grey levels 0-1 apart that tell a symbol from its field on a greyscale print: navy (0.18) under a black symbol
# is 0.18 apart and vanishes; a light grey step of a printer's test chart is about 0.1
MIN_MARK_CONTRAST = 0.35


def grey_raster(pdf: Path, index: int):  # noqa: ANN201 - a PIL image
    """The page as a greyscale printer sees it."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[index].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()


def grey_at(img, x: float, y: float) -> float:  # noqa: ANN001
    return img.getpixel((round(x / 25.4 * DPI), round(y / 25.4 * DPI))) / 255


def close(a: float, b: float, tol: float = 0.3) -> bool:
    return abs(a - b) <= tol


def test_a_black_mark_on_navy_fails_the_contrast():
    """The threshold can fail: black on the old navy is closer than it."""
    navy = (0.299 * 0x12 + 0.587 * 0x29 + 0.114 * 0x8A) / 255
    assert navy < MIN_MARK_CONTRAST


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_spare_back_symbols_stand_out_of_their_disc_in_greyscale(ludo, paper):
    """Each disc on the spare-back pages (a round path some 35 mm across)
    holds its symbol at its centre; on a greyscale raster of the page the
    symbol's grey and the disc's, between symbol and rim, differ by at least
    MIN_MARK_CONTRAST, for every colour."""
    pdf = ludo("en", paper)
    pages = read_pages(pdf)
    last_card = max(p.number for p in pages if p.of("card") or p.of("back"))
    spares = range(last_card, len(pages))
    assert len(spares) == 4
    for index in spares:
        boxes = path_boxes(pdf, index)
        discs = [b for b in boxes if 30.0 < b.w < 40.0 and close(b.w, b.h)]
        assert len(discs) == 8, f"page {index + 1}: {len(discs)} discs"
        img = grey_raster(pdf, index)
        for d in discs:
            marks = [b for b in boxes if b is not d and b.w < 26.0 and b.h < 26.0 and b.w > 10.0
                     and abs(b.cx - d.cx) < 3.0 and abs(b.cy - d.cy) < 3.0]
            assert len(marks) == 1, f"page {index + 1}: the disc at {d.cx:.0f},{d.cy:.0f} has no one symbol"
            mark = marks[0]
            symbol = grey_at(img, mark.cx, mark.cy)
            field = grey_at(img, (mark.x1 + d.x1) / 2, d.cy)
            assert abs(symbol - field) >= MIN_MARK_CONTRAST, \
                f"page {index + 1}: symbol grey {symbol:.2f} on disc grey {field:.2f}"


def colour_raster(pdf: Path, index: int):  # noqa: ANN201 - a PIL image
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def back_marks(pdf: Path, index: int) -> list[tuple[float, float, float, float, float]]:
    """Each white disc of a page of backs (a round path 30-40 mm across,
    white between its symbol and its rim) with the one symbol at its centre:
    (disc width, symbol width, symbol height, the symbol's grey at its
    centre, the disc's grey between symbol and rim), mm and 0-1."""
    boxes = path_boxes(pdf, index)
    img = colour_raster(pdf, index)
    out = []
    for d in (b for b in boxes if 30.0 < b.w < 40.0 and close(b.w, b.h, 0.1)):
        marks = [b for b in boxes if b is not d and 10.0 < b.w < 26.0 and b.h < 26.0
                 and abs(b.cx - d.cx) < 3.0 and abs(b.cy - d.cy) < 3.0]
        assert len(marks) == 1, f"page {index + 1}: the disc at {d.cx:.0f},{d.cy:.0f} has no one symbol"
        mk = marks[0]

        def grey(x: float, y: float) -> float:
            r, g, b = img.getpixel((round(x / 25.4 * DPI), round(y / 25.4 * DPI)))
            return (0.299 * r + 0.587 * g + 0.114 * b) / 255

        out.append((d.w, mk.w, mk.h, grey(mk.cx, mk.cy), grey((mk.x1 + d.x1) / 2, d.cy)))
    return out


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_spare_backs_draw_each_symbol_as_the_printed_backs(ludo, paper):
    """The spare backs (light ink) show each colour's symbol the way the
    printed backs and the card headers do: black in a white disc of the
    same size, the symbol itself as large (red's bullseye a black dot, not
    a hollow ring; blue's square black, not white), for all four colours."""
    pdf = ludo("en", paper)
    pages = read_pages(pdf)
    last_card = max(p.number for p in pages if p.of("card") or p.of("back"))
    spares = list(range(last_card, len(pages)))
    colours = ["red", "blue", "yellow", "green"]
    assert len(spares) == len(colours)
    for index, colour in zip(spares, colours, strict=True):
        printed = next(p.number - 1 for p in pages if any(k.value == colour for k in p.of("back")))
        want = back_marks(pdf, printed)
        got = back_marks(pdf, index)
        assert len(want) == len(got) == 8, (colour, len(want), len(got))
        disc, w, h, symbol, field = want[0]
        assert symbol < 0.15 and field > 0.9, f"{colour}: the printed back's symbol {symbol:.2f} on {field:.2f}"
        for g in got:
            assert close(g[0], disc, 0.3) and close(g[1], w, 0.3) and close(g[2], h, 0.3), \
                f"page {index + 1} ({colour}): disc and symbol {g[:3]}, the printed back's {want[0][:3]}"
            assert g[3] < 0.15, f"page {index + 1} ({colour}): the symbol is not black ({g[3]:.2f})"
            assert g[4] > 0.9, f"page {index + 1} ({colour}): the disc is not white ({g[4]:.2f})"


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_pawn_symbols_stand_out_of_their_pawn_in_greyscale(ludo, paper):
    """On every page of fronts, each small symbol (1-2.2 mm) on a pawn
    differs in grey from the pawn's body beside it by MIN_MARK_CONTRAST."""
    pdf = ludo("en", paper)
    pages = read_pages(pdf)
    fronts = [p.number - 1 for p in pages if p.of("card")]
    assert fronts
    seen = 0
    for index in fronts:
        img = grey_raster(pdf, index)
        for mark in path_boxes(pdf, index):
            if not (1.0 < mark.w < 2.2 and 1.0 < mark.h < 2.2):
                continue
            symbol = grey_at(img, mark.cx, mark.cy)
            body = [grey_at(img, mark.cx + dx, mark.cy) for dx in (-1.6, 1.6)]
            assert all(abs(symbol - b) >= MIN_MARK_CONTRAST for b in body), \
                f"page {index + 1}: pawn symbol grey {symbol:.2f} on {body}"
            seen += 1
    assert seen == 96 * 7 // 2, seen  # 1+2+...+6 filled pawns in each stack of 6: 21 a stack, 16 stacks


# ---- 2. "as shown on this page" ----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPER_IDS)
def test_the_stacks_to_sort_are_drawn_on_page_1(ludo, lang, paper):
    """The quick route on page 1 sorts the cards "as shown on this page": the
    picture of the start stacks (its caption) is on page 1, and the quick
    route's line says "this page", not "below"."""
    cat = load_catalog(LUDO, lang)
    first = page_texts(ludo(lang, paper))[0]
    assert norm(cat.text("diagram_stacks")) in first
    this_page = {"en": "on this page", "nl": "op deze pagina", "de": "auf dieser Seite"}[lang]
    quick = cat.raw("quick")
    assert isinstance(quick, list)
    (sort,) = [norm(re.sub(r"\*\*", "", b)).replace("{stacks}", "4") for b in quick if this_page in b]
    assert sort in first and not re.search(r"\b(below|hieronder|unten)\b", sort)


# ---- 3. one threshold for "the readings differ" ------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_alignment_test_names_one_threshold(ludo, lang):
    """The list of what the readings mean names a length in mm three times
    (differ by more than it; differ by it or less after a reprint; all the
    same within it): one number, and it is the tolerance the code keeps."""
    from pnp.layout.deck import ALIGN_TOLERANCE

    pdf = ludo(lang)
    texts = page_texts(pdf)
    cat = load_catalog(LUDO, lang)
    steps = cat.raw("align_back")
    assert isinstance(steps, list)
    differ = re.sub(r"\*\*|^- ", "", steps[-2]).split(" ")[0:3]
    (page,) = [t for t in texts if " ".join(differ) in t and "mm" in t]
    start = page.index(" ".join(differ))
    same = re.sub(r"\*\*|^- ", "", steps[-1]).split(" (")[0]
    end = page.rindex(same) + len(same) + 30  # the step itself; the one before refers to it by name
    # a length, not the step's example shift ("say 1.5 mm to the right and 2 mm down")
    shift = r"(?! (?:to the right|down|naar rechts|omlaag|nach rechts|nach unten))"
    found = [m.group(1) for m in re.finditer(rf"(\d+(?:[.,]\d+)?) mm{shift}", page[start:end + 40])
             if m.start() < end - start]
    assert len(found) == 3, found
    assert {float(v.replace(",", ".")) for v in found} == {ALIGN_TOLERANCE}


# ---- 4. the page map on page 1 -----------------------------------------------------------------------------------

def page_of(texts: list[str], needle: str) -> int:
    return next(i for i, t in enumerate(texts, 1) if needle in t)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPER_IDS)
def test_page_1_maps_the_pages_as_laid_out(ludo, lang, paper):
    """Page 1's map names, in order, the pages of the rules, the guide, the
    die, the alignment test, the cards and the spare backs; each range is
    the one the file has, found from the pages' own contents; the items are
    parted by semicolons, which read the same at a line end."""
    cat = load_catalog(LUDO, lang)
    pdf = ludo(lang, paper)
    texts = page_texts(pdf)
    pages = read_pages(pdf)
    note = heading(load_catalog(LUDO, lang).raw("rules_note")[0])
    die = heading(str(cat.raw("die_text")[0]))
    cards = [p.number for p in pages if p.of("card") or p.of("back")]
    align = [p.number for p in pages if p.number < min(cards)][-2:]
    want = [(1, page_of(texts, note)), (guide_index(pdf, lang) + 1,) * 2, (page_of(texts, die),) * 2,
            (align[0], align[1]), (min(cards), max(cards)), (max(cards) + 1, len(pages))]
    line = cat.text("page_map_label")
    assert line in texts[0]
    after = texts[0][texts[0].index(line) + len(line):]
    got = [(int(a), int(b or a)) for a, b in re.findall(r"(\d+)(?:\s*–\s*(\d+))?", after)[:len(want)]]
    assert got == want, (got, want)
    # every item ends in punctuation that survives a line break (native NL 12-6: a "·" left out at the line end
    # ran two items together): a semicolon between items, a full stop after the last
    ends = re.findall(r"\d+(?:\s*–\s*\d+)?(\S?)", after)[:len(want)]
    assert ends == [";"] * (len(want) - 1) + ["."], ends


# ---- 5. the quick reference to cut out (round 10) ----------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPER_IDS)
def test_the_die_page_holds_a_quick_reference_to_cut_out(ludo, lang, paper):
    """The die's page (printed on card) holds the rules at a glance in a
    frame to cut out: one path round its heading and every line of it, at
    7.5 pt or more, under the die's text and left of the die net, inside the
    page's safe area; it names each part of a turn, and our suggestions are
    marked as ours."""
    from tests.textlines import page_lines

    cat = load_catalog(LUDO, lang)
    pdf = ludo(lang, paper)
    texts = page_texts(pdf)
    index = page_of(texts, heading(str(cat.raw("die_text")[0]))) - 1
    quick = cat.blocks("quick_ref", stacks=4, height=6)
    text = texts[index]
    for block in quick:
        label = re.match(r"(?:- )?\*\*(.+?)\*\*", block) or re.match(r"\*(.+?)\*", block)
        assert label or block.startswith("## "), block
        assert norm(label.group(1) if label else heading(block)) in text, f"{lang} {paper}: {block[:40]!r}"
    ours = {"en": "not in the original", "nl": "niet in het origineel", "de": "nicht im Original"}[lang]  # house rules (round 16)
    assert ours.casefold() in text.casefold()  # native17: the note starts with it

    doc = pdfium.PdfDocument(pdf)
    try:
        page_h = doc[index].get_height()
    finally:
        doc.close()
    lines = page_lines(pdf)[index]

    def box(ln) -> Box:  # noqa: ANN001 - a Line, pt from the bottom -> mm, y down
        return Box(ln.x * MM, (page_h - ln.base - 0.75 * ln.size) * MM, ln.right * MM, (page_h - ln.base) * MM)

    head = heading(quick[0])
    (top,) = [ln for ln in lines if ln.text.startswith(head[:20])]
    paths = path_boxes(pdf, index)
    frames = [p for p in paths if p.w > 80.0 and p.x0 <= top.x * MM <= p.x1 and p.y0 <= box(top).y0 <= p.y1]
    assert len(frames) == 1, f"{lang} {paper}: {len(frames)} frames round the quick reference"
    frame = frames[0]
    inside = [ln for ln in lines if frame.x0 < ln.x * MM < frame.x1 and frame.y0 < box(ln).y1 < frame.y1]
    assert len(inside) >= len(quick), f"{lang} {paper}: {len(inside)} lines in the frame"
    for ln in inside:
        b = box(ln)
        assert b.x1 <= frame.x1 and b.y0 >= frame.y0 and ln.size >= 7.5 - 0.05, (ln.text, b, frame, ln.size)
    die_text = [box(ln) for ln in lines if box(ln).y1 < frame.y0]
    assert die_text, "the die's text above the frame"
    net = [p for p in paths if p.x0 > frame.x1]
    assert len(net) > 20, f"{lang} {paper}: the die net right of the frame"
    safe = get_paper(paper).safe(True)
    assert safe.x - 0.01 <= frame.x0 and frame.y1 <= safe.y + safe.h + 0.01, (frame, safe)
