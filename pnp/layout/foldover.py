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

from pnp.geometry import RGB, Group, Line, Rect, Shape, Style, grey
from pnp.modes import Role

FOLD_DASH = (2.0, 1.5)  # mm
FOLD_GREY: RGB = grey(0.35)
SEAM = 0.2  # mm: the two faces' fields overlap this much at the fold, so no hairline shows between them


def foldover(w: float, h: float, front: Sequence[Shape], back: Sequence[Shape], *, fill: RGB | None = None,
             bleed: float = 0.0, cut: RGB = (0.0, 0.0, 0.0), fold: RGB = FOLD_GREY, base: float = 0.0,
             base_fill: RGB | None = None, back_fill: RGB | None = None) -> tuple[Shape, ...]:
    """One piece in local coordinates: the front face at (0, 0)-(w, h), the
    back face at (w, 0)-(2w, h), each drawn in its own (0, 0)-(w, h); a fold
    line on the shared edge x = w and one cut outline round the whole. With
    `fill`, the colour runs `bleed` mm past the cut on every side, so a cut
    that misses by less leaves no white edge. With `base` > 0, a tab of that
    width at each end (x < 0 and x > 2w), each behind a fold line, in
    `base_fill` (or `fill`). `back_fill` gives the back face a colour of
    its own (else `fill`)."""
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
    out.append(Line(w, 0.0, w, h, line))
    if base > 0:
        out += [Line(0.0, 0.0, 0.0, h, line), Line(2 * w, 0.0, 2 * w, h, line)]
    out.append(Rect(x0, 0.0, x1 - x0, h, Style(stroke=cut, width=0.35, role=Role.CUT)))
    return tuple(out)
