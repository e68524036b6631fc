"""The fold-over piece, one kind for every kit: a two-faced piece printed
as front | fold line | back, inside one cut outline. A person cuts the
outline once, folds on the shared edge and glues the halves back to back;
folded about that vertical line and turned over sideways, both faces read
upright, so each face is drawn upright in its own coordinates.

Optionally a base: a tab at each outer end, folded outwards on its own fold
line after gluing, so the piece stands (a pawn). Pure geometry in mm.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pnp.geometry import BLACK, RGB, Circle, Group, Line, Path, Rect, Shape, Style, grey, polygon
from pnp.modes import Role

FOLD_DASH = (2.0, 1.5)  # mm
FOLD_GREY: RGB = grey(0.35)
SEAM = 0.2  # mm: the two faces' fields overlap this much at the fold, so no hairline shows between them


def foldover(w: float, h: float, front: Sequence[Shape], back: Sequence[Shape], *, fill: RGB | None = None,
             bleed: float = 0.0, cut: RGB = (0.0, 0.0, 0.0), fold: RGB = FOLD_GREY, base: float = 0.0,
             base_fill: RGB | None = None, back_fill: RGB | None = None,
             centre_dash: tuple[float, ...] = FOLD_DASH) -> tuple[Shape, ...]:
    """One piece in local coordinates: the front face at (0, 0)-(w, h), the
    back face at (w, 0)-(2w, h), each drawn in its own (0, 0)-(w, h); a fold
    line on the shared edge x = w and one cut outline round the whole. With
    `fill`, the colour runs `bleed` mm past the cut on every side, so a cut
    that misses by less leaves no white edge. With `base` > 0, a tab of that
    width at each end (x < 0 and x > 2w), each behind a fold line, in
    `base_fill` (or `fill`). `back_fill` gives the back face a colour of
    its own (else `fill`). `centre_dash`: the centre fold's dash pattern, so
    a piece with a base can tell its glued centre fold from its feet's."""
    x0, x1 = -base, 2 * w + base
    out: list[Shape] = []
    if fill is not None:  # one field a face (overlapping a hair at the fold), so each face has its own colour
        out.append(Rect(-bleed, -bleed, w + bleed + SEAM, h + 2 * bleed, Style(stroke=None, fill=fill)))
        out.append(Rect(w - SEAM, -bleed, w + bleed + SEAM, h + 2 * bleed,
                        Style(stroke=None, fill=fill if back_fill is None else back_fill)))
    if base > 0:
        tab = base_fill if base_fill is not None else fill
        if tab is not None:
            for x in (x0 - bleed, 2 * w):
                out.append(Rect(x, -bleed, base + bleed, h + 2 * bleed, Style(stroke=None, fill=tab)))
    out.append(Group(tuple(front)))
    out.append(Group(tuple(back), w, 0.0))
    line = Style(stroke=fold, width=0.35, dash=FOLD_DASH, role=Role.FOLD)
    out.append(Line(w, 0.0, w, h, replace(line, dash=centre_dash)))
    if base > 0:
        out += [Line(0.0, 0.0, 0.0, h, line), Line(2 * w, 0.0, 2 * w, h, line)]
    out.append(Rect(x0, 0.0, x1 - x0, h, Style(stroke=cut, width=0.35, role=Role.CUT)))
    return tuple(out)


def scissors_icon(x: float, y: float) -> list[Shape]:
    """A small pair of scissors whose blade tips touch (x, y), pointing
    right along a cut: two finger loops and two crossed blades."""
    st = Style(width=0.3)
    out: list[Shape] = []
    for dy in (-0.75, 0.75):
        out.append(Circle(x - 2.9, y + dy, 0.55, st))
        out.append(Line(x - 2.4, y + dy * 0.8, x, y - dy * 0.25, Style(width=0.35)))
    return out


def making_steps(x: float, y: float, cell: float, size: float, bleed: float, k: float,
                 front: tuple[Shape, ...], back: tuple[Shape, ...], fill: RGB, back_fill: RGB, *,
                 score: bool = False, ready: bool = False) -> list[Shape]:
    """The small pictures of how a fold-over piece with a bleed is made, one
    drawing for every kit, in a row of cells `cell` mm wide from x, the
    pieces' tops at y (keep 4 mm above y for the arrow over the fold): cut
    roughly round the piece in its coloured margin, [score the fold along a
    ruler,] fold the back over on the dashed line, glue the halves, cut on
    the outline through both layers[, the piece ready, front up]. `front`
    and `back` are the faces in their own (0, 0)-(size, size), drawn at
    scale k; `bleed` the colour past the cut. No cut or fold roles and no
    tags: a picture, not a piece. The captions are the caller's."""
    s, rough = size * k, bleed * k
    line = Style(width=0.3)
    dashed = Style(stroke=FOLD_GREY, width=0.3, dash=(1.0, 0.8))
    scissors = Style(width=0.4)  # a cut: solid, as every cut line is (a dash means fold)
    out: list[Shape] = []

    def face(items: tuple[Shape, ...], fx: float) -> Group:
        return Group(items, fx, y, scale=k)

    # 1: the piece as printed, its colour past the outline, a rough cut round it
    cx = x + cell / 2
    out.append(Rect(cx - s - rough, y - rough, 2 * s + 2 * rough, s + 2 * rough, Style(stroke=None, fill=fill)))
    out.append(face(front, cx - s))
    out.append(face(back, cx))
    out.append(Rect(cx - s, y, 2 * s, s, line))
    out.append(Line(cx, y, cx, y + s, dashed))
    out.append(polygon([(cx - s - rough * 0.6, y - rough * 0.8), (cx + s + rough * 0.9, y - rough * 0.5),
                        (cx + s + rough * 0.7, y + s + rough * 0.9), (cx - s - rough * 0.8, y + s + rough * 0.6)],
                       scissors))
    out += scissors_icon(cx - s - rough * 0.6, y - rough * 0.8)
    if score:  # the fold scored: a ruler along the dashed line, the back of a knife drawn down it
        cx += cell
        out.append(Rect(cx - s - rough, y - rough, 2 * s + 2 * rough, s + 2 * rough, Style(stroke=None, fill=fill)))
        out.append(Rect(cx - s, y, 2 * s, s, line))
        out.append(Line(cx, y, cx, y + s, dashed))
        out.append(Rect(cx + 0.4, y - rough - 1.0, 2.6, s + 2 * rough + 2.0, Style(stroke=BLACK, fill=grey(0.75), width=0.25)))
        out.append(polygon([(cx - 0.2, y + 0.35 * s), (cx - 1.0, y - 1.5), (cx - 2.2, y - 5.0), (cx - 3.2, y - 4.6),
                            (cx - 1.8, y - 1.2)], Style(stroke=BLACK, fill=grey(0.5), width=0.25)))
        out.append(polygon([(cx - 0.2, y + 0.95 * s), (cx - 0.8, y + 0.55 * s), (cx + 0.2, y + 0.55 * s)],
                           Style(stroke=None, fill=BLACK)))
    # 2: the back lifted over the fold line, an arrow over it
    cx += cell
    out.append(Rect(cx - s - rough, y - rough, s + rough, s + 2 * rough, Style(stroke=None, fill=fill)))
    out.append(face(front, cx - s))
    out.append(Rect(cx - s, y, s, s, line))
    out.append(polygon([(cx, y), (cx + 0.45 * s, y - 0.2 * s), (cx + 0.45 * s, y + 0.8 * s), (cx, y + s)],
                       Style(stroke=BLACK, fill=back_fill, width=0.3)))
    out.append(Line(cx, y, cx, y + s, dashed))
    ax = cx + 0.45 * s + 2.0
    out.append(Path((("M", ax, y + 0.2 * s), ("C", ax + 3.0, y - 0.4 * s, cx - 0.3 * s, y - 0.55 * s,
                                               cx - 0.5 * s, y - 1.0)), line))
    out.append(polygon([(cx - 0.5 * s - 1.6, y - 1.5), (cx - 0.5 * s + 0.6, y - 2.4), (cx - 0.5 * s + 0.4, y - 0.2)],
                       Style(stroke=None, fill=BLACK)))
    # 3: the halves glued, their rough margins not quite on top of each other
    cx += cell
    out.append(Rect(cx - s / 2 - rough + 0.7, y - rough + 0.7, s + 2 * rough, s + 2 * rough,
                    Style(stroke=BLACK, fill=grey(0.7), width=0.3)))
    out.append(Rect(cx - s / 2 - rough, y - rough, s + 2 * rough, s + 2 * rough, Style(stroke=BLACK, fill=fill, width=0.3)))
    out.append(face(front, cx - s / 2))
    out.append(Rect(cx - s / 2, y, s, s, line))
    # 4: cut on the line through both layers: the margin falls away
    cx += cell
    out.append(Rect(cx - s / 2 - rough, y - rough, s + 2 * rough, rough, Style(stroke=None, fill=fill)))
    out.append(Rect(cx - s / 2, y, s, s, Style(stroke=BLACK, fill=fill, width=0.3)))
    out.append(face(front, cx - s / 2))
    out.append(Line(cx - s / 2 - rough - 1.5, y, cx + s / 2 + rough + 1.5, y, scissors))
    tip = cx + s / 2 + rough + 1.5
    out.append(polygon([(tip, y), (tip + 2.0, y - 1.0), (tip + 2.0, y + 1.0)], Style(stroke=None, fill=BLACK)))
    if ready:  # the piece made, its front up
        cx += cell
        out.append(Rect(cx - s / 2, y, s, s, Style(stroke=BLACK, fill=fill, width=0.3)))
        out.append(face(front, cx - s / 2))
    return out
