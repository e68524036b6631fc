"""The Ludo cards as a person with scissors and a die meets them, measured
on the rendered PDF (PDFium's page objects and rasters, not pnp's layout
data): the card art keeps 3 mm of white to every cut line, so a 1 mm miscut
does not show as an uneven frame; the pawn count is never read as the die
value (no count digit within 5 mm of a die face); --ink-saver backs carry no
tint over the whole sheet; the alignment test shows an offset the command
takes; the guide's turn-over picture turns the sheet as the printer does;
the die net folds into a die."""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as c
import pytest

from pnp.fonts import Measurer
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from tests.helpers import LANGS, PAPER_IDS
from tests.printer import DUPLEX, MM, Box, _bounds, _objects, _utf16, behind, crossings, inked_share, read_pages

LUDO = "ludo-cards"
FRAME_CLEAR = 3.0  # mm of white between a frame and a cut it shares with the next card (issue 23)
DIGIT_CLEAR = 5.0  # mm between the pawn count and the die face
_MEASURE = Measurer()


@pytest.fixture(scope="module")
def ludo(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("ludo-printed")
    cache: dict[tuple, Path] = {}

    def get(lang: str = "en", paper: str = "a4", **options: object) -> Path:
        key = (lang, paper, tuple(sorted(options.items())))
        if key not in cache:
            opts = Options(lang, get_paper(paper), **options)  # type: ignore[arg-type]
            (cache[key],) = render_one(get_kit(LUDO), opts, folder / str(len(cache)), ("pdf",), 150, _MEASURE,
                                       validate=False).files
        return cache[key]

    return get


@dataclass(frozen=True)
class Obj:
    """One page object as PDFium sees it: the component that holds it, its
    type, where its ink lies (mm, y down) and, for text, what it says and
    its size as printed (pt)."""

    owner: tuple[str, str] | None
    type: int
    box: Box
    text: str = ""
    size: float = 0.0


def page_objects(path: Path) -> list[list[Obj]]:
    doc = pdfium.PdfDocument(path)
    out = []
    try:
        for i in range(len(doc)):
            page = doc[i]
            tp = page.get_textpage()
            h = page.get_size()[1]
            objs = []
            top = [c.FPDFPage_GetObject(page.raw, j) for j in range(c.FPDFPage_CountObjects(page.raw))]
            for raw, m, holder in _objects(top, None, None):
                kind = c.FPDFPageObj_GetType(raw)
                if kind == c.FPDF_PAGEOBJ_FORM:
                    continue
                left, bottom, right, top_ = _bounds(raw, m)
                box = Box(left * MM, (h - top_) * MM, right * MM, (h - bottom) * MM)
                owner = None
                if holder is not None:
                    owner = (_utf16(c.FPDFPageObjMark_GetParamStringValue, holder[0], b"K"),
                             _utf16(c.FPDFPageObjMark_GetParamStringValue, holder[0], b"V"))
                text, size = "", 0.0
                if kind == c.FPDF_PAGEOBJ_TEXT:
                    n = c.FPDFTextObj_GetText(raw, tp.raw, None, 0)
                    buf = (ctypes.c_ushort * (n // 2 + 1))()
                    c.FPDFTextObj_GetText(raw, tp.raw, buf, n)
                    text = bytes(buf)[:n].decode("utf-16-le").rstrip("\x00")
                    fs = ctypes.c_float(0)
                    c.FPDFTextObj_GetFontSize(raw, ctypes.byref(fs))
                    tm = c.FS_MATRIX()
                    c.FPDFPageObj_GetMatrix(raw, ctypes.byref(tm))
                    a, b = tm.a, tm.b
                    if m is not None:
                        a, b = a * m[0] + b * m[2], a * m[1] + b * m[3]
                    size = fs.value * (a * a + b * b) ** 0.5
                objs.append(Obj(owner, kind, box, text, size))
            out.append(objs)
            tp.close()
            page.close()
    finally:
        doc.close()
    return out


def reads_as_die(digit: Box, face: Box) -> bool:
    """Whether a big digit could be taken for the die's value: within 5 mm
    of the face, or beside it on the same line."""
    beside = digit.y0 < face.y1 and face.y0 < digit.y1
    return beside or gap(digit, face) < DIGIT_CLEAR


def gap(a: Box, b: Box) -> float:
    """The shortest distance between two boxes (0 if they touch or overlap)."""
    dx = max(a.x0 - b.x1, b.x0 - a.x1, 0.0)
    dy = max(a.y0 - b.y1, b.y0 - a.y1, 0.0)
    return (dx * dx + dy * dy) ** 0.5


# ---- forgiving cuts ------------------------------------------------------------


def cuts_around(card: Box, lines: tuple[Box, ...]) -> tuple[float, float, float, float]:
    """The nearest cut (or fold) line on each side of a card's ink, each line
    taken at its centre and only where it runs past the card's middle:
    (left, top, right, bottom) in mm."""
    vs = [ln for ln in lines if ln.w < 1.0 and ln.h > 40.0 and ln.y0 < card.cy < ln.y1]
    hs = [ln for ln in lines if ln.h < 1.0 and ln.w > 40.0 and ln.x0 < card.cx < ln.x1]
    left = max(ln.cx for ln in vs if ln.cx <= card.x0)
    right = min(ln.cx for ln in vs if ln.cx >= card.x1)
    top = max(ln.cy for ln in hs if ln.cy <= card.y0)
    bottom = min(ln.cy for ln in hs if ln.cy >= card.y1)
    return left, top, right, bottom


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("backs", ["duplex-long", "gutterfold", "none"])
def test_card_fronts_keep_3mm_of_white_to_every_cut(ludo, paper, backs):
    """Cards share their cut lines, so no colour can run past a cut: every
    stroke and fill of a card front (its frame first) stays at least 3 mm
    inside the lines it is cut along, and the cut lines enclose a poker card."""
    pages = read_pages(ludo("en", paper, backs=backs))
    n = 0
    for page in pages:
        for card in page.of("card"):
            left, top, right, bottom = cuts_around(card.box, page.lines)
            assert right - left == pytest.approx(63.5, abs=0.1) and bottom - top == pytest.approx(88.9, abs=0.1)
            clear = min(card.box.x0 - left, card.box.y0 - top, right - card.box.x1, bottom - card.box.y1)
            assert clear >= FRAME_CLEAR, f"page {page.number} {card.value}: art {clear:.2f} mm from its cut"
            n += 1
    assert n == 96


def test_the_cut_check_sees_art_at_the_cut(ludo):
    """The measure itself: the lines around a card's ink are found, and art
    1.3 mm from a cut (the frame before issue 23) would fail it."""
    page = next(p for p in read_pages(ludo("en", "a4")) if p.of("card"))
    card = page.of("card")[0].box
    left, top, right, bottom = cuts_around(card, page.lines)
    grown = Box(left + 1.3, top + 1.3, right - 1.3, bottom - 1.3)
    assert min(grown.x0 - left, grown.y0 - top, right - grown.x1, bottom - grown.y1) < FRAME_CLEAR


# ---- the pawn count and the die -------------------------------------------------


def die_faces(objs: list[Obj]) -> list[Box]:
    """Square outlines of die size (15-30 mm) within a card."""
    return [o.box for o in objs if o.type == c.FPDF_PAGEOBJ_PATH and 15.0 <= o.box.w <= 30.0
            and abs(o.box.w - o.box.h) < 0.5]


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_pawn_count_digit_near_a_die_face(ludo, lang, paper):
    """Every card prints its pawn count k as one big digit (the number a
    stack's height is compared by), and that digit stands at least 5 mm from
    the die face and not beside it on the same line, so "die 3, card 5" is
    never read as a die showing 5."""
    n = 0
    for objs in page_objects(ludo(lang, paper)):
        cards: dict[str, list[Obj]] = {}
        for o in objs:
            if o.owner is not None and o.owner[0] == "card":
                cards.setdefault(o.owner[1], []).append(o)
        for value, mine in cards.items():
            _colour, _v, k = value.split("-")
            (face,) = die_faces(mine)
            digits = [o for o in mine if o.type == c.FPDF_PAGEOBJ_TEXT and o.text.strip() in "123456"
                      and len(o.text.strip()) == 1 and o.size >= 12.0]
            assert [d.text.strip() for d in digits] == [k], (value, [d.text for d in digits])
            assert not reads_as_die(digits[0].box, face), (value, digits[0].box, face)
            n += 1
    assert n == 96


def test_the_digit_check_sees_a_digit_beside_the_die():
    """The measure itself on the layout before issue 23: a die of 24 mm
    centred at x 20 and a 26 pt digit centred at x 47 on the same line read
    as one; so would a digit 4 mm below the die."""
    face = Box(8.0, 21.0, 32.0, 45.0)
    assert reads_as_die(Box(47.0 - 2.6, 33.0 - 3.4, 47.0 + 2.6, 33.0 + 3.4), face)
    assert reads_as_die(Box(17.4, 49.0, 22.6, 55.8), face)
    assert not reads_as_die(Box(17.4, 51.0, 22.6, 57.8), face)


# ---- ink-saver backs -------------------------------------------------------------


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short", "gutterfold"])
def test_ink_saver_backs_have_no_tint_over_the_sheet(ludo, backs):
    """--ink-saver spares the ink of the backs: no page of backs is covered
    by a tint (the colour print covers most of the sheet), yet each back
    still shows its colour."""
    saver = ludo("en", "letter", backs=backs, variant="ink-saver")
    colour = ludo("en", "letter", backs=backs)
    pages = read_pages(saver)
    back_pages = [p.number - 1 for p in pages if p.of("back")]
    assert back_pages
    for i in back_pages:
        assert inked_share(colour, i) > 0.45  # the colour print: solid backs (on half the page in gutterfold)
        assert inked_share(saver, i) < 0.25, (i + 1, inked_share(saver, i))
    for p in pages:
        for b in p.of("back"):
            assert any(len(set(f)) > 1 for f in b.fills), (p.number, b.value)  # a fill in a colour, not grey


# ---- the printing guide and the alignment test, as read on the page ------------------------


def page_text(path: Path, index: int) -> str:
    """A page's text as PDFium extracts it, lines joined (a word broken at a
    line end joined again)."""
    doc = pdfium.PdfDocument(path)
    try:
        raw = doc[index].get_textpage().get_text_range()
    finally:
        doc.close()
    raw = re.sub(r"[\x02\u00ad-]\r?\n", "", raw)  # a hyphenated break
    return re.sub(r"\s+", " ", raw)


def guide_index(path: Path, lang: str = "en") -> int:
    """The index of the printing guide's page: the one under its first heading."""
    from pnp.i18n import load_catalog

    head = str(load_catalog(LUDO, lang).raw("guide")[0]).removeprefix("## ")
    doc = pdfium.PdfDocument(path)
    try:
        n = len(doc)
    finally:
        doc.close()
    (index,) = [i for i in range(n) if head in page_text(path, i)]
    return index


def alignment_back(pages: list) -> int:
    """The index of the alignment test's back page: the one behind the page of crosses."""
    for front, back in zip(pages[::2], pages[1::2], strict=False):
        if crossings(front, 12.0):
            return back.number - 1
    raise AssertionError("no alignment test")


@pytest.mark.parametrize("lang", LANGS)
def test_the_alignment_test_says_what_to_do_with_the_pdf_alone(ludo, lang):
    """The ruler page is for whoever holds only the PDF: its list of what the
    readings mean ends with "all five the same", and what to do then follows
    it (a print-dialog setting, if there is one; otherwise print as is, or
    glue on the spare backs, whose pages it names: those after the last
    card). No command-line option, which only whoever made the file can
    use; the way out when the readings disagree (print at 100 %) stays."""
    from pnp.i18n import load_catalog

    cat = load_catalog(LUDO, lang)
    path = ludo(lang, "a4")
    pages = read_pages(path)
    text = page_text(path, alignment_back(pages))
    assert "--back-offset" not in text and "100 %" in text
    steps = cat.raw("align_back")
    assert isinstance(steps, list)
    same = re.sub(r"\*\*|^- ", "", steps[-1]).split(" (")[0]  # the last case: all five the same
    then = cat.text("align_pdf_only")
    lead = then.split("**")[1]  # its bold opening
    assert same in text and lead in text, (same, lead)
    assert text.index(same) < text.index(lead), "what to do follows the case it is for"
    for earlier in steps[1:-1]:
        assert text.index(re.sub(r"\*\*|^- ", "", earlier)[:20]) < text.index(same), "the list stays whole"
    last_card = max(p.number for p in pages if p.of("card") or p.of("back"))
    spare = re.search(r"(\d+)\s*–\s*(\d+)", text[text.index(lead):])
    assert spare and (int(spare.group(1)), int(spare.group(2))) == (last_card + 1, len(pages)), "the spare backs' pages"


def test_a_decimal_comma_offset_is_refused():
    """What the page warns against: 1,5,-2 is not an offset the command takes."""
    import click

    from pnp.cli import parse_offset

    with pytest.raises(click.BadParameter, match="point"):
        parse_offset(None, None, "1,5,-2")  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", DUPLEX)
@pytest.mark.parametrize("lang", LANGS)
def test_the_guide_says_backs_look_upside_down_exactly_when_they_do(ludo, lang, mode):
    """On screen the backs read upside down (their text runs right to left on
    the page) in the long-edge kit only; the guide says so in that kit, and
    not in the other."""
    from pnp.i18n import load_catalog

    path = ludo(lang, "a4", backs=mode)
    pages = read_pages(path)
    runs = [d for p in pages for k in p.of("back") for d in k.baselines]
    assert runs
    upside_down = all(dx < -0.99 for dx, _ in runs)
    assert upside_down or all(dx > 0.99 for dx, _ in runs)
    opening = " ".join(load_catalog(LUDO, lang).text("guide_upside_down").split()[:5])
    assert (opening in page_text(path, guide_index(path, lang))) == upside_down, (mode, opening)


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("mode", DUPLEX)
def test_the_turn_over_picture_turns_the_sheet_as_the_printer_does(ludo, paper, mode):
    """The guide's picture: a sheet with one edge drawn thick, and the same
    sheet turned over. Where the thick edge ends up is where the printer
    simulation's flip for this mode puts that edge of a landscape sheet."""
    path = ludo("en", paper, backs=mode)
    objs = page_objects(path)[guide_index(path)]
    paths = [o.box for o in objs if o.type == c.FPDF_PAGEOBJ_PATH and o.owner is None]
    sheets_ = sorted((b for b in paths if 29.0 <= b.w <= 32.0 and 20.0 <= b.h <= 23.0), key=lambda b: b.x0)
    assert len(sheets_) == 2, sheets_
    thick = [b for b in paths if 1.2 <= min(b.w, b.h) <= 3.5 and max(b.w, b.h) >= 19.0]

    def edge_of(sheet: Box) -> tuple[float, float]:
        (t,) = [b for b in thick if sheet.x0 - 1.5 <= b.cx <= sheet.x1 + 1.5 and sheet.y0 - 1.5 <= b.cy <= sheet.y1 + 1.5]
        return (t.cx - sheet.x0) / sheet.w, (t.cy - sheet.y0) / sheet.h

    u, v = edge_of(sheets_[0])
    assert min(u, v) < 0.1 or max(u, v) > 0.9  # an edge of the sheet, not a line across it
    w, h = 297.0, 210.0  # a landscape sheet
    bx, by = behind(mode, u * w, v * h, w, h)
    u2, v2 = edge_of(sheets_[1])
    assert (u2, v2) == pytest.approx((bx / w, by / h), abs=0.06)



# ---- the die to make ------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("paper", "mode"), [("a4", "duplex-long"), ("letter", "duplex-short"), ("a4", "none")])
def test_the_die_net_folds_into_a_die(ludo, lang, paper, mode):
    """The page the kit list names for a die to make holds a cube net: six
    equal squares of 20-25 mm, edge on edge in one connected piece, with 1
    to 6 pips; folded, the faces two apart in a line (a face between them)
    are opposite, and those add up to 7, as on a bought die."""
    from pnp.i18n import load_catalog

    cat = load_catalog(LUDO, lang)
    path = ludo(lang, paper, backs=mode)
    head = str(cat.raw("die_text")[0]).removeprefix("## ")
    texts = [page_text(path, i) for i in range(len(page_objects(path)))]
    (index,) = [i for i, s in enumerate(texts) if head in s]
    said = re.sub(r"\s+", " ", cat.text("contents_die", n=1, die=index + 1, quick=4))
    assert said in texts[0], "the kit list names the die's page"
    paths = [o.box for o in page_objects(path)[index] if o.type == c.FPDF_PAGEOBJ_PATH]
    faces = [b for b in paths if 20.0 <= b.w <= 25.0 and abs(b.w - b.h) < 0.1]
    assert len(faces) == 6, faces
    f = faces[0].w
    assert all(abs(b.w - f) < 0.1 for b in faces), "equal squares"
    pips = [b for b in paths if 0.1 * f < b.w < 0.3 * f and abs(b.w - b.h) < 0.1]
    value = {}
    x0, y0 = min(b.x0 for b in faces), min(b.y0 for b in faces)
    for b in faces:
        cell = (round((b.x0 - x0) / f), round((b.y0 - y0) / f))
        assert abs(b.x0 - x0 - cell[0] * f) < 0.1 and abs(b.y0 - y0 - cell[1] * f) < 0.1, "edge on edge"
        value[cell] = sum(1 for p in pips if b.x0 < p.cx < b.x1 and b.y0 < p.cy < b.y1)
    assert sorted(value.values()) == [1, 2, 3, 4, 5, 6]
    seen, todo = set(), [next(iter(value))]
    while todo:
        x, y = todo.pop()
        if (x, y) in seen:
            continue
        seen.add((x, y))
        todo += [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n in value]
    assert seen == set(value), "one connected net"
    opposite = [(a, (a[0] + dx, a[1] + dy)) for a in value for dx, dy in ((2, 0), (0, 2))
                if (a[0] + dx, a[1] + dy) in value and (a[0] + dx // 2, a[1] + dy // 2) in value]
    assert sorted(x for pair in opposite for x in pair) == sorted(value), "three pairs of opposite faces"
    assert all(value[a] + value[b] == 7 for a, b in opposite), {value[a]: value[b] for a, b in opposite}
