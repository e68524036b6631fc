"""Ur, round 19, read from the rendered PDF in every language and paper:
"Making the kit" step 5 names what to keep by the board, the two quick
references cut off in step 3, where "the two copies of step 3" read as a
copy of step 3 (hobby19b Ur 2). (The punch of 21 to 22 mm, hobby19b Ur 1:
test_ur_table and test_ur_round14; the drop height in inches on US Letter,
hobby19b Ur 3: test_ur_round16.)"""

from __future__ import annotations

import pytest

from tests.datakit.test_ur_round10 import pages_text, squash
from tests.helpers import LANGS, PAPER_IDS

KEEP = {"en": "keep the two quick references (cut off in step 3) by the board, one for each player.",
        "nl": "bewaar de twee korte overzichten (afgeknipt in stap 3) bij het bord, één voor elke speler.",
        "de": "Bewahre die beiden Kurzübersichten (in Schritt 3 abgeschnitten) beim Brett auf, eine für jeden Spieler."}
COPIES = {"en": "copies of step 3", "nl": "exemplaren uit stap 3", "de": "Exemplare aus Schritt 3"}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_step_5_keeps_the_quick_references_by_the_board(rendered, lang, paper):
    first = pages_text(rendered("ur", lang, paper))[0]
    assert squash(KEEP[lang]) in first, f"{lang} {paper}: step 5 names the quick references"
    assert squash(COPIES[lang]) not in first, f"{lang} {paper}: {COPIES[lang]!r} left"
