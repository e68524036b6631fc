"""The board kind: a grid of squares with special squares (art, a label,
a colour) and gaps, or one picture (art = "...", size = [w, h]), inside a
cut outline, centred on its own page.

    [[components]]
    kind = "board"
    rows = 3
    columns = 8
    square = 22.0                    # mm
    gaps = [[1, 5], [1, 6]]          # [row, column] with no square, row 1 at the top
    heading = "board_heading"        # a catalog key over the board
    [[components.special]]
    squares = [[1, 1], [3, 1]]
    art = "art/rosette.svg"          # and/or label = "a catalog key", fill = "#RRGGBB"

A board larger than the paper's printable area is an error naming both
sizes (it is not yet tiled across sheets).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from pnp.datakit.art import Art
from pnp.errors import LayoutError, SpecError
from pnp.geometry import PT, Group, Shape, Style, Text, hex_rgb
from pnp.kinds import Build, Kind
from pnp.kinds.common import ArtFile, art_file, fitted_label
from pnp.layout.board import Cell, Grid, SquareArt, SquareStyle, placed
from pnp.layout.board import board as layout_board
from pnp.layout.frame import Sheet, content_box
from pnp.layout.marks import label
from pnp.modes import Anchor
from pnp.options import Options
from pnp.spec import Count, HexColour, Margin, Mm, Name, Schema

Square = tuple[Count, Count]  # [row, column], from 1, row 1 at the top
HEADING_H = 8.0  # mm over the board for its heading


class Special(Schema, kw_only=True, frozen=True):
    squares: Annotated[list[Square], msgspec.Meta(min_length=1)]
    art: ArtFile | None = None
    label: Name | None = None  # a catalog key
    fill: HexColour | None = None


class BoardData(Schema, tag_field="kind", tag="board", kw_only=True, frozen=True):
    """A grid (rows, columns, square) or one picture (art, size)."""

    id: Name = "board"
    rows: Count | None = None
    columns: Count | None = None
    square: Mm | None = None
    art: ArtFile | None = None  # a picture board: this art fills the board
    size: tuple[Mm, Mm] | None = None  # mm: a picture board's width and height, inside its border
    gaps: list[Square] = []
    border: Margin = 6.0  # mm of board round the grid, inside the cut
    fill: HexColour = "#FFFFFF"  # a plain square
    line: HexColour = "#000000"
    background: HexColour = "#FFFFFF"  # the border
    heading: Name | None = None
    special: list[Special] = []


@dataclass(frozen=True)
class Board:
    kind = "board"
    data: BoardData
    arts: tuple[Art | None, ...]  # one for each special
    picture: Art | None = None  # a picture board's art

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def rows(self) -> int:
        return self.data.rows or 0

    @property
    def columns(self) -> int:
        return self.data.columns or 0

    @property
    def square(self) -> float:
        return self.data.square or 0.0

    def grid(self) -> Grid:
        return Grid(self.rows, self.columns, self.square, frozenset((g[0], g[1]) for g in self.data.gaps))

    def squares(self) -> list[tuple[int, int]]:
        return self.grid().cells()

    def inner(self) -> tuple[float, float]:
        """The grid's or the picture's width and height, inside the border."""
        if self.data.size is not None:
            return self.data.size
        return self.columns * self.square, self.rows * self.square


GRID_KEYS = ("rows", "columns", "square")


def load(comp: BoardData, where: Path, data: Any) -> Board:
    if comp.art is not None or comp.size is not None:  # a picture board
        for key in ("art", "size"):
            if getattr(comp, key) is None:
                raise SpecError(f"{where}.{key}: missing (a picture board has art and size)")
        for key in (*GRID_KEYS, "gaps", "special"):
            if getattr(comp, key):
                raise SpecError(f"{where}.{key}: a picture board (art, size) has no {key}; a grid board has no art")
        return Board(comp, (), art_file(data.folder, comp.art, f"{where}.art"))  # type: ignore[arg-type]
    for key in GRID_KEYS:
        if getattr(comp, key) is None:
            raise SpecError(f"{where}.{key}: missing (a grid board has rows, columns and square; "
                            "a picture board has art and size)")
    return _load_grid(comp, where, data)


def _load_grid(comp: BoardData, where: Path, data: Any) -> Board:
    def inside(sq: Square, key: str) -> None:
        if not (1 <= sq[0] <= (comp.rows or 0) and 1 <= sq[1] <= (comp.columns or 0)):
            raise SpecError(f"{where}.{key}: square {list(sq)} is not on a board of {comp.rows} x {comp.columns}")

    for i, g in enumerate(comp.gaps):
        inside(g, f"gaps[{i}]")
    gaps = {tuple(g) for g in comp.gaps}
    seen: set[tuple[int, int]] = set()
    arts: list[Art | None] = []
    for i, sp in enumerate(comp.special):
        for j, sq in enumerate(sp.squares):
            inside(sq, f"special[{i}].squares[{j}]")
            if tuple(sq) in gaps:
                raise SpecError(f"{where}.special[{i}].squares[{j}]: square {list(sq)} is a gap")
            if tuple(sq) in seen:
                raise SpecError(f"{where}.special[{i}].squares[{j}]: square {list(sq)} is special twice")
            seen.add((sq[0], sq[1]))
        arts.append(None if sp.art is None else art_file(data.folder, sp.art, f"{where}.special[{i}].art"))
    return Board(comp, tuple(arts))


def expected(board: Board, options: Options, data: Any) -> dict[str, int]:
    if board.picture is not None:
        return {f"board:{board.id}": 1}
    return {f"board:{board.id}": 1, f"square:{board.id}": len(board.squares())}


def _look(board: Board, build: Build) -> tuple[SquareStyle, SquareArt]:
    """Each square's style (a special square's fill), and a special square's label and art."""
    d = board.data
    special = {(q[0], q[1]): (sp, art) for sp, art in zip(d.special, board.arts, strict=True) for q in sp.squares}

    def style(cell: Cell) -> Style:
        sp = special.get(cell)
        fill = hex_rgb(sp[0].fill) if sp and sp[0].fill else hex_rgb(d.fill)
        return Style(stroke=hex_rgb(d.line), fill=fill, width=0.5)

    def art(cell: Cell, s: float) -> list[Shape]:
        if cell not in special:
            return []
        sp, picture = special[cell]
        items: list[Shape] = []
        text_h = 0.0
        if sp.label is not None:
            cat = build.ctx.cat
            t, size, w = fitted_label(cat.text(sp.label), sp.label, cat.file_of(sp.label), s - 3.0,
                                      min(9.0, s * 0.22 / PT), build.ctx.measure, f"board {d.id!r}")
            text_h = 1.2 * size * PT
            base = s - 1.2 - 0.24 * size * PT if picture is not None else s / 2 + 0.35 * size * PT
            items.append(Text(s / 2, base, t, "Sans-Bold", size, w, Anchor.MIDDLE, hex_rgb(d.line)))
        if picture is not None:
            side = min(s * 0.8, s - 2.0 - text_h * 1.1)
            items.append(picture.placed((s - side) / 2, (s - text_h - side) / 2 + (0.0 if not text_h else 0.2), side, side))
        return items

    return style, art


def draw(board: Board, build: Build) -> tuple[Group, float, float]:
    """One board in its own coordinates (pnp.layout.board), its cut outline
    at (0, 0)-(w, h): the group (tagged board:<id>), w and h."""
    d = board.data
    gw, gh = board.inner()
    grid = board.grid()
    under = [] if board.picture is None else [board.picture.placed(d.border, d.border, gw, gh)]
    style, art = _look(board, build)
    return layout_board(grid, (d.border, d.border), style, lambda cell: ("square", f"{d.id}-{cell[0]}-{cell[1]}"),
                        ("board", d.id), art=art, background=hex_rgb(d.background), under=under, inner=(gw, gh))


def sheets(boards: list[Board], build: Build) -> list[Sheet]:
    """Each board on a page of its own, centred under its heading."""
    out = []
    for board in boards:
        d = board.data
        g, ow, oh = draw(board, build)
        landscape = ow > oh
        area = content_box(build.ctx.options.paper, landscape)
        top = HEADING_H if d.heading else 0.0
        if ow > area.w + 1e-6 or oh + top > area.h + 1e-6:
            raise LayoutError(f"board {d.id!r} is {ow:.0f} x {oh:.0f} mm; {build.ctx.options.paper.name} holds "
                              f"{area.w:.0f} x {area.h - top:.0f} mm (a board is not yet tiled across sheets)")
        ox = area.x + (area.w - ow) / 2
        oy = area.y + top + (area.h - top - oh) / 2
        items: list[Shape] = []
        if d.heading:
            items.append(label(area.cx, oy - 3.0, build.ctx.cat.text(d.heading), "Sans-Bold", 9, build.ctx.measure, area.w))
        items.append(placed(g, ox, oy))
        out.append(Sheet(landscape, tuple(items), f"board {d.id}"))
    return out


KIND = Kind("board", BoardData, load, expected, sheets)
