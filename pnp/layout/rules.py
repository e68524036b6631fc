"""Rule pages: flow a kit's rules into columns over as few pages as needed."""

from __future__ import annotations

from pnp.errors import LayoutError
from pnp.geometry import ASCENT, PT, Box, Shape, Text
from pnp.layout.frame import Sheet, content_box
from pnp.paper import Paper
from pnp.textflow import Block, DiagramFn, FlowStyle, Measure, fit

MIN_BODY_PT = 7.0  # legibility floor for body text


def title_line(area: Box, title: str, subtitle: str, measure: Measure) -> tuple[tuple[Shape, ...], float]:
    """The title in bold and the subtitle after it, on one line across the
    area; both shrink together if the line is too long."""
    scale = 1.0
    while True:
        ts, ss = 15.0 * scale, 10.0 * scale
        tw, sw = measure(title, "Sans-Bold", ts), measure(subtitle, "Sans", ss)
        gap = 2.5 * scale
        if tw + gap + sw <= area.w:
            break
        scale -= 0.05
        if ss < MIN_BODY_PT:
            raise LayoutError(f"the title line {title!r} {subtitle!r} does not fit")
    base = area.y + ASCENT * ts * PT
    shapes = (Text(area.x, base, title, "Sans-Bold", ts, tw), Text(area.x + tw + gap, base, subtitle, "Sans", ss, sw))
    return shapes, (ASCENT + 0.24) * ts * PT + 3.0


def column_boxes(area: Box, columns: int, gutter: float = 6.0) -> list[Box]:
    w = (area.w - gutter * (columns - 1)) / columns
    return [Box(area.x + i * (w + gutter), area.y, w, area.h) for i in range(columns)]


def rules_sheets(
    blocks: list[Block],
    paper: Paper,
    measure: Measure,
    label: str,
    landscape: bool = False,
    columns: int = 2,
    max_pages: int = 4,
    preferred_pt: float = 9.0,
    max_pt: float = 10.0,
    title: tuple[str, str] | None = None,
    diagrams: dict[str, tuple[float, DiagramFn]] | None = None,
    style: FlowStyle | None = None,
) -> list[Sheet]:
    """As few pages as let the text stand at `preferred_pt` or more (never
    below MIN_BODY_PT). `title` (title, subtitle) runs across the top of the
    first page, above the columns."""
    area = content_box(paper, landscape)
    top: tuple[Shape, ...] = ()
    top_height = 0.0
    if title is not None:
        top, top_height = title_line(area, title[0], title[1], measure)
    last_error: LayoutError | None = None
    for pages in range(1, max_pages + 1):
        boxes: list[Box] = []
        for p in range(pages):
            a = area if (p > 0 or not top_height) else Box(area.x, area.y + top_height, area.w, area.h - top_height)
            boxes += column_boxes(a, columns)
        floor = preferred_pt if pages < max_pages else MIN_BODY_PT
        try:
            shapes, _size = fit(blocks, boxes, measure, max_pt, floor, diagrams, style or FlowStyle())
        except LayoutError as e:
            last_error = e
            continue
        per_page: list[list[Shape]] = [[] for _ in range(pages)]
        for c, col_shapes in enumerate(shapes):
            per_page[c // columns].extend(col_shapes)
        sheets = []
        for p in range(pages):
            items = (*top, *per_page[p]) if p == 0 else tuple(per_page[p])
            sheets.append(Sheet(landscape, tuple(items), f"{label} {p + 1}"))
        return sheets
    raise LayoutError(f"{label}: {last_error}")

