"""Ludo, round 18, read from the rendered PDF in every language and paper:
the guide suggests a first run of the alignment test on plain paper (card is
hard to see through, hobby17b Ludo 3); the house rule of an extra throw on
every 6 asks the players to agree on it before play (hobby17b Ludo 4); the
stack a new stack captures is named by its stack number, not a "number"
(DE "Zahl") now that every card carries a big number; and the paragraphs a
native reader saw end short (native16-de 9, native16-nl 6) run on: no line
of theirs ends where the next line's first word would have fitted."""

from __future__ import annotations

import pytest

from pnp.textflow import tie
from tests.helpers import LANGS, PAPER_IDS
from tests.kits.test_ludo_round12 import page_text, squash
from tests.kits.test_ludo_round13 import QUICK
from tests.textlines import Line, page_lines

PLAIN = {"en": "Try it on plain paper first, with the same settings: card is hard to see through.",
         "nl": "Probeer hem eerst op gewoon papier, met dezelfde instellingen: door karton zie je slecht heen.",
         "de": "Probiere ihn zuerst auf normalem Papier mit denselben Einstellungen: Durch Karton sieht man schlecht hindurch."}
AGREE = {"en": "Agree before play whether you use it.", "nl": "Spreek vóór het spel af of je hem gebruikt.",
         "de": "Vereinbart vor dem Spiel, ob ihr sie verwendet."}
# the capture in the quick references (ours in every language) and in the rules (ours in NL and DE; EN keeps seed 003)
STACK = {"en": "another player’s stack with the same stack number", "nl": "de stapel met hetzelfde stapelnummer",
         "de": "der Stapel eines anderen Spielers mit derselben Stapelnummer"}
VAGUE = {"en": "stack with the same number sends", "nl": "hetzelfde nummer", "de": "derselben Zahl"}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_plain_paper_first_agree_on_the_six_stack_number(rendered, lang, paper):
    """(Page 2's three quick references have page 4's words: test_ludo_round13.)"""
    pages = page_lines(rendered("ludo-cards", lang, paper))
    top = max(ln.base for ln in pages[1] if squash(ln.text) == squash(QUICK[lang]))
    rules = page_text([ln for ln in pages[1] if ln.base > top + 0.5])  # page 2 above its quick references
    guide, die = page_text(pages[2]), page_text(pages[3])
    assert squash(PLAIN[lang]) in guide, f"{lang} {paper}: the guide suggests a first test run on plain paper"
    assert squash(AGREE[lang]) in rules, f"{lang} {paper}: page 2 asks to agree on the extra throw before play"
    assert squash(STACK[lang]) in die, f"{lang} {paper}: the quick reference names the stack number"
    if lang != "en":  # EN's rules keep seed 003's "with the same number"
        assert squash(STACK[lang]) in rules, f"{lang} {paper}: the rules name the stack number"
    for text in (rules, die):
        assert squash(VAGUE[lang]) not in text, f"{lang} {paper}: {VAGUE[lang]!r} left"


def _ends_early(para: list[Line], measure_right: float) -> list[str]:
    """Each line of a paragraph (not its last) that ends where the next
    line's first word, with a space, would have fitted before `measure_right`.
    A word the text keeps with the next (pnp.textflow.tie: "eine 3,") moves
    with it, so the two are measured together."""
    wrong = []
    for a, b in zip(para, para[1:], strict=False):
        chars = [c for c in b.chars if c[0] not in " \u00a0•"]
        tied = tie(b.text.replace("\u00a0", " ").lstrip("• ")).split(" ")[0]
        word = tied.replace("\u00a0", "")
        if len(chars) < len(word):
            continue
        need = 0.28 * a.size + chars[len(word) - 1][2] - chars[0][1]
        if a.right + need < measure_right - 0.3:
            wrong.append(f"'…{a.text[-25:]}' | '{word}' ({measure_right - a.right:.1f} pt free, {need:.1f} needed)")
    return wrong


def _paragraph(lines: list[Line], first: Line, end: str) -> list[Line]:
    col = sorted((ln for ln in lines if abs(ln.x - first.x) < 15 and ln.base <= first.base + 0.1
                  and abs(ln.size - first.size) < 0.05), key=lambda ln: -ln.base)
    out = []
    for ln in col:
        out.append(ln)
        if end in ln.text.replace("\u00a0", " "):
            return out
    raise AssertionError(f"no end {end!r} under {first.text!r}")


# (page, where: "rules" above the quick references or "quick" in them, first words, last words)
SHORT = {"de": [(2, "rules", "Nicht in den Originalregeln; unser Hinweis: Eine Karte", "(„zählt 3“)."),
                (2, "rules", "Hat ein Spieler nur die ersten Karten der Stapel 2 und 4", "vorbei.")],
         "nl": [(2, "quick", "Bijleggen:", "stapel 3)."), (4, "quick", "Bijleggen:", "stapel 3).")]}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", sorted(SHORT))
def test_ludo_paragraphs_a_native_reader_saw_end_short_run_on(rendered, lang, paper):
    pages = page_lines(rendered("ludo-cards", lang, paper))
    seen = 0
    for number, where, start, end in SHORT[lang]:
        lines = pages[number - 1]
        heads = [ln for ln in lines if squash(ln.text) == squash(QUICK[lang])]
        top = max(h.base for h in heads)
        for first in (ln for ln in lines if ln.text.replace("\u00a0", " ").lstrip("• ").startswith(start)):
            inside = first.base < top if where == "quick" else first.base > top
            if not inside:
                continue
            region = [ln for ln in lines if abs(ln.x - first.x) < 15 and (ln.base < top) == (where == "quick")
                      and ln.right < first.x + (first.right - first.x) * 1.6]
            wrong = _ends_early(_paragraph(lines, first, end), max(ln.right for ln in region))
            assert not wrong, f"{lang} {paper} p{number}: {start!r} ends a line short: {wrong}"
            seen += 1
    want = sum(1 if where == "rules" else (3 if number == 2 else 1) for number, where, _, _ in SHORT[lang])
    assert seen == want, f"{lang} {paper}: {seen} of the {want} paragraphs read"
