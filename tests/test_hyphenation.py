"""pnp.hyphenation: the table of the catalogs' words is pyphen's answer, and
a render does not need to parse the patterns."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pnp import hyphenation
from pnp.hyphenation import TABLE, catalog_words, positions, table_text


def test_the_table_is_pyphens_answer_for_every_catalog_word():
    assert TABLE.read_text(encoding="utf-8") == table_text(), \
        "the catalogs changed: remake the table with `python -m pnp.hyphenation`"


@pytest.mark.parametrize(("lang", "word", "parts"), [
    ("de", "Zuckerrüben", "Zu-cker-rü-ben"),
    ("de", "Spielfigur", "Spiel-fi-gur"),
    ("nl", "afdrukken", "af-druk-ken"),
    ("en", "beetroots", "beet-roots"),
])
def test_known_breaks(lang, word, parts):
    """Dictionary breaks, whether from the table or from the patterns."""
    cuts = positions(word, lang)
    got = "-".join(word[a:b] for a, b in zip((0, *cuts), (*cuts, len(word)), strict=True))
    assert got == parts


def test_no_break_leaves_fewer_than_two_letters_before_or_three_after():
    for lang in hyphenation.PATTERNS:
        for word in catalog_words(lang):
            for p in positions(word, lang):
                assert 2 <= p <= len(word) - 3, (lang, word, p)


def test_a_language_without_patterns_does_not_break():
    assert positions("Zuckerrüben", "xx") == ()


def test_rendering_every_kit_needs_no_pattern_file():
    code = (
        "from pnp.build import build_pages; from pnp.fonts import Measurer; from pnp.kits import registry;"
        "from pnp.options import Options; from pnp.paper import get_paper; from pnp import hyphenation;"
        "m = Measurer();"
        "[build_pages(k, Options(l, get_paper(p)), m) for k in registry().values() for l in ('en', 'nl', 'de')"
        " for p in ('a4', 'letter')];"
        "import sys; print(hyphenation.dictionary.cache_info().currsize, 'pyphen' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    patterns, imported = out.split()
    assert patterns == "0", "a word of the catalogs is missing from the hyphenation table"
    assert imported == "False", "a render imported pyphen, which only remaking the table needs"
