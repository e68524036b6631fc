"""Flowing structured text (headings, paragraphs, lists) into boxes.

Pure layout: it is given a measurer and returns Text shapes in mm. Rule
texts are lists of blocks in a small syntax: "## " heading, "- " bullet,
"1. " numbered item, "[[diagram:NAME]]" a picture drawn by the kit, anything
else a paragraph; inline **bold** and *italic*. `fit` looks for the largest
type size, within limits, at which everything fits; when even the smallest
does not, it raises LayoutError instead of losing text.

Typesetting rules, the same for every language and every string:
- ties: a number is bound by a no-break space to the word it belongs to
  ("50 mm", "3 Spielern", "row 2.", "Seite 2:"), and so are the halves of
  abbreviations like "z. B." (see `tie`);
- hyphenation: a word that does not fit the end of a line is broken after
  one of its own hyphens or, with pyphen's (LibreOffice) patterns for the
  block's language, between syllables;
- no runts: the last line of a paragraph holds at least two words;
- no widows or orphans: a column never starts with the last line of a
  paragraph and never ends with the first line of one that goes on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol

from pnp import hyphenation
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
    lang: str = ""  # language of the text, for hyphenation ("" = none)


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


NBSP = "\u00a0"
# A number (digits, maybe with decimals) with the emphasis marks round it.
_NUMBER = re.compile(r"(?<![\w.,*])\*{0,2}\d+(?:[.,]\d+)?\*{0,2}(?!\w)")
_NEXT_WORD = re.compile(r"\*{0,2}[(„‘“]?([^\W\d_]+|%)")
# one-letter abbreviations that belong together: "z. B.", "d. h.", "i. e."
_ABBREV = re.compile(r"(?<!\w)([^\W\d_]\.) (?=[^\W\d_]\.)")
# a command-line option and its value: "--back-offset X,Y", "--backs duplex-short"
_OPTION = re.compile(r"(?<!\S)(--[a-z][a-z-]*) (?=[A-Z0-9]|-\d|duplex|gutterfold|none\b)")


@cache
def tie(text: str) -> str:
    """No-break spaces where a line break would part what belongs together.
    A number is tied to the word before it ("row 2", "Seite 2", "bei 3");
    to the word after it when nothing comes before ("2 players") or the
    word is a unit or as short ("50 mm", "100 %", "1 or 2"); "z. B."
    stays whole; and a command-line option keeps its value
    ("--back-offset X,Y")."""
    out = list(text)
    for m in _NUMBER.finditer(text):
        s, e = m.start(), m.end()
        back = False
        if s >= 2 and text[s - 1] == " ":
            k = s - 2
            while k > 0 and text[k] == "*":
                k -= 1
            if text[k].isalpha():
                out[s - 1] = NBSP
                back = True
        if text[e:e + 1] == " " and (w := _NEXT_WORD.match(text, e + 1)) and (not back or len(w.group(1)) <= 3):
            out[e] = NBSP
    tied = _ABBREV.sub(lambda m: m.group(1) + NBSP, "".join(out))
    return _OPTION.sub(lambda m: m.group(1) + NBSP, tied)


def parse_block(text: str, lang: str = "") -> Block:
    if m := _DIAGRAM.match(text.strip()):
        return Block("diagram", name=m.group(1))
    if text.startswith("## "):
        return Block("h", parse_inline(tie(text[3:]), bold=True))  # headings are never hyphenated
    if text.startswith("- "):
        return Block("li", parse_inline(tie(text[2:])), marker="•", lang=lang)
    if m := _NUMBERED.match(text):
        return Block("ol", parse_inline(tie(m.group(2))), marker=m.group(1), lang=lang)
    return Block("p", parse_inline(tie(text)), lang=lang)


def parse_blocks(texts: Sequence[str], lang: str = "") -> list[Block]:
    """Blocks of text in `lang` (en, nl, de ...: hyphenated with its patterns)."""
    return [parse_block(t, lang) for t in texts]


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
        # tied again here for text that did not come through parse_block
        # (the scale check's sentence, labels flowed as one paragraph)
        parts = re.split(r"([ \t\n]+)", tie(run.text))
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


def _text(word: Word) -> str:
    return "".join(t for t, _ in word)


def visible_words(line: Sequence[Word]) -> int:
    """Words a reader sees on a line (no-break spaces part words too)."""
    return sum(len(_text(w).replace(NBSP, " ").split()) for w in line)


_LETTERS = re.compile(r"[^\W\d_]{5,}")


@cache
def break_points(text: str, lang: str) -> tuple[tuple[int, bool], ...]:
    """Where a word may break, as (position, add a hyphen): after its own
    hyphens ("Mensch-ärgere-dich-nicht-"), and between syllables of each
    run of five or more letters."""
    points: set[tuple[int, bool]] = set()
    if text.lstrip("(„‘“*").startswith("--"):
        return ()  # a command-line option is typed as printed: never broken
    for i, ch in enumerate(text):
        if ch == "-" and i >= 2 and text[i - 1].isalpha() and text[i - 2].isalpha() and len(text) - i > 3:
            points.add((i + 1, False))
    if lang and not points:  # a compound breaks at its own hyphens only
        for m in _LETTERS.finditer(text):
            for pos in hyphenation.positions(m.group(0), lang):
                points.add((m.start() + pos, True))
    return tuple(sorted(points, reverse=True))


def _split(word: Word, pos: int, hyphen: bool) -> tuple[Word, Word]:
    head: Word = []
    tail: Word = []
    at = 0
    for t, f in word:
        if at + len(t) <= pos:
            head.append((t, f))
        elif at >= pos:
            tail.append((t, f))
        else:
            head.append((t[: pos - at], f))
            tail.append((t[pos - at:], f))
        at += len(t)
    if hyphen:
        head[-1] = (head[-1][0] + "-", head[-1][1])
    return head, tail


def _untie(word: Word) -> list[Word]:
    """A tied unit taken apart at its no-break spaces."""
    out: list[Word] = [[]]
    for t, f in word:
        for k, part in enumerate(t.split(NBSP)):
            if k:
                out.append([])
            if part:
                out[-1].append((part, f))
    return [w for w in out if w]


def _greedy(words: list[Word], width: float, size: float, measure: Measure, lang: str) -> list[list[Word]]:
    space = measure(" ", "Sans", size)

    def wide(word: Word) -> float:
        return sum(measure(t, f, size) for t, f in word)

    lines: list[list[Word]] = []
    line: list[Word] = []
    used = 0.0
    queue = list(words)
    i = 0
    while i < len(queue):
        word = queue[i]
        gap = space if line else 0.0
        w = wide(word)
        if used + gap + w <= width + 1e-9:
            line.append(word)
            used += gap + w
            i += 1
            continue
        room = width - used - gap
        # break the word only where that leaves a line worth filling
        if not line or room > 0.12 * width:
            for pos, hyphen in break_points(_text(word), lang):
                head, tail = _split(word, pos, hyphen)
                if wide(head) <= room + 1e-9:
                    line.append(head)
                    lines.append(line)
                    line, used = [], 0.0
                    queue[i] = tail
                    break
            else:
                head = []
            if head:
                continue
        if line:
            lines.append(line)
            line, used = [], 0.0
            continue
        parts = _untie(word)
        if len(parts) > 1:  # too wide even alone: it may break at its ties
            queue[i:i + 1] = parts
            continue
        line.append(word)  # a word wider than the line: the caller's check raises
        used = w
        i += 1
    if line:
        lines.append(line)
    return lines


def wrap(runs: Sequence[Run], width: float, size: float, measure: Measure, lang: str = "") -> list[list[Word]]:
    """Greedy line breaking with hyphenation in `lang`. A last line of a
    single word (a runt) gets the last word of the line before it or, when
    that cannot be, the paragraph is set a little narrower, as long as that
    costs no extra line. A word wider than the
    line that cannot break gets a line of its own (and the caller's
    overflow check catches it)."""
    words = _words(runs)
    lines = _greedy(words, width, size, measure, lang)
    if len(lines) < 2 or visible_words(lines[-1]) >= 2:
        return lines
    # first the smallest change: the last word of the line before comes down
    before, last = lines[-2], lines[-1]
    if len(before) >= 3 and not _text(before[-1]).endswith("-"):
        moved = [before[-1], *last]
        space = measure(" ", "Sans", size)
        used = sum(sum(measure(t, f, size) for t, f in w) for w in moved) + space * (len(moved) - 1)
        if used <= width + 1e-9:
            return [*lines[:-2], before[:-1], moved]
    for k in range(1, 9):
        narrower = _greedy(words, width * (1 - 0.03 * k), size, measure, lang)
        if len(narrower) > len(lines):
            break
        if visible_words(narrower[-1]) >= 2:
            return narrower
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
    ink = measure.ink(pieces[0][0][:1], pieces[0][1], size) if pieces else None  # the first glyph decides
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
        lines = wrap(block.runs, box.w - indent, bsize, measure, block.lang)
        if block.kind == "h":
            # keep a heading with the first three lines of what follows
            following = (3 + style.gap) * line_h if bi + 1 < len(blocks) else 0.0
            if y + len(lines) * bline + following > box.bottom + 1e-6:
                next_column()
                box = columns[col]
        breaks: set[int] = set()  # indices of the lines that start a new column
        start, c, top = 0, col, y
        while start < len(lines) and c < len(columns):
            room = max(0, int((columns[c].bottom + 1e-6 - top) // bline))
            if room >= len(lines) - start:
                break
            take = room
            if len(lines) - start - take == 1:
                take -= 1  # no widow: the last line never starts a column alone
            if start == 0 and take == 1:
                take = 0  # no orphan: the first line never ends a column alone
            if take <= 0 and abs(top - columns[c].y) < 1e-6:
                take = max(room, 1)  # a column too short to obey both: fill it
            take = max(take, 0)
            start += take
            breaks.add(start)
            c += 1
            if c < len(columns):
                top = columns[c].y
        for li, line in enumerate(lines):
            if li in breaks or y + bline > box.bottom + 1e-6:
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
