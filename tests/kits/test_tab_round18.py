"""Tâb, the hobbyists' round-18 point (hobby18a, two rounds running), read
from the rendered PDFs: the row-4 markers are paper bands, glued into a
loop round a piece, so they cannot slide off it (the fold-over markers set
on top of a piece rode or slid off; the kit offered a paper clip).

- 9 bands a side, one under the other, sharing their cut lines (one cut
  between two bands: n + 1 long cuts, not 2n);
- each band 6 mm and more wide, and as long as a loop round a piece needs:
  twice the piece (measured from its cut outline on the same page), both
  edges of the folded card, some slack and a glue end, yet not so loose
  that it slides off;
- the 4 on every band, four times, so it shows on both faces of the piece.
"""

from __future__ import annotations

from functools import partial

import pytest

from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_table_ready import Obj, facts, page_objects
from tests.textlines import page_lines

CARD = 0.5  # mm: the least a folded piece (two layers of thin card and glue) is thick
OVERLAP = 4.0  # mm: the least glue end
SLACK_MAX = 4.0  # mm: a loop looser than this slides off the piece


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round18")), "tab")


def _bands(objs: list[Obj], side: str) -> list[tuple[float, float, float, float]]:
    """The bands' cut outlines tagged `side` on the page, each as its path (x0, y0, x1, y1)."""
    return [o.line() for o in objs if o.tag == ("marker", side) and o.kind == "path" and 0 < o.stroke < 0.5
            and not o.filled and not o.dashed and o.w > 3.0 and o.y1 - o.y0 > 3.0]


def _piece(objs: list[Obj]) -> float:
    """A piece's size: the height of a light piece's solid cut outline (its two faces side by side)."""
    p = facts("tab")["piece"]
    heights = {round(o.line()[3] - o.line()[1], 2) for o in objs if o.tag == ("piece", "light") and o.kind == "path"
               and o.stroke > 0 and not o.dashed and not o.filled and abs(o.w - 2 * p) < 3.0}
    assert len(heights) == 1, heights
    return heights.pop()


@pytest.mark.parametrize("variant", ["colour", "ink-saver"])
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_tab_row_four_markers_are_bands_that_loop_round_a_piece(render, lang, paper, variant):
    objs = page_objects(render(lang, paper, variant), 1)
    n = facts("tab")["pieces_per_player"]
    p = _piece(objs)
    for side in ("light", "dark"):
        bands = _bands(objs, side)
        assert len(bands) == n, f"{side}: {len(bands)} bands"
        # one cut between two bands: their outlines share edges, n + 1 long cut lines in all, evenly apart
        ys = sorted({round(y, 1) for b in bands for y in (b[1], b[3])})
        assert len(ys) == n + 1, f"{side}: long cuts at {ys}"
        widths = [b[3] - b[1] for b in bands]
        assert min(widths) >= 6.0 - 0.05 and max(widths) - min(widths) < 0.05, f"{side} bands {widths} mm wide"
        # every band the same length, its ends on one knife line at each end of the block
        xs = sorted({round(x, 1) for b in bands for x in (b[0], b[2])})
        assert len(xs) == 2, f"{side}: ends at {xs}"
        length = min(b[2] - b[0] for b in bands)
        girth = 2 * p + 2 * CARD
        assert length >= girth + OVERLAP, f"{side} band {length:.1f} mm: too short to loop round a {p:.1f} mm piece"
        assert length <= girth + OVERLAP + 2 + SLACK_MAX, f"{side} band {length:.1f} mm: a loop this long slides off"


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_every_band_shows_its_4_on_both_faces(render, paper):
    """Four 4s along each band (before its glue end), so a loop round a
    piece shows a 4 on either face; 9 bands a side."""
    objs = page_objects(render("en", paper), 1)
    n = facts("tab")["pieces_per_player"]
    for side in ("light", "dark"):
        fours = [o for o in objs if o.tag == ("marker", side) and o.kind == "text"]
        assert len(fours) == 4 * n, f"{side}: {len(fours)} 4s"
        for _, top, _, bottom in _bands(objs, side):
            row = [o for o in fours if top < (o.y0 + o.y1) / 2 < bottom]
            assert len(row) == 4, f"{side} band at {top:.1f}: {len(row)} 4s"


SKIP_PAGE_4 = {"en": ("Print pages 1–3;", "skip it to save ink"), "nl": ("Druk pagina’s 1–3 af;", "sla hem over"),
               "de": ("Drucke die Seiten 1–3;", "weglassen spart Tinte")}


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_tab_page_one_says_page_4_is_optional(render, lang, paper):
    """Page 1's header, one line of its own: print pages 1–3, and page 4
    (solid black pieces) may be skipped to save ink (round 18: it read as
    one of the pages to print)."""
    first, skip = SKIP_PAGE_4[lang]
    lines = [ln.text for ln in page_lines(render(lang, paper))[0] if first in ln.text]
    assert len(lines) == 1 and skip in lines[0], lines
