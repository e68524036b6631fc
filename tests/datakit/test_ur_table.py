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
