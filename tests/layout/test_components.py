"""The print-shop pieces as page data: the layout itself keeps every text
and symbol 3 mm inside the trim, in every language, and drops the cut lines."""

from __future__ import annotations

import pytest

from pnp.geometry import Rect, walk
from pnp.i18n import load_catalog
from pnp.kits import Context, get_kit
from pnp.layout.components import SAFE_ZONE, components, content_boxes
from pnp.options import Options
from pnp.paper import get_paper


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
@pytest.mark.parametrize("kit_id", ["ludo-cards", "kesse-rueben", "tab"])
def test_text_and_symbols_keep_the_safe_zone_and_no_cut_line_is_left(measure, kit_id: str, lang: str) -> None:
    kit = get_kit(kit_id)
    spec = kit.load_spec()
    sheets = kit.build(Context(Options(lang, get_paper("a4")), load_catalog(kit_id, lang), measure, spec))
    comps = components(kit_id, sheets, spec, 3.0)
    assert comps
    for c in comps:
        t = c.page.trim
        assert t is not None
        for shape, b in content_boxes(c.page.items, c.page.width, c.page.height):
            if not t.contains(b) and isinstance(shape, Rect) and shape.style.fill is not None:
                continue  # a field run on into the bleed
            assert b.x >= t.x + SAFE_ZONE - 1e-6 and b.right <= t.right - SAFE_ZONE + 1e-6, (c.file_part, shape)
            assert b.y >= t.y + SAFE_ZONE - 1e-6 and b.bottom <= t.bottom - SAFE_ZONE + 1e-6, (c.file_part, shape)
        assert not [s for s, _, _ in walk(c.page.items) if getattr(getattr(s, "style", None), "role", "art") != "art"]
