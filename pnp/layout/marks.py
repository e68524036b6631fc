"""Small shared pieces of layout: one-line labels that shrink to fit, and
the symbols that stand beside colour (so colour never carries meaning alone)."""

from __future__ import annotations

from pnp.errors import LayoutError, SpecError
from pnp.geometry import BLACK, RGB, Circle, Rect, Shape, Style, Text, polygon, regular_polygon
from pnp.modes import Anchor, Symbol
from pnp.textflow import Measure

SYMBOLS = tuple(Symbol)


def fitted_text(text: str, font: str, box_w: float, size: float, measure: Measure,
                min_size: float = 4.5) -> tuple[str, float, float]:
    """(text, size, width): the size shrunk in 0.25 pt steps until the line
    fits box_w mm; LayoutError below min_size."""
    s = size
    while s >= min_size - 1e-9:
        w = measure(text, font, s)
        if w <= box_w:
            return text, s, w
        s -= 0.25
    raise LayoutError(f"label {text!r} does not fit {box_w:.1f} mm even at {min_size} pt")


def label(x: float, y: float, text: str, font: str, size: float, measure: Measure, width: float,
          anchor: Anchor = Anchor.MIDDLE, color: RGB = BLACK) -> Text:
    """A one-line label on baseline y, at most `width` mm wide."""
    t, s, w = fitted_text(text, font, width, size, measure)
    return Text(x, y, t, font, s, w, anchor, color)


def cap(text: str) -> str:
    """First letter upper case, the rest as written ("Rote Bete", not "Rote bete")."""
    return text[:1].upper() + text[1:]


def symbol(name: str, cx: float, cy: float, r: float, fill: RGB = BLACK, outline: float = 0.0,
           line: RGB | None = None) -> Shape:
    """A filled symbol of about radius r centred on (cx, cy); with an
    `outline` (mm) its edge is also stroked, in `line` (its fill colour if
    not given): --ink-saver lightens fills and keeps lines, so it stays dark."""
    st = Style(stroke=(line or fill) if outline else None, fill=fill, width=outline or 0.25)
    try:
        which = Symbol(name)
    except ValueError:
        raise SpecError(f"unknown symbol {name!r}; choose from {', '.join(SYMBOLS)}") from None
    if which is Symbol.TRIANGLE:
        return regular_polygon(cx, cy + r * 0.2, r * 1.15, 3, st)
    if which is Symbol.SQUARE:
        return Rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6, st)
    if which is Symbol.CIRCLE:
        return Circle(cx, cy, r * 0.9, st)
    return polygon([(cx, cy - r * 1.1), (cx + r * 0.85, cy), (cx, cy + r * 1.1), (cx - r * 0.85, cy)], st)  # DIAMOND
