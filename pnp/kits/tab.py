"""Tâb: the board of 4 rows x 9 squares, 18 two-faced pieces, row-4
markers, the coin-throw aid, assembly instructions and suggested rules.
Designed for black-and-white print: nothing here needs colour."""

from __future__ import annotations

import math
import pathlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Annotated

import msgspec

from pnp.errors import LayoutError
from pnp.geometry import (
    BLACK,
    PT,
    RGB,
    WHITE,
    Box,
    Circle,
    Group,
    Line,
    Path,
    Rect,
    Shape,
    Style,
    Text,
    grey,
    polygon,
    star,
)
from pnp.i18n import Catalog, fill, texts_of
from pnp.kits import Context, Invariant, Kit
from pnp.layout.board import Cell, Grid, SquareArt, board, placed
from pnp.layout.component_list import ContentFact, KitList, Lines, component_list, lines_for
from pnp.layout.component_list import height as list_height
from pnp.layout.components import tab_pieces
from pnp.layout.foldover import foldover, making_steps
from pnp.layout.frame import Sheet, content_box
from pnp.layout.marks import cap, fitted_text, label
from pnp.layout.pieces import Piece, block, block_size, field
from pnp.layout.rules import column_boxes, rules_sheets
from pnp.modes import Anchor, Role, Variant
from pnp.options import Options
from pnp.spec import MAX_LIST, Count, Counts, Mm, Name, Schema, ascending, check_game, fits
from pnp.textflow import Block, DiagramFn, FlowStyle, Measure, fit, flow, parse_blocks

KIT_ID = "tab"
CUT = Style(width=0.35, role=Role.CUT)
LINE = Style(width=0.5)
BLEED = 2.5  # mm: dark faces are inked this far past their cut, so a miscut of 2 mm leaves no white edge
LEGEND_AT = 6.5  # mm from the grid to a player's legend
BOARD_EDGE = 10.2  # mm: the board's cut line keeps 10 mm (and its stroke) from the paper's edge, clear of a printer's margin
ARC_REACH = 7.9  # mm from the grid: how far the arcs between the rows reach out (their bulge and stroke)
FRAME_CLEAR = 3.0  # mm: a frame keeps this far inside its cut, so a 1 mm miscut never shows as an uneven border


@dataclass(frozen=True)
class TabSpec:
    players: tuple[int, ...]
    rows: int
    columns: int
    pieces_per_player: int
    coins: int
    square: float
    piece: float
    marker: float
    scores: tuple[tuple[int, int], ...]
    stop_on: tuple[int, ...]
    kit_list: KitList = KitList((), ())


class TabGame(Schema, frozen=True):
    """The schema of templates/tab/game.toml."""

    players: Counts
    rows: Count
    columns: Count
    pieces_per_player: Count
    coins: Count
    square: Mm
    piece: Mm
    marker: Mm
    scores: Annotated[list[tuple[Annotated[int, msgspec.Meta(ge=0, le=MAX_LIST)], Count]],
                      msgspec.Meta(min_length=1, max_length=MAX_LIST)]
    stop_on: Annotated[list[Count], msgspec.Meta(max_length=MAX_LIST)]
    contents: Annotated[list[ContentFact], msgspec.Meta(min_length=1, max_length=MAX_LIST)]
    needs: Annotated[list[Name], msgspec.Meta(max_length=MAX_LIST)] = []

    def __post_init__(self) -> None:
        ascending("players", self.players)
        fits("rows", self.rows, "square", self.square)  # the board is on one sheet
        fits("columns", self.columns, "square", self.square)
        heads = [h for h, _ in self.scores]
        if max(heads) > self.coins:
            raise ValueError(f"scores: a throw of {max(heads)} heads with {self.coins} coins")
        if len(set(heads)) != len(heads):
            raise ValueError("scores: a number of heads is listed twice")
        if not set(self.stop_on) <= {s for _, s in self.scores}:
            raise ValueError(f"stop_on: {self.stop_on} are not all scores")


def load_spec(templates: pathlib.Path | None = None) -> TabSpec:
    g = check_game(KIT_ID, TabGame, templates)
    return TabSpec(tuple(g.players), g.rows, g.columns, g.pieces_per_player, g.coins, g.square, g.piece, g.marker,
                   tuple(g.scores), tuple(g.stop_on), KitList(tuple(g.contents), tuple(g.needs)))


def text_values(spec: TabSpec, options: Options) -> dict[str, object]:
    paper = options.paper.name
    if options.lang in ("nl", "de"):
        # Dutch and German join the parts of a name with hyphens: "A4-papier",
        # "US-Letter-papier" (every {paper} of the Dutch texts starts a compound),
        # "im Format US-Letter"
        paper = paper.replace(" ", "-")
    return {"paper": paper, "coins": spec.coins, "pieces": spec.pieces_per_player}


def expected(spec: TabSpec, options: Options) -> dict[str, int]:
    n = spec.pieces_per_player
    return {
        f"board:{spec.rows}x{spec.columns}": 1,
        "square": spec.rows * spec.columns,
        "piece:light": n,
        "piece:dark": n,
        "marker:light": n,
        "marker:dark": n,
        "throws": spec.players[0],  # a coin-throw table for each player, cut out and kept at hand
    }


def invariants(spec: TabSpec) -> list[Invariant]:
    return [
        ("players", spec.players == (2,), f"Tâb is for 2 players; data says {spec.players}"),
        ("pieces fill a home row", spec.pieces_per_player == spec.columns,
         f"{spec.pieces_per_player} pieces for a row of {spec.columns} squares"),
        ("rows", spec.rows == 4, f"the path needs 4 rows; data says {spec.rows}"),
        ("a piece fits a square", spec.piece < spec.square, f"piece {spec.piece} mm, square {spec.square} mm"),
        ("a row-4 band round a piece leaves 13 mm and more of it to see", spec.marker + 6.0 <= spec.piece,
         f"piece {spec.piece} mm, band {spec.marker} mm"),
    ]


# ---- the board ---------------------------------------------------------

def _chevron(cx: float, cy: float, d: int) -> Path:
    st = Style(stroke=BLACK, width=0.6)
    return Path((("M", cx - 2.0 * d, cy - 3.0), ("L", cx + 2.0 * d, cy), ("L", cx - 2.0 * d, cy + 3.0)), st)


INKED = Style(stroke=BLACK, width=0.4)  # lines the --ink-saver print keeps black (it greys only fills)


def _head(tip: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> Group:
    """A black arrowhead (tip, then its base a-b), filled and laid over with
    lines from the tip to its base 0.3 mm apart: the --ink-saver print greys
    fills but keeps lines, so its arrowheads stay black for a worn cartridge."""
    n = max(2, int(math.dist(a, b) / 0.3) + 1)
    lines = tuple(Line(tip[0], tip[1], a[0] + (b[0] - a[0]) * i / (n - 1), a[1] + (b[1] - a[1]) * i / (n - 1), INKED)
                  for i in range(n))
    return Group((polygon([tip, a, b], Style(stroke=None, fill=BLACK)),) + lines)


def _diamond(cx: float, cy: float, half: float) -> Group:
    """A frame's corner diamond in black, filled and laid over with lines (see `_head`)."""
    lines = tuple(Line(cx - (half - abs(dy)), cy + dy, cx + (half - abs(dy)), cy + dy, INKED)
                  for dy in (half * (i / 5 - 1) for i in range(1, 10)))
    return Group((polygon([(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)],
                          Style(stroke=None, fill=BLACK)),) + lines)


def _arc(x: float, y0: float, y1: float, side: int, bulge: float, dashed: bool) -> tuple[Shape, ...]:
    """A curved arrow leaving the board edge x at row centre y0 and coming
    back at y1, on the right (side=1) or left (side=-1) of the board."""
    st = Style(width=0.6, dash=(1.6, 1.0) if dashed else None)
    x0 = x + side * 0.8
    c = x + side * bulge
    path = Path((("M", x0, y0), ("C", c, y0, c, y1, x0 + side * 1.8, y1)), st)
    tip = x0
    head = _head((tip, y1), (tip + side * 2.4, y1 - 1.2), (tip + side * 2.4, y1 + 1.2))
    return (path, head)


def _badge(cx: float, cy: float, r: float, text: str, dark: bool, measure: Measure, rotate: float = 0.0) -> Group:
    fill, ink = (BLACK, WHITE) if dark else (WHITE, BLACK)
    size = r * 1.5 / PT
    w = measure(text, "Sans-Bold", size)
    items: tuple[Shape, ...] = (
        Circle(0, 0, r, Style(stroke=BLACK, fill=fill, width=0.35)),
        Text(0, 0.36 * size * PT, text, "Sans-Bold", size, w, Anchor.MIDDLE, ink),
    )
    return Group(items, cx, cy, rotate)


def _square_art(grid: Grid) -> SquareArt:
    """A square's chevron, pointing the way player A goes along its row.
    Page row r (from 1 at the top) is row rows+1-r for player A (bottom) and
    r for B. Rows 1 and 3 of a player run to his right, 2 and 4 to his left:
    seen on the page, A's odd rows run rightwards, and B's (turned round) too."""

    def art(cell: Cell, s: float) -> tuple[Shape, ...]:
        heading = 1 if (grid.rows + 1 - cell[0]) % 2 == 1 else -1
        return (_chevron(s / 2, s / 2, heading),)

    return art


def _round_the_grid(spec: TabSpec, grid: Grid, ow: float, oh: float, gx: float, gy: float, m: Measure,
                    text: Callable[[str], str]) -> list[Shape]:
    """What Tâb draws on its board round the squares, in the board's own
    coordinates (the cut outline at (0, 0)-(ow, oh), the grid at (gx, gy)):
    the row badges, the path's arcs, the players' legends, the track along
    each row, the frame and its corner diamonds. `text`: a catalog text as
    this print says it (see `printed_text`)."""
    S = spec.square
    gw, gh = grid.w, grid.h
    label_w, pad = 9.0, FRAME_CLEAR + 1.5
    items: list[Shape] = []

    def yc(r: int) -> float:
        return gy + (r + 0.5) * S

    for r in range(spec.rows):
        items.append(_badge(pad + label_w / 2, yc(r), 3.4, str(spec.rows - r), False, m))
        items.append(_badge(ow - pad - label_w / 2, yc(r), 3.4, str(r + 1), True, m, 180.0))
    # the path between rows
    right, left = gx + gw, gx
    off = 0.14 * S

    def link(a: int, b: int, side: int, bulge: float, dashed: bool = False) -> tuple[Shape, ...]:
        sgn = 1 if b > a else -1
        x = right if side > 0 else left
        return _arc(x, yc(a) + sgn * off, yc(b) - sgn * off, side, bulge, dashed)

    bottom, top = spec.rows - 1, 0
    items += link(bottom, bottom - 1, 1, 7.5)  # A: 1 -> 2
    items += link(1, 2, 1, 7.5)  # A: 3 -> 2 (round 2-3); B: 2 -> 3
    items += link(1, 0, 1, 9.5, dashed=True)  # A: 3 -> 4
    items += link(2, 1, -1, 7.5)  # A: 2 -> 3; B: 3 -> 2
    items += link(top, top + 1, -1, 7.5)  # B: 1 -> 2; A: 4 -> 3
    items += link(2, 3, -1, 9.5, dashed=True)  # B: 3 -> 4
    items.append(_badge(right + 8.2, (yc(0) + yc(1)) / 2, 2.6, "A", False, m))
    items.append(_badge(left - 8.2, (yc(2) + yc(3)) / 2, 2.6, "B", True, m, 180.0))
    # the players' sides, each readable from its own side
    # the legend (from 3.2 mm above its origin to 5 mm below) 3.3 mm from the grid, 2 mm clear of the frame
    for who, y, rot in (("player_a", gy + gh + LEGEND_AT, 0.0), ("player_b", gy - LEGEND_AT, 180.0)):
        legend: list[Shape] = [
            label(0, -0.6, text(who), "Sans-Bold", 8, m, gw - 10),
        ]
        # on the same line, after the way to row 4: this player's row numbers
        # (a badge as on the board and its words), inside the frame so that
        # the key survives cutting (round 12: it stood under the cut line)
        # (round 19: 7 pt within the grid's width; now LEGEND_PT across the frame, clear of its corner diamonds)
        room = ow - 2 * LEGEND_SIDE
        key = text("legend_a" if who == "player_a" else "legend_b")
        kt, ks, kw = fitted_text(key, "Sans", room * 0.4, LEGEND_PT, m)
        branch = text("branch")
        t, s, w = fitted_text(branch, "Sans", room - 12 - (kw + 2 * LEGEND_R + 1.5 + KEY_SPACE), LEGEND_PT, m)
        lx = -(w + 12 + KEY_SPACE + 2 * LEGEND_R + 1.5 + kw) / 2
        legend.append(Line(lx, 3.4, lx + 8, 3.4, Style(width=0.6, dash=(1.6, 1.0))))
        legend.append(_head((lx + 10, 3.4), (lx + 7.6, 2.2), (lx + 7.6, 4.6)))
        legend.append(Text(lx + 12, 4.4, t, "Sans", s, w))
        kx = lx + 12 + w + KEY_SPACE
        fill, digit = (BLACK, WHITE) if who == "player_b" else (WHITE, BLACK)  # a badge as on the board, drawn in place
        size = LEGEND_R * 1.5 / PT
        legend.append(Circle(kx + LEGEND_R, 3.4, LEGEND_R, Style(stroke=BLACK, fill=fill, width=0.35)))
        legend.append(Text(kx + LEGEND_R, 3.4 + 0.36 * size * PT, "1", "Sans-Bold", size, m("1", "Sans-Bold", size),
                           Anchor.MIDDLE, digit))
        legend.append(Text(kx + 2 * LEGEND_R + 1.5, 4.4, kt, "Sans", ks, kw))
        items.append(Group(tuple(legend), gx + gw / 2, y, rot))
    # the journey: a dotted track along every row, from edge to edge, that the
    # arcs at the ends carry on to the next row
    track = Style(width=0.45, dash=(0.5, 1.5))
    for r in range(spec.rows):
        items.append(Line(gx, yc(r), gx + gw, yc(r), track))
    # a frame FRAME_CLEAR inside the cut (its outer edge), with a diamond in each corner
    inset = FRAME_CLEAR + 0.5
    items.append(Rect(inset, inset, ow - 2 * inset, oh - 2 * inset, Style(width=1.0)))
    half, k = 1.8, inset + 3.0
    for cx, cy in ((k, k), (ow - k, k), (k, oh - k), (ow - k, oh - k)):
        items.append(_diamond(cx, cy, half))
    return items


def board_sheet(ctx: Context) -> Sheet:
    """The board (pnp.layout.board: the squares with their chevrons, and
    Tâb's own art round them) and the component list under it."""
    spec: TabSpec = ctx.spec
    cat, m = ctx.cat, ctx.measure
    area = content_box(ctx.options.paper, landscape=True)
    grid = Grid(spec.rows, spec.columns, spec.square)
    # pad: the frame keeps FRAME_CLEAR inside the cut, the row badges clear of the frame
    label_w, conn_w, band, pad = 9.0, 11.0, 13.0, FRAME_CLEAR + 1.5
    # the band for the arcs narrows where the paper is short (US Letter), so that the cut keeps
    # BOARD_EDGE from the paper's edge; the arcs reach ARC_REACH from the grid, the row badges stand clear of them
    paper_w, _ = ctx.options.paper.size(landscape=True)
    conn_w = min(conn_w, (paper_w - 2 * BOARD_EDGE - grid.w) / 2 - label_w - pad)
    if conn_w + label_w / 2 - 3.4 < ARC_REACH + 1.0:  # a row badge (r 3.4) 1 mm clear of the arcs
        raise LayoutError(f"the Tâb board does not fit {BOARD_EDGE} mm inside the paper's edges")
    border = (label_w + conn_w + pad, band + pad)
    ow, oh = grid.w + 2 * border[0], grid.h + 2 * border[1]
    heading_h = 7.0
    lines = kit_lines(ctx)
    list_h = list_height(lines, 2)
    gap = 4.0  # the board and the component list (the row numbers' key is inside the board's frame)
    ox = area.x + (area.w - ow) / 2
    # the board and the component list under it, the pair centred on the page
    oy = area.y + heading_h + max(0.0, (area.h - heading_h - oh - gap - list_h) / 2)
    if oy + oh + gap + list_h > area.bottom + 1e-6 or ow > area.w + 1e-6:
        raise LayoutError("the Tâb board and its component list do not fit the page")
    heading = label(area.cx, area.y + 4.0, cat.text("board_heading"), "Sans-Bold", 9, m, area.w)
    g, _, _ = board(grid, border, lambda cell: LINE, lambda cell: ("square", f"{cell[0]}-{cell[1]}"),
                    ("board", f"{spec.rows}x{spec.columns}"), art=_square_art(grid),
                    over=_round_the_grid(spec, grid, ow, oh, border[0], border[1], m, partial(printed_text, ctx)))
    listed, _ = component_list(Box(ox, oy + oh + gap, ow, list_h), lines, m, columns=2)
    # which pages to print, where a person starts (round 17, hobbyist: only page 3 said it)
    return Sheet(True, (heading, placed(g, ox, oy), *listed), "board", caption=printed_text(ctx, "board_caption"))


LEGEND_R = 2.2  # mm: the radius of a badge in the row numbers' key (inside the frame, on each player's side)
KEY_SPACE = 8.0  # mm from the way to row 4 to the row numbers' key on the same line
LEGEND_PT = 8.0  # the way to row 4 and the row numbers' key under each player's legend: read across the table
LEGEND_SIDE = 10.0  # mm from the board's cut to that line's ends: clear of the frame's corner diamonds (8.3 mm in)


def kit_lines(ctx: Context) -> Lines:
    """The component list's texts: the kit's contents and what else it needs."""
    spec: TabSpec = ctx.spec

    return lines_for(spec.kit_list, expected(spec, ctx.options), partial(printed_text, ctx), None,
                     text_values(spec, ctx.options))


# the texts the --ink-saver print words its own way: it has no page 4, and its black is grey
INK_SAVER_KEYS = {"need_cards": "need_cards_ink_saver", "saver_caption": "saver_caption_ink_saver",
                  "board_caption": "board_caption_ink_saver",  # round 17: which pages to print, on page 1
                  "legend_b": "legend_b_ink_saver",
                  # and its pieces are white (player A) and hatched (player B): see `_face` (round 16: it
                  # called "dark pieces" the white ones with a heavy ring)
                  "player_a": "player_a_ink_saver", "player_b": "player_b_ink_saver", "legend_a": "legend_a_ink_saver",
                  "light_pieces": "light_pieces_ink_saver", "dark_pieces": "dark_pieces_ink_saver",
                  "markers_light": "markers_light_ink_saver", "markers_dark": "markers_dark_ink_saver",
                  "contents_light": "contents_light_ink_saver", "contents_dark": "contents_dark_ink_saver"}


def printed_text(ctx: Context, key: str, **values: object) -> str:
    """A catalog text as this print says it: the --ink-saver print's own
    text (INK_SAVER_KEYS) where it has one."""
    return ctx.cat.text(INK_SAVER_KEYS.get(key, key) if saves_ink(ctx) else key, **values)


# ---- pieces, markers and the throw table ------------------------------

def _face(p: float, dark: bool, moved: bool, outlined: bool = False) -> tuple[Shape, ...]:
    """One face of a piece in its own (0, 0)-(p, p): a ring, with a star once
    the piece has moved. No caption: the note above the pieces says what
    plain and star mean. `outlined` (the --ink-saver print, which greys
    fills but keeps lines): a dark face is white with a heavy black ring,
    hatched inside it and lightly in grey round it, and its star solid black (drawn with lines, on a
    white halo); a light face is white with a thin ring and an outlined
    star, so the two sets differ on both faces (round 16: the rings alone
    were mixed up, and the same grey star was on both)."""
    r = 0.3 * p
    if outlined:
        ring = HEAVY_RING if dark else THIN_RING
        out: list[Shape] = [Circle(p / 2, p / 2, r, Style(stroke=BLACK, width=ring))]
        if dark:  # hatched in its ring, and lightly round it, so B's pieces tell from A's at a glance (round 19)
            out += _hatch_circle(p / 2, p / 2, r - ring / 2)
            out += _outside(_hatch_rect(0.0, 0.0, p, p, FACE_HATCH, FACE_HATCH_LINE), p / 2, p / 2, r)
        if moved and dark:
            out.append(star(p / 2, p / 2, 0.21 * p + HALO, Style(stroke=None, fill=WHITE)))
            out.append(_solid_star(p / 2, p / 2, 0.21 * p))
        elif moved:
            out.append(star(p / 2, p / 2, 0.21 * p, Style(stroke=BLACK, width=0.35)))
        return tuple(out)
    ink = WHITE if dark else BLACK
    return (Circle(p / 2, p / 2, r, Style(stroke=ink, width=1.1)),) + (
        (star(p / 2, p / 2, 0.21 * p, Style(stroke=None, fill=ink)),) if moved else ())


HATCH = 1.5  # mm between the hatching's lines (the --ink-saver print's dark pieces and markers)
HATCH_LINE = Style(stroke=BLACK, width=0.2)
FACE_HATCH = 3.0  # mm between the grey lines round a hatched face's ring: light, for the ink (round 19)
FACE_HATCH_LINE = Style(stroke=grey(0.45), width=0.2)
HALO = 0.9  # mm of white round a solid star on a hatched face


def _hatch_circle(cx: float, cy: float, r: float) -> list[Shape]:
    """Lines at 45 degrees, HATCH apart, across a circle of radius r."""
    out: list[Shape] = []
    k = int(r / HATCH)
    u = math.sqrt(0.5)
    for i in range(-k, k + 1):
        d = i * HATCH
        half = math.sqrt(max(0.0, r * r - d * d))
        if half < 0.3:
            continue
        mx, my = cx + d * u, cy - d * u  # the chord's middle, d from the centre across the lines
        out.append(Line(mx - half * u, my - half * u, mx + half * u, my + half * u, HATCH_LINE))
    return out


def _hatch_rect(x: float, y: float, w: float, h: float, apart: float = HATCH, st: Style = HATCH_LINE) -> list[Shape]:
    """Lines `st` at 45 degrees, `apart` mm apart, across the rectangle (x, y, w, h)."""
    out: list[Shape] = []
    steps = int((w + h) / apart)
    for i in range(1, steps + 1):
        c = i * apart  # the line x' + y' = c in the rectangle's own coordinates
        x0, y0 = max(0.0, c - h), min(h, c)
        x1, y1 = min(w, c), max(0.0, c - w)
        if math.dist((x0, y0), (x1, y1)) > 0.3:
            out.append(Line(x + x0, y + y0, x + x1, y + y1, st))
    return out


def _outside(lines: list[Shape], cx: float, cy: float, r: float) -> list[Shape]:
    """The parts of straight `lines` outside the circle of radius r round (cx, cy)."""
    out: list[Shape] = []
    for ln in lines:
        assert isinstance(ln, Line)
        dx, dy = ln.x2 - ln.x1, ln.y2 - ln.y1
        fx, fy = ln.x1 - cx, ln.y1 - cy
        a, b, c = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - r * r
        disc = b * b - 4 * a * c
        if a == 0 or disc <= 0:
            out.append(ln)
            continue
        t0, t1 = (-b - math.sqrt(disc)) / (2 * a), (-b + math.sqrt(disc)) / (2 * a)
        for u, v in ((0.0, min(1.0, t0)), (max(0.0, t1), 1.0)):
            if (v - u) * math.sqrt(a) > 0.3:
                out.append(Line(ln.x1 + u * dx, ln.y1 + u * dy, ln.x1 + v * dx, ln.y1 + v * dy, ln.style))
    return out


def _solid_star(cx: float, cy: float, r: float) -> Group:
    """A star in solid black, filled and laid over with lines from its centre
    to its outline 0.25 mm apart (see `_head`: the --ink-saver print keeps lines black)."""
    outline = star(cx, cy, r, Style(stroke=None, fill=BLACK))
    pts = [c[1:] for c in outline.cmds if c[0] in ("M", "L")]
    lines: list[Shape] = []
    for a, b in zip(pts, pts[1:] + pts[:1], strict=True):
        n = max(2, int(math.dist(a, b) / 0.25) + 1)
        lines += [Line(cx, cy, a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n, INKED) for i in range(n)]
    return Group((outline, *lines))


LIGHT_TINT = grey(0.9)  # a light face: a pale tint that runs past its cut like the dark faces' black
# the ink-saving pieces page (page 2, the one to print; page 4 is solid black instead): the dark faces and the light pieces'
# markers in a mid grey, still far darker than LIGHT_TINT, so light and dark tell apart in any print
SAVER_DARK = grey(0.5)
HEAVY_RING = 1.1  # mm: the ring of a dark face in the --ink-saver print (white, no fill; round 18: 1.6, less ink)
THIN_RING = 0.5  # mm: and of a light face there (its pale tint kept), so that light and dark tell apart at a glance


def _lines_on(ink: RGB) -> RGB:
    """The cut and fold lines on a dark colour: a light grey on black, black on the mid grey."""
    return grey(0.8) if ink == BLACK else BLACK
TRIM = 2.0  # mm: each piece's colour runs this far past its outline, so it is cut out roughly in the gap
PIECE_GAP = 2 * TRIM  # mm between two pieces: room for a rough cut before the piece is folded and glued


def piece(p: float, dark: bool, ink: RGB = BLACK, outlined: bool = False) -> tuple[Shape, ...]:
    """A fold-over piece: the plain face | fold | the starred face, one cut
    outline, its colour (black, or a pale tint for a light piece) TRIM mm
    past the outline. Pieces stand PIECE_GAP apart, so a person cuts round a
    piece roughly, folds and glues it, then cuts on the line through both
    layers: the two faces come out the same size, and a trim that misses
    the line by up to TRIM mm leaves colour, not white, at the edge. `ink`:
    the dark pieces' colour (SAVER_DARK on the ink-saving page). `outlined`
    (the --ink-saver print): a dark piece is white with a heavy black ring."""
    if dark and outlined:
        return foldover(p, p, _face(p, True, False, True), _face(p, True, True, True), cut=BLACK, fold=grey(0.45))
    if outlined:  # white: a pale tint vanishes on many printers (round 16), and the print's words say white
        return foldover(p, p, _face(p, False, False, True), _face(p, False, True, True), cut=grey(0.45),
                        fold=grey(0.45))
    lines = _lines_on(ink) if dark else grey(0.45)
    return foldover(p, p, _face(p, dark, False), _face(p, dark, True), fill=ink if dark else LIGHT_TINT,
                    bleed=TRIM, cut=lines, fold=lines)


CARD = 0.5  # mm: a piece's thickness is two layers of thin card and glue; the band goes round it twice (its two edges)
BAND_SLACK = 1.5  # mm: a loop this much longer than the piece's girth slides on and off, yet holds on the piece
BAND_OVERLAP = 5.0  # mm: the band's glue end, glued under its other end into a loop (not onto the piece)
BAND_FOURS = 4  # the 4s along a band: two show on each face of the piece it is on
STRIPE = 0.6  # mm: the black lines along a white piece's band in the --ink-saver print
STRIPE_IN = 1.0  # mm: and how far inside the band's cuts they keep


def band_length(p: float) -> float:
    """A row-4 band's length: round a piece of p mm (both faces and both
    edges) with BAND_SLACK to slide it on, and BAND_OVERLAP to glue."""
    return 2 * p + 2 * CARD + BAND_SLACK + BAND_OVERLAP


def _band(length: float, bw: float, dark: bool, m: Measure, ink: RGB = BLACK,
          outlined: bool = False) -> tuple[Shape, ...]:
    """A row-4 marker: a paper band in (0, 0)-(length, bw), glued into a
    loop round a piece (round 18: the fold-over markers on top of a piece
    slid off). It shows on both faces and travels with the piece in a stack.
    A light piece's band is dark with white 4s, a dark piece's white with
    black 4s between its black cut lines. In the --ink-saver print (which
    greys fills, not lines) a white piece's band has a black line along
    each edge, STRIPE_IN mm inside its cuts, a hatched piece's none; no
    hatching, so neither looks like a player's pieces. Its glue end, the
    last BAND_OVERLAP mm, is a light grey. Its cut lines are drawn by the block."""
    run = length - BAND_OVERLAP
    out: list[Shape] = []
    four = BLACK if dark or outlined else WHITE
    size = (bw - 2.4) / (0.72 * PT)  # the 4's cap height keeps 1.2 mm from the band's cuts
    w = m("4", "Sans-Bold", size)
    if not dark:
        if outlined:  # black lines along both edges (the print keeps lines black), broken round its black 4s;
            # STRIPE_IN mm inside the cuts (round 19: on the shared cut, an off cut left a black sliver on the next band)
            half = STRIPE / 2
            gaps = [(run * (i + 0.5) / BAND_FOURS - w / 2 - 0.8, run * (i + 0.5) / BAND_FOURS + w / 2 + 0.8)
                    for i in range(BAND_FOURS)]
            ends = [STRIPE_IN] + [e for g in gaps for e in g] + [run - STRIPE_IN]
            for a, b in zip(ends[::2], ends[1::2], strict=True):
                out += [Line(a, y, b, y, Style(stroke=BLACK, width=STRIPE)) for y in (STRIPE_IN + half, bw - STRIPE_IN - half)]
        else:
            out.append(Rect(0, 0, run, bw, Style(stroke=None, fill=ink)))
    # the glue end 15 % grey; the --ink-saver print lightens fills to 0.3 of their ink, so there it is drawn darker
    # (round 19: its grey(0.85) came out 4 %, white on many printers)
    out.append(Rect(run, 0, BAND_OVERLAP, bw, Style(stroke=None, fill=grey(0.5) if outlined else grey(0.85))))
    for i in range(BAND_FOURS):
        cx = run * (i + 0.5) / BAND_FOURS
        out.append(Text(cx, bw / 2 + 0.36 * size * PT, "4", "Sans-Bold", size, w, Anchor.MIDDLE, four))
    return tuple(out)


def band_block(x: float, y: float, n: int, length: float, bw: float, dark: bool, m: Measure, ink: RGB,
               outlined: bool, side: str) -> list[Shape]:
    """n bands one under the other, sharing their cut lines (one cut between
    two bands: a band's cut outline lies on its neighbours'), each a group
    tagged ("marker", side) with its own cut outline (for the print-shop
    export and the validator)."""
    out: list[Shape] = []
    cut = Style(width=0.35, stroke=_lines_on(ink) if not dark and not outlined else BLACK, role=Role.CUT)
    if not dark and not outlined:  # the dark bands' colour TRIM past the block, so a miscut shows no white edge
        out.append(field(x, y, length - BAND_OVERLAP, n * bw, TRIM, ink))
    for k in range(n):
        outline = Rect(0, 0, length, bw, cut)
        out.append(Group((*_band(length, bw, dark, m, ink, outlined), outline), x, y + k * bw, tag=("marker", side)))
    return out


HEAD_H = 27.0  # mm: the pieces page's heading and notes, over the pieces
HEAD_H_SHORT = 18.0  # mm: the same on a shorter paper (US Letter): the notes give the coin-throw tables room


def saves_ink(ctx: Context) -> bool:
    """The --ink-saver print: its grey pieces page is the only one (round 14:
    its solid black page came out grey too, under a header that promised black)."""
    return ctx.options.variant is Variant.INK_SAVER


def pieces_sheet(ctx: Context, saver: bool = False) -> Sheet:
    """The pieces, the row-4 markers, the coin-throw tables and how a piece
    is made; the dark pieces and the light pieces' markers SAVER_DARK on
    the ink-saving page (`saver`: page 2, the one to print), or black on the
    solid page (page 4, printed instead of page 2, as its header says). The
    --ink-saver print has no solid page (see `build`): its black is greyed
    by the variant, so its one pieces page is drawn in black and comes out
    that grey (SAVER_DARK lightened once more would hardly tell from the
    light pieces)."""
    ink = SAVER_DARK if saver and not saves_ink(ctx) else BLACK
    outlined = saves_ink(ctx)  # round 15: no grey blocks; dark pieces and markers white with heavy black lines
    spec: TabSpec = ctx.spec
    cat, m = ctx.cat, ctx.measure
    area = content_box(ctx.options.paper, landscape=False)
    p, mk = spec.piece, spec.marker
    items: list[Shape] = []
    head_h = HEAD_H if area.h > 260.0 else HEAD_H_SHORT

    def head(key: str) -> tuple[list[Shape], float, float]:
        """The heading and notes over the pieces with the note `key`: their
        shapes, size, and where the blocks start under them (their last
        baseline and descenders)."""
        blocks = parse_blocks(["## " + cat.text("pieces_heading"), cat.text(key),
                               f"**{cat.text('markers_heading')}:** {printed_text(ctx, 'markers_note')}"], cat.lang)
        cols, pt = fit(blocks, [Box(area.x, area.y, area.w, head_h)], m, 9.0, 7.0)
        return cols[0], pt, min(area.y + head_h + 2.0, max(t.y for t in cols[0] if isinstance(t, Text)) + 3.0)

    # no "the black faces" on the grey page; pages 2 and 4 set their pieces and tables alike, under the longer notes
    heads = {key: head(key) for key in (("pieces_note_saver",) if saves_ink(ctx) else ("pieces_note_saver", "pieces_note"))}
    shapes, _, _ = heads["pieces_note_saver" if saver else "pieces_note"]
    items += shapes
    y = max(h[2] for h in heads.values())
    block_pt = min(8.0, *(h[1] for h in heads.values()))  # a block's label no larger than the notes: not a heading
    per_row = 3
    # the pieces stand PIECE_GAP apart, each with its own colour past its cut (see `piece`)
    block_w, block_h = block_size(Piece((), 2 * p, p), spec.pieces_per_player, per_row, PIECE_GAP)
    # the markers: bands one under the other, sharing their cut lines, long enough to loop round a piece
    mgap = 3.0  # between the blocks of pieces and markers
    length = band_length(p)
    mark_w, mark_h = length, spec.pieces_per_player * mk
    mx0 = area.right - mark_w - BLEED - 0.5
    x0 = area.x + TRIM + 0.5
    if mx0 - BLEED < x0 + block_w + TRIM + mgap:
        raise LayoutError("the pieces and the row-4 markers do not fit side by side")
    headings = {"light": ("light_pieces", "markers_light"), "dark": ("dark_pieces", "markers_dark")}
    for side, dark in (("light", False), ("dark", True)):
        # each block has its own heading: "Light pieces" over the pieces, "Markers for light pieces" over theirs
        pieces_key, markers_key = headings[side]
        items.append(label(area.x, y + 3.0, printed_text(ctx, pieces_key), "Sans-Bold", block_pt, m, 60, Anchor.START))
        items.append(label(mx0, y + 3.0, printed_text(ctx, markers_key), "Sans-Bold", block_pt, m, area.right - mx0,
                           Anchor.START))
        y0 = y + 4.0 + TRIM  # the pieces' and markers' colour 0.4 mm and more under the labels' descenders
        # the pieces stand PIECE_GAP apart (pnp.layout.pieces), each with its own colour past its cut
        items += block(Piece(piece(p, dark, ink, outlined), 2 * p, p), spec.pieces_per_player, per_row, x0, y0, ("piece", side),
                       gap=PIECE_GAP)
        # the light player's markers are the dark bands, on a field of `ink` TRIM past their block
        items += band_block(mx0, y0, spec.pieces_per_player, length, mk, dark, m, ink, outlined, side)
        y = y0 + max(block_h + TRIM, mark_h + TRIM) + 1.5
    # the coin-throw table, one for each player
    n_tables = spec.players[0]
    tw = (area.w - 2.0 - TABLES_APART * (n_tables - 1)) / n_tables
    if tw < 60.0:
        raise LayoutError(f"{n_tables} coin-throw tables do not fit side by side on the pieces page")
    # the tables take up to TABLE_SPARE mm of what the page leaves over the making steps, so the turn
    # summary is set larger where the paper is taller (A4). The captions of the making steps and the
    # turn summary share what is left (round 14: both were 6-7 pt where there was room)
    best: tuple[tuple[float, bool, float], list[Shape]] | None = None
    widest = caption_size(spec, ctx, area.w)
    for csize in [widest - 0.25 * i for i in range(int((widest - CAPTION_MIN) / 0.25 + 1e-6) + 1)]:
        band = making_h(spec, csize)
        spare = area.bottom - (y + TABLE_TOP + throw_table_h(spec) + TABLE_GAP + band)
        table_h = throw_table_h(spec) + max(0.0, min(TABLE_SPARE, spare - 0.2))
        tried: list[Shape] = []
        try:
            sizes = []
            for k in range(n_tables):
                table, pt = throw_table(Box(area.x + 1.0 + k * (tw + TABLES_APART), y + TABLE_TOP, tw, table_h), spec, ctx)
                sizes.append(pt)
                tried.append(Group(tuple(table), tag=("throws", str(k + 1))))
        except LayoutError:
            continue  # the summary does not fit at TURN_MIN_PT beside captions this large
        # how a piece is made, in the band that is left
        steps = Box(area.x, y + TABLE_TOP + table_h + TABLE_GAP, area.w, band)
        if steps.bottom > area.bottom + 1e-6:
            continue
        # the summary (read at the table) as large as it goes, then captions set clearly apart from it
        # (0.5 pt and more: sizes a hair apart look like a slip), then the largest captions
        score = (min(sizes), abs(csize - min(sizes)) >= 0.5 - 1e-9, csize)
        if best is None or score > best[0]:
            best = (score, tried + making(steps, spec, ctx, csize))
    if best is None:
        raise LayoutError("the pieces page has no room for the coin-throw tables and how a piece is made")
    items += best[1]
    if saver:  # the ink-saver print's only pieces page: no "print this page or page 4" in its footer
        return Sheet(False, tuple(items), "pieces", caption=printed_text(ctx, "saver_caption"))
    # the solid black page: the last, printed instead of page 2 by whoever wants black faces
    return Sheet(False, tuple(items), "pieces solid-black", caption=ctx.cat.text("pieces_caption"), instead_of="pieces")


TABLES_APART = 4.0  # mm between the two coin-throw tables' cuts (round 16: 8; the quick card took a route and the win)
TABLE_GAP = 0.6  # mm from the coin-throw tables' cut to the making band
TABLE_TOP = 0.5  # mm from the blocks (their label gap, 1.5 mm under the colour) to the tables (round 14: 1.0)
PICTURES_TOP = 5.3  # mm from the band's top to the pictures' top: the knife of step 2 reaches 5 mm over it
MAKING_SCALE = 0.45
MAKING_STEPS = ("make_cut", "make_score", "make_fold", "make_glue", "make_trim", "make_ready")
CAPTION_MAX = 8.5  # pt: the making steps' captions, at most (round 14: 7 pt and less, with room to spare)
CAPTION_MIN = 7.0  # pt: and never less
CAPTION_GAP = 2.0  # mm between a picture's lowest ink and the top of its caption
CAPTION_PAD = 1.5  # mm each side of a caption in its picture's cell: 3 mm between two captions
LEADING = 1.2  # the captions' line spacing, in sizes


def caption_lines(text: str, width: float, m: Measure, lines: int = 2, size: float = CAPTION_MAX,
                  smallest: float = 5.5) -> tuple[list[str], float]:
    """A caption broken at its spaces (a no-break space holds) into at most
    `lines` lines of `width` mm, two lines as even as they go, from `size`
    shrunk in 0.25 pt steps until it fits."""
    while size >= smallest - 1e-9:
        out: list[str] = []
        for word in text.split(" "):
            if out and m(out[-1] + " " + word, "Sans", size) <= width:
                out[-1] += " " + word
            else:
                out.append(word)
        if len(out) == 2:  # two lines as even as they go: no lone word under a full line
            words = text.split(" ")
            splits = [[" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))]
            out = min(splits, key=lambda pair: max(m(t, "Sans", size) for t in pair))
        if len(out) <= lines and all(m(t, "Sans", size) <= width for t in out):
            return out, size
        size -= 0.25
    raise LayoutError(f"the caption {text!r} does not fit {lines} lines of {width:.1f} mm at {smallest} pt")


def caption_size(spec: TabSpec, ctx: Context, width: float) -> float:
    """The one size of the six captions (a row of pictures set alike): the
    largest, up to CAPTION_MAX, at which each fits two lines of its cell,
    never under CAPTION_MIN."""
    cell = width / len(MAKING_STEPS) - 2 * CAPTION_PAD
    return min(caption_lines(ctx.cat.text(key), cell, ctx.measure, smallest=CAPTION_MIN)[1] for key in MAKING_STEPS)


def _pictures_h(spec: TabSpec) -> float:
    """From the making band's top to its captions' top: room for the arrow
    over the fold, the pictures (the ruler of step 2, with its stroke) and CAPTION_GAP."""
    return PICTURES_TOP + spec.piece * MAKING_SCALE + TRIM * MAKING_SCALE + 1.0 + 0.15 + CAPTION_GAP


def making_h(spec: TabSpec, size: float) -> float:
    """The making band's height with its captions at `size` (two lines each, and descenders)."""
    return _pictures_h(spec) + (0.93 + LEADING + 0.25) * size * PT


def making(box: Box, spec: TabSpec, ctx: Context, size: float) -> list[Shape]:
    """Six small pictures in a row, the order that forgives a slip: cut
    roughly round the outline, score the fold, fold on it, glue the faces
    back to back, cut on the outline through both layers, and the piece
    ready, plain face up. Each caption stands CAPTION_GAP under the lowest
    picture, all six at `size`."""
    cat, m = ctx.cat, ctx.measure
    k = MAKING_SCALE
    cell = box.w / len(MAKING_STEPS)
    y = box.y + PICTURES_TOP  # room for the arrow over the fold and the knife over the ruler
    # the pictures every fold-over piece is shown with (Ur's lots too), with the fold scored and the piece ready
    out = making_steps(box.x, y, cell, spec.piece, TRIM, k, _face(spec.piece, False, False), _face(spec.piece, False, True),
                       LIGHT_TINT, LIGHT_TINT, score=True, ready=True)
    top = box.y + _pictures_h(spec)
    for i, key in enumerate(MAKING_STEPS):
        lines, _ = caption_lines(cat.text(key), cell - 2 * CAPTION_PAD, m, size=size, smallest=size)
        for j, t in enumerate(lines):
            base = top + 0.93 * size * PT + j * LEADING * size * PT
            out.append(Text(box.x + cell * (i + 0.5), base, t, "Sans", size, m(t, "Sans", size), Anchor.MIDDLE))
    if box.y + making_h(spec, size) > box.bottom + 1e-6:
        raise LayoutError("the making steps' captions run past their band")
    return out


THROW_ROW = 4.0  # mm: a row of the coin-throw table (round 12: 5.0; the turn runs on under the scores)


def throw_table_h(spec: TabSpec) -> float:
    """A coin-throw table's height: heading, a row for each throw and the
    header row, the closing line 3 mm and more inside the bottom (it is cut out)."""
    return 9.0 + THROW_ROW * (len(spec.scores) + 1) + 4.0


TABLE_SPARE = 30.0  # mm: the most a table grows into room the page leaves (round 12: the turn has seven lines)
TURN_MIN_PT = 7.0  # the turn summary is read at the table: never smaller
TURN_MAX_PT = 9.0  # and as large as its table has room for (round 14: 8)
TURN_UNDER_MIN = 3.0  # mm: the least room under the scores worth running the turn on into
SCORES_W = 0.40  # of a table's width: the scores; the rest is the turn summary


def throw_table(box: Box, spec: TabSpec, ctx: Context) -> tuple[list[Shape], float]:
    """A player's aid, cut out along its frame: the throws and their scores
    on the left, a summary of a turn on the right; and the summary's size."""
    cat, m = ctx.cat, ctx.measure
    row_h = THROW_ROW
    base = row_h / 2 + 1.3  # a row's baseline: its 8 pt text centred in it
    h = box.h
    out: list[Shape] = [Rect(box.x, box.y, box.w, h, Style(width=0.4, role=Role.CUT))]
    # the scores take what their words need (2 mm each side), up to SCORES_W of the width: the rest is the turn's
    need_h = max(m(cap(cat.text("heads")), "Sans-Bold", 8), m(cat.text("all_tails"), "Sans", 8)) + 4.0
    need_v = max(m(cap(cat.text("score")), "Sans-Bold", 8), m("6", "Sans-Bold", 8)) + 4.0
    need_t = m(cat.text("throws_heading"), "Sans-Bold", 9) + 4.0 - 1.5
    sw = min(box.w * SCORES_W, max(3.0 + need_h + need_v, need_t))
    out.append(label(box.x + sw / 2 + 1.5, box.y + 6.0, cat.text("throws_heading"), "Sans-Bold", 9, m, sw - 4))
    y = box.y + 8.2  # the scores right under their heading (round 12: 9.0; the turn runs on under them)
    x0 = box.x + 3.0
    hw = (sw - 3.0) * need_h / (need_h + need_v)  # the heads' column
    vw = sw - 3.0 - hw  # the score's
    out.append(Rect(x0, y, sw - 3.0, row_h, Style(stroke=None, fill=grey(0.85))))
    out.append(label(x0 + hw / 2, y + base, cap(cat.text("heads")), "Sans-Bold", 8, m, hw - 2))
    out.append(label(x0 + hw + vw / 2, y + base, cap(cat.text("score")), "Sans-Bold", 8, m, vw - 2))
    for heads, score in spec.scores:
        y += row_h
        out.append(Line(x0, y, x0 + sw - 3.0, y, Style(width=0.2, stroke=grey(0.5))))
        left = str(heads) if heads else cat.text("all_tails")
        out.append(label(x0 + hw / 2, y + base, left, "Sans", 8, m, hw - 2))
        out.append(label(x0 + hw + vw / 2, y + base, str(score), "Sans-Bold", 8, m, vw - 2))
    # the turn, beside the scores: a heading and its numbered steps, 3 mm and more inside the cut;
    # where the table is taller than the scores, the steps run on under them across the whole
    # table (round 12: seven steps at 7 pt and more on US Letter)
    tx = box.x + sw + 4.0
    under = y + row_h + 0.3  # the scores' last row, and room under it
    room = box.y + h - 3.0 - under  # the last line 3 mm and more inside the cut
    beside_h = (under - box.y if room >= TURN_UNDER_MIN else h) - 8.0 - (0.0 if room >= TURN_UNDER_MIN else 3.5)
    out.append(Line(tx - 2.0, box.y + 3.0, tx - 2.0, box.y + 8.0 + beside_h, Style(width=0.2, stroke=grey(0.5))))
    tw = box.right - 3.0 - tx
    out.append(label(tx, box.y + 6.0, cat.text("turn_heading"), "Sans-Bold", 9, m, tw, Anchor.START))
    steps = parse_blocks(cat.blocks("turn", **text_values(spec, ctx.options)), cat.lang)
    boxes = [Box(tx, box.y + 8.0, tw, beside_h)]
    if room >= TURN_UNDER_MIN:
        boxes.append(Box(box.x + 3.0, under, box.w - 6.0, room))
    cols, pt = fit(steps, boxes, m, TURN_MAX_PT, TURN_MIN_PT, style=FlowStyle(leading=1.12, gap=0.15, indent=1.3))
    for col in cols:
        out += col
    return out, pt


ORIGINAL = "[[diagram:original]]"  # the rules blocks after it: the original's assembly text, in a box at the end
BOX_PT = 8.0  # the original's assembly text in its box: for reference, smaller than the rules, and legible at home (8 pt)
BOX_PAD = 2.5  # mm from the column's edges to the box's text
BOX_LINE = 0.5  # mm: the box's frame
BOX_GREY = grey(0.65)  # the frame light (round 18: grey(0.35) framed it like a step to follow; it is history)
BOX_INSET = 1.0  # mm from the column's edges to the frame's middle
BOX_STYLE = FlowStyle(heading_scale=1.1)
RULES_STYLE = FlowStyle(whole_items=True)  # a bullet of the notes is read whole: never split across the columns


def reference_box(blocks: list[Block], width: float, m: Measure) -> tuple[float, DiagramFn]:
    """The original's assembly text (its heading says it is there for
    reference) set small in a framed box the width of a rules column: the
    box's height, and what draws it in the place the rules flow gives it."""
    inner_w = width - 2 * BOX_PAD
    shapes = flow(blocks, [Box(0.0, 0.0, inner_w, 1000.0)], BOX_PT, m, style=BOX_STYLE)[0]
    bottom = max(t.y for t in shapes if isinstance(t, Text)) + 0.3 * BOX_PT * PT  # the last line's descenders
    h = bottom + 2 * BOX_PAD

    def draw(box: Box) -> tuple[Shape, ...]:
        inner = Box(box.x + BOX_PAD, box.y + BOX_PAD, inner_w, h - BOX_PAD)  # the text's own height, and room
        text = flow(blocks, [inner], BOX_PT, m, style=BOX_STYLE)[0]
        # the frame 1 mm inside the column, which may end at the safe area's edge
        return (Rect(box.x + BOX_INSET, box.y + BOX_LINE / 2, box.w - 2 * BOX_INSET, h - BOX_LINE,
                     Style(width=BOX_LINE, stroke=BOX_GREY)), *text)

    return h, draw


def rules_text(cat: Catalog, options: Options) -> list[str]:
    """The rules' templates as this print sets them: the catalog's "rules",
    but in the --ink-saver print (no solid black page 4) the making notes,
    the last section before the original's box, are "making_ink_saver"."""
    raw = list(texts_of(cat.raw("rules")))
    if options.variant is Variant.INK_SAVER and ORIGINAL in raw:
        end = raw.index(ORIGINAL)
        start = max(i for i, b in enumerate(raw[:end]) if b.startswith("## ")) + 1
        raw[start:end] = texts_of(cat.raw("making_ink_saver"))
    return raw


def build(ctx: Context) -> list[Sheet]:
    cat = ctx.cat
    vals = text_values(ctx.spec, ctx.options)
    raw: list[str] = []
    boxed: list[str] = []
    for b in (fill(t, vals, "rules", cat.file_of("rules")) for t in rules_text(cat, ctx.options)):
        if boxed or b == ORIGINAL:
            boxed.append(b)
        else:
            raw.append(b)
    diagrams: dict[str, tuple[float, DiagramFn]] = {}
    if boxed:  # the rules first, our making notes, then the original's assembly text in its box
        raw.append(ORIGINAL)
        if ctx.options.paper.name != "A4":  # the original says A4: our marked note under its heading says what this kit is on
            boxed.insert(2, cat.text("original_paper", **vals))
        width = column_boxes(content_box(ctx.options.paper, landscape=False), 2)[0].w
        diagrams["original"] = reference_box(parse_blocks(boxed[1:], cat.lang), width, ctx.measure)
    blocks = parse_blocks(raw, cat.lang)
    # the rules take one page, so pages 1-3 are the kit (board, grey pieces, rules) as the making notes say,
    # and the solid black pieces page, printed instead of page 2, is the last (not in the ink-saver print)
    rules = rules_sheets(blocks, ctx.options.paper, ctx.measure, "rules", title=(cat.text("title"), cat.text("subtitle")),
                         max_pages=1, diagrams=diagrams, style=RULES_STYLE)
    solid = [] if saves_ink(ctx) else [pieces_sheet(ctx)]
    return [board_sheet(ctx), pieces_sheet(ctx, saver=True), *rules, *solid]


KIT = Kit(
    id=KIT_ID,
    load_spec=load_spec,
    build=build,
    text_values=text_values,
    expected=expected,
    invariants=invariants,
    pieces=tab_pieces,
    rules_text=rules_text,
)
