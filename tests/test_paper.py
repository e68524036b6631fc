"""pnp.paper against the print facts."""

from __future__ import annotations

import pytest

from pnp.errors import UsageError
from pnp.geometry import PT as PNP_PT
from pnp.i18n import load_catalog
from pnp.paper import PAPERS, SAFE_MARGIN, get_paper
from tests.helpers import INCH, LANGS, PAPER_MM, PT, SCALE_BAR_MM
from tests.helpers import SAFE_MARGIN as QUARTER_INCH


def test_the_papers_are_a4_and_letter():
    assert set(PAPERS) == {"a4", "letter"}
    for pid, paper in PAPERS.items():
        assert paper.id == pid


@pytest.mark.parametrize("pid", sorted(PAPER_MM))
def test_sizes_are_the_standard_ones(pid):
    paper = get_paper(pid)
    assert (paper.width, paper.height) == pytest.approx(PAPER_MM[pid], abs=1e-9)
    assert paper.size() == (paper.width, paper.height)
    assert paper.size(landscape=True) == (paper.height, paper.width)


def test_sizes_in_points():
    assert tuple(v / PT for v in PAPER_MM["a4"]) == pytest.approx((595.28, 841.89), abs=0.01)
    assert tuple(v / PT for v in PAPER_MM["letter"]) == pytest.approx((612, 792), abs=1e-9)
    assert PNP_PT == pytest.approx(PT)


def test_the_safe_margin_is_a_quarter_inch():
    assert SAFE_MARGIN == pytest.approx(QUARTER_INCH) == pytest.approx(INCH / 4)


@pytest.mark.parametrize("pid", sorted(PAPERS))
@pytest.mark.parametrize("landscape", [False, True])
def test_the_safe_area_is_the_paper_less_the_margin(pid, landscape):
    paper = get_paper(pid)
    w, h = paper.size(landscape)
    safe = paper.safe(landscape)
    assert (safe.x, safe.y) == pytest.approx((QUARTER_INCH, QUARTER_INCH))
    assert (safe.right, safe.bottom) == pytest.approx((w - QUARTER_INCH, h - QUARTER_INCH))


def test_a_layout_for_both_papers_has_the_common_safe_area():
    # print facts: 210 x 279.4 mm less the margins is 197.3 x 266.7 mm
    w = min(p.width for p in PAPERS.values()) - 2 * QUARTER_INCH
    h = min(p.height for p in PAPERS.values()) - 2 * QUARTER_INCH
    assert (w, h) == pytest.approx((197.3, 266.7))


@pytest.mark.parametrize("pid", sorted(SCALE_BAR_MM))
@pytest.mark.parametrize("lang", LANGS)
def test_the_scale_bar_and_its_label(pid, lang):
    paper = get_paper(pid)
    assert paper.scale_bar == pytest.approx(SCALE_BAR_MM[pid], abs=1e-9)
    words = load_catalog("tab", lang).text(f"scale_length_{pid}").replace("\u00a0", " ")
    comma = "." if lang == "en" else ","  # Dutch and German write a decimal comma
    assert f"{SCALE_BAR_MM[pid]:g} mm".replace(".", comma) in words


@pytest.mark.parametrize("lang", LANGS)
def test_letter_states_its_bar_in_inches(lang):
    words = load_catalog("tab", lang).text("scale_length_letter").replace("\u00a0", " ")
    assert words.startswith("2 ") and words.split()[1] in ("in", "inch", "Zoll")


def test_an_unknown_paper_is_a_usage_error():
    with pytest.raises(UsageError, match="unknown paper 'a5'.*a4.*letter"):
        get_paper("a5")
