"""pnp.layout.frame: the header, the scale check and the margin check,
on sheets made up for the test."""

from __future__ import annotations

import pytest

from pnp.errors import LayoutError
from pnp.geometry import BLACK, Box, Group, Line, Rect, Style, Text, walk
from pnp.layout.frame import Sheet, check_margin, content_box, frame, scale_check
from pnp.paper import PAPERS, get_paper
from tests.helpers import SAFE_MARGIN, SCALE_BAR_MM, safe_box, texts

PAGE = "page {i} / {n}"


def _frame(measure, sheets, paper="a4"):
    return frame(sheets, get_paper(paper), "Kit", "English", PAGE, "Print at 100 %: this bar must measure 50 mm.",
                 measure)


@pytest.mark.parametrize("pid", sorted(PAPERS))
@pytest.mark.parametrize("landscape", [False, True])
def test_content_box_is_inside_the_safe_area_and_leaves_room_for_the_frame(pid, landscape):
    paper = get_paper(pid)
    safe = paper.safe(landscape)
    box = content_box(paper, landscape)
    assert safe.contains(box)
    assert box.y > safe.y + 4 and box.bottom < safe.bottom - 7, "bands for the header and the scale check"
    assert (box.x, box.w) == (safe.x, safe.w)


def test_frame_numbers_the_pages_and_keeps_sizes(measure):
    sheets = [Sheet(False, (), "one"), Sheet(True, (), "two"), Sheet(False, (), "three")]
    pages = _frame(measure, sheets, "letter")
    assert [p.label for p in pages] == ["one", "two", "three"]
    assert [(p.width, p.height) for p in pages] == [(215.9, 279.4), (279.4, 215.9), (215.9, 279.4)]
    for i, page in enumerate(pages, 1):
        strings = [t.text for t in texts(page.items)]
        assert f"page {i} / 3" in strings
        assert "Kit · English" in strings


def test_frame_keeps_the_sheet_items_first(measure):
    mark = Rect(50, 50, 10, 10)
    (page,) = _frame(measure, [Sheet(False, (mark,), "x")])
    assert page.items[0] is mark


def test_the_header_and_scale_check_sit_in_the_safe_area(measure):
    for landscape in (False, True):
        (page,) = _frame(measure, [Sheet(landscape, (), "x")])
        safe = safe_box(page)
        header = [t for t in texts(page.items) if t.text.startswith("page")]
        (h,) = header
        assert h.anchor == "end" and h.x == pytest.approx(safe.right)
        assert h.y < safe.y + 5
        bars = [s for s, _, _ in walk(page.items) if isinstance(s, Rect) and s.style.fill == BLACK]
        (bar,) = bars
        assert bar.w == SCALE_BAR_MM["a4"] and bar.y + bar.h > safe.bottom - 7


def test_a_sheet_can_place_its_own_scale_check(measure):
    sheet = Sheet(False, (), "x", scale=(100.0, 150.0), scale_label=Box(100, 152, 80, 8))
    (page,) = _frame(measure, [sheet])
    (bar,) = [s for s, _, _ in walk(page.items) if isinstance(s, Rect) and s.style.fill == BLACK]
    assert (bar.x, bar.y + bar.h) == (100.0, 150.0)


def test_scale_check_draws_a_bar_of_the_length_with_end_ticks(measure):
    shapes = scale_check(20.0, 100.0, 50.8, "This bar must measure 2 in.", Box(75, 95, 60, 7), measure)
    (bar,) = [s for s in shapes if isinstance(s, Rect)]
    assert bar.w == 50.8 and bar.y + bar.h == pytest.approx(100.0)
    assert sorted(s.x1 for s in shapes if isinstance(s, Line)) == [20.0, 70.8]
    assert "".join(t.text for t in shapes if isinstance(t, Text)).startswith("This bar")


def test_scale_check_sentence_that_does_not_fit_raises(measure):
    with pytest.raises(LayoutError):
        scale_check(20.0, 100.0, 50.0, "word " * 200, Box(75, 95, 30, 7), measure)


@pytest.mark.parametrize(
    ("shape", "where"),
    [
        (Rect(3.0, 50.0, 10.0, 10.0), "left"),
        (Rect(150.0, 3.0, 10.0, 10.0), "top"),
        (Rect(200.0, 50.0, 6.0, 10.0), "right"),
        (Line(20.0, 292.0, 40.0, 292.0), "bottom"),
        (Group((Rect(0, 0, 10, 10),), dx=195.0, dy=100.0), "right, moved by a group"),
        (Text(100.0, 6.0, "too high", "Sans", 9.0, 12.0), "top, a text"),
    ],
)
def test_ink_in_the_margin_is_a_layout_error(measure, shape, where):
    with pytest.raises(LayoutError, match="6.35 mm of the paper edge"):
        _frame(measure, [Sheet(False, (shape,), where)])


def test_a_stroke_that_spreads_into_the_margin_is_caught(measure):
    paper = get_paper("a4")
    from pnp.geometry import Page

    edge = Rect(SAFE_MARGIN, 50.0, 10.0, 10.0, Style(width=0.5))  # half the stroke lies outside
    with pytest.raises(LayoutError):
        check_margin(Page(210.0, 297.0, (edge,)), paper, False, measure)
    inside = Rect(SAFE_MARGIN + 0.25, 50.0, 10.0, 10.0, Style(width=0.5))
    check_margin(Page(210.0, 297.0, (inside,)), paper, False, measure)


def test_unpainted_shapes_may_lie_in_the_margin(measure):
    ghost = Rect(0, 0, 210, 297, Style(stroke=None, fill=None))
    (page,) = _frame(measure, [Sheet(False, (ghost,), "x")])
    assert page.items[0] is ghost


def test_a_glyph_whose_outline_starts_left_of_its_origin_is_caught(measure):
    """A "J" set exactly at the safe margin: its advance box is inside, its
    outline (DejaVu's J hooks left of the origin) is not."""
    from pnp.geometry import Page, Text

    paper = get_paper("a4")
    j = Text(SAFE_MARGIN, 50.0, "Jaguar", "Sans", 12.0, measure("Jaguar", "Sans", 12.0))
    with pytest.raises(LayoutError, match="Jaguar"):
        check_margin(Page(210.0, 297.0, (j,)), paper, False, measure)
    a = Text(SAFE_MARGIN, 50.0, "anaconda", "Sans", 12.0, measure("anaconda", "Sans", 12.0))
    check_margin(Page(210.0, 297.0, (a,)), paper, False, measure)
