"""Tâb, the hobbyists' round-9/10 points, read from the rendered PDFs:

- the grey (less ink) pieces page is page 2, the one to print: "print pages
  1–3"; the solid black one is the last page, printed instead of page 2
  (the print-shop export takes its pieces, once);
- the print note says: no fit to page, auto-rotate on (page 1 is landscape);
- a note of ours says which row is whose: row 1 your own back row, row 4
  the row nearest the opponent, their home row;
- the quick reference on the coin-throw tables adds row 4 and stacks;
- the original's assembly text in its box is 8 pt or more;
- every kit's header starts, and its scale bar lies, 10 mm or more from
  the paper's left (and right) edge.
"""

from __future__ import annotations

from functools import partial

import pypdfium2 as pdfium
import pytest

from pnp.i18n import load_catalog
from pnp.layout.components import tab_pieces
from pnp.paper import PAPERS
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import _plain, _text, pieces_pages
from tests.kits.test_table_ready import page_objects
from tests.textlines import page_lines

MM = 25.4 / 72


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round10")), "tab")


PRINT = {"en": ("Print pages 1–3", "no fit to page", "auto-rotate on"),
         "nl": ("druk pagina’s 1–3 af", "niet ‘aanpassen aan pagina’", "automatisch draaien aan"),
         "de": ("Drucke die Seiten 1–3", "nicht an die Seite anpassen", "„Automatisch drehen“ einschalten")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_grey_pieces_are_page_2_and_the_solid_black_page_is_last(render, lang, paper):
    """The pages' headers, read from the PDF: the grey pieces on page 2
    (recommended), the solid black ones on the last page; each header names
    the other's page number; page 3 says to print pages 1–3, with no fit to
    page and auto-rotate on."""
    pdf = render(lang, paper)
    doc = pdfium.PdfDocument(pdf)
    try:
        n = len(doc)
    finally:
        doc.close()
    grey, solid = pieces_pages(pdf, lang)
    assert (grey, solid) == (1, n - 1) and n == 4
    cat = load_catalog("tab", lang)
    assert f" {solid + 1} " in _plain(cat.text("saver_caption")), "page 2's header names the solid page"
    assert f" {grey + 1} " in _plain(cat.text("pieces_caption")), "the solid page's header names page 2"
    rules = _text(pdf, 2)
    for said in PRINT[lang]:
        assert said in rules, said


def test_tab_the_print_shop_export_takes_the_solid_black_page(built):
    """The last page is printed instead of page 2; the print-shop pieces
    come once, from the solid black page (a shop saves no ink on grey):
    nine pieces a side (round 18: no row-4 markers, paper bands made at home)."""
    b = built("tab", "en", "a4")
    assert b.pages[-1].instead_of == b.pages[1].label and not b.pages[1].instead_of
    raws = tab_pieces(b.pages, None)  # type: ignore[arg-type]  # a page has the sheet's items, label and instead_of
    names = [r.name for r in raws]
    for kind in ("piece-dark", "piece-light"):
        assert len({n for n in names if n.startswith(kind + "-")}) == 9, kind
    assert not [n for n in names if n.startswith("marker")]
    # (that they are the solid page's black ones: tests/render/test_cards.py, black into the bleed)
    solid = tab_pieces([b.pages[-1]], None)  # type: ignore[arg-type]
    assert [r.name for r in solid] == [n for n in names if n != "board"]


OURS = {"en": ("Our note: row 1 is your own back row", "row 4 is the row nearest your opponent, their home row"),
        "nl": ("Onze toelichting: rij 1 is je eigen achterste rij",
               "rij 4 is de rij die het dichtst bij je tegenstander ligt, diens thuisrij"),
        "de": ("Unsere Erläuterung: Reihe 1 ist deine eigene hintere Reihe",
               "Reihe 4 liegt deinem Gegner am nächsten, sie ist seine Grundreihe")}
# round 12: the summary also says when a row-4 piece moves on, what a stack sent back keeps, and the start
# (round 13: 'a 1 splits it'; NL 'dan blijft er één stuk over', native NL 14; round 16, native DE 15: a 1 MAY
# move the top piece alone, as the original allows; round 17: after row 4 a piece goes back to row 3, seed 004;
# it waits on row 4, not only before row 3: "may not move further till all friendly pieces have evacuated row 1")
ROW4_STACK = {"en": ("Row 4: once per piece", "A stack moves as one piece", "on a 1 its top piece may move alone", "have left row 1",
                     "it waits till all yours", "then row 3",
                     "keeps one piece", "Start:", "single head"),
              "nl": ("Rij 4: één keer per stuk", "Een stapel beweegt als één stuk",
                     "met een 1 ook alleen het bovenste",
                     "al jouw stukken van rij 1 af zijn", "een stuk op rij 4 wacht tot", "gaat dan terug naar rij 3",
                     "er blijft één stuk over", "Begin:", "één keer kop"),
              "de": ("Reihe 4: einmal je Stein", "Ein Stapel zieht wie ein Stein",
                     "mit einer 1 auch nur der oberste",
                     "kein eigener Stein mehr in Reihe 1", "ein Stein in Reihe 4 wartet, bis", "dann zurück in Reihe 3",
                     "bleibt ein Stein übrig", "Beginn:", "einmal Kopf")}


@pytest.mark.parametrize("lang", LANGS)
def test_tab_rows_are_named_and_the_quick_reference_has_row_4_and_stacks(render, lang):
    """Page 3 says, marked as ours, which row is whose; the turn summary on
    page 2's coin-throw tables (both of them) adds row 4 and stacks."""
    pdf = render(lang)
    for said in OURS[lang]:
        assert said in _text(pdf, 2), said
    pieces = _text(pdf, 1)
    for said in ROW4_STACK[lang]:
        assert pieces.count(said) == 2, f"{said!r} on each of the two tables"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_original_in_its_box_is_8_pt_or_more(render, lang, paper):
    """Page 3: the original's assembly text, in its frame, reads at home: no
    line under 8 pt."""
    pdf = render(lang, paper)
    frames = [o for o in page_objects(pdf, 2) if o.kind == "path" and o.stroke > 0 and not o.filled
              and o.w > 60 and o.h > 30]
    assert len(frames) == 1
    fx0, fy0, fx1, fy1 = frames[0].ink()
    h = (279.4 if paper == "letter" else 297.0)
    boxed = [ln for ln in page_lines(pdf)[2] if fx0 < ln.x * MM < fx1 and fy0 < h - ln.base * MM < fy1]
    assert len(boxed) > 10
    assert min(ln.size for ln in boxed) >= 8.0 - 0.05


EDGE = 10.0  # mm


@pytest.mark.parametrize("kit_id", ["tab", "kesse-rueben", "ludo-cards", "ur"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_header_and_scale_bar_keeps_10_mm_from_the_sides(tmp_path_factory, kit_id, paper):
    """On every page of every kit: the header's text (the line at the top)
    starts 10 mm or more from the paper's left edge, and the scale bar (the
    filled bar as long as the paper's scale) lies 10 mm or more inside both."""
    pdf = kit_renderer(tmp_path_factory.mktemp(f"edges-{kit_id}-{paper}"))(kit_id, "en", paper)
    bar = PAPERS[paper].scale_bar
    for index, lines in enumerate(page_lines(pdf)):
        doc = pdfium.PdfDocument(pdf)
        try:
            w, h = (v * MM for v in doc[index].get_size())
        finally:
            doc.close()
        top = min(h - ln.base * MM for ln in lines)
        header = [ln for ln in lines if h - ln.base * MM < top + 1.0]
        assert header, f"page {index + 1}: no header"
        first = min(header, key=lambda ln: ln.x)  # the kit's name starts the header
        assert first.x * MM >= EDGE - 0.05, f"page {index + 1}: header {first.text!r} starts at {first.x * MM:.1f} mm"
        bars = [o for o in page_objects(pdf, index) if o.kind == "path" and o.filled and abs(o.w - bar) < 0.2
                and 1.4 < o.h < 1.8]
        assert bars, f"page {index + 1}: no scale bar"
        for o in bars:
            assert o.x0 >= EDGE - 0.05 and o.x1 <= w - EDGE + 0.05, f"page {index + 1}: the bar at {o.x0:.1f} mm"
