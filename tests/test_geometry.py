"""pnp.geometry: the leaf module of shapes, boxes and transforms."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pnp.geometry
from pnp.geometry import (
    BLACK,
    PT,
    Box,
    Circle,
    Group,
    Line,
    Rect,
    Style,
    Text,
    grey,
    hex_rgb,
    is_inked,
    map_colours,
    shape_box,
    tagged,
    text_box,
    walk,
)
from pnp.modes import Anchor
from tests.helpers import KIT_IDS

PathShape = pnp.geometry.Path


def _pnp_imports(module: Path) -> list[str]:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    return [m for m in modules if m.startswith("pnp")]


def test_geometry_imports_nothing_from_pnp_but_the_mode_types():
    assert _pnp_imports(Path(pnp.geometry.__file__)) == ["pnp.modes"]
    assert _pnp_imports(Path(pnp.geometry.__file__).with_name("modes.py")) == []


def test_layout_never_imports_a_renderer():
    root = Path(pnp.geometry.__file__).parent
    for path in [*(root / "layout").glob("*.py"), *(root / "kits").glob("*.py"), root / "textflow.py"]:
        source = path.read_text(encoding="utf-8")
        for lib in ("reportlab", "svgwrite", "pnp.render", "pnp.fonts"):
            assert f"import {lib}" not in source and f"from {lib}" not in source, f"{path.name} imports {lib}"


def test_hex_rgb():
    assert hex_rgb("#D55E00") == pytest.approx((0xD5 / 255, 0x5E / 255, 0.0))
    assert hex_rgb("ffffff") == (1.0, 1.0, 1.0)
    with pytest.raises(ValueError):
        hex_rgb("#fff")


def test_shape_box_includes_half_the_stroke():
    r = Rect(10, 20, 30, 40, Style(width=1.0))
    assert shape_box(r) == Box(9.5, 19.5, 31.0, 41.0)
    filled = Rect(10, 20, 30, 40, Style(stroke=None, fill=BLACK))
    assert shape_box(filled) == Box(10, 20, 30, 40)


def test_circle_and_line_boxes():
    assert shape_box(Circle(5, 5, 2, Style(stroke=None, fill=BLACK))) == Box(3, 3, 4, 4)
    b = shape_box(Line(0, 0, 10, 0, Style(width=0.5)))
    assert (b.x, b.y, b.w, b.h) == pytest.approx((-0.25, -0.25, 10.5, 0.5))


def test_path_box_covers_its_points():
    p = PathShape((("M", 0, 0), ("L", 4, 0), ("C", 4, 2, 5, 6, 1, 3), ("Z",)), Style(stroke=None, fill=BLACK))
    assert shape_box(p) == Box(0, 0, 5, 6)


@pytest.mark.parametrize(("anchor", "left"), [("start", 10.0), ("middle", 5.0), ("end", 0.0)])
def test_text_box_follows_the_anchor(anchor, left):
    t = Text(10.0, 50.0, "Hi", "Sans", 10.0, 10.0, Anchor(anchor))
    b = text_box(t)
    assert b.x == pytest.approx(left) and b.w == 10.0
    assert b.y < 50.0 < b.bottom
    assert b.h == pytest.approx(10.0 * PT * 1.17)


def test_walk_composes_translation_and_rotation():
    r = Rect(0, 0, 10, 2, Style(stroke=None, fill=BLACK))
    inner = Group((r,), dx=5, dy=0, rotate=90)
    outer = Group((inner,), dx=100, dy=50)
    ((shape, m, stack),) = list(walk((outer,)))
    assert shape is r and stack == (outer, inner)
    b = shape_box(shape, m)
    # turned a quarter clockwise about (5, 0), then moved by (100, 50)
    assert (b.x, b.y, b.w, b.h) == pytest.approx((103, 50, 2, 10))


def test_a_half_turn_stays_in_place_around_its_origin():
    r = Rect(-3, -1, 6, 2, Style(stroke=None, fill=BLACK))
    ((s, m, _),) = list(walk((Group((r,), 50, 60, 180.0),)))
    b = shape_box(s, m)
    assert (b.x, b.y, b.w, b.h) == pytest.approx((47, 59, 6, 2))


def test_box_contains_and_overlaps():
    a = Box(0, 0, 10, 10)
    assert a.contains(Box(0, 0, 10, 10)) and not a.contains(Box(0, 0, 10.01, 10))
    assert a.overlaps(Box(9, 9, 5, 5))
    assert not a.overlaps(Box(10, 0, 5, 5)), "boxes that share an edge do not overlap"
    assert a.inset(1) == Box(1, 1, 8, 8)
    assert a.union(Box(20, -5, 1, 1)) == Box(0, -5, 21, 15)


def test_tagged_finds_nested_components_with_their_place():
    sq = Group((Rect(0, 0, 1, 1),), dx=3, tag=("square", "1-1"))
    board = Group((sq,), dx=10, dy=20, tag=("board", "1x1"))
    found = [(g.tag, m[4], m[5]) for g, m in tagged((board,))]
    assert found == [(("board", "1x1"), 10, 20), (("square", "1-1"), 13, 20)]


def test_map_colours_reaches_every_colour():
    items = (
        Group((Rect(0, 0, 1, 1, Style(stroke=(1, 0, 0), fill=(0, 0, 1))),)),
        Text(0, 0, "x", "Sans", 9, 1, color=(0, 1, 0)),
        Line(0, 0, 1, 1, Style(stroke=None)),
    )
    out = map_colours(items, lambda rgb, kind: grey(0.5))
    assert out[0].items[0].style.stroke == grey(0.5) and out[0].items[0].style.fill == grey(0.5)
    assert out[1].color == grey(0.5)
    assert out[2].style.stroke is None


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_extent_with_a_memo_is_the_extent_without(built, kit_id):
    """The memo keys group contents by identity; on every page of a kit (where
    repeated art shares its contents) it must give the plain answer."""
    from pnp.geometry import extent

    memo: dict = {}
    pages = built(kit_id, "de", "letter").pages
    for page in pages:
        for item in page.items:
            assert extent(item, memo) == extent(item)
    assert memo, "no group was remembered"
    moved = pnp.geometry.Group((pnp.geometry.Rect(0, 0, 10, 5, pnp.geometry.Style()),), 3, 4, rotate=90.0)
    assert extent(moved, {}) == extent(moved) != extent(pnp.geometry.Group(moved.items, 3, 4), {})


def test_is_inked_only_for_what_puts_ink_on_paper():
    assert not is_inked(Rect(-100, -100, 1, 1, Style(stroke=None, fill=None)))  # neither stroked nor filled
    assert not is_inked(Text(-50, -50, "  ", "Sans", 9, 1.0))  # blank text
    assert is_inked(Rect(0, 0, 2, 2, Style(stroke=None, fill=BLACK)))
    assert is_inked(Rect(0, 0, 2, 2, Style(fill=None)))  # the default stroke
