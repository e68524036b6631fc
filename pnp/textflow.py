"""Flowing structured text (headings, paragraphs, lists) into boxes.

Pure layout: it is given a measurer and returns Text shapes in mm. Rule
texts are lists of blocks in a small syntax: "## " heading, "- " bullet,
"1. " numbered item, "[[diagram:NAME]]" a picture drawn by the kit, anything
else a paragraph; inline **bold** and *italic*. `fit` looks for the largest
type size, within limits, at which everything fits; when even the smallest
does not, it raises LayoutError instead of losing text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pnp.errors import LayoutError
from pnp.geometry import ASCENT, BLACK, PT, RGB, Box, Shape, Text


class Measure(Protocol):
    """What layout is given to know the size of text (pnp.fonts.Measurer)."""

    def __call__(self, text: str, font: str, size: float, /) -> float:
        """The advance width of a line of text in mm."""
        ...

    def ink(self, text: str, font: str, size: float, /) -> tuple[float, float, float, float] | None:
        """The box its glyph outlines cover, mm from the baseline start, y down."""
        ...

DiagramFn = Callable[[Box], tuple[Shape, ...]]

FONTS = {
    (False, False): "Sans",
    (True, False): "Sans-Bold",
    (False, True): "Sans-Italic",
    (True, True): "Sans-BoldItalic",
}


@dataclass(frozen=True)
class Run:
    text: str
    bold: bool = False
    italic: bool = False

    @property
    def font(self) -> str:
        return FONTS[(self.bold, self.italic)]


@dataclass(frozen=True)
class Block:
    kind: str  # "h", "p", "li", "ol", "diagram"
    runs: tuple[Run, ...] = ()
    marker: str = ""
    name: str = ""  # diagram name


_INLINE = re.compile(r"(\*\*.+?\*\*|\*[^*\s][^*]*?\*)")


def parse_inline(text: str, bold: bool = False) -> tuple[Run, ...]:
    runs: list[Run] = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            runs.append(Run(part[2:-2], True, False))
        elif part.startswith("*") and part.endswith("*") and len(part) > 2:
            runs.append(Run(part[1:-1], bold, True))
        else:
            runs.append(Run(part, bold, False))
    return tuple(runs)


_NUMBERED = re.compile(r"^(\d+[.)])\s+(.*)$", re.S)
_DIAGRAM = re.compile(r"^\[\[diagram:([a-z_]+)\]\]$")


def parse_block(text: str) -> Block:
    if m := _DIAGRAM.match(text.strip()):
        return Block("diagram", name=m.group(1))
    if text.startswith("## "):
        return Block("h", parse_inline(text[3:], bold=True))
    if text.startswith("- "):
        return Block("li", parse_inline(text[2:]), marker="•")
    if m := _NUMBERED.match(text):
        return Block("ol", parse_inline(m.group(2)), marker=m.group(1))
    return Block("p", parse_inline(text))


def parse_blocks(texts: Sequence[str]) -> list[Block]:
    return [parse_block(t) for t in texts]


def plain(block: Block) -> str:
    return "".join(r.text for r in block.runs)


@dataclass(frozen=True)
class FlowStyle:
    leading: float = 1.22  # line height / type size
    heading_scale: float = 1.15
    gap: float = 0.35  # space after a paragraph, in lines
    heading_gap: float = 0.6  # space before a heading, in lines
    indent: float = 1.6  # hanging indent of list items, in type sizes
    color: RGB = BLACK


# A word is a list of (text, font) pieces with no space between them.
Word = list[tuple[str, str]]


def _words(runs: Sequence[Run]) -> list[Word]:
    words: list[Word] = []
    current: Word = []
    for run in runs:
        parts = re.split(r"([ \t\n]+)", run.text)
        for part in parts:
            if not part:
                continue
            if part.strip(" \t\n") == "":
                if current:
                    words.append(current)
                    current = []
            else:
                current.append((part, run.font))
    if current:
        words.append(current)
    return words


def wrap(runs: Sequence[Run], width: float, size: float, measure: Measure) -> list[list[Word]]:
    """Greedy line breaking; a word wider than the line gets a line of its own
    (and the caller's overflow check catches it)."""
    space = measure(" ", "Sans", size)
    lines: list[list[Word]] = []
    line: list[Word] = []
    used = 0.0
    for word in _words(runs):
        w = sum(measure(t, f, size) for t, f in word)
        if line and used + space + w > width + 1e-9:
            lines.append(line)
            line, used = [], 0.0
        used += (space if line else 0.0) + w
        line.append(word)
    if line:
        lines.append(line)
    return lines


def line_shapes(line: list[Word], x: float, y: float, size: float, measure: Measure, color: RGB) -> tuple[list[Text], float]:
    """Text runs for one line starting at x on baseline y: consecutive
    pieces in the same font become one run (spaces included)."""
    pieces: list[tuple[str, str]] = []
    for i, word in enumerate(line):
        for j, (t, f) in enumerate(word):
            if i > 0 and j == 0:
                t = " " + t
            if pieces and pieces[-1][1] == f:
                pieces[-1] = (pieces[-1][0] + t, f)
            else:
                pieces.append((t, f))
    out: list[Text] = []
    # A glyph whose outline starts left of its origin (DejaVu's "J", "j",
    # "T") would ink outside the box: the line starts that much further in.
    ink = measure.ink(*pieces[0], size) if pieces else None
    x0 = x - min(0.0, ink[0]) if ink else x
    cx = x0
    for t, f in pieces:
        w = measure(t, f, size)
        out.append(Text(cx, y, t, f, size, w, color=color))
        cx += w
    return out, cx - x0


class Overflow(LayoutError):
    pass


def flow(
    blocks: Sequence[Block],
    columns: Sequence[Box],
    size: float,
    measure: Measure,
    diagrams: dict[str, tuple[float, DiagramFn]] | None = None,
    style: FlowStyle = FlowStyle(),
) -> list[list[Shape]]:
    """Lay the blocks into the columns in order at one type size, or raise
    Overflow if they do not all fit. Returns the shapes of each column."""
    diagrams = diagrams or {}
    per_col: list[list[Shape]] = [[] for _ in columns]
    col = 0
    if not columns:
        raise Overflow("no room for text")
    y = columns[0].y
    line_h = size * style.leading * PT

    def next_column() -> None:
        nonlocal col, y
        col += 1
        if col >= len(columns):
            raise Overflow(f"text does not fit at {size} pt")
        y = columns[col].y

    for bi, block in enumerate(blocks):
        box = columns[col]
        if block.kind == "diagram":
            if block.name not in diagrams:
                raise LayoutError(f"no diagram named {block.name!r}")
            h, draw = diagrams[block.name]
            if y + h > columns[col].bottom + 1e-6:
                next_column()
            box = columns[col]
            per_col[col].extend(draw(Box(box.x, y, box.w, h)))
            y += h + style.gap * line_h
            continue
        bsize = size * style.heading_scale if block.kind == "h" else size
        bline = bsize * style.leading * PT
        indent = style.indent * size * PT if block.kind in ("li", "ol") else 0.0
        if block.kind == "h" and y > box.y + 1e-6:
            y += style.heading_gap * line_h
        lines = wrap(block.runs, box.w - indent, bsize, measure)
        if block.kind == "h":
            # keep a heading with the first three lines of what follows
            following = (3 + style.gap) * line_h if bi + 1 < len(blocks) else 0.0
            if y + len(lines) * bline + following > box.bottom + 1e-6:
                next_column()
                box = columns[col]
        for li, line in enumerate(lines):
            if y + bline > box.bottom + 1e-6:
                next_column()
                box = columns[col]
            base = y + ASCENT * bsize * PT
            if li == 0 and block.marker:
                mw = measure(block.marker, "Sans", bsize)
                per_col[col].append(Text(box.x, base, block.marker, "Sans", bsize, mw, color=style.color))
            texts, width = line_shapes(line, box.x + indent, base, bsize, measure, style.color)
            if width > box.w - indent + 1e-6:
                raise Overflow(f"a word is wider than its column at {bsize} pt: {texts[0].text!r}")
            per_col[col].extend(texts)
            y += bline
        y += style.gap * line_h
    return per_col


def fit(
    blocks: Sequence[Block],
    columns: Sequence[Box],
    measure: Measure,
    max_size: float,
    min_size: float,
    diagrams: dict[str, tuple[float, DiagramFn]] | None = None,
    style: FlowStyle = FlowStyle(),
    step: float = 0.25,
) -> tuple[list[list[Shape]], float]:
    """The largest size in [min_size, max_size] (in steps) at which the text
    fits, and the shapes at that size. LayoutError when none does."""
    sizes = []
    s = max_size
    while s >= min_size - 1e-9:
        sizes.append(round(s, 4))
        s -= step
    lo, hi = 0, len(sizes) - 1  # binary search: fitting is monotonic in size
    best: tuple[list[list[Shape]], float] | None = None
    while lo <= hi:
        mid = (lo + hi) // 2
        try:
            shapes = flow(blocks, columns, sizes[mid], measure, diagrams, style)
        except Overflow:
            lo = mid + 1
        else:
            best = (shapes, sizes[mid])
            hi = mid - 1
    if best is None:
        raise LayoutError(f"text does not fit even at the smallest allowed size, {min_size} pt")
    return best
