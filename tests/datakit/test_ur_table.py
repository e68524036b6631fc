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
    """The board's `bleed` (game.toml): its brown border runs that many mm
    past the cut outline on every side and at every corner, so a knife that
    misses the line shows brown, not white; all of it on the printable area."""
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


# ---- the path on the board ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", PAPERS)
def test_the_board_numbers_each_players_path_1_to_14_clear_of_the_art(rendered, paper):
    """Every square of a player's path carries its number (game.toml's
    paths: 1 on Start, 4 and 14 on the rosettes of the player's own row, 5
    to 12 the middle row), small, in the square's top-left corner, its box
    touching none of the square's art (a rosette's petals, Start's dots)."""
    from pnp.geometry import PT
    from tests.kits.test_table_ready import page_objects
    from tests.textlines import page_lines

    board = _component("board", "board")
    want: dict[tuple[int, int], int] = {}
    for route in board["paths"]:
        assert len(route) == _ur_facts()["values"]["squares"] == 14
        for j, (r, c) in enumerate(route):
            want[(r, c)] = j + 1
    path = rendered("ur", "en", paper)
    index = _page_of(path, "board")
    objs = [o for o in page_objects(path, index) if o.tag == ("board", "board") and o.kind == "path"]
    squares = [o.line() for o in objs if o.filled and o.stroke > 0
               and abs(o.line()[2] - o.line()[0] - board["square"]) < 0.1
               and abs(o.line()[3] - o.line()[1] - board["square"]) < 0.1]
    assert len(squares) == 20
    x0 = min(q[0] for q in squares)
    y0 = min(q[1] for q in squares)
    art = [o for o in objs if o.filled and o.w < 20 and o.h < 20]  # petals, a rosette's heart, Start's dots
    assert len(art) > 5 * 9
    page_h = read_pages(path)[index].height
    numbers = [ln for ln in page_lines(path)[index] if ln.text.isdigit()]
    found: dict[tuple[int, int], int] = {}
    for ln in numbers:
        x, base, right = ln.x * PT, page_h - ln.base * PT, ln.right * PT
        top = base - 0.73 * ln.size * PT
        assert ln.size <= 8.0, "a path number is small"
        col, row = int((x - x0) // board["square"]) + 1, int((top - y0) // board["square"]) + 1
        sq_x, sq_y = x0 + (col - 1) * board["square"], y0 + (row - 1) * board["square"]
        assert x - sq_x < 3.0 and top - sq_y < 3.0, f"{ln.text} is not in the top-left corner of its square"
        found[(row, col)] = int(ln.text)
        for a in art:
            apart = a.x1 <= x or a.x0 >= right or a.y1 <= top or a.y0 >= base
            assert apart, f"the number {ln.text} on square {(row, col)} touches the art"
    assert found == want
