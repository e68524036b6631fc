"""SVG renderer (svgwrite): one file per page, in mm, mirroring the PDF.

The page is `width="{w}mm" height="{h}mm"` with a viewBox of the same
numbers, so one user unit is one millimetre and page data goes in as it is.
Groups keep their transforms (translate, rotate, scale, as in the PDF);
tagged groups become <g class="pnp-{kind}" data-kind=... data-value=...>.

Repeated art is written once per page: a group whose shapes occur more than
once on the page becomes a `<g id="art-N">` in `<defs>`, and each occurrence
a `<use href="#art-N">` inside its own (tagged, transformed) group, as the
PDF renderer does with Form XObjects.

Everything is drawn into two top-level Inkscape layers: `art`, and `cut`,
which holds every shape whose role is "cut" as a red hairline for a cutting
machine, inside the same nested transform groups it had on the page. The
cut-only file (`cut-svg`) has the cut layer and three registration squares.

Output is deterministic: numbers are written with a fixed precision and
nothing depends on the time or the machine.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TypeGuard

import svgwrite
from svgwrite.container import Group as SvgGroup
from svgwrite.extensions import Inkscape

from pnp.geometry import PT, RGB, Circle, Group, Line, Page, Path, Picture, Rect, Shape, Style, Text
from pnp.modes import Anchor, Role
from pnp.render.reuse import repeated_art

CUT_STROKE: RGB = (1.0, 0.0, 0.0)  # #FF0000: what cutting software looks for
CUT_WIDTH = 0.1  # mm: a hairline
REG_SIZE = 5.0  # mm: the side of a registration square

FONT_FAMILY = "DejaVu Sans Condensed"
# font name used in page data -> (font-weight, font-style)
FONT_FACES: dict[str, tuple[str, str]] = {
    "Sans": ("normal", "normal"),
    "Sans-Bold": ("bold", "normal"),
    "Sans-Italic": ("normal", "italic"),
    "Sans-BoldItalic": ("bold", "italic"),
}


def num(v: float) -> str:
    """A number as SVG text: 4 decimals at most (0.1 µm), no '-0'."""
    s = f"{v:.4f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def colour(rgb: RGB | None) -> str:
    if rgb is None:
        return "none"
    return "#{:02X}{:02X}{:02X}".format(*(max(0, min(255, round(c * 255))) for c in rgb))


def transform(g: Group) -> str | None:
    parts = []
    if g.dx or g.dy:
        parts.append(f"translate({num(g.dx)},{num(g.dy)})")
    if g.rotate:
        parts.append(f"rotate({num(g.rotate)})")
    if g.scale != 1.0:
        parts.append(f"scale({num(g.scale)})")
    return " ".join(parts) or None


def path_data(cmds: Iterable[tuple]) -> str:
    out = []
    for cmd in cmds:
        op = cmd[0]
        if op not in ("M", "L", "C", "Z"):
            raise ValueError(f"unknown path command {op!r}")
        out.append(" ".join([op, *(num(v) for v in cmd[1:])]))
    return " ".join(out)


def is_cut(s: Shape) -> TypeGuard[Rect | Line | Circle | Path]:
    """A cut line: a drawn shape (never text or a group) whose role is cut."""
    return isinstance(s, Rect | Line | Circle | Path) and s.style.role is Role.CUT


def _paint(el: svgwrite.base.BaseElement, st: Style) -> None:
    el["fill"] = colour(st.fill)
    el["stroke"] = colour(st.stroke)
    if st.stroke is not None:
        el["stroke-width"] = num(st.width)
        if st.dash:
            el["stroke-dasharray"] = ",".join(num(d) for d in st.dash)
    if isinstance(el, svgwrite.path.Path):
        el["fill-rule"] = "evenodd"  # as the PDF fills paths (fillMode 0)


def _geometry(dwg: svgwrite.Drawing, s: Rect | Line | Circle | Path) -> svgwrite.base.BaseElement:
    if isinstance(s, Rect):
        el = dwg.rect()
        el.attribs.update({"x": num(s.x), "y": num(s.y), "width": num(s.w), "height": num(s.h)})
        if s.radius:
            el.attribs.update({"rx": num(s.radius), "ry": num(s.radius)})
        return el
    if isinstance(s, Line):
        el = dwg.line()
        el.attribs.update({"x1": num(s.x1), "y1": num(s.y1), "x2": num(s.x2), "y2": num(s.y2)})
        return el
    if isinstance(s, Circle):
        el = dwg.circle()
        el.attribs.update({"cx": num(s.cx), "cy": num(s.cy), "r": num(s.r)})
        return el
    if isinstance(s, Path):
        return dwg.path(d=path_data(s.cmds))  # svgwrite writes `d` from its command list
    raise TypeError(f"cannot draw {type(s).__name__}")  # pragma: no cover - a new shape type needs a branch here


def _text(dwg: svgwrite.Drawing, t: Text) -> svgwrite.base.BaseElement:
    try:
        weight, style = FONT_FACES[t.font]
    except KeyError:
        raise ValueError(f"no SVG face for font {t.font!r}") from None
    el = dwg.text(t.text)
    el.attribs.update({
        "x": num(t.x),
        "y": num(t.y),
        "font-family": FONT_FAMILY,
        "font-size": num(t.size * PT),
        "fill": colour(t.color),
        "xml:space": "preserve",
    })
    if weight != "normal":
        el["font-weight"] = weight
    if style != "normal":
        el["font-style"] = style
    if t.anchor is not Anchor.START:
        el["text-anchor"] = t.anchor
    return el


class _Clips:
    """Clipping paths, written into <defs> as each clipped group is drawn
    (numbered in that order: the file is deterministic)."""

    def __init__(self, dwg: svgwrite.Drawing) -> None:
        self.dwg = dwg
        self.written = 0

    def ref(self, clip: Rect) -> str:
        self.written += 1
        el = self.dwg.clipPath(id=f"clip-{self.written}")  # userSpaceOnUse: the group's own coordinates
        rect = self.dwg.rect()
        rect.attribs.update({"x": num(clip.x), "y": num(clip.y), "width": num(clip.w), "height": num(clip.h)})
        el.add(rect)
        self.dwg.defs.add(el)
        return f"url(#clip-{self.written})"


def _group(dwg: svgwrite.Drawing, g: Group, tags: bool) -> SvgGroup:
    """A group's element: its transform and tag (its clip is the caller's, once it knows the group stays)."""
    el = dwg.g()
    tf = transform(g)
    if tf:
        el["transform"] = tf
    if tags and g.tag is not None:
        kind, value = g.tag
        el["class"] = f"pnp-{kind}"
        el["data-kind"] = kind
        el["data-value"] = value
    return el


class _Defs:
    """Repeated art, written once into <defs> the first time it is placed;
    ids are numbered in that order, so the file is deterministic."""

    def __init__(self, dwg: svgwrite.Drawing, art: dict[int, tuple[Shape, ...]], clips: _Clips) -> None:
        self.dwg = dwg
        self.clips = clips
        self.art = art  # id(group items) -> the art's first copy (pnp.render.reuse.repeated_art)
        self.ids: dict[int, str | None] = {}  # id(first copy) -> its id in <defs>
        self.written = 0

    def ref(self, items: tuple[Shape, ...]) -> str | None:
        """The <defs> id of the art of a group with these `items`, or None
        when it is no repeated art or draws nothing in the art layer."""
        art = self.art.get(id(items))
        if art is None:
            return None
        if id(art) not in self.ids:
            el = self.dwg.g()
            _art(self.dwg, el, art, self)
            ref = None
            if el.elements:
                self.written += 1
                ref = el["id"] = f"art-{self.written}"
                self.dwg.defs.add(el)
            self.ids[id(art)] = ref
        return self.ids[id(art)]


def _art(dwg: svgwrite.Drawing, parent: SvgGroup, items: Iterable[Shape], defs: _Defs) -> None:
    """Everything but the cut lines. An untagged group left empty is dropped;
    a tagged one stays (the component is there, even if it is all cut).
    Repeated art (in `defs`) is placed with <use>."""
    for s in items:
        if isinstance(s, Group):
            el = _group(dwg, s, tags=True)
            if id(s.items) in defs.art:
                ref = defs.ref(s.items)
                if ref is not None:
                    el.add(dwg.use(f"#{ref}"))
            else:
                _art(dwg, el, s.items, defs)
            if el.elements or s.tag is not None:
                if s.clip is not None:  # its clipping path written only for a group that stays
                    el["clip-path"] = defs.clips.ref(s.clip)
                parent.add(el)
        elif isinstance(s, Text):
            parent.add(_text(dwg, s))
        elif isinstance(s, Picture):
            parent.add(_picture(dwg, s))
        elif is_cut(s):
            continue
        elif isinstance(s, Line) and s.style.stroke is None:
            continue  # an unstroked line draws nothing (as in the PDF)
        else:
            el = _geometry(dwg, s)
            _paint(el, s.style)
            parent.add(el)


def _picture(dwg: svgwrite.Drawing, p: Picture) -> svgwrite.base.BaseElement:
    """A PNG, embedded as a data URI (the file stands alone), stretched over its box as in the PDF."""
    import base64

    el = dwg.image(href="data:image/png;base64," + base64.b64encode(p.png).decode("ascii"),
                   insert=(num(p.x), num(p.y)), size=(num(p.w), num(p.h)))
    el["preserveAspectRatio"] = "none"
    return el


def _cut(dwg: svgwrite.Drawing, parent: SvgGroup, items: Iterable[Shape], cut_paint: dict[str, str],
         clips: _Clips) -> None:
    """Only the cut shapes, in the transform (and clipped) groups they sit
    in; no tags (a component is counted once, in the art layer)."""
    for s in items:
        if isinstance(s, Group):
            if transform(s) is None and s.clip is None:  # nothing to carry over: its shapes go straight in
                _cut(dwg, parent, s.items, cut_paint, clips)
                continue
            el = _group(dwg, s, tags=False)
            _cut(dwg, el, s.items, cut_paint, clips)
            if el.elements:
                if s.clip is not None:  # its clipping path written only for a group that draws
                    el["clip-path"] = clips.ref(s.clip)
                parent.add(el)
        elif is_cut(s):
            el = _geometry(dwg, s)
            el.attribs.update(cut_paint)
            parent.add(el)


def has_cut(items: Iterable[Shape]) -> bool:
    return any(has_cut(s.items) if isinstance(s, Group) else is_cut(s) for s in items)


def _drawing(page: Page, title: str) -> tuple[svgwrite.Drawing, Inkscape]:
    dwg = svgwrite.Drawing(size=(f"{num(page.width)}mm", f"{num(page.height)}mm"), profile="full", debug=False)
    dwg["viewBox"] = f"0 0 {num(page.width)} {num(page.height)}"
    if title:
        dwg.set_desc(title=title)
    return dwg, Inkscape(dwg)


def _cut_layer(dwg: svgwrite.Drawing, ink: Inkscape, page: Page, stroke: RGB, clips: _Clips) -> SvgGroup:
    layer = ink.layer(label="cut", id="cut")
    paint = {"fill": "none", "stroke": colour(stroke), "stroke-width": num(CUT_WIDTH)}
    layer.attribs.update(paint)
    _cut(dwg, layer, page.items, paint, clips)  # on every shape too: not all cutting software inherits
    return layer


def _bytes(dwg: svgwrite.Drawing) -> bytes:
    buf = io.StringIO()
    dwg.write(buf, pretty=False)
    return (buf.getvalue() + "\n").encode("utf-8")


def render_svg_page(page: Page, title: str = "", cut_stroke: RGB = CUT_STROKE, reuse: bool = True) -> bytes:
    """The whole page: an `art` layer and a `cut` layer; with `reuse`,
    repeated art is written once (off only to compare)."""
    dwg, ink = _drawing(page, title)
    art = ink.layer(label="art", id="art")
    art["stroke-miterlimit"] = "10"  # the PDF default
    clips = _Clips(dwg)
    _art(dwg, art, page.items, _Defs(dwg, repeated_art([page]) if reuse else {}, clips))
    dwg.add(art)
    dwg.add(_cut_layer(dwg, ink, page, cut_stroke, clips))
    return _bytes(dwg)


def registration_marks(page: Page, margin: float) -> list[tuple[float, float]]:
    """Top-left corners of three squares inside the corners of the safe area
    (top left, top right, bottom left): the frame print-then-cut machines
    look for."""
    left, top = margin, margin
    right, bottom = page.width - margin - REG_SIZE, page.height - margin - REG_SIZE
    return [(left, top), (right, top), (left, bottom)]


def render_cut_svg_page(page: Page, margin: float, title: str = "", cut_stroke: RGB = CUT_STROKE) -> bytes:
    """Only the cut layer, plus a `registration` layer of three squares."""
    dwg, ink = _drawing(page, title)
    reg = ink.layer(label="registration", id="registration")
    reg.attribs.update({"fill": "#000000", "stroke": "none"})
    for x, y in registration_marks(page, margin):
        el = dwg.rect()
        el.attribs.update({"x": num(x), "y": num(y), "width": num(REG_SIZE), "height": num(REG_SIZE)})
        reg.add(el)
    dwg.add(reg)
    dwg.add(_cut_layer(dwg, ink, page, cut_stroke, _Clips(dwg)))
    return _bytes(dwg)
