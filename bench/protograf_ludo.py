"""The Ludo deck drawn with protograf (https://pypi.org/project/protograf/),
for a paired comparison in `make bench`. Not a pnp dependency: bench.py
runs this only where protograf is importable and says so when it is not.

    python bench/protograf_ludo.py OUT.pdf

96 poker cards (4 colours x 4 die values x 6 stack heights), each with a
coloured frame and band, the colour's name, a die face with its pips, the
stack height in a disc and a row of six pawn positions; the same game
content as pnp's card fronts, drawn the way a protograf script draws it
(protograf lays the cards out on its own pages; units are cm).
"""

from __future__ import annotations

import os
import sys

COLOURS = [("RED", "#D55E00"), ("BLUE", "#0072B2"), ("YELLOW", "#F0E442"), ("GREEN", "#009E73")]
PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)]}


def main(out: str) -> int:
    from protograf import Card, Create, Deck, Save, circle, dot, rectangle, text

    os.chdir(os.path.dirname(os.path.abspath(out)) or ".")
    sys.argv = sys.argv[:1]  # protograf reads options of its own from the command line
    Create(filename=os.path.basename(out), margin=1.0)
    Deck(cards=96, card_size="poker")
    n = 0
    for name, hexc in COLOURS:
        for value in (1, 2, 3, 4):
            for k in range(1, 7):
                n += 1
                parts = [
                    rectangle(x=0.25, y=0.25, width=5.85, height=8.39, stroke=hexc, stroke_width=3, rounding=0.3),
                    rectangle(x=0.25, y=0.25, width=5.85, height=1.2, fill=hexc, stroke=None, rounding=0.3),
                    text(text=name, x=2.8, y=1.0, font_size=12, stroke="white"),
                    rectangle(x=0.8, y=2.1, width=2.4, height=2.4, stroke="black", stroke_width=2, rounding=0.36),
                    circle(cx=4.7, cy=3.3, radius=1.05, stroke="black", stroke_width=2, fill="white"),
                    text(text=str(k), x=4.7, y=3.6, font_size=26),
                    text(text=f"{name.lower()} {value} - card {k} of 6", x=3.17, y=8.2, font_size=6.5),
                ]
                parts += [dot(x=2.0 + px * 0.65, y=3.3 + py * 0.65, dot_width=12, fill="black") for px, py in PIPS[value]]
                for i in range(6):
                    parts.append(circle(cx=0.95 + i * 0.89, cy=7.1, radius=0.3, stroke="black",
                                        fill=hexc if i < k else "white"))
                Card(str(n), *parts)
    Save()
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
