"""Repeated art written once (issue 15): a Form XObject in the PDF, a <use>
of a <defs> entry in the SVG. The pages must look the same as when every
copy is drawn out, every component must still be found where it is placed,
and the Ludo deck must hold one form per drawing its game facts repeat."""

from __future__ import annotations

import ctypes
import re
from collections import Counter
from io import BytesIO

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from PIL import ImageChops
from pypdf import PdfReader

from pnp.build import Built
from pnp.geometry import Group, Page, Rect, Style, Text
from pnp.kits import get_kit
from pnp.render.pdf import PdfMeta, render_pdf
from pnp.render.png import iter_pages
from tests.helpers import printed_components

DPI = 100
LEVEL = 48  # a pixel differs if a channel is this far apart (of 255): more than anti-aliasing noise
MAX_DIFFERENT = 0.0005  # of a page's pixels


def pdf_of(b: Built, reuse: bool) -> bytes:
    return render_pdf(b.pages, PdfMeta(b.title, b.subject, b.credits, b.keywords, "en"), reuse=reuse)


def forms_of(pdf: bytes) -> dict[int, bytes]:
    """Every Form XObject reachable from the pages (forms in forms too), by
    object number, with its decoded content."""
    reader = PdfReader(BytesIO(pdf))
    out: dict[int, bytes] = {}
    todo = [p.get("/Resources") for p in reader.pages]
    while todo:
        res = todo.pop()
        res = res.get_object() if res is not None else None
        if not res or "/XObject" not in res:
            continue
        xobjects = res["/XObject"].get_object()
        for name in xobjects:
            ref = xobjects.raw_get(name)
            obj = ref.get_object()
            if obj.get("/Subtype") == "/Form" and ref.idnum not in out:
                out[ref.idnum] = obj.get_data()
                todo.append(obj.get("/Resources"))
    return out


def placements(pdf: bytes) -> Counter[int]:
    """How often each form is placed (`Do`), in page streams and in forms."""
    reader = PdfReader(BytesIO(pdf))
    count: Counter[int] = Counter()
    streams = [(p.get_contents().get_data(), p["/Resources"]) for p in reader.pages]
    seen: set[int] = set()
    while streams:
        data, res = streams.pop()
        names = res.get_object().get("/XObject", {}) if res is not None else {}
        names = names.get_object() if names else {}
        for name in re.findall(rb"/([^\s/]+)\s+Do\b", data):
            ref = names.raw_get("/" + name.decode())
            count[ref.idnum] += 1
            if ref.idnum not in seen:
                seen.add(ref.idnum)
                form = ref.get_object()
                streams.append((form.get_data(), form.get("/Resources")))
    return count


@pytest.mark.parametrize(("kit_id", "lang", "paper"), [("ludo-cards", "en", "a4"), ("kesse-rueben", "de", "letter")])
def test_pages_look_the_same_with_and_without_reuse(built, kit_id: str, lang: str, paper: str) -> None:
    b = built(kit_id, lang, paper)
    on, off = pdf_of(b, True), pdf_of(b, False)
    assert forms_of(on) and not forms_of(off), "the comparison proves nothing without forms on one side only"
    pages_on, pages_off = list(iter_pages(on, DPI)), list(iter_pages(off, DPI))
    assert len(pages_on) == len(pages_off) == len(b.pages)
    for n, (a, c) in enumerate(zip(pages_on, pages_off, strict=True), 1):
        assert a.size == c.size
        hist = ImageChops.difference(a, c).convert("L").histogram()
        different = sum(hist[LEVEL:])
        assert different <= MAX_DIFFERENT * a.width * a.height, f"page {n}: {different} pixels differ"


def test_a_form_that_clipped_or_lost_its_colour_would_be_seen() -> None:
    """The pixel comparison above can fail: the same art, once drawn out and
    once as a form, compares equal; a different colour in one copy does not."""
    red, blue = (0.8, 0.1, 0.1), (0.1, 0.1, 0.8)

    def page(colour: tuple[float, float, float]) -> Page:
        art = (Rect(0, 0, 30, 30, Style(stroke=(0, 0, 0), fill=red, width=1.0)),
               Text(2, 20, "Ab", "Sans-Bold", 30, 14.0, color=(1, 1, 1)))
        other = (Rect(0, 0, 30, 30, Style(stroke=(0, 0, 0), fill=colour, width=1.0)), art[1])
        return Page(150, 150, (Group(art, 10, 10), Group(art, 60, 60, rotate=90), Group(other, 100, 10)))

    meta = PdfMeta("t", "s", "a", "k", "en")
    same = [list(iter_pages(render_pdf([page(red)], meta, reuse=r), DPI))[0] for r in (True, False)]
    assert ImageChops.difference(*same).convert("L").histogram()[LEVEL:] == [0] * (256 - LEVEL)
    changed = list(iter_pages(render_pdf([page(blue)], meta, reuse=True), DPI))[0]
    assert sum(ImageChops.difference(same[0], changed).convert("L").histogram()[LEVEL:]) > 1000


def test_ludo_pdf_has_one_form_per_distinct_repeated_drawing(built) -> None:
    """The whole deck (4 players). With fewer players a small drawing placed
    fewer times (the one-pip die face: 2 shapes) may be written out, as a
    form would cost more than it saves."""
    spec = get_kit("ludo-cards").load_spec()
    colours = spec.colours
    # The game facts' repeated drawings: per colour its card back, its
    # light-ink spare back (the appendix, a sheet's worth of them), its card
    # face (frame, band, name) and its filled pawn; one die face per value;
    # the empty pawn of the positions not yet reached.
    want = 4 * len(colours) + len(spec.values) + (1 if spec.stack_height > 1 else 0)
    pdf = pdf_of(built("ludo-cards"), True)
    forms = forms_of(pdf)
    assert len(forms) == want
    assert len(set(forms.values())) == len(forms), "the same drawing written twice"
    used = placements(pdf)
    assert set(used) == set(forms)
    assert min(used.values()) > 1, "a form placed only once is no reuse"
    # the backs: one form for each colour's 24, placed 24 times
    backs = sum(1 for n in used.values() if n == len(spec.deck(colours[0])))
    assert backs >= len(colours)
    # the spare backs: one form for each colour's page of them, placed as often as a sheet holds cards
    per_sheet = spec.grid[0] * spec.grid[1]
    assert sum(1 for n in used.values() if n == per_sheet) >= len(colours)


def test_validator_sees_every_component_with_reuse(built) -> None:
    b = built("ludo-cards")
    spec = get_kit("ludo-cards").load_spec()
    on = printed_components(pdf_of(b, True))
    off = printed_components(pdf_of(b, False))
    assert on == off
    for c in spec.colours:
        assert on["back", c.id] == len(spec.deck(c))
        assert sum(n for (kind, value), n in on.items() if kind == "card" and value.startswith(c.id + "-")) \
            == len(spec.values) * spec.stack_height


def _utf16(fn, *args) -> str:
    n = ctypes.c_ulong(0)
    fn(*args, None, 0, ctypes.byref(n))
    buf = (ctypes.c_ushort * (n.value // 2 + 1))()
    fn(*args, buf, n.value, ctypes.byref(n))
    return bytes(buf)[: max(0, n.value - 2)].decode("utf-16-le")


def test_pdfium_finds_each_placed_form_inside_its_component_mark(built) -> None:
    """How a reader that walks page objects sees it: every form object on a
    back sheet carries the pnp mark with K = back."""
    b = built("ludo-cards")
    n = next(i for i, p in enumerate(b.pages) if p.label.startswith("backs"))
    doc = pdfium.PdfDocument(pdf_of(b, True))
    try:
        page = doc[n]
        marks = []
        for i in range(pdfium_c.FPDFPage_CountObjects(page.raw)):
            obj = pdfium_c.FPDFPage_GetObject(page.raw, i)
            if pdfium_c.FPDFPageObj_GetType(obj) != pdfium_c.FPDF_PAGEOBJ_FORM:
                continue
            found = []
            for j in range(pdfium_c.FPDFPageObj_CountMarks(obj)):
                mark = pdfium_c.FPDFPageObj_GetMark(obj, j)
                name = _utf16(pdfium_c.FPDFPageObjMark_GetName, mark)
                kind = _utf16(pdfium_c.FPDFPageObjMark_GetParamStringValue, mark, b"K")
                found.append((name, kind))
            marks.append(found)
        page.close()
    finally:
        doc.close()
    spec = get_kit("ludo-cards").load_spec()
    per_sheet = spec.grid[0] * spec.grid[1]
    assert len(spec.deck(spec.colours[0])) % per_sheet == 0  # so the first back sheet is full
    assert marks == [[("pnp", "back")]] * per_sheet


def test_svg_writes_repeated_art_once_per_page(built) -> None:
    """A back sheet's SVG: the back art once in <defs>, one <use> per back,
    each inside its own tagged group."""
    import xml.etree.ElementTree as ET

    from pnp.render.svg import render_svg_page

    svg, xlink = "{http://www.w3.org/2000/svg}", "{http://www.w3.org/1999/xlink}"
    b = built("ludo-cards")
    spec = get_kit("ludo-cards").load_spec()
    page = next(p for p in b.pages if p.label.startswith("backs"))
    root = ET.fromstring(render_svg_page(page))
    defs = [g for d in root.iter(f"{svg}defs") for g in d]
    backs = [g for g in root.iter(f"{svg}g") if g.get("data-kind") == "back"]
    assert len(backs) == spec.grid[0] * spec.grid[1]
    refs = {u.get(f"{xlink}href") for g in backs for u in g.iter(f"{svg}use")}
    assert len(refs) == 1 and refs <= {f"#{d.get('id')}" for d in defs}
    assert all(len(list(g.iter(f"{svg}use"))) == 1 for g in backs)
    assert render_svg_page(page) == render_svg_page(page)
