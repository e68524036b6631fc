"""A board of squares, one implementation for every kit: the board kind of
a data kit (pnp/kinds/board.py), Tâb's board and Kesse Rüben's. Pure
geometry in mm; what makes a board a kit's own comes in as data and
callables: each square's style, the art drawn in it (in the square's own
(0, 0)-(s, s)), the shapes round the grid (Tâb's row badges, arcs and
legends), and the tags the validator and the print-shop export count.

    grid = Grid(rows, columns, square, gaps)
    squares(grid, x, y, style, art, tag)   # the squares, each a tagged group at its place
    board(grid, border, ...)               # the squares inside a border and a cut outline, one tagged group
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pnp.geometry import RGB, Group, Rect, Shape, Style
from pnp.modes import Role

Cell = tuple[int, int]  # (row, column), from 1, row 1 at the top
SquareStyle = Callable[[Cell], Style]  # the square's outline and fill
SquareArt = Callable[[Cell, float], Sequence[Shape]]  # (cell, side): the art in the square's own (0, 0)-(side, side)
SquareTag = Callable[[Cell], "tuple[str, str]"]
CUT = Style(width=0.5, role=Role.CUT)


@dataclass(frozen=True)
class Grid:
    """Rows of columns of squares of one side (mm), less the gaps."""

    rows: int
    columns: int
    square: float
    gaps: frozenset[Cell] = frozenset()

    @property
    def w(self) -> float:
        return self.columns * self.square

    @property
    def h(self) -> float:
        return self.rows * self.square

    def cells(self) -> list[Cell]:
        """Every square, row by row from the top, left to right."""
        return [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.columns + 1) if (r, c) not in self.gaps]

    def at(self, cell: Cell) -> tuple[float, float]:
        """The top-left corner of a square, from the grid's."""
        return (cell[1] - 1) * self.square, (cell[0] - 1) * self.square


def squares(grid: Grid, x: float, y: float, style: SquareStyle, tag: SquareTag,
            art: SquareArt | None = None) -> list[Shape]:
    """The grid's squares with the grid's top-left corner at (x, y): each a
    group, tagged, in its own (0, 0)-(s, s) moved to its place, its square
    (the group's first rectangle) under its art."""
    s = grid.square
    out: list[Shape] = []
    for cell in grid.cells():
        sx, sy = grid.at(cell)
        items: tuple[Shape, ...] = (Rect(0, 0, s, s, style(cell)), *(art(cell, s) if art is not None else ()))
        out.append(Group(items, x + sx, y + sy, tag=tag(cell)))
    return out


def frame(grid: Grid, x: float, y: float, style: Style) -> Rect:
    """A line round the grid at (x, y), on its outer edge."""
    return Rect(x, y, grid.w, grid.h, style)


def board(grid: Grid, border: tuple[float, float], style: SquareStyle, tag: SquareTag, board_tag: tuple[str, str], *,
          art: SquareArt | None = None, background: RGB | None = None, under: Sequence[Shape] = (),
          over: Sequence[Shape] = (), cut: Style = CUT, inner: tuple[float, float] | None = None,
          ) -> tuple[Group, float, float]:
    """The board in its own coordinates, its cut outline at (0, 0)-(w, h):
    a background (if any), `under` (a picture under the squares), the
    squares `border` = (left and right, top and bottom) mm inside the
    outline, `over` (what the kit draws round the grid) and the cut
    outline. `inner` is the size inside the border when it is not the
    grid's (a board of one picture has no squares). Returns the tagged
    group, its width and height; place it with `placed`."""
    bx, by = border
    iw, ih = inner if inner is not None else (grid.w, grid.h)
    w, h = iw + 2 * bx, ih + 2 * by
    items: list[Shape] = []
    if background is not None:
        items.append(Rect(0, 0, w, h, Style(stroke=None, fill=background)))
    items += under
    items += squares(grid, bx, by, style, tag, art)
    items += over
    items.append(Rect(0, 0, w, h, cut))
    return Group(tuple(items), tag=board_tag), w, h


def placed(g: Group, x: float, y: float) -> Group:
    """A board group moved to (x, y) on its sheet."""
    return Group(g.items, x, y, g.rotate, g.tag, g.scale, g.clip)
