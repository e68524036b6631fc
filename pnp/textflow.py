"""Flowing structured text (headings, paragraphs, lists) into boxes.

Pure layout: it is given a measurer and returns Text shapes in mm. Rule
texts are lists of blocks in a small syntax: "## " heading, "- " bullet,
"1. " numbered item, "[[diagram:NAME]]" a picture drawn by the kit, anything
else a paragraph; inline **bold** and *italic*. `fit` looks for the largest
type size, within limits, at which everything fits, trying every size
(fitting is not monotonic in size); when even the smallest does not, it
raises LayoutError instead of losing text.

Typesetting rules, the same for every language and every string:
- ties: a number is bound by a no-break space to the word it belongs to
  ("50 mm", "3 Spielern", "row 2.", "2- oder 3-mal", "1, 2, 3 en 4"), an
  enumerator to what follows ("(ii) er"), a one-letter word or an
  initial to the word after it ("B weet"), a paper name to the word before
  it ("Format A4"), a compound cut short to its conjunction ("zwart-wit-
  of"), and "z. B.", "US Letter" and set phrases ("zum Beispiel") stay
  whole (see `tie`); a break after a 3-letter head ("ver-wendet") is dear;
  a separator "·" goes with the item before it and is left out at a line end;
- paragraphs are broken as a whole (total fit, see `wrap`): words break
  after their own hyphens or, with libhyphen and LibreOffice's patterns
  for the block's language (pnp.hyphenation), between syllables, best
  between the parts of a compound (a word with a no-break hyphen, U+2011,
  never: a name such as "Itti‑Marduk‑balāṭu" stays whole); never three
  hyphenated lines in a row;
  a last line of one word only where nothing better exists; a line that
  ends under 80 % full before a word that would fit costs (EARLY);
- between columns (see `_column_breaks`): no column ends in a hyphen or a
  heading, and none starts or ends with fewer than KEEP lines of a
  paragraph that goes on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Protocol

from pnp import hyphenation
from pnp.errors import LayoutError
from pnp.geometry import ASCENT, BLACK, PT, RGB, Box, Shape, Text
from pnp.modes import Backs, BlockKind


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
    kind: BlockKind
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
NBH = "\u2011"  # a no-break hyphen: a word with one never breaks at a line end
# A number (digits, maybe with decimals) with the emphasis marks round it.
_NUMBER = re.compile(r"(?<![\w.,*])\*{0,2}\d+(?:[.,]\d+)?\*{0,2}(?!\w)")
_NEXT_WORD = re.compile(r"\*{0,2}[(„‘“]?([^\W\d_]+|%)")
# a one-letter abbreviation and the short one after it: "z. B.", "d. h.", "i. e.", "v. Chr.", "n. Chr."
_ABBREV = re.compile(r"(?<!\w)([^\W\d_]\.) (?=[^\W\d_]{1,3}\.)")
# a measurement is one unit: "63.5 × 88.9 mm", "(63,5 × 88,9 mm)", "2 × 3" (the unit is tied as a number's word)
_TIMES = re.compile(r"(?<=\d)(\*{0,2}) × (?=\*{0,2}\d)")
# a number ending in a hyphen and the words that finish it: "2- oder 3-mal", "2- en 3-voudig"
_NUMBER_HYPHEN = re.compile(r"(?<!\S)(\*{0,2}\d+-\*{0,2}) (?=\S)")
# numbers in a list stay together: "0, 1 or 2", "1, 2, 3 en 4"
_NUMBER_LIST = re.compile(r"(?<![\w.,])(\*{0,2}\d+\*{0,2},) (?=\*{0,2}\d+(?!\w))")
# an enumerator and what it counts: "(ii) er", "(1) he" (a letter in
# brackets is a picture's label in our texts, and goes with the word before)
_ENUMERATOR = re.compile(r"(?<!\S)(\((?:[ivx]{1,4}|\d{1,2})\)) (?=\S)")
# a bold reference to a picture stays with the word it labels: "2 turnips **(a)**"
_FIGURE_REF = re.compile(r"(?<=\w) (?=\*\*\([a-z]\)\*\*)")
# an abbreviation in capitals and the name it starts: "US Letter", "DIN A4"
_CAPS_NAME = re.compile(r"(?<![\w-])([A-Z]{2,3}) (?=[A-Z][\w]*\b)")
# a command-line option and its value: "--back-offset X,Y", "--backs duplex-short" (any backs mode)
_OPTION = re.compile(r"(?<!\S)(--[a-z][a-z-]*) (?=[A-Z0-9]|-\d|" + "|".join(rf"{b}\b" for b in Backs) + ")")
# a word of one letter keeps the word after it: "B weet", "A ‘3’", "a piece"
# a numeral written as a word keeps the word after it, as a number in figures does: "legt óf één | kaart uit" reads
# as a number left at the line end (native11-nl 8); Dutch marks the numeral "één" apart from the article "een"
_NUMERAL_WORD = re.compile(r"(?<!\w)(\*{0,2}[Éé]én\*{0,2}) (?=\*{0,2}[^\W\d_])")
_ONE_LETTER = re.compile(r"(?<![\w.,’'‘-])([^\W\d_]) (?=\S)")
# an initial keeps the name after it: "J. Smith"
_INITIAL = re.compile(r"(?<![\w.])([A-Z]\.) (?=[A-Z][a-z])")
# a paper name keeps the word for a format before it: "Format A4", "im Format US Letter"
_PAPER = re.compile(r"(?<!\w)([Ff]ormaa?t|size) (?=(?:[ABC]\d{1,2}|US)(?!\w))")
# a compound cut short keeps the conjunction after it: "zwart-wit- of", "Vorder- und Rückseite"
_SUSPENDED = re.compile(r"(?<=[^\W\d_]-) (?=(?:und|oder|bzw\.|sowie|of|en|tot|and|or|to)(?!\w))")
# a word tied that way ends with the conjunction: the word after it completes the compound
_SUSPENDS = re.compile(r"[^\W\d_]-\u00a0(?:und|oder|bzw\.|sowie|of|en|tot|and|or|to)$")
# set phrases that are one unit of meaning, every word kept on one line: "zum Beispiel", "Rote Beten", the name
# "Mens Erger Je Niet" (also at the head of a compound: "Mens Erger Je Niet‑pionnen")
SET_PHRASES = ("zum Beispiel", "for example", "Rote Bete", "Mens Erger Je Niet")
_SET_PHRASE = re.compile("|".join(
    rf"(?<!\w)[{p[0].upper()}{p[0]}]{re.escape(p[1:])}" for p in SET_PHRASES))


# a range in words stays whole, like "2–4": "(0 tot en met 4)", "0 bis 4", "2 to 4", not "(0 tot" | "en met 4)"
# (a chain is no range: "from row 1 to 2 to 3 to 2" breaks as words do)
_RANGE_WORDS = r"(?:tot[ \u00a0]en[ \u00a0]met|tot|bis|to|through)"
_RANGE = re.compile(r"(?<![\w.,])(?<!to[ \u00a0])(?<!tot[ \u00a0])(?<!bis[ \u00a0])(?<!met[ \u00a0])(\*{0,2}\d+\*{0,2})[ \u00a0]("
                    + _RANGE_WORDS + r")[ \u00a0](?=\*{0,2}\d+(?!\w)(?![ \u00a0]" + _RANGE_WORDS + r"[ \u00a0]\d))")


# a separator between the items of a list ("Karten 7–30 · Ersatzrückseiten 31–34") goes with the item before it;
# where the line breaks after it, it is left out (_cut_lines): the break parts the items, and no line ends or
# starts with a lone dot
SEPARATOR = "·"
_SEPARATOR = re.compile(r"[ \u00a0]" + SEPARATOR + r"(?= )")


# a parenthesis of two words is one unit: "(de achterkant)", "(see c)", not "(de" at a line end
_SHORT_PAREN = re.compile(r"(?<![^\s*])\(([^()\s]+) ([^()\s]+\))")


# a quoted phrase of up to QUOTED_WORDS words is one label ("„An Seite anpassen“", "‘aanpassen aan pagina’"):
# opening mark after a space, bracket or the start, closing mark before no letter; an apostrophe inside a
# word ("pagina’s") does not close it
QUOTED_WORDS = 4
_QUOTED = re.compile(r"(?<![\w])(?:„(?:[^„“”]+?)[“”]|‚(?:[^‚‘’]+?)‘|‘(?:[^‘’]|’(?=\w))+?’|“(?:[^“”]+?)”"
                     r"|»(?:[^»«]+?)«|\"(?:[^\"]+?)\")(?!\w)")


def _tie_quoted(m: re.Match[str]) -> str:
    phrase = m.group(0)
    return phrase.replace(" ", NBSP) if phrase.count(" ") < QUOTED_WORDS else phrase


def _word_before(text: str, s: int) -> int | None:
    """Where the word right before the number at `s` starts (bold marks
    aside), or None when no word comes right before it."""
    if s < 2 or text[s - 1] != " ":
        return None
    k = s - 2
    while k > 0 and text[k] == "*":
        k -= 1
    if not text[k].isalpha():
        return None
    while k > 0 and text[k - 1] != " ":
        k -= 1
    return k


# a noun a number names rather than counts: "row 2", "rij 4 geweest", "Seite 4", "pagina 6 staat"
LABELS = frozenset("""row rows rij rijen reihe reihen page pages pagina pagina's seite seiten side sides zijde step stap
schritt square vak feld column kolom spalte stack stacks stapel stapels
a an een ein eine einer einen einem""".split())  # after an indefinite article a number is a thing ("mit einer 1")


UNITS = frozenset("% mm cm m km pt g kg v n".split())  # "50 mm", "100 %", "177 v. Chr.": the number keeps both
_LIST_GOES_ON = re.compile(r"\*{0,2}, \*{0,2}\d")  # a number followed by the next of a list ("0, 1 of 2")
_LIST_END = re.compile(r"\d\*{0,2}\s[^\W\d_]{1,4}\s$")  # a number and a short word right before a number
# a number right after a word a number counts, a conjunction after it: "bij 3 spelers 12 en bij 4 spelers 9",
# "with 3 players 12 and": the number is that phrase's value and stays with it ("spelers | 12 en" parted them)
_COUNTED_BEFORE = re.compile(r"\d\*{0,2}\s[^\W\d_]+\*{0,2}\s$")
CONJUNCTIONS = frozenset("and or en of und oder".split())


def _labels(text: str, before: int, s: int) -> bool:
    """Whether the word at `before` (right before the number at `s`) is a
    noun the number names ("row 2", "pagina 6"): then it keeps the number."""
    return text[before:s - 1].strip("*(„‚“‘\"'").lower() in LABELS


@cache
def tie(text: str) -> str:
    """No-break spaces where a line break would part what belongs together.
    A number keeps the word it counts ("elk 16 knollen", "2 players") and
    no more; with no such word after it, it keeps the word before it ("row
    2.", "stapel van 5", "Seite 4,"), and a unit after it too ("measure
    50 mm", "at 100 %"); a noun that names it
    keeps it ("op rij 4 geweest", "pagina 6 staat"); a number that is the
    value of a counted phrase before it keeps that phrase's noun ("bij 3
    spelers 12 en"); numbers in
    a list stay together ("1, 2, 3 en 4"), and a number ending in a hyphen
    with the word that completes it ("2- oder 3-mal"); an enumerator keeps
    the word after it ("(ii) er"); "z. B." and "US Letter" stay whole; a
    measurement stays whole ("63,5 × 88,9 mm", "2 × 3"); "v. Chr." too; a
    command-line option keeps its value ("--back-offset X,Y"); a one-letter
    word or an initial keeps the word after it ("B weet", "J. Smith"); a
    paper name keeps "Format" ("Format A4"); a compound cut short keeps its
    conjunction ("zwart-wit- of"); a set phrase stays whole ("zum
    Beispiel", "Rote Beten"), and so does a quoted label of up to
    QUOTED_WORDS words ("„An Seite anpassen“") and a parenthesis of two
    words ("(de achterkant)"); a range in words too ("0 tot en met 4")."""
    out = list(text)
    # the numbers' ties are decided on the text with every no-break space plain, so that tying tied text (tie
    # runs again on it) decides the same; they only ever add no-break spaces to `out`
    plain = text.replace(NBSP, " ")
    for m in _NUMBER.finditer(plain):
        s, e = m.start(), m.end()
        after = _NEXT_WORD.match(plain, e + 1) if plain[e:e + 1] == " " else None
        before = _word_before(plain, s)
        back = before is not None
        label = before is not None and _labels(plain, before, s)
        value = (after is not None and after.group(1) in CONJUNCTIONS and before is not None
                 and plain[before:s - 1].strip("*").lower() not in CONJUNCTIONS and _COUNTED_BEFORE.search(plain, 0, s)
                 and not plain[after.end() + 1:after.end() + 2].isdigit())  # not a list of numbers: "2 or 3 heads"
        if after is not None and not label and after.group(1) not in UNITS and not value:
            # the number keeps the word after it and no more: "elk | 16 knollen", "maakt | 4 stapels", "tot je |
            # 2 of 3 gooit" (a unit of three words or more leaves lines short where the next word would fit);
            # the last number of a list stays in it ("3 en 4 op")
            out[e] = NBSP
            if _LIST_END.search(plain, 0, s):
                out[s - 1] = NBSP
            continue
        # a unit goes with the word before too ("at 100 %", "177 v. Chr."), and so does a short word after a
        # label ("row 2 to"); after a label the number keeps no longer word ("op rij 4 | geweest")
        fwd = after is not None and (not back or len(after.group(1)) <= 3 and plain[e + 1] != "(")
        if back and not label and _LIST_GOES_ON.match(plain, e):
            back = False  # a list's first number goes with the list, not the word before: "Beiden nemen | 0, 1 of 2
            # knollen" (a unit of five words leaves the line before it short, native11-nl 22)
        if back:
            out[s - 1] = NBSP
        if fwd:
            out[e] = NBSP
    tied = "".join(out)
    tied = _FIGURE_REF.sub(NBSP, tied)
    tied = _SUSPENDED.sub(NBSP, tied)
    tied = _TIMES.sub(lambda m: m.group(1) + NBSP + "×" + NBSP, tied)
    for rule in (_ABBREV, _NUMBER_HYPHEN, _NUMBER_LIST, _NUMERAL_WORD, _ENUMERATOR, _CAPS_NAME, _OPTION, _ONE_LETTER, _INITIAL,
                 _PAPER):
        tied = rule.sub(lambda m: m.group(1) + NBSP, tied)
    tied = _SET_PHRASE.sub(lambda m: m.group(0).replace(" ", NBSP), tied)
    tied = _RANGE.sub(lambda m: m.group(1) + NBSP + re.sub("[ \u00a0]", NBSP, m.group(2)) + NBSP, tied)
    tied = _SEPARATOR.sub(NBSP + SEPARATOR, tied)
    tied = _QUOTED.sub(_tie_quoted, tied)
    tied = _SHORT_PAREN.sub(lambda m: f"({m.group(1)}{NBSP}{m.group(2)}", tied)
    return tied


def parse_block(text: str, lang: str = "") -> Block:
    if m := _DIAGRAM.match(text.strip()):
        return Block(BlockKind.DIAGRAM, name=m.group(1))
    if text.startswith("## "):
        return Block(BlockKind.HEADING, parse_inline(tie(text[3:]), bold=True))  # headings are never hyphenated
    if text.startswith("- "):
        return Block(BlockKind.BULLET, parse_inline(tie(text[2:])), marker="•", lang=lang)
    if m := _NUMBERED.match(text):
        return Block(BlockKind.NUMBERED, parse_inline(tie(m.group(2))), marker=m.group(1), lang=lang)
    return Block(BlockKind.PARAGRAPH, parse_inline(tie(text)), lang=lang)


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
    # the keeps a reader asks for beyond widows and orphans (a list with its intro and not split one to the
    # rest, a section with a list with its heading on a new page); `fit` drops them when they would cost the
    # text more than KEEP_LOSS of size
    keeps: bool = True
    # a bullet is not split across columns: it starts the next column whole (a kit's choice, under `keeps`)
    whole_items: bool = False


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

# What a line break costs (demerits, added up over a paragraph; the
# paragraph with the least total is set). A line's own cost is its empty
# room squared: RAGGED for a line left empty, a quarter of that half empty.
LINE = 4000  # every line: fewer lines are better, unless they cost ugly breaks
RAGGED = 10000
OWN_HYPHEN = 800  # after a hyphen the word has ("Mensch-ärgere-dich-nicht-")
STRONG = 1500  # between the parts of a compound ("Karten-stapel")
SYLLABLE = 3000  # between other syllables ("Kar-tenstapel")
INSIDE_PART = 3000  # more for a syllable break in a compound that has a joint ("Kurzüber-sichten", not "Kurz-übersichten")
SHORT = 9000  # a piece of fewer than 3 letters, or a word under 8 letters ("je-des", "Sta-pel", "spe-lers")
TAIL3 = 1500  # exactly 3 letters carried over ("Kartensta-pel")
TWO_IN_A_ROW = 6000  # a second hyphenated line right after one; a third is never allowed
RUNT = 4000  # a last line of a single word
# A last line of two or three short words ("speler begint.", "de winnaar.") reads as a runt too: it costs up to
# SHORT_LAST, in proportion to how far it falls short of SHORT_LETTERS letters or of SHORT_SHARE of the measure
# (whichever it misses more: a narrow column is judged by its letters, a wide one by its share). It only chooses
# between ways to set the paragraph in no more lines and no more broken words than without this cost, so no
# text grows longer, no page's fitted size shrinks for it and no word is hyphenated for it. 14 letters: the
# runts native readers flagged have 9 to 12 and read as an afterthought; 0.3: under a third of a wide measure a
# last line looks left behind ("as a marker too." is 0.11 of Tâb's intro). Dearer than 6000 it would set a
# lone short word on a line of its own ("Die" / "Zuckerrübenver-" / "arbeitung beginnt") to save the last one.
# A last line of LONG_LAST letters or more is judged by its letters alone: "Spieler gleichzeitig schlagen." (0.31)
# under "eines oder mehrerer anderer" (0.85) and "und sein Zug ist vorbei." under "würfelt dann" | "eine 1
# oder" left lines a native reader calls ragged (native11-de 3, native11-nl 9) to keep a last line of 19 or 20
# letters over a quarter of a wide measure, where no reader has called one a runt (those had 9 to 13 letters).
SHORT_LAST = 6000
SHORT_LETTERS = 14
SHORT_SHARE = 0.3
LONG_LAST = 18
MAX_HYPHENS_IN_A_ROW = 2
EARLY_FULL = 0.8  # a line less full than this ends early if the next line's first word fits after it (_pull_up)
# A last line a reader calls a runt: fewer letters or less of the measure than this. Below SHORT_LETTERS and
# SHORT_SHARE, which grade what total fit avoids at little cost; a line that ended early is worse than a last line
# this long.
RUNT_LETTERS = 13
RUNT_SHARE = 0.25
PREFIX = 6000  # a break leaving a head of only 3 letters, most often a prefix ("ver-wendet", "Vor-derseite")
# A line (not the last) under EARLY_FULL of the measure full that ends before a word that would have fitted on it
# ("je 16 Rüben, bei 3 Spielern 12 und" | "bei 4 Spielern 9."): a reader sees it end early, whatever it saves below.
# In proportion to how far it falls short of EARLY_FULL (an empty line costs it all), so that the shortness is not
# gathered into one line to save several just short of full.
# 6000: at 3000 a line 0.76 full ("unsere Vorschläge: Wer am" | "höchsten würfelt, beginnt;", native11-de 2) cost
# less than the gap it left moved to the line below, which a reader does not see as an early end.
EARLY = 6000
STEP_AT_END = 6000  # a numbered step run into a paragraph begun in a line's last STEP_SHARE (native NL 12-2)
STEP_SHARE = 0.3
NUMBER_TIED = 9000  # a word tied to a number it counts or is counted by ("bei 4 Spie-lern 9"): the broken word
# leaves the number at the start or end of a line with a fragment


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def short_last(letters: int, share: float) -> float:
    """What a paragraph's last line of `letters` letters filling `share` of
    the measure costs for being short (0 when it is long enough, or has
    LONG_LAST letters whatever its share)."""
    if letters >= LONG_LAST:
        return 0.0
    return SHORT_LAST * max(0.0, 1 - letters / SHORT_LETTERS, 1 - share / SHORT_SHARE)


def _tied_to_number(text: str, s: int, e: int) -> bool:
    """Whether the letters text[s:e] are tied by a no-break space to a number
    right after or right before them (bold marks aside)."""
    after = text[e:].lstrip("*")
    before = text[:s].rstrip("*")
    return (after[:1] == NBSP and after[1:].lstrip("*")[:1].isdigit()) or \
        (before[-1:] == NBSP and before[:-1].rstrip("*")[-1:].isdigit())


_ABBREV_HEAD = re.compile(r"[(„‘“*]*[A-Z]{1,3}-")  # a word that starts with an abbreviation in capitals ("US-Letter-papier")


@cache
def break_points(text: str, lang: str) -> tuple[tuple[int, bool, int], ...]:
    """Where a word may break, as (position, add a hyphen, demerits): after
    its own hyphens ("Mensch-ärgere-dich-nicht-"), else between syllables
    of each run of five or more letters, cheaper between the parts of a
    compound and dearer where a piece is short or the head no longer than
    a prefix ("ver-", "be-")."""
    points: dict[int, tuple[bool, int]] = {}
    if text.lstrip("(„‘“*").startswith("--"):
        return ()  # a command-line option is typed as printed: never broken
    if NBH in text:
        return ()  # a name written with no-break hyphens ("Itti‑Marduk‑balāṭu") stays whole
    own = False  # the word has hyphens of its own
    for i, ch in enumerate(text):
        if ch == "-" and i >= 2 and text[i - 1].isalpha() and text[i - 2].isalpha() and len(text) - i > 3:
            own = True
            # the word as tied may start before the abbreviation ("Format US-Letter" tied by a no-break space)
            if _ABBREV_HEAD.match(text, text.rfind(NBSP, 0, i) + 1) or text[i + 1].isdigit():
                continue  # an abbreviation keeps the name it starts, and the compound it heads stays whole ("US-Letter",
                # "US-Letter-papier", not "US-" | "Letter" or "US-Letter-" | "papier"); a word keeps its number ("row-4")
            points[i + 1] = (False, OWN_HYPHEN)
    if lang and not own:  # a compound breaks at its own hyphens only
        for m in _LETTERS.finditer(text):
            n = len(m.group(0))
            found = hyphenation.breaks(m.group(0), lang)
            jointed = any(strong for _, strong in found)
            for pos, strong in found:
                head, tail = pos, n - pos
                cost = STRONG if strong else SYLLABLE + (INSIDE_PART if jointed else 0)
                if head < 3 or tail < 3 or n < 8:
                    cost += SHORT
                elif tail == 3:
                    cost += TAIL3
                if head == 3 and not strong:
                    cost += PREFIX
                if _tied_to_number(text, m.start(), m.end()):
                    cost += NUMBER_TIED
                points[m.start() + pos] = (True, cost)
    return tuple((p, hy, c) for p, (hy, c) in sorted(points.items()))


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


def _piece(word: Word, a: int, b: int, hyphen: bool) -> Word:
    """Letters a..b of a word (b = its length for the rest of it)."""
    rest = _split(word, a, False)[1] if a else word
    if b >= len(_text(word)):
        return rest
    return _split(rest, b - a, hyphen)[0]


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


def wrap(runs: Sequence[Run], width: float, size: float, measure: Measure, lang: str = "") -> list[list[Word]]:
    """`_wrap`, remembered: `fit` sets the same paragraphs at many sizes
    and column widths, often more than once."""
    key = (id(measure), tuple(runs), round(width, 6), size, lang)
    hit = _WRAPPED.get(key)
    if hit is not None and hit[0] is measure:  # the measurer is kept with its entry: its id is not reused
        return hit[1]
    if len(_WRAPPED) > 8192:
        _WRAPPED.clear()
    lines = _wrap(tuple(runs), width, size, measure, lang)
    _WRAPPED[key] = (measure, lines)
    return lines


_WRAPPED: dict[tuple[int, tuple[Run, ...], float, float, str], tuple[Measure, list[list[Word]]]] = {}


def _wide(word: Word, size: float, measure: Measure) -> float:
    return sum(measure(t, f, size) for t, f in word)


def _breakable_words(runs: tuple[Run, ...], width: float, size: float, measure: Measure) -> list[Word]:
    """The paragraph's words, a tied unit wider than the line untied into its words."""
    words: list[Word] = []
    for w in _words(runs):
        parts = _untie(w)
        words += parts if len(parts) > 1 and _wide(w, size, measure) > width + 1e-9 else [w]
    return words


class _PieceWidths:
    """The width of a piece of a word (letters a to b of word j, with a
    hyphen if it ends one), each measured once."""

    def __init__(self, words: list[Word], size: float, measure: Measure) -> None:
        self.words, self.size, self.measure = words, size, measure
        self.texts = [_text(w) for w in words]
        self.widths: dict[tuple[int, int, int], float] = {}

    def __call__(self, j: int, a: int, b: int, hyphen: bool) -> float:
        key = (j, a, b if b < len(self.texts[j]) else -1)
        if key not in self.widths:
            self.widths[key] = _wide(_piece(self.words[j], a, b, hyphen), self.size, self.measure)
        return self.widths[key]


def _reached(best: dict[tuple[int, int, int], tuple[float, tuple[int, int, int] | None]],
             i: int, o: int) -> Iterator[tuple[int, float]]:
    """The states reached that start a line at word i, letter o: each count
    of hyphenated lines just before, with its least cost."""
    for c in range(MAX_HYPHENS_IN_A_ROW + 1):
        here = best.get((i, o, c))
        if here is not None:
            yield c, here[0]


def _wrap(runs: tuple[Run, ...], width: float, size: float, measure: Measure, lang: str) -> list[list[Word]]:
    """The paragraph broken into lines as a whole (total fit, after Knuth
    and Plass, ragged right): of every way to break it, the one with the
    least demerits (see LINE ... RUNT above): few lines, little empty room,
    few and good hyphenations, never three hyphenated lines in a row, no
    last line of one word where another paragraph avoids it, and no short
    last line where another in as many lines and broken words avoids it
    (SHORT_LAST). A tied unit
    wider than the line breaks at its ties; a word wider than the line that
    cannot break gets a line of its own (and the caller's overflow check
    catches it)."""
    piece_w = _PieceWidths(_breakable_words(runs, width, size, measure), size, measure)
    words, texts = piece_w.words, piece_w.texts
    n = len(words)
    if n == 0:
        return []
    # the space before a word is set in that word's first font (line_shapes)
    space = [measure(" ", w[0][1], size) for w in words]
    # the word that completes a compound cut short stays whole: "zwart-wit- of kleurenprinter", not "kleu-"
    points = [() if j and _SUSPENDS.search(texts[j - 1]) else break_points(t, lang) for j, t in enumerate(texts)]
    steps = _step_starts(words, texts)

    # the width of the words from j to the end on one line: a line before a last line is not charged for ending
    # EARLY (the word it would take shortens the last line, which SHORT_LAST weighs)
    rest = [0.0] * (n + 1)
    for j in range(n - 1, -1, -1):
        rest[j] = piece_w(j, 0, len(texts[j]), False) + (space[j + 1] + rest[j + 1] if j + 1 < n else 0.0)
    # a state: the line starts at word i, letter o; with c hyphenated lines just before
    best: dict[tuple[int, int, int], tuple[float, tuple[int, int, int] | None]] = {(0, 0, 0): (0.0, None)}
    order = sorted({(j, 0) for j in range(n)} | {(j, p) for j in range(n) for p, _, _ in points[j]})
    finals: list[tuple[float, float, tuple[int, int, int]]] = []  # (cost, a short last line's cost, state)
    for i, o in order:
        for c, cost0 in _reached(best, i, o):
            used = 0.0
            step_from: float | None = None  # where the last step begun on this line (not at its start) starts
            for j in range(i, n):
                a = o if j == i else 0
                gap = space[j] if j > i else 0.0
                step_from = used + gap if steps[j] and j > i else step_from
                for p, hyphen, pen in points[j]:
                    if p <= a:
                        continue
                    line_w = used + gap + piece_w(j, a, p, hyphen)
                    if line_w > width + 1e-9:
                        break
                    c2 = c + 1
                    if c2 > MAX_HYPHENS_IN_A_ROW:
                        continue
                    cost = cost0 + LINE + RAGGED * ((width - line_w) / width) ** 2 + pen + (TWO_IN_A_ROW if c else 0) \
                        + _step_tail(line_w, step_from, width)
                    key = (j, p, c2)
                    if key not in best or cost < best[key][0]:
                        best[key] = (cost, (i, o, c))
                whole = used + gap + piece_w(j, a, len(texts[j]), False)
                if whole > width + 1e-9 and j > i:
                    break
                # the line ends after word j (alone and too wide, if it must)
                if j + 1 == n:
                    last = [_piece(words[j], a, len(texts[j]), False)] if j == i else words[i:j + 1]
                    runt = RUNT if (i, o) != (0, 0) and visible_words(last) < 2 else 0
                    short = short_last(sum(_letters(_text(w)) for w in last), whole / width) if (i, o) != (0, 0) else 0.0
                    finals.append((cost0 + LINE + runt + (1e9 if whole > width + 1e-9 else 0), short, (i, o, c)))
                else:
                    cost = cost0 + LINE + RAGGED * (max(0.0, width - whole) / width) ** 2 \
                        + _early(whole, whole + space[j + 1] + piece_w(j + 1, 0, len(texts[j + 1]), False),
                                 rest[j + 1], width) + (1e9 if whole > width + 1e-9 else 0.0) \
                        + _step_tail(whole, step_from, width)
                    key = (j + 1, 0, 0)
                    if key not in best or cost < best[key][0]:
                        best[key] = (cost, (i, o, c))
                used = whole
                if used > width + 1e-9:
                    break
    ends = _pull_up(_line_starts(best, _last_line(finals, best, n), n), words, texts, points, space,
                    width, size, measure, steps)
    return _cut_lines(ends, words, texts, points)


def _step_starts(words: list[Word], texts: list[str]) -> list[bool]:
    """Which words begin a numbered step run into a paragraph ("… vouw open.
    **2** Plak …"): a number in bold, after a sentence's end, before a word
    with a capital."""
    return [j > 0 and bool(_STEP.match(texts[j])) and words[j][0][1].endswith("Bold") and len(words[j]) > 1
            and texts[j - 1].rstrip("*").endswith((".", ";", ":")) for j in range(len(words))]


_STEP = re.compile(r"\d{1,2}\u00a0[^\W\d_]")


def _step_tail(line_w: float, step_from: float | None, width: float) -> float:
    """What a line costs that begins a step in its last STEP_SHARE of the
    measure ("… vouw open. **2** Plak" | "een half vel …"): the step's
    number reads as the line's end, not as the next step's start; the
    less of the step the line holds, the more."""
    if step_from is None or line_w - step_from >= STEP_SHARE * width:
        return 0.0
    return STEP_AT_END * (1 - (line_w - step_from) / (STEP_SHARE * width))


def _early(line_w: float, with_next: float, rest: float, width: float) -> float:
    """What a line `line_w` wide (not the last) costs for ending early:
    under EARLY_FULL of the measure, though it would be `with_next` wide
    with the next word; nothing when the words after it (`rest` on one line)
    could be the last line, whose length SHORT_LAST weighs."""
    if line_w >= EARLY_FULL * width or with_next > width + 1e-9 or rest <= width + 1e-9:
        return 0.0
    return EARLY * (1 - line_w / (EARLY_FULL * width))


def _pull_up(ends: list[tuple[int, int]], words: list[Word], texts: list[str],
             points: list[tuple[tuple[int, bool, int], ...]], space: list[float],
             width: float, size: float, measure: Measure, steps: list[bool]) -> list[tuple[int, int]]:
    """The lines that end early moved on: a line (not the last) under
    EARLY_FULL of the measure full takes the next line's first word when it
    fits after it and the next line stays EARLY_FULL full, or, being the
    last, not a runt (RUNT_LETTERS, RUNT_SHARE; a line of two words at least).
    Total fit shares a gap between lines and trades it for a longer last
    line; a reader sees a line that ended before a word that fitted."""
    def wide(k: int, at: list[tuple[int, int]]) -> float:
        (line,) = _cut_lines(at[k:k + 2], words, texts, points)
        return sum(_wide(w, size, measure) for w in line) + sum(space[at[k][0] + 1:at[k][0] + len(line)])

    ends = list(ends)
    moved = True
    while moved:
        moved = False
        for k in range(len(ends) - 2):
            (j, p), nxt = ends[k + 1], ends[k + 2]
            if p or (j + 1, 0) >= nxt or wide(k, ends) >= EARLY_FULL * width or steps[j]:
                continue  # (a line may end before a step begins: _step_tail)
            trial = ends[:k + 1] + [(j + 1, 0)] + ends[k + 2:]
            if wide(k, trial) > width + 1e-9:
                continue
            rest = wide(k + 1, trial)
            if k + 3 == len(ends):
                (last,) = _cut_lines(trial[k + 1:k + 3], words, texts, points)
                letters = sum(_letters(_text(w)) for w in last)
                if visible_words(last) < 2 or letters < RUNT_LETTERS \
                        or rest < RUNT_SHARE * width and letters < LONG_LAST:
                    continue
            elif rest < EARLY_FULL * width:
                continue
            ends, moved = trial, True
    return ends


def _last_line(finals: list[tuple[float, float, tuple[int, int, int]]],
               best: dict[tuple[int, int, int], tuple[float, tuple[int, int, int] | None]],
               n: int) -> tuple[int, int, int]:
    """Where the paragraph's last line starts: the cheapest, its shortness
    counted only against settings in as many lines and broken words as the
    cheapest without it."""
    cost, _, state = min(finals, key=lambda f: f[0])
    if cost >= 1e9:
        return state
    most = _lines_and_breaks(_line_starts(best, state, n))
    return min((f for f in finals if all(
        a <= b for a, b in zip(_lines_and_breaks(_line_starts(best, f[2], n)), most, strict=True))),
        key=lambda f: f[0] + f[1])[2]


def _lines_and_breaks(starts: list[tuple[int, int]]) -> tuple[int, int]:
    """How many lines, and how many of them end inside a word, from where the lines start."""
    return len(starts), sum(1 for _, o in starts if o)


def _line_starts(best: dict[tuple[int, int, int], tuple[float, tuple[int, int, int] | None]],
                 last: tuple[int, int, int], n: int) -> list[tuple[int, int]]:
    """Where each line starts (word, letter), from the first to the start of
    the last line `last`, walked back through `best`; then (n, 0), the end."""
    ends: list[tuple[int, int]] = [(n, 0)]
    at: tuple[int, int, int] | None = last
    while at is not None:
        ends.append((at[0], at[1]))
        at = best[at][1]
    ends.reverse()
    return ends


def _cut_lines(ends: list[tuple[int, int]], words: list[Word], texts: list[str],
               points: list[tuple[tuple[int, bool, int], ...]]) -> list[list[Word]]:
    """The words cut into lines: line k runs from ends[k] to ends[k + 1]
    (word, letter), hyphenated where a line ends inside a word."""
    lines: list[list[Word]] = []
    for (i, o), (j, p) in zip(ends, ends[1:], strict=False):
        line: list[Word] = []
        for k in range(i, j + 1 if p else j):
            a = o if k == i else 0
            if k == j:
                hyphen = next(h for q, h, _ in points[k] if q == p)
                line.append(_piece(words[k], a, p, hyphen))
            else:
                line.append(_piece(words[k], a, len(texts[k]), False))
        lines.append(line)
    for line in lines[:-1]:  # a separator at a line end is left out: the break parts the items
        t, f = line[-1][-1]
        if t.endswith(NBSP + SEPARATOR) and len(t) > 2:
            line[-1] = [*line[-1][:-1], (t[:-2], f)]
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


KEEP = 3  # a column starts and ends with at least this many lines of a paragraph that goes on


def _hyphenated(line: list[Word]) -> bool:
    return bool(line) and _text(line[-1]).endswith("-")


def _text_goes_on(blocks: Sequence[Block], i: int, y: float, columns: Sequence[Box], size: float,
                  measure: Measure, style: FlowStyle) -> bool:
    """Whether the text block `i`, started at y in the first of `columns`,
    begins only in the next one (its rules against orphans and a hyphen at
    a column's foot move it whole): then the heading before it goes too."""
    if i >= len(blocks) or blocks[i].kind in (BlockKind.HEADING, BlockKind.DIAGRAM):
        return False
    block = blocks[i]
    indent = style.indent * size * PT if block.kind.is_item else 0.0
    lines = wrap(block.runs, columns[0].w - indent, size, measure, block.lang)
    pitch = size * style.leading * PT
    return 0 in _column_breaks(lines, y, pitch, [c.y for c in columns], [c.bottom for c in columns])


def _column_breaks(lines: list[list[Word]], y: float, pitch: float, tops: Sequence[float],
                   bottoms: Sequence[float]) -> set[int]:
    """Where a paragraph of `lines` starting at y in the first of these
    columns goes on to the next: the indices of the lines that open a
    column. No column ends with fewer than KEEP lines of it (an orphan) or
    starts with fewer than KEEP (a widow), and no column ends in a hyphen
    or inside a parenthesis, as long as a column can hold that much; a paragraph that starts a
    column too short for those rules fills it."""
    breaks: set[int] = set()
    start, c, top = 0, 0, y
    n = len(lines)
    inside, depth = [], 0  # whether a line ends inside a parenthesis: "im Stapel (unter" | "den Steinen darüber)"
    for line in lines:
        depth += sum(_text(w).count("(") - _text(w).count(")") for w in line)
        inside.append(depth > 0)
    while start < n and c < len(tops):
        room = max(0, int((bottoms[c] + 1e-6 - top) // pitch))
        if room >= n - start:
            break
        at_top = abs(top - tops[c]) < 1e-6
        take = min(room, n - start - KEEP)  # leave KEEP lines for the next column
        while take > 0 and (_hyphenated(lines[start + take - 1]) or inside[start + take - 1]
                            or (start == 0 and take < KEEP)):
            take -= 1  # no hyphen at a column's foot, no parenthesis left open there, no orphan
        if take <= 0 and at_top:
            take = max(room, 1)  # a column too short to obey the rules: fill it
            while take > 1 and _hyphenated(lines[start + take - 1]):
                take -= 1
        start += max(take, 0)
        breaks.add(start)
        c += 1
        if c < len(tops):
            top = tops[c]
    return breaks


SHORT_STEPS = 14  # lines: a section of numbered steps up to this long is kept whole in one column


def _steps_section_h(blocks: Sequence[Block], i: int, width: float, size: float, measure: Measure,
                     style: FlowStyle) -> float | None:
    """The height of the section that the heading `i` opens (up to the next
    heading) when it is a short run of numbered steps, text only: its steps
    read as one sequence and stay together, so that the later steps at the
    top of the next column do not pass for the rest of another list. None
    for any other section."""
    line_h = size * style.leading * PT
    end = next((j for j in range(i + 1, len(blocks)) if blocks[j].kind is BlockKind.HEADING), len(blocks))
    section = blocks[i + 1:end]
    if not any(b.kind is BlockKind.NUMBERED for b in section) or any(b.kind is BlockKind.DIAGRAM for b in section):
        return None
    hsize = size * style.heading_scale
    n = 0.0
    h = len(wrap(blocks[i].runs, width, hsize, measure, blocks[i].lang)) * hsize * style.leading * PT
    h += style.gap * line_h
    for b in section:
        indent = style.indent * size * PT if b.kind.is_item else 0.0
        lines = len(wrap(b.runs, width - indent, size, measure, b.lang))
        n += lines
        h += (lines + style.gap) * line_h
    return h if n <= SHORT_STEPS else None


def _block_h(block: Block, width: float, size: float, measure: Measure,
             diagrams: dict[str, tuple[float, DiagramFn]], style: FlowStyle) -> float:
    """The height a block takes in a column of `width`, with its gap."""
    line_h = size * style.leading * PT
    if block.kind is BlockKind.DIAGRAM:
        return (diagrams[block.name][0] if block.name in diagrams else 0.0) + style.gap * line_h
    bsize = size * style.heading_scale if block.kind is BlockKind.HEADING else size
    indent = style.indent * size * PT if block.kind.is_item else 0.0
    return len(wrap(block.runs, width - indent, bsize, measure, block.lang)) * bsize * style.leading * PT \
        + style.gap * line_h


def _introduces(block: Block) -> bool:
    """A paragraph ending in a colon: it opens the list or picture after it."""
    return block.kind is BlockKind.PARAGRAPH and plain(block).rstrip().endswith(":")


LIST_KEEP = 2  # items: a list's intro (or its first item) keeps this many items of the list in its column


def _keep_h(blocks: Sequence[Block], i: int, width: float, size: float, measure: Measure,
            diagrams: dict[str, tuple[float, DiagramFn]], style: FlowStyle) -> float | None:
    """The height of the block `i` with what must stand in its column with
    it, or None when it may end a column alone: a list's intro ending in a
    colon keeps the first LIST_KEEP items after it ("De
    volgende acties zijn mogelijk:" is not left at a column's foot with one
    item); the first item of a list keeps the second (a list is never
    split one to the rest: "Achtung!" with one item in each column)."""
    block = blocks[i]
    if _introduces(block):
        kept = [block]
        for b in blocks[i + 1:i + 1 + LIST_KEEP]:
            if not b.kind.is_item:  # a picture may follow in the next column, as pictures do
                break
            kept.append(b)
        if len(kept) == 1:
            return None
    elif block.kind.is_item and (i == 0 or not blocks[i - 1].kind.is_item) and len(blocks) > i + 1 \
            and blocks[i + 1].kind is block.kind:
        kept = [block, blocks[i + 1]]
    elif style.whole_items and block.kind is BlockKind.BULLET:
        kept = [block]
    else:
        return None
    return sum(_block_h(b, width, size, measure, diagrams, style) for b in kept) - style.gap * size * style.leading * PT


def _section_h(blocks: Sequence[Block], i: int, width: float, size: float, measure: Measure,
               diagrams: dict[str, tuple[float, DiagramFn]], style: FlowStyle) -> float | None:
    """The height of the section the heading `i` opens (up to the next
    heading), or None when it holds no list."""
    end = next((j for j in range(i + 1, len(blocks)) if blocks[j].kind is BlockKind.HEADING), len(blocks))
    if not any(b.kind.is_item for b in blocks[i + 1:end]):
        return None
    return sum(_block_h(b, width, size, measure, diagrams, style) for b in blocks[i:end]) \
        - style.gap * size * style.leading * PT


def _keeps_go_on(blocks: Sequence[Block], i: int, y: float, columns: Sequence[Box], size: float, measure: Measure,
                 diagrams: dict[str, tuple[float, DiagramFn]], style: FlowStyle) -> bool:
    """Whether the block `i` (not a heading), due at y in the first of
    `columns`, starts the next column so as to stand with what it keeps."""
    if not style.keeps or blocks[i].kind is BlockKind.HEADING or y <= columns[0].y + 1e-6 or len(columns) < 2:
        return False
    kept = _keep_h(blocks, i, columns[0].w, size, measure, diagrams, style)
    return kept is not None and y + kept > columns[0].bottom + 1e-6 and kept <= columns[1].h + 1e-6


def _new_page(columns: Sequence[Box]) -> bool:
    """Whether the second of these columns is on another page than the
    first: it stands no further right (pages fill left to right)."""
    return len(columns) > 1 and columns[1].x <= columns[0].x + 1e-6


def _kept_with_heading(after: Block | None, diagrams: dict[str, tuple[float, DiagramFn]], line_h: float,
                       style: FlowStyle) -> float:
    """The room a heading keeps below it for what follows: the first three
    lines of text, or its picture (nothing after the last block)."""
    if after is None:
        return 0.0
    if after.kind is BlockKind.DIAGRAM and after.name in diagrams:
        return diagrams[after.name][0] + style.gap * line_h
    return (3 + style.gap) * line_h


def _heading_goes_on(blocks: Sequence[Block], i: int, y: float, head_h: float, columns: Sequence[Box], size: float,
                     measure: Measure, diagrams: dict[str, tuple[float, DiagramFn]], style: FlowStyle) -> bool:
    """Whether the heading `i`, due at y in the first of `columns` and
    `head_h` tall, starts the next column instead: when what it keeps below
    it does not fit, when the text after it begins only in the next column,
    or when it opens a short run of steps that would be split (the steps
    start the next column whole)."""
    box, line_h = columns[0], size * style.leading * PT
    steps = _steps_section_h(blocks, i, box.w, size, measure, style) if len(columns) > 1 else None
    if steps is not None and y + steps > box.bottom + 1e-6 and steps <= columns[1].h + 1e-6:
        return True
    if style.keeps and _new_page(columns):  # a section with a list keeps its heading on the next page
        section = _section_h(blocks, i, box.w, size, measure, diagrams, style)  # ("Lay out the first card")
        if section is not None and y + section > box.bottom + 1e-6 and section <= columns[1].h + 1e-6:
            return True
    following = _kept_with_heading(blocks[i + 1] if i + 1 < len(blocks) else None, diagrams, line_h, style)
    kept = _keep_h(blocks, i + 1, box.w, size, measure, diagrams, style) if style.keeps and i + 1 < len(blocks) else None
    if kept is not None:
        following = max(following, kept + style.gap * line_h)  # the gap under the heading, then what it keeps
    return y + head_h + following > box.bottom + 1e-6 or _text_goes_on(
        blocks, i + 1, y + head_h + style.gap * line_h, columns, size, measure, style)


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
        if block.kind is BlockKind.DIAGRAM:
            if block.name not in diagrams:
                raise LayoutError(f"no diagram named {block.name!r}")
            h, draw = diagrams[block.name]
            if y + h > columns[col].bottom + 1e-6:
                next_column()
            box = columns[col]
            per_col[col].extend(draw(Box(box.x, y, box.w, h)))
            y += h + style.gap * line_h
            continue
        bsize = size * style.heading_scale if block.kind is BlockKind.HEADING else size
        bline = bsize * style.leading * PT
        indent = style.indent * size * PT if block.kind.is_item else 0.0
        if _keeps_go_on(blocks, bi, y, columns[col:], size, measure, diagrams, style):
            next_column()  # a list's intro or first item goes on with what it keeps
            box = columns[col]
        if block.kind is BlockKind.HEADING and y > box.y + 1e-6:
            y += style.heading_gap * line_h
        lines = wrap(block.runs, box.w - indent, bsize, measure, block.lang)
        goes_on = block.kind is BlockKind.HEADING and _heading_goes_on(blocks, bi, y, len(lines) * bline, columns[col:],
                                                                        size, measure, diagrams, style)
        skip, lines, breaks = _lines_where_it_begins(block, lines, y, bline, bsize, indent, columns[col:], measure,
                                                     goes_on)
        if skip:
            next_column()
            box = columns[col]
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


def _lines_where_it_begins(block: Block, lines: list[list[Word]], y: float, bline: float, bsize: float,
                           indent: float, columns: Sequence[Box], measure: Measure, heading_goes_on: bool
                           ) -> tuple[bool, list[list[Word]], set[int]]:
    """Whether the block begins in the next of `columns` (a heading that
    goes on with what it keeps, `heading_goes_on`), its lines and where
    they go on to the column after. The `lines` are set to the first
    column's width, from y; a text block that begins only in the next
    column is set to that column's width there (a summary's step under its
    scores runs across the whole table, not in the narrow lines beside
    them)."""
    if heading_goes_on:
        if len(columns) < 2:
            return True, lines, set()  # no next column: the caller's overflow
        return True, lines, _column_breaks(lines, columns[1].y, bline, [c.y for c in columns[1:]],
                                           [c.bottom for c in columns[1:]])
    breaks = _column_breaks(lines, y, bline, [c.y for c in columns], [c.bottom for c in columns])
    if 0 not in breaks or block.kind is BlockKind.HEADING or len(columns) < 2:
        return False, lines, breaks
    lines = wrap(block.runs, columns[1].w - indent, bsize, measure, block.lang)
    return True, lines, _column_breaks(lines, columns[1].y, bline, [c.y for c in columns[1:]],
                                       [c.bottom for c in columns[1:]])


KEEP_LOSS = 0.25  # pt: the most of its size the text gives up for the reader's keeps


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
    # every size, largest first: fitting is not monotonic in size (a size
    # may fail where a larger one fits, its lines falling differently
    # into the columns), so no bisection
    # the reader's keeps (FlowStyle.keeps) may cost the text up to KEEP_LOSS of size, no more
    free: tuple[list[list[Shape]], float] | None = None
    loose = replace(style, keeps=False)
    for size in sizes:
        try:
            return flow(blocks, columns, size, measure, diagrams, style), size
        except Overflow:
            pass
        if free is None and style.keeps:
            try:
                free = (flow(blocks, columns, size, measure, diagrams, loose), size)
            except Overflow:
                pass
        if free is not None and free[1] - (size - step) > KEEP_LOSS + 1e-9:
            return free
    if free is not None:
        return free
    raise LayoutError(f"text does not fit even at the smallest allowed size, {min_size} pt")
