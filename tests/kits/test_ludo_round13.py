"""Ludo, the round-13 reviewers' points, read from the rendered PDF in every
language and paper: under Beating, marked as ours, the tip to put a captured
stack's cards back in order, card 1 on top, as at the start (seed 003 says
only that they go back to their starting stack); the sleeve named by its own
size and the card's; page 1's 'het grote getal' as page 2 says it; the
alignment test's first case names the crosses."""

from __future__ import annotations

import pytest

from tests.helpers import LANGS, PAPER_IDS
from tests.kits.test_ludo_round12 import BEATING, page_text, squash
from tests.textlines import page_lines

ORDER = {"en": "Not in the original rules; our tips: put a captured stack’s cards back in order, card 1 on top, "
               "as at the start.",
         "nl": "Niet in de oorspronkelijke regels; onze tips: leg de kaarten van een geslagen stapel in de "
               "juiste volgorde terug, met kaart 1 bovenop, zoals bij het begin.",
         "de": "Nicht in den Originalregeln; unsere Tipps: Lege die Karten eines geschlagenen Stapels der Reihe "
               "nach zurück, Karte 1 obenauf, wie zu Beginn."}
END = {"en": "End of the game", "nl": "Einde van het spel", "de": "Ende des Spiels"}
SLEEVE = {"en": "into a standard card sleeve (about 66 × 91 mm) for 63.5 × 88.9 mm cards.",
          "nl": "in een kaarthoesje (ongeveer 66 × 91 mm) voor kaarten van 63,5 × 88,9 mm.",
          "de": "in eine übliche Kartenhülle (etwa 66 × 91 mm) für Karten von 63,5 × 88,9 mm."}
# page 1 as page 2 names the big number (native12-nl 7); the first case of the test names the crosses (native12-de 6)
WORDING = {"en": [(1, "card 1 (the big number) on top"), (6, "All five read 0:")],
           "nl": [(1, "met kaart 1 (het grote getal) bovenop")],
           "de": [(6, "Alle fünf Kreuze zeigen 0:")]}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_captured_order_sleeve_and_wording(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    rules = page_text(pages[0]) + page_text(pages[1])
    tip = squash(ORDER[lang])
    assert tip in rules, f"{lang} {paper}: the order a captured stack goes back in, marked as ours"
    assert rules.index(squash(BEATING[lang])) < rules.index(tip) < rules.index(squash(END[lang])), \
        f"{lang} {paper}: the tip stands under Beating"
    sleeve = SLEEVE[lang]
    if paper == "letter":  # the card's size also in inches (round 14)
        sleeve = sleeve.replace("88.9 mm", "88.9 mm (2.5 × 3.5 in)").replace("88,9 mm", "88,9 mm (2,5 × 3,5 {})".format(
            {"nl": "inch", "de": "Zoll"}.get(lang, "")))
    assert squash(sleeve) in page_text(pages[2]), f"{lang} {paper}: the sleeve's size, then the card's"
    for number, phrase in WORDING[lang]:
        assert squash(phrase) in page_text(pages[number - 1]), f"{lang} {paper}: page {number} says {phrase!r}"


QUICK = {"en": "Quick reference: cut it out along its frame", "nl": "Kort overzicht: knip het uit langs het kader",
         "de": "Kurzübersicht: entlang des Rahmens ausschneiden"}
COPIES = 3  # page 2's copies: with page 4's, one for each of 4 players


def copy_text(lines, heading, left: float, right: float, foot: float) -> str:  # noqa: ANN001
    """The words of the quick reference headed by `heading`: the lines from its
    heading down, between `left` and `right`, above the page's foot line."""
    return squash(" ".join(ln.text for ln in sorted(lines, key=lambda ln: (-ln.base, ln.x))
                           if foot < ln.base <= heading.base + 0.5 and left - 0.5 <= ln.x and ln.right <= right + 0.5))


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_quick_reference_for_every_player(rendered, lang, paper):
    """Page 2's lower half holds three copies of the quick reference side by
    side, under all of the rules, each the same words as page 4's: with it,
    one for each of 4 players."""
    pages = page_lines(rendered("ludo-cards", lang, paper))
    second, die = pages[1], pages[3]
    heads = sorted((ln for ln in second if squash(ln.text) == squash(QUICK[lang])), key=lambda ln: ln.x)
    assert len(heads) == COPIES, f"{lang} {paper}: page 2 holds {len(heads)} quick references, not {COPIES}"
    assert max(h.base for h in heads) - min(h.base for h in heads) < 0.5, f"{lang} {paper}: the copies side by side"
    foot = min(ln.base for ln in second)  # the page's scale bar line
    rules = [ln for ln in second if ln.base > heads[0].base + 0.5]
    assert len(rules) > 20, f"{lang} {paper}: the rules above the copies"
    (die_head,) = [ln for ln in die if squash(ln.text) == squash(QUICK[lang])]
    die_foot = min(ln.base for ln in die)
    want = copy_text(die, die_head, die_head.x, max(ln.right for ln in die if ln.base <= die_head.base and ln.base > die_foot),
                     die_foot)
    assert want.startswith(squash(QUICK[lang])) and len(want) > 300, f"{lang} {paper}: page 4's quick reference read"
    bounds = [h.x for h in heads[1:]] + [max(ln.right for ln in second) + 1.0]
    for i, (head, right) in enumerate(zip(heads, bounds, strict=True)):
        got = copy_text(second, head, head.x, right - 1.0, foot)
        assert got == want, f"{lang} {paper}: page 2's copy {i + 1} has the words of page 4's"


# the label of our suggestions (round 16: labelled as such, apart from the original's 6; native17: the start rule
# our suggestion, as page 2 calls it, the 6 a house rule)
NOTE = {"en": "Not in the original:", "nl": "Niet in het origineel:", "de": "Nicht im Original – Vorschlag:"}
FILLED = 0.8  # a line of the quick reference's last note before its last fills this share of the frame's measure at least


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_quick_reference_note_fills_its_lines(rendered, lang, paper):
    """The quick reference's last note, our suggestions, runs across the
    frame's full measure: no line before its last ends early (native12-de 11:
    'Wer am höchsten | würfelt, beginnt; eine 6 gibt immer einen weiteren
    Wurf, | auch beim Anlegen.' on Letter's page 4), on page 4 and in page 2's
    copies."""
    pages = page_lines(rendered("ludo-cards", lang, paper))
    seen = 0
    for number in (2, 4):
        lines = pages[number - 1]
        foot = min(ln.base for ln in lines)
        for head in (ln for ln in lines if squash(ln.text) == squash(QUICK[lang])):
            inside = [ln for ln in lines if head.x - 0.5 <= ln.x < head.x + 50 and foot + 0.5 < ln.base <= head.base + 0.5
                      and not any(h.x > head.x + 1 and ln.right > h.x for h in lines if squash(h.text) == squash(QUICK[lang]))]
            measure = max(ln.right for ln in inside) - head.x
            start = next(ln for ln in inside if squash(ln.text).startswith(squash(NOTE[lang])))
            note = sorted((ln for ln in inside if abs(ln.x - start.x) < 0.5 and ln.base <= start.base + 0.5),
                          key=lambda ln: -ln.base)
            for ln in note[:-1]:
                share = (ln.right - ln.x) / measure
                assert share >= FILLED, f"{lang} {paper} p{number}: '{ln.text}' fills {share:.2f} of the measure"
            seen += 1
    assert seen == COPIES + 1, f"{lang} {paper}: {seen} quick references read"
