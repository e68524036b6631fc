"""Ur, the native17 readers' wording, read from the rendered PDF in every
paper: Dutch throws land "in het deksel van een doos", not in the unusual
"dozendeksel" (native17-nl 9); the German quick references say how a new
piece comes on as "(bei einer 3 auf Feld 3)", the parenthesis whole on one
line (native17-de 14: "(eine 3: | Feld 3)" on Letter)."""

from __future__ import annotations

import pytest

from tests.datakit.test_ur_round10 import pages_text, squash
from tests.helpers import PAPER_IDS
from tests.textlines import page_lines

LID_NL = "het liefst in het deksel van een doos"
NEW_PIECE_DE = "(bei einer 3 auf Feld 3)"


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_ur_dutch_box_lid(rendered, paper):
    text = "".join(pages_text(rendered("ur", "nl", paper)))
    assert squash(LID_NL) in text, f"nl {paper}: {LID_NL!r}"
    assert "dozendeksel" not in text, f"nl {paper}: 'dozendeksel' left"


@pytest.mark.parametrize("paper", PAPER_IDS)
def test_ur_german_new_piece_whole_on_a_line(rendered, paper):
    third = page_lines(rendered("ur", "de", paper))[2]
    whole = [ln for ln in third if squash(NEW_PIECE_DE) in squash(ln.text)]
    assert len(whole) == 2, f"de {paper}: {len(whole)} of the 2 quick references hold {NEW_PIECE_DE!r} on one line"
