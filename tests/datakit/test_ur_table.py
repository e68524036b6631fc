"""The Royal Game of Ur as a person meets it at the table, read from the
rendered PDF: pieces that stand out on the board (in greyscale too), the
path numbered on the board, colour past the cut, throwing lots made in
the order that forgives a slip, and the rules' words for all of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.printer import Component, read_pages

PAPERS = ("a4", "letter")


def _grey(rgb: tuple[int, int, int]) -> float:
    """The grey pnp prints a colour as with --greyscale (pnp.build.greyscale)."""
    r, g, b = (v / 255 for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _comps(path: Path, kind: str, value: str | None = None) -> list[Component]:
    return [c for p in read_pages(path) for c in p.components
            if c.kind == kind and (value is None or c.value == value)]


def test_light_pieces_are_pale_blue_and_stand_out_in_greyscale(rendered):
    """A light piece is pale blue, not white or cream: readable on the
    board's cream squares and white rosettes, and apart from the dark
    pieces when printed in greyscale (at least 0.15 of grey between each)."""
    path = rendered("ur", "en", "a4")
    light = _comps(path, "piece", "light")
    dark = _comps(path, "piece", "dark")
    assert len(light) == 7 and len(dark) == 7
    (board,) = _comps(path, "board")
    face = light[0].fills[0]
    r, g, b = face
    assert b > r + 40 and b > g + 15 and min(face) > 120, f"light pieces are pale blue, not {face}"
    squares = {f for f in board.fills if min(f) > 200}  # the cream squares and the white rosettes
    assert squares
    for sq in squares:
        assert abs(_grey(sq) - _grey(face)) >= 0.15, (sq, face)
    assert abs(_grey(dark[0].fills[0]) - _grey(face)) >= 0.15


# ---- colour past the cut ------------------------------------------------------------------------------------------

def _ur_facts() -> dict:
    import tomllib

    from pnp.paths import TEMPLATES

    with (TEMPLATES / "ur" / "game.toml").open("rb") as f:
        return tomllib.load(f)


def _component(kind: str, id_: str) -> dict:
    return next(c for c in _ur_facts()["components"] if c["kind"] == kind and c.get("id", kind) == id_)


def _covered(x: float, y: float, fields) -> bool:  # noqa: ANN001
    return any(f.x0 <= x <= f.x1 and f.y0 <= y <= f.y1 for f in fields)


def _page_of(path: Path, kind: str) -> int:
    return next(p.number - 1 for p in read_pages(path) if any(c.kind == kind for c in p.components))


@pytest.mark.parametrize("paper", PAPERS)
def test_the_board_runs_its_colour_past_its_cut(rendered, paper):
    """The board's `bleed` (game.toml): its tan border runs that many mm
    past the cut outline on every side and at every corner, so a knife that
    misses the line shows tan, not white; all of it on the printable area."""
    from tests.kits.test_table_ready import page_objects

    bleed = _component("board", "board")["bleed"]
    assert bleed >= 2.0
    path = rendered("ur", "en", paper)
    objs = [o for o in page_objects(path, _page_of(path, "board")) if o.tag == ("board", "board")]
    (cut,) = [o for o in objs if o.kind == "path" and o.stroke > 0 and not o.filled and not o.dashed and o.w > 100]
    fields = [o for o in objs if o.kind == "path" and o.filled and o.stroke == 0 and o.w > 100]
    x0, y0, x1, y1 = cut.line()
    d = bleed - 0.02
    for x in (x0 - d, (x0 + x1) / 2, x1 + d):
        for y in (y0 - d, (y0 + y1) / 2, y1 + d):
            if (x, y) != ((x0 + x1) / 2, (y0 + y1) / 2):
                assert _covered(x, y, fields), f"no colour {bleed} mm past the board's cut at ({x:.1f}, {y:.1f})"
    assert not _covered(x0 - bleed - 0.3, y0 - bleed - 0.3, fields)  # the field ends at the bleed: it was measured
    assert min(f.x0 for f in fields) >= 6.35 - 0.01 and min(f.y0 for f in fields) >= 6.35 - 0.01


@pytest.mark.parametrize("paper", PAPERS)
def test_every_piece_runs_its_colour_past_its_round_cut_and_stands_clear(rendered, paper):
    """A piece's colour reaches `bleed` mm past its round outline (left,
    right, above, below), and two pieces' outlines stand at least 2 x bleed
    apart, so each is cut in a gap of its own colour."""
    from tests.kits.test_table_ready import page_objects

    bleed = _component("pieces", "piece")["bleed"]
    assert bleed >= 1.5
    path = rendered("ur", "en", paper)
    objs = page_objects(path, _page_of(path, "piece"))
    for side in ("light", "dark"):
        mine = [o for o in objs if o.tag == ("piece", side) and o.kind == "path"]
        cuts = [o for o in mine if o.stroke > 0 and not o.filled and o.w > 15]
        fields = [o for o in mine if o.filled and o.stroke == 0 and o.w > 15]
        assert len(cuts) == 7
        for cut in cuts:
            x0, y0, x1, y1 = cut.line()
            cx, cy, d = (x0 + x1) / 2, (y0 + y1) / 2, bleed - 0.02
            for x, y in ((x0 - d, cy), (x1 + d, cy), (cx, y0 - d), (cx, y1 + d)):
                assert _covered(x, y, fields), f"a {side} piece's colour stops short of {bleed} mm past its cut"
            others = [o.line() for o in cuts if o is not cut]
            gap = min(max(ox0 - x1, x0 - ox1, oy0 - y1, y0 - oy1) for ox0, oy0, ox1, oy1 in others)
            assert gap >= 2 * bleed - 0.05, f"{side} pieces only {gap:.2f} mm apart"


DPI = 200  # the board's page as pixels, for what only pixels show: a line's colour, a border's ink


def _board_pixels(path: Path):  # noqa: ANN202
    """The board's page as an RGB picture at DPI, and a function from mm on the page to that picture's pixel."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        img = doc[_page_of(path, "board")].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    return img, lambda mm: int(round(mm / 25.4 * DPI))


def _dark_runs(values: list[float], dark: float = 0.45) -> list[tuple[int, int]]:
    """The runs (first, last index) of values below `dark` (a luminance 0-1)."""
    runs: list[tuple[int, int]] = []
    for i, v in enumerate(values):
        if v < dark:
            if runs and runs[-1][1] == i - 1:
                runs[-1] = (runs[-1][0], i)
            else:
                runs.append((i, i))
    return runs


@pytest.mark.parametrize("paper", PAPERS)
def test_the_board_has_one_cut_line_on_a_light_border(rendered, paper):
    """Across the board's border, from the paper outside its colour to the
    grid, there is one line only: the dark cut line the heading names,
    where the PDF's cut outline is; the colour's own edge, `bleed` mm
    further out, is no second line. The border is a light tint, not a
    solid dark field: less than a third ink on average (a hobbyist prints
    it on an inkjet), on all four sides."""
    from tests.kits.test_table_ready import page_objects

    board = _component("board", "board")
    bleed, border = board["bleed"], board["border"]
    path = rendered("ur", "en", paper)
    objs = [o for o in page_objects(path, _page_of(path, "board")) if o.tag == ("board", "board")]
    (cut,) = [o for o in objs if o.kind == "path" and o.stroke > 0 and not o.filled and not o.dashed and o.w > 100]
    x0, y0, x1, y1 = cut.line()
    img, px = _board_pixels(path)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2

    def lum(x: float, y: float) -> float:
        return _grey(img.getpixel((px(x), px(y))))  # type: ignore[arg-type]

    step = 25.4 / DPI
    sides = {  # from the paper outside, across the bleed and the border, to just short of the grid: (x, y) per step
        "left": [(x0 - bleed - 1.0 + i * step, my) for i in range(int((bleed + border + 0.5) / step))],
        "right": [(x1 + bleed + 1.0 - i * step, my) for i in range(int((bleed + border + 0.5) / step))],
        "top": [(mx, y0 - bleed - 1.0 + i * step) for i in range(int((bleed + border + 0.5) / step))],
        "bottom": [(mx, y1 + bleed + 1.0 - i * step) for i in range(int((bleed + border + 0.5) / step))],
    }
    for side, points in sides.items():
        values = [lum(x, y) for x, y in points]
        assert values[0] > 0.95, f"{side}: the scan starts on the paper"
        runs = _dark_runs(values)
        assert len(runs) == 1, f"{side}: {len(runs)} lines across the border, not one"
        (a, b), = runs
        at = points[(a + b) // 2]
        off = abs(at[0] - (x0 if side == "left" else x1)) if side in ("left", "right") else \
            abs(at[1] - (y0 if side == "top" else y1))
        assert off < 0.4, f"{side}: the one line is {off:.2f} mm from the cut outline"
        assert min(values[a:b + 1]) < 0.3, f"{side}: the cut line is not dark"
        tint = [v for i, v in enumerate(values) if not a - 3 <= i <= b + 3 and points[i] != points[0]
                and (i * step > 1.0 + 0.2)]  # the colour, bleed and border, off the line
        assert tint and 1.0 - sum(tint) / len(tint) < 0.33, f"{side}: the border is a dark field, not a tint"


@pytest.mark.parametrize("paper", PAPERS)
def test_square_1_shows_the_way_in_with_an_arrow_along_the_path(rendered, paper):
    """Square 1 of each player's path (game.toml's paths) is the way in,
    not a 'Start' square to set the pieces out on: it carries an arrow
    whose head points along the path, towards square 2, and whose tail
    comes from the side off the path (the board's gap)."""
    from tests.kits.test_table_ready import page_objects

    board = _component("board", "board")
    sq = board["square"]
    path = rendered("ur", "en", paper)
    objs = [o for o in page_objects(path, _page_of(path, "board")) if o.tag == ("board", "board") and o.kind == "path"]
    squares = [o.line() for o in objs if o.filled and o.stroke > 0
               and abs(o.line()[2] - o.line()[0] - sq) < 0.1 and abs(o.line()[3] - o.line()[1] - sq) < 0.1]
    gx, gy = min(q[0] for q in squares), min(q[1] for q in squares)
    img, px = _board_pixels(path)
    for route in board["paths"]:
        (r1, c1), (r2, c2) = route[0], route[1]
        assert r1 == r2, "square 2 is beside square 1"
        toward = 1 if c2 > c1 else -1
        sx, sy = gx + (c1 - 1) * sq, gy + (r1 - 1) * sq
        arrows = [o for o in objs if o.filled and o.stroke == 0 and sx < o.x0 and o.x1 < sx + sq
                  and sy < o.y0 and o.y1 < sy + sq and o.w > 0.5 * sq]
        assert len(arrows) == 1, f"square 1 at {(r1, c1)}: {len(arrows)} arrows"
        (arrow,) = arrows
        assert arrow.w > 1.2 * arrow.h, "the arrow lies along the row"
        heights = []  # the arrow's ink per pixel column, left to right
        for x in range(px(arrow.x0) + 1, px(arrow.x1) - 1):
            heights.append(sum(_grey(img.getpixel((x, y))) < 0.6 for y in range(px(arrow.y0), px(arrow.y1))))  # type: ignore[arg-type]
        head = heights.index(max(heights)) / len(heights)  # the head's broad base, 0 at the left, 1 at the right
        half = len(heights) // 2
        broad = sum(heights[:half]) > sum(heights[-half:])  # the head's half holds the more ink: is it the left?
        assert (head - 0.5) * toward > 0.03 and broad == (toward < 0), \
            f"the arrow on square 1 at {(r1, c1)} points away from square 2"
        tail = arrow.x1 if toward < 0 else arrow.x0  # the tail's end, on the side away from square 2
        edge = sx + sq if toward < 0 else sx
        assert abs(tail - edge) < 0.2 * sq, "the arrow's tail comes from the square's edge off the path"


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_quick_reference_says_cut_it_off_and_keep_it(rendered, lang):
    """The lots' page is glued onto card, but not its quick reference: its
    heading, as printed, says to cut the box off and keep it by the board."""
    from tests.textlines import page_lines

    path = rendered("ur", lang, "a4")
    lines = [ln.text for ln in page_lines(path)[_page_of(path, "lot")]]
    keep = {"en": ("cut", "keep"), "nl": ("knip", "bewaar"), "de": ("abschneiden", "aufbewahren")}[lang]
    head = {"en": "Quick reference", "nl": "Kort overzicht", "de": "Kurzübersicht"}[lang]
    titles = [t for t in lines if t.startswith(head)]
    assert len(titles) == 2, "a copy for each player"  # test_ur_round13 compares them
    for title in titles:
        assert all(w in title for w in keep), title


# ---- the path on the board ----------------------------------------------------------------------------------------

def _turned_words(path: Path, index: int) -> list[tuple[str, float, float, float, float, float]]:
    """The turned text on a page as PDFium reads it, character by character
    (page_lines keeps only upright text): (word, angle in degrees, x0, y0,
    x1, y1 in mm from the page's top-left corner)."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from pnp.geometry import PT

    pdf = pdfium.PdfDocument(str(path))
    try:
        page = pdf[index]
        page_h = page.get_height()
        tp = page.get_textpage()
        words: list[list] = []
        last, spaced = -2, False
        for i in range(tp.count_chars()):
            angle = raw.FPDFText_GetCharAngle(tp.raw, i)
            code = raw.FPDFText_GetUnicode(tp.raw, i)
            if angle < 0.01 or chr(code).isspace():
                if angle >= 0.01 and chr(code) == " " and i == last + 1:
                    last, spaced = i, True  # a turned label's own space ("Way in"): the word goes on past it
                continue
            box = [ctypes.c_double() for _ in range(4)]
            raw.FPDFText_GetCharBox(tp.raw, i, *(ctypes.byref(v) for v in box))
            lft, rgt, bot, top = (v.value for v in box)
            deg = round(angle * 180 / 3.141592653589793, 1)
            prev = words[-1] if words else None
            if prev is not None and i == last + 1 and prev[1] == deg and \
                    min(abs(lft - prev[4] / PT), abs(prev[2] / PT - rgt)) < (6.0 if spaced else 3.0):
                prev[0] += chr(code)
                prev[2], prev[4] = min(prev[2], lft * PT), max(prev[4], rgt * PT)
                prev[3], prev[5] = min(prev[3], (page_h - top) * PT), max(prev[5], (page_h - bot) * PT)
            else:
                words.append([chr(code), deg, lft * PT, (page_h - top) * PT, rgt * PT, (page_h - bot) * PT])
            last, spaced = i, False
        return [tuple(w) for w in words]  # type: ignore[misc]
    finally:
        pdf.close()


@pytest.mark.parametrize("paper", PAPERS)
def test_the_board_numbers_each_players_path_1_to_14_clear_of_the_art(rendered, paper):
    """Every square of a player's path carries its number (game.toml's
    paths: 1 on the way in, 4 and 14 on the rosettes of the player's own row, 5
    to 12 the middle row), small, in the square's top-left corner as its
    player reads it, its box touching none of the square's art (a rosette's
    petals, the way in's arrow): on the rows game.toml turns (the top row, the
    far player's own), the number is turned 180° and sits in the square's
    bottom-right corner as the page lies; the middle row, both players'
    (both_ways_rows), has each number twice, upright and turned."""
    from pnp.geometry import PT
    from tests.kits.test_table_ready import page_objects
    from tests.textlines import page_lines

    board = _component("board", "board")
    turned = set(board["turned_rows"])
    assert turned == {1}, "the top row is the far player's own row"
    both = set(board["both_ways_rows"])
    assert both == {2}, "the middle row is both players'"
    want: dict[tuple[int, int], int] = {}
    for route in board["paths"]:
        assert len(route) == _ur_facts()["values"]["squares"] == 14
        for j, (r, c) in enumerate(route):
            want[(r, c)] = j + 1
    path = rendered("ur", "en", paper)
    index = _page_of(path, "board")
    objs = [o for o in page_objects(path, index) if o.tag == ("board", "board") and o.kind == "path"]
    sq = board["square"]
    squares = [o.line() for o in objs if o.filled and o.stroke > 0
               and abs(o.line()[2] - o.line()[0] - sq) < 0.1 and abs(o.line()[3] - o.line()[1] - sq) < 0.1]
    assert len(squares) == 20
    x0 = min(q[0] for q in squares)
    y0 = min(q[1] for q in squares)
    art = [o for o in objs if o.filled and o.w < 20 and o.h < 20]  # petals, a rosette's heart, the way in's arrow
    assert len(art) > 5 * 9
    page_h = read_pages(path)[index].height
    boxes = []  # (text, upright, x0, y0, x1, y1) in mm
    for ln in page_lines(path)[index]:
        if ln.text.isdigit():
            base = page_h - ln.base * PT
            boxes.append((ln.text, True, ln.x * PT, base - 0.73 * ln.size * PT, ln.right * PT, base))
            assert abs(ln.size - 9.0) < 0.05, "a path number in 9 pt: read across the table (7 pt was small, hobby13b)"
    for text, deg, *box in _turned_words(path, index):
        if text.isdigit():
            assert abs(deg - 180.0) < 0.5, f"{text} is turned {deg}°, not 180°"
            boxes.append((text, False, *box))
    found: dict[tuple[int, int], int] = {}
    for text, upright, bx0, by0, bx1, by1 in boxes:
        col = int(((bx0 + bx1) / 2 - x0) // sq) + 1
        row = int(((by0 + by1) / 2 - y0) // sq) + 1
        sx, sy = x0 + (col - 1) * sq, y0 + (row - 1) * sq
        assert upright == (row not in turned) or row in both, \
            f"{text} on square {(row, col)} is {'upright' if upright else 'turned'}"
        if upright:
            assert bx0 - sx < 3.0 and by0 - sy < 3.0, f"{text} is not in the top-left corner of its square"
        else:
            assert sx + sq - bx1 < 3.0 and sy + sq - by1 < 3.0, f"turned {text} is not in the bottom-right corner"
        assert (row, col, upright) not in found, f"two numbers on square {(row, col)} the same way up"
        found[(row, col, upright)] = int(text)
        for a in art:
            apart = a.x1 <= bx0 or a.x0 >= bx1 or a.y1 <= by0 or a.y0 >= by1
            assert apart, f"the number {text} on square {(row, col)} touches the art"
    assert found == {(r, c, r not in turned): n for (r, c), n in want.items()} | \
        {(r, c, False): n for (r, c), n in want.items() if r in both}, "the middle row's numbers read both ways"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_start_reads_upright_for_the_player_whose_row_it_is_in(rendered, lang, paper):
    """The far player's way in (square 1, in the top row) is turned 180°,
    under its arrow as that player sees it; the near player's reads upright
    under its arrow. One each."""
    from pnp.geometry import PT
    from pnp.i18n import load_catalog
    from tests.textlines import page_lines

    word = load_catalog("ur", lang).text("label_start")
    path = rendered("ur", lang, paper)
    index = _page_of(path, "board")
    (board,) = read_pages(path)[index].of("board")
    middle = (board.box.y0 + board.box.y1) / 2
    page_h = read_pages(path)[index].height
    upright = [page_h - ln.base * PT for ln in page_lines(path)[index] if ln.text == word]
    turned = [w for w in _turned_words(path, index) if w[0] == word.replace(" ", "")]
    assert len(upright) == 1 and len(turned) == 1, (upright, turned)
    assert upright[0] > middle, "the near player's way in is in the bottom row"
    (_, deg, _, ty0, _, ty1) = turned[0]
    assert abs(deg - 180.0) < 0.5
    assert board.box.y0 < ty0 and ty1 < middle, "the far player's way in is in the top row"
    dots_top = board.box.y0 + _component("board", "board")["border"]  # the top row's squares begin here
    assert ty1 - dots_top < 0.4 * _component("board", "board")["square"], "turned, the way in is at the square's top"


# ---- the throwing lots: one outline, the fold on the shared edge, cut roughly, fold, glue, trim --------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_each_lot_is_one_outline_folded_on_its_shared_edge_with_colour_past_it(rendered, paper):
    """Each of the 4 lots and the 2 spares is one solid cut outline round both faces (2 x
    size by size), with one dashed fold line on the edge the faces share,
    its colour `bleed` mm past the outline all round, and the lots 2 x
    bleed apart: cut roughly in the gap, fold, glue, then cut on the line
    through both layers."""
    from tests.kits.test_table_ready import page_objects

    lots = _component("pieces", "lot")
    size, bleed = lots["size"], lots["bleed"]
    assert lots["sides"] == 2 and bleed >= 2.0
    path = rendered("ur", "en", paper)
    objs = [o for o in page_objects(path, _page_of(path, "lot"))
            if o.tag in (("lot", "lot"), ("lot", "spare")) and o.kind == "path"]
    cuts = [o for o in objs if o.stroke > 0 and not o.filled and not o.dashed and o.w > size]
    folds = [o for o in objs if o.dashed]
    fields = [o for o in objs if o.filled and o.stroke == 0 and o.h > size]
    values = _ur_facts()["values"]
    assert len(cuts) == values["lots"] + values["spare_lots"] == 6
    assert len(folds) == 6
    for cut in cuts:
        x0, y0, x1, y1 = cut.line()
        assert abs(x1 - x0 - 2 * size) < 0.05 and abs(y1 - y0 - size) < 0.05
        (fold,) = [f for f in folds if x0 < (f.x0 + f.x1) / 2 < x1 and y0 - 0.5 < (f.y0 + f.y1) / 2 < y1 + 0.5]
        assert abs((fold.x0 + fold.x1) / 2 - (x0 + x1) / 2) < 0.05, "the fold is on the shared edge"
        assert fold.line()[1] <= y0 + 0.3 and fold.line()[3] >= y1 - 0.3, "the fold runs the whole height"
        d = bleed - 0.02
        for x in (x0 - d, (x0 + x1) / 2, x1 + d):
            for y in (y0 - d, (y0 + y1) / 2, y1 + d):
                assert _covered(x, y, fields), f"a lot's colour stops short of {bleed} mm past its cut"
        others = [o.line() for o in cuts if o is not cut]
        gap = min(max(ox0 - x1, x0 - ox1, oy0 - y1, y0 - oy1) for ox0, oy0, ox1, oy1 in others)
        assert gap >= 2 * bleed - 0.05, f"lots only {gap:.2f} mm apart"


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_lots_page_shows_how_a_lot_is_made_in_four_steps(rendered, lang):
    """Under the lots: the four captioned pictures (cut roughly, fold, glue,
    cut on the line), in order left to right, under the lots, on the lots' page."""
    from pnp.geometry import PT
    from pnp.i18n import load_catalog
    from tests.textlines import page_lines

    path = rendered("ur", lang, "a4")
    index = _page_of(path, "lot")
    cat = load_catalog("ur", lang)
    lines = page_lines(path)[index]
    page_h = read_pages(path)[index].height
    lowest_lot = max(c.box.y1 for c in read_pages(path)[index].components if c.kind == "lot")
    xs = []
    for key in _component("pieces", "lot")["steps"]:
        (ln,) = [ln for ln in lines if " ".join(ln.text.split()) == " ".join(cat.text(key).split())]
        assert page_h - ln.base * PT > lowest_lot, f"{key} is under the lots"
        xs.append(ln.x)
    assert xs == sorted(xs)


# ---- the pieces on the board's page --------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_the_pieces_share_the_board_page_clear_of_the_board(rendered, paper):
    """All 14 pieces are on the board's page (both glued onto thick card),
    under the board's colour and clear of it, inside the page's printable
    area; the lots have a page of their own."""
    path = rendered("ur", "en", paper)
    pages = read_pages(path)
    (board_page,) = [p for p in pages if p.of("board")]
    (board,) = board_page.of("board")
    pieces = board_page.of("piece")
    assert len(pieces) == 14
    for pc in pieces:
        assert pc.box.y0 > board.box.y1 + 2.0, "a piece lies under the board, clear of its colour"
        assert pc.box.x0 >= 6.35 - 0.01 and pc.box.x1 <= board_page.width - 6.35 + 0.01
        assert pc.box.y1 <= board_page.height - 6.35
    assert not board_page.of("lot")
    values = _ur_facts()["values"]
    assert sum(len(p.of("lot")) for p in pages) == values["lots"] + values["spare_lots"] == 6


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_two_spare_lots_under_their_own_name_on_the_lots_page(rendered, lang, paper):
    """The lots' page holds the 4 lots and, under them and under their name
    ("Spare lots"), the 2 spares (game.toml's counts, as the rules name
    them), all on one page, inside the printable area, the steps' pictures
    under all of them."""
    from pnp.geometry import PT
    from pnp.i18n import load_catalog
    from pnp.layout.marks import cap
    from tests.textlines import page_lines

    values = _ur_facts()["values"]
    sets = {s["id"]: s["count"] for s in _component("pieces", "lot")["sets"]}
    assert sets == {"lot": values["lots"], "spare": values["spare_lots"]} == {"lot": 4, "spare": 2}
    path = rendered("ur", lang, paper)
    index = _page_of(path, "lot")
    page = read_pages(path)[index]
    lots = [c for c in page.components if c.kind == "lot" and c.value == "lot"]
    spares = [c for c in page.components if c.kind == "lot" and c.value == "spare"]
    assert len(lots) == 4 and len(spares) == 2
    assert min(c.box.y0 for c in spares) > max(c.box.y1 for c in lots), "the spares come under the lots"
    for c in lots + spares:
        assert c.box.x0 >= 6.35 and c.box.x1 <= page.width - 6.35 and c.box.y1 <= page.height - 6.35
    cat = load_catalog("ur", lang)
    (name,) = [ln for ln in page_lines(path)[index] if ln.text == cap(cat.text("spare_lots"))]
    top = page.height - name.base * PT
    assert max(c.box.y1 for c in lots) < top < min(c.box.y0 for c in spares)
    (first_step,) = [ln for ln in page_lines(path)[index] if ln.text == cat.text("lots_cut")]
    assert page.height - first_step.base * PT > max(c.box.y1 for c in spares)


# ---- the texts ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_scribes_name_is_never_split_and_the_paper_is_named_right(rendered, lang, paper):
    """Itti-Marduk-balāṭu stands whole on one line (no-break hyphens); the
    paper's name is the start of a compound in Dutch and German
    ("US-Letter-papier"); the rules say who starts and name thick card."""
    from tests.textlines import page_lines, running_text

    path = rendered("ur", lang, paper)
    columns = running_text(page_lines(path)[0])  # each column top to bottom, as it is read
    first = " ".join(ln.text for col in columns for ln in col).replace("\u2011", "-")
    assert "Itti-Marduk-balāṭu" in first
    paper_name = {"a4": "A4", "letter": "US Letter"}[paper]
    word = {"en": f"{paper_name} paper", "nl": f"{paper_name.replace(' ', '-')}-papier",
            "de": f"{paper_name.replace(' ', '-')}-Papier"}[lang]
    flat = " ".join(first.replace("\u00a0", " ").replace("- ", "-").split())  # a line may end after a hyphen
    assert word in flat
    starts = {"en": "the higher throw starts", "nl": "wie het hoogst werpt, begint", "de": "wer höher wirft, beginnt"}
    thick = {"en": "thick card", "nl": "dik karton", "de": "dicken Karton"}
    # every line of the page, each half top to bottom: a short paragraph alone atop a column is no running text
    lines = page_lines(path)[0]
    mid = (min(ln.x for ln in lines) + max(ln.right for ln in lines)) / 2
    whole = " ".join(ln.text for ln in sorted(lines, key=lambda ln: (ln.x >= mid, -ln.base, ln.x)))
    whole = " ".join(whole.replace("\u00a0", " ").replace("- ", "-").split())
    assert starts[lang] in whole and thick[lang] in whole


# ---- the new keys, written wrong: one line naming file and key --------------------------------------------------

@pytest.mark.parametrize(("old", "new", "words"), [
    ("[[1, 4], [1, 3], [1, 2], [1, 1], [2, 1]", "[[1, 4], [1, 3], [1, 2], [1, 1], [2, 2]",
     ["paths[0][5]", "square [2, 2] is number 6 here and 5"]),
    ("[[1, 4], [1, 3], [1, 2]", "[[1, 4], [1, 5], [1, 2]", ["paths[0][1]", "square [1, 5] is a gap"]),
    ("turned_rows = [1]", "turned_rows = [4]", ["turned_rows[0]", "row 4 is not on a board of 3 rows"]),
    ("turned_rows = [1]", "turned_rows = [1, 1]", ["turned_rows[1]", "row 1 is turned twice"]),
    ("both_ways_rows = [2]", "both_ways_rows = [1]", ["both_ways_rows[0]", "row 1 is named twice"]),
    ("both_ways_rows = [2]", "both_ways_rows = [5]", ["both_ways_rows[0]", "row 5 is not on a board of 3 rows"]),
    ('steps = ["lots_cut", "lots_fold", "lots_glue", "lots_trim"]', 'steps = ["lots_cut"]', ["steps", "4 captions"]),
    ("bleed = 2.0        # mm: the brown", "bleed = 9.0        # mm: the brown", ["components[1].bleed", "less than or equal to 5"]),
])
def test_a_path_steps_or_bleed_written_wrong_is_one_line(tmp_path, old, new, words):
    import shutil

    from pnp.paths import TEMPLATES
    from tests.datakit.test_datakit import _edit, _one_error, _run

    folder = tmp_path / "ur-copy"
    shutil.copytree(TEMPLATES / "ur", folder)
    _edit(folder / "game.toml", old, new)
    line = _one_error(_run("render", str(folder), "--out", str(tmp_path / "out")))
    assert "game.toml" in line and all(w in line for w in words), line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_component_list_counts_the_facts_and_names_what_else_is_needed(rendered, lang):
    """Page 1 lists the board, 7 + 7 pieces, 4 lots and 2 spares (game.toml's counts)
    and every need of game.toml: thick card, thin card, glue, knife, scissors."""
    from pnp.i18n import load_catalog
    from tests.textlines import page_lines

    facts = _ur_facts()
    cat = load_catalog("ur", lang)
    text = [" ".join(ln.text.replace("\u00a0", " ").split()) for ln in page_lines(rendered("ur", lang, "a4"))[0]]
    sets = {s["id"]: s["count"] for s in _component("pieces", "piece")["sets"]}
    lots = {s["id"]: s["count"] for s in _component("pieces", "lot")["sets"]}
    want = {"contents_board": 1, "contents_light": sets["light"], "contents_dark": sets["dark"],
            "contents_lots": lots["lot"], "contents_spare_lots": lots["spare"]}
    assert (lots["lot"], lots["spare"]) == (facts["values"]["lots"], facts["values"]["spare_lots"]) == (4, 2)
    for key, n in want.items():
        assert " ".join(cat.text(key, n=n).split()) in text, key
    assert {"need_thick_card", "need_thin_card", "need_scissors"} <= set(facts["needs"])
    from pnp.datakit.kit import text_values
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.paper import get_paper

    kit = get_kit("ur")
    vals = text_values(kit.load_spec(), Options(lang, get_paper("a4")))
    for key in facts["needs"]:
        assert " ".join(cat.text(key, **vals).replace("\u00a0", " ").split()) in text, key


# ---- one orientation ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_page_lies_landscape_as_the_board_must(rendered, lang, paper):
    """The board (8 squares of 27 mm and its border) is wider than a
    portrait page holds, so its page lies landscape; every other page lies
    the same way, so a print dialog with auto-rotate off never shrinks one
    page to fit ("actual size" holds on all). The rules keep to one page."""
    board = _component("board", "board")
    width = board["columns"] * board["square"] + 2 * board["border"]
    path = rendered("ur", lang, paper)
    pages = read_pages(path)
    assert width > min(pages[0].width, pages[0].height) - 2 * 6.35, "the board needs a landscape page"
    assert len(pages) == 3
    for p in pages:
        assert p.width > p.height, f"page {p.number} lies portrait ({p.width:.0f} x {p.height:.0f} mm)"
    assert {(round(p.width), round(p.height)) for p in pages} == {(round(pages[0].width), round(pages[0].height))}


# ---- a circle punch for the round pieces --------------------------------------------------------------------------

PUNCH = {"en": "circle punch of {a} to {b} mm", "nl": "cirkelpons van {a} tot {b} mm",
         "de": "Kreisstanzer von {a} bis {b} mm"}
BAR_CLEAR = 4.0  # mm at least between the quick references' boxes and the scale bar under them (its sentence is taller)
SLIP = 1.0  # mm a punch may land off a piece's centre: the largest punch offered stays that far inside the colour
PUNCH_NEED = PUNCH  # the list of what you need words it alike (round 14: "a circle punch of 21 to 24 mm")


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_texts_offer_a_circle_punch_the_size_of_the_printed_pieces(rendered, lang, paper):
    """Cutting 14 circles with scissors is the hardest step: the rules
    ("Making the kit"), the list of what you need and the pieces' heading
    offer a circle punch from the piece's cut outline to the edge of its
    colour, less the 1 mm a punch may land off centre, both measured on
    the printed page (21 and 24 mm: a punch of 21 to 22 mm makes a whole,
    coloured piece, where a 24 mm one off centre leaves a white sliver,
    hobby19b Ur 1), and say that a punch wants thinner card."""
    from tests.kits.test_table_ready import page_objects
    from tests.textlines import page_lines, running_text

    path = rendered("ur", lang, paper)
    index = _page_of(path, "piece")
    objs = [o for o in page_objects(path, index) if o.tag is not None and o.tag[0] == "piece" and o.kind == "path"]
    cuts = {round(o.line()[2] - o.line()[0], 1) for o in objs if o.stroke > 0 and not o.filled and o.w > 15}
    fields = {round(o.w, 1) for o in objs if o.filled and o.stroke == 0 and o.w > 15}
    (cut,), (colour,) = cuts, fields
    piece = _component("pieces", "piece")
    assert (cut, colour) == (piece["size"], piece["size"] + 2 * piece["bleed"]) == (21.0, 24.0)
    a, b = f"{cut:g}", f"{colour - 2 * SLIP:g}"

    def flat(lines) -> str:  # noqa: ANN001
        return " ".join(" ".join(ln.text.replace("\u00a0", " ").replace("\u00ad", "") for ln in lines).split())

    def joined(text: str) -> str:  # a word broken at a line end ("Kreis- stanzer") read whole
        import re

        return re.sub(r"(\w)- (\w)", r"\1\2", text)

    first = joined(flat(page_lines(path)[0]))
    running = joined(flat([ln for col in running_text(page_lines(path)[0]) for ln in col]))  # each column as it is read
    assert PUNCH[lang].format(a=a, b=b) in running, "the rules offer the punch"
    assert PUNCH_NEED[lang].format(a=a, b=b) in first, "the list of what you need names the punch"
    assert {"en": "0.5 mm", "nl": "0,5 mm", "de": "0,5 mm"}[lang] in first, "a punch wants thinner card"
    assert PUNCH[lang].format(a=a, b=b) in joined(flat(page_lines(path)[index])), "the pieces' heading offers it"


def test_a_pieces_size_in_a_text_follows_the_data_and_the_language():
    """{<id>_mm} and {<id>_colour_mm} are read from the pieces components
    (size, size + 2 x bleed), with a decimal comma in Dutch and German."""
    from pnp.datakit.kit import mm, sizes
    from pnp.kits import get_kit

    spec = get_kit("ur").load_spec()
    assert sizes(spec, "en") == {"piece_mm": "21", "piece_colour_mm": "24", "lot_mm": "28", "lot_colour_mm": "32"}
    assert (mm(22.5, "en"), mm(22.5, "nl"), mm(22.5, "de"), mm(0.5, "de")) == ("22.5", "22,5", "22,5", "0,5")


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_scholars_name_is_never_broken(rendered, lang, paper):
    """'Irving Finkel' stands on one line in every language and paper: the
    data kit's catalogs tie the name with a no-break space (native5-de 22:
    German Letter broke it as 'Irving / Finkels')."""
    from tests.textlines import page_lines

    lines = [ln.words for page in page_lines(rendered("ur", lang, paper)) for ln in page]
    irving = [words for words in lines if any(w.startswith("Irving") for w in words)]
    assert irving, f"{lang} {paper}: the rules name Irving Finkel"
    for words in irving:
        at = next(i for i, w in enumerate(words) if w.startswith("Irving"))
        assert at + 1 < len(words) and words[at + 1].startswith("Finkel"), f"{lang} {paper}: {' '.join(words)!r}"


MUST_MOVE = {"en": ("If you can move, you must", "that throw may move any of your pieces", "Shake the 4 lots"),
             "nl": ("Kun je zetten, dan moet je zetten", "met die worp mag je elke steen zetten", "Schud de 4 kaartjes"),
             "de": ("Kannst du ziehen, musst du ziehen", "mit diesem Wurf darfst du einen beliebigen deiner Steine ziehen",
                    "Schüttle die 4 Plättchen")}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_rules_say_you_must_move_and_the_extra_throw_moves_any_piece(rendered, lang, paper):
    """Finkel's rules as played: a player who can move must; the throw a
    rosette earns may move any piece; the lots are shaken before a throw
    (flat lots fall as they are dropped). All on the first page."""
    from pnp.geometry import PT
    from tests.textlines import page_lines

    path = rendered("ur", lang, paper)
    half = read_pages(path)[0].width / 2 / PT  # pt, as the lines' x: the rules' two columns read one after the other
    lines = sorted(page_lines(path)[0], key=lambda ln: (ln.x >= half, -ln.base))
    text = " ".join(ln.text for ln in lines)
    text = " ".join(text.replace("\u00a0", " ").replace("\u00ad", "").split())
    import re

    text = re.sub(r"(\w)- (\w)", r"\1\2", text)
    for phrase in MUST_MOVE[lang]:
        assert phrase in text, phrase


# ---- the quick reference on the lots' page ----------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_lots_page_has_the_quick_reference_in_a_box_under_the_steps(rendered, lang, paper):
    """The lots' `note` (game.toml): on the lots' page, under the pictures
    of the four steps, a framed box inside the printable area that holds
    the whole of the catalog's quick reference (every word, in order: its
    heading and the five points), at 10 pt, and no text outside it
    reaches into it."""
    import re

    from pnp.datakit.kit import text_values
    from pnp.geometry import PT
    from pnp.i18n import load_catalog
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.paper import get_paper
    from tests.kits.test_table_ready import page_objects
    from tests.textlines import page_lines

    note = _component("pieces", "lot")["note"]
    assert note["columns"] == 2 and note["copies"] == 2, "two copies side by side, one column each"
    path = rendered("ur", lang, paper)
    index = _page_of(path, "lot")
    page = read_pages(path)[index]
    frames = [o for o in page_objects(path, index) if o.kind == "path" and o.tag is None and o.stroke > 0
              and not o.filled and o.w > page.width / 3 and o.h > 15]
    assert len(frames) == note["copies"], frames
    cat = load_catalog("ur", lang)
    lines = page_lines(path)[index]
    (last_step,) = [ln for ln in lines if ln.text == cat.text("lots_trim")]
    lowest_lot = max(c.box.y1 for c in page.components if c.kind == "lot")
    opts = Options(paper=get_paper(paper), lang=lang)
    want = " ".join(b.lstrip("#- ").replace("**", "")
                    for b in cat.blocks(note["text"], **text_values(get_kit("ur").load_spec(), opts)))
    want = " ".join(want.replace("\u00a0", " ").split())
    # the 50 mm (2 in) scale bar at the foot, measured: the boxes end BAR_CLEAR mm above it and its sentence
    (bar,) = [o for o in page_objects(path, index) if o.kind == "path" and o.filled and 49.5 <= o.w <= 51.5 and o.h < 3]
    bar_top = bar.ink()[1]
    assert bar_top > page.height - 20.0, "the bar at the foot"
    for frame in frames:
        fx0, fy0, fx1, fy1 = frame.ink()
        assert fx0 >= 6.35 and fx1 <= page.width - 6.35 and fy1 <= bar_top - BAR_CLEAR, "inside the area, above the bar"
        assert fy0 > page.height - last_step.base * PT, "the box is under the steps' captions"
        assert fy0 > lowest_lot

        def inside(ln, fx0=fx0, fy0=fy0, fx1=fx1, fy1=fy1) -> bool:  # noqa: ANN001
            top, bottom = page.height - (ln.base + ln.size * 0.75) * PT, page.height - ln.base * PT
            return fx0 < ln.x * PT and ln.right * PT < fx1 and fy0 < top and bottom < fy1

        def overlaps(ln, fx0=fx0, fy0=fy0, fx1=fx1, fy1=fy1) -> bool:  # noqa: ANN001
            top, bottom = page.height - (ln.base + ln.size * 0.75) * PT, page.height - ln.base * PT
            return ln.x * PT < fx1 and fx0 < ln.right * PT and top < fy1 and fy0 < bottom

        boxed = [ln for ln in lines if overlaps(ln)]
        assert boxed and all(inside(ln) for ln in boxed), "no text crosses the frame"
        sizes = {round(ln.size, 2) for ln in boxed}
        body = min(sizes)  # 8 pt or more, as large as the page lets it be (round 14), its heading 1.15 times that
        assert 8.0 - 1e-6 <= body <= 10.0 and all(min(abs(s - body), abs(s - body * 1.15)) < 0.02 for s in sizes), \
            f"{sorted(sizes)} pt"
        boxed.sort(key=lambda ln: -ln.base)  # one column
        got = " ".join(ln.text for ln in boxed).replace("\u00a0", " ").replace("•", " ")
        got = " ".join(re.sub(r"(\w)- (\w)", r"\1\2", " ".join(got.split())).split())
        assert got == want


QUICK = "## Quick reference: cut this box off and keep it by the board"  # en.toml's heading of the note


@pytest.mark.parametrize(("where", "old", "new", "words"), [
    ("game.toml", 'note = { text = "quick_reference", columns = 2, copies = 2 }', 'note = { text = "quick_reference", columns = 4 }',
     ["note.columns", "less than or equal to 3"]),
    ("game.toml", 'note = { text = "quick_reference", columns = 2, copies = 2 }', 'note = { text = "quick_reference", size = 2 }',
     ["note", "size"]),
    ("lang/en.toml", f'  "{QUICK}",\n', f'  "{QUICK}",\n' + '  "- A point of the rules, far too often.",\n' * 40,
     ["lot", "note", "more than a page holds"]),
    ("lang/en.toml", f'"{QUICK}",', '"## ' + "8" * 150 + '",', ["en.toml", "quick_reference", "does not fit a note"]),
])
def test_a_note_written_wrong_or_too_long_is_one_line(tmp_path, where, old, new, words):
    """A note in too many columns, with a key it does not have, longer
    than a page holds or with a word wider than its column: one error line
    naming what is wrong, nothing written."""
    import shutil

    from pnp.paths import TEMPLATES
    from tests.datakit.test_datakit import _edit, _one_error, _run

    folder = tmp_path / "ur-copy"
    shutil.copytree(TEMPLATES / "ur", folder)
    _edit(folder / where, old, new)
    line = _one_error(_run("render", str(folder), "-l", "en", "-p", "a4", "--out", str(tmp_path / "out")))
    assert all(w in line for w in words), line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_the_making_text_names_the_pages_it_means(rendered, lang, paper):
    """'Cut page 2 in two' and 'cut the quick reference off page 3': the
    page numbers the rules name are the board's page and the lots' page,
    as printed (the rules fill page 1 alone)."""
    import re

    from tests.textlines import page_lines

    path = rendered("ur", lang, paper)
    pages = page_lines(path)
    word = {"en": "page", "nl": "pagina", "de": "Seite"}[lang]
    rules = " ".join(ln.text for ln in pages[0]).replace("\u00a0", " ")
    board, lots = _page_of(path, "board") + 1, _page_of(path, "lot") + 1
    assert (board, lots, len(pages)) == (2, 3, 3)
    named = {int(n) for n in re.findall(rf"\b{word} (\d+)\b(?! ?/)", rules)}  # not the header "page 1 / 3"
    assert named == {board, lots}, named
