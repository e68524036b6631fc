"""What every sheet carries: a header (kit, language, page i / n) and a
scale check; plus the check that nothing is inked in the paper's margin."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import LayoutError
from pnp.geometry import (
    ASCENT,
    PT,
    Box,
    Extent,
    Line,
    Matrix,
    Page,
    Rect,
    Shape,
    Style,
    Text,
    apply,
    clip_extent,
    extent,
    grey,
    is_inked,
    shape_box,
    walk_clipped,
)
from pnp.modes import Anchor, BlockKind
from pnp.paper import Paper
from pnp.textflow import Block, Measure, Run, fit

HEADER_SIZE = 7.0  # pt
FRAME_EDGE = 10.0  # mm: the header starts, and the scale bar lies, this far or more from the paper's left (and
# right) edge, clear of a printer's margin of up to 7 mm (the bar is what the scale is checked by: clipped, it misleads)
HEADER_H = 4.0  # mm of band for the header line
FOOTER_H = 7.0  # mm of band for the scale check


@dataclass(frozen=True)
class Sheet:
    """A page's content before the frame is added. `header` and `scale`
    say where the frame goes; None puts it in the top or bottom band of the
    safe area. `scale_label` is the box the scale check's sentence goes in."""

    landscape: bool
    items: tuple[Shape, ...]
    label: str
    header: Box | None = None
    scale: tuple[float, float] | None = None  # left end of the bar (x, baseline y)
    scale_label: Box | None = None
    caption: str = ""  # what this sheet is ("Fronts: red"), centred in the header
    # where the caption goes instead when the header's middle is taken (Kesse's fold sheet: its fold mark there):
    # it starts after the header's title and ends at this box's right
    caption_at: Box | None = None
    # the label of another sheet this one may be printed in place of (Tâb's solid black pieces page, instead of its grey one):
    # the same components, so the validator counts them once (the print-shop export takes this one, see tab_pieces)
    instead_of: str = ""


def content_box(paper: Paper, landscape: bool) -> Box:
    """The safe area less the header and footer bands."""
    s = paper.safe(landscape)
    return Box(s.x, s.y + HEADER_H + 2.0, s.w, s.h - HEADER_H - FOOTER_H - 5.0)


def bar_start(paper: Paper, landscape: bool) -> float:
    """Where the scale bar starts on a sheet that does not place it: at the
    safe area's left edge, and FRAME_EDGE or more from the paper's."""
    return max(paper.safe(landscape).x + 0.5, FRAME_EDGE)


def scale_check(x: float, y: float, length: float, label: str, label_box: Box, measure: Measure) -> tuple[Shape, ...]:
    """A bar `length` mm long whose bottom edge is at y, end ticks, and the
    sentence fitted into label_box."""
    ink = Style(stroke=None, fill=(0.0, 0.0, 0.0))
    tick = Style(width=0.3)
    items: list[Shape] = [Rect(x, y - 1.6, length, 1.6, ink)]
    for t in (x, x + length):
        items.append(Line(t, y - 3.0, t, y, tick))
    shapes, _ = fit([Block(BlockKind.PARAGRAPH, (Run(label),))], [label_box], measure, 7.5, 7.0)
    items.extend(shapes[0])
    return tuple(items)


def frame(
    sheets: list[Sheet],
    paper: Paper,
    title: str,
    language: str,
    page_text: str,
    scale_text: str,
    measure: Measure,
) -> list[Page]:
    """Pages with the header and the scale check added. `page_text` has
    {i} and {n}; `scale_text` is the filled-in scale sentence."""
    pages: list[Page] = []
    n = len(sheets)
    memo: dict[int, Extent | None] = {}  # the sheets' shapes live as long as this call: ids stay theirs
    for i, sheet in enumerate(sheets, 1):
        w, h = paper.size(sheet.landscape)
        safe = paper.safe(sheet.landscape)
        hb = sheet.header or Box(safe.x, safe.y, safe.w, HEADER_H)
        inner_x = max(hb.x, FRAME_EDGE)  # the header starts FRAME_EDGE from the left edge; its page count stays at the right
        hb = Box(inner_x, hb.y, hb.right - inner_x, hb.h)
        base = hb.y + 0.4 + ASCENT * HEADER_SIZE * PT  # 0.4 mm: accents stay clear of the margin when rasterised
        left = f"{title} · {language}"
        right = page_text.format(i=i, n=n)
        head = Text(hb.x, base, left, "Sans-Bold", HEADER_SIZE, measure(left, "Sans-Bold", HEADER_SIZE), color=grey(0.25))
        count = Text(hb.right, base, right, "Sans", HEADER_SIZE, measure(right, "Sans", HEADER_SIZE), Anchor.END,
                     grey(0.25))
        items: list[Shape] = [head, count]
        if sheet.caption:
            at = sheet.caption_at
            x0 = hb.x + head.width + 4.0
            room = at.right - x0 if at else hb.w - 2 * max(head.width, count.width) - 8.0
            t, size = sheet.caption, HEADER_SIZE
            while measure(t, "Sans-Bold", size) > room and size > 5.0:
                size -= 0.25
            if measure(t, "Sans-Bold", size) > room:
                raise LayoutError(f"page {sheet.label!r}: the header caption {t!r} does not fit")
            items.append(Text(x0 if at else hb.cx, base, t, "Sans-Bold", size, measure(t, "Sans-Bold", size),
                              Anchor.START if at else Anchor.MIDDLE, grey(0.25)))
        if sheet.scale is not None:
            sx, sy = sheet.scale
        else:
            sx, sy = bar_start(paper, sheet.landscape), safe.bottom - 0.5
        sx = max(sx, FRAME_EDGE)
        label_x = sx + paper.scale_bar + 3.0
        label_box = sheet.scale_label or Box(label_x, safe.bottom - FOOTER_H, safe.right - label_x, FOOTER_H)
        items.extend(scale_check(sx, sy, paper.scale_bar, scale_text, label_box, measure))
        page = Page(w, h, (*sheet.items, *items), sheet.label, instead_of=sheet.instead_of)
        check_margin(page, paper, sheet.landscape, measure, memo)
        pages.append(page)
    return pages


INK_SLACK = 1.5  # mm: how far a glyph's outline may stray past its advance box


def text_ink(t: Text, measure: Measure) -> Box | None:
    """Where a text's glyph outlines put ink, in its own coordinates."""
    ink = measure.ink(t.text, t.font, t.size)
    if ink is None:
        return None
    x = t.anchor.left(t.x, t.width)
    return Box(x + ink[0], t.y + ink[1], ink[2] - ink[0], ink[3] - ink[1])


def inked_box(s: Shape, m: Matrix, measure: Measure) -> Box | None:
    """The page-space box a leaf shape inks: the glyph outlines for text,
    the shape with half its stroke width for everything else."""
    if isinstance(s, Text):
        local = text_ink(s, measure)
        if local is None:
            return None
        pts = [apply(m, x, y) for x in (local.x, local.right) for y in (local.y, local.bottom)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return shape_box(s, m) if is_inked(s) else None


def check_margin(page: Page, paper: Paper, landscape: bool, measure: Measure,
                 memo: dict[int, Extent | None] | None = None) -> None:
    """LayoutError if any ink, glyph outlines included, lies outside the
    safe area. `memo` keeps the extents of group contents (see extent) for
    as long as the caller keeps the pages alive."""
    safe = paper.safe(landscape)
    near = safe.inset(INK_SLACK)  # an item whose advance boxes stay in here inks nothing outside `safe`
    lo_x, lo_y, hi_x, hi_y = near.x, near.y, near.right, near.bottom
    suspects = []
    for item in page.items:  # fast: one extent per top-level item
        e = extent(item, memo)
        if e is not None and (e[0] < lo_x or e[1] < lo_y or e[2] > hi_x or e[3] > hi_y):
            suspects.append(item)
    for s, m, clip in walk_clipped(suspects):  # slower: the real ink of each leaf near the edge
        b = inked_box(s, m, measure)
        if b is not None and clip is not None:  # what a clip cuts away is not ink
            e = clip_extent((b.x, b.y, b.right, b.bottom), Rect(clip.x, clip.y, clip.w, clip.h))
            b = None if e is None else Box(e[0], e[1], e[2] - e[0], e[3] - e[1])
        if b is not None and not safe.contains(b, tol=1e-3):
            what = f"text {s.text!r}" if isinstance(s, Text) else type(s).__name__
            raise LayoutError(
                f"page {page.label!r}: {what} at ({b.x:.2f}, {b.y:.2f}, {b.w:.2f} x {b.h:.2f} mm) "
                f"is inked within {safe.x} mm of the paper edge"
            )
