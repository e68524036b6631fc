"""Tâb, the hobbyist's round-16 points (hobby16a), read from the rendered PDFs:

- the --ink-saver pieces: player B's set differs from player A's on both
  faces (hatched inside a heavy ring, a solid black star; A's white, with
  an outlined star), measured as the darkness of the faces' middles;
- the --ink-saver print names the sets as it prints them (white, hatched),
  never "dark" or "light" pieces;
(the markers' fold lines and gaps went in round 18: the markers are bands.)
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest
from PIL import ImageStat

from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import _grey, _text
from tests.kits.test_table_ready import Obj, facts, page_objects

DPI = 200
PX = DPI / 25.4


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round16")), "tab")


def _outlines(pdf: Path, tag: tuple[str, str], w: float, h: float) -> list[Obj]:
    """The solid cut outlines of the pieces (or markers) tagged `tag`, w x h mm."""
    return [o for o in page_objects(pdf, 1) if o.tag == tag and o.kind == "path" and o.stroke > 0 and not o.dashed
            and not o.filled and abs(o.w - w) < 1.0 and abs(o.h - h) < 1.0]


def _mean(img, cx: float, cy: float, half: float) -> float:
    box = (round((cx - half) * PX), round((cy - half) * PX), round((cx + half) * PX), round((cy + half) * PX))
    return ImageStat.Stat(img.crop(box)).mean[0]


def _middles(pdf: Path, side: str) -> tuple[list[float], list[float]]:
    """Per `side` piece on page 2: the mean grey (0 black, 255 white) of its
    plain face's middle (a square of 6 mm, inside the ring) and of its star's
    core (2 mm, inside the star's inner points)."""
    img = _grey(pdf, 1, DPI)
    p = facts("tab")["piece"]
    outlines = _outlines(pdf, ("piece", side), 2 * p, p)
    assert len(outlines) == facts("tab")["pieces_per_player"], len(outlines)
    plain, star = [], []
    for o in outlines:
        x0, y0, _, y1 = o.line()
        cy = (y0 + y1) / 2
        plain.append(_mean(img, x0 + p / 2, cy, 3.0))
        star.append(_mean(img, x0 + 1.5 * p, cy, 1.0))
    return plain, star


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_ink_saver_sets_differ_on_both_faces(render, paper):
    """Round 16: both sets were white with a ring and the same grey star.
    Now the dark set's star is black at its core and its plain face is
    hatched; the light set's star is white inside and its plain face white."""
    pdf = render("en", paper, "ink-saver")
    dark_plain, dark_star = _middles(pdf, "dark")
    light_plain, light_star = _middles(pdf, "light")
    assert max(dark_star) < 60, f"dark stars not black: {dark_star}"
    assert min(light_star) > 200, f"light stars not open: {light_star}"
    assert min(light_plain) > 245, f"light plain faces not white: {light_plain}"
    assert min(light_plain) - max(dark_plain) >= 25, f"plain faces alike: light {light_plain}, dark {dark_plain}"


# round 18: the row-4 markers are bands (no fold, one cut between two): tests/kits/test_tab_round18.py


DARK_WORDS = {"en": ("dark piece", "light piece", "dark marker"),
              "nl": ("donkere stuk", "lichte stuk", "donker fiche"),
              "de": ("dunkle steine", "helle steine", "dunklen stein", "hellen stein", "dunklen auf")}
SET_WORDS = {"en": ("white pieces", "hatched pieces"), "nl": ("witte stukken", "gearceerde stukken"),
             "de": ("weiße steine", "schraffierte steine")}


@pytest.mark.parametrize("lang", LANGS)
def test_tab_the_ink_saver_print_names_its_sets_as_printed(render, lang):
    """The ink-saver print's pieces are white and hatched: the board's sides,
    the component list, the pieces page and the rules say so, and nowhere
    "dark" or "light" pieces; the normal print keeps its light and dark."""
    pdf = render(lang, "a4", "ink-saver")
    pages = [_text(pdf, i).lower() for i in range(3)]
    for i, text in enumerate(pages):
        for word in DARK_WORDS[lang]:
            assert word not in text, f"page {i + 1}: {word!r}"
    for word in SET_WORDS[lang]:
        assert word in pages[0] and word in pages[1], word
    normal = _text(render(lang, "a4"), 0).lower()
    assert DARK_WORDS[lang][0] in normal


CARD = {  # the route and the win (hobby16a 2); one throw of 2 or 3 heads ends the throwing (native NL 15)
    "en": ("Route: 1 → 2 → 3 → 2 … Row 4: once per piece", "capture them all to win",
           "until one throw shows 2 or 3 heads"),
    "nl": ("Route: 1 → 2 → 3 → 2 … Rij 4: één keer per stuk", "wie alles slaat, wint",
           "tot één worp 2 of 3 keer kop geeft"),
    "de": ("Weg: 1 → 2 → 3 → 2 … Reihe 4: einmal je Stein", "wer alle schlägt, gewinnt",
           "bis ein Wurf 2- oder 3-mal Kopf zeigt"),
}
OLD_STEP_1 = ("until you throw 2 or 3", "tot je 2 of 3 keer kop hebt", "bis 2- oder 3-mal Kopf fällt")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_quick_card_has_the_route_and_the_win(render, lang, paper):
    """Pages 2 and 4, both coin-throw tables: the route round the rows (row 4
    once), how to win, and that the throwing ends with ONE throw of 2 or 3
    heads (not a running total); the 7 pt floor is test_tab_round14's."""
    pdf = render(lang, paper)
    for index in (1, 3):
        text = _text(pdf, index)
        for said in CARD[lang]:
            assert text.count(said) == 2, f"page {index + 1}: {said!r} on each table"
        assert not any(old in text for old in OLD_STEP_1)


EXAMPLE = {"en": "Example: when a stack of 3 goes from row 3 on to row 2, only the top piece goes on; the other 2 leave the game.",
           "nl": "Voorbeeld: van een stapel van 3 die van rij 3 naar rij 2 gaat, gaat alleen het bovenste stuk verder; "
                 "de andere 2 gaan uit het spel",
           "de": "Beispiel: Zieht ein Stapel aus 3 Steinen von Reihe 3 in Reihe 2 (der normale Weg im Kreis), zieht nur "
                 "der oberste Stein weiter; die anderen 2 verlassen das Spiel"}
READING = {"en": "Our reading, not in the original:", "nl": "Onze uitleg, niet in het origineel:",
           "de": "Unsere Auslegung, nicht im Original:"}


@pytest.mark.parametrize("lang", LANGS)
def test_tab_our_reading_of_stacks_going_back_has_an_example(render, lang):
    """Page 3 (hobby16a 3): our reading of a stack sent back a row has a
    worked example, inside our marked reading, before the capture rule."""
    text = _text(render(lang, "a4"), 2)
    assert EXAMPLE[lang] in text
    assert text.index(READING[lang]) < text.index(EXAMPLE[lang]) < text.index(
        {"en": "Capture:", "nl": "Slaan:", "de": "Schlagen:"}[lang])


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_de_the_card_says_each_value_moves_a_stone_unbroken(render, paper):
    """German pages 2 and 4 (native DE 15): "Mit jedem Wert ziehst du einen
    Stein (auch mehrmals denselben)", and "denselben" is not broken at a line end."""
    from tests.textlines import page_lines

    pdf = render("de", paper)
    lines = page_lines(pdf)
    for index in (1, 3):
        assert _text(pdf, index).count("Mit jedem Wert ziehst du einen Stein (auch mehrmals denselben)") == 2
        assert not [ln.text for ln in lines[index] if ln.text.rstrip().endswith(("densel-", "densel\u00ad"))]
