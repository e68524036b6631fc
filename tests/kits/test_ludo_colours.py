"""The Ludo colours: named as they look, and apart for colour-blind players.

Colour-vision deficiency is simulated with the matrices of Machado, Oliveira
and Fernandes, "A Physiologically-based Model for Simulation of Color Vision
Deficiency", IEEE TVCG 15(6), 2009, table of severity 1.0 (dichromacy), which
the authors publish for linear RGB. Lightness is CIE L* of the result, hue
the CIE LCh(ab) hue angle, both with the sRGB / D65 formulas.
"""

from __future__ import annotations

import itertools
import math

import pytest

from pnp.kits.ludo_cards import load_spec

RGB = tuple[float, float, float]

MACHADO_2009 = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
    "normal vision": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
}

# Pairs closer than this in L* are easy to confuse; 10 is a clearly visible
# step (the grey scale of a printer's test chart steps about 10 L*).
MIN_DELTA_L = 10.0


def linear(rgb: RGB) -> RGB:
    def f(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    return (f(rgb[0]), f(rgb[1]), f(rgb[2]))


def simulate(rgb: RGB, kind: str) -> RGB:
    """Linear RGB as seen with the deficiency, clipped to the gamut."""
    lin = linear(rgb)
    m = MACHADO_2009[kind]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return (min(max(out[0], 0.0), 1.0), min(max(out[1], 0.0), 1.0), min(max(out[2], 0.0), 1.0))


def lab(lin: RGB) -> tuple[float, float, float]:
    r, g, b = lin
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_the_formulas_give_known_values():
    # sRGB white is L* 100, mid grey #777777 is L* 50.0, pure red hue 40 degrees
    assert lab(linear((1.0, 1.0, 1.0)))[0] == pytest.approx(100.0, abs=0.01)
    assert lab(linear((0x77 / 255,) * 3))[0] == pytest.approx(50.0, abs=0.1)
    _, a, b = lab(linear((1.0, 0.0, 0.0)))
    assert math.degrees(math.atan2(b, a)) == pytest.approx(40.0, abs=0.5)
    # a dichromat sees red and green of equal lightness as nearly the same colour
    red, green = simulate((1.0, 0.0, 0.0), "deuteranopia"), simulate((0.0, 0.5, 0.0), "deuteranopia")
    assert math.dist(lab(red), lab(green)) < 0.5 * math.dist(lab(linear((1.0, 0.0, 0.0))), lab(linear((0.0, 0.5, 0.0))))


# CIE LCh hue angles (degrees) inside which people name the colour; an
# orange such as Okabe-Ito vermillion (#D55E00, 53 degrees) is not "red".
HUES = {"red": (20.0, 45.0), "yellow": (80.0, 105.0), "green": (115.0, 150.0), "blue": (260.0, 310.0)}


def test_the_colours_read_as_their_names():
    spec = load_spec()
    assert sorted(c.id for c in spec.colours) == sorted(HUES)
    for c in spec.colours:
        _, a, b = lab(linear(c.rgb))
        hue = math.degrees(math.atan2(b, a)) % 360
        lo, hi = HUES[c.id]
        assert lo <= hue <= hi, f"{c.id} {c.rgb} has hue {hue:.0f} degrees"
        assert math.hypot(a, b) > 40, f"{c.id} is too grey to be named"


@pytest.mark.parametrize("kind", list(MACHADO_2009))
def test_every_pair_stays_apart_in_lightness_under_simulated_colour_blindness(kind):
    spec = load_spec()
    for p, q in itertools.combinations(spec.colours, 2):
        lp, lq = lab(simulate(p.rgb, kind))[0], lab(simulate(q.rgb, kind))[0]
        assert abs(lp - lq) >= MIN_DELTA_L, f"{kind}: {p.id} L*{lp:.1f} and {q.id} L*{lq:.1f}"


def test_every_colour_has_a_symbol_of_its_own():
    spec = load_spec()
    symbols = [c.symbol for c in spec.colours]
    assert len(set(symbols)) == len(symbols)


def test_the_ink_on_each_colour_is_legible():
    """Text on a card: the ink at least 3:1 against its colour (WCAG large text)."""
    spec = load_spec()
    for c in spec.colours:
        ys = [0.2126 * r + 0.7152 * g + 0.0722 * b for r, g, b in (linear(c.rgb), linear(c.ink))]
        ratio = (max(ys) + 0.05) / (min(ys) + 0.05)
        assert ratio >= 3.0, f"{c.id}: ink contrast {ratio:.1f}"
