"""The shared board and pieces geometry (pnp/layout/board.py,
pnp/layout/pieces.py), read as a printer would: where each square and each
piece's cut outline lands on the sheet, in mm."""

from __future__ import annotations

import pytest

from pnp.geometry import Group, Rect, Style, tagged, walk
from pnp.layout.board import Grid, board, frame, placed, squares
from pnp.layout.pieces import Piece, block, block_size, even_rows, per_row, slots
from pnp.modes import Role

CUT = Style(width=0.35, role=Role.CUT)


def _square_rects(items):
    """(tag, page x, page y, w, h) of each tagged square's first rectangle."""
    out = []
    for g, m in tagged(items):
        if g.tag[0] != "square":
            continue
        r = next(s for s in g.items if isinstance(s, Rect))
        a, _, _, d, e, f = m
        out.append((g.tag[1], a * r.x + e, d * r.y + f, r.w, r.h))
    return out


def test_a_grid_lists_its_squares_row_by_row_less_its_gaps():
    g = Grid(3, 8, 20.0, frozenset({(1, 5), (1, 6), (3, 5), (3, 6)}))
    cells = g.cells()
    assert len(cells) == 3 * 8 - 4
    assert cells[:5] == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 7)]
    assert (g.w, g.h) == (160.0, 60.0)
    assert g.at((2, 3)) == (40.0, 20.0)


def test_squares_land_a_square_apart_from_the_grid_corner():
    g = Grid(2, 3, 22.0)
    items = squares(g, 10.0, 30.0, lambda cell: Style(width=0.5), lambda cell: ("square", f"{cell[0]}-{cell[1]}"),
                    lambda cell, s: (Rect(s / 4, s / 4, s / 2, s / 2, Style()),) if cell == (2, 2) else ())
    found = {t: (x, y, w, h) for t, x, y, w, h in _square_rects(items)}
    assert set(found) == {f"{r}-{c}" for r in (1, 2) for c in (1, 2, 3)}
    for t, (x, y, w, h) in found.items():
        r, c = (int(v) for v in t.split("-"))
        assert (x, y) == pytest.approx((10.0 + (c - 1) * 22.0, 30.0 + (r - 1) * 22.0))
        assert (w, h) == (22.0, 22.0)
    # the art lies inside its own square, drawn over it
    (sq,) = [g for g in items if isinstance(g, Group) and g.tag == ("square", "2-2")]
    art = sq.items[1]
    assert isinstance(art, Rect) and (sq.dx + art.x, sq.dy + art.y) == pytest.approx((10.0 + 22.0 + 5.5, 30.0 + 22 + 5.5))


def test_a_board_is_its_grid_inside_a_border_and_a_cut_outline():
    g = Grid(4, 9, 25.0)
    grp, w, h = board(g, (24.5, 17.5), lambda cell: Style(), lambda cell: ("square", f"{cell[0]}-{cell[1]}"),
                      ("board", "4x9"))
    assert (w, h) == (9 * 25.0 + 2 * 24.5, 4 * 25.0 + 2 * 17.5)
    cuts = [s for s, _, _ in walk(grp.items) if isinstance(s, Rect) and s.style.role is Role.CUT]
    assert [(c.x, c.y, c.w, c.h) for c in cuts] == [(0.0, 0.0, w, h)]
    assert grp.items[-1] is cuts[0], "the cut outline is drawn last, over everything"
    moved = placed(grp, 12.0, 40.0)
    rects = _square_rects((moved,))
    assert len(rects) == 36
    assert min(x for _, x, _, _, _ in rects) == pytest.approx(12.0 + 24.5)
    assert max(y + hh for _, _, y, _, hh in rects) == pytest.approx(40.0 + h - 17.5)
    assert moved.tag == ("board", "4x9")


def test_a_picture_board_takes_its_size_not_its_grid_s():
    grp, w, h = board(Grid(0, 0, 0.0), (6.0, 6.0), lambda cell: Style(), lambda cell: ("square", ""), ("board", "b"),
                      inner=(150.0, 100.0))
    assert (w, h) == (162.0, 112.0)
    assert not _square_rects(grp.items)


def test_a_frame_runs_on_the_grid_s_outer_edge():
    f = frame(Grid(5, 5, 26.0), 20.0, 30.0, Style(width=1.0))
    assert (f.x, f.y, f.w, f.h) == (20.0, 30.0, 130.0, 130.0)


def test_a_row_holds_as_many_pieces_as_fit_with_their_gaps():
    p = Piece((), 20.0, 20.0)
    assert per_row(100.0, p, 2.0) == 4  # 4 x 20 + 3 x 2 = 86 mm; a fifth needs 108
    assert per_row(100.0, p) == 5  # sharing their cut lines: 5 x 20 = 100
    assert per_row(10.0, p) == 1  # never none


@pytest.mark.parametrize(("n", "widest", "want"), [(12, 8, 6), (13, 8, 7), (5, 8, 5), (16, 8, 8), (17, 8, 6)])
def test_rows_are_as_few_as_fit_and_as_even_as_they_go(n, widest, want):
    across = even_rows(n, widest)
    assert across == want
    assert across <= widest
    rows = -(-n // across)
    assert rows == -(-n // widest), "no more rows than the widest rows need"


def test_pieces_that_share_their_cut_lines_touch_and_their_field_bleeds_past():
    outline = Rect(0, 0, 36.0, 18.0, CUT)
    p = Piece((outline,), 36.0, 18.0)
    items = block(p, 9, 3, 15.0, 50.0, ("piece", "dark"), under=(0.0, 0.0, 0.0), bleed=2.5)
    field, *copies = items
    assert isinstance(field, Rect) and field.style.fill == (0.0, 0.0, 0.0)
    assert (field.x, field.y, field.w, field.h) == (12.5, 47.5, 3 * 36.0 + 5.0, 3 * 18.0 + 5.0)
    assert len(copies) == 9 and all(g.tag == ("piece", "dark") for g in copies)
    xs = sorted({g.dx for g in copies})
    ys = sorted({g.dy for g in copies})
    assert xs == [15.0, 51.0, 87.0] and ys == [50.0, 68.0, 86.0], "each cut line shared by its neighbours"
    assert block_size(p, 9, 3) == (108.0, 54.0)
    assert block_size(p, 2, 3, 2.0) == (74.0, 18.0)


def test_pieces_with_feet_start_their_outline_at_the_block_s_edge():
    foot = 5.0
    p = Piece((Rect(-foot, 0, 42.0, 16.0, CUT),), 42.0, 16.0, -foot)
    (g,) = block(p, 1, 1, 100.0, 10.0, ("pawn", "x"))
    cut = g.items[0]
    assert g.dx + cut.x == 100.0


def test_slots_centre_each_item_in_its_share():
    xs = slots(4, 10.0, 200.0, 42.0)
    assert xs == pytest.approx([10.0 + 50 * i + 4.0 for i in range(4)])
