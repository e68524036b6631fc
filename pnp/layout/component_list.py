"""The component list, one kind for every kit: what is in the kit, counted
for the player count rendered, and what else the game needs that the kit
does not hold (a die, glue, card, a knife).

A kit declares it in templates/<kit>/game.toml:

    [[contents]]
    name = "contents_board"     # a catalog key whose text has {n}
    tags = ["board"]            # the components it counts
    needs = ["need_glue", ...]  # catalog keys, one item each

An item's text is one line; a "\n" in it sets it on more lines under one
bullet (an item with an alternative, "card ...\nor paper, sleeves ...").

The counts are not written down a second time: they are the kit's own
`expected` components (what the validator counts in the file) whose tag is
one of `tags` ("piece:light") or starts with it ("token" counts every
"token:..."). Pure geometry in mm, like all layout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

import msgspec

from pnp.errors import LayoutError
from pnp.spec import Name, Schema

if TYPE_CHECKING:  # the facts and counts load without the layout (`pnp list` reads a data kit's facts)
    from pnp.geometry import Box, Shape
    from pnp.textflow import Measure

TAG = r"^[a-z][a-z0-9_]*(:[a-z0-9_-]+)?$"
Tag = Annotated[str, msgspec.Meta(pattern=TAG)]

HEAD_PT = 8.5
ROW_PT = 8.0
MIN_PT = 6.0  # the list stays legible: a line that needs less is an error
ROW_H = 5.0  # mm between rows: a list, set apart like the rows of a table, not running text
LINE_H = 3.5  # mm between the lines of one row (an item set on two lines)
HEAD_H = 5.6  # mm from the top of a panel to its first baseline
INDENT = 3.5  # mm: a line's text after its bullet


class ContentFact(Schema, frozen=True):
    """One line of the list in game.toml: a catalog key and the tags it counts."""

    name: Name
    tags: Annotated[list[Tag], msgspec.Meta(min_length=1)]


@dataclass(frozen=True)
class KitList:
    """The list as the kit's spec holds it."""

    contents: tuple[ContentFact, ...]
    needs: tuple[str, ...]


def count(tags: Sequence[str], expected: Mapping[str, int]) -> int:
    """How many of the expected components carry one of `tags`."""
    return sum(n for tag, n in expected.items() if any(tag == t or tag.startswith(t + ":") for t in tags))


def entries(facts: KitList, expected: Mapping[str, int]) -> list[tuple[str, int]]:
    """(catalog key, count) for every line of the kit's contents with a count
    above zero (a kit printed without backs has no back to list)."""
    out = []
    for c in facts.contents:
        n = count(c.tags, expected)
        if n > 0:
            out.append((c.name, n))
    return out


@dataclass(frozen=True)
class Lines:
    """The list's texts, filled in: headings, (count, text) rows, needs."""

    have_heading: str
    have: tuple[tuple[int, str], ...]
    need_heading: str
    need: tuple[str, ...]


def lines_for(facts: KitList, expected: Mapping[str, int], text: Callable[..., str], players: int | None,
              values: Mapping[str, object]) -> Lines:
    """The texts from a catalog: `text` is the catalog's `text` method; the
    heading names the player count when the kit was made for one."""
    have = tuple((n, text(key, **{**values, "n": n})) for key, n in entries(facts, expected))
    head = text("kit_contents") if players is None else text("kit_contents_players", n=players)
    need = tuple(text(key, **values) for key in facts.needs)
    return Lines(head, have, text("kit_needs"), need)


FIRST = HEAD_H + 1.6  # mm from a panel's top to its first row's baseline
PANEL_GAP = 2.5  # mm between panels one above the other


def _panel_h(rows: Sequence[str], row_h: float = ROW_H) -> float:
    extra = sum(r.count("\n") for r in rows)  # the further lines of items set on more than one line
    return FIRST + (len(rows) - 1) * row_h + extra * LINE_H + 0.9  # the last row's descenders


def height(lines: Lines, columns: int, row_h: float = ROW_H, panel_gap: float = PANEL_GAP) -> float:
    """The height the list takes in `columns` (1 or 2)."""
    have = [s for _, s in lines.have]
    rows = [have, list(lines.need)] if lines.need else [have]
    if columns == 1:
        return sum(_panel_h(r, row_h) for r in rows) + panel_gap * (len(rows) - 1)
    return _panel_h(max(rows), row_h)


def component_list(box: Box, lines: Lines, measure: Measure, columns: int = 2,
                   split: float = 0.5, row_h: float = ROW_H, panel_gap: float = PANEL_GAP) -> tuple[list[Shape], float]:
    """The list in `box`: "in the kit" and "you also need" side by side
    (columns=2, the first taking `split` of the width) or one above the
    other (columns=1); `row_h`, `panel_gap`: mm between rows and between the
    panels (ROW_H, PANEL_GAP unless a kit's page needs the room). Returns the shapes and the height used; LayoutError
    if it does not fit."""
    from pnp.geometry import ASCENT, BLACK, PT, Circle, Line, Style, Text, grey
    from pnp.layout.marks import fitted_text

    gap = 6.0
    panels: list[tuple[str, list[str]]] = [(lines.have_heading, [s for _, s in lines.have])]
    if lines.need:
        panels.append((lines.need_heading, list(lines.need)))
    h = height(lines, columns, row_h, panel_gap)
    if h > box.h + 1e-6:
        raise LayoutError(f"the component list needs {h:.1f} mm; it has {box.h:.1f} mm")
    out: list[Shape] = []
    two = columns == 2 and len(panels) == 2
    widths = [(box.w - gap) * split, (box.w - gap) * (1 - split)] if two else [box.w, box.w]
    # one size for every row of the list: the largest at which the longest
    # row of either panel fits its panel's width
    size = ROW_PT
    for i, (_, rows) in enumerate(panels):
        for text in rows:
            for part in text.split("\n"):
                size = min(size, fitted_text(part, "Sans", widths[i] - INDENT, ROW_PT, measure, MIN_PT)[1])
    y = box.y
    for i, (heading, rows) in enumerate(panels):
        pw = widths[i]
        x = box.x + (widths[0] + gap if two and i else 0.0)
        top = box.y if columns == 2 else y
        head, hs, hw = fitted_text(heading, "Sans-Bold", pw - 0.6, HEAD_PT, measure, MIN_PT)
        base = top + ASCENT * hs * PT
        out.append(Text(x + 0.3, base, head, "Sans-Bold", hs, hw))  # 0.3 mm: a glyph may ink left of its origin
        out.append(Line(x + 0.2, base + 1.2, x + pw - 0.2, base + 1.2, Style(width=0.25, stroke=grey(0.5))))
        yb = top + FIRST
        for text in rows:
            out.append(Circle(x + 1.2, yb - 1.0, 0.45, Style(stroke=None, fill=BLACK)))
            for part in text.split("\n"):
                out.append(Text(x + INDENT, yb, part, "Sans", size, measure(part, "Sans", size)))
                yb += LINE_H
            yb += row_h - LINE_H
        y = top + _panel_h(rows, row_h) + panel_gap
    return out, h
