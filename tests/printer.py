"""A printer and a person, simulated on a rendered PDF.

Nothing here reads pnp's layout data: it reads the file the way a PDF
engine does (PDFium's page objects, with the marked-content tags and the
fill colours that the file carries), and it knows what the world does with
paper:

- a duplex printer pairs pages in file order, (1, 2), (3, 4) ..., into
  the front and back of one sheet, and may shift the reverse side by a few
  millimetres;
- the flip turns the sheet about one of the *paper's* edges: about its long
  edge, a landscape page's back is turned top to bottom, a portrait page's
  left to right; about its short edge the other way round;
- a person turns a single card over sideways (about its vertical axis),
  holds a sheet to the light, and reads a ruler to the nearest half
  millimetre.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as c

MM = 25.4 / 72  # one point in mm
DUPLEX = ("duplex-long", "duplex-short")


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float  # mm, y down from the top edge of the page

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


@dataclass(frozen=True)
class Component:
    """One marked-content sequence of the file: what it says it is, where its
    ink lies, the fill colours it paints with, and the baseline directions
    of its text (unit vectors on the page, y down)."""

    kind: str
    value: str
    box: Box
    fills: tuple[tuple[int, int, int], ...]
    baselines: tuple[tuple[float, float], ...]
    parts: tuple[Box, ...] = ()  # the box of each page object in it

    def art(self) -> Box | None:
        """Where its drawing lies, leaving out a field that fills its whole box."""
        inner = [p for p in self.parts if not (abs(p.w - self.box.w) < 0.01 and abs(p.h - self.box.h) < 0.01)]
        if not inner:
            return None
        return Box(min(b.x0 for b in inner), min(b.y0 for b in inner), max(b.x1 for b in inner), max(b.y1 for b in inner))


@dataclass(frozen=True)
class PageView:
    number: int  # 1-based, as a print dialog counts
    width: float  # mm
    height: float
    components: tuple[Component, ...]
    lines: tuple[Box, ...]  # every thin straight path object (a line), for crosses and rulers

    def of(self, kind: str) -> list[Component]:
        return [k for k in self.components if k.kind == kind]


def _utf16(fn, *args) -> str:  # noqa: ANN001 - a PDFium getter and its leading arguments
    n = ctypes.c_ulong(0)
    fn(*args, None, 0, ctypes.byref(n))
    buf = (ctypes.c_ushort * (n.value // 2 + 1))()
    fn(*args, buf, n.value, ctypes.byref(n))
    return bytes(buf)[: n.value].decode("utf-16-le").rstrip("\x00")


def _fill(raw) -> tuple[int, int, int] | None:  # noqa: ANN001
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not c.FPDFPageObj_GetFillColor(raw, ctypes.byref(r), ctypes.byref(g), ctypes.byref(b), ctypes.byref(a)):
        return None
    return (r.value, g.value, b.value)


def read_pages(pdf: Path | bytes) -> list[PageView]:
    """Every page with its tagged components, as PDFium sees them."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return [_read_page(doc[i], i + 1) for i in range(len(doc))]
    finally:
        doc.close()


def path_boxes(pdf: Path | bytes, index: int) -> list[Box]:
    """The box of every path object on a page, inside forms too (mm, y down)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        h = page.get_height()
        top = [c.FPDFPage_GetObject(page.raw, i) for i in range(c.FPDFPage_CountObjects(page.raw))]
        out = []
        for raw, m, _holder in _objects(top, None, None):
            if c.FPDFPageObj_GetType(raw) == c.FPDF_PAGEOBJ_PATH:
                x0, y0, x1, y1 = _bounds(raw, m)
                out.append(Box(x0 * MM, (h - y1) * MM, x1 * MM, (h - y0) * MM))
        return out
    finally:
        doc.close()


def _objects(raws: list, m: tuple[float, ...] | None, owner: list | None) -> Iterator[tuple]:  # noqa: ANN001
    """(raw object, matrix from its own space to the page, the marked-content
    mark that holds it) for every page object, inside form XObjects too: a
    form placed within a component belongs to it, and its contents are moved
    by the form's matrix (composed, for forms inside forms)."""
    for raw in raws:
        mark = None
        if c.FPDFPageObj_CountMarks(raw):
            mk = c.FPDFPageObj_GetMark(raw, 0)
            if _utf16(c.FPDFPageObjMark_GetName, mk) == "pnp":
                mark = mk
        holder = [mark] if mark is not None else owner
        yield raw, m, holder
        if c.FPDFPageObj_GetType(raw) == c.FPDF_PAGEOBJ_FORM:
            fm = c.FS_MATRIX()
            c.FPDFPageObj_GetMatrix(raw, ctypes.byref(fm))
            inner = (fm.a, fm.b, fm.c, fm.d, fm.e, fm.f)
            total = inner if m is None else _compose(m, inner)
            kids = [c.FPDFFormObj_GetObject(raw, i) for i in range(c.FPDFFormObj_CountObjects(raw))]
            yield from _objects(kids, total, holder)


def _compose(outer: tuple[float, ...], inner: tuple[float, ...]) -> tuple[float, ...]:
    """inner then outer, as PDF matrices [a b c d e f]."""
    a1, b1, c1, d1, e1, f1 = inner
    a2, b2, c2, d2, e2, f2 = outer
    return (a1 * a2 + b1 * c2, a1 * b2 + b1 * d2, c1 * a2 + d1 * c2, c1 * b2 + d1 * d2,
            e1 * a2 + f1 * c2 + e2, e1 * b2 + f1 * d2 + f2)


def _bounds(raw, m: tuple[float, ...] | None) -> tuple[float, float, float, float]:  # noqa: ANN001
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    c.FPDFPageObj_GetBounds(raw, ctypes.byref(left), ctypes.byref(bottom), ctypes.byref(right), ctypes.byref(top))
    x0, y0, x1, y1 = left.value, bottom.value, right.value, top.value
    if m is None:
        return x0, y0, x1, y1
    pts = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]) for x in (x0, x1) for y in (y0, y1)]
    return min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts)


def _read_page(page: pdfium.PdfPage, number: int) -> PageView:
    w, h = page.get_size()
    found: dict[int, list] = {}  # one marked-content sequence -> [kind, value, boxes, fills, baselines]
    order: list[int] = []
    lines: list[Box] = []
    top_level = [c.FPDFPage_GetObject(page.raw, i) for i in range(c.FPDFPage_CountObjects(page.raw))]
    for raw, m, holder in _objects(top_level, None, None):
        kind = c.FPDFPageObj_GetType(raw)
        left, bottom, right, top = _bounds(raw, m)
        box = Box(left * MM, (h - top) * MM, right * MM, (h - bottom) * MM)
        if kind == c.FPDF_PAGEOBJ_PATH and min(box.w, box.h) < 1.0:
            lines.append(box)
        if holder is None:
            continue
        mark = holder[0]
        key = ctypes.cast(mark, ctypes.c_void_p).value or 0  # the same sequence shares one mark
        if key not in found:
            order.append(key)
            found[key] = [_utf16(c.FPDFPageObjMark_GetParamStringValue, mark, b"K"),
                          _utf16(c.FPDFPageObjMark_GetParamStringValue, mark, b"V"), [], [], []]
        entry = found[key]
        if kind != c.FPDF_PAGEOBJ_FORM:  # a form's own box is its contents' boxes, which follow
            entry[2].append(box)
        fill = _fill(raw)
        if fill is not None and kind == c.FPDF_PAGEOBJ_PATH:
            entry[3].append(fill)
        if kind == c.FPDF_PAGEOBJ_TEXT:
            tm = c.FS_MATRIX()
            c.FPDFPageObj_GetMatrix(raw, ctypes.byref(tm))
            a, b = tm.a, tm.b
            if m is not None:
                a, b = a * m[0] + b * m[2], a * m[1] + b * m[3]
            length = (a**2 + b**2) ** 0.5 or 1.0
            entry[4].append((a / length, -b / length))
    comps = []
    for key in order:
        kind, value, boxes, fills, baselines = found[key]
        if not boxes:
            continue
        box = Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes))
        comps.append(Component(kind, value, box, tuple(fills), tuple(baselines), tuple(boxes)))
    return PageView(number, w * MM, h * MM, tuple(comps), tuple(lines))


# ---- the printer -------------------------------------------------------------


def sheets(pages: list[PageView], mode: str) -> Iterator[tuple[PageView, PageView | None]]:
    """Pages as a printer puts them on paper: in a duplex mode pages (1, 2),
    (3, 4) ... are the two sides of one sheet; otherwise every page is a
    sheet of its own with nothing on the back."""
    if mode in DUPLEX:
        for i in range(0, len(pages), 2):
            yield pages[i], (pages[i + 1] if i + 1 < len(pages) else None)
    else:
        for p in pages:
            yield p, None


def _turns_top_to_bottom(mode: str, w: float, h: float) -> bool:
    """Whether the flip turns this page's back top to bottom (else left to
    right): a property of the paper's edges, not of the page on screen."""
    landscape = w > h
    return (mode == "duplex-long") == landscape


def behind(mode: str, x: float, y: float, w: float, h: float) -> tuple[float, float]:
    """The point of the back page that lies behind (x, y) of the front."""
    return (x, h - y) if _turns_top_to_bottom(mode, w, h) else (w - x, y)


def flip_matrix(mode: str, w: float, h: float) -> tuple[int, int]:
    """The flip's linear part as diagonal signs (sx, sy), front to back."""
    return (1, -1) if _turns_top_to_bottom(mode, w, h) else (-1, 1)


def reads_upright_when_card_turned(mode: str, back: PageView, baseline: tuple[float, float]) -> bool:
    """A person holds a card front up and turns it over sideways: does this
    baseline on the back page then run left to right? The card turn mirrors
    x in the front's frame; the back page relates to that frame by the flip."""
    sx, sy = flip_matrix(mode, back.width, back.height)
    vx, vy = -sx * baseline[0], sy * baseline[1]  # S · F⁻¹ · d, with S = diag(-1, 1) and F its own inverse
    return vx > 0.99 and abs(vy) < 0.01


@dataclass(frozen=True)
class Registration:
    """A front card and what lies behind it once printed."""

    page: int
    card: str
    back: Component | None
    error: float  # mm between the back's centre and the point behind the card's centre


def registrations(pages: list[PageView], mode: str, shift: tuple[float, float] = (0.0, 0.0)) -> list[Registration]:
    """For every card front, the back component under the point behind its
    centre, with the printer's shift (dx, dy) of the reverse side (mm, on the
    back page, y down) applied."""
    out: list[Registration] = []
    for front, back in sheets(pages, mode):
        for card in front.of("card"):
            if back is None:
                out.append(Registration(front.number, card.value, None, float("inf")))
                continue
            bx, by = behind(mode, card.box.cx, card.box.cy, front.width, front.height)
            hit = [b for b in back.of("back")
                   if b.box.x0 + shift[0] <= bx <= b.box.x1 + shift[0] and b.box.y0 + shift[1] <= by <= b.box.y1 + shift[1]]
            if not hit:
                out.append(Registration(front.number, card.value, None, float("inf")))
                continue
            b = hit[0]
            err = ((b.box.cx + shift[0] - bx) ** 2 + (b.box.cy + shift[1] - by) ** 2) ** 0.5
            out.append(Registration(front.number, card.value, b, err))
    return out


def main_colour(comp: Component) -> tuple[int, int, int] | None:
    """The fill colour a component paints most with, black and white aside."""
    counts: dict[tuple[int, int, int], int] = {}
    for f in comp.fills:
        if f in ((0, 0, 0), (255, 255, 255)):
            continue
        counts[f] = counts.get(f, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else None


# ---- the person at the alignment test -----------------------------------------


def crossings(page: PageView, length: float) -> list[tuple[float, float]]:
    """Where a horizontal and a vertical line of about `length` mm cross at
    their middles (the crosses of the alignment front, the rulers' zeros).
    PDFium's bounds of a line include its stroke, up to a millimetre."""
    hs = [b for b in page.lines if abs(b.w - length) < 1.0 and b.h < 1.0]
    vs = [b for b in page.lines if abs(b.h - length) < 1.0 and b.w < 1.0]
    out = []
    for hb in hs:
        for vb in vs:
            if abs(hb.cx - vb.cx) < 0.05 and abs(hb.cy - vb.cy) < 0.05:
                out.append((hb.cx, hb.cy))
    return sorted(set(out))


def read_rulers(front: PageView, back: PageView, mode: str, shift: tuple[float, float], cross: float = 12.0,
                ruler: float = 20.0) -> list[tuple[float, float]]:
    """What a person reads holding the printed test sheet to the light, the
    back facing them: for each cross of the front, where it falls on the
    nearest ruler of the (shifted) back, right and up positive, to the
    nearest half millimetre."""
    readings = []
    zeros = [(x + shift[0], y + shift[1]) for x, y in crossings(back, ruler)]
    for x, y in crossings(front, cross):
        bx, by = behind(mode, x, y, front.width, front.height)
        zx, zy = min(zeros, key=lambda z: (z[0] - bx) ** 2 + (z[1] - by) ** 2)
        readings.append((round((bx - zx) * 2) / 2, round((zy - by) * 2) / 2))
    return readings


def inked_share(path: Path, index: int, dpi: int = 30) -> float:
    """The share of a page's pixels that are not white."""
    doc = pdfium.PdfDocument(path)
    try:
        img = doc[index].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
    finally:
        doc.close()
    hist = img.histogram()
    return 1.0 - sum(hist[250:]) / (img.width * img.height)
