"""Ludo, the round-12 hobbyist's points, read from the rendered PDF in every
language and paper: on US Letter the card and paper weights are also given
as US stock is sold (lb cover, lb bond), on A4 not; the quick reference's 6
lets one lay out a first card and throw again or add cards worth 6, as seed
003 says (the extra throw when adding is ours, and marked so); under
Beating, marked as ours, the tip that a new stack's top card shows its
height."""

from __future__ import annotations

import re

import pytest

from tests.helpers import LANGS, PAPER_IDS
from tests.textlines import page_lines

SIX = {"en": "6: choose any first card to lay out and throw again; or add cards worth 6.",
       "nl": "6: kies welke eerste kaart je uitlegt en gooi nog een keer, of leg kaarten bij die samen 6 ogen tellen.",
       "de": "6: Wähle, welche erste Karte du auslegst, und würfle noch einmal; oder lege Karten im Wert von 6 an."}
TIP = {"en": "The big number on a new stack’s top card is that stack’s height",
       "nl": "Het grote getal op de bovenste kaart van een nieuwe stapel is de hoogte van die stapel",
       "de": "Die große Zahl auf der obersten Karte eines neuen Stapels ist seine Höhe"}
MARK = {"en": "Not in the original rules; our tips:", "nl": "Niet in de oorspronkelijke regels; onze tips:",
        "de": "Nicht in den Originalregeln; unsere Tipps:"}
# the card weight as US stock is sold; in German the stock's name as a name (native12-de 7)
LB_COVER = {"en": "60–80 lb cover)", "nl": "60–80 lb cover)", "de": "60–80 lb, Sorte „Cover“)"}
LB_BOND = {"en": "lb bond", "nl": "lb bond", "de": "lb, Sorte „Bond“"}
BEATING = {"en": "Beating", "nl": "Slaan", "de": "Schlagen"}


def squash(text: str) -> str:
    """The words alone: no spaces, hyphens (a line may break at one) or case."""
    return re.sub(r"[\s\-\u00a0\u2011\u00ad]", "", text).casefold()


def page_text(lines) -> str:  # noqa: ANN001
    """A page's words: the left half's lines top to bottom, then the right half's."""
    mid = (min(ln.x for ln in lines) + max(ln.right for ln in lines)) / 2
    return squash(" ".join(ln.text for ln in sorted(lines, key=lambda ln: (ln.x >= mid, -ln.base, ln.x))))


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_weights_six_and_height_tip(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    first, second, die = (page_text(pages[i]) for i in (0, 1, 3))
    us = paper == "letter"
    for number, text in ((1, first), (4, die)):
        assert (squash("160–220 g/m²") in text and squash(LB_COVER[lang]) in text) is us, \
            f"{lang} {paper}: page {number} gives the card weight in lb cover on Letter only"
    assert (squash(LB_BOND[lang]) in page_text(pages[2])) is us, f"{lang} {paper}: the guide's paper weight in lb bond on Letter only"
    assert squash(SIX[lang]) in die, f"{lang} {paper}: the quick reference's 6 as seed 003 has it"
    assert squash(MARK[lang]) in first + second, f"{lang} {paper}: the tips, marked as ours"
    assert squash(TIP[lang]) in first + second, f"{lang} {paper}: the stack-height tip"
    heading = squash(BEATING[lang])
    rules = first + second
    assert rules.index(heading) < rules.index(squash(TIP[lang])[:30]), f"{lang} {paper}: the tip stands under Beating"


NATIVE = {"nl": [(1, "29 (groen); in het afdrukvenster:"), (1, "naar het aantal ogen op de dobbelsteen"),
                 (3, "dubbelzijdig, omslaan langs de lange zijde"), (3, "(ongeveer 66 × 91 mm) voor kaarten van 63,5 × 88,9 mm"),
                 (4, "Vouw langs elke stippellijn van je af"), (6, "Alle vijf geven hetzelfde (vervolg):"),
                 (7, "Voorkanten: rood")],
          "de": [(1, "29 (Grün) – im Druckdialog „7,9,11,13,15,17,19,21,23,25,27,29“ – einseitig"),
                 (3, "(im Druckdialog oft „An langer Kante spiegeln“ oder „Bindung an der langen Kante“)"),  # native14-de 5
                 (4, "legst du die erste Karte des Stapels mit dieser Augenzahl über diesem Stapel aus"),  # native15-de 6
                 (7, "Vorderseiten: Rot")]}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", ["nl", "de"])
def test_ludo_native_wording(rendered, lang, paper):
    """The round-11 native readers' wording, each on its page: Dutch 'omslaan'
    as printer dialogs say, one bracket not two, a colour lower case after a
    colon; German the print dialog's words, the stack named."""
    pages = page_lines(rendered("ludo-cards", lang, paper))
    for number, phrase in NATIVE[lang]:
        assert squash(phrase) in page_text(pages[number - 1]), f"{lang} {paper}: page {number} says {phrase!r}"
