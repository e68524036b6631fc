"""Tier 1, kit-generic: the page data of every kit in every language on
every paper, checked against the print facts without rendering anything."""

from __future__ import annotations

import pytest

from pnp.fonts import covers
from pnp.geometry import BLACK, Line, Rect, is_inked, shape_box, walk
from pnp.i18n import load_catalog
from pnp.paper import get_paper
from tests.helpers import (
    COMBOS,
    MIN_RULES_PT,
    PAPER_MM,
    SAFE_MARGIN,
    SCALE_BAR_MM,
    components,
    group_box,
    joined_text,
    normalise,
    reading_text,
    safe_box,
    texts,
)

pytestmark = pytest.mark.parametrize(("kit_id", "lang", "paper_id"), COMBOS)

# The frame's scale-check sentence sits in this band above the bottom of the
# safe area (pnp.layout.frame puts nothing else there).
FOOTER_BAND = 7.0


def _portrait(paper_id: str) -> tuple[float, float]:
    paper = get_paper(paper_id)
    return PAPER_MM.get(paper_id, (paper.width, paper.height))


def test_pages_are_the_size_of_the_paper(built, kit_id, lang, paper_id):
    w, h = _portrait(paper_id)
    pages = built(kit_id, lang, paper_id).pages
    assert pages
    for page in pages:
        size = (page.width, page.height)
        ok = any(abs(size[0] - a) <= 0.01 and abs(size[1] - b) <= 0.01 for a, b in ((w, h), (h, w)))
        assert ok, f"page {page.label!r} is {size}, not {w} x {h} mm either way round"


def test_the_safe_area_is_the_paper_less_a_quarter_inch(built, kit_id, lang, paper_id):
    paper = get_paper(paper_id)
    for page in built(kit_id, lang, paper_id).pages:
        landscape = page.width > page.height
        assert paper.safe(landscape) == pytest.approx(safe_box(page)), page.label


def test_all_ink_is_inside_the_safe_area(built, kit_id, lang, paper_id):
    bad = []
    for page in built(kit_id, lang, paper_id).pages:
        safe = safe_box(page)
        for s, m, _ in walk(page.items):
            if is_inked(s):
                b = shape_box(s, m)
                if not safe.contains(b, tol=1e-6):
                    what = getattr(s, "text", type(s).__name__)
                    bad.append(f"{page.label}: {what!r} at x {b.x:.2f}..{b.right:.2f}, y {b.y:.2f}..{b.bottom:.2f}")
    assert not bad, f"inked within {SAFE_MARGIN} mm of the paper edge:\n" + "\n".join(bad[:10])


def test_every_page_has_a_header_with_page_i_of_n(built, kit_id, lang, paper_id):
    cat = load_catalog(kit_id, lang)
    pages = built(kit_id, lang, paper_id).pages
    n = len(pages)
    title = cat.text("title")
    for i, page in enumerate(pages, 1):
        strings = [t.text for t in texts(page.items)]
        want = str(cat.raw("page")).format(i=i, n=n)
        assert want.endswith(f"{i} / {n}")
        assert want in strings, f"page {i} ({page.label!r}) has no {want!r}"
        assert any(s.startswith(title) for s in strings), f"page {i} does not name the kit {title!r}"


def test_every_page_has_a_scale_bar_of_the_stated_length(built, kit_id, lang, paper_id):
    paper = get_paper(paper_id)
    length = SCALE_BAR_MM.get(paper_id, paper.scale_bar)
    for page in built(kit_id, lang, paper_id).pages:
        bars = [
            (s, m)
            for s, m, _ in walk(page.items)
            if isinstance(s, Rect) and s.style.fill == BLACK and s.style.stroke is None and abs(s.w - length) < 1e-9
        ]
        assert len(bars) == 1, f"{page.label}: {len(bars)} black bars {length} mm long"
        bar, m = bars[0]
        assert m[:4] == (1.0, 0.0, 0.0, 1.0), "the bar is scaled or turned"
        assert bar.h < bar.w / 10, "a bar, not a box"
        # an end tick at each end of the bar
        x0 = bar.x + m[4]
        ticks = {round(s.x1 + mm[4], 6) for s, mm, _ in walk(page.items)
                 if isinstance(s, Line) and s.x1 == s.x2}
        assert {round(x0, 6), round(x0 + length, 6)} <= ticks, f"{page.label}: no end ticks on the scale bar"


def test_every_page_states_the_scale_check(built, kit_id, lang, paper_id):
    paper = get_paper(paper_id)
    cat = load_catalog(kit_id, lang)
    sentence = normalise(cat.text("scale_check", length=cat.text(f"scale_length_{paper.id}")))
    for page in built(kit_id, lang, paper_id).pages:
        assert sentence in joined_text(page), f"{page.label}: the scale check sentence is missing"


def _rules_pages(built, kit_id, lang, paper_id):
    pages = [p for p in built(kit_id, lang, paper_id).pages if p.label.startswith("rules")]
    if not pages:
        pytest.skip(f"{kit_id} has no page labelled 'rules'")
    return pages


def test_rules_pages_have_no_text_below_7pt(built, kit_id, lang, paper_id):
    for page in _rules_pages(built, kit_id, lang, paper_id):
        small = sorted({(t.size, t.text[:40]) for t in reading_text(page) if t.size < MIN_RULES_PT - 1e-9})
        assert not small, f"{page.label}: text below {MIN_RULES_PT} pt: {small[:5]}"


def test_rules_body_text_is_at_least_7pt(built, kit_id, lang, paper_id):
    """The same floor for the rules themselves, the frame's footer aside."""
    for page in _rules_pages(built, kit_id, lang, paper_id):
        footer = safe_box(page).bottom - FOOTER_BAND
        body = [t for t in reading_text(page) if t.y < footer]
        assert len(body) > 10
        small = sorted({(t.size, t.text[:40]) for t in body if t.size < MIN_RULES_PT - 1e-9})
        assert not small, f"{page.label}: rules text below {MIN_RULES_PT} pt: {small[:5]}"


def test_every_character_has_a_glyph_in_its_font(built, kit_id, lang, paper_id):
    missing = {}
    for page in built(kit_id, lang, paper_id).pages:
        for t in texts(page.items):
            gaps = covers(t.font, t.text)
            if gaps:
                missing.setdefault(t.font, set()).update(gaps)
    assert not missing, f"characters without a glyph: {missing}"


def test_components_do_not_overlap(built, kit_id, lang, paper_id):
    for page in built(kit_id, lang, paper_id).pages:
        boxes = [(g.tag, group_box(g, m)) for g, m in components(page)]
        clashes = [(a, b) for i, (a, ba) in enumerate(boxes) for b, bb in boxes[i + 1 :] if ba.overlaps(bb)]
        assert not clashes, f"{page.label}: overlapping components {clashes[:3]}"
