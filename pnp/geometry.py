"""Geometry primitives: pages made of plain shapes, in millimetres.

A leaf module: it imports nothing from the rest of the package but the mode
types (pnp.modes, itself a leaf), so layout,
renderers, tests and the validator can all use it. Coordinates have their
origin at the top-left corner of the page with y growing downwards (as in
SVG); angles are in degrees, clockwise on the page.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace

from pnp.modes import Anchor, Paint, Role

PT = 25.4 / 72  # one PostScript point in mm

RGB = tuple[float, float, float]
BLACK: RGB = (0.0, 0.0, 0.0)
WHITE: RGB = (1.0, 1.0, 1.0)


def grey(level: float) -> RGB:
    return (level, level, level)


def hex_rgb(value: str) -> RGB:
    """'#D55E00' -> (0.835, 0.369, 0.0)."""
    v = value.lstrip("#")
    if len(v) != 6:
        raise ValueError(f"not a #RRGGBB colour: {value!r}")
    return (int(v[0:2], 16) / 255, int(v[2:4], 16) / 255, int(v[4:6], 16) / 255)


@dataclass(frozen=True)
class Style:
    """How a shape is inked. `role` says what the line is for: "art" is
    artwork, "cut" a line to cut along, "fold" a line to fold on, "mark" a
    crop mark (printed to guide a knife; a cutting machine skips it)."""

    stroke: RGB | None = BLACK
    fill: RGB | None = None
    width: float = 0.25  # mm
    dash: tuple[float, ...] | None = None  # mm
    role: Role = Role.ART


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style = Style()
    radius: float = 0.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style()


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style = Style()


# Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathCmd = tuple


@dataclass(frozen=True)
class Path:
    cmds: tuple[PathCmd, ...]
    style: Style = Style()


@dataclass(frozen=True)
class Text:
    """One line of text in one font. (x, y) is the baseline point at the
    anchor ("start", "middle" or "end"); `width` is the measured advance in
    mm, so the shape knows its own extent without a font."""

    x: float
    y: float
    text: str
    font: str
    size: float  # pt
    width: float  # mm
    anchor: Anchor = Anchor.START
    color: RGB = BLACK


@dataclass(frozen=True)
class Picture:
    """A raster picture: the bytes of a PNG file, stretched over (x, y, w, h)
    (callers keep its proportions). It is inked all over its box."""

    x: float
    y: float
    w: float
    h: float
    png: bytes = field(repr=False)


@dataclass(frozen=True)
class Group:
    """Shapes scaled by `scale`, turned by `rotate` degrees about the group's
    own origin, then moved by (dx, dy). `tag` names a game component (kind, value), which
    renderers write into the file so the validator can count it. `clip`, a
    rectangle in the group's own coordinates (its style unused), keeps only
    what lies inside it: what is clipped away is not drawn and not ink (a
    tile of a picture board shows its part of the picture)."""

    items: tuple[Shape, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    tag: tuple[str, str] | None = None
    scale: float = 1.0
    clip: Rect | None = None


Shape = Rect | Line | Circle | Path | Text | Picture | Group


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    items: tuple[Shape, ...]
    label: str = ""  # what the page is, for people and tests ("board", ...)
    trim: Box | None = None  # a print-shop page: the finished piece; the page itself is the bleed
    instead_of: str = ""  # the label of the page this one may be printed in place of (its components are counted once)


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2

    def inset(self, d: float) -> Box:
        return Box(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def contains(self, other: Box, tol: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tol
            and other.y >= self.y - tol
            and other.right <= self.right + tol
            and other.bottom <= self.bottom + tol
        )

    def overlaps(self, other: Box, tol: float = 1e-6) -> bool:
        return (
            self.x < other.right - tol
            and other.x < self.right - tol
            and self.y < other.bottom - tol
            and other.y < self.bottom - tol
        )

    def union(self, other: Box) -> Box:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Box(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)


# A 2-D affine transform (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def group_matrix(g: Group) -> Matrix:
    r = math.radians(g.rotate)
    cos, sin = math.cos(r), math.sin(r)
    if abs(cos) < 1e-12:
        cos = 0.0
    if abs(sin) < 1e-12:
        sin = 0.0
    k = g.scale
    return (k * cos, k * sin, -k * sin, k * cos, g.dx, g.dy)


def compose(outer: Matrix, inner: Matrix) -> Matrix:
    a1, b1, c1, d1, e1, f1 = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a1 * a2 + c1 * b2,
        b1 * a2 + d1 * b2,
        a1 * c2 + c1 * d2,
        b1 * c2 + d1 * d2,
        a1 * e2 + c1 * f2 + e1,
        b1 * e2 + d1 * f2 + f1,
    )


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


ASCENT = 0.93  # of the font size: DejaVu's ascender, accents included
DESCENT = 0.24


def text_box(t: Text) -> Box:
    h = t.size * PT
    x = t.anchor.left(t.x, t.width)
    return Box(x, t.y - ASCENT * h, t.width, (ASCENT + DESCENT) * h)


def _local_points(s: Shape) -> list[tuple[float, float]]:
    if isinstance(s, Rect | Picture):
        return [(s.x, s.y), (s.x + s.w, s.y), (s.x, s.y + s.h), (s.x + s.w, s.y + s.h)]
    if isinstance(s, Line):
        return [(s.x1, s.y1), (s.x2, s.y2)]
    if isinstance(s, Circle):
        return [(s.cx - s.r, s.cy - s.r), (s.cx + s.r, s.cy + s.r), (s.cx - s.r, s.cy + s.r), (s.cx + s.r, s.cy - s.r)]
    if isinstance(s, Path):
        pts: list[tuple[float, float]] = []
        for cmd in s.cmds:
            nums = cmd[1:]
            pts.extend(zip(nums[0::2], nums[1::2], strict=True))
        return pts
    if isinstance(s, Text):
        b = text_box(s)
        return [(b.x, b.y), (b.right, b.y), (b.x, b.bottom), (b.right, b.bottom)]
    raise TypeError(s)


def _stroke_pad(s: Shape) -> float:
    style = getattr(s, "style", None)
    if style is not None and style.stroke is not None:
        return style.width / 2
    return 0.0


def walk(items: Iterable[Shape], m: Matrix = IDENTITY) -> Iterator[tuple[Shape, Matrix, tuple[Group, ...]]]:
    """Every leaf shape with its page transform and the groups around it."""

    def rec(its: Iterable[Shape], mat: Matrix, stack: tuple[Group, ...]) -> Iterator[tuple[Shape, Matrix, tuple[Group, ...]]]:
        for s in its:
            if isinstance(s, Group):
                yield from rec(s.items, compose(mat, group_matrix(s)), (*stack, s))
            else:
                yield s, mat, stack

    return rec(items, m, ())


def clip_extent(e: Extent, clip: Rect) -> Extent | None:
    """An extent cut to a clip rectangle (in the same coordinates), or None if nothing of it is left."""
    x0, y0 = max(e[0], clip.x), max(e[1], clip.y)
    x1, y1 = min(e[2], clip.x + clip.w), min(e[3], clip.y + clip.h)
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None


def walk_clipped(items: Iterable[Shape], m: Matrix = IDENTITY) -> Iterator[tuple[Shape, Matrix, Box | None]]:
    """Every leaf shape with its page transform and the page-space box its
    groups' clips leave it (None: not clipped); the box of a clip turned by
    other than quarter turns is the box round it (a superset)."""

    def rec(its: Iterable[Shape], mat: Matrix, clip: Box | None) -> Iterator[tuple[Shape, Matrix, Box | None]]:
        for s in its:
            if isinstance(s, Group):
                gm = compose(mat, group_matrix(s))
                inner = clip
                if s.clip is not None:
                    c = shape_box(Rect(s.clip.x, s.clip.y, s.clip.w, s.clip.h, Style(stroke=None)), gm)
                    if inner is not None:
                        e = clip_extent((inner.x, inner.y, inner.right, inner.bottom), Rect(c.x, c.y, c.w, c.h))
                        c = Box(0.0, 0.0, 0.0, 0.0) if e is None else Box(e[0], e[1], e[2] - e[0], e[3] - e[1])
                    inner = c
                yield from rec(s.items, gm, inner)
            else:
                yield s, mat, clip

    return rec(items, m, None)


def shape_box(s: Shape, m: Matrix = IDENTITY) -> Box:
    """The page-space bounding box of a leaf shape (stroke width included)."""
    pts = [apply(m, x, y) for x, y in _local_points(s)]
    pad = _stroke_pad(s)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return Box(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)


Extent = tuple[float, float, float, float]  # x0, y0, x1, y1
_UNSEEN: Extent = (math.nan, math.nan, math.nan, math.nan)  # a memo entry not yet made


def extent(s: Shape, memo: dict[int, Extent | None] | None = None) -> Extent | None:
    """The inked extent of a shape in its parent's coordinates (a group's
    children are placed by its transform), or None if nothing is inked.
    Hierarchical, so a group costs four corner transforms, not one per leaf
    per level; exact for the quarter-turns and scales the kits use, and a
    superset for any other angle. (Written out flat: the layout checks every
    page with it.) With `memo`, the extent of each group's contents is
    computed once per `items` tuple (repeated art shares one), for as long
    as the caller keeps the shapes alive."""
    if isinstance(s, Group):
        local = memo.get(id(s.items), _UNSEEN) if memo is not None else _UNSEEN
        if local is _UNSEEN:
            local = _items_extent(s.items, memo)
            if memo is not None:
                memo[id(s.items)] = local
        if local is not None and s.clip is not None:
            local = clip_extent(local, s.clip)
        if local is None:
            return None
        x0, y0, x1, y1 = local
        if not s.rotate and s.scale == 1.0:
            return (x0 + s.dx, y0 + s.dy, x1 + s.dx, y1 + s.dy) if (s.dx or s.dy) else (x0, y0, x1, y1)
        m = group_matrix(s)
        pts = [apply(m, x, y) for x in (x0, x1) for y in (y0, y1)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))
    if isinstance(s, Text):
        if not s.text.strip():
            return None
        box = text_box(s)
        return (box.x, box.y, box.x + box.w, box.y + box.h)
    if isinstance(s, Picture):
        return (s.x, s.y, s.x + s.w, s.y + s.h)
    st = s.style
    if st.stroke is None:
        if st.fill is None:
            return None
        pad = 0.0
    else:
        pad = st.width / 2
    if isinstance(s, Rect):
        return (s.x - pad, s.y - pad, s.x + s.w + pad, s.y + s.h + pad)
    if isinstance(s, Circle):
        r = s.r + pad
        return (s.cx - r, s.cy - r, s.cx + r, s.cy + r)
    pts = _local_points(s)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _items_extent(items: Iterable[Shape], memo: dict[int, Extent | None] | None) -> Extent | None:
    """The union of the items' extents (in the coordinates they are placed
    in), or None if none of them is inked."""
    x0 = y0 = math.inf
    x1 = y1 = -math.inf
    for item in items:
        e = extent(item, memo)
        if e is not None:
            a, b, c, d = e
            if a < x0:
                x0 = a
            if b < y0:
                y0 = b
            if c > x1:
                x1 = c
            if d > y1:
                y1 = d
    return None if x0 == math.inf else (x0, y0, x1, y1)


def is_inked(s: Shape) -> bool:
    if isinstance(s, Text):
        return bool(s.text.strip())
    if isinstance(s, Picture):
        return True
    style = getattr(s, "style", None)
    return style is not None and (style.stroke is not None or style.fill is not None)


def tagged(items: Iterable[Shape]) -> Iterator[tuple[Group, Matrix]]:
    """Every tagged group (component) on a page with its page transform."""

    def rec(its: Iterable[Shape], mat: Matrix) -> Iterator[tuple[Group, Matrix]]:
        for s in its:
            if isinstance(s, Group):
                gm = compose(mat, group_matrix(s))
                if s.tag is not None:
                    yield s, gm
                yield from rec(s.items, gm)

    return rec(items, IDENTITY)


def map_colours(items: tuple[Shape, ...], fn: Callable[[RGB, Paint], RGB]) -> tuple[Shape, ...]:
    """The same shapes with every colour passed through fn(rgb, paint), where
    paint says what the colour paints (Paint). Used for print variants."""
    out: list[Shape] = []
    for s in items:
        if isinstance(s, Group):
            out.append(replace(s, items=map_colours(s.items, fn)))
        elif isinstance(s, Text):
            out.append(replace(s, color=fn(s.color, Paint.TEXT)))
        elif isinstance(s, Picture):
            out.append(replace(s, png=map_png(s.png, fn)))
        else:
            st = s.style
            out.append(
                replace(
                    s,
                    style=replace(
                        st,
                        fill=None if st.fill is None else fn(st.fill, Paint.FILL),
                        stroke=None if st.stroke is None else fn(st.stroke, Paint.STROKE),
                    ),
                )
            )
    return tuple(out)


def map_png(png: bytes, fn: Callable[[RGB, Paint], RGB]) -> bytes:
    """A PNG's colours passed through fn (as fills): fn taken as the affine
    map it makes of black and the three primaries (exact for a greyscale
    or a tint), applied by Pillow to every pixel; transparency is kept.
    The same bytes in give the same bytes out."""
    import io

    from PIL import Image as PilImage

    o = fn((0.0, 0.0, 0.0), Paint.FILL)
    cols = [fn(e, Paint.FILL) for e in ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))]
    matrix = tuple(v for i in range(3) for v in (*(cols[j][i] - o[i] for j in range(3)), o[i] * 255))
    with PilImage.open(io.BytesIO(png)) as im:
        rgba = im.convert("RGBA")
    r, g, b, a = rgba.split()
    mapped = PilImage.merge("RGB", (r, g, b)).convert("RGB", matrix)
    out = io.BytesIO()
    PilImage.merge("RGBA", (*mapped.split(), a)).save(out, "PNG", optimize=False)
    return out.getvalue()


def polygon(points: Iterable[tuple[float, float]], style: Style = Style()) -> Path:
    pts = list(points)
    cmds: list[PathCmd] = [("M", *pts[0])]
    cmds += [("L", *p) for p in pts[1:]]
    cmds.append(("Z",))
    return Path(tuple(cmds), style)


def regular_polygon(cx: float, cy: float, r: float, n: int, style: Style = Style(), start: float = -90.0) -> Path:
    pts = [
        (cx + r * math.cos(math.radians(start + i * 360 / n)), cy + r * math.sin(math.radians(start + i * 360 / n)))
        for i in range(n)
    ]
    return polygon(pts, style)


def star(cx: float, cy: float, r: float, style: Style = Style(), points: int = 5, inner: float = 0.45) -> Path:
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + i * 180 / points)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return polygon(pts, style)
