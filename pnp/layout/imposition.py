"""Imposition: grids of cards on a sheet, crop marks, and where each card's
back lands for every way of printing backs. Pure geometry in mm."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import LayoutError
from pnp.geometry import Box, Line, Shape, Style, grey
from pnp.modes import Backs, Role
from pnp.paper import Paper

MARK = Style(stroke=grey(0.2), width=0.2, role=Role.MARK)  # a guide for the knife, not a line to cut
MARK_GAP = 1.5  # mm between the cut and the start of a crop mark
MARK_LEN = 3.0


@dataclass(frozen=True)
class Grid:
    """Cards of size (cw, ch) butted in `cols` x `rows` on a page of
    (pw, ph), centred so that fronts and mirrored backs coincide."""

    pw: float
    ph: float
    cw: float
    ch: float
    cols: int
    rows: int

    @property
    def x(self) -> float:
        return (self.pw - self.cols * self.cw) / 2

    @property
    def y(self) -> float:
        return (self.ph - self.rows * self.ch) / 2

    @property
    def box(self) -> Box:
        return Box(self.x, self.y, self.cols * self.cw, self.rows * self.ch)

    def cell(self, col: int, row: int) -> Box:
        return Box(self.x + col * self.cw, self.y + row * self.ch, self.cw, self.ch)

    def slots(self) -> list[tuple[int, int]]:
        """Slots in reading order: row by row, left to right."""
        return [(c, r) for r in range(self.rows) for c in range(self.cols)]


def fit_grid(paper: Paper, cw: float, ch: float, cols: int, rows: int, landscape: bool) -> Grid:
    w, h = paper.size(landscape)
    g = Grid(w, h, cw, ch, cols, rows)
    safe = paper.safe(landscape)
    need = MARK_GAP + MARK_LEN
    if g.x - need < safe.x - 1e-6 or g.y - need < safe.y - 1e-6:
        raise LayoutError(f"{cols} x {rows} cards of {cw} x {ch} mm leave no room for crop marks on {paper.name}")
    return g


def crop_marks(g: Grid) -> list[Shape]:
    """Marks only outside the grid, in line with every cut."""
    out: list[Shape] = []
    b = g.box
    for i in range(g.cols + 1):
        x = b.x + i * g.cw
        out.append(Line(x, b.y - MARK_GAP, x, b.y - MARK_GAP - MARK_LEN, MARK))
        out.append(Line(x, b.bottom + MARK_GAP, x, b.bottom + MARK_GAP + MARK_LEN, MARK))
    for j in range(g.rows + 1):
        y = b.y + j * g.ch
        out.append(Line(b.x - MARK_GAP, y, b.x - MARK_GAP - MARK_LEN, y, MARK))
        out.append(Line(b.right + MARK_GAP, y, b.right + MARK_GAP + MARK_LEN, y, MARK))
    return out


def cut_lines(g: Grid) -> list[Shape]:
    """The shared cut lines across the grid: thin, in a mid grey dark enough
    to find and cut on (hobby17b Ludo 1: grey 0.6 read as a faint hairline)."""
    st = Style(stroke=grey(0.45), width=0.15, role=Role.CUT)
    b = g.box
    out: list[Shape] = [Line(b.x + i * g.cw, b.y, b.x + i * g.cw, b.bottom, st) for i in range(g.cols + 1)]
    out += [Line(b.x, b.y + j * g.ch, b.right, b.y + j * g.ch, st) for j in range(g.rows + 1)]
    return out


def back_slot(mode: Backs, col: int, row: int, g: Grid) -> tuple[int, int, float]:
    """Where the back of the card in slot (col, row) is printed on the back
    sheet, and how far it is turned, for a sheet in landscape:

    - duplex-short: the sheet turns over about its short edge, which on a
      landscape page is the vertical axis: columns mirror, backs upright.
    - duplex-long: it turns over about its long edge, the horizontal axis:
      rows mirror, and the backs are printed turned 180 degrees so that they
      read upright after the flip.
    """
    if not mode.is_duplex:
        raise LayoutError(f"no back sheet in mode {mode.value!r}")
    if mode.flips_rows:
        return col, g.rows - 1 - row, 180.0
    return g.cols - 1 - col, row, 0.0


def flip_point(mode: Backs, x: float, y: float, pw: float, ph: float) -> tuple[float, float]:
    """The point on the back page that lies behind (x, y) on the front, for a
    landscape page of (pw, ph) turned over as `mode` says."""
    if not mode.is_duplex:
        raise LayoutError(f"no back sheet in mode {mode.value!r}")
    if mode.flips_rows:
        return x, ph - y
    return pw - x, y


def page_shift(mode: Backs, offset: tuple[float, float]) -> tuple[float, float]:
    """How far the back page's content moves, in page coordinates (y down),
    for `--back-offset X,Y`. The user reads X,Y off the alignment rulers
    with the back side facing them (right and up positive): the sheet turned
    over on its flip edge shows the back page upright in either mode, so X
    moves right and Y moves up on the back page itself."""
    if not mode.is_duplex:
        raise LayoutError(f"no back sheet in mode {mode.value!r}")
    x, y = offset
    return x, -y
