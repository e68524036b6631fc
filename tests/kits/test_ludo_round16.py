"""Ludo, the round-16 hobbyist's points (hobby16b), read from the rendered
PDF in every language and paper: what a card is worth (the eyes of its die,
as seed 003 counts cards, not its big number) is said in the rules, marked
as ours, under "Adding the following cards", and in every quick reference;
the quick references label the extra throw on every 6 as a house rule, apart
from the original's "6:" point; the printing guide warns that the coloured
backs take a lot of ink and that the printed card should dry flat."""

from __future__ import annotations

import re

import pytest

from tests.helpers import LANGS, PAPER_IDS
from tests.kits.test_ludo_round12 import BEATING, page_text, squash
from tests.kits.test_ludo_round13 import NOTE, QUICK, copy_text
from tests.textlines import page_lines

WORTH = {"en": "a card is worth the eyes of its die, not its big number",
         "nl": "een kaart telt voor de ogen van zijn dobbelsteen, niet voor het grote getal",
         "de": "eine Karte zählt so viele Augen, wie ihr Würfel zeigt, nicht ihre große Zahl"}
OUR_NOTE = {"en": "Not in the original rules; our note:", "nl": "Niet in de oorspronkelijke regels; onze toelichting:",
            "de": "Nicht in den Originalregeln; unser Hinweis:"}
ADDING = {"en": "Adding the following cards", "nl": "De volgende kaarten bijleggen", "de": "Weitere Karten anlegen"}
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


# ---- native14-de 2, 5 and 7: glue for the die, the print dialog's names, the alignment test's directions -----------

GLUE = {"en": "and paper glue for the die", "nl": "en papierlijm voor de dobbelsteen", "de": "und Papierkleber für den Würfel"}
DIALOG = {"en": "(in the print dialog often ‘Flip on Long Edge’ or ‘Long-Edge binding’)",
          "nl": "dubbelzijdig, omslaan langs de lange zijde: zo heet het meestal in het afdrukvenster",
          "de": "(im Druckdialog oft „An langer Kante spiegeln“ oder „Bindung an der langen Kante“)"}
# the test's example reading, 1.5 mm right and 2 mm down, and the move of the back it calls for: the same
SAME = {"en": "say 1.5 mm to the right and 2 mm down: the printer has shifted the back side that far the other way, "
              "so the back must move 1.5 mm right and 2 mm down.",
        "nl": "bijvoorbeeld 1,5 mm naar rechts en 2 mm omlaag: de printer heeft de achterkant zo ver de andere kant op "
              "verschoven, dus moet de achterkant 1,5 mm naar rechts en 2 mm omlaag.",
        "de": "etwa 1,5 mm nach rechts und 2 mm nach unten: Der Drucker hat die Rückseite um so viel in die Gegenrichtung "
              "verschoben; sie muss also 1,5 mm nach rechts und 2 mm nach unten."}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_glue_dialog_names_and_the_alignment_example(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    assert squash(GLUE[lang]) in page_text(pages[0]), f"{lang} {paper}: page 1 asks for glue for the die"
    assert squash(DIALOG[lang]) in page_text(pages[2]), f"{lang} {paper}: the flip as print dialogs name it"
    words = [ln for ln in pages[5] if not re.fullmatch(r"[+−]\d+", ln.text.strip())]  # not the rulers' numbers
    assert squash(SAME[lang]) in page_text(words), f"{lang} {paper}: the alignment test's example"


def test_a_printer_shifting_the_back_reads_as_the_move_that_undoes_it(tmp_path):
    """The geometry under that sentence: a printer that prints the back
    1.5 mm left and 2 mm up (as seen on the back; rendered here with the
    back moved so) puts each front cross 1.5 mm right of and 2 mm below the
    middle of its ruler (right and up read positive, as the page says): the
    reading is the move the back needs, the printer's shift the other way."""
    from pnp.fonts import Measurer
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.outputs import render_one
    from pnp.paper import get_paper
    from tests.printer import behind, read_pages

    opts = Options("en", get_paper("a4"), backs="duplex-long", back_offset=(-1.5, 2.0))  # type: ignore[arg-type]
    (pdf,) = render_one(get_kit("ludo-cards"), opts, tmp_path, ("pdf",), 72, Measurer(), validate=False).files
    front, back = read_pages(pdf)[4:6]

    def centres(page, length: float) -> list[tuple[float, float]]:  # noqa: ANN001 - the middles of the crosses' bars
        return sorted((ln.cx, ln.cy) for ln in page.lines if abs(ln.w - length) < 0.6 and ln.h < 0.7)

    crosses, rulers = centres(front, 12.0), centres(back, 20.0)
    assert len(crosses) == 5 and len(rulers) == 5, (crosses, rulers)
    seen = sorted(behind("duplex-long", x, y, front.width, front.height) for x, y in crosses)
    for (cx, cy), (rx, ry) in zip(seen, sorted(rulers, key=lambda r: (round(r[0] - 1.5), r[1])), strict=True):
        right, up = cx - rx, ry - cy
        assert abs(right - 1.5) < 0.1 and abs(up + 2.0) < 0.1, f"read {right:.2f} right, {up:.2f} up"


# ---- native15-nl 3, 6 and native15-de 6-9: wording, each on its page ---------------------------------------------

NATIVE15 = {"nl": [(2, "Gooit hij een 6, dan kan hij ook niet bijleggen, maar hij mag wel opnieuw gooien.")],
            "de": [(2, "legst du die erste Karte des Stapels mit dieser Augenzahl über diesem Stapel aus."),
                   (4, "legst du die erste Karte des Stapels mit dieser Augenzahl über diesem Stapel aus."),
                   (4, "Falte an jeder gestrichelten Linie nach hinten, sodass die Augen außen bleiben."),
                   (3, "(siehe Druckerhandbuch)"),
                   (6, "Viele Druckdialoge haben keine Einstellung, um nur die Rückseite zu verschieben.")],
            "en": [(6, "many print dialogs have no setting to move the back side alone.")]}
US_WEIGHT = "(in de VS: ongeveer 60–80 lb cover)"  # native15-nl 6: the US measure said to be the US's, on Letter


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_native15_wording(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    for number, phrase in NATIVE15[lang]:
        words = [ln for ln in pages[number - 1] if not re.fullmatch(r"[+−]\d+", ln.text.strip())]
        assert squash(phrase) in page_text(words), f"{lang} {paper}: page {number} says {phrase!r}"
    if lang == "nl":
        assert (squash(US_WEIGHT) in page_text(pages[0])) is (paper == "letter"), f"{paper}: the lb weight named as the US's"
