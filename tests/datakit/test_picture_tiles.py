"""A board of one picture larger than the paper, printed across sheets
(pnp/kinds/board.py, pnp.layout.tiles.picture_tiles), judged from the
printed PDF: as many tiles as the paper implies, each inside the printable
area at its size, one board counted, and each glue strip showing the same
strip of the picture as the start of the tile laid over it (rasters
compared), for SVG art and for PNG art."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageDraw, ImageStat

from pnp.cli import main
from tests.helpers import PAPER_MM, SAFE_MARGIN, refused_render

W, H, BORDER = 380.0, 250.0, 6.0  # the picture, and the board's border round it: 392 x 262 mm
STRIP = 10.0  # mm: the glue strip the README promises
CUT = 0.5  # mm: the width of the cut line round a tile
DPI = 100
PX = DPI / 25.4  # pixels a mm
DARK = 100  # the art is light (every colour lighter than this grey): darker is the tiles' own lines
INSET = 1.5  # mm kept off the cut lines and the dashed seam when strips are compared
PALE = ["#F4C7A1", "#A9D3F0", "#B8E6C9", "#EBC2DC", "#F7E1A0", "#C9C3F2", "#D9D9D9"]


def _svg(path: Path, w: float, h: float) -> None:
    """Light art that differs everywhere: dots of many sizes and colours, grey diagonals."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" viewBox="0 0 {w} {h}">',
             f'<rect x="0" y="0" width="{w}" height="{h}" fill="#FBF6EA"/>']
    for i in range(0, int(w), 13):
        for j in range(0, int(h), 11):
            parts.append(f'<circle cx="{i + 5}" cy="{j + 4}" r="{2 + (i * 3 + j) % 5}" fill="{PALE[(i + 2 * j) % 7]}"/>')
    for i in range(0, int(w + h), 31):
        parts.append(f'<path d="M {i} 0 L {i - h} {h}" stroke="#B0B0B0" stroke-width="0.8" fill="none"/>')
    parts.append("</svg>")
    path.write_text("\n".join(parts), encoding="utf-8")


def _png(path: Path, w: float, h: float) -> None:
    """The same kind of art as a PNG at 300 dpi."""
    k = 300 / 25.4
    im = Image.new("RGB", (math.ceil(w * k), math.ceil(h * k)), "#FBF6EA")
    draw = ImageDraw.Draw(im)
    for i in range(0, int(w), 13):
        for j in range(0, int(h), 11):
            r = 2 + (i * 3 + j) % 5
            draw.ellipse(((i + 5 - r) * k, (j + 4 - r) * k, (i + 5 + r) * k, (j + 4 + r) * k), fill=PALE[(i + 2 * j) % 7])
    im.save(path, optimize=False)


def _kit(tmp: Path, art: str, w: float = W, h: float = H) -> Path:
    """The starter kit with its board made one picture of w x h mm."""
    result = CliRunner().invoke(main, ["new", str(tmp / "picture")])
    assert result.exit_code == 0, result.output
    folder = tmp / "picture"
    name = f"art/map.{art}"
    (_svg if art == "svg" else _png)(folder / name, w, h)
    game = folder / "game.toml"
    text = game.read_text(encoding="utf-8")
    board = re.search(r'kind = "board"\n.*?\n\n', text, re.S)
    assert board is not None
    game.write_text(text.replace(board.group(0), f'kind = "board"\nheading = "board_heading"\nart = "{name}"\n'
                                                 f'size = [{w}, {h}]\nborder = {BORDER}\n\n'), encoding="utf-8")
    return folder


def _render(folder: Path, out: Path, *options: str) -> None:
    from pnp import kits

    before = dict(kits._ADDED)  # the folder's kit is forgotten again (conftest does it for each test, not here)
    try:
        result = CliRunner().invoke(main, ["render", str(folder), "--out", str(out), "--lang", "en", *options])
    finally:
        kits._ADDED.clear()
        kits._ADDED.update(before)
    assert result.exit_code == 0, result.output
    assert "all hold" in result.output  # validated: one board, ink on it, every check


def _spans(length: float, room: float) -> int:
    """Tiles along one side of a picture: equal, each with a strip but the last, as few as fit."""
    return 1 if length <= room else math.ceil(length / (room - STRIP))


def _expected(paper: str) -> tuple[int, int]:
    """(rows, columns) of tiles: the room on a page is the paper less its
    6.35 mm margins, the header (6 mm) and footer (12 mm) bands, over the
    tile the heading and the instructions (14 mm), and the cut line's width;
    the board goes the way that takes fewer tiles (its own on a tie)."""
    pw, ph = PAPER_MM[paper]
    bw, bh = W + 2 * BORDER, H + 2 * BORDER
    best = None
    for w, h in ((ph, pw), (pw, ph)):  # landscape first: the board is wider than high
        room_w, room_h = w - 2 * SAFE_MARGIN - CUT, h - 2 * SAFE_MARGIN - 6.0 - 12.0 - 14.0 - CUT
        n = (_spans(bh, room_h), _spans(bw, room_w))
        best = n if best is None or n[0] * n[1] < best[0] * best[1] else best
    assert best is not None
    return best


def _tiles(pdf: Path) -> dict[tuple[int, int], tuple[Image.Image, tuple[int, int]]]:
    """Each tile page as printed (RGB), by the tile its header names, with the tile grid (rows, columns)."""
    out = {}
    doc = pdfium.PdfDocument(pdf)
    for i in range(len(doc)):
        page = doc[i]
        m = re.search(r"tile (\d+)/(\d+) of (\d+) × (\d+)", page.get_textpage().get_text_range())
        if m:
            out[(int(m[1]), int(m[2]))] = (page.render(scale=DPI / 72).to_pil().convert("RGB"), (int(m[3]), int(m[4])))
    return out


def _edges(image: Image.Image) -> tuple[float, float, float, float]:
    """The tile's cut outline, in mm from the page's top left: the outermost
    long dark lines (left, top, right, bottom). The art is lighter than
    DARK, so only the outline, the dashed seams and the text are dark; the
    text is short and a dashed line inks little more than half its length."""
    dark = image.convert("L").point(lambda v: 255 if v < DARK else 0)
    w, h = dark.size

    def runs(vertical: bool, least: float) -> list[float]:
        line = dark.resize((w, 1) if vertical else (1, h), Image.Resampling.BOX).tobytes()
        flags = [v / 255 * (h if vertical else w) / PX >= least for v in line]
        out, start = [], None
        for i, f in enumerate([*flags, False]):
            if f and start is None:
                start = i
            elif not f and start is not None:
                out.append((start + i) / 2 / PX)
                start = None
        return out

    cols = runs(True, 0.8 * (H + 2 * BORDER) / 3)
    rows = runs(False, 0.8 * (W + 2 * BORDER) / 3)
    return cols[0], rows[0], cols[-1], rows[-1]


def _crop(image: Image.Image, x0: float, y0: float, x1: float, y1: float) -> Image.Image:
    return image.crop((round(x0 * PX), round(y0 * PX), round(x1 * PX), round(y1 * PX)))


def _differ(a: Image.Image, b: Image.Image) -> float:
    """The mean difference of two crops of (nearly) one size, 0-255."""
    size = (min(a.width, b.width), min(a.height, b.height))
    diff = ImageChops.difference(a.crop((0, 0, *size)), b.crop((0, 0, *size)))
    return sum(ImageStat.Stat(diff).mean) / 3


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("picture-tiles")
    folder = _kit(tmp, "svg")
    _render(folder, tmp / "out")
    return {p: tmp / "out" / f"picture-en-{p}.pdf" for p in ("a4", "letter")}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_large_picture_prints_in_as_many_tiles_as_the_paper_implies(printed, paper):
    rows, cols = _expected(paper)
    assert rows * cols > 1
    tiles = _tiles(printed[paper])
    assert set(tiles) == {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)}
    assert {grid for _, grid in tiles.values()} == {(rows, cols)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_tile_is_its_part_of_the_board_and_strips_inside_the_printable_area(printed, paper):
    """Measured on the page: every tile's cut outline is its share of the
    board (equal tiles) plus a 10 mm strip where a tile follows, and no ink
    comes within 6.35 mm of the paper's edge."""
    rows, cols = _expected(paper)
    tw, th = (W + 2 * BORDER) / cols, (H + 2 * BORDER) / rows
    for (r, c), (image, _) in _tiles(printed[paper]).items():
        left, top, right, bottom = _edges(image)
        assert right - left == pytest.approx(tw + (STRIP if c < cols else 0.0), abs=0.4), f"tile {r}/{c}"
        assert bottom - top == pytest.approx(th + (STRIP if r < rows else 0.0), abs=0.4), f"tile {r}/{c}"
        w, h = image.size
        m = int(SAFE_MARGIN * PX) - 1
        grey = image.convert("L")
        for box in ((0, 0, w, m), (0, h - m, w, h), (0, 0, m, h), (w - m, 0, w, h)):
            assert grey.crop(box).getextrema()[0] >= 250, f"tile {r}/{c}: ink within {SAFE_MARGIN} mm of the edge"


def _strips_match(tiles: dict[tuple[int, int], tuple[Image.Image, tuple[int, int]]], rows: int, cols: int) -> None:
    """Each strip (right and below) against the first STRIP mm of the tile
    laid over it: the same picture, where the strip one STRIP further into
    that tile is another (so the comparison sees a wrong strip)."""
    edges = {k: _edges(im) for k, (im, _) in tiles.items()}
    tw, th = (W + 2 * BORDER) / cols, (H + 2 * BORDER) / rows
    compared = 0
    for (r, c), (image, _) in tiles.items():
        left, top, _, _ = edges[(r, c)]
        if c < cols:
            nxt, (nl, nt, _, _) = tiles[(r, c + 1)][0], edges[(r, c + 1)]
            strip = _crop(image, left + tw + INSET, top + INSET, left + tw + STRIP - INSET, top + th - INSET)
            same = _crop(nxt, nl + INSET, nt + INSET, nl + STRIP - INSET, nt + th - INSET)
            other = _crop(nxt, nl + STRIP + INSET, nt + INSET, nl + 2 * STRIP - INSET, nt + th - INSET)
            assert _differ(strip, same) < 4, f"tile {r}/{c}: its right strip is not the start of tile {r}/{c + 1}"
            assert _differ(strip, other) > 4 * _differ(strip, same) + 4
            compared += 1
        if r < rows:
            nxt, (nl, nt, _, _) = tiles[(r + 1, c)][0], edges[(r + 1, c)]
            strip = _crop(image, left + INSET, top + th + INSET, left + tw - INSET, top + th + STRIP - INSET)
            same = _crop(nxt, nl + INSET, nt + INSET, nl + tw - INSET, nt + STRIP - INSET)
            other = _crop(nxt, nl + INSET, nt + STRIP + INSET, nl + tw - INSET, nt + 2 * STRIP - INSET)
            assert _differ(strip, same) < 4, f"tile {r}/{c}: its strip below is not the start of tile {r + 1}/{c}"
            assert _differ(strip, other) > 4 * _differ(strip, same) + 4
            compared += 1
    assert compared == rows * (cols - 1) + cols * (rows - 1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_strip_shows_the_picture_the_next_tile_starts_with(printed, paper):
    _strips_match(_tiles(printed[paper]), *_expected(paper))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_picture_board_is_counted_once(printed, paper):
    content = b""
    with pikepdf.open(printed[paper]) as pdf:
        for page in pdf.pages:
            page.contents_coalesce()
            content += page.Contents.read_bytes()
    assert content.count(b"/K (board)") == 1


def test_png_art_is_tiled_too(tmp_path):
    """A PNG picture board (at 300 dpi) on A4: its tiles' strips match as the SVG's do."""
    folder = _kit(tmp_path, "png")
    _render(folder, tmp_path / "out", "--paper", "a4")
    rows, cols = _expected("a4")
    tiles = _tiles(tmp_path / "out" / "picture-en-a4.pdf")
    assert set(tiles) == {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)}
    _strips_match(tiles, rows, cols)


def test_a_print_shop_gets_the_picture_board_whole(tmp_path):
    """--format cards: the board is one piece of 392 x 262 mm (its trim box),
    the picture drawn once, clipped only to its own viewBox (its dots reach
    past it), not once for each tile."""
    folder = _kit(tmp_path, "svg")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["render", str(folder), "--out", str(out), "--lang", "en", "--format", "cards"])
    assert result.exit_code == 0, result.output
    (pdf,) = out.glob("picture-en-cards/*.pdf")
    with pikepdf.open(pdf) as doc:
        boards = []
        for page in doc.pages:
            page.contents_coalesce()
            content = page.Contents.read_bytes()
            if b"/K (board)" in content:
                x0, y0, x1, y1 = (float(v) for v in page.TrimBox)
                boards.append(((x1 - x0) * 25.4 / 72, (y1 - y0) * 25.4 / 72, content.count(b" re W n")))
    assert len(boards) == 1
    w, h, clips = boards[0]
    assert w == pytest.approx(W + 2 * BORDER, abs=0.05)
    assert h == pytest.approx(H + 2 * BORDER, abs=0.05)
    assert clips == 1


@pytest.mark.parametrize(("size", "words"), [
    ("[1000.0, 300.0]", ["components[1].size", "1012 x 312 mm", "at most 1000 mm a side"]),
    ("[300.0, 1001.0]", ["components[1].size[1]", "less than or equal to 1000, not 1001.0"]),
])
def test_a_board_larger_than_the_bound_is_one_line(tmp_path, size, words):
    folder = _kit(tmp_path, "svg", 300.0, 200.0)
    game = folder / "game.toml"
    game.write_text(game.read_text(encoding="utf-8").replace("size = [300.0, 200.0]", f"size = {size}"),
                    encoding="utf-8")
    line = refused_render(folder, tmp_path / "out", "--paper", "a4")
    for w in words:
        assert w in line, line
