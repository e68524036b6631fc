"""Tâb, the hobbyist's round-14 points, read from the rendered PDFs:

- the --ink-saver print is honest about its pieces: it has no page of
  "solid black pieces" that came out grey like page 2. Its three pages are
  the board, the grey pieces and the rules. No text points to a page 4: not
  the footer caption, the list on page 1 or the making notes on page 3.
  Page 2 says there is no black page, and page 1's key calls B's row
  numbers grey, as they print. It passes the validator, and its pieces still
  tell light from dark.
- the quick reference on both coin-throw tables keeps the original's
  condition for stacks on row 4 (only if nothing but stacks is there) and
  its "a 1 still splits them", at 7 pt or more on A4 and Letter;
- the making captions and the turn summary take the room the page has:
  all six captions at one size, both at 7 pt or more, larger on A4.
"""

from __future__ import annotations

import re
from functools import partial

import pytest

from pnp.fonts import Measurer
from pnp.i18n import load_catalog
from pnp.kits import get_kit
from pnp.kits.tab import MAKING_STEPS
from pnp.modes import Variant
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import PAPERS, get_paper
from tests.helpers import LANGS, kit_renderer
from tests.kits.test_tab_round5 import _text
from tests.textlines import lines_between, page_lines


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round14")), "tab")


PAGE_4 = {"en": r"\bpage 4\b|\bor 4\b|EITHER|solid black faces",
          "nl": r"\bpagina 4\b|\bof 4\b|\bóf\b|zwarte kanten",
          "de": r"\bSeite 4\b|\boder 4\b|\bentweder\b|schwarzen Seiten"}
NO_BLACK_PAGE = {"en": "no page of solid black pieces", "nl": "geen pagina met zwarte stukken",
                 "de": "keine Seite mit schwarzen Steinen"}
GLUE_PAGE_2 = {"en": "glue page 2 onto thin card", "nl": "plak pagina 2 op dun karton",
               "de": "klebe Seite 2 auf dünnen Karton"}


def _pages(pdf) -> list[str]:
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        n = len(doc)
    finally:
        doc.close()
    return [_text(pdf, i) for i in range(n)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_ink_saver_print_has_no_black_page_and_names_none(render, lang, paper):
    """--ink-saver: three pages (board, grey pieces, rules); no text on
    them points to a page 4 or to printing either of two pages; page 2's
    caption names the ink-saver print, page 3's making notes say there is no black page."""
    pages = _pages(render(lang, paper, "ink-saver"))
    assert len(pages) == 3, f"{len(pages)} pages"
    for i, text in enumerate(pages):
        hit = re.search(PAGE_4[lang], text)
        assert hit is None, f"page {i + 1}: {text[max(0, hit.start() - 60):hit.end() + 40]!r}"
    # round 18: page 2's header names the print ("... has no page of solid black pieces" read oddly there)
    assert load_catalog("tab", lang).text("saver_caption_ink_saver") in pages[1], "page 2's caption"
    assert NO_BLACK_PAGE[lang] in pages[2], "page 3's making notes"
    assert GLUE_PAGE_2[lang] in pages[2]
    # the standard print keeps its solid black page 4, and says so
    standard = _pages(render(lang, paper))
    assert len(standard) == 4
    assert re.search(PAGE_4[lang], standard[1]) and re.search(PAGE_4[lang], standard[2])


def test_tab_the_ink_saver_key_calls_b_s_row_numbers_grey(render):
    """Page 1: the ink-saver greys B's black badges, so the key under B's
    side calls them grey; the standard print's key says black."""
    assert "player B’s row numbers (grey)" in _text(render("en", "a4", "ink-saver"), 0)
    assert "(black)" not in _text(render("en", "a4", "ink-saver"), 0)
    assert "player B’s row numbers (black)" in _text(render("en", "a4"), 0)


# round 15: the ink-saver pieces are outlined, not grey; tests/kits/test_tab_round15.py
# measures that they still tell light from dark


@pytest.mark.parametrize("lang", LANGS)
def test_tab_the_ink_saver_print_passes_the_validator(tmp_path, lang):
    """The validator reads the numbers of the rules the ink-saver print sets
    (its own making notes), and counts its pieces once."""
    result = render_one(get_kit("tab"), Options(lang, get_paper("letter"), variant=Variant.INK_SAVER), tmp_path,
                        ("pdf",), 150, Measurer(), validate=True)
    problems = [p for r in result.reports for p in r.problems()]
    assert not problems, problems[:3]
    assert all(".invalid" not in f.name for f in result.files)


ROW_4_STACKS = {  # the original's condition (seed 004: "If the only pieces on the fourth row are stacks"), and its 1
    "en": ("If only stacks are on row 4, they move only if nothing else can", "a 1 may still split them."),
    "nl": ("Alleen stapels op rij 4: pas als niets anders kan", "een 1 splitst ze."),
    "de": ("Stapel allein in Reihe 4 ziehen nur, wenn sonst nichts kann", "eine 1 darf sie teilen."),
}
OLD_ROW_4 = ("on row 4 it moves only if nothing else can", "stapels daar bewegen pas als niets anders kan",
             "in Reihe 4 zieht er nur, wenn sonst nichts ziehen kann")
START = {"en": "Start:", "nl": "Begin:", "de": "Beginn:"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_the_quick_reference_keeps_the_row_4_stacks_condition(render, lang, paper):
    """Pages 2 and 4, both coin-throw tables: the stacks on row 4 wait only
    if they are the only pieces there (the round-13 card left the condition
    out), and a 1 still splits them; every line of the two turn summaries,
    the last included, at 7 pt or more."""
    pdf = render(lang, paper)
    lines = page_lines(pdf)
    for index in (1, 3):
        text = _text(pdf, index)
        for said in ROW_4_STACKS[lang]:
            assert text.count(said) == 2, f"page {index + 1}: {said!r} on each table"
        assert not any(old in text for old in OLD_ROW_4)
        last_word = load_catalog("tab", lang).raw("turn")[-1].split()[-1]  # the summary's last line
        summary = lines_between(lines[index], START[lang], last_word)
        assert len(summary) >= 2 * 8
        assert min(ln.size for ln in summary) >= 7.0 - 0.05, min(ln.size for ln in summary)


def _caption_lines(lines, cat) -> list:
    """The six making steps' captions as printed: each one's first line
    (its number and the words that start it) and, where it has one, its second."""
    from tests.kits.test_tab_round8 import _norm

    found = []
    for key in MAKING_STEPS:
        caption = _norm(cat.text(key))
        (first,) = [ln for ln in lines if caption.startswith(_norm(ln.text)) and re.match(r"\d\. ", ln.text)]
        found.append(first)
        rest = caption[len(_norm(first.text)):].strip()
        if rest:
            found += [ln for ln in lines if _norm(ln.text) == rest and abs(ln.base - first.base) < 12]
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_captions_and_card_text_take_the_room_they_have(render, lang, paper):
    """Pages 2 and 4: the six making captions are set alike, at 7 pt or more
    (round 13: 6.25-7 pt, each its own size); the turn summary is never
    under 7 pt; on A4, where the page has room, the summary is set over
    7 pt (EN 8.5, DE 7.5, NL 7.25)."""
    pdf = render(lang, paper)
    cat = load_catalog("tab", lang)
    lines = page_lines(pdf)
    for index in (1, 3):
        captions = _caption_lines(lines[index], cat)
        assert len(captions) >= len(MAKING_STEPS)
        sizes = {round(ln.size, 2) for ln in captions}
        assert len(sizes) == 1, f"page {index + 1}: the captions at {sorted(sizes)} pt"
        top = max(ln.base for ln in lines[index] if START[lang] in ln.text)
        bottom = min(ln.base for ln in lines[index] if cat.raw("turn")[-1].split()[-1] in ln.text)
        scores = {cat.text("heads").lower(), cat.text("score").lower(), cat.text("all_tails").lower()}
        card = min(ln.size for ln in lines[index] if bottom - 0.5 <= ln.base <= top + 0.5
                   and ln.text.strip().lower() not in scores and not ln.text.strip().isdigit())  # the scores' column aside
        assert min(sizes) >= 7.0 - 0.05 and card >= 7.0 - 0.05, (sizes, card)
        if paper == "a4":
            assert card >= 7.25 - 0.05, card



# round 17: it WAITS on row 4 (the original: "may not move further till ..."), then goes back to row 3
NOT_EMPTY_ROW_1 = {"en": "it waits till all yours have left row 1, then row 3",
                   "nl": "een stuk op rij 4 wacht tot al jouw stukken van rij 1 af zijn en gaat dan terug naar rij 3",
                   "de": "ein Stein in Reihe 4 wartet, bis kein eigener Stein mehr in Reihe 1 steht, dann zurück in Reihe 3"}
EMPTY_ROW_1 = ("jouw rij 1 leeg", "deine Reihe 1 leer")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_a_row_4_piece_waits_for_the_own_pieces_on_row_1(render, lang, paper):
    """Pages 2 and 4 (native DE 13): a piece on row 4 moves on once all the
    player's own pieces have left row 1, as the original says ("all friendly
    pieces have evacuated row 1"); enemy pieces may still stand there, so the
    card does not ask for an empty row 1."""
    pdf = render(lang, paper)
    for index in (1, 3):
        text = _text(pdf, index)
        assert text.count(NOT_EMPTY_ROW_1[lang]) == 2, f"page {index + 1}"
        assert not any(old in text for old in EMPTY_ROW_1)
