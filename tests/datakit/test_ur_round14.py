"""Ur, the round-14 reviewers' points, read from the rendered PDF in every
language and paper: the quick reference says how a new piece comes on
(hobby14b Ur 2); on US Letter card thickness and the circle punch are also
given in inches, as they are sold there, a 7/8 in punch lying between the
piece's outline and its colour's edge (hobby14b Ur 1), and on A4 not; the
lots' heading says to cut the quick references off first and glue only the
lots, not the pictures of the steps (hobby14b nit, native13-nl 8); German
captions name what is cut (native13-de 11)."""

from __future__ import annotations

import pytest

from tests.datakit.test_ur_round10 import pages_text, squash
from tests.helpers import LANGS, PAPER_IDS

NEW_PIECE = {"en": "A new piece enters on the square of the throw (a 3: square 3).",
             "nl": "Een nieuwe steen komt op het vak van de worp (bij een 3: vak 3).",
             "de": "Ein neuer Stein kommt aufs Feld der Wurfzahl (bei einer 3 auf Feld 3)."}
THICK = {"en": "about 1 mm or 0.04 in", "nl": "ongeveer 1 mm of 0,04 inch", "de": "etwa 1 mm oder 0,04 Zoll"}
THIN = {"en": "about 0.5 mm or 0.02 in", "nl": "ongeveer 0,5 mm of 0,02 inch", "de": "etwa 0,5 mm oder 0,02 Zoll"}
PUNCH = {"en": "21 to 22 mm, such as 7/8 in", "nl": "21 tot 22 mm, bijvoorbeeld 7/8 inch",
         "de": "21 bis 22 mm, zum Beispiel 7/8 Zoll"}
LOTS_ONLY = {"en": "Throwing lots: first cut the two quick references off the foot of this page, one for each player, "
                   "and keep them by the board; then glue the lots only, not the pictures of the steps under them,",
             "nl": "Werpkaartjes: knip eerst de twee korte overzichten onderaan eraf (één per speler, bewaar ze bij het "
                   "bord) en plak daarna alleen de kaartjes, niet de plaatjes van de stappen eronder,",
             "de": "Wurfplättchen: Schneide zuerst die beiden Kurzübersichten unten auf dieser Seite ab, eine für jeden "
                   "Spieler, und bewahre sie beim Brett auf; klebe dann nur die Plättchen, nicht die Bilder der Schritte "
                   "darunter,"}
CAPTIONS_DE = ("1. Schneide das Plättchen grob aus", "4. Schneide es am Umriss durch beide Lagen aus")


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_round14_new_piece_inches_and_lots_only(rendered, lang, paper):
    first, second, third = pages_text(rendered("ur", lang, paper))
    assert third.count(squash(NEW_PIECE[lang])) == 2, f"{lang} {paper}: both quick references say how a piece comes on"
    assert squash(LOTS_ONLY[lang]) in third, f"{lang} {paper}: quick references off first, then the lots only"
    if lang == "de":
        for caption in CAPTIONS_DE:
            assert squash(caption) in third, f"de {paper}: caption {caption!r}"
    us = paper == "letter"
    for where, text, phrases in (("page 1", first, (THICK, THIN, PUNCH)), ("page 2", second, (THIN, PUNCH)),
                                 ("page 3", third, (THIN,))):
        for phrase in phrases:
            assert (squash(phrase[lang]) in text) == us, f"{lang} {paper}: {where} {'says' if us else 'not'} {phrase[lang]!r}"
    if not us:
        for word in ("inch", "zoll", "7/8"):
            assert word not in first + second + third, f"{lang} {paper}: no inches on A4 ({word})"


def test_a_us_punch_lies_between_outline_and_colour():
    """The US punch named is the smallest eighth of an inch from a piece's
    outline to its colour's edge: 7/8 in (22.2 mm) for 21 to 24 mm, never
    1 in (25.4 mm, wider than the colour: a white rim)."""
    from pnp.datakit.kit import punch_inches

    assert punch_inches(21, 24) == "7/8"
    assert punch_inches(24, 26) == "1"
    assert punch_inches(28, 29) == "1 1/8"
    assert punch_inches(23, 25) is None


OUT = {"en": ("Way out", "(off the board)"), "nl": ("Uitgang", "(van het bord af)"), "de": ("Ausgang", "(vom Brett)")}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_way_out_says_off_the_board(rendered, lang, paper):
    """The way out beside square 14 is labelled in two lines, the second saying
    that the piece goes off the board, so its arrow into the gap beside it
    does not read as a move into the gap (hobby14b Ur 4)."""
    from tests.textlines import page_lines

    lines = page_lines(rendered("ur", lang, paper))[1]
    first, second = OUT[lang]
    tops = [ln for ln in lines if ln.text.strip() == first]
    bottoms = [ln for ln in lines if ln.text.strip() == second]
    assert tops and bottoms, f"{lang} {paper}: the way out's two lines read"
    pairs = [(a, b) for a in tops for b in bottoms
             if abs((a.x + a.right) / 2 - (b.x + b.right) / 2) < 1.5 and 0 < a.base - b.base < 2 * a.size]  # pt
    assert pairs, f"{lang} {paper}: {second!r} centred under {first!r}"
    a, b = pairs[0]
    assert abs(a.size - b.size) < 0.05 and a.size >= 6.0, f"{lang} {paper}: both lines at one legible size ({a.size:.1f} pt)"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_quick_references_as_large_as_page_3_lets_them_be(rendered, lang, paper):
    """The two quick references at the foot of page 3 are read at the table:
    their text is larger than the 8 pt floor where the page has room
    (hobby14b Ur 3), the same size in both copies, and they stay on page 3."""
    from tests.datakit.test_ur_round13 import QUICK
    from tests.textlines import page_lines

    pages = page_lines(rendered("ur", lang, paper))
    assert len(pages) == 3, f"{lang} {paper}: three pages"
    third = pages[2]
    heads = [ln for ln in third if squash(ln.text) == squash(QUICK[lang])]
    assert len(heads) == 2, f"{lang} {paper}: both copies on page 3"
    body = [ln for ln in third if ln.base < heads[0].base - 1 and ln.size < heads[0].size - 0.1 and ln.size > 7.9]
    sizes = {round(ln.size, 2) for ln in body if ln.text.strip()}
    assert len(sizes) == 1 and min(sizes) >= 8.25 - 1e-6, f"{lang} {paper}: quick reference text at {sorted(sizes)} pt"
