"""Tâb and Ur, the native Dutch reader's round-8 points, read from the
rendered PDFs:

- Tâb page 3: no bullet of the notes is split across the two columns (a
  reader met "... naar rij 4. Een fiche" | "blijft altijd bij zijn stuk");
- no word that completes a cut-short compound is itself hyphenated
  ("zwart-wit- of kleu-" | "renprinter");
- Ur page 1: the way in is square 1 itself, where the arrow is drawn, not an
  arrow coming in from off the board.
"""

from __future__ import annotations

import pytest

from tests.helpers import LANGS, PAPER_IDS, kit_renderer
from tests.textlines import Line, page_lines

CONJUNCTIONS = {"of", "en", "tot", "und", "oder", "and", "or", "to"}


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return kit_renderer(tmp_path_factory.mktemp("tabur-round9"))


def _columns(lines: list[Line], mid: float) -> tuple[list[Line], list[Line]]:
    """The rules' two columns of body text (9 pt and up, below the title),
    each top to bottom."""
    title = max(ln.base for ln in lines if ln.size > 14)
    body = [ln for ln in lines if ln.base < title - 1 and ln.size >= 8.5]
    left = sorted((ln for ln in body if ln.x < mid), key=lambda ln: -ln.base)
    right = sorted((ln for ln in body if ln.x >= mid), key=lambda ln: -ln.base)
    return left, right


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_tab_no_bullet_is_split_across_the_columns(render, lang, paper):
    pdf = render("tab", lang, paper)
    lines = page_lines(pdf)[2]
    width = max(ln.right for ln in lines)
    left, right = _columns(lines, width / 2)
    assert left and right
    first = right[0]
    # the second column opens with a bullet or a heading, never inside a paragraph or an item
    assert first.text.startswith("•") or first.bold, f"column 2 starts mid-text: {first.text!r}"
    # and the first column's last line ends a sentence
    assert left[-1].text.rstrip().endswith((".", ":", ")")), f"column 1 ends mid-sentence: {left[-1].text!r}"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_tab_the_word_completing_a_cut_short_compound_stays_whole(render, lang, paper):
    """"zwart-wit- of kleu-" | "renprinter": a reader pairing the cut-short
    part with the word after the conjunction finds that word broken too."""
    for page in page_lines(render("tab", lang, paper)):
        for ln in page:
            words = ln.words
            if len(words) < 3 or not words[-1].endswith("-"):
                continue
            assert not (words[-2].lower() in CONJUNCTIONS and words[-3].endswith("-")), \
                f"a completing word broken: {ln.text!r}"


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_ur_nl_the_way_in_is_square_1_and_stones_are_cut_with_scissors(render, paper):
    pages = page_lines(render("ur", "nl", paper))
    text = " ".join(" ".join(ln.words) for page in pages for ln in page)
    assert "van buiten het bord" not in text  # the arrow is drawn inside square 1
    assert "ingang, vak 1" in text.lower()
    assert "snijd elke ronde steen" not in text  # "knip" on p1 and p2 alike
    assert "knip elke ronde steen" in text
    # the lots are on the pieces' card since round 10: one card of 0.5 mm for both, said in the kit list
    assert "één vel is genoeg voor beide" in text and "(het wordt gevouwen)" not in text
