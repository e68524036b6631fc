"""The rules kind: the catalog's structured text (headings, paragraphs,
lists) flowed into columns by the shared rules layout, under the title,
with the component list made from the data (the kit's [[contents]] counted
from what the kit prints) at the head of the text.

    [[components]]
    kind = "rules"
    text = "rules"        # the catalog key of the text (a list of blocks)
    columns = 2
    landscape = false
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Annotated, Any

import msgspec

from pnp.geometry import Box, Shape
from pnp.kinds import Build, Kind
from pnp.layout import component_list as kit_list
from pnp.layout.frame import Sheet
from pnp.layout.rules import rules_sheets
from pnp.options import Options
from pnp.spec import Name, Schema
from pnp.textflow import DiagramFn, Measure, parse_blocks

DIAGRAM = "[[diagram:components]]"


class RulesData(Schema, tag_field="kind", tag="rules", kw_only=True, frozen=True):
    id: Name = "rules"
    text: Name = "rules"
    columns: Annotated[int, msgspec.Meta(ge=1, le=3)] = 2
    landscape: bool = False
    max_pages: Annotated[int, msgspec.Meta(ge=1, le=8)] = 4


def load(comp: RulesData, where: Path, data: Any) -> RulesData:
    return comp


def expected(comp: RulesData, options: Options, data: Any) -> dict[str, int]:
    return {}


def _component_list(listed: kit_list.Lines, list_h: float, measure: Measure, box: Box) -> tuple[Shape, ...]:
    """The component list as a diagram at the head of the rules, in one column."""
    return tuple(kit_list.component_list(Box(box.x, box.y + 2.5, box.w, list_h), listed, measure, columns=1)[0])


def sheets(group: list[RulesData], build: Build) -> list[Sheet]:
    from pnp.datakit.kit import text_values

    ctx, data = build.ctx, build.data
    cat, opts = ctx.cat, ctx.options
    vals = text_values(data, opts)
    out: list[Sheet] = []
    for comp in group:
        head: list[str] = []
        diagrams: dict[str, tuple[float, DiagramFn]] = {}
        if data.kit_list.contents and not out:  # the component list heads the first rules
            listed = kit_list.lines_for(data.kit_list, build.expected, cat.text,
                                        opts.players if len(data.players) > 1 else None, vals)
            list_h = kit_list.height(listed, 1)
            diagrams["components"] = (list_h + 4.0, partial(_component_list, listed, list_h, ctx.measure))
            head.append(DIAGRAM)
        blocks = parse_blocks(head + cat.blocks(comp.text, **vals), cat.lang)
        title = (cat.text("title"), cat.text("subtitle", **vals)) if not out else None
        out += rules_sheets(blocks, opts.paper, ctx.measure, comp.id, landscape=comp.landscape, columns=comp.columns,
                            max_pages=comp.max_pages, title=title, diagrams=diagrams)
    return out


KIND = Kind("rules", RulesData, load, expected, sheets)
