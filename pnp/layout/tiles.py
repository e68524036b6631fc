"""A board larger than the paper, split into tiles: pure geometry in mm.

A grid board is cut only along its grid lines, so every square lies whole on
one tile (and is counted once); a board of one picture anywhere, into equal
tiles (`picture_tiles`). Each tile but the last of its row carries a
glue strip `overlap` mm wide on its right, each but the last of its column
one below: the next tile is cut along its own edge and laid over the strip,
its grid lines meeting the strip's marks. A tile is then its part of the
board plus its strips, and must fit the room a page gives it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.errors import LayoutError

OVERLAP = 10.0  # mm: the glue strip along a tile's edge that the next tile covers


@dataclass(frozen=True)
class Tile:
    """One tile: its row and column (from 1) of rows x columns, and its
    part of the board in the board's own coordinates (x0, y0)-(x1, y1)."""

    row: int
    column: int
    rows: int
    columns: int
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def strip_right(self) -> bool:
        return self.column < self.columns

    @property
    def strip_below(self) -> bool:
        return self.row < self.rows

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    def outer(self, overlap: float = OVERLAP) -> tuple[float, float]:
        """Width and height of the tile with its strips."""
        return self.w + (overlap if self.strip_right else 0.0), self.h + (overlap if self.strip_below else 0.0)


def spans(border: float, square: float, n: int, room: float, overlap: float = OVERLAP) -> list[tuple[float, float]]:
    """The board's length (border + n squares + border) cut into spans that
    each fit `room` with a strip after every span but the last. Cuts fall on
    grid lines between squares (never on the first or last line, which would
    leave a tile of border alone); each span is made as long as it can be."""
    total = 2 * border + n * square
    lines = [border + k * square for k in range(1, n)]
    out: list[tuple[float, float]] = []
    start = 0.0
    while total - start > room + 1e-6:
        fits = [g for g in lines if g > start + 1e-6 and g - start + overlap <= room + 1e-6]
        if not fits:
            raise LayoutError(f"a square of {square:g} mm and its {overlap:g} mm glue strip do not fit the "
                              f"{room:.0f} mm the paper holds")
        out.append((start, fits[-1]))
        start = fits[-1]
    out.append((start, total))
    return out


def tiles(border: float, square: float, columns: int, rows: int, room_w: float, room_h: float,
          overlap: float = OVERLAP) -> list[Tile]:
    """The tiles of a grid board, row by row, for a page that holds room_w x room_h mm."""
    xs = spans(border, square, columns, room_w, overlap)
    ys = spans(border, square, rows, room_h, overlap)
    return [Tile(r, c, len(ys), len(xs), x0, y0, x1, y1)
            for r, (y0, y1) in enumerate(ys, 1) for c, (x0, x1) in enumerate(xs, 1)]


def even_spans(total: float, room: float, overlap: float = OVERLAP) -> list[tuple[float, float]]:
    """A length that may be cut anywhere (a picture) cut into the fewest
    equal spans that each fit `room` with a strip after every span but the last."""
    if total <= room + 1e-6:
        return [(0.0, total)]
    if room - overlap <= 1e-6:
        raise LayoutError(f"a {overlap:g} mm glue strip does not fit the {room:.0f} mm the paper holds")
    n = max(2, math.ceil((total / (room - overlap)) - 1e-9))
    step = total / n
    return [(k * step, total if k == n - 1 else (k + 1) * step) for k in range(n)]


def picture_tiles(w: float, h: float, room_w: float, room_h: float, overlap: float = OVERLAP) -> list[Tile]:
    """The tiles of a board of one picture (w x h mm, cut anywhere), row by
    row, for a page that holds room_w x room_h mm: equal tiles, as few as fit."""
    xs = even_spans(w, room_w, overlap)
    ys = even_spans(h, room_h, overlap)
    return [Tile(r, c, len(ys), len(xs), x0, y0, x1, y1)
            for r, (y0, y1) in enumerate(ys, 1) for c, (x0, x1) in enumerate(xs, 1)]
