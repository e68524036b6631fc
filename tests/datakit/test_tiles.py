"""A board larger than the paper, printed across sheets (pnp.layout.tiles,
pnp/kinds/board.py), judged from the printed PDF: how many tiles the paper
implies, the glue strip where it says, no ink in the margins, one board
counted, and the tiles put back together (each laid with its edge on the
strip before it) reproducing the grid lines to within 0.3 mm."""

from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main
from tests.helpers import PAPER_MM, SAFE_MARGIN, refused_render

ROWS, COLUMNS, SQUARE, BORDER = 12, 16, 24.0, 8.0  # a board of 400 x 304 mm
STRIP = 10.0  # mm: the glue strip the README promises
DPI = 200
PX = DPI / 25.4  # pixels a mm
LONG = 90.0  # mm: a line this long is a grid line or a cut, not text, a tick or the scale bar
TOL = 0.3  # mm
CUT = 0.5  # mm: the width of the cut line round a tile


def _kit(tmp_path: Path) -> Path:
    result = CliRunner().invoke(main, ["new", str(tmp_path / "big")])
    assert result.exit_code == 0, result.output
    game = tmp_path / "big" / "game.toml"
    text = game.read_text(encoding="utf-8")
    board = re.search(r'kind = "board"\n.*?\n\n', text, re.S)
    assert board is not None
    text = text.replace(board.group(0), f'kind = "board"\nrows = {ROWS}\ncolumns = {COLUMNS}\nsquare = {SQUARE}\n'
                                         f'border = {BORDER}\n\n')
    game.write_text(text, encoding="utf-8")
    return tmp_path / "big"


def _runs(flags: list[bool]) -> list[float]:
    """The centres (in mm) of the runs of True."""
    out, start = [], None
    for i, f in enumerate([*flags, False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append((start + i) / 2 / PX)
            start = None
    return out


def _profile(dark: Image.Image, vertical: bool) -> list[float]:
    """Dark mm in each column (vertical) or row of a 0/255 image, by a box resize (C speed)."""
    w, h = dark.size
    line = dark.resize((w, 1) if vertical else (1, h), Image.Resampling.BOX)
    return [v / 255 * (h if vertical else w) / PX for v in line.tobytes()]


def _lines(dark: Image.Image, vertical: bool, least: float) -> list[float]:
    return _runs([v >= least for v in _profile(dark, vertical)])


def _tiles(pdf: Path) -> dict[tuple[int, int], tuple[Image.Image, tuple[int, int]]]:
    """Each tile page as a 0/255 image of its dark ink, by the tile its header names."""
    out = {}
    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        page = doc[i]
        head = page.get_textpage().get_text_range()
        m = re.search(r"tile (\d+)/(\d+) of (\d+) × (\d+)", head)
        if m:
            grey = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
            out[(int(m[1]), int(m[2]))] = (grey, (int(m[3]), int(m[4])))
    return out


def _count(length: float, room: float, n: int) -> int:
    """Tiles along one side: cut on grid lines, a strip after each but the last, each as long as fits."""
    lines = [BORDER + k * SQUARE for k in range(1, n)]
    start, tiles = 0.0, 1
    while length - start > room:
        start = max(g for g in lines if g > start and g - start + STRIP <= room)
        tiles += 1
    return tiles


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[str, Path]:
    from pnp import kits

    tmp = tmp_path_factory.mktemp("tiles")
    folder = _kit(tmp)
    out = tmp / "out"
    before = dict(kits._ADDED)  # the folder's kit is forgotten again (conftest does it for each test, not here)
    try:
        result = CliRunner().invoke(main, ["render", str(folder), "--out", str(out), "--lang", "en"])
    finally:
        kits._ADDED.clear()
        kits._ADDED.update(before)
    assert result.exit_code == 0, result.output
    assert "all hold" in result.output  # validated: one board, every square, ink on each
    return {p: out / f"big-en-{p}.pdf" for p in ("a4", "letter")}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_large_board_prints_in_as_many_tiles_as_the_paper_implies(printed, paper):
    """The room on a page: the paper less its 6.35 mm margins, the header
    (6 mm) and footer (12 mm) bands of every page, and over the tile the
    heading and the instructions (14 mm), and the width of the cut line
    (0.5 mm: half of it inks outside the outline). The board goes the way that
    takes fewer tiles."""
    w, h = PAPER_MM[paper]
    best = None
    for pw, ph in ((h, w), (w, h)):
        room_w, room_h = pw - 2 * SAFE_MARGIN - CUT, ph - 2 * SAFE_MARGIN - 6.0 - 12.0 - 14.0 - CUT
        n = (_count(2 * BORDER + COLUMNS * SQUARE, room_w, COLUMNS), _count(2 * BORDER + ROWS * SQUARE, room_h, ROWS))
        best = n if best is None or n[0] * n[1] < best[0] * best[1] else best
    tiles = _tiles(printed[paper])
    assert set(tiles) == {(r, c) for r in range(1, best[1] + 1) for c in range(1, best[0] + 1)}
    assert {grid for _, grid in tiles.values()} == {(best[1], best[0])}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_is_counted_once_and_its_squares_once(printed, paper):
    content = b""
    with pikepdf.open(printed[paper]) as pdf:
        for page in pdf.pages:
            page.contents_coalesce()
            content += page.Contents.read_bytes()
    assert content.count(b"/K (board)") == 1
    assert content.count(b"/K (square)") == ROWS * COLUMNS


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiles_leave_the_margins_clear(printed, paper):
    for (r, c), (grey, _) in _tiles(printed[paper]).items():
        w, h = grey.size
        m = int(SAFE_MARGIN * PX) - 1
        for box in ((0, 0, w, m), (0, h - m, w, h), (0, 0, m, h), (w - m, 0, w, h)):
            assert grey.crop(box).getextrema()[0] >= 250, f"tile {r}/{c}: ink within {SAFE_MARGIN} mm of the edge"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_tiles_put_back_together_reproduce_the_grid(printed, paper):
    """Each tile's long lines, measured on the printed page: its cut edges
    and grid lines, and where it has a strip, the strip's inner edge (its
    last grid line) and outer cut STRIP mm further. Laying each tile with
    its left (top) edge on the strip's inner edge of the tile before it
    puts every line where the board has one, within 0.3 mm; and the marks
    on a strip meet the lines of the tile laid over it."""
    tiles = _tiles(printed[paper])
    rows = max(r for r, _ in tiles)
    cols = max(c for _, c in tiles)
    dark = {k: g.point(lambda v: 255 if v < 128 else 0) for k, (g, _) in tiles.items()}
    vert = {k: _lines(d, True, LONG) for k, d in dark.items()}
    horiz = {k: _lines(d, False, LONG) for k, d in dark.items()}
    board_x = [0.0, *(BORDER + k * SQUARE for k in range(COLUMNS + 1)), 2 * BORDER + COLUMNS * SQUARE]
    board_y = [0.0, *(BORDER + k * SQUARE for k in range(ROWS + 1)), 2 * BORDER + ROWS * SQUARE]

    def assemble(lines: dict[tuple[int, int], list[float]], n: int, along: int, want: list[float]) -> None:
        for other in range(1, (rows if along == 1 else cols) + 1):
            seen: list[float] = []
            at = 0.0  # where this tile's first edge lies on the board
            for i in range(1, n + 1):
                ls = lines[(other, i) if along == 1 else (i, other)]
                if i < n:
                    assert ls[-1] - ls[-2] == pytest.approx(STRIP, abs=TOL), "the glue strip is 10 mm wide"
                    ls = ls[:-1]  # the strip's outer cut lies under the next tile
                seen += [at + v - ls[0] for v in ls]
                at += ls[-1] - ls[0]
            merged = sorted(seen)
            for v in merged:
                assert min(abs(v - b) for b in want) <= TOL, f"a line at {v:.2f} mm where the board has none"
            for b in want:
                assert min(abs(v - b) for v in merged) <= TOL, f"the board's line at {b:.2f} mm is missing"

    assemble(vert, cols, 1, board_x)
    assemble(horiz, rows, 2, board_y)
    # the marks on each right-hand strip meet the horizontal lines of the tile laid over it
    for (r, c), d in dark.items():
        if c == cols:
            continue
        inner = vert[(r, c)][-2]
        strip = d.crop((int((inner + 0.6) * PX), 0, int((inner + 4.0) * PX), d.size[1]))
        ticks = _lines(strip, False, 2.5)
        top = horiz[(r, c)][0]
        nxt = horiz[(r, c + 1)]
        nxt = nxt[:-1] if r < rows else nxt  # the next tile's own strip below is not its grid
        assert len(ticks) == len(nxt)
        for t, v in zip(ticks, nxt, strict=True):
            assert t - top == pytest.approx(v - nxt[0], abs=TOL)


def test_a_print_shop_gets_the_tiled_board_whole(tmp_path):
    """--format cards: a print shop prints large, so the board is one piece
    of 400 x 304 mm (its trim box) with every square, not its tiles."""
    folder = _kit(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["render", str(folder), "--out", str(out), "--lang", "en", "--format", "cards"])
    assert result.exit_code == 0, result.output
    (pdf,) = out.glob("big-en-cards/*.pdf")
    with pikepdf.open(pdf) as doc:
        boards = []
        for i, page in enumerate(doc.pages):
            page.contents_coalesce()
            if b"/K (board)" in page.Contents.read_bytes():
                x0, y0, x1, y1 = (float(v) for v in page.TrimBox)
                boards.append((i, (x1 - x0) * 25.4 / 72, (y1 - y0) * 25.4 / 72))
    assert len(boards) == 1
    i, w, h = boards[0]
    assert w == pytest.approx(2 * BORDER + COLUMNS * SQUARE, abs=0.05)
    assert h == pytest.approx(2 * BORDER + ROWS * SQUARE, abs=0.05)
    grey = pdfium.PdfDocument(pdf)[i].render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
    dark = grey.point(lambda v: 255 if v < 128 else 0)
    grid_long = ROWS * SQUARE - 1.0  # the grid's lines, whole: no tile's edge breaks them
    assert len(_lines(dark, True, grid_long)) == COLUMNS + 1
    assert len(_lines(dark, False, COLUMNS * SQUARE - 1.0)) == ROWS + 1


@pytest.mark.parametrize(("board", "words"), [
    (f'rows = 2\ncolumns = 2\nsquare = 250.0\nborder = {BORDER}', ["board 'board'", "cannot be tiled", "250 mm"]),
    (f'rows = 40\ncolumns = 4\nsquare = 30.0\nborder = {BORDER}',
     ["components[1].rows x square", "136 x 1216 mm", "at most 1000 mm a side"]),
])
def test_a_board_that_cannot_be_tiled_is_one_line(tmp_path, board, words):
    folder = _kit(tmp_path)
    game = folder / "game.toml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace(f"rows = {ROWS}\ncolumns = {COLUMNS}\nsquare = {SQUARE}\nborder = {BORDER}", board),
                    encoding="utf-8")
    line = refused_render(folder, tmp_path / "out", "--paper", "a4")
    for w in words:
        assert w in line, line
