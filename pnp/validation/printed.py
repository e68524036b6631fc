"""The printed page, as PDFium draws it.

Each page is rasterised once at a low resolution, in PDFium's print mode
(FPDF_PRINTING: optional content that is off when printed is left out, as
a printer leaves it out, even when it shows on screen). PDFium's page objects
carry the marked-content marks the renderer wrote around every component
(/pnp <</K kind /V value>>) and their page-space bounds, so each component
is found where it stands and counts only if its area of the printed page
carries ink: not painted over, not clipped away, not outside the crop box,
not scaled to nothing, not invisible text. The text of a page is read from
its visible text objects only.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field
from typing import Any

from pnp.errors import ValidationError
from pnp.geometry import PT

DPI = 36  # 0.7 mm a pixel: enough to see a component's ink, cheap to draw
INK = 235  # a pixel darker than this (0-255 grey) carries ink
MAX_SIDE_PT = 2000.0  # 70 cm: a larger page is not a home printer's (and would cost a big raster)
MAX_OBJECTS = 1_000_000  # drawn objects in one page, forms included
MAX_FORM_DEPTH = 8
SMALL_PT = 4.0  # text printed smaller than this is lettering in a picture, not reading text
TEXT_INK = 250  # thin lettering is a light grey at this resolution
CONTRAST = 20  # a component is more than one flat colour


@dataclass
class Component:
    kind: str
    value: str
    box: tuple[float, float, float, float]  # page space, pt: left, bottom, right, top
    visible: bool
    why: str = ""  # why it is not visible

    @property
    def size_mm(self) -> tuple[float, float]:
        return ((self.box[2] - self.box[0]) * PT, (self.box[3] - self.box[1]) * PT)

    def centre_mm(self, origin: tuple[float, float]) -> tuple[float, float]:
        """The centre in mm from the printed page's top left, y down (as the
        kit's pages are laid out)."""
        return ((self.box[0] + self.box[2]) / 2 - origin[0]) * PT, (origin[1] - (self.box[1] + self.box[3]) / 2) * PT


@dataclass
class PrintedPage:
    size_mm: tuple[float, float]  # the printed (crop) box
    origin: tuple[float, float] = (0.0, 0.0)  # the crop box's top left corner, pt (PDF space)
    components: list[Component] = field(default_factory=list)
    text: str = ""  # visible text, in content order
    hidden_text: int = 0  # text objects that print nothing
    colour: bool = False  # any pixel with colour (not grey)
    image: Any = None  # the page as printed, RGB (when asked for: see read_printed)


BLANK = "print blank or one flat colour where they stand (covered or clipped)"


class TooDeep(Exception):
    pass


_BUF = (ctypes.c_ushort * 512)()  # a mark's name or value; PDFium writes only into a buffer that is large enough
_BUF_LEN = ctypes.c_ulong(0)


def band_range(image: Any) -> tuple[float, float]:
    """The darkest and the lightest value of a one-band (grey) image.
    (Pillow's getextrema() is typed for every mode at once: a pair of
    numbers for one band, a pair for each band of several.)"""
    lo, hi = image.getextrema()
    if isinstance(lo, tuple) or isinstance(hi, tuple):
        raise TypeError(f"band_range: a {image.mode} image has more than one band")
    return lo, hi


def _utf16(fn: Any, *args: Any) -> str:
    if not fn(*args, _BUF, ctypes.sizeof(_BUF), ctypes.byref(_BUF_LEN)):
        return ""
    n = _BUF_LEN.value
    if n > ctypes.sizeof(_BUF):  # too long to be written: no pnp name or value is
        return ""
    return ctypes.string_at(_BUF, n).decode("utf-16-le", "replace").rstrip("\0")


def _compose(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """m then n (PDF row-vector convention: p' = p x m x n)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n  # noqa: N806
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _transform(m: tuple[float, ...], box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    a, b, c, d, e, f = m
    xs, ys = [], []
    for x in (box[0], box[2]):
        for y in (box[1], box[3]):
            xs.append(a * x + c * y + e)
            ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


_TEXT_BUF = (ctypes.c_ushort * 2048)()  # one call for a run of up to 2047 characters


def _object_text(raw: Any, obj: Any, text_page: Any) -> str:
    need = raw.FPDFTextObj_GetText(obj, text_page, _TEXT_BUF, ctypes.sizeof(_TEXT_BUF))
    if need <= 2:
        return ""
    if need <= ctypes.sizeof(_TEXT_BUF):  # PDFium wrote it (it writes only into a buffer that is large enough)
        return ctypes.string_at(_TEXT_BUF, need).decode("utf-16-le", "replace").rstrip("\0")
    buf = (ctypes.c_ushort * (need // 2))()
    raw.FPDFTextObj_GetText(obj, text_page, buf, need)
    return bytes(buf).decode("utf-16-le", "replace").rstrip("\0")


_XY = (ctypes.c_float(), ctypes.c_float())
_XY_REF = (ctypes.byref(_XY[0]), ctypes.byref(_XY[1]))


def clipped_bounds(raw: Any, obj: Any, box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    """An object's bounds `box` (left, bottom, right, top, as PDFium gives
    them: in the page's space, or the form's it is drawn in) cut to the box
    round its clipping paths, which PDFium keeps in that same space (what
    is clipped away is not ink); None if nothing of it is left."""
    clip = raw.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return box
    for i in range(raw.FPDFClipPath_CountPaths(clip)):
        xs, ys = [], []
        for j in range(raw.FPDFClipPath_CountPathSegments(clip, i)):
            seg = raw.FPDFClipPath_GetPathSegment(clip, i, j)
            if seg and raw.FPDFPathSegment_GetPoint(seg, *_XY_REF):
                xs.append(_XY[0].value)
                ys.append(_XY[1].value)
        if xs:
            box = (max(box[0], min(xs)), max(box[1], min(ys)), min(box[2], max(xs)), min(box[3], max(ys)))
    return box if box[2] > box[0] and box[3] > box[1] else None


def read_printed(data: bytes, want_colour: bool = True, keep_images: bool = False) -> list[PrintedPage]:
    """Every page as PDFium prints it (print mode: optional content that is
    off in print is not drawn). `keep_images` keeps each page's RGB raster
    (pnp.validation.compare)."""
    import pypdfium2.raw as raw

    from pnp import pdfpages

    pages: list[PrintedPage] = []
    with pdfpages.document(data) as doc:
        for index in range(len(doc)):
            with pdfpages.page(doc, index) as page:
                try:
                    pages.append(_read_page(page, raw, want_colour, keep_images))
                except TooDeep as e:
                    raise ValidationError(f"page {index + 1} {e}") from None
    return pages


def _read_page(page: Any, raw: Any, want_colour: bool, keep_image: bool) -> PrintedPage:
    w_pt, h_pt = page.get_size()
    if max(w_pt, h_pt) > MAX_SIDE_PT:
        raise ValidationError(f"has a page of {w_pt * PT:.0f} x {h_pt * PT:.0f} mm; pnp kits are printed on A4 or Letter")
    reader = _PageReader(page, raw, want_colour, keep_image)
    handle = page.raw
    reader.text_page = raw.FPDFText_LoadPage(handle)
    try:
        reader.walk(handle, raw.FPDFPage_CountObjects(handle), raw.FPDFPage_GetObject, None, 1.0, 0)
    finally:
        raw.FPDFText_ClosePage(reader.text_page)
    return reader.finish()


PtBox = tuple[float, float, float, float]  # left, bottom, right, top in pt (PDF space)
GONE: PtBox = (0.0, 0.0, 0.0, 0.0)  # (this very tuple) the box of an object clipped away: it prints nothing


class _PageReader:
    """One page, read once: its raster (at DPI, in print mode), then every
    object it draws, walking into form XObjects, for the components pnp
    marked and the text that prints."""

    def __init__(self, page: Any, raw: Any, want_colour: bool, keep_image: bool) -> None:
        w_pt, h_pt = page.get_size()
        self.raw = raw
        self.handle = page.raw
        self.text_page: Any = None
        colour = want_colour or keep_image
        bitmap = page.render(scale=DPI / 72, may_draw_forms=False, grayscale=not colour, optimize_mode="print",
                             rev_byteorder=colour)
        image = bitmap.to_pil()
        grey = image.convert("L") if image.mode != "L" else image
        grey.load()
        # Pillow's image core: the same crop and extrema as Image.crop().getextrema()
        # without the Python wrapping of each crop (a page checks hundreds of boxes)
        self.pixels = grey.im
        self.width, self.height = image.size
        self.out = out = PrintedPage((w_pt * PT, h_pt * PT))
        if keep_image:
            out.image = image if image.mode == "RGB" else image.convert("RGB")
        if want_colour:
            out.colour = _has_colour(image)
        x0, y0, x1, y1 = page.get_cropbox()  # the corners as written: any two opposite ones (PDFium normalises them too)
        self.left, self.bottom, self.right, self.top = min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
        out.origin = (self.left, self.top)
        self.upright = page.get_rotation() == 0 and self.right > self.left and self.top > self.bottom
        self.sx = self.width / (self.right - self.left) if self.upright else 0.0
        self.sy = self.height / (self.top - self.bottom) if self.upright else 0.0
        # component occurrences: one PDFium mark item per marked-content sequence
        self.found: dict[int, list[Any]] = {}  # mark item address -> [kind, value, box]
        self.order: list[int] = []
        self.texts: list[str] = []
        self.other: set[int] = set()  # mark items that are not pnp's
        self.budget = MAX_OBJECTS
        self._l, self._b, self._r, self._t = ctypes.c_float(), ctypes.c_float(), ctypes.c_float(), ctypes.c_float()
        self._bounds = (ctypes.byref(self._l), ctypes.byref(self._b), ctypes.byref(self._r), ctypes.byref(self._t))
        self.matrix = raw.FS_MATRIX()
        self._matrix_ref = ctypes.byref(self.matrix)
        self._size = ctypes.c_float()
        self._size_ref = ctypes.byref(self._size)

    def inside(self, box: PtBox) -> bool:
        """Within the printed area (the crop box), give or take a point."""
        return (box[0] >= self.left - 1 and box[2] <= self.right + 1
                and box[1] >= self.bottom - 1 and box[3] <= self.top + 1)

    def to_pixels(self, box: PtBox) -> tuple[int, int, int, int]:
        width, height = self.width, self.height
        if self.upright:  # the device mapping of an unrotated page, without a call per corner
            x0, x1 = int((box[0] - self.left) * self.sx), int((box[2] - self.left) * self.sx)
            y0, y1 = int((self.top - box[3]) * self.sy), int((self.top - box[1]) * self.sy)
            return (max(0, x0), max(0, y0), min(width, x1 + 1), min(height, y1 + 1))
        xs, ys = [], []
        for x, y in ((box[0], box[1]), (box[2], box[3])):
            dx, dy = ctypes.c_int(), ctypes.c_int()
            self.raw.FPDF_PageToDevice(self.handle, 0, 0, width, height, 0, ctypes.c_double(x), ctypes.c_double(y),
                                       ctypes.byref(dx), ctypes.byref(dy))
            xs.append(dx.value)
            ys.append(dy.value)
        return (max(0, min(xs)), max(0, min(ys)), min(width, max(xs) + 1), min(height, max(ys) + 1))

    def inked(self, box: PtBox, contrast: int, ink: int = INK) -> bool:
        x0, y0, x1, y1 = self.to_pixels(box)
        if x1 <= x0 or y1 <= y0:
            return False
        lo, hi = self.pixels.crop((x0, y0, x1, y1)).getextrema()
        return lo < ink and hi - lo >= contrast

    def text_size(self, obj: Any) -> float:
        """The size text prints at, in pt: its font size scaled by its matrix."""
        if not self.raw.FPDFTextObj_GetFontSize(obj, self._size_ref) or not self.raw.FPDFPageObj_GetMatrix(obj, self._matrix_ref):
            return 0.0
        m = self.matrix
        return self._size.value * abs(m.a * m.d - m.b * m.c) ** 0.5

    def page_box(self, obj: Any, place: tuple[float, ...] | None) -> PtBox | None:
        """The object's bounds on the page, cut to its clipping path (what
        is clipped away is not ink): None if it has none, GONE if nothing
        of it is left inside its clip."""
        if not self.raw.FPDFPageObj_GetBounds(obj, *self._bounds):
            return None
        box = clipped_bounds(self.raw, obj, (self._l.value, self._b.value, self._r.value, self._t.value))
        if box is None:
            return GONE
        return box if place is None else _transform(place, box)

    def walk(self, parent: Any, count: int, get: Any, place: tuple[float, ...] | None, scale: float, depth: int) -> None:
        """The `count` objects a page or a form object draws. The bounds of
        an object inside a form XObject are in the form's space, placed on
        the page by `place`. Bounds are read only where they are used: for
        reading text, and for objects that carry a mark (a form object's own
        bounds cover what it draws, and what it draws carries no mark from
        outside the form), so most objects cost two calls."""
        if count <= 0:
            return
        self.budget -= count
        if self.budget < 0 or depth > MAX_FORM_DEPTH:
            raise TooDeep(f"draws more than {MAX_OBJECTS} objects, or nests form XObjects more than {MAX_FORM_DEPTH} "
                          f"deep (a form that draws itself?)")
        raw = self.raw
        get_type, count_marks = raw.FPDFPageObj_GetType, raw.FPDFPageObj_CountMarks
        text_kind, form_kind = raw.FPDF_PAGEOBJ_TEXT, raw.FPDF_PAGEOBJ_FORM
        for k in range(count):
            obj = get(parent, k)
            kind_of = get_type(obj)
            n_marks = count_marks(obj)
            if not n_marks and kind_of != text_kind and kind_of != form_kind:
                continue
            box: PtBox | None = None
            if kind_of == text_kind and self.text_size(obj) * scale >= SMALL_PT:
                box = self.page_box(obj, place)
                if box is None:
                    continue
                self.read_text(obj, box)
            if n_marks:
                self.note_marks(obj, n_marks, box, place)
            if kind_of == form_kind:
                self.walk_form(obj, place, scale, depth)

    def read_text(self, obj: Any, box: PtBox) -> None:
        """A text object large enough to be reading text: kept if it prints,
        counted as hidden if it has words but prints nothing."""
        raw = self.raw
        mode = raw.FPDFTextObj_GetTextRenderMode(obj)
        shown = mode not in (raw.FPDF_TEXTRENDERMODE_INVISIBLE, raw.FPDF_TEXTRENDERMODE_CLIP)
        if shown and box is not GONE and self.inside(box) and self.inked(box, 1, TEXT_INK):
            self.texts.append(_object_text(raw, obj, self.text_page))
        elif _object_text(raw, obj, self.text_page).strip():
            self.out.hidden_text += 1

    def note_marks(self, obj: Any, n_marks: int, box: PtBox | None, place: tuple[float, ...] | None) -> None:
        """The pnp component marks an object carries: its box is added to
        the box of each marked-content sequence it belongs to."""
        raw = self.raw
        for j in range(n_marks):
            mark = raw.FPDFPageObj_GetMark(obj, j)
            if not mark:
                continue
            key = ctypes.addressof(mark.contents)  # the mark item: one per marked-content sequence
            if key in self.other:
                continue
            entry = self.found.get(key)
            if entry is None and _utf16(raw.FPDFPageObjMark_GetName, mark) != "pnp":
                self.other.add(key)
                continue
            if box is None:
                box = self.page_box(obj, place)
                if box is None:
                    return
            if entry is None:  # a component clipped away is there, and prints blank
                kind = _utf16(raw.FPDFPageObjMark_GetParamStringValue, mark, b"K")
                value = _utf16(raw.FPDFPageObjMark_GetParamStringValue, mark, b"V")
                self.found[key] = [kind, value, box]
                self.order.append(key)
            elif box is GONE:
                continue  # what is clipped away adds nothing to where the component stands
            elif entry[2] is GONE:
                entry[2] = box
            else:
                eb = entry[2]
                entry[2] = (min(eb[0], box[0]), min(eb[1], box[1]), max(eb[2], box[2]), max(eb[3], box[3]))

    def walk_form(self, obj: Any, place: tuple[float, ...] | None, scale: float, depth: int) -> None:
        """Into a form XObject: its objects placed by its matrix (after `place`)."""
        raw = self.raw
        raw.FPDFPageObj_GetMatrix(obj, self._matrix_ref)
        m = self.matrix
        own = (m.a, m.b, m.c, m.d, m.e, m.f)
        inner = own if place is None else _compose(own, place)
        inner_scale = scale * abs(own[0] * own[3] - own[1] * own[2]) ** 0.5
        self.walk(obj, raw.FPDFFormObj_CountObjects(obj), raw.FPDFFormObj_GetObject, inner, inner_scale, depth + 1)

    def finish(self) -> PrintedPage:
        """The page: its text, and each component with whether it prints."""
        out = self.out
        out.text = "".join(self.texts)
        for key in self.order:
            kind, value, box = self.found[key]
            if box is GONE:
                out.components.append(Component(kind, value, box, False, BLANK))
            elif not self.inside(box):
                out.components.append(Component(kind, value, box, False, "lie outside the printed area (crop box)"))
            elif not self.inked(box, CONTRAST):
                out.components.append(Component(kind, value, box, False, BLANK))
            else:
                out.components.append(Component(kind, value, box, True))
        return out


def _has_colour(image: Any) -> bool:
    """Any pixel whose channels differ by more than a trace: colour, not grey."""
    from PIL import ImageChops

    r, g, b = image.convert("RGB").split()
    spread = ImageChops.subtract(ImageChops.lighter(ImageChops.lighter(r, g), b),
                                 ImageChops.darker(ImageChops.darker(r, g), b))
    return band_range(spread)[1] > 12
