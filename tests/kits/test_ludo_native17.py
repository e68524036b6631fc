"""Ludo, the native17 readers' wording, read from the rendered PDF in every
language and paper: the quick reference's last note names the start rule
our suggestion, as page 2 does, and only the extra throw on every 6 a house
rule (native17-nl 5, native17-de 13), and runs on without a line ending
short; the Dutch quick reference's example has a plural subject and says
the 5 is thrown (native17-nl 4); the Dutch guide sets the clause about the
glue between commas (native17-nl 10)."""

from __future__ import annotations

import pytest

from tests.helpers import LANGS, PAPER_IDS
from tests.kits.test_ludo_round12 import page_text, squash
from tests.kits.test_ludo_round13 import COPIES, QUICK
from tests.kits.test_ludo_round18 import _ends_early, _paragraph
from tests.textlines import Line, page_lines

NOTE = {"en": "Not in the original: the highest throw starts (our suggestion); a 6 always gives another throw, "
              "adding cards too (house rule).",
        "nl": "Niet in het origineel: wie het hoogst gooit, begint (ons voorstel); een 6 geeft altijd een extra worp, "
              "ook bij het bijleggen (huisregel).",
        "de": "Nicht im Original – Vorschlag: Wer am höchsten würfelt, beginnt. Hausregel: Eine 6 gibt immer einen "
              "weiteren Wurf, auch beim Anlegen."}
OLD_NOTE = {"en": "House rules, not in the original", "nl": "Huisregels, niet in het origineel",
            "de": "Hausregeln, nicht im Original"}
NOTE_END = {"en": "(house rule).", "nl": "(huisregel).", "de": "auch beim Anlegen."}
EXAMPLE_NL = "(bijv. stapels 1–3 liggen er en je gooit een 5: één kaart van stapel 2 en één van stapel 3)"
GLUE_NL = "houd ze, voordat de lijm droog is, samen tegen het raam"


def quick_copies(lines: list[Line], lang: str) -> list[list[Line]]:
    """The lines of each quick reference on a page (page 2's three side by
    side, page 4's one), heading and foot line left out."""
    heads = [ln for ln in lines if squash(ln.text) == squash(QUICK[lang])]
    top, foot = max(h.base for h in heads), min(ln.base for ln in lines)  # foot: the page's scale bar line
    return [[ln for ln in lines if foot + 0.5 < ln.base < top and head.x - 0.5 <= ln.x < head.x + 50
             and not any(h.x > head.x + 1 and ln.right > h.x for h in heads)] for head in heads]


def words(lines: list[Line]) -> str:
    return squash(" ".join(ln.text for ln in sorted(lines, key=lambda ln: (-ln.base, ln.x))))


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_quick_reference_note_and_dutch_wording(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    copies = [words(c) for number in (2, 4) for c in quick_copies(pages[number - 1], lang)]
    assert len(copies) == COPIES + 1, f"{lang} {paper}: {len(copies)} quick references read"
    for i, text in enumerate(copies):
        assert squash(NOTE[lang]) in text, \
            f"{lang} {paper} copy {i + 1}: the note calls the start rule our suggestion, the 6 a house rule"
        assert squash(OLD_NOTE[lang]) not in text, f"{lang} {paper} copy {i + 1}: the old label {OLD_NOTE[lang]!r} left"
        if lang == "nl":
            assert squash(EXAMPLE_NL) in text, \
                f"nl {paper} copy {i + 1}: the example reads 'stapels 1–3 liggen er en je gooit een 5'"
    if lang == "nl":
        assert squash(GLUE_NL) in page_text(pages[2]), f"nl {paper}: the clause about the glue between commas"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_quick_reference_note_runs_on(rendered, lang, paper):
    """No line of the note (page 2's copies, page 4's) ends where the next
    line's first word would have fitted in the frame's measure."""
    pages = page_lines(rendered("ludo-cards", lang, paper))
    seen = 0
    for number in (2, 4):
        for inside in quick_copies(pages[number - 1], lang):
            first = next(ln for ln in sorted(inside, key=lambda ln: -ln.base)
                         if squash(ln.text).startswith(squash(NOTE[lang])[:12]))
            wrong = _ends_early(_paragraph(inside, first, NOTE_END[lang]), max(ln.right for ln in inside))
            assert not wrong, f"{lang} {paper} p{number}: the note ends a line short: {wrong}"
            seen += 1
    assert seen == COPIES + 1, f"{lang} {paper}: {seen} notes read"
