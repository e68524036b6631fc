"""Tâb, the hobbyist's round-7 points, read from the rendered PDFs:

- the kit ships its ink-saving version: page 2 is page 4 with the dark
  pieces and the light pieces' markers mid grey (light and dark still tell
  apart), its header says to print it or page 4, and page 3 says to print
  pages 1–3 (page 4 instead of page 2 for solid black; round 10: the solid
  page is the last); no page speaks of the program that made the file;
- page 3: the suggested rules come first, and the original's assembly text
  (which glues everything onto thick card) is last, set small inside a
  frame headed "For reference".
"""

from __future__ import annotations

import re
from collections import Counter
from functools import partial

import pytest
from PIL import ImageStat

from pnp.i18n import load_catalog
from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import HEADINGS, _face_mean, _grey, _text
from tests.kits.test_table_ready import facts, page_objects
from tests.textlines import page_lines


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round7")), "tab")


MM = 25.4 / 72
PAGE_4 = {"en": ("Print pages 1–3", "print page 4 instead of page 2"),
          "nl": ("druk pagina’s 1–3 af", "druk dan pagina 4 af in plaats van pagina 2"),
          "de": ("Drucke die Seiten 1–3", "drucke Seite 4 statt Seite 2")}


def _marker_mean(pdf, index: int, dpi: int = 100) -> float:
    """The mean grey of the light pieces' markers (the dark ones, on their
    field) in a strip 0.8-2 mm inside each band's left end, clear of its 4s."""
    img = _grey(pdf, index, dpi)
    px = dpi / 25.4
    mk = facts("tab")["marker"]
    outlines = [o for o in page_objects(pdf, index) if o.tag == ("marker", "light") and o.kind == "path"
                and o.stroke > 0 and not o.dashed and abs(o.h - mk) < 1.5 and o.w > 3 * mk]  # round 18: bands
    assert len(outlines) == facts("tab")["pieces_per_player"], len(outlines)
    means = []
    for o in outlines:
        x0, y0, _, y1 = o.line()
        box = (round((x0 + 0.8) * px), round((y0 + 1.0) * px), round((x0 + 2.0) * px), round((y1 - 1.0) * px))
        means.append(ImageStat.Stat(img.crop(box)).mean[0])
    return sum(means) / len(means)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_page_2_is_page_4_with_less_ink(render, lang, paper):
    """Page 2 holds page 4's components, drawn alike (the same objects in
    each piece, marker and table), its header says what it is; the dark
    pieces and the light pieces' markers are black on page 4 and mid grey on
    page 2, far darker than the light pieces there."""
    pdf = render(lang, paper)
    assert len(page_lines(pdf)) == 4

    def tags(index: int) -> Counter:
        return Counter(o.tag for o in page_objects(pdf, index) if o.tag)

    assert tags(3) == tags(1) and tags(1)[("piece", "dark")] > 0
    cat = load_catalog("tab", lang)
    assert cat.text("saver_caption") in _text(pdf, 1)
    assert _face_mean(pdf, "dark", index=3) < 40 and _marker_mean(pdf, 3) < 40
    dark, light = _face_mean(pdf, "dark"), _face_mean(pdf, "light")
    assert 90 < dark < 190, f"the ink-saving dark pieces are {dark:.0f}, not mid grey"
    assert light - dark > 50, "light and dark pieces tell apart"
    marker = _marker_mean(pdf, 1)
    assert 90 < marker < 190, f"the ink-saving markers for light pieces are {marker:.0f}, not mid grey"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_names_page_4_and_not_the_program(render, lang, paper):
    """Page 3 says to print pages 1–3 (the grey pieces), or page 4
    instead of page 2 for solid black; no page speaks of pnp (a hobbyist
    cannot act on a note for whoever made the file)."""
    pdf = render(lang, paper)
    for said in PAGE_4[lang]:
        assert said in _text(pdf, 2), said
    for index in range(4):
        assert not re.search(r"\bpnp\b", _text(pdf, index), re.IGNORECASE), f"page {index + 1} names pnp"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_page_3_puts_the_rules_first_and_the_original_last_in_a_box(render, lang, paper):
    """Page 3: the suggested rules' heading tops the first column; the
    original's assembly text stands last, in a frame: its heading ("For
    reference ...") is the frame's first line, every line inside is smaller
    than the rules' text, and nothing of the rules follows the frame."""
    pdf = render(lang, paper)
    making, reference, rules = HEADINGS[lang]
    frames = [o for o in page_objects(pdf, 2) if o.kind == "path" and o.stroke > 0 and not o.filled
              and o.w > 60 and o.h > 30]
    assert len(frames) == 1, f"{len(frames)} framed boxes on page 3"
    fx0, fy0, fx1, fy1 = frames[0].ink()
    h = 792.0 if paper == "letter" else 841.89
    lines = [(ln, ln.x * MM, (h - ln.base) * MM) for ln in page_lines(pdf)[2]]

    def inside(x: float, y: float) -> bool:
        return fx0 < x < fx1 and fy0 < y < fy1

    boxed = [(ln, x, y) for ln, x, y in lines if inside(x, y)]
    first = min(boxed, key=lambda t: t[2])[0]
    assert reference.startswith(first.text.replace("\u00a0", " ")[:20]), f"the box starts with {first.text!r}"
    body = max(ln.size for ln, x, y in lines if not inside(x, y) and ln.size < 10.5 and not ln.bold)
    assert all(ln.size < body - 0.5 for ln, _, _ in boxed), "the original's text is set smaller than the rules"
    (head,) = [(ln, x, y) for ln, x, y in lines if ln.text.replace("\u00a0", " ").startswith(rules)]
    assert head[1] < fx0 - 5, "the rules' heading stands in the column before the box"
    title = max(y for ln, _, y in lines if ln.size > 13)  # the title line across the top
    tops = [y for ln, x, y in lines if x < fx0 - 5 and y > title + 1.0]
    assert head[2] <= min(tops) + 1.0, "the rules' heading tops the first column"
    # under the box, in its column: the scale check's sentence at the foot at most
    after = [ln.text for ln, x, y in lines if fx0 - 1 < x < fx1 and y > fy1 and ln.size > 7.6]
    assert not after, f"text after the box: {after[:2]}"
    # the box holds the original: its 'thick card' and its A4
    text = " ".join(ln.text for ln, _, _ in boxed)
    assert "A4" in text
    assert making in _text(pdf, 2)
