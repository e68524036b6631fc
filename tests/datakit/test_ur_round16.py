"""Ur, the round-16 hobbyist's points (hobby16b Ur 1 and 2), read from the
rendered PDF in every language and paper: on page 3 the pictures of how a
lot is made stand apart from the lots, under a line across the page and a
caption saying they are pictures only, to cut off and not glue (they looked
like more lots); the rules say to drop the lots from about 20 cm, not to
slide them out (flat lots slide rather than tumble)."""

from __future__ import annotations

import pytest

from pnp.i18n import load_catalog
from tests.datakit.test_ur_round10 import pages_text, squash
from tests.helpers import LANGS, PAPER_IDS
from tests.printer import read_pages
from tests.textlines import page_lines

PICTURES_ONLY = {"en": "Pictures only, of how a lot is made: cut them off along the line above; do not glue them.",
                 "nl": "Alleen ter uitleg: zo maak je een kaartje. Knip deze plaatjes af langs de lijn erboven en plak ze niet op.",
                 "de": "Nur Bilder, wie ein Plättchen entsteht: Schneide sie an der Linie darüber ab und klebe sie nicht auf."}
DROP = {"en": "let them drop from about {drop}, best into a box lid (slid out flat, they do not tumble)",
        "nl": "laat ze van zo’n {drop} hoog vallen (niet laten glijden)",
        "de": "lass sie aus etwa {drop} Höhe fallen (nicht schieben)"}
# the height, on US Letter also in inches as every other measure there (hobby19b Ur 3)
DROP_AT = {"a4": {"en": "20 cm", "nl": "20 cm", "de": "20 cm"},
           "letter": {"en": "20 cm (8 in)", "nl": "20 cm (8 inch)", "de": "20 cm (8 Zoll)"}}
ACROSS = 0.8  # the line runs across this share of the page's width at least


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_the_pictures_of_the_steps_stand_apart_from_the_lots(rendered, lang, paper):
    pdf = rendered("ur", lang, paper)
    view = read_pages(pdf)[2]
    lines = page_lines(pdf)[2]
    lots = [c.box for c in view.components if c.kind == "lot"]
    assert len(lots) == 6, f"{lang} {paper}: {len(lots)} lots on page 3"
    lots_foot = max(b.y1 for b in lots)
    mm = 25.4 / 72

    def top(ln) -> float:  # noqa: ANN001 - a Line: mm down from the page's top to its baseline
        return view.height - ln.base * mm

    (caption,) = [ln for ln in lines if squash(ln.text) == squash(PICTURES_ONLY[lang])]
    steps = [ln for ln in lines if squash(ln.text) == squash(load_catalog("ur", lang).text("lots_cut"))]
    assert steps and top(steps[0]) > top(caption), f"{lang} {paper}: the caption over the pictures' captions"
    rules = [b for b in view.lines if b.w >= ACROSS * view.width and b.h < 1.0
             and lots_foot < b.cy < top(caption) - caption.size * mm * 0.7]
    assert rules, f"{lang} {paper}: no line across the page between the lots and the caption over the pictures"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_the_lots_are_dropped_not_slid(rendered, lang, paper):
    drop = DROP[lang].format(drop=DROP_AT[paper][lang])
    assert squash(drop) in pages_text(rendered("ur", lang, paper))[0], f"{lang} {paper}: how to throw the lots: {drop!r}"


def test_a_caption_over_pictures_that_are_not_there_is_one_line(tmp_path):
    """steps_heading without the pictures of `steps`: one error line naming it, nothing written."""
    import shutil

    from pnp.paths import TEMPLATES
    from tests.datakit.test_datakit import _edit, _one_error, _run

    folder = tmp_path / "ur-copy"
    shutil.copytree(TEMPLATES / "ur", folder)
    _edit(folder / "game.toml", 'steps = ["lots_cut", "lots_fold", "lots_glue", "lots_trim"]', "")
    line = _one_error(_run("render", str(folder), "-l", "en", "-p", "a4", "--out", str(tmp_path / "out")))
    assert "steps_heading" in line, line
    assert not (tmp_path / "out").exists()


# ---- native15-nl 7, native15-de 17-18: step 3 cuts the quick references off first, as page 3 says; a cutting mat ----

FIRST = {"en": "3. Pieces: first cut both quick references off the foot of page 3 (see 5). Then glue the pieces",
         "nl": "3. Stenen: knip eerst beide korte overzichten onderaan pagina 3 af (zie 5). Plak daarna de stenen",
         "de": "3. Steine: Schneide zuerst die Kurzübersichten unten auf Seite 3 ab. Klebe dann die Steine"}
MAT = {"en": "a craft knife, a metal ruler and a cutting mat", "nl": "een hobbymes, een metalen liniaal en een snijmat",
       "de": "Bastelmesser, Metalllineal, Schneidematte"}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ur_step_3_cuts_the_quick_references_off_first_and_a_mat_is_needed(rendered, lang, paper):
    first = pages_text(rendered("ur", lang, paper))[0]
    assert squash(FIRST[lang]) in first, f"{lang} {paper}: step 3 starts with the quick references"
    assert squash(MAT[lang]) in first, f"{lang} {paper}: the cutting mat in the list of what is needed"
    assert "onderaanpagina3" in first or lang != "nl"  # native15-nl 7: one word, as page 3 writes it
