"""Ludo, the round-14 reviewers' points, read from the rendered PDF: a
sheet of spare backs turned over (on either edge) lies with its cut lines
and margin marks on those of a sheet of fronts, so the guide's advice to
glue whole sheets together and cut both layers at once holds (hobby14b
Ludo 1); on US Letter the card's size also in inches (hobby14b Ludo 2);
page 1's "In this kit" lists the die to make and the quick references, as
many as the file holds (hobby14b Ludo 4)."""

from __future__ import annotations

import pytest

from pnp.i18n import load_catalog
from tests.helpers import LANGS, PAPER_IDS
from tests.kits.test_ludo_guide import cut_positions
from tests.kits.test_ludo_round12 import page_text, squash
from tests.kits.test_ludo_round13 import QUICK
from tests.printer import read_pages
from tests.textlines import page_lines

WHOLE_SHEETS = {"en": "Glue each sheet of spare backs, printed side out, behind a sheet of fronts of its colour",
                "nl": "Plak elk vel reserve-achterkanten, met de bedrukte kant naar buiten, achter een vel voorkanten "
                      "van dezelfde kleur",
                "de": "Klebe jeden Bogen Ersatzrückseiten, die bedruckte Seite nach außen, hinter einen Bogen "
                      "Vorderseiten seiner Farbe"}
BOTH_LAYERS = {"en": "Then cut both layers at once along the front’s lines",
               "nl": "Snijd daarna beide lagen tegelijk langs de lijnen van de voorkant",
               "de": "Schneide dann beide Lagen zusammen an den Linien der Vorderseite"}
INCHES = {"en": "(2.5 × 3.5 in)", "nl": "(2,5 × 3,5 inch)", "de": "(2,5 × 3,5 Zoll)"}
MARK_MAX = 15.0  # mm: a crop mark is shorter
TURN_TOLERANCE = 0.3  # mm: a sheet turned over lies on the front's lines within this


def lines_off_the_block(page, block):  # noqa: ANN001, ANN201
    """The short marks in the margin round the cards' block, in line with its
    cut lines (crop marks, not the scale bar's): (x, y) of their middles."""
    x0, y0, x1, y1 = block
    down, across = cut_positions(page, block)

    def outside(ln) -> bool:  # noqa: ANN001
        return ln.x1 < x0 - 0.5 or ln.x0 > x1 + 0.5 or ln.y1 < y0 - 0.5 or ln.y0 > y1 + 0.5

    def in_line(ln) -> bool:  # noqa: ANN001
        return any(abs(ln.cx - x) < 0.5 for x in down) or any(abs(ln.cy - y) < 0.5 for y in across)

    return sorted((ln.cx, ln.cy) for ln in page.lines
                  if (ln.w < 1 or ln.h < 1) and max(ln.w, ln.h) < MARK_MAX and outside(ln) and in_line(ln))


def same(a: list[float], b: list[float]) -> bool:
    return len(a) == len(b) and all(abs(p - q) <= TURN_TOLERANCE for p, q in zip(sorted(a), sorted(b), strict=True))


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_glued_whole_sheets_line_up_when_turned_over(rendered, lang, paper):
    """Every page of spare backs, turned over on its long or its short edge,
    has its cut lines where the first sheet of fronts has them and its
    margin marks on the fronts' marks; the guide says to glue whole sheets."""
    pdf = rendered("ludo-cards", lang, paper)
    pages = read_pages(pdf)
    fronts = [p for p in pages if p.of("card")]
    last = max(p.number for p in pages if p.of("card") or p.of("back"))
    spares = pages[last:]
    assert spares, "pages of spare backs"
    front = fronts[0]
    cards = front.of("card")
    block = (min(k.box.x0 for k in cards), min(k.box.y0 for k in cards), max(k.box.x1 for k in cards),
             max(k.box.y1 for k in cards))
    down, across = cut_positions(front, block)
    marks = lines_off_the_block(front, block)
    assert len(down) >= 3 and len(across) >= 2 and len(marks) >= 8, "the front's grid and marks read"
    for page in spares:
        w, h = page.width, page.height
        turned_block = (w - block[2], h - block[3], w - block[0], h - block[1])  # the block as it lies turned over
        s_down, s_across = cut_positions(page, turned_block)
        assert same([w - x for x in s_down], down), f"{lang} {paper} p{page.number}: cut lines down, turned over"
        assert same([h - y for y in s_across], across), f"{lang} {paper} p{page.number}: cut lines across, turned"
        s_marks = lines_off_the_block(page, turned_block)
        for mirror_x in (True, False):  # turned over on the short edge (left to right) or the long (top to bottom)
            moved = [(w - x, y) if mirror_x else (x, h - y) for x, y in s_marks]
            assert len(moved) == len(marks) and all(
                any(abs(a[0] - b[0]) <= TURN_TOLERANCE and abs(a[1] - b[1]) <= TURN_TOLERANCE for b in marks) for a in moved), \
                f"{lang} {paper} p{page.number}: the margin marks turned over miss the front's"
    guide = page_text(page_lines(pdf)[2])
    for phrase in (WHOLE_SHEETS[lang], BOTH_LAYERS[lang]):
        assert squash(phrase) in guide, f"{lang} {paper}: the guide says {phrase!r}"
    assert (squash(INCHES[lang]) in guide) == (paper == "letter"), f"{lang} {paper}: the card in inches on Letter only"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_kit_list_names_the_die_and_the_quick_references_the_file_holds(rendered, lang, paper):
    """Page 1 lists '1 die to cut out and fold (page N) and K quick
    references (pages 2 and N)', N the page with the die's net, K the
    copies found on the pages (page 2's and the die page's)."""
    pdf = rendered("ludo-cards", lang, paper)
    pages = page_lines(pdf)
    cat = load_catalog("ludo-cards", lang)
    die_head = squash(str(cat.raw("die_text")[0]).removeprefix("## "))
    (die,) = [i + 1 for i, lines in enumerate(pages) if die_head in page_text(lines)]
    copies = {i + 1: sum(1 for ln in lines if squash(ln.text) == squash(QUICK[lang])) for i, lines in enumerate(pages)}
    found = {number: n for number, n in copies.items() if n}
    assert sorted(found) == [2, die], f"{lang} {paper}: quick references on pages {sorted(found)}"
    first = page_text(pages[0])
    listed = cat.text("contents_die", n=1, die=die, quick=sum(found.values()))
    assert squash(listed) in first, f"{lang} {paper}: {listed!r} on page 1"
