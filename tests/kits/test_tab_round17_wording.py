"""Tâb, round 17 (hobby17a, native NL/DE 16) wording, read from the rendered PDFs:
- step 4 of making a piece glues the blank backs together (not "the two
  faces back to back", which reads as gluing the printed faces together);
- (the DE markers note's slide-off sentence went in round 18: the markers are bands round the piece);
- the EN example of a stack sent back reads as a sentence.
"""
from __future__ import annotations

from functools import partial

import pytest

from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import _text
from tests.textlines import page_lines


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round17-wording")), "tab")


STEP4 = {"en": "4. Glue the blank backs together", "nl": "4. Plak de blanco achterkanten op elkaar",
         "de": "4. Klebe die leeren Rückseiten aufeinander"}
OLD4 = ("faces back to back", "Plak de helften", "Vorder- und Rückseite")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_step_4_glues_the_blank_backs(render, lang, paper):
    """Pages 2 and 4: the step-4 caption under its picture, read line by line
    (its second line under its first, at the same left edge)."""
    pdf = render(lang, paper)
    pages = page_lines(pdf)
    for index in (1, 3):
        lines = pages[index]
        (first,) = [ln for ln in lines if ln.text.startswith("4. ") and STEP4[lang].startswith(ln.text.strip())
                    and ln.base < 150]
        under = [ln for ln in lines if abs(ln.x - first.x) < 12 and 0 < first.base - ln.base < 2 * first.size]
        said = " ".join([first.text.strip(), *(ln.text.strip() for ln in under[:1])])
        assert said == STEP4[lang], (index, said)
        assert not any(old in _text(pdf, index) for old in OLD4), index


def test_tab_en_the_example_is_a_sentence(render):
    said = _text(render("en"), 2)
    assert "Example: when a stack of 3 goes from row 3 on to row 2, only the top piece goes on;" in said
    assert "Example: of a stack" not in said
