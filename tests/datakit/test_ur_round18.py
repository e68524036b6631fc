"""Ur, the round-17 hobbyist's board points, read from the rendered PDF in
every language and paper (hobby17b Ur 1 and 4): the way out's label
stands beside square 14, in the gap, not in any square, so square 14 does
not read as off the board; and where the paths turn into the next row (4
to 5, 12 to 13) a bent arrow in the border leads from the one square into
the other, at both ends of the board, for both players."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from tests.helpers import LANGS, PAPER_IDS

OUT = {"en": ("Way out", "(off the board)"), "nl": ("Uitgang", "(van het bord af)"), "de": ("Ausgang", "(vom Brett)")}
SQUARE_PT = 27.0 / 25.4 * 72  # the board's square, game.toml
Box = tuple[float, float, float, float]  # left, bottom, right, top, pt


def squares(page: pdfium.PdfPage) -> list[Box]:
    """The board's squares as drawn: every path a square's size (its stroke included)."""
    out = set()
    for o in page.get_objects(filter=(raw.FPDF_PAGEOBJ_PATH,), max_depth=8):
        x0, b, r, t = o.get_bounds()
        if abs(r - x0 - SQUARE_PT) < 3 and abs(t - b - SQUARE_PT) < 3:
            out.add((round(x0, 2), round(b, 2), round(r, 2), round(t, 2)))
    return sorted(out)


def found(page: pdfium.PdfPage, phrase: str) -> list[Box]:
    """Each place the phrase is printed on the page (upright or turned), as the box round its letters."""
    tp = page.get_textpage()
    boxes = []
    searcher = tp.search(phrase, match_case=True)
    while (hit := searcher.get_next()) is not None:
        start, count = hit
        chars = [tp.get_charbox(i) for i in range(start, start + count) if not tp.get_text_range(i, 1).isspace()]
        boxes.append((min(c[0] for c in chars), min(c[1] for c in chars), max(c[2] for c in chars),
                      max(c[3] for c in chars)))
    return boxes


def overlap(a: Box, b: Box, inset: float) -> bool:
    """Whether box a reaches into box b shrunk by `inset` on every side."""
    return a[0] < b[2] - inset and a[2] > b[0] + inset and a[1] < b[3] - inset and a[3] > b[1] + inset


def way_out_in_squares(path: Path, lang: str) -> list[str]:
    """What is wrong with the way out's label on the board's page: each
    line of it printed twice (a player each), in no square, each beside a
    square it is level with (14, at the gap's edge)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        page = pdf[1]
        grid = squares(page)
        assert len(grid) == 20, f"the board's 20 squares drawn ({len(grid)})"
        wrong = []
        for phrase in OUT[lang]:
            boxes = found(page, phrase)
            if len(boxes) != 2:
                wrong.append(f"{phrase!r} printed {len(boxes)} times, not twice")
            for box in boxes:
                inside = [sq for sq in grid if overlap(box, sq, 1.0)]  # 1 pt: the square's stroke is 0.5 mm
                if inside:
                    wrong.append(f"{phrase!r} at {tuple(round(v) for v in box)} lies in a square {inside[0]}")
        return wrong
    finally:
        pdf.close()


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_way_out_label_stands_in_the_gap_not_in_a_square(rendered, lang, paper):
    path = rendered("ur", lang, paper)
    assert way_out_in_squares(path, lang) == [], f"{lang} {paper}: the way out's label in a square"
    pdf = pdfium.PdfDocument(str(path))
    try:  # beside square 14: centred in the gap's space right of the square before it, left of square 14
        page = pdf[1]
        grid = squares(page)
        for phrase in OUT[lang]:
            for box in found(page, phrase):
                level = [sq for sq in grid if sq[1] < (box[1] + box[3]) / 2 < sq[3]]
                middle = (box[0] + box[2]) / 2
                assert any(0.3 * SQUARE_PT < sq[0] - middle < 0.7 * SQUARE_PT for sq in level), \
                    f"{lang} {paper}: {phrase!r} in the gap just left of square 14"
    finally:
        pdf.close()


def turn_arrows(path: Path) -> dict[str, int]:
    """The bent arrows in the board's border where the paths turn: on each
    side (left, right), how many lead across a line between two rows (a
    stroke in the border, left or right of the squares, reaching from the
    middle of one row's square into the next row's)."""
    pdf = pdfium.PdfDocument(str(path))
    try:
        page = pdf[1]
        grid = squares(page)
        left, right = min(sq[0] for sq in grid), max(sq[2] for sq in grid)
        rows = sorted({(sq[1] + sq[3]) / 2 for sq in grid})  # each row's middle, bottom row first
        found_ = {"left": 0, "right": 0}
        for o in page.get_objects(filter=(raw.FPDF_PAGEOBJ_PATH,), max_depth=8):
            x0, b, r, t = o.get_bounds()
            side = "left" if r <= left + 3 and x0 > left - 6 / 25.4 * 72 else \
                "right" if x0 >= right - 3 and r < right + 6 / 25.4 * 72 else None
            if side is None or t - b < 0.3 * SQUARE_PT:
                continue
            if any(b < (lo + hi) / 2 < t and b < hi and t > lo and b > lo - SQUARE_PT / 2 and t < hi + SQUARE_PT / 2
                   for lo, hi in zip(rows, rows[1:], strict=False)):
                found_[side] += 1
        return found_
    finally:
        pdf.close()


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_board_shows_where_the_paths_turn(rendered, lang, paper):
    """Two arrows at each end: 4 to 5 (left) and 12 to 13 (right), one for each player."""
    assert turn_arrows(rendered("ur", lang, paper)) == {"left": 2, "right": 2}, \
        f"{lang} {paper}: a turn arrow for each player at each end of the board"
