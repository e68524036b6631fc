"""The print-shop pieces as page data: the layout itself keeps every text
and symbol 3 mm inside the trim, in every language, and drops the cut lines."""

from __future__ import annotations

import pytest

from pnp.geometry import Box, Line, Rect, Shape, Style, Text, shape_box, walk
from pnp.i18n import load_catalog
from pnp.kits import Context, get_kit
from pnp.layout.components import components
from pnp.modes import Anchor, Role
from pnp.options import Options
from pnp.paper import get_paper
from tests.helpers import KIT_IDS, LANGS

SAFE_MM = 3.0  # the shops' safe zone: text at least 3 mm inside the cut line (print-facts.md)


def _content(items: tuple[Shape, ...], w: float, h: float) -> list[tuple[Shape, Box]]:
    """Every inked shape of a w x h piece but its frame and rules (a rect or
    line spanning half of it or more), with its page box: what must keep
    the safe zone, seen without the layout's own helpers."""
    out = []
    for s, m, _ in walk(items):
        style = getattr(s, "style", Style(stroke=None, fill=None))
        inked = bool(s.text.strip()) if isinstance(s, Text) else style.stroke is not None or style.fill is not None
        if not inked:
            continue
        b = shape_box(s, m)
        if isinstance(s, Rect | Line) and (b.w >= w / 2 or b.h >= h / 2):
            continue
        out.append((s, b))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_text_and_symbols_keep_the_safe_zone_and_no_cut_line_is_left(measure, kit_id: str, lang: str) -> None:
    kit = get_kit(kit_id)
    spec = kit.load_spec()
    sheets = kit.build(Context(Options(lang, get_paper("a4")), load_catalog(kit_id, lang), measure, spec))
    comps = components(kit, sheets, spec, 3.0)
    assert comps
    for c in comps:
        t = c.page.trim
        assert t is not None
        for shape, b in _content(c.page.items, c.page.width, c.page.height):
            if not t.contains(b) and isinstance(shape, Rect) and shape.style.fill is not None:
                continue  # a field run on into the bleed
            assert b.x >= t.x + SAFE_MM - 1e-6 and b.right <= t.right - SAFE_MM + 1e-6, (c.file_part, shape)
            assert b.y >= t.y + SAFE_MM - 1e-6 and b.bottom <= t.bottom - SAFE_MM + 1e-6, (c.file_part, shape)
        assert not [s for s, _, _ in walk(c.page.items) if getattr(getattr(s, "style", None), "role", "art") != "art"]


@pytest.mark.parametrize("preset", ["poker-us", "drivethrucards", "poker-eu"])
def test_a_preset_scales_the_cards_to_its_trim_and_keeps_its_safe_zone(measure, preset: str) -> None:
    from pnp.presets import get_preset

    p = get_preset(preset)
    kit = get_kit("ludo-cards")
    spec = kit.load_spec()
    sheets = kit.build(Context(Options("en", get_paper("letter"), players=2), load_catalog(kit.id, "en"), measure, spec))
    comps = components(kit, sheets, spec, p.bleed, p)
    assert len(comps) == 2 * 2 * len(spec.values) * spec.stack_height
    for c in comps:
        t = c.page.trim
        assert t is not None and (t.w, t.h) == pytest.approx(p.trim) and t.x == pytest.approx(p.bleed)
        for shape, b in _content(c.page.items, c.page.width, c.page.height):
            if not t.contains(b) and isinstance(shape, Rect) and shape.style.fill is not None:
                continue
            assert t.inset(p.safe - 1e-6).contains(b), (c.file_part, shape)
    sides = [c.side for c in comps[:4]]
    assert sides == (["back", "front"] * 2 if p.order == "back-front" else ["front", "back"] * 2)


def test_a_label_nearer_the_trim_than_the_safe_zone_is_an_error_not_a_shrink() -> None:
    """The print-shop piece is the kit's piece at full size: art whose text
    comes within the safe zone is refused (move the label in the kit's
    art), never scaled down to fit."""
    from pnp.errors import LayoutError
    from pnp.geometry import Box, Style, Text
    from pnp.layout.components import Raw, finish

    cut = Rect(0, 0, 20, 20, Style(role=Role.CUT))
    near = Text(10, 19.0, "Carrot", "Sans-Bold", 6, 10.0, Anchor.MIDDLE)  # its descent 1 mm from the bottom trim
    with pytest.raises(LayoutError, match="from the trim"):
        finish(Raw("token", "", (cut, near), Box(0, 0, 20, 20)), 3.0, SAFE_MM)
    clear = Text(10, 15.0, "Carrot", "Sans-Bold", 6, 10.0, Anchor.MIDDLE)
    page = finish(Raw("token", "", (cut, clear), Box(0, 0, 20, 20)), 3.0, SAFE_MM).page
    (g,) = page.items
    assert g.scale == 1.0 and [s for s in walk(page.items) if s[0] == clear], "the art as the kit drew it"
