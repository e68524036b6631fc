"""The deck, one kind for every kit: sheets of card fronts, the sheets of
their backs for each way of printing, gutterfold pairs, and the duplex
alignment test. A kit gives its cards as piles (the cards that share a
back: each front's shapes and tag, the back's art and colour); everything
else is here. Pure geometry in mm.

- duplex-long / duplex-short: the alignment test's front and back first,
  then each sheet of fronts followed by its backs, each back behind its
  front for the flip (imposition.back_slot), shifted by --back-offset, the
  backs' colour running `bleed` mm past the cut on the outer edges;
- gutterfold: front | fold | back pairs, 2 pairs x 2 rows to a sheet;
- none: sheets of fronts only.

The texts come from the catalog: `sheet_*` captions are the kit's (a pile's
captions are given whole); the alignment test's `align_*` keys are looked
up in the catalog it is given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pnp.errors import LayoutError
from pnp.geometry import BLACK, PT, RGB, Box, Circle, Group, Line, Rect, Shape, Style, Text, grey, polygon
from pnp.i18n import Catalog
from pnp.layout.frame import Sheet
from pnp.layout.imposition import (
    MARK,
    MARK_GAP,
    MARK_LEN,
    Grid,
    back_slot,
    crop_marks,
    cut_lines,
    flip_point,
    page_shift,
)
from pnp.modes import Anchor, Backs, Role, Tag, Variant
from pnp.options import Options
from pnp.paper import Paper
from pnp.textflow import Measure, parse_blocks


@dataclass(frozen=True)
class Pile:
    """Cards that share a back. `fronts`: each card's shapes in its own
    (0, 0)-(card) and its tag value ("card", value); `back`: the back's art
    in the same coordinates, tagged ("back", id); `colour`: the backs' field,
    which runs past the cut (None: no field, as with --ink-saver); the
    captions of its sheets of fronts, backs and gutterfold pairs."""

    id: str
    fronts: tuple[tuple[tuple[Shape, ...], str], ...]
    back: tuple[Shape, ...]
    colour: RGB | None
    fronts_caption: str
    backs_caption: str
    gutterfold_caption: str


def frame_boxes(g: Grid, paper: Paper) -> dict[str, Any]:
    """Header and scale check between the crop marks, on both papers."""
    safe = paper.safe(landscape=True)
    b = g.box
    bar_x = b.x + 3.0
    mark_end = b.bottom + MARK_GAP + MARK_LEN + 1.0
    return {
        "header": Box(safe.x, safe.y, safe.w, 4.0),
        "scale": (bar_x, safe.bottom - 0.5),
        "scale_label": Box(bar_x + paper.scale_bar + 4.0, mark_end, safe.right - bar_x - 60.0,
                           safe.bottom - mark_end),
    }


def card_sheets(piles: list[Pile], g: Grid, opts: Options, bleed: float, cat: Catalog, measure: Measure,
                alignment: bool = True, note: str = "") -> list[Sheet]:
    """The card pages. In a duplex mode they come in sheets: the alignment
    test's front and back (with `alignment`), then each sheet of fronts
    followed by its backs, so that once the pages before them are even in
    number, every front is an odd page and its back the even page after it."""
    per_sheet = g.cols * g.rows
    fb = frame_boxes(g, opts.paper)
    sheets: list[Sheet] = []
    if opts.backs.is_duplex and alignment:
        sheets += alignment_sheets(g, fb, opts, cat, measure, note)
    for pile in piles:
        if opts.backs is Backs.GUTTERFOLD:
            sheets += gutterfold_sheets(pile, g, opts, fb)
            continue
        for start in range(0, len(pile.fronts), per_sheet):
            chunk = pile.fronts[start : start + per_sheet]
            items: list[Shape] = []
            for (col, row), (shapes, value) in zip(g.slots(), chunk, strict=False):
                cell = g.cell(col, row)
                items.append(Group(shapes, cell.x, cell.y, tag=(Tag.CARD, value)))
            items += cut_lines(g) + crop_marks(g)
            sheets.append(Sheet(True, tuple(items), f"fronts {pile.id}", header=fb["header"], scale=fb["scale"],
                                scale_label=fb["scale_label"], caption=pile.fronts_caption))
            if opts.backs.is_duplex:
                sheets.append(back_sheet(pile, g, opts, bleed, len(chunk), fb))
    return sheets


def back_sheet(pile: Pile, g: Grid, opts: Options, bleed: float, count: int, fb: dict[str, Any]) -> Sheet:
    """The backs of one front sheet, placed behind their fronts for the
    chosen flip, shifted by --back-offset, with bleed past the cut."""
    ox, oy = page_shift(opts.backs, opts.back_offset)
    safe = opts.paper.safe(landscape=True)
    b = g.box
    bleed_x = min(bleed, b.x - safe.x - abs(ox) - 0.01)
    bleed_y = min(bleed, b.y - safe.y - abs(oy) - 0.01)
    # the frame's header and scale bar sit in the top and bottom bands
    bleed_y = min(bleed_y, b.y - (safe.y + 4.5) - abs(oy))
    if bleed_x < 0 or bleed_y < 0:
        raise LayoutError(f"--back-offset {opts.back_offset[0]:g},{opts.back_offset[1]:g} mm pushes the backs "
                          "into the printer's margin")
    items: list[Shape] = []
    used = [back_slot(opts.backs, c, r, g) for (c, r) in g.slots()[:count]]
    boxes = [g.cell(c, r) for c, r, _ in used]
    area = boxes[0]
    for bx in boxes[1:]:
        area = area.union(bx)
    if pile.colour is not None:  # the colour field, with bleed only on the outer edges of the used block
        items.append(Rect(area.x - bleed_x + ox, area.y - bleed_y + oy, area.w + 2 * bleed_x, area.h + 2 * bleed_y,
                          Style(stroke=None, fill=pile.colour)))
    for c, r, rot in used:
        cell = g.cell(c, r)
        if rot:
            grp = Group(pile.back, cell.right + ox, cell.bottom + oy, 180.0, tag=(Tag.BACK, pile.id))
        else:
            grp = Group(pile.back, cell.x + ox, cell.y + oy, tag=(Tag.BACK, pile.id))
        items.append(grp)
    return Sheet(True, tuple(items), f"backs {pile.id}", header=fb["header"], scale=fb["scale"],
                 scale_label=fb["scale_label"], caption=pile.backs_caption)


GF_BLEED = 1.5  # mm: how far a gutterfold back's colour runs past the front it is trimmed to
GF_MARK_GAP = GF_BLEED + 1.0  # crop marks start clear of that colour


def gutterfold_sheets(pile: Pile, g: Grid, opts: Options, fb: dict[str, Any]) -> list[Sheet]:
    """Front and back side by side, a fold between: 2 pairs x 2 rows. The
    person folds, glues, then trims the pair along the front's edges, so the
    back's colour runs GF_BLEED past those edges (top, bottom and the far
    side); between the rows the two backs are one colour field anyway. The
    pairs stand GF_BLEED apart so no bleed reaches the next front."""
    paper = opts.paper
    cw, ch = g.cw, g.ch
    pw, ph = paper.size(landscape=True)
    block_w = 4 * cw + GF_BLEED
    x0 = (pw - block_w - GF_BLEED) / 2  # centred with the last back's bleed
    y0 = (ph - 2 * ch) / 2
    safe = paper.safe(landscape=True)
    if x0 - MARK_GAP - MARK_LEN < safe.x - 1e-6 or x0 + block_w + GF_BLEED + 1.0 + MARK_LEN > safe.right + 1e-6:
        raise LayoutError(f"gutterfold pairs leave no room for crop marks on {paper.name}")
    fold = Style(stroke=grey(0.35), width=0.3, dash=(2.0, 1.5), role=Role.FOLD)
    cut = Style(stroke=grey(0.6), width=0.15, role=Role.CUT)
    # the crop marks stand further out than on the duplex sheets: the scale sentence goes below them
    label_top = y0 + 2 * ch + GF_MARK_GAP + MARK_LEN + 1.0
    old = fb["scale_label"]
    fb = {**fb, "scale_label": Box(old.x, label_top, old.w, old.bottom - label_top)}
    sheets = []
    for start in range(0, len(pile.fronts), 4):
        items: list[Shape] = []
        fronts: list[Box] = []
        for i, (shapes, value) in enumerate(pile.fronts[start : start + 4]):
            row, pair = divmod(i, 2)
            front = Box(x0 + pair * (2 * cw + GF_BLEED), y0 + row * ch, cw, ch)
            fronts.append(front)
            back = Box(front.right, front.y, cw, ch)
            items.append(Group(shapes, front.x, front.y, tag=(Tag.CARD, value)))
            top = GF_BLEED if row == 0 else 0.0
            bottom = GF_BLEED if row == 1 else 0.0
            if pile.colour is not None:
                items.append(Rect(back.x, back.y - top, cw + GF_BLEED, ch + top + bottom,
                                  Style(stroke=None, fill=pile.colour)))
            items.append(Group(pile.back, back.x, back.y, tag=(Tag.BACK, pile.id)))
            items.append(Line(back.x, back.y + 1.0, back.x, back.bottom - 1.0, fold))
            # trim lines: the front's three open edges (the fourth is the fold)
            items += [Line(front.x, front.y, front.right, front.y, cut), Line(front.x, front.bottom, front.right,
                      front.bottom, cut), Line(front.x, front.y, front.x, front.bottom, cut)]
        # where the two rows of a pair part: across the backs' one colour field too
        for f in fronts[:2]:
            items.append(Line(f.right, f.bottom, f.right + cw + GF_BLEED, f.bottom, cut))
        items += _gutterfold_marks(fronts, x0, y0, block_w, 2 * ch)
        sheets.append(Sheet(True, tuple(items), f"gutterfold {pile.id}", header=fb["header"], scale=fb["scale"],
                            scale_label=fb["scale_label"], caption=pile.gutterfold_caption))
    return sheets


def _gutterfold_marks(fronts: list[Box], x0: float, y0: float, w: float, h: float) -> list[Shape]:
    """Crop marks outside the block, in line with every trim line: clear of
    the backs' bleed above, below and on the right (the left edge is a
    front's, with no bleed)."""
    out: list[Shape] = []
    right = x0 + w + GF_BLEED + 1.0
    for x in sorted({round(f.x, 6) for f in fronts}):
        out.append(Line(x, y0 - GF_MARK_GAP, x, y0 - GF_MARK_GAP - MARK_LEN, MARK))
        out.append(Line(x, y0 + h + GF_MARK_GAP, x, y0 + h + GF_MARK_GAP + MARK_LEN, MARK))
    for y in sorted({round(v, 6) for f in fronts for v in (f.y, f.bottom)}):
        out.append(Line(x0 - MARK_GAP, y, x0 - MARK_GAP - MARK_LEN, y, MARK))
        out.append(Line(right, y, right + MARK_LEN, y, MARK))
    return out


CROSSES = ((0.15, 0.2), (0.85, 0.2), (0.5, 0.5), (0.15, 0.8), (0.85, 0.8))  # where on the grid the crosses stand
FLIP_MARK = (0.05, 0.08)  # the asymmetric mark: near a corner, so each flip puts it somewhere else
RULER = 10  # mm each way
# mm: readings that differ by more are a skewed or scaled page, readings within it agree (the one number both
# sentences of the test's list name, on both sides of a reprint)
ALIGN_TOLERANCE = 0.5


def decimal(value: float, lang: str) -> str:
    """A number as the language writes it: 0.5, or 0,5 in Dutch and German."""
    text = f"{value:g}"
    return text.replace(".", ",") if lang in ("nl", "de") else text


def flip_triangle(x: float, y: float, style: Style) -> Shape:
    """An arrow-like triangle pointing right, with its tip higher than its
    base is wide: no flip maps it onto itself."""
    return polygon([(x - 4.0, y - 5.0), (x + 5.0, y - 1.5), (x - 4.0, y + 5.0)], style)


def alignment_sheets(g: Grid, fb: dict[str, Any], opts: Options, cat: Catalog, m: Measure,
                     note: str = "") -> list[Sheet]:
    """A front page of crosses and a back page of rulers behind them: held to
    the light, the user reads the printer's offset off the rulers. A solid
    triangle on the front must show through inside its outline on the back;
    where it shows through if the printer flips on the other edge, the back
    says so."""
    from pnp.textflow import Overflow, fit, flow

    b = g.box
    pw, ph = g.pw, g.ph
    points = [(b.x + b.w * fx, b.y + b.h * fy) for fx, fy in CROSSES]
    front: list[Shape] = []
    cross = Style(width=0.25)
    for x, y in points:
        front += [Line(x - 6, y, x + 6, y, cross), Line(x, y - 6, x, y + 6, cross), Circle(x, y, 2.0, cross)]
    tx, ty = b.x + b.w * FLIP_MARK[0], b.y + b.h * FLIP_MARK[1]
    front.append(flip_triangle(tx, ty, Style(stroke=None, fill=BLACK)))
    mark_box = Box(tx + 8.0, ty - 6.0, b.x + b.w * 0.3 - tx - 12.0, 16.0)
    cols, _ = fit(parse_blocks([cat.text("align_mark_front")], cat.lang), [mark_box], m, 8, 6.5)
    front += cols[0]
    blocks = parse_blocks(["## " + cat.text("align_heading"), cat.text("align_front")], cat.lang)
    cols, _ = fit(blocks, [Box(b.x + b.w * 0.3, b.y + 4, b.w * 0.4, b.h * 0.36)], m, 9, 7)
    front += cols[0]

    ox, oy = page_shift(opts.backs, opts.back_offset)
    back: list[Shape] = []
    tick = Style(width=0.2)
    for x, y in points:
        bx, by = flip_point(opts.backs, x, y, pw, ph)
        bx, by = bx + ox, by + oy
        back.append(Line(bx - RULER, by, bx + RULER, by, tick))
        back.append(Line(bx, by - RULER, bx, by + RULER, tick))
        for i in range(-RULER, RULER + 1):
            ln = 2.2 if i % 5 == 0 else 1.2
            back.append(Line(bx + i, by - ln, bx + i, by + ln, tick))
            back.append(Line(bx - ln, by + i, bx + ln, by + i, tick))
        # one label at each end, beyond the ruler: four places, four numbers
        size = 6.5
        cap_h = 0.73 * size * PT
        for s, lx, ly, anchor in ((f"−{RULER}", bx - RULER - 1.2, by + cap_h / 2, Anchor.END),
                                  (f"+{RULER}", bx + RULER + 1.2, by + cap_h / 2, Anchor.START),
                                  (f"+{RULER}", bx, by - RULER - 1.2, Anchor.MIDDLE),
                                  (f"−{RULER}", bx, by + RULER + 1.2 + cap_h, Anchor.MIDDLE)):
            back.append(Text(lx, ly, s, "Sans", size, m(s, "Sans", size), anchor))
    # the flip check: where the front's triangle shows through, for the
    # kit's flip (an outline to match) and for the other one (a warning)
    right_pts = [flip_point(opts.backs, x, y, pw, ph) for x, y in ((tx - 4.0, ty - 5.0), (tx + 5.0, ty - 1.5),
                                                                    (tx - 4.0, ty + 5.0))]
    back.append(polygon([(x + ox, y + oy) for x, y in right_pts], Style(width=0.5)))
    wrong = opts.backs.other_flip
    wrong_pts = [flip_point(wrong, x, y, pw, ph) for x, y in ((tx - 4.0, ty - 5.0), (tx + 5.0, ty - 1.5),
                                                               (tx - 4.0, ty + 5.0))]
    back.append(polygon([(x + ox, y + oy) for x, y in wrong_pts], Style(width=0.35, dash=(1.0, 0.8))))
    wrong_key = opts.backs.align_wrong_key
    for pts, key in ((right_pts, "align_mark_back"), (wrong_pts, wrong_key)):
        cx = sum(p[0] for p in pts) / 3 + ox
        cy = sum(p[1] for p in pts) / 3 + oy
        box = Box(cx + 8.0, cy - 7.0, 85.0, 14.0) if cx < pw / 2 else Box(cx - 93.0, cy - 7.0, 85.0, 14.0)
        cols, _ = fit(parse_blocks([cat.text(key)], cat.lang), [box], m, 8, 6.5)
        back += cols[0]
    # what to read and what to do, in two columns: the middle band of the
    # grid, left and right of the middle ruler (the other rulers stand in the
    # top and bottom bands): on the left how to read the rulers and the whole
    # list of what the readings mean, its last case that they all agree; on
    # the right what to do then, with only the PDF (and the kit's `note`)
    shift = cat.text("align_shift_saver" if opts.variant is Variant.INK_SAVER else "align_shift")
    steps = cat.blocks("align_back", tolerance=decimal(ALIGN_TOLERANCE, cat.lang))
    left = parse_blocks(["## " + cat.text("align_heading"), *steps], cat.lang)
    right = parse_blocks([cat.text("align_pdf_only"), shift, *([note] if note else [])], cat.lang)
    mid = b.y + b.h * CROSSES[2][1]
    band_top = b.y + b.h * CROSSES[0][1] + RULER + 7.0  # below the top rulers and their labels
    band = Box(0.0, band_top, 0.0, 2 * (mid - band_top))
    side = b.w * CROSSES[2][0] - RULER - 8.0 - 4.0  # from the grid's edge to the middle ruler's labels
    boxes = [replace(band, x=b.x + 2.0, w=side), replace(band, x=b.x + b.w * CROSSES[2][0] + RULER + 8.0 + 2.0, w=side)]
    # both columns in one type size, the largest at which both fit (tried
    # one by one, from the top: a line of mixed fonts can overflow at one
    # size and fit at the next smaller, so a binary search could skip a fit)
    for step in range(9):
        size = 8.5 - 0.25 * step
        try:
            flowed = [flow(blocks, [box], size, m) for blocks, box in zip((left, right), boxes, strict=True)]
        except Overflow:
            continue
        for one_column in flowed:
            back += one_column[0]
        break
    else:
        raise LayoutError("the alignment test's text does not fit its columns even at 6.5 pt")
    kw = {"header": fb["header"], "scale": fb["scale"], "scale_label": fb["scale_label"]}
    return [Sheet(True, tuple(front), "alignment front", **kw), Sheet(True, tuple(back), "alignment back", **kw)]
