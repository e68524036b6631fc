"""Ur, the round-13 reviewers' points, read from the rendered PDF in every
language and paper: "To begin" says that both players run the middle row
the same way, so its squares have the same numbers for both (hobby13b Ur 4);
the Dutch count from the place beside the board (native12-nl 16); the lots'
caption on page 3 splits no word at a line's end (native12-de 10:
'gestri-|chelte')."""

from __future__ import annotations

import pytest

from tests.datakit.test_ur_round10 import pages_text, squash
from tests.helpers import LANGS, PAPER_IDS
from tests.textlines import page_lines

MIDDLE = {"en": "both run it the same way, from the end by the corner rosettes towards the way out: its squares have "
                "the same numbers for both.",
          "nl": "ze lopen hem allebei in dezelfde richting, van het eind bij de hoekrozetten naar de uitgang toe: de "
                "vakken daar hebben voor beiden dezelfde getallen.",
          "de": "beide durchlaufen sie in derselben Richtung, vom Ende bei den Eckrosetten zum Ausgang hin: Ihre Felder "
                "haben für beide dieselben Zahlen."}
CAPTION = {"en": "Throwing lots:", "nl": "Werpkaartjes:", "de": "Wurfplättchen:"}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_middle_row_note_and_caption_whole_words(rendered, lang, paper):
    path = rendered("ur", lang, paper)
    pages = pages_text(path)
    assert squash(MIDDLE[lang]) in pages[0], f"{lang} {paper}: page 1 says both run the middle row the same way"
    if lang == "nl":
        assert squash("je telt dan vanaf de plek naast het bord:") in pages[0], "nl: counted from the place beside it"
    lines = sorted(page_lines(path)[2], key=lambda ln: -ln.base)
    first = next(i for i, ln in enumerate(lines) if ln.text.startswith(CAPTION[lang]))
    caption = [ln for ln in lines[first:first + 3] if abs(ln.x - lines[first].x) < 1.0 and abs(ln.size - lines[first].size) < 0.05]
    assert len(caption) >= 2, f"{lang} {paper}: the lots' caption read"
    for ln in caption[:-1]:
        assert not ln.text.rstrip().endswith(("-", "\u00ad")), f"{lang} {paper}: the caption splits a word: {ln.text!r}"


QUICK = {"en": "Quick reference: cut this box off and keep it by the board",
         "nl": "Kort overzicht: knip dit vak eraf en bewaar het bij het bord",
         "de": "Kurzübersicht: abschneiden und beim Brett aufbewahren"}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_a_quick_reference_for_each_player(rendered, lang, paper):
    """Page 3's foot holds two copies of the quick reference side by side,
    the same words in each: one for each player (hobby13b Ur 3)."""
    lines = page_lines(rendered("ur", lang, paper))[2]
    heads = sorted((ln for ln in lines if squash(ln.text) == squash(QUICK[lang])), key=lambda ln: ln.x)
    assert len(heads) == 2, f"{lang} {paper}: {len(heads)} quick references on page 3"
    assert abs(heads[0].base - heads[1].base) < 0.5, f"{lang} {paper}: side by side"
    foot = min(ln.base for ln in lines)

    def words(left: float, right: float) -> str:
        return squash(" ".join(ln.text for ln in sorted(lines, key=lambda ln: (-ln.base, ln.x))
                               if foot + 0.5 < ln.base <= heads[0].base + 0.5 and left - 0.5 <= ln.x < right))

    first, second = words(heads[0].x, heads[1].x - 1.0), words(heads[1].x, 10_000.0)
    assert len(first) > 300 and first == second, f"{lang} {paper}: the two copies say the same"
