"""Tâb, the hobbyist's round-17 point (hobby17a), read from the rendered PDFs:
page 1, where a person starts, says which pages to print (only page 3 said
it, so a person printing every page also printed the solid black page 4).
The header line is the catalog's sentence, and every page it names exists
in the file it is printed in: the colour print's four pages (page 4 in
place of page 2), the --ink-saver print's three."""

from __future__ import annotations

import re
from functools import partial

import pypdfium2 as pdfium
import pytest

from pnp.i18n import load_catalog
from tests.helpers import LANGS, kit_renderer
from tests.textlines import page_lines


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    return partial(kit_renderer(tmp_path_factory.mktemp("tab-round17")), "tab")


def _pages(pdf) -> tuple[int, float]:
    """The page count and the first page's height (pt)."""
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return len(doc), doc[0].get_height()
    finally:
        doc.close()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(("variant", "key"), [("colour", "board_caption"), ("ink-saver", "board_caption_ink_saver")])
def test_page_one_says_which_pages_to_print(render, lang, paper, variant, key):
    pdf = render(lang, paper, variant)
    said = load_catalog("tab", lang).text(key)
    top = [ln for ln in page_lines(pdf)[0] if said in ln.text]
    assert top, [ln.text for ln in page_lines(pdf)[0][:4]]
    n, height = _pages(pdf)
    assert top[0].base > height - 20.0 / 25.4 * 72  # in the header band, above the board's heading
    named = [int(d) for d in re.findall(r"\d+", said)]
    assert named and max(named) == n, (said, n)  # it names the last page, and no page the file lacks
