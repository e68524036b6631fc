"""Ludo, the round-16 hobbyist's points (hobby16b), read from the rendered
PDF in every language and paper: what a card is worth (the eyes of its die,
as seed 003 counts cards, not its big number) is said in the rules, marked
as ours, under "Adding the following cards", and in every quick reference;
the quick references label the extra throw on every 6 as a house rule, apart
from the original's "6:" point; the printing guide warns that the coloured
backs take a lot of ink and that the printed card should dry flat."""

from __future__ import annotations

import pytest

from tests.helpers import LANGS, PAPER_IDS
from tests.kits.test_ludo_round12 import page_text, squash
from tests.kits.test_ludo_round13 import NOTE, QUICK, copy_text
from tests.textlines import page_lines

WORTH = {"en": "a card is worth the eyes of its die, not its big number",
         "nl": "een kaart telt voor de ogen van zijn dobbelsteen, niet voor het grote getal",
         "de": "eine Karte zählt die Augen ihres Würfels, nicht ihre große Zahl"}
OUR_NOTE = {"en": "Not in the original rules; our note:", "nl": "Niet in de oorspronkelijke regels; onze toelichting:",
            "de": "Nicht in den Originalregeln; unser Hinweis:"}
ADDING = {"en": "Adding the following cards", "nl": "De volgende kaarten bijleggen", "de": "Weitere Karten anlegen"}
BEATING = {"en": "Beating", "nl": "Slaan", "de": "Schlagen"}
ALWAYS = {"en": "a 6 always gives another throw", "nl": "een 6 geeft altijd een extra worp",
          "de": "eine 6 gibt immer einen weiteren Wurf"}
SIX = {"en": "6:", "nl": "6:", "de": "6:"}
INK = {"en": "The full-colour backs take a lot of ink: let each sheet dry flat",
       "nl": "De gekleurde achterkanten kosten veel inkt: laat elk vel plat drogen",
       "de": "Die farbigen Rückseiten brauchen viel Tinte: Lass jedes Blatt flach liegend trocknen"}


def quick_texts(pages, lang: str) -> list[str]:  # noqa: ANN001
    """The words of every quick reference in the file: page 2's copies, then page 4's."""
    out = []
    for number in (2, 4):
        lines = pages[number - 1]
        foot = min(ln.base for ln in lines)
        heads = sorted((ln for ln in lines if squash(ln.text) == squash(QUICK[lang])),
                       key=lambda ln: ln.x)
        bounds = [h.x for h in heads[1:]] + [max(ln.right for ln in lines) + 1.0]
        out += [copy_text(lines, h, h.x, right - 1.0, foot) for h, right in zip(heads, bounds, strict=True)]
    return out


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_a_card_is_worth_the_eyes_of_its_die(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    rules = page_text(pages[0]) + page_text(pages[1])
    note = squash(OUR_NOTE[lang] + " " + WORTH[lang])
    assert note in rules, f"{lang} {paper}: the rules say what a card is worth, marked as ours"
    assert rules.index(squash(ADDING[lang])) < rules.index(note) < rules.index(squash(BEATING[lang])), \
        f"{lang} {paper}: the note stands under 'Adding the following cards'"
    quick = quick_texts(pages, lang)
    assert len(quick) == 4, f"{lang} {paper}: {len(quick)} quick references read"
    for i, text in enumerate(quick):
        assert squash(WORTH[lang]) in text, f"{lang} {paper}: quick reference {i + 1} says what a card is worth"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_the_extra_throw_on_every_6_is_a_labelled_house_rule(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    quick = quick_texts(pages, lang)
    assert len(quick) == 4
    for i, text in enumerate(quick):
        label, always, six = (text.find(squash(s[lang])) for s in (NOTE, ALWAYS, SIX))
        assert 0 <= six < label < always, f"{lang} {paper}: quick reference {i + 1}: the 6 always, after its label"
        assert squash(ALWAYS[lang]) not in text[:label], f"{lang} {paper}: the original's 6 has no extra throw always"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_the_guide_warns_of_ink_and_curl(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    assert squash(INK[lang]) in page_text(pages[2]), f"{lang} {paper}: the guide on ink and drying flat"
