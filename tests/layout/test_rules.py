"""pnp.layout.rules: flowing a kit's rules over as few pages as needed."""

from __future__ import annotations

import pytest

from pnp.errors import LayoutError
from pnp.geometry import Box, Text
from pnp.layout.frame import content_box
from pnp.layout.rules import MIN_BODY_PT, column_boxes, rules_sheets
from pnp.paper import get_paper
from pnp.textflow import fit, parse_blocks
from tests.helpers import MIN_RULES_PT, PAPER_MM, PT, SAFE_MARGIN

SENTENCE = "A piece which has not yet moved may only move on a throw of one, and is then turned over. "


def _texts(sheet):
    return [s for s in sheet.items if isinstance(s, Text)]


def test_the_floor_is_seven_points():
    assert MIN_BODY_PT == MIN_RULES_PT


def test_column_boxes_split_the_area_with_gutters():
    area = Box(10, 20, 190, 250)
    cols = column_boxes(area, 3, gutter=5)
    assert len(cols) == 3
    assert cols[0].x == 10 and cols[-1].right == pytest.approx(area.right)
    assert cols[0].w == pytest.approx((190 - 2 * 5) / 3)
    for a, b in zip(cols, cols[1:], strict=False):
        assert b.x - a.right == pytest.approx(5)
        assert (a.y, a.h) == (20, 250)


def test_short_rules_take_one_page_at_the_preferred_size(measure):
    sheets = rules_sheets(parse_blocks(["## Rules", SENTENCE * 3]), get_paper("a4"), measure, "rules")
    assert [s.label for s in sheets] == ["rules 1"]
    assert min(t.size for t in _texts(sheets[0])) >= 9.0


def test_long_rules_spread_over_more_pages_not_smaller_type(measure):
    blocks = parse_blocks([SENTENCE * 12] * 14)
    sheets = rules_sheets(blocks, get_paper("a4"), measure, "rules")
    assert len(sheets) > 1
    assert [s.label for s in sheets] == [f"rules {i}" for i in range(1, len(sheets) + 1)]
    sizes = {t.size for s in sheets for t in _texts(s)}
    assert min(sizes) >= 9.0 or len(sheets) == 4


def test_rules_text_stays_in_the_safe_area_clear_of_header_and_scale_check(measure):
    """Numbers from the print facts (US Letter, the 6.35 mm safe margin) and
    the frame's bands (a 4 mm header line at the top, the 7 mm scale check at
    the foot), not from the layout's own content box."""
    paper = get_paper("letter")
    w, h = PAPER_MM["letter"]
    blocks = parse_blocks(["## Heading", SENTENCE * 8, "- " + SENTENCE, "1. " + SENTENCE] * 3)
    for sheet in rules_sheets(blocks, paper, measure, "rules"):
        for t in _texts(sheet):
            assert SAFE_MARGIN - 1e-6 <= t.x and t.x + t.width <= w - SAFE_MARGIN + 1e-6
            assert SAFE_MARGIN + 4.0 <= t.y - t.size * PT * 0.93, "a line reaches into the header band"
            assert t.y <= h - SAFE_MARGIN - 7.0, "a line reaches into the scale check's band"


def test_the_title_line_runs_across_the_top_and_pushes_the_columns_down(measure):
    sheets = rules_sheets(parse_blocks([SENTENCE] * 3), get_paper("a4"), measure, "rules", title=("Tâb", "for two"))
    title, subtitle, *body = _texts(sheets[0])
    assert (title.text, subtitle.text) == ("Tâb", "for two")
    assert title.y == subtitle.y and subtitle.x > title.x + title.width
    assert title.size > subtitle.size and title.size > body[0].size
    assert min(t.y - t.size * 0.93 * 25.4 / 72 for t in body) > title.y + 1.0


def test_a_title_too_long_for_the_page_is_an_error(measure):
    with pytest.raises(LayoutError, match="title line"):
        rules_sheets(parse_blocks([SENTENCE]), get_paper("a4"), measure, "rules", title=("T" * 200, "x"))


def test_too_much_text_is_an_error_naming_the_pages(measure):
    blocks = parse_blocks([SENTENCE * 40] * 40)
    with pytest.raises(LayoutError, match="^manual:"):
        rules_sheets(blocks, get_paper("a4"), measure, "manual")


@pytest.mark.parametrize("paragraphs", [10, 25, 40, 60])
def test_rules_never_go_below_the_floor_to_fit(measure, paragraphs):
    paper = get_paper("a4")
    blocks = parse_blocks([SENTENCE * 8] * paragraphs)
    try:
        sheets = rules_sheets(blocks, paper, measure, "rules")
    except LayoutError:
        # only when the text does not fit even at the floor on the most pages
        columns = column_boxes(content_box(paper, False), 2) * 4
        with pytest.raises(LayoutError):
            fit(blocks, columns, measure, MIN_RULES_PT, MIN_RULES_PT)
        return
    assert min(t.size for s in sheets for t in _texts(s)) >= MIN_RULES_PT
