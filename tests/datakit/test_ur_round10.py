"""Ur, the round-10 hobbyist's points, read from the rendered PDF in every
language and paper: the rules say that a piece jumps over pieces in its way
and who starts, each marked as our suggestion (Finkel's rules say neither);
the lots are glued "back to back, printed sides out" in the same words on
page 1 and on page 3; one 0.5 mm card does for pieces and lots, and the
board is glued over its whole back and pressed flat under books; the kit
stays three pages."""

from __future__ import annotations

import re

import pytest

from tests.helpers import LANGS, PAPER_IDS
from tests.textlines import page_lines

OURS = {"en": "Not in Finkel’s rules; our suggestion:", "nl": "Niet in Finkels regels; ons voorstel:",
        "de": "Nicht in Finkels Regeln; unser Vorschlag:"}
JUMP = {"en": "a piece jumps over any pieces in its way, of either colour",
        "nl": "een steen springt over alle stenen op zijn weg heen, van welke kleur ook",
        "de": "Ein Stein springt über alle Steine auf seinem Weg hinweg, gleich welcher Farbe"}
JUMP_QUICK = {"en": "jumping over any pieces in the way (our suggestion)",
              "nl": "over alle stenen ertussen heen (ons voorstel)",
              "de": "über alle Steine dazwischen hinweg (unser Vorschlag)"}
STARTS = {"en": "both players throw the lots, and the higher throw starts",
          "nl": "beide spelers werpen de kaartjes, en wie het hoogst werpt, begint",
          "de": "Beide werfen die Plättchen; wer höher wirft, beginnt"}
GLUE = {"en": "back to back, printed sides out", "nl": "rug aan rug op elkaar, de bedrukte kanten naar buiten",
        "de": "Rücken an Rücken zusammen, die bedruckten Seiten nach außen"}
ONE_CARD = {"en": ["about 0.5 mm: one sheet does for the pieces and the lots",
                   "for the pieces and the throwing lots: one sheet does for both"],
            "nl": ["ongeveer 0,5 mm: één vel is genoeg voor de stenen en de werpkaartjes",
                   "voor de stenen en de werpkaartjes: één vel is genoeg voor beide"],
            "de": ["etwa 0,5 mm: Ein Bogen reicht für die Steine und die Wurfplättchen",
                   "für die Steine und die Wurfplättchen: ein Bogen reicht für beides"]}
FLAT = {"en": ["spread glue over its whole back, lay it on thick card (about 1 mm) and press it flat under books overnight"],
        "nl": ["smeer de hele achterkant in met lijm, leg het op dik karton (ongeveer 1 mm) "
               "en laat het een nacht plat onder boeken liggen"],
        "de": ["Verteile den Kleber auf der ganzen Rückseite, lege es auf dicken Karton (etwa 1 mm) "
               "und lass es über Nacht unter Büchern flach liegen"]}


US_LENGTH = {"en": "{mm} mm or {inch} in", "nl": "{mm} mm of {inch} inch", "de": "{mm} mm oder {inch} Zoll"}
INCHES = {"1": "0.04", "0.5": "0.02"}


def on_paper(phrase: str, lang: str, paper: str) -> str:
    """A phrase naming card thickness as the paper's edition words it: on
    US Letter "1 mm" is "1 mm or 0.04 in" (round 14)."""
    if paper != "letter":
        return phrase
    for mm, inch in INCHES.items():
        local_mm = mm.replace(".", ",") if lang != "en" else mm
        local_in = inch.replace(".", ",") if lang != "en" else inch
        phrase = re.sub(rf"(?<![\d,.]){re.escape(local_mm)} mm",
                        US_LENGTH[lang].format(mm=local_mm, inch=local_in), phrase)
    return phrase


def squash(text: str) -> str:
    """The words alone: no spaces, hyphens (a line may break at one) or case."""
    return re.sub(r"[\s\-\u00a0\u2011\u00ad]", "", text).casefold()


def pages_text(path) -> list[str]:  # noqa: ANN001
    """Each page's words as read: the left half's lines top to bottom (a line
    across the page starts there), then the right half's."""
    out = []
    for lines in page_lines(path):
        mid = (min(ln.x for ln in lines) + max(ln.right for ln in lines)) / 2
        order = sorted(lines, key=lambda ln: (ln.x >= mid, -ln.base, ln.x))
        out.append(squash(" ".join(ln.text for ln in order)))
    return out


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_says_jumping_and_who_starts_as_ours_glue_and_card_alike(rendered, lang, paper):
    pages = pages_text(rendered("ur", lang, paper))
    assert len(pages) == 3, f"{lang} {paper}: {len(pages)} pages, not 3"
    first, third = pages[0], pages[2]
    for what, words in (("jumping", JUMP), ("who starts", STARTS)):
        assert squash(OURS[lang] + " " + words[lang]) in first, f"{lang} {paper}: {what}, marked as ours, on page 1"
    assert squash(JUMP_QUICK[lang]) in third, f"{lang} {paper}: the quick reference says pieces jump"
    for number, text in ((1, first), (3, third)):
        assert squash(GLUE[lang]) in text, f"{lang} {paper}: page {number} glues the lots {GLUE[lang]!r}"
    for phrase in ONE_CARD[lang] + FLAT[lang]:
        phrase = on_paper(phrase, lang, paper)
        assert squash(phrase) in first, f"{lang} {paper}: page 1 says {phrase!r}"
