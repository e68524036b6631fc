"""The pieces kind: tokens, counters, lots: a shape and size, sets in
colours with a count each (or one for each player count), one-sided (cut
round the shape) or two-sided (a fold-over piece, pnp.layout.foldover:
front | fold | back, optionally with feet so it stands).

    [[components]]
    kind = "pieces"
    id = "piece"                  # the validator counts piece:<set id>
    shape = "circle"              # circle, square, hexagon (one-sided); two-sided pieces are square
    size = 18.0                   # mm across
    sides = 1
    heading = "pieces_heading"    # a catalog key over the pieces
    [[components.sets]]
    id = "light"
    count = 7                     # or {2 = 7, 4 = 5}
    front = { fill = "#FFFFFF", art = "art/x.svg", label = "a_key" }
    back = { ... }                # two-sided pieces

Consecutive pieces components share pages, one block under another.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from pnp.datakit.art import Art
from pnp.errors import LayoutError, SpecError
from pnp.geometry import BLACK, Box, Circle, Group, Rect, Shape, Style, grey, hex_rgb, regular_polygon
from pnp.kinds import Build, Kind
from pnp.kinds.common import Face, PerPlayers, check_counts, count_for, draw_face, face_art
from pnp.layout.foldover import foldover
from pnp.layout.frame import Sheet, content_box
from pnp.layout.marks import cap
from pnp.layout.pieces import Piece, block, block_size, per_row
from pnp.modes import Anchor, PieceShape, Role
from pnp.options import Options
from pnp.spec import Margin, Mm, Name, Schema
from pnp.textflow import fit, parse_blocks

GAP = 2.0  # mm between one-sided pieces (each is cut on its own)
HEAD_H = 11.0  # mm: a heading, up to two lines
SET_LABEL_H = 5.0  # mm: a set's name over its pieces
BLOCK_GAP = 4.0  # mm between blocks
EDGE = 0.5  # mm: a cut line's stroke stays inside the printable area


class PieceSet(Schema, kw_only=True, frozen=True):
    id: Name
    count: PerPlayers
    front: Face = Face()
    back: Face | None = None
    name: Name | None = None  # a catalog key shown over the set


class PiecesData(Schema, tag_field="kind", tag="pieces", kw_only=True, frozen=True):
    id: Name
    shape: PieceShape = PieceShape.SQUARE
    size: Mm
    sides: Annotated[int, msgspec.Meta(ge=1, le=2)] = 1
    feet: Margin = 0.0  # mm: a two-sided piece's feet (tabs folded out so it stands)
    heading: Name | None = None
    sets: Annotated[list[PieceSet], msgspec.Meta(min_length=1)]


@dataclass(frozen=True)
class Pieces:
    kind = "pieces"
    data: PiecesData
    arts: tuple[tuple[Art | None, Art | None], ...]  # (front, back) per set

    @property
    def id(self) -> str:
        return self.data.id


def load(comp: PiecesData, where: Path, data: Any) -> Pieces:
    arts = []
    if comp.sides == 1 and comp.feet:
        raise SpecError(f"{where}.feet: only a two-sided piece has feet")
    if comp.sides == 2 and comp.shape is not PieceShape.SQUARE:
        raise SpecError(f"{where}.shape: a two-sided piece is folded over, so it is square, not "
                        f"{comp.shape.value!r}")
    ids = [s.id for s in comp.sets]
    if len(set(ids)) != len(ids):
        raise SpecError(f"{where}.sets: an id is used twice")
    for i, s in enumerate(comp.sets):
        check_counts(s.count, data.players, f"{where}.sets[{i}].count")
        if comp.sides == 1 and s.back is not None:
            raise SpecError(f"{where}.sets[{i}].back: a one-sided piece has no back (sides = 2 makes it fold over)")
        arts.append((face_art(data.folder, s.front, f"{where}.sets[{i}].front.art"),
                     face_art(data.folder, s.back, f"{where}.sets[{i}].back.art")))
    return Pieces(comp, tuple(arts))


def expected(p: Pieces, options: Options, data: Any) -> dict[str, int]:
    return {f"{p.id}:{s.id}": count_for(s.count, options.players) for s in p.data.sets}


def _outline(shape: PieceShape, size: float, style: Style) -> Shape:
    r = size / 2
    if shape is PieceShape.CIRCLE:
        return Circle(r, r, r, style)
    if shape is PieceShape.HEXAGON:
        return regular_polygon(r, r, r, 6, style, start=0.0)
    return Rect(0, 0, size, size, style)


def piece(p: Pieces, i: int, build: Build) -> Piece:
    """One piece of set i in local coordinates, with the size of its cut outline."""
    d = p.data
    s = d.sets[i]
    cat, m = build.ctx.cat, build.ctx.measure

    def text(key: str) -> tuple[str, Path]:
        return cat.text(key), cat.file_of(key)

    where = f"{d.id} {s.id!r}"
    front_art, back_art = p.arts[i]
    front = draw_face(s.front, d.size, d.size, front_art, text, m, where)
    if d.sides == 2:
        back_face = s.back or Face()
        back = draw_face(back_face, d.size, d.size, back_art, text, m, where)
        fill = hex_rgb(s.front.fill) if s.front.fill else None
        back_fill = hex_rgb(back_face.fill) if back_face.fill else None
        if back_fill is not None and fill is None:
            fill = (1.0, 1.0, 1.0)  # a coloured back needs a field under the front too (foldover draws both)
        dark = fill is not None and sum(fill) < 1.2
        shapes = foldover(d.size, d.size, front, back, fill=fill, cut=grey(0.8) if dark else BLACK, base=d.feet,
                          base_fill=fill, back_fill=back_fill)
        return Piece(shapes, 2 * d.size + 2 * d.feet, d.size, -d.feet)
    fill = hex_rgb(s.front.fill) if s.front.fill else None
    shapes = (_outline(d.shape, d.size, Style(stroke=None, fill=fill)),) if fill else ()
    shapes += (*front, _outline(d.shape, d.size, Style(width=0.35, role=Role.CUT)))
    return Piece(shapes, d.size, d.size)


def _blocks(p: Pieces, build: Build, width: float) -> list[tuple[float, list[Shape]]]:
    """The pieces as blocks (height, shapes at y = 0), each short enough to
    move to the next page alone: the heading with the first set, then each
    further set."""
    d, cat, opts = p.data, build.ctx.cat, build.ctx.options
    out: list[tuple[float, list[Shape]]] = []
    for i, s in enumerate(d.sets):
        pc = piece(p, i, build)
        gap = 0.0 if d.sides == 2 and d.feet == 0 else GAP  # fold-over pieces without feet share their cut lines
        across = per_row(width, pc, gap)
        n = count_for(s.count, opts.players)
        items: list[Shape] = []
        y = 0.0
        if i == 0 and d.heading:
            cols, _ = fit(parse_blocks([cat.text(d.heading)], cat.lang), [Box(0, 0, width, HEAD_H - 1.0)],
                          build.ctx.measure, 9.0, 7.0)
            items += cols[0]
            y += HEAD_H
        if s.name:
            from pnp.layout.marks import label

            items.append(label(0, y + 3.5, cap(cat.text(s.name)), "Sans-Bold", 8, build.ctx.measure, width, Anchor.START))
            y += SET_LABEL_H
        items += block(pc, n, across, 0.0, y, (d.id, s.id), gap=gap)
        out.append((y + block_size(pc, n, across, gap)[1], items))
    return out


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    if isinstance(s, Group) and s.tag is not None:
        return Group(s.items, s.dx + dx, s.dy + dy, s.rotate, s.tag, s.scale)
    return Group((s,), dx, dy)


def sheets(group: list[Pieces], build: Build) -> list[Sheet]:
    area = content_box(build.ctx.options.paper, landscape=False).inset(EDGE)
    pages: list[list[Shape]] = [[]]
    y = area.y
    for p in group:
        for h, items in _blocks(p, build, area.w):
            if h > area.h + 1e-6:
                raise LayoutError(f"pieces {p.id!r}: a set of them needs {h:.0f} mm, more than a page holds ({area.h:.0f} mm)")
            if y + h > area.bottom + 1e-6:
                pages.append([])
                y = area.y
            pages[-1] += [_moved(s, area.x, y) for s in items]  # each piece on the sheet itself, as print-shop export finds it
            y += h + BLOCK_GAP
    return [Sheet(False, tuple(items), f"pieces {group[0].id}" + (f" {i + 1}" if i else ""))
            for i, items in enumerate(pages)]


KIND = Kind("pieces", PiecesData, load, expected, sheets, packs=True)
