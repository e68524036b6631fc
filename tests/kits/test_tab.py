"""Tâb: the game facts against the traditional game (print facts), and the
board and pieces as page data. Expected numbers come from the facts."""

from __future__ import annotations

import io
import subprocess

import pytest
from PIL import Image, ImageStat

from pnp.geometry import Box, Line, Rect, Text, shape_box, tagged, walk
from pnp.i18n import load_catalog
from pnp.kits import get_kit
from pnp.kits.tab import BAND_OVERLAP, TabSpec, band_length
from tests.helpers import LANGS, PAPER_IDS, group_box, joined_text, need_tool, rects_in
from tests.textlines import page_lines

KIT = "tab"
SOLID = "pieces solid-black"  # the solid black pieces page (the last), printed instead of the grey one
TAB_COMBOS = [(lg, p) for lg in LANGS for p in PAPER_IDS]


@pytest.fixture(scope="module")
def spec() -> TabSpec:
    return get_kit(KIT).load_spec()


def test_the_facts_are_the_traditional_game(spec):
    # print facts: 4 rows of 9 squares, 9 pieces a player, four casting sticks
    assert (spec.rows, spec.columns) == (4, 9)
    assert spec.pieces_per_player == 9
    assert spec.coins == 4
    assert spec.players == (2,)
    # 1-4 heads score 1-4; all tails scores 6; throw until a 2 or 3
    assert dict(spec.scores) == {1: 1, 2: 2, 3: 3, 4: 4, 0: 6}
    assert set(dict(spec.scores)) == set(range(spec.coins + 1)), "every number of heads has a score"
    assert set(spec.stop_on) == {2, 3}


def test_a_piece_fits_in_a_square_and_a_marker_on_a_piece(spec):
    assert 0 < spec.piece < spec.square
    assert 0 < spec.marker <= spec.piece - 6.0, "a band round a piece leaves 13 mm and more of it to see"


def test_expected_components_follow_the_facts(spec, built):
    kit = get_kit(KIT)
    want = kit.expected(spec, built(KIT).options)
    # the suggested rules: 4 rows of 9 squares, nine pieces a player, one
    # row-4 marker for each piece; a coin-throw table for each of the 2 players
    assert want == {
        "board:4x9": 1,
        "square": 4 * 9,
        "piece:light": 9,
        "piece:dark": 9,
        "marker:light": 9,
        "marker:dark": 9,
        "throws": 2,
    }


def test_rules_numbers_come_from_the_facts(spec, built):
    b = built(KIT, "en", "letter")
    values = get_kit(KIT).text_values(spec, b.options)
    assert values["coins"] == spec.coins
    assert values["pieces"] == spec.pieces_per_player
    assert values["paper"] == "US Letter"


def _page(built, lang, paper_id, label):
    pages = [p for p in built(KIT, lang, paper_id).pages if p.label == label]
    assert len(pages) == 1, f"one {label!r} page"
    return pages[0]


def _tags(page, kind):
    return [(g, m) for g, m in tagged(page.items) if g.tag[0] == kind]


@pytest.mark.parametrize(("lang", "paper_id"), TAB_COMBOS)
def test_the_board_is_one_landscape_component(built, spec, lang, paper_id):
    page = _page(built, lang, paper_id, "board")
    assert page.width > page.height, "the board is laid out on a landscape page"
    boards = _tags(page, "board")
    assert [g.tag for g, _ in boards] == [("board", f"{spec.rows}x{spec.columns}")]


@pytest.mark.parametrize(("lang", "paper_id"), TAB_COMBOS)
def test_the_board_is_a_grid_of_squares_of_the_stated_size(built, spec, lang, paper_id):
    page = _page(built, lang, paper_id, "board")
    S = spec.square
    squares = _tags(page, "square")
    assert len(squares) == spec.rows * spec.columns == 36
    cells = {}
    for g, m in squares:
        rects = list(rects_in(g, m))
        assert len(rects) == 1, f"square {g.tag[1]} is drawn as one Rect"
        rect, box = rects[0]
        assert (rect.w, rect.h) == (S, S), f"square {g.tag[1]} is {rect.w} x {rect.h} mm, not {S}"
        assert box.w == pytest.approx(S, abs=1e-9) and box.h == pytest.approx(S, abs=1e-9)
        r, c = (int(v) for v in g.tag[1].split("-"))
        assert (r, c) not in cells, f"square {g.tag[1]} twice"
        cells[(r, c)] = box
    assert set(cells) == {(r, c) for r in range(1, spec.rows + 1) for c in range(1, spec.columns + 1)}
    x0, y0 = cells[(1, 1)].x, cells[(1, 1)].y
    for (r, c), box in cells.items():
        assert box.x == pytest.approx(x0 + (c - 1) * S, abs=1e-6), f"square {r}-{c} out of its column"
        assert box.y == pytest.approx(y0 + (r - 1) * S, abs=1e-6), f"square {r}-{c} out of its row"
    # the grid lies inside the board's outline
    (board, bm), = _tags(page, "board")
    outline = group_box(board, bm)
    grid = cells[(1, 1)].union(cells[(spec.rows, spec.columns)])
    assert grid.w == pytest.approx(spec.columns * S) and grid.h == pytest.approx(spec.rows * S)
    assert outline.contains(grid)


@pytest.mark.parametrize(("lang", "paper_id"), TAB_COMBOS)
def test_there_are_nine_pieces_a_side_smaller_than_a_square(built, spec, lang, paper_id):
    page = _page(built, lang, paper_id, "pieces")
    p = spec.piece
    for side in ("light", "dark"):
        pieces = [(g, m) for g, m in _tags(page, "piece") if g.tag[1] == side]
        assert len(pieces) == spec.pieces_per_player == 9, side
        for g, m in pieces:
            # a fold-over piece: two faces p x p side by side inside one cut outline,
            # the fold line on their shared edge
            cuts = [(r, b) for r, b in rects_in(g, m) if r.style.role == "cut"]
            assert len(cuts) == 1, "one cut outline per piece"
            _, strip = cuts[0]
            assert (strip.w, strip.h) == pytest.approx((2 * p, p))
            assert not [s for s in g.items if isinstance(s, Line) and s.style.role == "cut"], "no cut between the faces"
            middle = [s for s in g.items if isinstance(s, Line) and s.style.role == "fold"]
            assert len(middle) == 1
            assert middle[0].x1 == middle[0].x2 == pytest.approx(cuts[0][0].x + p), "the fold is the shared edge"
            assert middle[0].y1 == pytest.approx(cuts[0][0].y) and middle[0].y2 == pytest.approx(cuts[0][0].y + p)
            bleed = 2.0  # each piece's colour (black, or a pale tint) runs 2 mm past its cut, into the gap
            assert group_box(g, m).w <= 2 * p + 2 * bleed + 1e-6 and group_box(g, m).h <= p + 2 * bleed + 1e-6, \
                "art stays on its faces"
            assert p < spec.square, "a piece is smaller than a square"
    assert not [t for t in _tags(page, "piece") if t[0].tag[1] not in ("light", "dark")]


@pytest.mark.parametrize(("lang", "paper_id"), TAB_COMBOS)
def test_there_are_nine_row_four_markers_a_side(built, spec, lang, paper_id):
    page = _page(built, lang, paper_id, "pieces")
    for side in ("light", "dark"):
        markers = [(g, m) for g, m in _tags(page, "marker") if g.tag[1] == side]
        assert len(markers) == spec.pieces_per_player
        for g, m in markers:
            # round 18: a band, one cut outline as long as a loop round a piece, and no fold
            cut = [b for r, b in rects_in(g, m) if r.style.role == "cut"]
            assert len(cut) == 1
            assert (cut[0].w, cut[0].h) == pytest.approx((band_length(spec.piece), spec.marker))
            assert not [s for s in g.items if isinstance(s, Line) and s.style.role == "fold"]


@pytest.mark.parametrize(("lang", "paper_id"), TAB_COMBOS)
def test_no_two_pieces_or_markers_overlap(built, lang, paper_id):
    page = _page(built, lang, paper_id, "pieces")
    parts = _tags(page, "piece") + _tags(page, "marker")
    boxes = [(f"{g.tag[0]}:{g.tag[1]}#{i}", group_box(g, m)) for i, (g, m) in enumerate(parts)]
    assert len(boxes) == 36
    # round 18: two bands share their cut line (one cut between them), so their boxes meet, by its stroke
    boxes = [(k, Box(b.x, b.y + 0.2, b.w, b.h - 0.4) if k.startswith("marker") else b) for k, b in boxes]
    clashes = [(a, b) for i, (a, ba) in enumerate(boxes) for b, bb in boxes[i + 1 :] if ba.overlaps(bb)]
    assert not clashes, clashes[:3]


@pytest.mark.parametrize(("lang", "paper_id"), TAB_COMBOS)
def test_the_throw_table_lists_every_score(built, spec, lang, paper_id):
    text = joined_text(_page(built, lang, paper_id, "pieces"))
    cat = load_catalog(KIT, lang)
    assert text.count(cat.text("throws_heading")) == 2, "a throw table for each player"
    assert cat.text("all_tails") in text
    assert text.count(cat.text("turn_heading")) == 2, "a turn summary on each table"


def test_the_board_squares_are_exactly_the_stated_size_on_paper(built, spec):
    """The board is drawn 1:1: nothing scales the group that holds it."""
    page = _page(built, "en", "a4", "board")
    for _, m in _tags(page, "board") + _tags(page, "square"):
        assert abs(m[0]) == pytest.approx(1.0) and abs(m[3]) == pytest.approx(1.0)


def _raster(rendered, lang, paper_id, page_no, dpi):
    png = subprocess.run([need_tool("pdftoppm"), "-png", "-gray", "-r", str(dpi), "-f", str(page_no), "-l", str(page_no),
                          str(rendered(KIT, lang, paper_id))], capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(png)).convert("L")


def _cut_box(g, m):
    (box,) = [b for r, b in rects_in(g, m) if r.style.role == "cut"]
    return box


@pytest.mark.parametrize(("lang", "paper_id"), TAB_COMBOS)
def test_piece_faces_carry_no_caption(built, rendered, lang, paper_id):
    """Read from the rendered PDF: no character lies on a piece (the note
    above the pieces says once what plain and star mean)."""
    page = _page(built, lang, paper_id, "pieces")
    index = [p.label for p in built(KIT, lang, paper_id).pages].index("pieces")
    pieces = [_cut_box(g, m) for g, m in _tags(page, "piece")]
    pt = 72 / 25.4
    lines = page_lines(rendered(KIT, lang, paper_id))[index]
    assert lines, "the page has text"
    for ln in lines:
        x0, x1, y = ln.x / pt, ln.right / pt, page.height - ln.base / pt
        for b in pieces:
            assert not (x0 < b.right and x1 > b.x and b.y < y < b.bottom), f"{ln.text!r} is set on a piece"


@pytest.mark.parametrize("paper_id", PAPER_IDS)
def test_dark_faces_are_inked_past_their_cut(built, rendered, paper_id):
    """Rasterised at 200 dpi, every pixel in a ring 0.25-0.6 mm outside
    each dark piece's cut line is black: a cut that misses by half a
    millimetre leaves no white edge."""
    page = _page(built, "en", paper_id, SOLID)
    index = [p.label for p in built(KIT, "en", paper_id).pages].index(SOLID)
    dpi = 200
    img = _raster(rendered, "en", paper_id, index + 1, dpi)
    px = dpi / 25.4
    dark = [_cut_box(g, m) for g, m in _tags(page, "piece") if g.tag[1] == "dark"]
    assert len(dark) == 9
    block = dark[0]
    for b in dark[1:]:
        block = block.union(b)
    for b in dark:
        for x0, y0, x1, y1 in ((b.x - 0.6, b.y, b.x - 0.25, b.bottom), (b.right + 0.25, b.y, b.right + 0.6, b.bottom),
                               (b.x, b.y - 0.6, b.right, b.y - 0.25), (b.x, b.bottom + 0.25, b.right, b.bottom + 0.6)):
            lightest = img.crop((round(x0 * px), round(y0 * px), round(x1 * px), round(y1 * px))).getextrema()[1]
            if block.contains(Box(x0, y0, x1 - x0, y1 - y0)):
                # beside a neighbour that shares the cut: black, or that neighbour's light grey cut line; never paper
                assert lightest <= 215, f"paper beside the cut of a dark piece at ({b.x:.1f}, {b.y:.1f}): {lightest}"
            else:
                assert lightest < 80, f"white beside the cut of a dark piece at ({b.x:.1f}, {b.y:.1f}): {lightest}"


@pytest.mark.parametrize("paper_id", PAPER_IDS)
def test_a_row_four_marker_stands_out_on_the_piece_it_sits_on(built, rendered, spec, paper_id):
    """A marker is a band round a piece (round 18), narrower than the piece
    by 6 mm and more; rasterised, each band (but for its glue end) is in the
    other colour from its owner's pieces (dark round a light piece, light
    round a dark one), with its 4s in the contrasting ink."""
    page = _page(built, "en", paper_id, SOLID)
    index = [p.label for p in built(KIT, "en", paper_id).pages].index(SOLID)
    dpi = 150
    img = _raster(rendered, "en", paper_id, index + 1, dpi)
    px = dpi / 25.4
    bands = [(g.tag[1], _cut_box(g, m)) for g, m in _tags(page, "marker")]
    assert len(bands) == 2 * spec.pieces_per_player
    for side, b in bands:
        assert spec.piece - b.h >= 6.0, f"a band {b.h:.1f} mm wide hides much of a {spec.piece} mm piece"
        run = b.w - BAND_OVERLAP
        inner = img.crop((round((b.x + 0.6) * px), round((b.y + 0.6) * px), round((b.x + run - 0.6) * px),
                          round((b.bottom - 0.6) * px)))
        lo, hi = inner.getextrema()
        assert lo < 60 and hi > 200, f"marker at ({b.x:.1f}, {b.y:.1f}): no 4 in contrasting ink"
        mean = ImageStat.Stat(inner).mean[0]
        if side == "light":
            assert mean < 110, f"a light player's marker is dark, to show on a light piece ({mean:.0f})"
        else:
            assert mean > 150, f"a dark player's marker is light, to show on a dark piece ({mean:.0f})"


@pytest.mark.parametrize("paper_id", PAPER_IDS)
def test_the_board_is_pure_black_and_white_with_a_frame_and_a_track(built, paper_id):
    page = _page(built, "en", paper_id, "board")
    (board, bm), = _tags(page, "board")
    colours = set()
    for s, _, _ in walk(board.items, bm):
        paints = (s.color,) if isinstance(s, Text) else (s.style.stroke, s.style.fill)
        colours |= {c for c in paints if c is not None}
    assert colours <= {(0.0, 0.0, 0.0), (1.0, 1.0, 1.0)}, colours
    outline = group_box(board, bm)
    frames = [shape_box(s, m) for s, m, _ in walk(board.items, bm)
              if isinstance(s, Rect) and s.style.role != "cut" and s.w > outline.w - 10]
    assert frames, "a frame inside the cut line"
    tracks = [s for s, _, _ in walk(board.items, bm) if isinstance(s, Line) and s.style.dash and s.y1 == s.y2]
    assert len(tracks) >= 4, "a track along every row"
