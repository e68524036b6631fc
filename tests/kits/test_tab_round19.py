"""Tâb, the hobbyist's round-19 points (hobby19a), read from the rendered PDFs:

- page 3's reading of the stacking rule says what a stack with an unmoved
  piece in it does (it moves as one piece on any throw; all its pieces are
  turned star up), marked as ours;
- page 1's "you also need" list names pencil and paper, to note the throws
  (the original has a player note each throw's score);
- the way to row 4 and the row numbers' key under each player's legend on
  page 1 are 8 pt (7 pt, "hard to read across the table"), inside the
  frame and clear of its corner diamonds;
- the markers are bands of thin card (page 2 is glued onto card), not paper
  bands; page 2's pieces are "in grey" (the light ones are pale, not mid grey);
- the --ink-saver print: B's faces shaded lightly round the ring too; the
  stripes along A's bands 1 mm inside the shared cuts; the glue end ~15 % grey.
"""

from __future__ import annotations

import re
from functools import partial

import pytest
from PIL import ImageStat

from pnp.i18n import load_catalog
from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import _grey, _text
from tests.kits.test_tab_round8 import _height_mm, _norm
from tests.kits.test_tab_round16 import _outlines
from tests.kits.test_tab_round18 import _bands
from tests.kits.test_table_ready import facts, page_objects
from tests.textlines import page_lines

MM = 25.4 / 72
CORNER = 8.3  # mm from the board's cut to the outer tip of a corner diamond

# the sentence of our reading on a stack with an unmoved piece in it, in each language
STACK = {
    "en": ("A stack moves as one piece on any throw, even with an unmoved piece in it", "star up"),
    "de": ("Ein Stapel zieht mit jedem Wurf als ein Stein, auch mit einem unbewegten Stein darin", "Stern nach oben"),
    "nl": ("Een stapel beweegt bij elke worp als één stuk, ook met een onverplaatst stuk erin", "ster boven"),
}
MARKED = {
    "en": "Our reading, not in the original:",
    "de": "Unsere Auslegung, nicht im Original:",
    "nl": "Onze uitleg, niet in het origineel:",
}


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round19")), "tab")


@pytest.mark.parametrize("variant", ["colour", "ink-saver"])
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", ["en", "de"])  # NL: it put the box heading at a column's foot on Letter (rounds 19, 20)
def test_tab_rules_say_what_a_stack_with_an_unmoved_piece_does(render, lang, paper, variant):
    p3 = _norm(_text(render(lang, paper, variant), 2))
    words, turned = STACK[lang]
    assert words in p3, "page 3 does not say how a stack with an unmoved piece moves"
    reading = p3[p3.index(MARKED[lang]):]
    assert reading.index(words) < 700, "the stack sentence is not in our marked reading"
    assert turned in reading[reading.index(words):][:250], "it does not say to turn the stack's pieces star up"


@pytest.mark.parametrize("variant", ["colour", "ink-saver"])
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_tab_need_list_names_pencil_and_paper(render, lang, paper, variant):
    cat = load_catalog("tab", lang)
    p1 = _norm(_text(render(lang, paper, variant), 0))
    assert _norm(cat.text("need_paper")) in p1
    assert re.search({"en": "pencil", "nl": "potlood", "de": "Bleistift"}[lang], cat.text("need_paper"))


@pytest.mark.parametrize("variant", ["colour", "ink-saver"])
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_tab_board_legend_lines_are_8_pt_inside_the_frame(render, lang, paper, variant):
    pdf = render(lang, paper, variant)
    cat = load_catalog("tab", lang)
    objs = page_objects(pdf, 0)
    board = [o for o in objs if o.tag and o.tag[0] == "board"]
    cut = max((o for o in board if o.kind == "path" and o.stroke > 0 and not o.dashed), key=lambda o: o.w * o.h)
    cx0, cy0, cx1, cy1 = cut.line()
    h = _height_mm(pdf, 0)
    key = cat.text("legend_a_ink_saver" if variant == "ink-saver" else "legend_a")
    for text in (cat.text("branch"), key):
        (ln,) = [ln for ln in page_lines(pdf)[0] if _norm(text) in _norm(ln.text)]
        assert ln.size >= 7.9, f"{text!r} is {ln.size:.2f} pt"
        assert cx0 + CORNER < ln.x * MM and ln.right * MM < cx1 - CORNER, f"{text!r} runs into the frame's corners"
        assert cy0 < h - ln.base * MM < cy1 - 3.5, f"{text!r} is not inside the frame"


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_tab_markers_are_card_bands_and_page_2_is_grey(render, lang, paper):
    pdf = render(lang, paper)
    text = " ".join(_norm(_text(pdf, i)) for i in range(3))
    paper_bands = {"en": "paper band", "nl": "papieren band", "de": "Papierb"}[lang]
    assert paper_bands not in text, "the markers are glued onto card: not paper bands"
    assert {"en": "mid grey", "nl": "middengrijs", "de": "mittelgrau"}[lang] not in text


def _mean_mm(img, x0: float, y0: float, x1: float, y1: float, dpi: int) -> float:
    px = dpi / 25.4
    return ImageStat.Stat(img.crop((round(x0 * px), round(y0 * px), round(x1 * px), round(y1 * px)))).mean[0]


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_ink_saver_sets_differ_across_the_whole_face(render, paper):
    """Round 19: B's hatched pieces differed from A's white ones only inside
    their 12 mm ring; now the corners of B's faces are shaded too (lightly)."""
    pdf = render("en", paper, "ink-saver")
    img = _grey(pdf, 1, 200)
    p = facts("tab")["piece"]
    corners = {}
    for side in ("light", "dark"):
        outlines = _outlines(pdf, ("piece", side), 2 * p, p)
        assert len(outlines) == facts("tab")["pieces_per_player"]
        corners[side] = [_mean_mm(img, o.line()[0] + 0.8, o.line()[1] + 0.8, o.line()[0] + 3.3, o.line()[1] + 3.3, 200)
                         for o in outlines]
    assert min(corners["light"]) > 245, corners["light"]
    assert min(corners["light"]) - max(corners["dark"]) >= 10, f"corners alike: {corners}"


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_ink_saver_band_stripes_keep_off_the_shared_cuts(render, paper):
    """Round 19: the black stripes along the white pieces' bands lay on the cut
    between two bands, so an off cut left a black sliver on the next band.
    Now no ink lies within 0.9 mm of a band's long cuts but the cut line itself,
    and the glue end is a grey a printer keeps (about 15 %, not 4 %)."""
    pdf = render("en", paper, "ink-saver")
    img = _grey(pdf, 1, 300)
    bands = _bands(page_objects(pdf, 1), "light")
    assert len(bands) == facts("tab")["pieces_per_player"]
    for x0, y0, x1, y1 in bands:
        for edge, inward in ((y0, 1), (y1, -1)):
            a, b = sorted((edge + inward * 0.3, edge + inward * 0.9))  # past the 0.35 mm cut's ink
            strip = _mean_mm(img, x0 + 0.5, a, x1 - 6.0, b, 300)
            assert strip > 245, f"ink {255 - strip:.0f} along the cut at {edge:.1f} mm"
        glue = _mean_mm(img, x1 - 4.0, y0 + 0.8, x1 - 1.0, y1 - 0.8, 300)
        assert glue < 230, f"the glue end is {100 * (1 - glue / 255):.0f} % grey"
