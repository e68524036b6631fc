"""A data kit's art: SVG files drawn as vectors, read once into the plain
shapes of pnp.geometry (so the PDF, SVG and print-shop renderers draw them
like any other shape, and the validator sees their ink).

svglib parses the SVG (styles, CSS, transforms, arcs) into a reportlab
drawing; here that drawing is flattened into paths in the art's own
coordinates: every transform applied to the points, every rectangle,
circle, ellipse, polygon and line written as a path, y pointing down.
Text in SVG art is refused (the fonts would differ on every machine: turn
it into paths, or put the words in the catalog). Every problem is one
SpecError line naming the file.

PNG art is read when the kit loads: its header first (a PNG, and no more
than MAX_PIXELS, so a file that declares enormous dimensions is refused
before anything is decoded), then all its pixels (a broken file is refused
now, not half-way through a page). It is drawn as a pnp.geometry.Picture
of the file's own bytes (the PDF holds its pixels once, the SVG a data
URI), and where it is placed it must have at least MIN_DPI at the size it
prints (`check_png`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from pnp.errors import SpecError
from pnp.geometry import PT, RGB, Group, Picture, Rect, Shape, Style
from pnp.geometry import Path as PathShape

MIN_DPI = 300
MAX_PIXELS = 40_000_000  # a PNG declaring more is refused unread (400 x 300 mm at 300 dpi is 17 million)
KAPPA = 0.5522847498  # a quarter circle as one cubic Bezier

Matrix = tuple[float, float, float, float, float, float]
_ID: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Vectors:
    """SVG art as shapes in (0, 0)-(w, h) mm, at its own size."""

    w: float
    h: float
    items: tuple[Shape, ...]

    @cached_property
    def spills(self) -> bool:
        """Whether its paths reach outside its (0, 0)-(w, h) (past its
        viewBox, which a browser would not show): it is then placed clipped
        to that. (A line stroked along the edge is not clipped: it inks half
        its width outside, as pnp has always drawn it.)"""
        pts = [(c[i], c[i + 1]) for s in self.items if isinstance(s, PathShape) for c in s.cmds
               for i in range(1, len(c) - 1, 2)]
        return any(x < -1e-3 or y < -1e-3 or x > self.w + 1e-3 or y > self.h + 1e-3 for x, y in pts)


@dataclass(frozen=True)
class Art:
    """An art file, checked when the kit loads (it exists, is well-formed
    SVG, holds no text) and drawn when a page needs it: svglib and
    reportlab are imported only then, so `pnp list` stays light."""

    path: Path

    def placed(self, x: float, y: float, w: float, h: float) -> Group:
        """The art scaled to fit (w, h) without distortion, centred there; a
        PNG that would print at less than MIN_DPI is a SpecError."""
        v = load_png(self.path) if self.path.suffix.lower() == ".png" else load_svg(self.path)
        k = min(w / v.w, h / v.h)
        if isinstance(v, Raster):
            check_png(self.path, v.w * k, v.h * k, v.pixels)
        clip = Rect(0.0, 0.0, v.w, v.h) if isinstance(v, Vectors) and v.spills else None
        return Group(v.items, x + (w - v.w * k) / 2, y + (h - v.h * k) / 2, scale=k, clip=clip)


@dataclass(frozen=True)
class Raster:
    """PNG art as one picture in (0, 0)-(w, h) mm: its size at MIN_DPI."""

    w: float
    h: float
    items: tuple[Shape, ...]
    pixels: tuple[int, int]


def _mul(m: Matrix, n: Matrix) -> Matrix:
    """m after n."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
            b * e2 + d * f2 + f)


def _pt(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _colour(c: Any) -> RGB | None:
    if c is None:
        return None
    try:
        rgb = (float(c.red), float(c.green), float(c.blue))
    except AttributeError:
        return None
    alpha = float(getattr(c, "alpha", 1.0))
    if alpha <= 0.0:
        return None
    return rgb


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[tuple[Any, ...]]:
    kx, ky = rx * KAPPA, ry * KAPPA
    return [("M", cx + rx, cy), ("C", cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry),
            ("C", cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy), ("C", cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry),
            ("C", cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy), ("Z",)]


def _cmds(node: Any, path: Path) -> list[tuple[Any, ...]] | None:
    from reportlab.graphics import shapes as rl

    if isinstance(node, rl.Rect):
        x, y, w, h = node.x, node.y, node.width, node.height
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    if isinstance(node, rl.Circle):
        return _ellipse(node.cx, node.cy, node.r, node.r)
    if isinstance(node, rl.Ellipse):
        return _ellipse(node.cx, node.cy, node.rx, node.ry)
    if isinstance(node, (rl.Polygon, rl.PolyLine)):
        p = node.points
        pts = [(p[i], p[i + 1]) for i in range(0, len(p) - 1, 2)]
        if not pts:
            return []
        out: list[tuple[Any, ...]] = [("M", *pts[0])] + [("L", *q) for q in pts[1:]]
        return out + [("Z",)] if isinstance(node, rl.Polygon) else out
    if isinstance(node, rl.Line):
        return [("M", node.x1, node.y1), ("L", node.x2, node.y2)]
    if isinstance(node, rl.Path):
        out = []
        pts = list(node.points)
        i = 0
        for op in node.operators:
            if op == 0:
                out.append(("M", pts[i], pts[i + 1]))
                i += 2
            elif op == 1:
                out.append(("L", pts[i], pts[i + 1]))
                i += 2
            elif op == 2:
                out.append(("C", *pts[i : i + 6]))
                i += 6
            elif op == 3:
                out.append(("Z",))
        return out
    if isinstance(node, rl.String):
        raise SpecError(f"{path}: text in SVG art is not supported (turn it into paths, or put the words in the catalog)")
    return None


def _flatten(node: Any, m: Matrix, path: Path, out: list[PathShape]) -> None:
    from reportlab.graphics import shapes as rl

    if isinstance(node, rl.Group):
        t = tuple(float(v) for v in getattr(node, "transform", _ID))
        mm = _mul(m, t) if len(t) == 6 else m
        for child in node.contents:
            _flatten(child, mm, path, out)
        return
    cmds = _cmds(node, path)
    if not cmds:
        return
    fill = _colour(getattr(node, "fillColor", None)) if not isinstance(node, (rl.Line, rl.PolyLine)) else None
    stroke = _colour(getattr(node, "strokeColor", None))
    width = float(getattr(node, "strokeWidth", 1.0) or 0.0)
    if stroke is not None and width <= 0:
        stroke = None
    if fill is None and stroke is None:
        return
    scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    placed: list[tuple[Any, ...]] = []
    for c in cmds:
        if c[0] == "Z":
            placed.append(c)
            continue
        xy = [v for i in range(1, len(c), 2) for v in _pt(m, c[i], c[i + 1])]
        placed.append((c[0], *(round(v, 4) for v in xy)))
    dash = getattr(node, "strokeDashArray", None)
    style = Style(stroke=stroke, fill=fill, width=round(max(width * scale, 0.05), 4),
                  dash=tuple(float(d) * scale for d in dash) if dash and stroke is not None else None)
    out.append(PathShape(tuple(placed), style))


def _svglib() -> Any:
    """svglib's svg2rlg. svglib imports reportlab's paragraph module, which
    imports pyphen if it can (for paragraphs pnp never sets); pnp's own
    hyphenation reads its table and imports pyphen only to remake it, so
    pyphen is kept out of that import (and importable afterwards)."""
    import sys

    if "svglib.svglib" not in sys.modules and "pyphen" not in sys.modules:
        sys.modules["pyphen"] = None  # type: ignore[assignment]  # `import pyphen` fails for this import only
        try:
            from svglib.svglib import svg2rlg
        finally:
            del sys.modules["pyphen"]
        return svg2rlg
    from svglib.svglib import svg2rlg

    return svg2rlg


@cache
def load_svg(path: Path) -> Vectors:
    """The SVG at `path` as vector shapes in mm; SpecError naming the file if
    it is missing, not an SVG, empty, or holds text."""
    if not path.is_file():
        raise SpecError(f"{path}: art file is missing")
    import logging

    svg2rlg = _svglib()
    logging.getLogger("svglib").setLevel(logging.CRITICAL)  # its warnings would be a second report of one problem
    try:
        drawing = svg2rlg(str(path))
    except Exception as e:  # svglib raises lxml's and its own errors for a bad file
        raise SpecError(f"{path}: not a readable SVG file ({type(e).__name__})") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise SpecError(f"{path}: not a readable SVG file (no drawing with a width and height)")
    h = float(drawing.height)
    # drawing units are points, y up: to mm, y down
    to_mm: Matrix = (PT, 0.0, 0.0, -PT, 0.0, h * PT)
    shapes: list[PathShape] = []
    for node in drawing.contents:
        _flatten(node, to_mm, path, shapes)
    if not shapes:
        raise SpecError(f"{path}: the SVG draws nothing")
    return Vectors(float(drawing.width) * PT, h * PT, tuple(shapes))


def _png_header(path: Path) -> tuple[int, int]:
    """A PNG's width and height in pixels, from its header alone."""
    if not path.is_file():
        raise SpecError(f"{path}: art file is missing")
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as im:  # reads the header; Pillow refuses a gross bomb here already
            if im.format != "PNG":
                raise SpecError(f"{path}: not a PNG file")
            w, h = im.size
    except Image.DecompressionBombError:
        raise SpecError(f"{path}: the PNG declares more than {MAX_PIXELS:,} pixels; art is not read beyond that "
                        "(scale it to 300 dpi at the size it prints)") from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise SpecError(f"{path}: not a readable PNG file") from None
    if w * h > MAX_PIXELS:
        raise SpecError(f"{path}: the PNG declares {w} x {h} pixels, more than {MAX_PIXELS:,}; art is not read "
                        "beyond that (scale it to 300 dpi at the size it prints)")
    return w, h


@cache
def load_png(path: Path) -> Raster:
    """The PNG at `path`, checked (header, then every pixel decoded), as a
    Picture of its bytes at its size at MIN_DPI; SpecError naming the file."""
    w, h = _png_header(path)
    import io

    from PIL import Image

    data = path.read_bytes()
    try:
        with Image.open(io.BytesIO(data)) as im:
            im.load()  # every chunk decoded: a truncated or corrupt file fails here, not in a renderer
    except Exception as e:  # noqa: BLE001 - Pillow and zlib raise many kinds for a damaged file
        raise SpecError(f"{path}: not a readable PNG file ({type(e).__name__})") from None
    size = (w / MIN_DPI * 25.4, h / MIN_DPI * 25.4)
    return Raster(*size, (Picture(0.0, 0.0, *size, data),), (w, h))


def check_png(path: Path, width_mm: float, height_mm: float, pixels: tuple[int, int] | None = None) -> None:
    """A PNG that prints at (width_mm, height_mm) must have MIN_DPI or more
    (`pixels`: its size, if read already)."""
    w, h = pixels or _png_header(path)
    dpi = min(w / (width_mm / 25.4), h / (height_mm / 25.4))
    if dpi < MIN_DPI - 1e-6:
        raise SpecError(f"{path}: {w} x {h} pixels print at {dpi:.0f} dpi at {width_mm:.3g} x {height_mm:.3g} mm; "
                        f"art needs at least {MIN_DPI} dpi")


def check_svg(path: Path) -> None:
    """What can be seen of an SVG file without drawing it: it is there, it
    is well-formed XML with an <svg> root, and it holds no text."""
    import xml.etree.ElementTree as ET

    if not path.is_file():
        raise SpecError(f"{path}: art file is missing")
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError, UnicodeDecodeError) as e:
        raise SpecError(f"{path}: not a readable SVG file ({type(e).__name__})") from None
    if root.tag.rsplit("}", 1)[-1] != "svg":  # not a mode: the SVG root element
        raise SpecError(f"{path}: not a readable SVG file (its root is <{root.tag.rsplit('}', 1)[-1]}>, not <svg>)")
    svg_text = ("text", "tspan", "textPath")  # the SVG elements that hold text
    if any(el.tag.rsplit("}", 1)[-1] in svg_text for el in root.iter() if isinstance(el.tag, str)):
        raise SpecError(f"{path}: text in SVG art is not supported (turn it into paths, or put the words in the catalog)")


def load_art(path: Path) -> Art:
    """Art by its file type: SVG (checked now, drawn as vectors when a page
    needs it) or PNG (read and checked now, its resolution where it is placed)."""
    suffix = path.suffix.lower()
    if suffix == ".svg":
        check_svg(path)
        return Art(path)
    if suffix == ".png":
        load_png(path)
        return Art(path)
    raise SpecError(f"{path}: art must be an .svg or .png file")
