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
    bleed = 2.0                      # mm: the border's colour runs past the cut (a slip shows no white edge)
    paths = [[[1, 4], [1, 3], [1, 2]]]  # routes: each square numbered in its corner (1, 2, 3 ...)
    turned_rows = [1]                # rows read from the far side: their numbers, labels and art turned 180°
    both_ways_rows = [2]             # rows both players share: each number twice, upright and turned 180°
    turn_arrows = true               # a bent arrow in the border where a path turns into the next row
    [[components.special]]
    squares = [[1, 1], [3, 1]]
    art = "art/rosette.svg"          # and/or label = "a catalog key", fill = "#RRGGBB"
    [[components.special]]
    squares = [[3, 6]]               # a gap: its art and label drawn in it, with no square (no fill)
    label = "label_out"              # ("Way out (off the board)", beside the last square, not in it)

A board larger than the paper's printable area is printed across as many
sheets as it needs (pnp.layout.tiles splits it: a grid along its grid
lines, a picture into equal tiles): each tile its part of the board, a glue
strip for the next tile (a grid's: grey, with the grid's lines marked on
it; a picture's: the picture going on, as the next tile starts, with the
line its edge goes on dashed), its place ("tile 1/2") in the header, and
the cut-and-glue instructions over it. A picture tile is the whole board
drawn clipped to the tile and its strips. The first tile carries the
board's tag, so the board is counted once; every square is on one tile,
counted once. No board is longer than MAX_BOARD_MM a side.
"""


from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from pnp.datakit.art import Art
from pnp.errors import LayoutError, SpecError
from pnp.geometry import PT, Box, Group, Line, Rect, Shape, Style, Text, grey, hex_rgb, polygon
from pnp.geometry import Path as Stroke
from pnp.kinds import Build, Kind
from pnp.kinds.common import ArtFile, art_file, fitted_label
from pnp.layout.board import Cell, Grid, SquareArt, SquareStyle, placed
from pnp.layout.board import board as layout_board
from pnp.layout.frame import Sheet, content_box
from pnp.layout.marks import label
from pnp.layout.tiles import OVERLAP, Tile, picture_tiles, tiles
from pnp.modes import Anchor, Role, Tag
from pnp.options import Options
from pnp.spec import Count, HexColour, Margin, Mm, Name, Schema

Square = tuple[Count, Count]  # [row, column], from 1, row 1 at the top
HEADING_H = 8.0  # mm over the board for its heading
MAX_BOARD_MM = 1000.0  # mm: the longest side of a board, border included (20 tiles of A4 at most)
BoardMm = Annotated[float, msgspec.Meta(gt=0, le=MAX_BOARD_MM)]


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
    size: tuple[BoardMm, BoardMm] | None = None  # mm: a picture board's width and height, inside its border
    gaps: list[Square] = []
    border: Margin = 6.0  # mm of board round the grid, inside the cut
    # mm: the background runs this far past the cut (not on tiles: their strips join them)
    bleed: Annotated[float, msgspec.Meta(ge=0.0, le=5.0)] = 0.0
    fill: HexColour = "#FFFFFF"  # a plain square
    line: HexColour = "#000000"
    background: HexColour = "#FFFFFF"  # the border
    heading: Name | None = None
    special: list[Special] = []
    # each a route a piece runs, its squares in order: numbered from 1, small, in each square's top-left corner
    # (a square on several routes has the same number on each)
    paths: list[Annotated[list[Square], msgspec.Meta(min_length=1)]] = []
    # rows whose squares' numbers, labels and art are turned 180° about the square's centre, so they read
    # upright for the player across the table (the number then in the square's bottom-right corner)
    turned_rows: list[Count] = []
    # rows both players read (a shared middle row): each square's number twice, upright in its top-left corner
    # and turned 180° in its bottom-right corner, so it reads upright from either side of the table
    both_ways_rows: list[Count] = []
    # where a path steps into the next row at the grid's left or right edge: a bent arrow in the border from the
    # one square into the other, so the turn reads without following the small numbers (hobby17b Ur 4)
    turn_arrows: bool = False


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
        for key in (*GRID_KEYS, "gaps", "special", "paths", "turned_rows", "both_ways_rows"):
            if getattr(comp, key):
                raise SpecError(f"{where}.{key}: a picture board (art, size) has no {key}; a grid board has no art")
        _bounded(comp, where, "size", *comp.size)  # type: ignore[misc]
        return Board(comp, (), art_file(data.folder, comp.art, f"{where}.art"))  # type: ignore[arg-type]
    for key in GRID_KEYS:
        if getattr(comp, key) is None:
            raise SpecError(f"{where}.{key}: missing (a grid board has rows, columns and square; "
                            "a picture board has art and size)")
    _bounded(comp, where, None, (comp.columns or 0) * (comp.square or 0.0), (comp.rows or 0) * (comp.square or 0.0))
    return _load_grid(comp, where, data)


def _bounded(comp: BoardData, where: Path, key: str | None, w: float, h: float) -> None:
    """A board (w x h inside its border) of at most MAX_BOARD_MM a side,
    border included; `key` names what sets its size (None: a grid's rows
    or columns x square)."""
    ow, oh = w + 2 * comp.border, h + 2 * comp.border
    if max(ow, oh) > MAX_BOARD_MM + 1e-6:
        if key is None:
            key = "columns x square" if ow >= oh else "rows x square"
        raise SpecError(f"{where}.{key}: the board is {ow:g} x {oh:g} mm with its border; "
                        f"a board is at most {MAX_BOARD_MM:g} mm a side")


def _check_turned(comp: BoardData, where: Path) -> None:
    for i, r in enumerate(comp.turned_rows):
        if not 1 <= r <= (comp.rows or 0):
            raise SpecError(f"{where}.turned_rows[{i}]: row {r} is not on a board of {comp.rows} rows")
        if r in comp.turned_rows[:i]:
            raise SpecError(f"{where}.turned_rows[{i}]: row {r} is turned twice")
    for i, r in enumerate(comp.both_ways_rows):
        if not 1 <= r <= (comp.rows or 0):
            raise SpecError(f"{where}.both_ways_rows[{i}]: row {r} is not on a board of {comp.rows} rows")
        if r in comp.both_ways_rows[:i] or r in comp.turned_rows:
            raise SpecError(f"{where}.both_ways_rows[{i}]: row {r} is named twice (in turned_rows or here)")


def _load_grid(comp: BoardData, where: Path, data: Any) -> Board:
    def inside(sq: Square, key: str) -> None:
        if not (1 <= sq[0] <= (comp.rows or 0) and 1 <= sq[1] <= (comp.columns or 0)):
            raise SpecError(f"{where}.{key}: square {list(sq)} is not on a board of {comp.rows} x {comp.columns}")

    for i, g in enumerate(comp.gaps):
        inside(g, f"gaps[{i}]")
    gaps = {tuple(g) for g in comp.gaps}
    _check_turned(comp, where)
    seen: set[tuple[int, int]] = set()
    arts: list[Art | None] = []
    for i, sp in enumerate(comp.special):
        for j, sq in enumerate(sp.squares):
            inside(sq, f"special[{i}].squares[{j}]")
            if tuple(sq) in gaps and sp.fill is not None:  # a gap's special is its art and label, drawn in it
                raise SpecError(f"{where}.special[{i}].fill: square {list(sq)} is a gap, with no square to fill")
            if tuple(sq) in seen:
                raise SpecError(f"{where}.special[{i}].squares[{j}]: square {list(sq)} is special twice")
            seen.add((sq[0], sq[1]))
        arts.append(None if sp.art is None else art_file(data.folder, sp.art, f"{where}.special[{i}].art"))
    numbers: dict[tuple[int, int], int] = {}
    for i, route in enumerate(comp.paths):
        for j, sq in enumerate(route):
            key = f"paths[{i}][{j}]"
            inside(sq, key)
            if tuple(sq) in gaps:
                raise SpecError(f"{where}.{key}: square {list(sq)} is a gap")
            cell = (sq[0], sq[1])
            if numbers.setdefault(cell, j + 1) != j + 1:
                raise SpecError(f"{where}.{key}: square {list(sq)} is number {j + 1} here and {numbers[cell]} "
                                "on another path (a square has one number)")
            if cell in route[:j]:
                raise SpecError(f"{where}.{key}: square {list(sq)} comes twice on one path")
    return Board(comp, tuple(arts))


def expected(board: Board, options: Options, data: Any) -> dict[str, int]:
    if board.picture is not None:
        return {f"board:{board.id}": 1}
    return {f"board:{board.id}": 1, f"square:{board.id}": len(board.squares())}


NUMBER_INSET = 1.2  # mm: a path number's box from its square's top-left corner
NUMBER_PT = 9.0  # a path number's size at most: read across the table, by the far player too (hobby13b Ur 1: 7 pt was small)


def s_pt(square: float) -> float:
    """The largest size of a path number: its cap height a tenth of the square."""
    return square * 0.1 / (0.73 * PT)


_TURNED_DIGIT = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def _flips(t: str) -> bool:
    """Whether a number read upside down is another number (6 and 9, 16 and 91 ...)."""
    if not all(c in _TURNED_DIGIT for c in t):
        return False
    turned = "".join(_TURNED_DIGIT[c] for c in reversed(t))
    return turned != t and not turned.startswith("0")


def _look(board: Board, build: Build) -> tuple[SquareStyle, SquareArt]:
    """Each square's style (a special square's fill), and a special square's label and art."""
    d = board.data
    special = {(q[0], q[1]): (sp, art) for sp, art in zip(d.special, board.arts, strict=True) for q in sp.squares}
    numbers = {(q[0], q[1]): j + 1 for route in d.paths for j, q in enumerate(route)}
    number_pt = min(NUMBER_PT, s_pt(board.square))

    def style(cell: Cell) -> Style:
        sp = special.get(cell)
        fill = hex_rgb(sp[0].fill) if sp and sp[0].fill else hex_rgb(d.fill)
        return Style(stroke=hex_rgb(d.line), fill=fill, width=0.5)

    def number(cell: Cell) -> list[Shape]:
        """The square's number on its path, small in its top-left corner (clear of a centred picture)."""
        if cell not in numbers:
            return []
        t = str(numbers[cell])
        w = build.ctx.measure(t, "Sans-Bold", number_pt)
        base = NUMBER_INSET + 0.73 * number_pt * PT
        items: list[Shape] = [Text(NUMBER_INSET, base, t, "Sans-Bold", number_pt, w, Anchor.START, hex_rgb(d.line))]
        if cell[0] in d.both_ways_rows and _flips(t):  # printed both ways up, a 6 and a 9 are told apart: underlined
            y = base + 0.12 * number_pt * PT
            items.append(Line(NUMBER_INSET, y, NUMBER_INSET + w, y, Style(stroke=hex_rgb(d.line), width=0.25)))
        return items

    def art(cell: Cell, s: float) -> list[Shape]:
        items = upright(cell, s)
        if cell[0] in d.turned_rows and items:  # read from the far side: turned about the square's centre
            return [Group(tuple(items), s, s, rotate=180.0)]
        if cell[0] in d.both_ways_rows and cell in numbers:  # its number for the far side too, turned
            items.append(Group(tuple(number(cell)), s, s, rotate=180.0))
        return items

    def upright(cell: Cell, s: float) -> list[Shape]:
        if cell not in special:
            return number(cell)
        sp, picture = special[cell]
        items: list[Shape] = number(cell)
        text_h = 0.0
        if sp.label is not None:  # a line or more ("Way out\n(off the board)"), at one size, under the picture
            cat = build.ctx.cat
            fitted = [fitted_label(line, sp.label, cat.file_of(sp.label), s - 3.0, min(9.0, s * 0.22 / PT),
                                   build.ctx.measure, f"board {d.id!r}") for line in cat.text(sp.label).split("\n")]
            size = min(f[1] for f in fitted)
            lead = 1.2 * size * PT
            text_h = lead * len(fitted)
            last = s - 1.2 - 0.24 * size * PT if picture is not None else s / 2 + 0.35 * size * PT + (len(fitted) - 1) * lead / 2
            for i, (t, _size, _w) in enumerate(fitted):
                base = last - (len(fitted) - 1 - i) * lead
                items.append(Text(s / 2, base, t, "Sans-Bold", size, build.ctx.measure(t, "Sans-Bold", size), Anchor.MIDDLE,
                                  hex_rgb(d.line)))
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
    under: list[Shape] = [] if board.picture is None else [board.picture.placed(d.border, d.border, gw, gh)]
    b = d.bleed
    if b:  # the background `bleed` mm past the cut outline on every side
        ow, oh = gw + 2 * d.border, gh + 2 * d.border
        under.insert(0, Rect(-b, -b, ow + 2 * b, oh + 2 * b, Style(stroke=None, fill=hex_rgb(d.background))))
    style, art = _look(board, build)
    s = board.square
    over: list[Shape] = []  # a gap's special (a way off the board, beside the last square), drawn in the gap
    for sp in d.special:
        for q in sp.squares:
            if (q[0], q[1]) in grid.gaps:
                x, y = grid.at((q[0], q[1]))
                over.append(Group(tuple(art((q[0], q[1]), s)), d.border + x, d.border + y))
    if d.turn_arrows:
        over += _turns(board)
    dark = sum(hex_rgb(d.background)) < 1.2  # a cut line that shows on a dark border
    cut = Style(stroke=grey(0.8) if dark else (0.0, 0.0, 0.0), width=0.5, role=Role.CUT)
    return layout_board(grid, (d.border, d.border), style, lambda cell: ("square", f"{d.id}-{cell[0]}-{cell[1]}"),
                        ("board", d.id), art=art, background=None if b else hex_rgb(d.background), under=under,
                        over=over, cut=cut, inner=(gw, gh))


TURN_DEPTH = 0.6  # of the border: how far a turn arrow bends out into it from the grid's edge, at most
TURN_SAFE = 3.9  # mm: and no nearer the cut than this (a print shop keeps symbols 3 mm inside the trim)
TURN_OFF = 0.18  # of a square: a turn arrow's ends off the middle of each square's side, towards the other square
TURN_WIDTH = 0.7  # mm: its line
TURN_HEAD = 2.2  # mm: its head's length (and width)
TURN_INTO = 1.2  # mm: its head's point inside the square it leads into, across the square's line


def _turns(board: Board) -> list[Shape]:
    """A bent arrow in the border for every step of a path from one row into
    the next at the grid's left or right edge: out of the square's side,
    along the border, into the next square's side. Two arrows at one square
    (both players' paths turn there) end or start on either side of its
    middle, each nearer the other square of its step."""
    d = board.data
    s, bx = board.square, d.border
    gw = board.columns * s
    depth = max(TURN_HEAD - TURN_INTO + 0.6, min(d.border * TURN_DEPTH, d.border - TURN_SAFE))
    style = Style(stroke=hex_rgb(d.line), width=TURN_WIDTH)
    head = Style(stroke=None, fill=hex_rgb(d.line))
    seen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    out: list[Shape] = []
    for route in d.paths:
        for a, b in zip(route, route[1:], strict=False):
            step = ((a[0], a[1]), (b[0], b[1]))
            if a[1] != b[1] or abs(a[0] - b[0]) != 1 or a[1] not in (1, board.columns) or step in seen:
                continue
            seen.add(step)
            down = 1 if b[0] > a[0] else -1
            y0 = bx + (a[0] - 0.5 + down * TURN_OFF) * s
            y1 = bx + (b[0] - 0.5 - down * TURN_OFF) * s
            edge, side = (bx, -1) if a[1] == 1 else (bx + gw, 1)  # the grid's edge, and which way the border lies
            far = edge + side * depth
            tip = edge - side * TURN_INTO  # the head's point just inside the square, clear of its number
            neck = tip + side * TURN_HEAD
            out.append(Stroke((("M", edge + side * 0.3, y0), ("L", far, y0), ("L", far, y1), ("L", neck, y1)), style))
            out.append(polygon(((tip, y1), (neck, y1 - TURN_HEAD / 2), (neck, y1 + TURN_HEAD / 2)), head))
    return out


def sheets(boards: list[Board], build: Build) -> list[Sheet]:
    """Each board on a page of its own, centred under its heading."""
    out = []
    for board in boards:
        d = board.data
        g, ow, oh = draw(board, build)
        landscape = ow > oh
        area = content_box(build.ctx.options.paper, landscape).inset(d.bleed)  # the colour past the cut on it too
        top = HEADING_H if d.heading else 0.0
        if ow > area.w + 1e-6 or oh + top > area.h + 1e-6:
            out += tiled_sheets(board, g, build)
            continue
        ox = area.x + (area.w - ow) / 2
        oy = area.y + top + (area.h - top - oh) / 2
        items: list[Shape] = []
        guests = _guests(board, build, area, top)
        if guests is not None:  # pieces under the board: the two centred on the page as one
            oy = area.y + top + (area.h - top - oh - GUEST_GAP - guests[0]) / 2
        if d.heading:
            items.append(label(area.cx, oy - 3.0 - d.bleed, build.ctx.cat.text(d.heading), "Sans-Bold", 9, build.ctx.measure,
                               area.w))
        items.append(placed(g, ox, oy))
        if guests is not None:  # after the board, as a print shop's pages follow them
            gy = oy + oh + d.bleed + GUEST_GAP
            items += [_moved(s, ox - d.bleed, gy) for s in guests[1]]
        out.append(Sheet(landscape, tuple(items), f"board {d.id}"))
    return out


GUEST_GAP = 5.0  # mm between a board (and its bleed) and the pieces under it


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    if isinstance(s, Group) and s.tag is not None:  # a piece stays a tagged group on the sheet itself
        return Group(s.items, s.dx + dx, s.dy + dy, s.rotate, s.tag, s.scale)
    return Group((s,), dx, dy)


def _guest_pieces(board: Board, build: Build) -> list[Any]:
    """The pieces components that ask for this board's page (their `board`)."""
    return [c for c in build.data.components if getattr(c, "kind", None) == "pieces" and c.data.board == board.id]


def _guests(board: Board, build: Build, area: Box, top: float) -> tuple[float, list[Shape]] | None:
    """The pieces that ask for this board's page, stacked as wide as the
    board and its bleed: their height and shapes, or None if there are none
    or they do not fit under the board (`area`: the page's, less the
    board's bleed all round)."""
    from pnp.kinds.pieces import stacked

    group = _guest_pieces(board, build)
    if not group or _too_big(board, area, top):
        return None
    d = board.data
    ow, oh = board.inner()[0] + 2 * d.border, board.inner()[1] + 2 * d.border
    h, items = stacked(group, build, ow + 2 * d.bleed)
    if top + oh + GUEST_GAP + h > area.h + 1e-6:
        return None
    return h, items


def _too_big(board: Board, area: Box, top: float) -> bool:
    d = board.data
    ow, oh = board.inner()[0] + 2 * d.border, board.inner()[1] + 2 * d.border
    return ow > area.w + 1e-6 or oh + top > area.h + 1e-6  # area: less the bleed already


def guests_placed(build: Build) -> set[str]:
    """The ids of the pieces components laid out on a board's page."""
    out: set[str] = set()
    for board in (c for c in build.data.components if isinstance(c, Board)):
        d = board.data
        landscape = board.inner()[0] + 2 * d.border > board.inner()[1] + 2 * d.border
        area = content_box(build.ctx.options.paper, landscape).inset(d.bleed)
        if _guests(board, build, area, HEADING_H if d.heading else 0.0) is not None:
            out |= {p.id for p in _guest_pieces(board, build)}
    return out


TIP_H = 6.0  # mm over a tile for the cut-and-glue instructions
STRIP_FILL = grey(0.88)  # a glue strip
CUT_W = 0.5  # mm: the cut outline round a tile
TICK = 0.45  # of the strip's width: the grid's marks reach this far into it


def tiled_sheets(board: Board, whole: Group, build: Build) -> list[Sheet]:
    """A board too large for the paper (`whole`: as `draw` makes it), one
    tile a page (see pnp.layout.tiles), on whichever orientation needs
    fewer pages."""
    d = board.data
    paper = build.ctx.options.paper
    top = TIP_H + (HEADING_H if d.heading else 0.0)
    ow, oh = board.inner()[0] + 2 * d.border, board.inner()[1] + 2 * d.border
    plans = []
    for landscape in (ow > oh, ow <= oh):  # the board's own orientation first: it wins a tie
        area = content_box(paper, landscape)
        try:
            room_w, room_h = area.w - CUT_W, area.h - top - CUT_W  # the cut line's stroke inks half its width outside
            if board.picture is not None:
                plans.append((picture_tiles(ow, oh, room_w, room_h), landscape))
            else:
                plans.append((tiles(d.border, board.square, board.columns, board.rows, room_w, room_h), landscape))
        except LayoutError as e:
            error = e
    if not plans:
        raise LayoutError(f"board {d.id!r} ({ow:.0f} x {oh:.0f} mm) cannot be tiled on {paper.name}: {error}")
    plan, landscape = min(plans, key=lambda p: len(p[0]))
    area = content_box(paper, landscape)
    cat, measure = build.ctx.cat, build.ctx.measure
    out = []
    for tile in plan:
        tw, th = tile.outer()
        ox = area.x + (area.w - tw) / 2
        oy = area.y + top + (area.h - top - th) / 2
        items: list[Shape] = []
        if d.heading and (tile.row, tile.column) == (1, 1):
            items.append(label(area.cx, oy - TIP_H - 3.0, cat.text(d.heading), "Sans-Bold", 9, measure, area.w))
        how = "board_tiles_how" if board.picture is None else "board_picture_tiles_how"
        t, size, w = fitted_label(cat.text(how), how, cat.file_of(how), area.w, 8.0, measure, f"board {d.id!r}",
                                  font="Sans")
        items.append(Text(area.cx, oy - 3.0, t, "Sans", size, w, Anchor.MIDDLE))
        items.append(_tile(board, whole, tile, ox, oy))
        items.append(_strips(board, tile, build, ox, oy))
        caption = cat.text("board_tile", row=tile.row, column=tile.column, rows=tile.rows, columns=tile.columns)
        out.append(Sheet(landscape, tuple(items), f"{TILE_SHEET.format(id=d.id)}{tile.row}/{tile.column}",
                         caption=caption))
    return out


TILE_SHEET = "board {id} tile "  # a tile's sheet label, then "row/column"


def whole_from_tiles(board: Board, sheets: list[Sheet]) -> tuple[Group, float, float] | None:
    """A tiled board put back together (for a print shop, which prints it
    whole): every tile's part, in the board's coordinates, in one group,
    with the board's width and height; None if the board is not tiled."""
    prefix = TILE_SHEET.format(id=board.id)
    parts = [s.items[-2] for s in sheets if s.label.startswith(prefix)]  # _tile's group, before the strips
    if not parts:
        return None
    items = tuple(shape for g in parts if isinstance(g, Group) for shape in g.items)
    if board.picture is not None:  # each tile is the whole board clipped: one of them, unclipped
        first = items[0]
        assert isinstance(first, Group)
        items = first.items
    gw, gh = board.inner()
    return Group(items), gw + 2 * board.data.border, gh + 2 * board.data.border


def _tile(board: Board, whole: Group, tile: Tile, ox: float, oy: float) -> Group:
    """The tile's part of the board moved to (ox, oy): its background and the
    squares of the drawn board that lie on it (whole: tiles are cut on grid
    lines), in the board's coordinates. The first tile is the board's component."""
    d = board.data
    s = board.square
    first = (tile.row, tile.column) == (1, 1)
    if board.picture is not None:  # the whole board but its cut outline, clipped to the tile and its strips
        art = Group(whole.items[:-1], clip=Rect(tile.x0, tile.y0, *tile.outer()))
        return Group((art,), ox - tile.x0, oy - tile.y0, tag=("board", d.id) if first else None)
    inner: list[Shape] = [Rect(tile.x0, tile.y0, tile.w, tile.h, Style(stroke=None, fill=hex_rgb(d.background)))]
    for g in whole.items:
        if isinstance(g, Group) and g.tag is not None and g.tag[0] == Tag.SQUARE and \
                tile.x0 - 1e-6 <= g.dx and g.dx + s <= tile.x1 + 1e-6 and tile.y0 - 1e-6 <= g.dy and g.dy + s <= tile.y1 + 1e-6:
            inner.append(g)
    return Group(tuple(inner), ox - tile.x0, oy - tile.y0, tag=("board", d.id) if first else None)


def _strips(board: Board, tile: Tile, build: Build, ox: float, oy: float) -> Group:
    """The tile's glue strips (right, below), the grid's lines marked on them
    where the next tile's lines must meet them, and the outline to cut
    round the tile and its strips, in the tile's own coordinates. A
    picture's strips are its picture going on (`_tile` draws it), with the
    line the next tile's edge goes on dashed."""
    if board.picture is not None:
        return _picture_strips(tile, ox, oy)
    d = board.data
    s = board.square
    w, h = tile.w, tile.h
    items: list[Shape] = []
    tick = Style(width=0.3)
    cat, measure = build.ctx.cat, build.ctx.measure
    here = f"{tile.row}/{tile.column}"

    def note(nxt: str, length: float) -> tuple[str, float, float]:
        text = cat.text("board_glue_under", here=here, next=nxt)
        return fitted_label(text, "board_glue_under", cat.file_of("board_glue_under"), length - 4.0, 6.0, measure,
                            f"board {d.id!r}", font="Sans")

    edges_y = [y for y in (0.0, *(d.border + k * s for k in range(board.rows + 1)), d.border * 2 + board.rows * s)
               if tile.y0 - 1e-6 <= y <= tile.y1 + 1e-6]
    edges_x = [x for x in (0.0, *(d.border + k * s for k in range(board.columns + 1)), d.border * 2 + board.columns * s)
               if tile.x0 - 1e-6 <= x <= tile.x1 + 1e-6]
    if tile.strip_right:
        items.append(Rect(w, 0.0, OVERLAP, h, Style(stroke=None, fill=STRIP_FILL)))
        items += [Line(w, y - tile.y0, w + TICK * OVERLAP, y - tile.y0, tick) for y in sorted(set(edges_y))]
        t, size, tw = note(f"{tile.row}/{tile.column + 1}", h)
        base = w + OVERLAP * 0.72 + 0.35 * size * PT
        items.append(Group((Text(0.0, 0.0, t, "Sans", size, tw, Anchor.MIDDLE),), base, h / 2, rotate=-90))
    if tile.strip_below:
        items.append(Rect(0.0, h, w, OVERLAP, Style(stroke=None, fill=STRIP_FILL)))
        items += [Line(x - tile.x0, h, x - tile.x0, h + TICK * OVERLAP, tick) for x in sorted(set(edges_x))]
        t, size, tw = note(f"{tile.row + 1}/{tile.column}", w)
        items.append(Text(w / 2, h + OVERLAP * 0.72 + 0.35 * size * PT, t, "Sans", size, tw, Anchor.MIDDLE))
    items.append(_outline(tile))
    return Group(tuple(items), ox, oy)


def _outline(tile: Tile) -> Shape:
    """The line to cut round a tile and its strips, in the tile's own coordinates."""
    w, h = tile.w, tile.h
    tw, th = tile.outer()
    if tile.strip_right and tile.strip_below:  # the corner is left off: the diagonal tile's strips meet there
        pts = [(0.0, 0.0), (tw, 0.0), (tw, h), (w, h), (w, th), (0.0, th)]
    else:
        pts = [(0.0, 0.0), (tw, 0.0), (tw, th), (0.0, th)]
    return polygon(pts, Style(width=CUT_W, role=Role.CUT))


SEAM_UNDER = Style(stroke=grey(1.0), width=0.7)  # a white line under the dashes: they show on any picture
SEAM = Style(width=0.3, dash=(2.0, 1.5))


def _picture_strips(tile: Tile, ox: float, oy: float) -> Group:
    """A picture tile's marks: where its strips begin (the line the next
    tile's cut edge is laid on) dashed over the picture, and its cut outline."""
    w, h = tile.w, tile.h
    items: list[Shape] = []
    if tile.strip_right and tile.strip_below:  # the corner the outline leaves off, blank (the clip is a rectangle)
        items.append(Rect(w, h, OVERLAP, OVERLAP, Style(stroke=None, fill=grey(1.0))))
    if tile.strip_right:
        items += [Line(w, 0.0, w, h, SEAM_UNDER), Line(w, 0.0, w, h, SEAM)]
    if tile.strip_below:
        items += [Line(0.0, h, w, h, SEAM_UNDER), Line(0.0, h, w, h, SEAM)]
    items.append(_outline(tile))
    return Group(tuple(items), ox, oy)


KIND = Kind("board", BoardData, load, expected, sheets)
