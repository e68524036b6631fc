"""pnp.build: file names, the keywords the validator reads, print variants
(the atomic write: tests/test_atomic.py)."""

from __future__ import annotations

import pytest

from pnp import __version__
from pnp.geometry import BLACK, Text, walk
from pnp.kits import get_kit
from pnp.naming import file_stem, kit_claim, read_keywords
from pnp.options import Options
from pnp.paper import get_paper
from tests.helpers import KIT_IDS, LANGS, PAPER_IDS


def test_file_stem_is_kit_lang_paper_by_default():
    assert file_stem("tab", Options("en", get_paper("a4"))) == "tab-en-a4"


def test_file_stem_names_every_non_default_choice():
    opts = Options("de", get_paper("letter"), players=3, backs="gutterfold", back_offset=(0.5, -1.0),
                   variant="greyscale")
    assert file_stem("ludo-cards", opts) == "ludo-cards-de-letter-3p-gutterfold-offset+0.5-1-greyscale"


def test_file_stems_differ_for_every_kit_language_and_paper():
    stems = {file_stem(k, Options(lg, get_paper(p))) for k in KIT_IDS for lg in LANGS for p in PAPER_IDS}
    assert len(stems) == len(KIT_IDS) * len(LANGS) * len(PAPER_IDS)


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_keywords_state_what_the_file_is(built, kit_id):
    b = built(kit_id, "nl", "letter")
    kw = read_keywords(b.keywords)
    assert kw["pnp"] == __version__
    assert (kw["kit"], kw["lang"], kw["paper"]) == (kit_id, "nl", "letter")
    assert kw["pages"] == str(len(b.pages))
    assert kw["players"] == "all" and kw["variant"] == "colour"


def test_keywords_for_a_kit_without_backs_say_none():
    kit = get_kit("tab")
    assert "backs" not in kit.options
    kw = read_keywords(kit_claim(kit.id, "backs" in kit.options, Options("en", get_paper("a4"), backs="gutterfold"), 3).keywords())
    assert kw["backs"] == "none"


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_built_title_names_kit_language_and_paper(built, kit_id):
    from pnp.i18n import load_catalog

    b = built(kit_id, "de", "a4")
    cat = load_catalog(kit_id, "de")
    assert cat.text("title") in b.title and "Deutsch" in b.title and "A4" in b.title
    assert b.subject and b.credits


# the Kesse colour pages' header says which pages to print (round 17); the --ink-saver print has no such line
WHICH_PAGES = "Print pages 1 and 2 (colour) or 3 and 4 (less ink)"


def _colours(pages):
    for page in pages:
        for s, _, _ in walk(page.items):
            if isinstance(s, Text) and s.text == WHICH_PAGES:
                continue
            if isinstance(s, Text):
                yield "text", s.color
            else:
                for kind in ("stroke", "fill"):
                    c = getattr(s.style, kind)
                    if c is not None:
                        yield kind, c


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_greyscale_has_no_colour_and_the_same_shapes(built, kit_id):
    colour = built(kit_id, "en", "a4")
    grey = built(kit_id, "en", "a4", variant="greyscale")
    assert len(grey.pages) == len(colour.pages)
    for a, b in zip(colour.pages, grey.pages, strict=True):
        assert [type(s) for s, _, _ in walk(a.items)] == [type(s) for s, _, _ in walk(b.items)]
    for _, (r, g, b) in _colours(grey.pages):
        assert r == pytest.approx(g) and g == pytest.approx(b)


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_ink_saver_lightens_fills_and_keeps_lines_and_text(built, kit_id):
    """The same page data with lighter fills; the one exception is Ludo's
    card backs, which drop their colour field (no tint over the whole
    sheet: tests/kits/test_ludo_printed.py), the alignment test's back,
    which says so, and Tâb's ink-saving pieces page (page 2, grey), drawn
    black and greyed by the variant; Tâb's ink-saver print has no solid
    black page 4 and making notes of its own on page 3 (tests/kits/test_tab_round14.py);
    Kesse's board squares and token grounds are white there, its pawns' symbols black, its tokens' symbols
    outlined black on white and their cut a lighter grey."""
    pages = built(kit_id, "en", "a4").pages
    if kit_id == "kesse-rueben":  # its low-ink pages, printed instead of pages 1-2, are in the colour print only
        pages = [p for p in pages if not p.instead_of]
    saver_pages = built(kit_id, "en", "a4", variant="ink-saver").pages
    solid = {p.label for p in pages if p.instead_of}  # Tâb's solid black page, printed instead of the grey one
    assert [p.label for p in pages if p.label not in solid] == [p.label for p in saver_pages]
    grey = {p.instead_of for p in pages}  # the page a solid one is printed instead of: Tâb's grey pieces
    keep = [p.label for p in pages if not (kit_id == "ludo-cards" and p.label.startswith(("backs", "alignment back")))
            and p.label not in grey | solid and not (kit_id == "tab" and p.label.startswith("rules"))]
    assert len(keep) < len(pages) if kit_id in ("ludo-cards", "tab") else len(keep) == len(pages)
    by_label, saver_by_label = {p.label: p for p in pages}, {p.label: p for p in saver_pages}
    colour = list(_colours([by_label[k] for k in keep]))
    saver = list(_colours([saver_by_label[k] for k in keep]))
    assert len(colour) == len(saver)
    for (kind, before), (_, after) in zip(colour, saver, strict=True):
        if kind == "fill":
            # Kesse's paper pawns are the one fill that darkens: a white symbol on a dark pawn turns
            # black (a mid grey), as the pawn's colour turns light (tests/kits/test_kesse_rueben.py); so do its light lines
            if not (kit_id == "kesse-rueben" and min(before) > 0.9):
                assert sum(after) >= sum(before) - 1e-9, "a fill got darker"
            assert after != BLACK, "no solid black fills"
        elif kind == "text" and min(before) > 0.9:
            assert after == BLACK, "white lettering turns black on the light tints"
        elif kind == "stroke" and kit_id == "kesse-rueben" and before == (0.8, 0.8, 0.8):
            assert max(after) <= 0.35, "a dark pawn's light cut and fold lines turn dark on its light colour"
        elif kind == "stroke" and kit_id == "kesse-rueben" and before == (0.3, 0.3, 0.3) and after != before:
            assert after == (0.42, 0.42, 0.42), "only the low-ink tokens' cut is lighter (their symbols' outlines black)"
        else:
            assert after == before
