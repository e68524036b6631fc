"""Pieces on a sheet, one implementation for every kit: the pieces kind of a
data kit (pnp/kinds/pieces.py), Tâb's pieces and row-4 markers, Kesse
Rüben's tokens and pawns. A piece is its shapes (one-sided, cut round its
outline, or a fold-over piece from pnp.layout.foldover) and the size of
its cut outline; a block is `count` copies in rows, either apart (each cut
on its own) or touching (neighbours share their cut lines, so a row is cut
with a few long cuts), optionally on a field inked past the block's outer
cut (a dark piece shows no white edge when a cut misses). Pure geometry in
mm; the kits keep their own art, headings and notes.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry import BLACK, RGB, Group, Rect, Shape, Style


@dataclass(frozen=True)
class Piece:
    """One piece in its own coordinates: its cut outline from (x0, 0) to
    (x0 + w, h) (a fold-over piece with feet starts at x0 = -foot)."""

    shapes: tuple[Shape, ...]
    w: float
    h: float
    x0: float = 0.0


def per_row(width: float, piece: Piece, gap: float = 0.0) -> int:
    """How many pieces a row of `width` mm holds (at least one)."""
    return max(1, int((width + gap) // (piece.w + gap)))


def even_rows(n: int, widest: int) -> int:
    """Pieces a row for `n` of them, at most `widest`: as few rows as fit,
    and the rows as even as they go (12 at 8 a row: 6 + 6, not 8 + 4)."""
    return -(-n // -(-n // widest))


def rows(n: int, across: int) -> int:
    return -(-n // across)


def block_size(piece: Piece, n: int, across: int, gap: float = 0.0) -> tuple[float, float]:
    """The width and height of a block of n pieces, `across` a row: the
    outer edges of its cut lines."""
    cols, down = min(n, across), rows(n, across)
    return cols * piece.w + (cols - 1) * gap, down * piece.h + (down - 1) * gap


def field(x: float, y: float, w: float, h: float, bleed: float, fill: RGB = BLACK) -> Rect:
    """A colour under a block of pieces that share their cut lines, `bleed`
    mm past the block's outer cut on every side."""
    return Rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, Style(stroke=None, fill=fill))


def block(piece: Piece, n: int, across: int, x: float, y: float, tag: tuple[str, str], *, gap: float = 0.0,
          under: RGB | None = None, bleed: float = 0.0) -> list[Shape]:
    """n copies of the piece in rows of `across`, the block's cut outline
    starting at (x, y), `gap` mm between neighbours (0: they share their cut
    lines), each copy a group tagged `tag` on the sheet itself (as the
    validator and the print-shop export find it). With `under`, a field of
    that colour lies under the whole block, `bleed` mm past its cut."""
    out: list[Shape] = []
    if under is not None:
        out.append(field(x, y, *block_size(piece, n, across, gap), bleed, under))
    for k in range(n):
        r, c = divmod(k, across)
        out.append(Group(piece.shapes, x - piece.x0 + c * (piece.w + gap), y + r * (piece.h + gap), tag=tag))
    return out


def slots(n: int, x: float, width: float, w: float) -> list[float]:
    """Where n items of width w start, each centred in its equal share of a
    band of `width` mm from x (the pawns in a row)."""
    share = width / n
    return [x + i * share + (share - w) / 2 for i in range(n)]
