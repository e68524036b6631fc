"""No two pieces of text collide on any page, in any language or paper."""

from __future__ import annotations

import pytest

from pnp.geometry import shape_box
from tests.helpers import COMBOS, placed_reading_text


def _boxes(page):
    return [(shape_box(t, m), t.text) for t, m in placed_reading_text(page)]


@pytest.mark.parametrize(("kit_id", "lang", "paper_id"), COMBOS)
def test_no_text_overlaps_other_text(built, kit_id, lang, paper_id):
    options = [{}]
    if kit_id == "ludo-cards":
        options.append({"backs": "duplex-short"})
    for opts in options:
        for page in built(kit_id, lang, paper_id, **opts).pages:
            boxes = _boxes(page)
            clashes = [(a[1], b[1]) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a[0].overlaps(b[0], tol=0.15)]
            assert not clashes, f"{page.label}: text collides: {clashes[:3]}"
