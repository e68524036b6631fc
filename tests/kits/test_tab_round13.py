"""Tâb, the hobbyist's round-13 points, read from the rendered PDFs:

- page 3 adds, right after the original's stacking rule and marked as ours,
  how we read it: what "back to a previous row" is, where the pieces lost
  from the stack go, and whether a stack with a row-4 marker enters row 4;
- the quick reference on both coin-throw tables (page 2 and page 4) adds
  "you need not use that throw" and the row-4 stacks rule, at 7 pt or more;
  its Dutch reads as native NL 11-14 asked;
- "You also need" (page 1) says how much card: one sheet of each;
- on US Letter, a note of ours in the original's box says the original is
  for A4 (not on A4, where there is nothing to say);
- German: "Die übrigen Möglichkeiten dieser Anleitung" (native DE 8).
"""

from __future__ import annotations

from functools import partial

import pytest

from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import _text
from tests.textlines import lines_between, page_lines


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round13")), "tab")


STACKING = {"en": "Stacking:", "nl": "Stapelen:", "de": "Stapeln:"}
CAPTURE = {"en": "Capture:", "nl": "Slaan:", "de": "Schlagen:"}
READING = {  # marked as ours; the rows a stack goes back to; the lost pieces; row 4 and the markers
    "en": ("Our reading, not in the original:", "from row 3 to row 2 or from row 4 to row 3",
           "the other 2 leave the game", "only if none of its pieces has a row-4 marker"),
    "nl": ("Onze uitleg, niet in het origineel:", "van rij 3 naar rij 2 of van rij 4 naar rij 3",
           "de andere 2 gaan uit het spel", "als geen van zijn stukken een rij-4-fiche heeft"),
    "de": ("Unsere Auslegung, nicht im Original:", "von Reihe 3 in Reihe 2 oder von Reihe 4 in Reihe 3",
           "verlassen das Spiel wie geschlagene Steine", "wenn keiner seiner Steine einen Marker hat"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_our_reading_of_the_stacking_rule_follows_it(render, lang, paper):
    """Page 3: our reading stands between the original's stacking rule and
    its capture rule, marked as ours, and answers the three questions."""
    text = _text(render(lang, paper), 2)
    marked, rows, lost, row4 = READING[lang]
    at = text.index(marked)
    assert text.index(STACKING[lang]) < at < text.index(CAPTURE[lang])
    following = text[at:text.index(CAPTURE[lang])]
    for said in (rows, lost, row4):
        assert said in following, said


QUICK = {  # you need not use the throw; row-4 stacks (round 14: only if only stacks are there); NL native 11-14
    "en": ("you need not use that throw", "If only stacks are on row 4, they move only if nothing else can"),
    "nl": ("worp overslaan mag", "Alleen stapels op rij 4: pas als niets anders kan",
           "volgorde vrij",  # round 15: "(hetzelfde of een ander)" took the room
           "Kom je op een stuk of stapel van de ander, dan sla je die", "zolang de ander er staat",
           "Terug naar een eerdere rij: er blijft één stuk over"),
    "de": ("den Wurf musst du nicht nutzen", "Stapel allein in Reihe 4 ziehen nur, wenn sonst nichts kann"),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_quick_reference_has_the_stack_rules_at_7_pt(render, lang, paper):
    """Pages 2 and 4: each of the two turn summaries says that a throw which
    would reduce a stack need not be used, and that stacks on row 4 wait;
    no line of the summaries is under 7 pt."""
    pdf = render(lang, paper)
    lines = page_lines(pdf)
    for index in (1, 3):
        text = _text(pdf, index)
        for said in QUICK[lang]:
            assert text.count(said) == 2, f"page {index + 1}: {said!r} on each table"
        # the summaries' lines: from the start line to the last step, on both tables
        start = {"en": "Start:", "nl": "Begin:", "de": "Beginn:"}[lang]
        summary = lines_between(lines[index], start, QUICK[lang][1].split()[-1])
        assert len(summary) >= 8
        assert min(ln.size for ln in summary) >= 7.0 - 0.05


CARD = {"en": ("thick card: 1 sheet", "thin card: 1 sheet"), "nl": ("dik karton: 1 vel", "dun karton: 1 vel"),
        "de": ("dicker Karton: 1 Bogen", "dünner Karton: 1 Bogen")}


@pytest.mark.parametrize("lang", LANGS)
def test_tab_you_also_need_says_how_much_card(render, lang):
    """Page 1's list of what else the kit needs gives one sheet of thick
    card (the board) and one of thin card (the pieces page)."""
    text = _text(render(lang, "a4"), 0)
    for said in CARD[lang]:
        assert said in text, said


LETTER_NOTE = {"en": "Our note: the original is for A4; this kit is on US Letter paper.",
               "nl": "Onze toelichting: het origineel is voor A4; deze set is voor US-Letter-papier.",
               "de": "Unsere Erläuterung: Das Original ist für A4, dieses Set für Papier im Format US-Letter."}


@pytest.mark.parametrize("lang", LANGS)
def test_tab_on_letter_the_original_box_says_it_was_for_a4(render, lang):
    """Page 3 on US Letter: our note under the original's heading says the
    original is for A4; on A4 there is no such note."""
    letter = _text(render(lang, "letter"), 2)
    assert LETTER_NOTE[lang] in letter
    original = {"en": "The original’s assembly instructions (for interest only; make this kit as on page 2)",
                "nl": "De oorspronkelijke bouwinstructies (ter informatie; maak deze set zoals op pagina 2)",
                "de": "Ursprüngliche Bauanleitung (nur zur Info)"}[lang]
    assert letter.index(original) < letter.index(LETTER_NOTE[lang])
    a4 = _text(render(lang, "a4"), 2)
    assert LETTER_NOTE[lang].split(" A4")[0] not in a4


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_de_the_originals_other_methods_are_not_formal(render, paper):
    """German page 3: "Die anderen Wege, die sie nennt" (a sentence-initial
    "Ihre" reads as the formal "Sie" in a du-text; round 16, native DE 15:
    "Die übrigen Möglichkeiten dieser Anleitung" read stiffly)."""
    text = _text(render("de", paper), 2)
    assert "Die anderen Wege, die sie nennt, gelten nur für das Spielbrett" in text
    assert "Ihre übrigen" not in text
