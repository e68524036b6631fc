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
    bleed = 1.5                   # mm: each piece's colour runs this far past its outline (pieces stand apart)
    heading = "pieces_heading"    # a catalog key over the pieces
    steps = ["cut", "fold", "glue", "trim"]  # two-sided with a bleed: captions of pictures of how one is made
    steps_heading = "steps_note"  # over those pictures, under a line across the page: pictures only
    landscape = false             # their own pages lie landscape (as a kit's other pages may)
    note = { text = "quick_reference", columns = 2 }  # a framed box of text under the pieces
    [[components.sets]]
    id = "light"
    count = 7                     # or {2 = 7, 4 = 5}
    front = { fill = "#FFFFFF", art = "art/x.svg", label = "a_key" }
    back = { ... }                # two-sided pieces

Consecutive pieces components share pages, one block under another.

With `bleed`, a piece's colour (its front's fill, and a fold-over piece's
back's) runs that many mm past its cut outline, so a cut that misses the
line by less leaves colour, not white, at the edge; the pieces then stand
2 x bleed apart (one-sided ones at least GAP). A fold-over piece with a
bleed is made in the order that forgives a slip: cut roughly round it in
the gap, fold, glue the halves, then cut on the outline through both
layers, so the two faces come out the same size.

A `note` is a framed box under the pieces (and their steps) holding a
catalog key's structured text, the rules' syntax ("## " heading, "- "
bullet, **bold**), in `columns` columns at NOTE_PT: a quick reference on
the room a page of pieces leaves. The box is as high as its text needs
(the columns balanced); like every block it goes to the next page when the
page is full, and a note taller than a page is one error line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from pnp.datakit.art import Art
from pnp.errors import LayoutError, SpecError
from pnp.geometry import (
    BLACK,
    Box,
    Circle,
    Group,
    Line,
    Rect,
    Shape,
    Style,
    Text,
    grey,
    hex_rgb,
    regular_polygon,
)
from pnp.kinds import Build, Kind
from pnp.kinds.common import Face, PerPlayers, check_counts, count_for, draw_face, face_art
from pnp.layout.foldover import FOLD_GREY, foldover, making_steps
from pnp.layout.frame import Sheet, content_box
from pnp.layout.marks import cap, label
from pnp.layout.pieces import Piece, block, block_size, even_rows, per_row
from pnp.layout.rules import column_boxes
from pnp.modes import Anchor, PieceShape, Role
from pnp.options import Options
from pnp.spec import Margin, Mm, Name, Schema
from pnp.textflow import Overflow, fit, flow, parse_blocks

GAP = 2.0  # mm between one-sided pieces (each is cut on its own)
HEAD_H = 11.0  # mm: a heading, up to two lines
HEAD_ONE_LINE_H = 6.5  # mm: a heading of one line
SET_LABEL_H = 5.0  # mm: a set's name over its pieces
BLOCK_GAP = 4.0  # mm between blocks
EDGE = 0.5  # mm: a cut line's stroke stays inside the printable area


class PieceSet(Schema, kw_only=True, frozen=True):
    id: Name
    count: PerPlayers
    front: Face = Face()
    back: Face | None = None
    name: Name | None = None  # a catalog key shown over the set


class Note(Schema, kw_only=True, frozen=True):
    """A framed box of text under the pieces (a quick reference): the catalog key of a list of blocks in the rules'
    syntax, flowed into `columns` columns; `copies` of it side by side (one for each player), which share the
    columns (in smaller type)."""

    text: Name
    columns: Annotated[int, msgspec.Meta(ge=1, le=3)] = 1
    copies: Annotated[int, msgspec.Meta(ge=1, le=3)] = 1


class PiecesData(Schema, tag_field="kind", tag="pieces", kw_only=True, frozen=True):
    id: Name
    shape: PieceShape = PieceShape.SQUARE
    size: Mm
    sides: Annotated[int, msgspec.Meta(ge=1, le=2)] = 1
    feet: Margin = 0.0  # mm: a two-sided piece's feet (tabs folded out so it stands)
    bleed: Annotated[float, msgspec.Meta(ge=0.0, le=5.0)] = 0.0  # mm: the colour past the cut outline
    # four catalog keys: the captions of the pictures of how a fold-over piece with a bleed is made
    # (cut roughly, fold, glue, cut on the line), drawn under its pieces
    steps: list[Name] = []
    # a catalog key: a caption over those pictures, under a line across the page, saying they are pictures only
    # (hobby16b Ur 1: under the lots, on the sheet glued onto card, they looked like more lots)
    steps_heading: Name | None = None
    board: Name | None = None  # a board's id: these pieces go on its page, under it, when they fit there
    landscape: bool = False  # their own pages lie landscape (a kit whose pages all lie one way)
    heading: Name | None = None
    note: Note | None = None  # a framed box of the catalog's text under the pieces
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
    if comp.steps_heading and not comp.steps:
        raise SpecError(f"{where}.steps_heading: a caption over the pictures of `steps`, which has none")
    if comp.steps and (comp.sides != 2 or not comp.bleed or len(comp.steps) != len(STEPS)):
        raise SpecError(f"{where}.steps: {len(STEPS)} captions, for a two-sided piece with a bleed "
                        "(the pictures show it cut roughly, folded, glued and cut on its line)")
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


def _outline(shape: PieceShape, size: float, style: Style, at: float = 0.0) -> Shape:
    """The shape `size` mm across, its box's corner at (at, at)."""
    r = size / 2
    if shape is PieceShape.CIRCLE:
        return Circle(at + r, at + r, r, style)
    if shape is PieceShape.HEXAGON:
        return regular_polygon(at + r, at + r, r, 6, style, start=0.0)
    return Rect(at, at, size, size, style)


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
        shapes = foldover(d.size, d.size, front, back, fill=fill, bleed=d.bleed, cut=grey(0.8) if dark else BLACK,
                          fold=grey(0.8) if dark else FOLD_GREY, base=d.feet, base_fill=fill, back_fill=back_fill)
        return Piece(shapes, 2 * d.size + 2 * d.feet, d.size, -d.feet)
    fill = hex_rgb(s.front.fill) if s.front.fill else None
    b = d.bleed if fill else 0.0
    if d.shape is PieceShape.HEXAGON:
        b /= math.cos(math.pi / 6)  # a hexagon's sides stand `bleed` from the cut, its corners this far
    # the colour `bleed` mm past the outline all round (a larger shape of the same kind, centred on the piece)
    shapes = (_outline(d.shape, d.size + 2 * b, Style(stroke=None, fill=fill), -b),) if fill else ()
    cut = grey(0.8) if fill is not None and sum(fill) < 1.2 else BLACK  # a cut line that shows on a dark colour
    shapes += (*front, _outline(d.shape, d.size, Style(stroke=cut, width=0.35, role=Role.CUT)))
    return Piece(shapes, d.size, d.size)


def gap(d: PiecesData) -> float:
    """mm between two pieces: one-sided ones are each cut on their own, GAP
    apart; fold-over pieces without feet share their cut lines; with a
    bleed, each piece's colour stands clear of its neighbour's."""
    plain = 0.0 if d.sides == 2 and d.feet == 0 else GAP
    return max(plain, 2 * d.bleed)


def _blocks(p: Pieces, build: Build, width: float) -> list[tuple[float, list[Shape]]]:
    """The pieces as blocks (height, shapes at y = 0), each short enough to
    move to the next page alone: the heading with the first set, then each
    further set."""
    from pnp.datakit.kit import text_values

    d, cat, opts = p.data, build.ctx.cat, build.ctx.options
    out: list[tuple[float, list[Shape]]] = []
    for i, s in enumerate(d.sets):
        pc = piece(p, i, build)
        between = gap(d)
        n = count_for(s.count, opts.players)
        across = even_rows(n, per_row(width - 2 * d.bleed, pc, between))  # 4 at 3 a row: 2 + 2, not 3 + 1
        items: list[Shape] = []
        y = 0.0
        if i == 0 and d.heading:
            # a caption of a line or two across the page: no word split at a line's end (native12-de 10: 'gestri-|chelte'),
            # so its blocks carry no language to hyphenate by
            cols, _ = fit(parse_blocks([cat.text(d.heading, **text_values(build.data, opts))]), [Box(0, 0, width, HEAD_H - 1.0)],
                          build.ctx.measure, 9.0, 7.0)
            items += cols[0]
            one_line = len({round(t.y, 2) for t in cols[0] if isinstance(t, Text)}) <= 1
            y += HEAD_ONE_LINE_H if one_line else HEAD_H
        if s.name:
            items.append(label(0, y + 3.5, cap(cat.text(s.name)), "Sans-Bold", 8, build.ctx.measure, width, Anchor.START))
            y += SET_LABEL_H
        items += block(pc, n, across, d.bleed, y + d.bleed, (d.id, s.id), gap=between)
        out.append((y + block_size(pc, n, across, between)[1] + 2 * d.bleed, items))
    if d.steps:
        h = steps_h(d, width)
        out.append((h, steps(p, build, Box(0.0, 0.0, width, h))))
    if d.note:
        out.append(note(d.note, build, width))
    return out


NOTE_PT = 10.0  # pt: a note's text (its heading 1.15 times that)
COPY_PT = 8.0  # pt: a note's text when there are copies of it side by side, at least
COPY_MAX_PT = 10.0  # pt: ... and at most: the largest size that leaves them on the page they start on (sheets)
COPY_STEP = 0.25  # pt
COPY_GAP = 4.0  # mm between the copies
NOTE_PAD = 3.0  # mm between a note's frame and its text
NOTE_MAX_H = 400.0  # mm: taller than any page; a note needing more is an error
NOTE_FRAME = Style(stroke=grey(0.45), width=0.4)


def note(n: Note, build: Build, width: float, room: float = 0.0) -> tuple[float, list[Shape]]:
    """The note's height and shapes at (0, 0), `width` mm wide: its frame
    and its text at NOTE_PT in its columns, as low as they let the text
    fit (found by halving: more height never makes text overflow); with
    copies, each copy a share of the width and of the columns, at COPY_PT,
    or the largest size up to COPY_MAX_PT whose height is within `room` mm
    (the rest of the page: a quick reference read at the table, as large
    as the page lets it be)."""
    if n.copies > 1:
        w = (width - (n.copies - 1) * COPY_GAP) / n.copies
        one = Note(text=n.text, columns=max(1, n.columns // n.copies))
        size = COPY_MAX_PT
        while True:
            h, items = note_of(one, build, w, size)
            if h <= room + 1e-6 or size <= COPY_PT + 1e-9:
                break
            size = max(COPY_PT, size - COPY_STEP)
        return h, [_moved(s, i * (w + COPY_GAP), 0.0) for i in range(n.copies) for s in items]
    return note_of(n, build, width, NOTE_PT)


def note_of(n: Note, build: Build, width: float, size: float) -> tuple[float, list[Shape]]:
    """One copy of the note at `size` pt (see note)."""
    from pnp.datakit.kit import text_values

    cat, measure = build.ctx.cat, build.ctx.measure
    blocks = parse_blocks(cat.blocks(n.text, **text_values(build.data, build.ctx.options)), cat.lang)

    def laid(h: float) -> list[list[Shape]] | None:
        inner = Box(NOTE_PAD, NOTE_PAD, width - 2 * NOTE_PAD, h)
        try:
            return flow(blocks, column_boxes(inner, n.columns), size, measure)
        except Overflow:
            return None

    if laid(NOTE_MAX_H) is None:
        raise LayoutError(f"{cat.file_of(n.text)}: {n.text} does not fit a note {width:.0f} mm wide at {size:g} pt "
                          f"in {n.columns} column(s)")
    lo, hi = 0.0, NOTE_MAX_H
    while hi - lo > 0.25:
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if laid(mid) is not None else (mid, hi)
    cols = laid(hi)
    assert cols is not None
    h = hi + 2 * NOTE_PAD
    return h, [Rect(0.0, 0.0, width, h, NOTE_FRAME), *(s for col in cols for s in col)]


STEPS = ("cut roughly", "fold", "glue", "cut on the line")  # what the pictures of `steps` show, in order
STEPS_SCALE = 0.6  # the pictures' size, of the piece's, at most
STEPS_CAPTION_H = 7.5  # mm under a picture for its caption


def steps_scale(d: PiecesData, width: float) -> float:
    """The pictures' scale: STEPS_SCALE, or less if a printed piece would
    not fit its share of the row with room for the arrow beside it."""
    top = STEPS_HEADED_SCALE if d.steps_heading else STEPS_SCALE
    return min(top, (width / len(STEPS) - 10.0) / (2 * d.size + 2 * d.bleed))


STEPS_HEAD_H = 6.0  # mm over the pictures for the line across the page and the caption under it (steps_heading)
STEPS_HEAD_PT = 7.5  # its type size (bold)
STEPS_HEADED_SCALE = 0.45  # the pictures' size under such a caption, of the piece's, at most: the two take little more room


def steps_h(d: PiecesData, width: float) -> float:
    """The height of the pictures and their captions: the line and caption
    over them (if any), the arrow's room over a piece, the piece and its
    margin, the caption."""
    k = steps_scale(d, width)
    return (STEPS_HEAD_H if d.steps_heading else 0.0) + 4.0 + (d.size + 2 * d.bleed) * k + STEPS_CAPTION_H


def steps(p: Pieces, build: Build, box: Box) -> list[Shape]:
    """Four small pictures in a row, the order that forgives a slip: cut
    roughly round the piece in its coloured margin, fold the back over on
    the dashed line, glue the halves, cut on the outline through both
    layers; each captioned by its catalog key. No cut or fold roles and no
    tags: a picture, not a piece. With a `steps_heading`, a line across the
    box over them and under it that caption: what is above is cut off the
    pictures, which are not glued or made."""
    d, cat, m = p.data, build.ctx.cat, build.ctx.measure
    head: list[Shape] = []
    if d.steps_heading:
        head = [Line(box.x, box.y + 0.5, box.right, box.y + 0.5, Style(stroke=BLACK, width=0.35)),
                label(box.x, box.y + 3.3, cat.text(d.steps_heading), "Sans-Bold", STEPS_HEAD_PT, m,
                      box.w, Anchor.START)]
        box = Box(box.x, box.y + STEPS_HEAD_H, box.w, box.h - STEPS_HEAD_H)
    k = steps_scale(d, box.w)
    set0 = d.sets[0]
    fill = hex_rgb(set0.front.fill) if set0.front.fill else (1.0, 1.0, 1.0)
    back_face = set0.back or Face()
    back_fill = hex_rgb(back_face.fill) if back_face.fill else fill

    def text(key: str) -> tuple[str, Path]:
        return cat.text(key), cat.file_of(key)

    front = draw_face(set0.front, d.size, d.size, p.arts[0][0], text, m, d.id)
    back = draw_face(back_face, d.size, d.size, p.arts[0][1], text, m, d.id)
    cell = box.w / len(STEPS)
    # the pictures (pnp.layout.foldover.making_steps, Tâb's too), 4 mm under the box's top for the arrow over the fold
    out = making_steps(box.x, box.y + 4.0, cell, d.size, d.bleed, k, tuple(front), tuple(back), fill, back_fill)
    for i, key in enumerate(d.steps):
        out.append(label(box.x + cell * (i + 0.5), box.bottom - 1.0, cat.text(key), "Sans", 7.5, m, cell - 3.0))
    return head + out


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    if isinstance(s, Group) and s.tag is not None:
        return Group(s.items, s.dx + dx, s.dy + dy, s.rotate, s.tag, s.scale)
    return Group((s,), dx, dy)


def stacked(group: list[Pieces], build: Build, width: float) -> tuple[float, list[Shape]]:
    """The pieces' blocks one under another from (0, 0), `width` mm wide
    (as on a page of their own, without page breaks): their height and shapes."""
    items: list[Shape] = []
    y = 0.0
    for p in group:
        for h, block_items in _blocks(p, build, width):
            items += [_moved(s, 0.0, y) for s in block_items]
            y += h + BLOCK_GAP
    return max(0.0, y - BLOCK_GAP), items


def sheets(group: list[Pieces], build: Build) -> list[Sheet]:
    from pnp.kinds.board import guests_placed

    placed = guests_placed(build)
    group = [p for p in group if p.id not in placed]  # on a board's page already
    if not group:
        return []
    landscape = any(p.data.landscape for p in group)  # pieces sharing pages share their orientation
    area = content_box(build.ctx.options.paper, landscape=landscape).inset(EDGE)
    pages: list[list[Shape]] = [[]]
    y = area.y
    for p in group:
        blocks = _blocks(p, build, area.w)
        for k, (h, items) in enumerate(blocks):
            last_note = p.data.note if k == len(blocks) - 1 else None
            if last_note is not None and last_note.copies > 1 and y + h <= area.bottom + 1e-6:
                h, items = note(last_note, build, area.w, room=area.bottom - y)  # the copies as large as the page lets them be
            if h > area.h + 1e-6:
                raise LayoutError(f"pieces {p.id!r}: a set of them (or their pictures, or their note) needs {h:.0f} mm, "
                                  f"more than a page holds ({area.h:.0f} mm)")
            if y + h > area.bottom + 1e-6:
                pages.append([])
                y = area.y
            pages[-1] += [_moved(s, area.x, y) for s in items]  # each piece on the sheet itself, as print-shop export finds it
            y += h + BLOCK_GAP
    return [Sheet(landscape, tuple(items), f"pieces {group[0].id}" + (f" {i + 1}" if i else ""))
            for i, items in enumerate(pages)]


KIND = Kind("pieces", PiecesData, load, expected, sheets, packs=True)
