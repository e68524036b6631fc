"""Printed as a printer prints it: the rendered PDFs put through the printer
simulation of tests/printer.py (sheets in file order, the flip about the
paper's edge, a reverse side shifted by the printer), a person reading the
alignment rulers, ink found on rasterised pages, and the colour operators a
printer receives. Figures come from the print facts: poker cards are
63.5 x 88.9 mm, nothing is inked within 6.35 mm of the edge."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.fonts import Measurer
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from tests.helpers import KIT_IDS, LANGS, PAPER_IDS, SAFE_MARGIN
from tests.printer import (
    DUPLEX,
    behind,
    crossings,
    main_colour,
    read_pages,
    read_rulers,
    reads_upright_when_card_turned,
    registrations,
    sheets,
)

POKER = (63.5, 88.9)
LUDO = "ludo-cards"
_SPEC = get_kit(LUDO).load_spec()
CARDS_PER_COLOUR = len(_SPEC.values) * _SPEC.stack_height  # from the game facts
ALL_CARDS = len(_SPEC.colours) * CARDS_PER_COLOUR
_MEASURE = Measurer()


def render(tmp: Path, kit: str = LUDO, lang: str = "en", paper: str = "a4", formats: tuple[str, ...] = ("pdf",),
           dpi: int = 150, **options: object) -> list[Path]:
    opts = Options(lang, get_paper(paper), **options)  # type: ignore[arg-type]
    return render_one(get_kit(kit), opts, tmp, formats, dpi, _MEASURE, validate=False).files


@pytest.fixture(scope="module")
def ludo_pdf(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("ludo")
    cache: dict[tuple, Path] = {}

    def get(lang: str = "en", paper: str = "a4", **options: object) -> Path:
        key = (lang, paper, tuple(sorted(options.items())))
        if key not in cache:
            sub = folder / str(len(cache))
            (cache[key],) = render(sub, LUDO, lang, paper, **options)
        return cache[key]

    return get


PRINTINGS = [(lang, paper, players) for lang in LANGS for paper in PAPER_IDS for players in (2, 3, 4)]


@pytest.mark.parametrize("mode", DUPLEX)
@pytest.mark.parametrize(("lang", "paper", "players"), PRINTINGS)
def test_every_card_has_its_own_back_behind_it(ludo_pdf, mode, lang, paper, players):
    """Printed double-sided as a printer pairs the pages, every front card
    has its own colour's back behind it, centred within 0.1 mm, poker-sized,
    in the front's colour, reading upright when the card is turned over; a
    front is always an odd page and the page after it holds its backs."""
    pages = read_pages(ludo_pdf(lang, paper, players=players, backs=mode))
    regs = registrations(pages, mode)
    assert len(regs) == players * CARDS_PER_COLOUR
    for r in regs:
        assert r.back is not None, f"page {r.page}: no back behind card {r.card}"
        assert r.back.value == r.card.split("-")[0], f"page {r.page}: card {r.card} gets a {r.back.value} back"
        assert r.error <= 0.1, f"page {r.page}: the back of {r.card} is {r.error:.2f} mm off"
        assert abs(r.back.box.w - POKER[0]) <= 0.1 and abs(r.back.box.h - POKER[1]) <= 0.1
        assert r.back.baselines and all(reads_upright_when_card_turned(mode, pages[r.page], b) for b in r.back.baselines)
    fronts = {p.number for p in pages if p.of("card")}
    backs = {p.number for p in pages if p.of("back")}
    assert all(n % 2 == 1 for n in fronts) and backs == {n + 1 for n in fronts}
    for front, back in sheets(pages, mode):
        if front.of("card"):
            colours = {main_colour(k) for k in front.of("card")}
            assert back is not None and {main_colour(k) for k in back.of("back")} == colours


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_back_art_is_centred_on_the_card(ludo_pdf, lang, paper):
    """The design of every back (title, disc, name) is centred on the card
    within 0.5 mm both ways, as its page objects' boxes say."""
    pages = read_pages(ludo_pdf(lang, paper, backs="duplex-short"))
    backs = [b for p in pages for b in p.of("back")]
    assert len(backs) == ALL_CARDS
    for b in backs:
        art = b.art()
        assert art is not None
        assert abs(art.cx - b.box.cx) <= 0.5 and abs(art.cy - b.box.cy) <= 0.5, (b.value, art, b.box)


@pytest.mark.parametrize("mode", DUPLEX)
def test_every_other_sheet_is_single_pages_in_pairs(ludo_pdf, mode):
    """Before the cards, the rules, the printing guide and the die to make
    make an even number of pages; page 1 names the pages of card fronts
    (the quick route, one-sided) and the guide the pages to print
    double-sided: the alignment test, then the cards to the last sheet (its
    backs, an even page). After them comes only the appendix of spare
    backs, printed single-sided, which the guide names by its pages, to the
    end."""
    path = ludo_pdf("de", "letter", backs=mode)
    pages = read_pages(path)
    first_card = min(p.number for p in pages if p.of("card"))
    last_card = max(p.number for p in pages if p.of("card") or p.of("back"))
    assert first_card % 2 == 1 and last_card % 2 == 0
    doc = pdfium.PdfDocument(path)
    try:
        lead = [re.sub(r"\s+", "", doc[i].get_textpage().get_text_range().replace("\x02", ""))
                for i in range(first_card - 3)]
    finally:
        doc.close()
    align = first_card - 2  # the alignment test sheet comes right before the first cards
    # page 1's quick route: the fronts alone, every odd page of cards, one-sided
    assert ",".join(str(k) for k in range(first_card, last_card, 2)) in lead[0]
    # the guide prints them double-sided: the alignment test, then the card pages to the last back
    # (page 1's map of the file names the cards' range too: the guide is among the pages after it)
    (guide,) = [text for text in lead[1:] if f"{first_card}–{last_card}" in text]
    assert f"{align}und{align + 1}" in guide
    assert last_card < len(pages), "the spare backs follow the cards"
    assert f"{last_card + 1}–{len(pages)}" in guide


def alignment_sheet(pages):
    for front, back in zip(pages[::2], pages[1::2], strict=False):
        if crossings(front, 12.0) and back is not None:
            return front, back
    raise AssertionError("no alignment test sheet")


@pytest.mark.parametrize("mode", DUPLEX)
@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("shift", [(1.5, -2.0), (-1.0, 2.5)])
def test_the_readings_correct_the_printer(tmp_path, mode, paper, shift):
    """Close the loop: a printer shifts the reverse side by (dx, dy); the
    person reads the rulers where the crosses fall and renders again with
    --back-offset set to the reading; printed on the same printer, every back
    is then behind its front within 0.1 mm and the rulers read 0."""
    (first,) = render(tmp_path / "a", paper=paper, backs=mode)
    front, back = alignment_sheet(read_pages(first))
    readings = read_rulers(front, back, mode, shift)
    assert len(readings) == 5 and len(set(readings)) == 1, readings
    assert readings[0] != (0.0, 0.0)
    (second,) = render(tmp_path / "b", paper=paper, backs=mode, back_offset=readings[0])
    pages = read_pages(second)
    regs = registrations(pages, mode, shift)
    assert len(regs) == ALL_CARDS and all(r.back is not None and r.error <= 0.1 for r in regs)
    front, back = alignment_sheet(pages)
    assert set(read_rulers(front, back, mode, shift)) == {(0.0, 0.0)}


@pytest.mark.parametrize("mode", DUPLEX)
def test_the_alignment_test_shows_a_wrong_flip(ludo_pdf, mode):
    """The front's solid triangle sits near one corner; behind it, for the
    kit's own flip, the back has a solid outline of the same box, and where
    the other flip would put it, a different outline: a sheet flipped on the
    wrong edge shows the triangle there, not in the solid outline."""
    pages = read_pages(ludo_pdf("en", "a4", backs=mode))
    front, back = alignment_sheet(pages)
    doc = pdfium.PdfDocument(ludo_pdf("en", "a4", backs=mode))
    try:
        fp, bp = doc[front.number - 1], doc[back.number - 1]
        solid = _filled_triangles(fp)
        outlines = _outlines(bp)
    finally:
        doc.close()
    assert len(solid) == 1
    (x0, y0, x1, y1) = solid[0]
    other = {"duplex-long": "duplex-short", "duplex-short": "duplex-long"}[mode]
    for flip in (mode, other):
        bx0, by0 = behind(flip, x0, y0, front.width, front.height)
        bx1, by1 = behind(flip, x1, y1, front.width, front.height)
        want = ((bx0 + bx1) / 2, (by0 + by1) / 2)
        # an outline's bounds carry its stroke and mitred tips: its centre is within 2 mm
        assert any(abs((o[0] + o[2]) / 2 - want[0]) < 2.0 and abs((o[1] + o[3]) / 2 - want[1]) < 2.0 for o in outlines), flip
    # the two places differ: a wrong flip cannot pass for a right one
    a = behind(mode, x0, y0, front.width, front.height)
    b = behind(other, x0, y0, front.width, front.height)
    assert abs(a[0] - b[0]) + abs(a[1] - b[1]) > 50


def _filled_triangles(page) -> list[tuple[float, float, float, float]]:
    import pypdfium2.raw as c

    from tests.printer import MM

    h = page.get_size()[1]
    out = []
    for obj in page.get_objects():
        if obj.type != c.FPDF_PAGEOBJ_PATH or c.FPDFPath_CountSegments(obj.raw) != 4:
            continue
        fillmode, stroke = ctypes_int(), ctypes_int()
        c.FPDFPath_GetDrawMode(obj.raw, fillmode.ref(), stroke.ref())
        if fillmode.value and not stroke.value:
            left, bottom, right, top = obj.get_bounds()
            out.append((left * MM, (h - top) * MM, right * MM, (h - bottom) * MM))
    return out


def _outlines(page) -> list[tuple[float, float, float, float]]:
    import pypdfium2.raw as c

    from tests.printer import MM

    h = page.get_size()[1]
    out = []
    for obj in page.get_objects():
        if obj.type == c.FPDF_PAGEOBJ_PATH and c.FPDFPath_CountSegments(obj.raw) == 4:
            left, bottom, right, top = obj.get_bounds()
            out.append((left * MM, (h - top) * MM, right * MM, (h - bottom) * MM))
    return out


class ctypes_int:  # noqa: N801 - a tiny holder for PDFium's int out-parameters
    def __init__(self) -> None:
        import ctypes

        self.v = ctypes.c_int(0)

    def ref(self):  # noqa: ANN201
        import ctypes

        return ctypes.byref(self.v)

    @property
    def value(self) -> int:
        return self.v.value


# ---- ink inside the margin, measured on pixels -----------------------------

DPI = 600
ALL_KITS = [(k, lg, p) for k in KIT_IDS for lg in LANGS for p in PAPER_IDS]


def margin_ink(path: Path) -> list[str]:
    """Every page's four margin strips rasterised at 600 dpi without
    anti-aliasing; any pixel that is not white is ink within 6.35 mm."""
    problems = []
    doc = pdfium.PdfDocument(path)
    try:
        for i in range(len(doc)):
            page = doc[i]
            w, h = page.get_size()
            m = SAFE_MARGIN / 25.4 * 72
            strips = {"left": (0, 0, w - m, 0), "right": (w - m, 0, 0, 0), "top": (0, h - m, 0, 0),
                      "bottom": (0, 0, 0, h - m)}
            for side, crop in strips.items():
                bmp = page.render(scale=DPI / 72, crop=crop, fill_color=(255, 255, 255, 255), no_smoothtext=True,
                                  no_smoothpath=True, no_smoothimage=True, grayscale=True)
                img = bmp.to_pil().convert("L")
                bmp.close()
                box = Image.eval(img, lambda v: 255 - v).getbbox()
                if box is not None:
                    problems.append(f"{path.name} p{i + 1} {side}: ink at pixels {box} of {img.size}")
            page.close()
    finally:
        doc.close()
    return problems


@pytest.mark.parametrize(("kit", "lang", "paper"), ALL_KITS)
def test_no_ink_within_the_margin_on_the_rasterised_pages(rendered, kit, lang, paper):
    assert margin_ink(rendered(kit, lang, paper)) == []


@pytest.mark.parametrize("options", [{"backs": "duplex-short", "back_offset": (4.0, -4.0)}, {"backs": "gutterfold"},
                                     {"backs": "duplex-long", "variant": "ink-saver"}])
def test_no_ink_within_the_margin_in_other_modes(tmp_path, options):
    for paper in PAPER_IDS:
        (pdf,) = render(tmp_path / paper, paper=paper, lang="de", **options)
        assert margin_ink(pdf) == []


def test_the_margin_check_sees_ink_in_the_margin(tmp_path):
    """The measuring tool itself: a page with a hairline 5 mm from the edge."""
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "edge.pdf"
    cv = Canvas(str(path), pagesize=(595.28, 841.89))
    cv.setLineWidth(0.1)
    cv.line(5 / 25.4 * 72, 300, 5 / 25.4 * 72, 400)
    cv.save()
    assert [p.split(":")[0] for p in margin_ink(path)] == ["edge.pdf p1 left"]


# ---- black and white prints with black ink ----------------------------------

_RGB = re.compile(rb"(?<![\w.])(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(rg|RG)(?!\w)")
_OTHER = re.compile(rb"(?<![\w/])(k|K|sc|SC|scn|SCN|cs|CS)(?!\w)")


def content_streams(path: Path) -> list[bytes]:
    """Every content stream a printer draws: each page's, and those of the
    form XObjects the pages place (at any depth)."""
    from pypdf import PdfReader

    out: list[bytes] = []
    seen: set[int] = set()

    def forms(resources) -> None:  # noqa: ANN001
        xobjects = (resources or {}).get("/XObject") if resources else None
        for ref in (xobjects or {}).values():
            obj = ref.get_object()
            if id(obj) in seen or obj.get("/Subtype") != "/Form":
                continue
            seen.add(id(obj))
            out.append(obj.get_data())
            forms(obj.get("/Resources"))

    for page in PdfReader(path).pages:
        contents = page.get_contents()
        if contents is not None:
            out.append(contents.get_data())
        forms(page.get("/Resources"))
    return out


def colour_operators(path: Path) -> list[tuple[float, float, float]]:
    """Every RGB colour the file sets; any other colour space is an error."""
    found = []
    for data in content_streams(path):
        data = re.sub(rb"\((?:\\.|[^\\)])*\)", b"()", data)  # no operators inside strings
        assert not _OTHER.search(data), "a colour space other than DeviceGray and DeviceRGB"
        found += [(float(a), float(b), float(cc)) for a, b, cc, _ in _RGB.findall(data)]
    return found


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_tab_is_all_device_gray(rendered, paper):
    """Tâb is made for black-and-white print: no colour operator at all."""
    assert colour_operators(rendered("tab", "en", paper)) == []


@pytest.mark.parametrize("kit", KIT_IDS)
def test_greyscale_kits_are_all_device_gray(tmp_path, kit):
    (pdf,) = render(tmp_path, kit, "nl", "letter", variant="greyscale")
    assert colour_operators(pdf) == []


@pytest.mark.parametrize("kit", KIT_IDS)
def test_neutral_colours_in_colour_kits_are_grey_operators(rendered, kit):
    colours = colour_operators(rendered(kit, "en", "a4"))
    assert not [c for c in colours if c[0] == c[1] == c[2]]


# ---- the see-through proof -----------------------------------------------------


@pytest.mark.parametrize("mode", [*DUPLEX, "gutterfold"])
def test_proof_is_one_picture_per_sheet(tmp_path, mode):
    pdf, *proofs = render(tmp_path, paper="letter", formats=("pdf", "proof"), dpi=30, backs=mode)
    pages = read_pages(pdf)
    assert len(proofs) == len(list(sheets(pages, mode)))
    assert [p.name for p in proofs] == sorted(p.name for p in proofs)


@pytest.mark.parametrize("mode", DUPLEX)
def test_proof_shows_the_back_through_the_front(tmp_path, mode):
    """Held to the light, the back's colour shows through the white paper
    around the fronts (the backs' bleed), lighter than on the back itself,
    and the front's white stays white where the back is blank."""
    dpi = 40
    pdf, *proofs = render(tmp_path, formats=("pdf", "proof"), dpi=dpi, backs=mode)
    pages = read_pages(pdf)
    sheet_no, (front, back) = next((i, s) for i, s in enumerate(sheets(pages, mode), 1) if s[0].of("card"))
    img = Image.open(proofs[sheet_no - 1]).convert("RGB")
    px = dpi / 25.4
    cards = [k.box for k in front.of("card")]
    # 1.5 mm left of the grid's left cut line, within the backs' 3 mm bleed,
    # level with the middle of the first row (away from the crop marks, which are level with the cuts)
    left = min(ln.cx for ln in front.lines if ln.w < 1.0 and ln.h > 2 * POKER[0]) - 1.5
    mid = min(b.cy for b in cards)
    r, g, b = img.getpixel((round(left * px), round(mid * px)))
    colour = main_colour(back.of("back")[0])
    assert colour is not None
    assert (r, g, b) != (255, 255, 255)
    assert all(abs(v - (255 - 0.35 * (255 - cv))) < 20 for v, cv in zip((r, g, b), colour, strict=True)), (r, g, b, colour)
    # the header band of the front, away from its own text, where the back has none: white
    assert img.getpixel((round(front.width / 2 * px), round(3.0 * px))) == (255, 255, 255)


def page_texts(path: Path, index: int) -> list[tuple[str, float, float, float]]:
    """(text, size in pt as printed, x, y in mm) of every text object on a page."""
    import ctypes

    import pypdfium2.raw as c

    from tests.printer import MM

    doc = pdfium.PdfDocument(path)
    out = []
    try:
        page = doc[index]
        tp = page.get_textpage()
        h = page.get_size()[1]
        for obj in page.get_objects():
            if obj.type != c.FPDF_PAGEOBJ_TEXT:
                continue
            size = ctypes.c_float(0)
            c.FPDFTextObj_GetFontSize(obj.raw, ctypes.byref(size))
            m = obj.get_matrix()
            n = c.FPDFTextObj_GetText(obj.raw, tp.raw, None, 0)
            buf = (ctypes.c_ushort * (n // 2 + 1))()
            c.FPDFTextObj_GetText(obj.raw, tp.raw, buf, n)
            text = bytes(buf)[: n].decode("utf-16-le").rstrip("\x00")
            left, bottom, right, top = obj.get_bounds()
            out.append((text, size.value * (m.a**2 + m.b**2) ** 0.5, (left + right) / 2 * MM, (h - (top + bottom) / 2) * MM))
    finally:
        doc.close()
    return out


@pytest.mark.parametrize("mode", DUPLEX)
@pytest.mark.parametrize("paper", PAPER_IDS)
def test_ruler_labels_are_legible_and_unmistakable(ludo_pdf, mode, paper):
    """Every label on the ruler page is at least 6 pt, and no two labels that
    say the same thing stand within 15 mm of each other (the two "-5" of
    crossing rulers, side by side, were easy to confuse)."""
    path = ludo_pdf("en", paper, backs=mode)
    _, back = alignment_sheet(read_pages(path))
    labels = [t for t in page_texts(path, back.number - 1) if re.fullmatch(r"[+\-−]?\d+", t[0].strip())]
    assert len(labels) >= 5 * 4
    for text, size, _x, _y in labels:
        assert size >= 6.0, (text, size)
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            if a[0].strip() == b[0].strip():
                assert ((a[2] - b[2]) ** 2 + (a[3] - b[3]) ** 2) ** 0.5 >= 15.0, (a, b)
