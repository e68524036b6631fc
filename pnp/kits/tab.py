"""Tâb: the board of 4 rows x 9 squares, 18 two-faced pieces, row-4
markers, the coin-throw aid, assembly instructions and suggested rules.
Designed for black-and-white print: nothing here needs colour."""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Annotated

import msgspec

from pnp.errors import LayoutError
from pnp.geometry import (
    BLACK,
    PT,
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
from pnp.kits import Context, Invariant, Kit
from pnp.layout.frame import Sheet, content_box
from pnp.layout.marks import cap, fitted_text, label
from pnp.layout.rules import rules_sheets
from pnp.options import Options
from pnp.spec import MAX_LIST, Count, Counts, Mm, Name, Schema, ascending, check_game, fits
from pnp.textflow import Measure, fit, parse_blocks

KIT_ID = "tab"
CUT = Style(width=0.35, role="cut")
LINE = Style(width=0.5)
BLEED = 1.0  # mm: dark faces are inked this far past their cut, so a miscut leaves no white edge
CHEQUER = 2.875  # mm: a cell of a row-4 marker's chequered edge (8 cells a side of 23 mm)


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


class TabGame(Schema, kw_only=True):  # kw_only: a field with a default comes first
    """The schema of templates/tab/game.toml."""

    title_key: Name = "title"
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
                   tuple(g.scores), tuple(g.stop_on))


def text_values(spec: TabSpec, options: Options) -> dict[str, object]:
    return {"paper": options.paper.name, "coins": spec.coins, "pieces": spec.pieces_per_player}


def expected(spec: TabSpec, options: Options) -> dict[str, int]:
    n = spec.pieces_per_player
    return {
        f"board:{spec.rows}x{spec.columns}": 1,
        "square": spec.rows * spec.columns,
        "piece:light": n,
        "piece:dark": n,
        "marker:light": n,
        "marker:dark": n,
    }


def invariants(spec: TabSpec) -> list[Invariant]:
    return [
        ("players", spec.players == (2,), f"Tâb is for 2 players; data says {spec.players}"),
        ("pieces fill a home row", spec.pieces_per_player == spec.columns,
         f"{spec.pieces_per_player} pieces for a row of {spec.columns} squares"),
        ("rows", spec.rows == 4, f"the path needs 4 rows; data says {spec.rows}"),
        ("a piece fits a square", spec.piece < spec.square, f"piece {spec.piece} mm, square {spec.square} mm"),
        ("a marker shows round a piece and fits a square", spec.piece + 3.0 <= spec.marker < spec.square,
         f"piece {spec.piece} mm, marker {spec.marker} mm, square {spec.square} mm"),
    ]


# ---- the board ---------------------------------------------------------

def _chevron(cx: float, cy: float, d: int) -> Path:
    st = Style(stroke=BLACK, width=0.6)
    return Path((("M", cx - 2.0 * d, cy - 3.0), ("L", cx + 2.0 * d, cy), ("L", cx - 2.0 * d, cy + 3.0)), st)


def _arc(x: float, y0: float, y1: float, side: int, bulge: float, dashed: bool) -> tuple[Shape, ...]:
    """A curved arrow leaving the board edge x at row centre y0 and coming
    back at y1, on the right (side=1) or left (side=-1) of the board."""
    st = Style(width=0.6, dash=(1.6, 1.0) if dashed else None)
    x0 = x + side * 0.8
    c = x + side * bulge
    path = Path((("M", x0, y0), ("C", c, y0, c, y1, x0 + side * 1.8, y1)), st)
    tip = x0
    head = polygon([(tip, y1), (tip + side * 2.4, y1 - 1.2), (tip + side * 2.4, y1 + 1.2)], Style(stroke=None, fill=BLACK))
    return (path, head)


def _badge(cx: float, cy: float, r: float, text: str, dark: bool, measure: Measure, rotate: float = 0.0) -> Group:
    fill, ink = (BLACK, WHITE) if dark else (WHITE, BLACK)
    size = r * 1.5 / PT
    w = measure(text, "Sans-Bold", size)
    items: tuple[Shape, ...] = (
        Circle(0, 0, r, Style(stroke=BLACK, fill=fill, width=0.35)),
        Text(0, 0.36 * size * PT, text, "Sans-Bold", size, w, "middle", ink),
    )
    return Group(items, cx, cy, rotate)


def board_sheet(ctx: Context) -> Sheet:
    spec: TabSpec = ctx.spec
    cat, m = ctx.cat, ctx.measure
    area = content_box(ctx.options.paper, landscape=True)
    S = spec.square
    gw, gh = spec.columns * S, spec.rows * S
    label_w, conn_w, band, pad = 9.0, 11.0, 14.0, 2.0
    ow = gw + 2 * (label_w + conn_w + pad)
    oh = gh + 2 * (band + pad)
    heading_h = 7.0
    ox = area.x + (area.w - ow) / 2
    oy = area.y + heading_h + max(0.0, (area.h - heading_h - oh) / 2)
    gx = ox + pad + label_w + conn_w
    gy = oy + pad + band
    items: list[Shape] = []
    items.append(label(area.cx, area.y + 4.0, cat.text("board_heading"), "Sans-Bold", 9, m, area.w))

    def yc(r: int) -> float:
        return gy + (r + 0.5) * S

    # Page row r (0 = top) is row rows-r for player A (bottom) and r+1 for B.
    # Rows 1 and 3 of a player run to his right, 2 and 4 to his left: seen
    # on the page, A's odd rows run rightwards, and B's (turned round) too.
    for r in range(spec.rows):
        a_row = spec.rows - r
        d = 1 if a_row % 2 == 1 else -1
        for c in range(spec.columns):
            x, y = gx + c * S, gy + r * S
            sq = Rect(x, y, S, S, LINE)
            items.append(Group((sq, _chevron(x + S / 2, y + S / 2, d)), tag=("square", f"{r + 1}-{c + 1}")))
        items.append(_badge(ox + pad + label_w / 2, yc(r), 3.4, str(a_row), False, m))
        items.append(_badge(ox + ow - pad - label_w / 2, yc(r), 3.4, str(r + 1), True, m, 180.0))
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
    for who, dark, y, rot in (("player_a", False, gy + gh + pad + band / 2, 0.0), ("player_b", True, gy - pad - band / 2, 180.0)):
        legend: list[Shape] = [
            label(0, -0.6, cat.text(who), "Sans-Bold", 8, m, gw - 10),
        ]
        branch = cat.text("branch")
        t, s, w = fitted_text(branch, "Sans", gw - 30, 7, m)
        lx = -(w + 12) / 2
        legend.append(Line(lx, 3.4, lx + 8, 3.4, Style(width=0.6, dash=(1.6, 1.0))))
        legend.append(polygon([(lx + 10, 3.4), (lx + 7.6, 2.2), (lx + 7.6, 4.6)], Style(stroke=None, fill=BLACK)))
        legend.append(Text(lx + 12, 4.4, t, "Sans", s, w))
        items.append(Group(tuple(legend), gx + gw / 2, y, rot))
        del dark
    # the journey: a dotted track along every row, from edge to edge, that the
    # arcs at the ends carry on to the next row
    track = Style(width=0.45, dash=(0.5, 1.5))
    for r in range(spec.rows):
        items.append(Line(gx, yc(r), gx + gw, yc(r), track))
    # a frame just inside the cut, with a diamond in each corner
    inset = 1.6
    items.append(Rect(ox + inset, oy + inset, ow - 2 * inset, oh - 2 * inset, Style(width=1.0)))
    d, k = 1.8, inset + 3.0
    for cx, cy in ((ox + k, oy + k), (ox + ow - k, oy + k), (ox + k, oy + oh - k), (ox + ow - k, oy + oh - k)):
        items.append(polygon([(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], Style(stroke=None, fill=BLACK)))
    outline = Rect(ox, oy, ow, oh, Style(width=0.5, role="cut"))
    board = Group((outline, *items[1:]), tag=("board", f"{spec.rows}x{spec.columns}"))
    return Sheet(True, (items[0], board), "board")


# ---- pieces, markers and the throw table ------------------------------

def _face(x: float, y: float, p: float, dark: bool, moved: bool) -> list[Shape]:
    """One face of a piece: a ring, with a star once the piece has moved.
    No caption: the note above the pieces says what plain and star mean."""
    ink = WHITE if dark else BLACK
    return [Circle(x + p / 2, y + p / 2, 0.3 * p, Style(stroke=ink, width=1.1))] + (
        [star(x + p / 2, y + p / 2, 0.21 * p, Style(stroke=None, fill=ink))] if moved else [])


def _marker(x: float, y: float, mk: float, dark: bool, m: Measure) -> list[Shape]:
    """A row-4 marker: larger than a piece, with a chequered edge that shows
    round the piece standing on it, on light and dark pieces alike."""
    fill, ink = (BLACK, WHITE) if dark else (WHITE, BLACK)
    n = round(mk / CHEQUER)
    cell = mk / n
    out: list[Shape] = [Rect(x, y, mk, mk, Style(stroke=None, fill=fill))]
    for i in range(n):
        for j in range(n):
            if (0 < i < n - 1 and 0 < j < n - 1) or (i + j) % 2 == 0:
                continue  # the inside, and every other cell of the edge
            out.append(Rect(x + i * cell, y + j * cell, cell, cell, Style(stroke=None, fill=ink)))
    size = mk * 0.45 / PT
    out.append(Text(x + mk / 2, y + mk / 2 + 0.36 * size * PT, "4", "Sans-Bold", size, m("4", "Sans-Bold", size), "middle", ink))
    out.append(Rect(x, y, mk, mk, CUT))
    return out


def pieces_sheet(ctx: Context) -> Sheet:
    spec: TabSpec = ctx.spec
    cat, m = ctx.cat, ctx.measure
    area = content_box(ctx.options.paper, landscape=False)
    p, mk = spec.piece, spec.marker
    items: list[Shape] = []
    head = parse_blocks(["## " + cat.text("pieces_heading"), cat.text("pieces_note"),
                         f"**{cat.text('markers_heading')}:** {cat.text('markers_note')}"], cat.lang)
    cols, _ = fit(head, [Box(area.x, area.y, area.w, 26.0)], m, 9.0, 7.0)
    items += cols[0]
    y = area.y + 27.0
    per_row = 3
    rows = -(-spec.pieces_per_player // per_row)
    strip_w = 2 * p
    gap = 2.5  # between pairs, so it is plain which two faces make a piece
    block_w = per_row * strip_w + (per_row - 1) * gap
    mcols = 3
    mrows = -(-spec.pieces_per_player // mcols)
    mgap = 1.5  # between markers, so each has its own cut
    mx0 = area.right - mcols * mk - (mcols - 1) * mgap - 0.5
    if mx0 < area.x + block_w + 4.0:
        raise LayoutError("the pieces and the row-4 markers do not fit side by side")
    for side, dark in (("light", False), ("dark", True)):
        name = cat.text(side)
        items.append(label(area.x, y + 3.0, cap(name), "Sans-Bold", 8, m, 60, "start"))
        items.append(label(mx0, y + 3.0, cap(cat.text("markers_heading")), "Sans-Bold", 8, m, mcols * mk, "start"))
        y0 = y + 5.0
        for i in range(spec.pieces_per_player):
            r, c = divmod(i, per_row)
            x, yy = area.x + 1.0 + c * (strip_w + gap), y0 + r * (p + gap)
            # the two faces of one piece side by side: cut both out, glue them back to back
            shapes: list[Shape] = []
            if dark:  # ink past the cut on every side
                shapes.append(Rect(x - BLEED, yy - BLEED, strip_w + 2 * BLEED, p + 2 * BLEED, Style(stroke=None, fill=BLACK)))
            shapes += _face(x, yy, p, dark, False) + _face(x + p, yy, p, dark, True)
            # a light grey cut on dark faces: seen on black and on the ink-saver tint (0.55) alike
            cut = Style(width=0.35, stroke=grey(0.8) if dark else BLACK, role="cut")
            shapes += [Rect(x, yy, strip_w, p, cut), Line(x + p, yy, x + p, yy + p, cut)]
            items.append(Group(tuple(shapes), tag=("piece", side)))
        for i in range(spec.pieces_per_player):
            r, c = divmod(i, mcols)
            mx, my = mx0 + c * (mk + mgap), y0 + r * (mk + mgap)
            items.append(Group(tuple(_marker(mx, my, mk, dark, m)), tag=("marker", side)))
        y = y0 + max(rows * (p + gap), mrows * (mk + mgap)) + 3.0
    # the coin-throw table, one for each player
    tw = (area.w - 10.0) / 2
    for k in range(2):
        items += throw_table(Box(area.x + 1.0 + k * (tw + 8.0), y + 2.0, tw, area.bottom - y - 2.0), spec, ctx)
    return Sheet(False, tuple(items), "pieces")


def throw_table(box: Box, spec: TabSpec, ctx: Context) -> list[Shape]:
    cat, m = ctx.cat, ctx.measure
    row_h = 6.0
    out: list[Shape] = [Rect(box.x, box.y, box.w, 10 + row_h * (len(spec.scores) + 1) + 9, Style(width=0.4))]
    out.append(label(box.cx, box.y + 6.0, cat.text("throws_heading"), "Sans-Bold", 9, m, box.w - 4))
    y = box.y + 10.0
    half = box.w / 2
    out.append(Rect(box.x + 3, y, box.w - 6, row_h, Style(stroke=None, fill=grey(0.85))))
    out.append(label(box.x + half / 2 + 1.5, y + 4.3, cap(cat.text("heads")), "Sans-Bold", 8, m, half - 6))
    out.append(label(box.x + half * 1.5 - 1.5, y + 4.3, cap(cat.text("score")), "Sans-Bold", 8, m, half - 6))
    for heads, score in spec.scores:
        y += row_h
        out.append(Line(box.x + 3, y, box.right - 3, y, Style(width=0.2, stroke=grey(0.5))))
        left = str(heads) if heads else cat.text("all_tails")
        out.append(label(box.x + half / 2 + 1.5, y + 4.3, left, "Sans", 8, m, half - 6))
        out.append(label(box.x + half * 1.5 - 1.5, y + 4.3, str(score), "Sans-Bold", 8, m, half - 6))
    y += row_h + 5.5
    out.append(label(box.cx, y, cat.text("throw_again"), "Sans-Italic", 7.5, m, box.w - 4))
    return out


def build(ctx: Context) -> list[Sheet]:
    cat = ctx.cat
    blocks = parse_blocks(cat.blocks("rules", **text_values(ctx.spec, ctx.options)), cat.lang)
    return [board_sheet(ctx), pieces_sheet(ctx), *rules_sheets(blocks, ctx.options.paper, ctx.measure, "rules",
                                                                   title=(cat.text("title"), cat.text("subtitle")))]


KIT = Kit(
    id=KIT_ID,
    load_spec=load_spec,
    build=build,
    text_values=text_values,
    expected=expected,
    invariants=invariants,
)
