"""The floor for the Ludo deck: the same pages drawn with bare reportlab.

pnp's own render of `ludo-cards` (one language, one paper) is 27 landscape
pages: 1 rules page, 2 alignment pages (front and back), and for each of the
4 colours x 24 cards at 8 per sheet, 3 front sheets and 3 back sheets
(4 x 3 x 2 = 24). Rather than hard-code those numbers, the floor asks pnp
for them, in two steps:

  census OPS.json [--lang en] [--paper a4] [--players N]
      imports pnp, builds the real pages (no PDF), and writes every shape as
      a plain drawing operation: the same rects, rounded rects, lines,
      circles, paths (segment for segment) and text runs (the same strings
      in the same fonts and sizes), page for page, in the same local
      millimetre coordinates (a card is drawn at its own origin and moved
      there, as anyone would write it by hand; absolute coordinates would
      make reportlab print longer numbers, a slower and bigger file).
      Untimed: bench.py runs it once.

  draw OPS.json OUT.pdf
      imports only reportlab, registers the same DejaVu TTFs from fonts/,
      and replays the operations with direct canvas calls into a Canvas
      made with pnp's options (invariant, page compression): no shape
      classes, no layout, no margin checks, no marked-content tags, and
      colours, line widths, dashes and fonts set only when they change.
      This is the process bench.py times.

With one argument (OUT.pdf) it does both in one process, for a quick look.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MM = 72 / 25.4  # points per millimetre


# ---- census (imports pnp; not timed) ----------------------------------------

class _Census:
    """One page's shapes as canvas ops, with the graphics state as set so
    far (per saveState level), so no op repeats what is already set."""

    def __init__(self, counts: dict, fonts: set[str], kinds: tuple, pt: float) -> None:
        self.counts, self.fonts, self.pt = counts, fonts, pt
        self.Circle, self.Group, self.Line, self.Path, self.Rect, self.Text = kinds
        self.ops: list[list] = []
        self.stack: list[dict[str, object]] = [{}]

    def state(self, key: str, value: object, op: list) -> None:
        if self.stack[-1].get(key) != value:
            self.stack[-1][key] = value
            self.ops.append(op)

    def paint(self, style) -> tuple[int, int]:  # noqa: ANN001 - a pnp Style
        if style.stroke is not None:
            self.state("stroke", style.stroke, ["stroke", *style.stroke])
            self.state("lw", style.width, ["lw", style.width])
            dash = list(style.dash) if style.dash else []
            self.state("dash", dash, ["dash", dash])
        if style.fill is not None:
            self.state("fill", style.fill, ["fill", *style.fill])
        return int(style.stroke is not None), int(style.fill is not None)

    def emit(self, items) -> None:  # noqa: ANN001 - pnp shapes
        for s in items:
            if isinstance(s, self.Group):
                self.group(s)
            elif isinstance(s, self.Text):
                self.text(s)
            elif isinstance(s, self.Line):
                if s.style.stroke is not None:
                    self.paint(s.style)
                    self.counts["line"] += 1
                    self.ops.append(["line", s.x1, s.y1, s.x2, s.y2])
            elif isinstance(s, self.Rect | self.Circle | self.Path):
                if s.style.stroke is not None or s.style.fill is not None:
                    self.filled(s)
            else:
                raise TypeError(type(s).__name__)

    def group(self, s) -> None:  # noqa: ANN001
        self.counts["group"] += 1
        self.ops.append(["push", s.dx, s.dy, s.rotate, s.scale])
        self.stack.append(dict(self.stack[-1]))
        self.emit(s.items)
        self.stack.pop()
        self.ops.append(["pop"])

    def text(self, s) -> None:  # noqa: ANN001
        self.state("fill", s.color, ["fill", *s.color])
        self.state("font", (s.font, s.size), ["font", s.font, s.size * self.pt])
        self.fonts.add(s.font)
        self.counts["text"] += 1
        self.counts["text_chars"] += len(s.text)
        self.ops.append(["text", s.x, s.y, s.text, s.anchor])

    def filled(self, s) -> None:  # noqa: ANN001 - a rect, circle or path with ink
        st, fi = self.paint(s.style)
        if isinstance(s, self.Rect) and s.radius:
            self.counts["rrect"] += 1
            self.ops.append(["rrect", s.x, s.y, s.w, s.h, s.radius, st, fi])
        elif isinstance(s, self.Rect):
            self.counts["rect"] += 1
            self.ops.append(["rect", s.x, s.y, s.w, s.h, st, fi])
        elif isinstance(s, self.Circle):
            self.counts["circle"] += 1
            self.ops.append(["circle", s.cx, s.cy, s.r, st, fi])
        else:
            self.counts["path"] += 1
            self.counts["path_segments"] += len(s.cmds)
            self.ops.append(["path", [list(cmd) for cmd in s.cmds], st, fi])


def census(lang: str = "en", paper: str = "a4", players: int | None = None) -> dict:
    sys.path.insert(0, str(ROOT))
    from pnp.build import build_pages
    from pnp.fonts import FONT_FILES, Measurer
    from pnp.geometry import PT, Circle, Group, Line, Path, Rect, Text
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.paper import get_paper
    from pnp.paths import FONTS

    built = build_pages(get_kit("ludo-cards"), Options(lang, get_paper(paper), players), Measurer())
    counts = {"pages": len(built.pages), "rect": 0, "rrect": 0, "line": 0, "circle": 0, "path": 0,
              "path_segments": 0, "text": 0, "text_chars": 0, "group": 0}
    fonts: set[str] = set()
    pages = []
    for page in built.pages:
        walker = _Census(counts, fonts, (Circle, Group, Line, Path, Rect, Text), PT)
        walker.emit(page.items)
        pages.append({"size": [page.width * MM, page.height * MM], "label": page.label, "ops": walker.ops})
    return {
        "kit": "ludo-cards", "lang": lang, "paper": paper, "players": players,
        "fonts": {name: str(FONTS / FONT_FILES[name]) for name in sorted(fonts)},
        "counts": counts,
        "pages": pages,
    }


# ---- draw (bare reportlab; this is what is timed) -----------------------------

def draw(data: dict, out: str) -> int:  # noqa: C901 - one flat loop on purpose: the floor; see below
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    # The ops are dispatched by one if-chain, not a table of small functions:
    # a call per op costs the floor about 7 % (measured), which would flatter pnp.
    for name, file in data["fonts"].items():
        pdfmetrics.registerFont(TTFont(name, file))
    c = Canvas(out, invariant=1, pageCompression=1)
    c.setTitle("Ludo card game (floor)")
    for page in data["pages"]:
        w, h = page["size"]
        c.setPageSize((w, h))
        c.transform(MM, 0, 0, -MM, 0, h)  # mm, y down, as pnp's layout
        for op in page["ops"]:
            kind = op[0]
            if kind == "circle":
                c.circle(op[1], op[2], op[3], stroke=op[4], fill=op[5])
            elif kind == "rrect":
                c.roundRect(op[1], op[2], op[3], op[4], op[5], stroke=op[6], fill=op[7])
            elif kind == "rect":
                c.rect(op[1], op[2], op[3], op[4], stroke=op[5], fill=op[6])
            elif kind == "line":
                c.line(op[1], op[2], op[3], op[4])
            elif kind == "path":
                p = c.beginPath()
                for seg in op[1]:
                    if seg[0] == "M":
                        p.moveTo(seg[1], seg[2])
                    elif seg[0] == "L":
                        p.lineTo(seg[1], seg[2])
                    elif seg[0] == "C":
                        p.curveTo(seg[1], seg[2], seg[3], seg[4], seg[5], seg[6])
                    else:
                        p.close()
                c.drawPath(p, stroke=op[2], fill=op[3], fillMode=0)
            elif kind == "text":  # upright again: y up at the baseline point
                c.saveState()
                c.transform(1, 0, 0, -1, op[1], op[2])
                if op[4] == "middle":
                    c.drawCentredString(0, 0, op[3])
                elif op[4] == "end":
                    c.drawRightString(0, 0, op[3])
                else:
                    c.drawString(0, 0, op[3])
                c.restoreState()
            elif kind == "push":
                c.saveState()
                if op[1] or op[2]:
                    c.translate(op[1], op[2])
                if op[3]:
                    c.rotate(op[3])
                if op[4] != 1.0:
                    c.scale(op[4], op[4])
            elif kind == "pop":
                c.restoreState()
            elif kind == "fill":
                c.setFillColorRGB(op[1], op[2], op[3])
            elif kind == "stroke":
                c.setStrokeColorRGB(op[1], op[2], op[3])
            elif kind == "lw":
                c.setLineWidth(op[1])
            elif kind == "dash":
                c.setDash(op[1], 0)
            elif kind == "font":
                c.setFont(op[1], op[2])
        c.showPage()
    c.save()
    return len(data["pages"])


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "census":
        opts = {"--lang": "en", "--paper": "a4", "--players": None}
        rest = argv[2:]
        for i in range(0, len(rest) - 1, 2):
            opts[rest[i]] = rest[i + 1]
        players = int(opts["--players"]) if opts["--players"] else None
        data = census(opts["--lang"], opts["--paper"], players)
        Path(argv[1]).write_text(json.dumps(data))
        print(json.dumps(data["counts"]))
        return 0
    if len(argv) == 3 and argv[0] == "draw":
        draw(json.loads(Path(argv[1]).read_text()), argv[2])
        return 0
    if len(argv) == 1 and not argv[0].startswith("-"):
        data = census()
        n = draw(data, argv[0])
        print(f"{argv[0]}: {n} pages; {json.dumps(data['counts'])}")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
