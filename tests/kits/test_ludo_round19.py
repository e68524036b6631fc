"""Ludo, round 19 (hobby19b Ludo 1-3), read from the rendered PDF in every
language and paper: right after the original's example "only stacks 2 and
4 laid out, a 1 or a 3: his turn is over" (seed 003, kept) comes our note
that he cannot add but may still lay out the first card of stack 1 or 3,
as the lay-out rule says; every card says beside its die what it is worth
("worth 3"), so that no one adds up the big numbers, and the rules' note
points to it; our tips on beating stand under a heading of their own, not
alone at the top of a column cut off from "Beating"."""

from __future__ import annotations

import pypdfium2.raw as c
import pytest

from tests.helpers import LANGS, PAPER_IDS
from tests.kits.test_ludo_printed import die_faces, page_objects
from tests.kits.test_ludo_round12 import MARK, page_text, squash
from tests.kits.test_ludo_round13 import QUICK
from tests.textlines import page_lines

LUDO = "ludo-cards"
EXAMPLE = {"en": "If a player has only laid out the first cards from stacks 2 and 4 and then throws a 1 or a 3, then he "
                 "cannot add cards with the exact number of eyes thrown and his turn is over.",
           "nl": "Heeft een speler alleen de eerste kaarten van stapel 2 en 4 uitgelegd en gooit hij daarna een 1 of een "
                 "3, dan kan hij geen kaarten bijleggen met precies het gegooide aantal ogen en is zijn beurt voorbij.",
           "de": "Hat ein Spieler nur die ersten Karten der Stapel 2 und 4 ausgelegt und würfelt dann eine 1 oder eine 3, "
                 "kann er keine Karten mit genau dieser Augenzahl anlegen, und sein Zug ist vorbei."}
LAY_OUT = {"en": "Not in the original rules; our note: he cannot add, but he may still lay out the first card of stack "
                 "1 or 3 instead.",
           "nl": "Niet in de oorspronkelijke regels; onze toelichting: bijleggen kan hij niet, maar hij mag wel de eerste "
                 "kaart van stapel 1 of 3 uitleggen.",
           "de": "Nicht in den Originalregeln; unser Hinweis: Er darf aber noch die erste Karte von Stapel 1 oder 3 "
                 "auslegen."}
WORTH = {"en": "worth {v}", "nl": "waard {v}", "de": "zählt {v}"}
WORTH_NOTE = {"en": "as it says beside the die (‘worth 3’)", "nl": "zoals ernaast staat (‘waard 3’)",
              "de": "so steht es auch neben dem Würfel („zählt 3“)"}
WORTH_PT = 7.0  # the worth's type size at least
TIPS = {"en": "Our tips on beating", "nl": "Onze tips bij het slaan", "de": "Unsere Tipps zum Schlagen"}


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_the_stacks_2_and_4_example_is_followed_by_our_note(rendered, lang, paper):
    pages = page_lines(rendered(LUDO, lang, paper))
    top = max(ln.base for ln in pages[1] if squash(ln.text) == squash(QUICK[lang]))
    rules = page_text([ln for ln in pages[1] if ln.base > top + 0.5])  # page 2 above its quick references
    assert squash(EXAMPLE[lang] + LAY_OUT[lang]) in rules, \
        f"{lang} {paper}: the original's example, then our note that a 1 or a 3 still lays out a first card"
    assert squash(WORTH_NOTE[lang]) in rules, f"{lang} {paper}: the rules point to the worth printed on the card"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_every_card_says_what_it_is_worth_beside_its_die(rendered, lang, paper):
    """One text on each card reads "worth v" for its die's v, at 7 pt or
    more, on the die's line and to its right, inside the card."""
    n = 0
    for objs in page_objects(rendered(LUDO, lang, paper)):
        cards: dict[str, list] = {}
        for o in objs:
            if o.owner is not None and o.owner[0] == "card":
                cards.setdefault(o.owner[1], []).append(o)
        for value, mine in cards.items():
            _colour, v, _k = value.split("-")
            (face,) = die_faces(mine)
            texts = [o for o in mine if o.type == c.FPDF_PAGEOBJ_TEXT]
            worth = [o for o in texts if o.text.strip() == WORTH[lang].format(v=v)]
            assert len(worth) == 1, (value, [o.text for o in texts])
            (w,) = worth
            assert w.size >= WORTH_PT - 0.05, (value, w.size)
            assert face.y0 < w.box.cy < face.y1 and w.box.x0 > face.x1, (value, w.box, face)
            card = (min(o.box.x0 for o in mine), max(o.box.x1 for o in mine))
            assert w.box.x1 <= card[1] and w.box.x0 >= card[0], (value, w.box, card)
            n += 1
    assert n == 96, f"{lang} {paper}: {n} cards read"


@pytest.mark.parametrize("paper", PAPER_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_ludo_our_tips_on_beating_stand_under_their_heading(rendered, lang, paper):
    """The line right above the tips' first line, in its column, is their
    own heading: they do not start a column alone, away from "Beating"."""
    lines = page_lines(rendered(LUDO, lang, paper))[1]
    (first,) = [ln for ln in lines if squash(ln.text).startswith(squash(MARK[lang]))]
    above = [ln for ln in lines if abs(ln.x - first.x) < 15 and ln.base > first.base + 0.1]
    assert above, f"{lang} {paper}: the tips start a column alone"
    head = min(above, key=lambda ln: ln.base)
    assert head.bold and squash(head.text) == squash(TIPS[lang]), f"{lang} {paper}: above the tips: {head.text!r}"
