"""The Ludo cards at the table (issue 23, round 4), read from the rendered
PDFs with PDFium, knowing nothing of the layout's data: our note on who
starts after the original rules; the numbered workflow on the printing guide
with counts that match the card pages; the back pages pointing to the guide;
the labels under the rules' example stacks."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.fonts import Measurer
from pnp.i18n import load_catalog
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from tests.helpers import LANGS, PAPER_IDS


@pytest.fixture(scope="module")
def ludo(tmp_path_factory):
    """ludo(lang, paper="a4", backs="duplex-long", players=None) -> the PDF, rendered once."""
    folder = tmp_path_factory.mktemp("ludo-guide")
    measure = Measurer()
    cache: dict[tuple, Path] = {}

    def get(lang: str, paper: str = "a4", backs: str = "duplex-long", players: int | None = None) -> Path:
        key = (lang, paper, backs, players)
        if key not in cache:
            out = folder / "-".join(map(str, key))
            opts = Options(lang, get_paper(paper), backs=backs, players=players)  # type: ignore[arg-type]
            (cache[key],) = render_one(get_kit("ludo-cards"), opts, out, ("pdf",), 150, measure, validate=False).files
        return cache[key]

    return get


def norm(text: str) -> str:
    """One space between words; a hyphen PDFium marks as ending a line joins the word again."""
    text = text.replace("\x02\r\n", "").replace("\x02", "").replace("\ufffe", "")
    return " ".join(text.replace("\u00a0", " ").split())


def page_texts(pdf: Path) -> list[str]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [norm(doc[i].get_textpage().get_text_range()) for i in range(len(doc))]
    finally:
        doc.close()


def heading(text: str) -> str:
    return text.removeprefix("## ")


# ---- 1. who starts: our suggestion, after the original rules ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", PAPER_IDS)
def test_who_starts_is_our_note_after_the_original_rules(ludo, lang, paper):
    """The original never says who starts. Page 1 says it after the last of
    the original rules, under a heading of its own, and says it is ours."""
    cat = load_catalog("ludo-cards", lang)
    page1 = page_texts(ludo(lang, paper))[0]
    rules = cat.raw("rules")
    note = cat.raw("rules_note")
    assert isinstance(rules, list) and isinstance(note, list)
    last_rule = norm(rules[-1].removeprefix("- "))
    note_head = heading(note[0])
    assert note_head in page1 and last_rule in page1
    assert page1.index(note_head) > page1.index(last_rule), "the note comes after the original rules"
    ours = {"en": "our suggestion", "nl": "ons voorstel", "de": "unser Vorschlag"}[lang]
    assert ours in page1[page1.index(note_head):], "the note says it is not the original's"
    assert not any(note_head in r for r in rules), "the original rules have no such heading"
