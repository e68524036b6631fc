"""PDF renderer (reportlab). Draws pages in mm with y down, embeds subset
fonts, writes each game component as a marked-content sequence
(/pnp <</K kind /V value>> BDC ... EMC) so the validator can count what is
drawn, and is deterministic (reportlab's invariant mode)."""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from pnp.fonts import register
from pnp.geometry import PT, Circle, Group, Line, Page, Path, Rect, Shape, Style, Text


@dataclass(frozen=True)
class PdfMeta:
    title: str
    subject: str
    author: str
    keywords: str
    lang: str


def _pdf_string(s: str) -> str:
    return "(" + s.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


def _style(c: Canvas, st: Style) -> tuple[int, int]:
    if st.stroke is not None:
        c.setStrokeColorRGB(*st.stroke)
        c.setLineWidth(st.width)
        if st.dash:
            c.setDash(list(st.dash), 0)
        else:
            c.setDash([], 0)
    if st.fill is not None:
        c.setFillColorRGB(*st.fill)
    return int(st.stroke is not None), int(st.fill is not None)


def _draw(c: Canvas, s: Shape) -> None:
    if isinstance(s, Group):
        c.saveState()
        if s.tag is not None:
            c.addLiteral(f"/pnp <</K {_pdf_string(s.tag[0])} /V {_pdf_string(s.tag[1])}>> BDC")
        if s.dx or s.dy:
            c.translate(s.dx, s.dy)
        if s.rotate:
            c.rotate(s.rotate)
        if s.scale != 1.0:
            c.scale(s.scale, s.scale)
        for item in s.items:
            _draw(c, item)
        if s.tag is not None:
            c.addLiteral("EMC")
        c.restoreState()
    elif isinstance(s, Text):
        c.saveState()
        c.translate(s.x, s.y)
        c.scale(1, -1)
        c.setFillColorRGB(*s.color)
        c.setFont(s.font, s.size * PT)
        if s.anchor == "middle":
            c.drawCentredString(0, 0, s.text)
        elif s.anchor == "end":
            c.drawRightString(0, 0, s.text)
        else:
            c.drawString(0, 0, s.text)
        c.restoreState()
    elif isinstance(s, Rect):
        stroke, fill = _style(c, s.style)
        if s.radius:
            c.roundRect(s.x, s.y, s.w, s.h, s.radius, stroke=stroke, fill=fill)
        else:
            c.rect(s.x, s.y, s.w, s.h, stroke=stroke, fill=fill)
    elif isinstance(s, Line):
        if s.style.stroke is not None:
            _style(c, s.style)
            c.line(s.x1, s.y1, s.x2, s.y2)
    elif isinstance(s, Circle):
        stroke, fill = _style(c, s.style)
        c.circle(s.cx, s.cy, s.r, stroke=stroke, fill=fill)
    elif isinstance(s, Path):
        stroke, fill = _style(c, s.style)
        p = c.beginPath()
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
        c.drawPath(p, stroke=stroke, fill=fill, fillMode=0)
    else:  # pragma: no cover - a new shape type needs a branch here
        raise TypeError(f"cannot draw {type(s).__name__}")


def fonts_of(pages: list[Page]) -> set[str]:
    from pnp.geometry import walk

    return {s.font for p in pages for s, _, _ in walk(p.items) if isinstance(s, Text)}


def render_pdf(pages: list[Page], meta: PdfMeta) -> bytes:
    for font in sorted(fonts_of(pages)):
        register(font)
    buf = BytesIO()
    register("Sans")  # the canvas's initial font, so no unembedded Helvetica is referenced
    c = Canvas(buf, invariant=1, pageCompression=1, lang=meta.lang, initialFontName="Sans", initialFontSize=10)
    c.setTitle(meta.title)
    c.setSubject(meta.subject)
    c.setAuthor(meta.author)
    c.setCreator("pnp")
    c.setKeywords(meta.keywords)
    for page in pages:
        c.setPageSize((page.width * mm, page.height * mm))
        c.saveState()
        c.translate(0, page.height * mm)
        c.scale(mm, -mm)
        for item in page.items:
            _draw(c, item)
        c.restoreState()
        c.showPage()
    c.save()
    return buf.getvalue()
