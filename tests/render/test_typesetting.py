"""The rules as a reader sees them on the rendered pages, in every kit,
language and paper: no line of running text holds a single word or a lone
number, no column starts with the last line of a paragraph (a widow) or
ends with the first line of one that goes on (an orphan), a number stays
on the line of its word, and long words break."""

from __future__ import annotations

import re

import pytest

from pnp.textflow import tie
from tests.textlines import Line, page_lines, running_text

KITS = ("tab", "kesse-rueben", "ludo-cards")
LANGS = ("en", "nl", "de")
PAPERS = ("a4", "letter")
ENDS = (".", ":", "!", "?", ")", "”", "’", "“")


def _columns(path):
    return [col for lines in page_lines(path) for col in running_text(lines)]


def _pitch(col: list[Line]) -> float:
    return min(a.base - b.base for a, b in zip(col, col[1:], strict=False))


def _starts_paragraph(col: list[Line], i: int, pitch: float) -> bool:
    ln = col[i]
    return ln.text.startswith("•") or re.match(r"^\d+\.\s", ln.text) is not None or (
        i > 0 and col[i - 1].base - ln.base > 1.2 * pitch)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kit_id", KITS)
def test_running_text_has_no_runts_widows_or_orphans(rendered, kit_id, lang, paper):
    cols = _columns(rendered(kit_id, lang, paper))
    assert sum(len(c) for c in cols) > 40, "found too little running text to judge"
    problems = []
    for k, col in enumerate(cols):
        pitch = _pitch(col)
        for ln in col:
            if ln.bold:
                continue  # headings
            if len(ln.words) < 2 and not ln.text.endswith("-"):
                problems.append(f"a line of one word: {ln.text!r}")
            if re.fullmatch(r"[(‘'„“]*\d+[.,;:)’'“”]*", ln.text):
                problems.append(f"a lone number: {ln.text!r}")
        # widow: the column's first line closes a paragraph begun in the previous column
        if k > 0 and len(col) > 1 and col[1].base - col[0].base < 0 and not col[0].bold:
            prev = cols[k - 1]
            first_ends = _starts_paragraph(col, 1, pitch) or col[1].bold
            continued = not prev[-1].text.endswith(ENDS)
            if first_ends and continued and not _starts_paragraph(col, 0, pitch):
                problems.append(f"a widow at a column top: {col[0].text!r}")
        # orphan: the column's last line opens a paragraph that goes on
        last = len(col) - 1
        if last > 0 and not col[last].bold and _starts_paragraph(col, last, pitch) \
                and not col[last].text.endswith(ENDS):
            problems.append(f"an orphan at a column foot: {col[last].text!r}")
    assert not problems, problems


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit_id", ("tab", "kesse-rueben"))
def test_long_words_break_at_syllables_or_their_hyphens(rendered, kit_id, paper):
    """German rules in narrow columns: some lines end in a hyphen, and every
    such break leaves at least two letters on the line and three after."""
    broken = 0
    for col in _columns(rendered(kit_id, "de", paper)):
        for a, b in zip(col, col[1:], strict=False):
            if a.text.endswith("-") and a.words[-1][:-1].isalpha():
                broken += 1
                assert len(re.sub(r"\W", "", a.words[-1].split("-")[-2])) >= 2, a.text
                assert len(re.match(r"\w*", b.words[0]).group(0)) >= 3 or b.words[0][0].isupper(), b.text
    assert broken >= 1


@pytest.mark.parametrize("text, tied", [
    ("from row 2 to row 3.", "from row\u00a02\u00a0to row\u00a03."),
    ("measure 50 mm here", "measure\u00a050\u00a0mm here"),
    ("Print at 100 % (actual", "Print at\u00a0100\u00a0% (actual"),
    ("2 players each", "2\u00a0players each"),
    ("bei 2 Spielern je 16 Rüben", "bei\u00a02 Spielern je\u00a016 Rüben"),
    ("z. B. eine", "z.\u00a0B. eine"),
    ("auf Seite 2: klebe", "auf Seite\u00a02: klebe"),
    ("(rij 2)", "(rij\u00a02)"),
    ("Reihe **3**.", "Reihe\u00a0**3**."),
    ("0, 1 or 2", "0, 1\u00a0or\u00a02"),
])
def test_numbers_are_tied_to_their_words(text, tied):
    assert tie(text) == tied


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_number_is_parted_from_its_word_on_the_page(rendered, lang, paper):
    """"row / 2", "Seite / 2", "z. / B.": a line never ends in a word that a
    number on the next line belongs to, nor in "z." before "B."."""
    for kit_id in KITS:
        for col in _columns(rendered(kit_id, lang, paper)):
            for a, b in zip(col, col[1:], strict=False):
                if not a.words or not b.words:
                    continue
                before = a.text.replace("\u00a0", " ")
                tied = tie(before + " " + b.text.replace("\u00a0", " "))
                assert tied[len(before)] == " ", f"{kit_id}: {a.text!r} / {b.text!r}"
