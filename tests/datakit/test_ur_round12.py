"""Ur, the round-12 hobbyist's points, read from the rendered PDF in every
language and paper: the lots' fold is scored first (0.5 mm card cracks
otherwise), said in the same words on page 1 and on page 3; "Making the
kit" is numbered steps (print, board, pieces, lots, quick reference);
"To begin" stands whole in one column, its start-player suggestion under
its heading; the board marks the way out beside square 14 on both sides, as
it marks the way in at square 1."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from tests.datakit.test_ur_round10 import pages_text, squash
from tests.helpers import LANGS, PAPER_IDS
from tests.textlines import page_lines

SCORE = {"en": "score the dashed line with the back of the knife along a ruler",
         "nl": "ril de stippellijn langs een liniaal met de rug van het mes",
         "de": "ritze die gestrichelte Linie mit dem Messerrücken an einem Lineal entlang"}
STEPS = {"en": ["Print", "Board:", "Pieces:", "Lots:", "Quick reference:"],
         "nl": ["Afdrukken:", "Bord:", "Stenen:", "Werpkaartjes:", "Kort overzicht:"],
         "de": ["Drucken:", "Brett:", "Steine:", "Wurfplättchen:", "Kurzübersicht:"]}
BEGIN = {"en": ("To begin", "Not in Finkel’s rules; our suggestion: both players"),
         "nl": ("Begin", "Niet in Finkels regels; ons voorstel: beide spelers"),
         "de": ("Spielbeginn", "Nicht in Finkels Regeln; unser Vorschlag: Beide werfen")}
NEXT = {"en": "Throwing", "nl": "Werpen", "de": "Werfen"}
OUT = {"en": "Way out", "nl": "Uitgang", "de": "Ausgang"}
SQUARE_PT = 27.0 / 25.4 * 72  # the board's square, game.toml


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_lots_scored_steps_numbered_begin_whole(rendered, lang, paper):
    path = rendered("ur", lang, paper)
    pages = pages_text(path)
    for number in (1, 3):
        assert squash(SCORE[lang]) in pages[number - 1], f"{lang} {paper}: page {number} says to score the fold"
    lines = page_lines(path)[0]
    texts = [ln.text.replace("\u00a0", " ").strip() for ln in lines]
    for n, label in enumerate(STEPS[lang], 1):
        assert any(t.startswith(f"{n}.") and label in t[:len(label) + 6] for t in texts), \
            f"{lang} {paper}: page 1 has no numbered step {n}. {label}"
    head = next(ln for ln in lines if ln.text.strip() == BEGIN[lang][0])
    after = next(ln for ln in lines if ln.text.strip() == NEXT[lang])
    first = squash(BEGIN[lang][1])
    suggestion = next(ln for ln in lines if squash(ln.text).startswith(first[:len(squash(ln.text))])
                      and len(squash(ln.text)) > 20)
    assert abs(suggestion.x - head.x) < 1.0 and head.base > suggestion.base > after.base, \
        f"{lang} {paper}: the start-player suggestion stands under its heading, in its column, before the next section"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_board_marks_the_way_out_at_square_14(rendered, lang, paper):
    path = rendered("ur", lang, paper)
    lines = page_lines(path)[1]
    label = [ln for ln in lines if ln.text.strip() == OUT[lang]]
    assert len(label) == 1, f"{lang} {paper}: one upright {OUT[lang]!r} on the board (the near side's)"
    fourteen = [ln for ln in lines if ln.text.strip() == "14"]
    middle = (label[0].x + label[0].right) / 2  # of the gap's space left of square 14
    assert any(0.2 * SQUARE_PT < n.x - middle < 0.8 * SQUARE_PT and 0 < n.base - label[0].base < SQUARE_PT for n in fourteen), \
        f"{lang} {paper}: {OUT[lang]!r} is beside square 14, in the gap left of it (round 18: not in it)"
    pdf = pdfium.PdfDocument(str(path))
    try:
        page = pdf[1]
        text = page.get_textpage().get_text_range()
        assert text.count(OUT[lang]) == 2, f"{lang} {paper}: the way out marked for both players"
    finally:
        pdf.close()
