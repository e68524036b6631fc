"""PDF renderer (reportlab). Draws pages in mm with y down, embeds subset
fonts, writes each game component as a marked-content sequence
(/pnp <</K kind /V value>> BDC ... EMC) so the validator can count what is
drawn, and is deterministic (reportlab's invariant mode).

Repeated art is written once: a group whose shapes occur more than once in
the file (the same `items`, wherever it is placed) becomes a Form XObject,
and every occurrence places it with `Do`. The renderer decides this from
the page data alone; kits only draw repeated things as groups in their own
coordinates. A component's marked-content sequence stays on the page,
around the placement, so every placement is a tagged painting operation.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from io import BytesIO

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen.canvas import Canvas

from pnp.fonts import register
from pnp.geometry import (
    PT,
    RGB,
    Circle,
    Extent,
    Group,
    Line,
    Page,
    Path,
    Picture,
    Rect,
    Shape,
    Style,
    Text,
    extent,
)
from pnp.render.reuse import repeated_art


@dataclass(frozen=True)
class PdfMeta:
    title: str
    subject: str
    author: str
    keywords: str
    lang: str


def _pdf_string(s: str) -> str:
    return "(" + s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


Key = tuple[Shape, ...]  # a group's items: frozen dataclasses hash by content

# A form's box reaches this far (mm) past the extent of its shapes, so glyph
# overhangs past the nominal text box are never clipped.
FORM_PAD = 2.0


class _Painter:
    """Draws shapes on a canvas, setting colour, width and dash only when
    they change (the graphics state is tracked across q/Q). Neutral colours
    are written as DeviceGray (g/G), the others as DeviceRGB (rg/RG).

    Repeated `art` (see pnp.render.reuse.repeated_art) is written as a form the
    first time it is placed, named in that order (so the file is
    deterministic), with a painter of its own that assumes nothing about the
    graphics state it is placed in; `forms` (shared by every page) names the
    art written so far, and `extents` (shared too) keeps the extents of group
    contents measured for the forms' boxes (see geometry.extent)."""

    def __init__(self, c: Canvas, art: dict[int, Key] | None = None, forms: dict[int, str] | None = None,
                 extents: dict[int, Extent | None] | None = None) -> None:
        self.c = c
        # stroke, fill, width, dash, font (the Tf operands): None = not set yet
        # on this page or form. The font is text state, which PDF keeps from
        # one text object to the next, and saves and restores with q/Q.
        self.state: list[object] = [None, None, None, None, None]
        self.stack: list[list[object]] = []
        self.art: dict[int, Key] = art if art is not None else {}  # id(group items) -> the art's first copy
        self.forms: dict[int, str] = forms if forms is not None else {}  # id(first copy) -> form name
        self.extents: dict[int, Extent | None] = extents if extents is not None else {}

    def push(self) -> None:
        self.stack.append(list(self.state))
        self.c.saveState()

    def pop(self) -> None:
        self.state = self.stack.pop()
        self.c.restoreState()

    def fill(self, rgb: RGB) -> None:
        if self.state[1] != rgb:
            r, g, b = rgb
            if r == g == b:
                self.c.setFillGray(r)
            else:
                self.c.setFillColorRGB(r, g, b)
            self.state[1] = rgb

    def style(self, st: Style) -> tuple[int, int]:
        c, state = self.c, self.state
        if st.stroke is not None:
            if state[0] != st.stroke:
                r, g, b = st.stroke
                if r == g == b:
                    c.setStrokeGray(r)
                else:
                    c.setStrokeColorRGB(r, g, b)
                state[0] = st.stroke
            if state[2] != st.width:
                c.setLineWidth(st.width)
                state[2] = st.width
            dash = st.dash or ()
            if state[3] != dash:
                c.setDash(list(dash), 0)
                state[3] = dash
        if st.fill is not None:
            self.fill(st.fill)
        return int(st.stroke is not None), int(st.fill is not None)

    def text(self, font_name: str, size: float, x: float, y: float, text: str) -> None:
        """One text object: upright in the y-down page space (its own text
        matrix), the font set only when it changes. reportlab's text object
        would also write an identity matrix and a leading (TL) each time."""
        c = self.c
        font = getFont(font_name)
        ops = [f"BT 1 0 0 -1 {fp_str(x)} {fp_str(y)} Tm"]
        for subset, chunk in font.splitString(text, c._doc):
            tf = f"{font.getSubsetInternalName(subset, c._doc)} {fp_str(size)} Tf"
            if self.state[4] != tf:
                ops.append(tf)
                self.state[4] = tf
            ops.append(f"({escapePDF(chunk)}) Tj")
        ops.append("ET")
        c.addLiteral(" ".join(ops))

    def form(self, items: Key) -> str:
        """The name of the form of `items`, written now if it is new (in the
        group's own coordinates; forms may place forms)."""
        name = self.forms.get(id(items))
        if name is None:
            name = f"A{len(self.forms) + 1}"
            self.forms[id(items)] = name
            box = extent(Group(items), self.extents)
            x0, y0, x1, y1 = box if box is not None else (0.0, 0.0, 0.0, 0.0)
            c = self.c
            c.beginForm(name, x0 - FORM_PAD, y0 - FORM_PAD, x1 + FORM_PAD, y1 + FORM_PAD)
            inner = _Painter(c, self.art, self.forms, self.extents)
            for item in items:
                inner.draw(item)
            c.endForm(hasImages=int(_has_picture(items)))  # its resources: fonts, and images if it has any
        return name

    def draw(self, s: Shape) -> None:
        c = self.c
        if isinstance(s, Group):
            self.group(s)
        elif isinstance(s, Text):
            self.fill(s.color)
            x = s.anchor.left(s.x, s.width)
            self.text(s.font, s.size * PT, x, s.y, s.text)
        elif isinstance(s, Rect):
            stroke, fill = self.style(s.style)
            if s.radius:
                c.roundRect(s.x, s.y, s.w, s.h, s.radius, stroke=stroke, fill=fill)
            else:
                c.rect(s.x, s.y, s.w, s.h, stroke=stroke, fill=fill)
        elif isinstance(s, Line):
            if s.style.stroke is not None:
                self.style(s.style)
                c.line(s.x1, s.y1, s.x2, s.y2)
        elif isinstance(s, Circle):
            stroke, fill = self.style(s.style)
            c.circle(s.cx, s.cy, s.r, stroke=stroke, fill=fill)
        elif isinstance(s, Path):
            self.path(s)
        elif isinstance(s, Picture):
            self.picture(s)
        else:  # pragma: no cover - a new shape type needs a branch here
            raise TypeError(f"cannot draw {type(s).__name__}")

    def group(self, s: Group) -> None:
        """A group: placed by its transform, inside its tag's marked content,
        clipped by its clip, drawn as its form if its art is repeated, else
        shape by shape."""
        c = self.c
        art = self.art.get(id(s.items))
        form = self.form(art) if art is not None else None
        moved = bool(s.dx or s.dy or s.rotate or s.scale != 1.0 or s.clip is not None)
        if moved:
            self.push()
        if s.tag is not None:
            c.addLiteral(f"/pnp <</K {_pdf_string(s.tag[0])} /V {_pdf_string(s.tag[1])}>> BDC")
        if s.dx or s.dy:
            c.translate(s.dx, s.dy)
        if s.rotate:
            c.rotate(s.rotate)
        if s.scale != 1.0:
            c.scale(s.scale, s.scale)
        if s.clip is not None:  # a clipping path (W n) in the group's own coordinates, undone by the pop
            r = s.clip
            c.addLiteral(f"{fp_str(r.x)} {fp_str(r.y)} {fp_str(r.w)} {fp_str(r.h)} re W n")
        if form is not None:
            c.doForm(form)
        else:
            for item in s.items:
                self.draw(item)
        if s.tag is not None:
            c.addLiteral("EMC")
        if moved:
            self.pop()

    def picture(self, s: Picture) -> None:
        """A PNG, upright in the y-down page space. reportlab writes its
        pixels (and its transparency as a soft mask) once per file, named by
        their digest, however often it is placed."""
        from reportlab.lib.utils import ImageReader

        c = self.c
        c.saveState()  # only the matrix changes inside: the tracked colours and widths stay true
        c.translate(s.x, s.y + s.h)
        c.scale(1, -1)
        c.drawImage(ImageReader(BytesIO(s.png)), 0, 0, s.w, s.h, mask="auto")
        c.restoreState()

    def path(self, s: Path) -> None:
        stroke, fill = self.style(s.style)
        p = self.c.beginPath()
        for cmd in s.cmds:
            op = cmd[0]
            if op == "M":
                p.moveTo(*cmd[1:])
            elif op == "L":
                p.lineTo(*cmd[1:])
            elif op == "C":
                p.curveTo(*cmd[1:])
            elif op == "Z":
                p.close()
        self.c.drawPath(p, stroke=stroke, fill=fill, fillMode=0)


def _has_picture(items: tuple[Shape, ...]) -> bool:
    return any(isinstance(s, Picture) or (isinstance(s, Group) and _has_picture(s.items)) for s in items)


def fonts_of(pages: list[Page]) -> set[str]:
    """The fonts the pages' texts use (each group's contents looked at once)."""
    found: set[str] = set()
    seen: set[int] = set()

    def rec(items: tuple[Shape, ...]) -> None:
        if id(items) in seen:
            return
        seen.add(id(items))
        for s in items:
            if isinstance(s, Group):
                rec(s.items)
            elif isinstance(s, Text):
                found.add(s.font)

    for p in pages:
        rec(p.items)
    return found


def render_pdf(pages: list[Page], meta: PdfMeta, reuse: bool = True) -> bytes:
    """The PDF of `pages`; with `reuse`, repeated art is written once as a
    Form XObject (off only to compare against the plain drawing)."""
    # Streams are Flate-compressed binary; reportlab's extra ASCII85 layer
    # only makes files 8 % larger and slower to write and to read back.
    rl_config.useA85 = 0
    for font in sorted(fonts_of(pages)):
        register(font)
    buf = BytesIO()
    register("Sans")  # the canvas's initial font, so no unembedded Helvetica is referenced
    # pnp writes no real timestamp: invariant mode fixes the date (and the /ID
    # it seeds) at 2000-01-01. reportlab would take SOURCE_DATE_EPOCH over
    # that; pnp ignores it, so the bytes never depend on the environment.
    saved = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        c = Canvas(buf, invariant=1, pageCompression=1, lang=meta.lang, initialFontName="Sans", initialFontSize=10)
    finally:
        if saved is not None:
            os.environ["SOURCE_DATE_EPOCH"] = saved
    c.setTitle(meta.title)
    c.setSubject(meta.subject)
    c.setAuthor(meta.author)
    c.setCreator("pnp")
    c.setKeywords(meta.keywords)
    art = repeated_art(pages) if reuse else {}
    forms: dict[int, str] = {}
    extents: dict[int, Extent | None] = {}  # the pages live as long as this call: ids stay theirs
    for page in pages:
        c.setPageSize((page.width * mm, page.height * mm))
        t = page.trim  # a print-shop page: TrimBox = the piece, BleedBox = the whole page
        c.setTrimBox(None if t is None else (t.x * mm, (page.height - t.bottom) * mm, t.right * mm, (page.height - t.y) * mm))
        c.setBleedBox(None if t is None else (0, 0, page.width * mm, page.height * mm))
        painter = _Painter(c, art, forms, extents)
        painter.push()
        c.translate(0, page.height * mm)
        c.scale(mm, -mm)
        for item in page.items:
            painter.draw(item)
        painter.pop()
        c.showPage()
    c.save()
    return buf.getvalue()
