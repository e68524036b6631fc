"""The rules as a reader sees them on the rendered pages, in every kit,
language and paper: no line of running text holds a single word or a lone
number, no column starts with the last one or two lines of a paragraph (a
widow) or ends with the first one or two of one that goes on (an orphan),
no column ends in a hyphen or a heading, a number stays on the line of its
word, every broken word breaks where the dictionary allows, and the Kesse
Rüben rules stand at the largest size that fits, 3 mm above the credit."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from pnp.hyphenation import breaks, positions
from pnp.paths import TEMPLATES
from pnp.textflow import EARLY_FULL, LABELS, LONG_LAST, RUNT_LETTERS, RUNT_SHARE, tie
from tests.helpers import KIT_IDS, LANGS
from tests.textlines import Line, page_lines, running_text

KITS = KIT_IDS
PAPERS = ("a4", "letter")
ENDS = (".", ":", "!", "?", ")", "”", "’", "“")

# every kit file: each kit in each language on each paper ("tab-de-letter")
EVERY_FILE = pytest.mark.parametrize(("kit_id", "lang", "paper"),
                                     [(k, lang, p) for k in KITS for lang in LANGS for p in PAPERS])


def _columns(path):
    return [col for lines in page_lines(path) for col in running_text(lines)]


def _pitch(col: list[Line]) -> float:
    return min(a.base - b.base for a, b in zip(col, col[1:], strict=False))


def _starts_paragraph(col: list[Line], i: int, pitch: float) -> bool:
    ln = col[i]
    return ln.text.startswith("•") or re.match(r"^\d+\.\s", ln.text) is not None or (
        i > 0 and col[i - 1].base - ln.base > 1.2 * pitch)


@dataclass(frozen=True)
class _Break:
    """Where running text passes from one column (or page) to the next."""

    prev_page: int  # from 0
    prev: list[Line]  # the column before
    page: int
    col: list[Line]  # the column after
    start: int  # the first line (after its heading) of the last paragraph that begins in `prev`
    head: int  # how many lines `col` has before a paragraph or heading begins in it
    goes_on: bool  # `col` begins inside a paragraph (not with one of its own)


def _breaks(path) -> Iterator[_Break]:
    """Every passage from one column to the next in reading order, but where
    a heading ends the column before or begins the next."""
    cols = [(pi, c) for pi, lines in enumerate(page_lines(path)) for c in running_text(lines)]
    for (pp, prev), (cp, col) in zip(cols, cols[1:], strict=False):
        if col[0].bold or prev[-1].bold:
            continue
        pitch, ppitch = _pitch(col), _pitch(prev)
        start = max((i for i in range(len(prev)) if _starts_paragraph(prev, i, ppitch) or prev[i].bold), default=0)
        start += 1 if prev[start].bold else 0
        head = next((i for i in range(1, len(col)) if _starts_paragraph(col, i, pitch) or col[i].bold), len(col))
        yield _Break(pp, prev, cp, col, start, head, not _starts_paragraph(col, 0, pitch))


@EVERY_FILE
def test_running_text_has_no_runts_widows_or_orphans(rendered, kit_id, lang, paper):
    cols = _columns(rendered(kit_id, lang, paper))
    assert sum(len(c) for c in cols) > 20, "found too little running text to judge"  # Ur's rules: about 30 lines
    problems = []
    for col in cols:
        for ln in col:
            if ln.bold:
                continue  # headings
            if len(ln.words) < 2 and not ln.text.endswith("-"):
                problems.append(f"a line of one word: {ln.text!r}")
            if re.fullmatch(r"[(‘'„“]*\d+[.,;:)’'“”]*", ln.text):
                problems.append(f"a lone number: {ln.text!r}")
    # a paragraph that goes on from the previous column: at least 3 of
    # its lines end that column (no orphan) and 3 start this one (no widow)
    for b in _breaks(rendered(kit_id, lang, paper)):
        if b.goes_on and not b.prev[-1].text.endswith(ENDS):
            if b.head < 3:
                problems.append(f"a widow of {b.head} line(s) at a column top: {b.col[0].text!r}")
            if len(b.prev) - b.start < 3:
                problems.append(f"an orphan of {len(b.prev) - b.start} line(s) at a column foot: {b.prev[-1].text!r}")
    assert not problems, problems


# A paragraph's last line a reader calls a runt ("speler begint.", "het bewegen.", "de winnaar."): fewer than
# RUNT_LETTERS letters or under RUNT_SHARE of its column, the typesetter's own bounds (pnp.textflow); one of
# LONG_LAST letters or more is no runt, whatever its share (native11: lines above it were left ragged to keep
# "Spieler gleichzeitig schlagen." over a quarter of a wide column). (Its
# graded threshold, textflow.SHORT_LETTERS and SHORT_SHARE, lies above this: a line just under it may stay where
# avoiding it costs more.)


def _paragraph_ends(col: list[Line]):
    """(last line, lines in its paragraph) for each paragraph that ends in
    the column; a paragraph that goes on in the next column is not judged."""
    pitch = _pitch(col)
    start = 0
    for i, ln in enumerate(col):
        if ln.bold:
            start = i + 1
            continue
        if _starts_paragraph(col, i, pitch):
            start = i
        if (i + 1 == len(col) or col[i + 1].bold or _starts_paragraph(col, i + 1, pitch)) and ln.text.endswith(ENDS):
            yield ln, i - start + 1


@EVERY_FILE
def test_no_paragraph_ends_in_a_short_line(rendered, kit_id, lang, paper):
    """A paragraph of two lines or more does not end in a line of two short
    words after a gappy line ("speler begint.", "het bewegen.", "niet
    komen.", "de winnaar."): its last line has RUNT_LETTERS letters or more
    and fills RUNT_SHARE of the column or more, or has LONG_LAST letters."""
    problems = []
    for pi, lines in enumerate(page_lines(rendered(kit_id, lang, paper))):
        for col in running_text(lines):
            measure = max(ln.right - ln.x for ln in col if not ln.bold)
            for ln, n in _paragraph_ends(col):
                letters = sum(ch.isalpha() for ch in ln.text)
                share = (ln.right - ln.x) / measure
                if n >= 2 and (letters < RUNT_LETTERS or share < RUNT_SHARE and letters < LONG_LAST):
                    problems.append(f"p{pi + 1}: {ln.text!r} ends a paragraph of {n} lines ({letters} letters, "
                                    f"{share:.2f} of the column)")
    assert not problems, problems


# A line that is not the last of its paragraph ends early, a reader says, when it is less than EARLY_FULL
# (pnp.textflow's own bound) of its measure full and the first word of the next line (a space before it) would
# have fitted in the room left.
SPACE_EM = 0.3  # a space as wide as this share of the size, or a little wider: a word judged to fit surely does


def _first_unit(ln: Line, nxt: Line) -> tuple[str, float]:
    """The next line's first word as it would move up: up to its first space
    the typesetter may break at (textflow.tie, read over both lines: "2 of 3
    gooit", "(actual size)" move whole), with its width on the page; no
    width when the tie runs past the next line."""
    broken = ln.text.endswith("-") and not ln.text.endswith(" -")
    head = ln.text[:-1] if broken else ln.text + " "
    tied = tie(head + nxt.text)[len(head):]
    chars = list(nxt.chars)
    while chars and not chars[0][0].strip():
        chars.pop(0)
    end = tied.find(" ")
    if end < 0 or end > len(chars):
        return nxt.text, float("inf")
    unit = chars[:end]
    return tied[:end], unit[-1][2] - unit[0][1]


def _early_ends(col: list[Line]) -> list[str]:
    """Lines that end early: under EARLY_FULL of the measure full, though the
    next line's first word would have fitted after them, and moving it up
    would leave the next line no worse: EARLY_FULL full still, or, if it ends
    the paragraph, no runt (RUNT_LETTERS, RUNT_SHARE). (Where a tied unit
    below holds the next line short, the gap is shared between the two: a
    reader sees that, not an early end.)"""
    pitch = _pitch(col)
    right = max(ln.right for ln in col if not ln.bold)
    measure = max(ln.right - ln.x for ln in col if not ln.bold)
    problems = []
    for i, ln in enumerate(col[:-1]):
        nxt = col[i + 1]
        if ln.bold or nxt.bold or _starts_paragraph(col, i + 1, pitch) or not ln.chars:
            continue
        full = (ln.right - ln.x) / (right - ln.x)
        if full >= EARLY_FULL:
            continue
        word, w = _first_unit(ln, nxt)
        room = right - ln.right
        if ln.text.endswith("-") and not ln.text.endswith(" -"):
            taken = w - (ln.chars[-1][2] - ln.chars[-1][1])  # the rest of a broken word fits whole
        else:
            taken = w + SPACE_EM * ln.size
        if taken > room:
            continue
        rest = nxt.text[len(word):].strip()
        left_w = nxt.right - nxt.x - w - SPACE_EM * ln.size
        last = i + 2 == len(col) or col[i + 2].bold or _starts_paragraph(col, i + 2, pitch)
        if last and nxt.text.endswith(ENDS):
            letters = sum(ch.isalpha() for ch in rest)
            worse = letters < RUNT_LETTERS or left_w / measure < RUNT_SHARE and letters < LONG_LAST
        else:
            worse = left_w / (right - nxt.x) < EARLY_FULL
        if not worse:
            problems.append(f"{ln.text!r} ({full:.2f} full) leaves out {word!r}")
    return problems


@EVERY_FILE
def test_no_line_ends_early_before_a_word_that_fits(rendered, kit_id, lang, paper):
    """No line but a paragraph's last ends under EARLY_FULL of its measure
    while the next line's first word would have fitted after it."""
    problems = []
    for pi, lines in enumerate(page_lines(rendered(kit_id, lang, paper))):
        for col in running_text(lines):
            problems += [f"p{pi + 1}: {p}" for p in _early_ends(col)]
    assert not problems, problems


def _catalog_text(kit_id: str, lang: str) -> str:
    """Every string the kit's texts hold in `lang`, markup removed, one space
    for any run of white space (no-break spaces too)."""
    from pnp.paper import PAPERS as PAPER_DEFS

    out = [p.name for p in PAPER_DEFS.values()]
    for path in (TEMPLATES / kit_id / "lang" / f"{lang}.toml", TEMPLATES / "common" / "lang" / f"{lang}.toml"):
        with path.open("rb") as f:
            for v in tomllib.load(f).values():
                out += v if isinstance(v, list) else [v]
    return re.sub(r"\s+", " ", " ".join(out).replace("*", ""))


def _broken_words(col: list[Line]):
    """(line, next line, head, tail) for each line of the column that ends in a hyphen."""
    for a, b in zip(col, col[1:], strict=False):
        if a.text.endswith("-") and a.words and b.words:
            yield a, b, a.words[-1][:-1], b.words[0]


@EVERY_FILE
def test_columns_end_in_no_hyphen_and_no_heading(rendered, kit_id, lang, paper):
    """The last line of every column of running text on every page: not a
    word broken across the column or page, not a heading whose text is in
    the next column."""
    problems = []
    for pi, lines in enumerate(page_lines(rendered(kit_id, lang, paper))):
        for col in running_text(lines):
            if col[-1].text.endswith("-"):
                problems.append(f"p{pi + 1}: a column ends in a hyphen: {col[-1].text!r}")
            if col[-1].bold:
                problems.append(f"p{pi + 1}: a heading at a column's foot: {col[-1].text!r}")
            # a heading is set larger than the text, so it is not in the column's lines: look under it
            for h in lines:
                if h.bold and h.size > col[0].size + 0.3 and abs(h.x - col[0].x) < 1.0 and not any(
                        o is not h and abs(o.x - h.x) < 2.2 * col[0].size and 0 < h.base - o.base <= 3 * h.size
                        for o in lines):
                    problems.append(f"p{pi + 1}: a heading with nothing under it in its column: {h.text!r}")
    assert not problems, problems


@EVERY_FILE
def test_no_line_ends_in_a_number_hyphen_or_an_enumerator(rendered, kit_id, lang, paper):
    """"bis er 2-" / "oder 3-mal", "(ii)" / "er nog", "US" / "Letter",
    "1, 2," / "3 en 4": what belongs together is on one line."""
    problems = []
    for col in _columns(rendered(kit_id, lang, paper)):
        for a, b in zip(col, col[1:], strict=False):
            if re.search(r"(?<![\w-])\d+-$", a.text):
                problems.append(f"a number-hyphen ends a line: {a.text!r} / {b.text!r}")
            if re.search(r"(?<!\S)\((?:i|ii|iii|iv|v|vi|\d)\)$", a.text):
                problems.append(f"an enumerator ends a line: {a.text!r} / {b.text!r}")
            if re.search(r"\d,$", a.text) and re.match(r"\d", b.text):
                problems.append(f"a list of numbers is parted: {a.text!r} / {b.text!r}")
            if re.search(r"\bUS$", a.text) and b.text.startswith("Letter"):
                problems.append(f"'US Letter' is parted: {a.text!r} / {b.text!r}")
    assert not problems, problems


@EVERY_FILE
def test_every_broken_word_breaks_where_the_dictionary_allows(rendered, kit_id, lang, paper):
    """A line that ends in a hyphen ends either at a hyphen the word has in
    the texts ("Mensch-ärgere-/dich-nicht") or between syllables where the
    hyphenation library allows, never leaving fewer than 2 letters before
    the break or 3 after it."""
    text = _catalog_text(kit_id, lang)
    problems = []
    for col in _columns(rendered(kit_id, lang, paper)):
        for a, b, head, tail in _broken_words(col):
            h = re.sub(r"^\W+", "", head)
            t = re.sub(r"\W+$", "", tail)
            if f"{h}-{t}" in text or f"{h}- {t}" in text:
                continue  # the word's own hyphen
            if h in ("A4", "US-Letter") and f"{{paper}}-{t}" in text:
                continue  # the hyphen after the paper's name ("US-Letter-/papier"), filled in at render
            word = h.split("-")[-1] + re.match(r"[^\W\d_]*", t).group(0)
            assert f"{h}{t}" in text, f"{a.text!r} / {b.text!r}: {h}{t!r} is not in the texts"
            cut = len(h.split("-")[-1])
            if cut not in positions(word, lang):
                problems.append(f"{word}: broken after {cut} letters, the library allows {positions(word, lang)}")
            joints = [p for p, strong in breaks(word, lang) if strong]
            if joints and cut not in joints:
                problems.append(f"{word}: broken after {cut} letters inside a part, not at its joint {joints} "
                                f"(\"Kurzüber-/sichten\", not \"Kurz-/übersichten\")")
    assert not problems, problems


def test_german_long_words_do_break() -> None:
    """Hyphenation is on for German: the Tâb rules (our German catalog),
    set by the kits' own line breaker in a narrow 45 mm column at 8 pt,
    break some word where it has no hyphen of its own ("Spiel-" / "brett").
    The printed kits no longer need to: since round 19 every German line
    in them ends at a space or a hyphen the word has, so a test reading
    the files for a broken word (this test until then) proved nothing
    about hyphenation. With the language off ("") only own hyphens break."""
    from pnp.fonts import Measurer
    from pnp.textflow import parse_inline, wrap

    rules = tomllib.loads((TEMPLATES / "tab" / "lang" / "de.toml").read_text("utf-8"))["rules"]
    measure = Measurer()

    def added_breaks(lang: str) -> list[str]:
        found = []
        for para in (p for p in rules if not p.startswith("#")):
            lines = wrap(parse_inline(tie(para)), 45.0, 8.0, measure, lang)
            for a, b in zip(lines, lines[1:], strict=False):
                head, tail = "".join(t for t, _ in a[-1]), "".join(t for t, _ in b[0])
                if head.endswith("-") and head[:-1] + tail in tie(para):
                    found.append(f"{head}|{tail}")
        return found

    assert added_breaks("de"), "no German word broken by hyphenation in a 45 mm column"
    assert not added_breaks(""), "a word broke with hyphenation off"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_kesse_rules_keep_3_mm_above_the_credit_line(rendered, lang, paper):
    """The last line of the rules (its descenders, 0.24 of the size in
    DejaVu Sans) and the capitals of the credit line (0.73 of its size)
    under it: at least 3 mm apart."""
    lines = page_lines(rendered("kesse-rueben", lang, paper))[0]
    credit = next(ln for ln in lines if ln.text.startswith("©"))
    rules = [c for c in running_text(lines) if abs(c[0].x - credit.x) < 2]
    last = min((c[-1] for c in rules), key=lambda ln: ln.base)
    gap_pt = (last.base - 0.24 * last.size) - (credit.base + 0.73 * credit.size)
    assert gap_pt >= 3.0 / 25.4 * 72 - 0.05, f"{gap_pt * 25.4 / 72:.2f} mm"


def test_kesse_english_letter_rules_stand_at_the_largest_size_that_fits(rendered, monkeypatch, measure):
    """The size the rules are printed at (read from the file) is the largest
    step between the floor and 9.5 pt at which they lay out in their
    columns, tried size by size (a smaller size may fail where a larger
    one fits): with the reader's list keeps, unless those cost more than
    KEEP_LOSS against the largest size without them."""
    from pnp.build import build_pages
    from pnp.kits import get_kit, kesse_rueben
    from pnp.options import Options
    from pnp.paper import get_paper
    from pnp.textflow import KEEP_LOSS, FlowStyle, Overflow, flow

    lines = page_lines(rendered("kesse-rueben", "en", "letter"))[0]
    printed = max(c[0].size for c in running_text(lines) if len(c) > 8)
    calls = []
    real = kesse_rueben.fit

    def spy(blocks, boxes, m, max_size, min_size, *a, **k):
        calls.append((blocks, boxes, max_size, min_size))
        return real(blocks, boxes, m, max_size, min_size, *a, **k)

    monkeypatch.setattr(kesse_rueben, "fit", spy)
    build_pages(get_kit("kesse-rueben"), Options("en", get_paper("letter")), measure)
    blocks, boxes, top, floor = max(calls, key=lambda c: len(c[0]))  # the rules, not the fold note
    fitting: dict[bool, list[float]] = {True: [], False: []}
    for keeps in (True, False):
        size = top
        while size >= floor - 1e-9:
            try:
                flow(blocks, boxes, size, measure, style=FlowStyle(keeps=keeps))
                fitting[keeps].append(size)
            except Overflow:
                pass
            size -= 0.25
    assert fitting[False], "the rules fit at no size"
    kept = max(fitting[True], default=0.0)
    best = kept if max(fitting[False]) - kept <= KEEP_LOSS + 1e-9 else max(fitting[False])
    assert printed == pytest.approx(best, abs=0.02)


@pytest.mark.parametrize("text, tied", [
    ("from row 2 to row 3.", "from row\u00a02\u00a0to row\u00a03."),
    ("measure 50 mm here", "measure\u00a050\u00a0mm here"),
    ("Print at 100 % (actual", "Print at\u00a0100\u00a0% (actual"),
    ("2 players each", "2\u00a0players each"),
    # a number keeps the word it counts and no more: three words tied leave lines short where the next word
    # fits (native reader, round 7: "bij 2 spelers / elk 16 knollen", "Hij / maakt 4 stapels")
    ("bei 2 Spielern je 16 Rüben", "bei 2\u00a0Spielern je 16\u00a0Rüben"),
    ("Oder er kann 2 Karten", "Oder er kann 2\u00a0Karten"),
    ("bei 2 Spielern 13 Felder,", "bei 2\u00a0Spielern 13\u00a0Felder,"),
    ("with 2 players 13 squares,", "with 2\u00a0players 13\u00a0squares,"),
    ("bij 2 spelers elk 16 knollen", "bij 2\u00a0spelers elk 16\u00a0knollen"),
    ("Hij maakt 4 stapels", "Hij maakt 4\u00a0stapels"),
    ("kan ook 0 zijn", "kan ook 0\u00a0zijn"),
    # (round 13, native12-nl 4: "bij 3 spelers / 12 en" parted the value from its phrase)
    ("bij 3 spelers 12 en bij 4 spelers 9.", "bij 3\u00a0spelers\u00a012\u00a0en bij 4\u00a0spelers\u00a09."),
    ("munten tot je 2 of 3 gooit;", "munten tot je 2\u00a0of\u00a03\u00a0gooit;"),
    ("er is geen stapel van 5", "er is geen stapel van\u00a05"),
    # a noun that names the number keeps it, and only it
    ("op rij 4 geweest", "op rij\u00a04 geweest"),
    ("wat er op pagina 6 staat", "wat er op pagina\u00a06 staat"),
    ("z. B. eine", "z.\u00a0B. eine"),
    ("auf Seite 2: klebe", "auf Seite\u00a02: klebe"),
    ("(rij 2)", "(rij\u00a02)"),
    ("Reihe **3**.", "Reihe\u00a0**3**."),
    ("0, 1 or 2", "0,\u00a01\u00a0or\u00a02"),
    ("kaarten 1, 2, 3 en 4 op", "kaarten 1,\u00a02,\u00a03\u00a0en\u00a04\u00a0op"),
    # a list's first number goes with the list, not the word before (native11-nl 22: "Beiden" | "nemen 0, 1 of 2
    # knollen" left the line before it short); a noun that names it keeps it still
    ("Beiden nemen 0, 1 of 2 knollen", "Beiden nemen 0,\u00a01\u00a0of\u00a02\u00a0knollen"),
    ("die Stapel 1, 2 und 3", "die Stapel\u00a01,\u00a02\u00a0und\u00a03"),
    # a numeral written as a word keeps the word after it (native11-nl 8: "Hij legt óf één" | "kaart uit")
    ("legt óf één kaart uit, óf", "legt óf één\u00a0kaart uit, óf"),
    ("**Één** stapel", "**Één**\u00a0stapel"),
    ("bis er 2- oder 3-mal Kopf", "bis er\u00a02-\u00a0oder\u00a03-mal Kopf"),
    ("liegt (ii) er nog", "liegt (ii)\u00a0er nog"),
    ("en (i) het daar", "en (i)\u00a0het daar"),
    ("on US Letter paper", "on US\u00a0Letter paper"),
    ("2 turnips **(a)** from", "2\u00a0turnips\u00a0**(a)** from"),
    # a parenthesis of two words is one unit (ludo-cards-nl: "voor zijde 2 (de" / "achterkant)")
    ("voor zijde 2 (de achterkant) en", "voor zijde\u00a02 (de\u00a0achterkant) en"),
    ("three actions (see c), e.g.", "three actions (see\u00a0c), e.g."),
    ("(in clockwise order) next", "(in clockwise order) next"),
])
def test_numbers_are_tied_to_their_words(text, tied):
    assert tie(text) == tied


# the nouns that name a number ("rij 4", "Seite 4") and the indefinite articles ("mit einer 1"), as the
# typesetter knows them (pnp.textflow.LABELS): each keeps the number after it
_LABEL = "|".join(re.escape(w).replace("'", "['’]") for w in sorted(LABELS, key=len, reverse=True))

# What the native reader found parted at a line end (issue 22), judged on the
# page's lines without asking `tie`: (what the line ends in, what the next
# line starts with, what it is).
_PARTED = (
    (r"(?<![\w.’'‘-])[^\W\d_]", r"\S", "a one-letter word ends a line"),  # "raadt A ‘3’. B" / "weet nu"
    (r"\b(?:Format|formaat|format|size)", r"(?:[ABC]\d|US\b)", "a paper name is parted from 'Format'"),
    (r"\bUS-", r"Letter", "'US-Letter' is broken at its hyphen"),
    (r"[^\W\d_]-", r"\d", "a word is parted from the number it joins with a hyphen ('row-' / '4 markers')"),
    (r"[^\W\d_]-", r"(?:und|oder|bzw\.|sowie|of|en|tot|and|or|to)\b", "a compound cut short is parted from its conjunction"),
    (r"(?<!\w)[Éé]én", r"[^\W\d_]", "a numeral word is parted from the word it counts ('óf één' / 'kaart')"),
    (r"\b[Zz]um", r"Beispiel", "'zum Beispiel' is parted"),
    (r"\b[Ff]or", r"example", "'for example' is parted"),
    # a number and its unit or a short word after it ("50 / mm", "1 / or 2")
    (r"(?:^|\s)\d+", r"(?:%|[^\W\d_]{1,3}\b)", "a number is parted from its unit or short word"),
    (r"\bRote", r"Bete", "'Rote Bete' is parted"),
    # "je 16" / "Rüben", "bei 3" / "Spielern", "nog 2" / "kaarten" (the native reader, second round)
    # ("op rij 4" / "geweest" is fine: a noun naming the number keeps it, and the number counts nothing after it)
    (rf"(?<![\w-])(?!(?i:{_LABEL})\s)[^\W\d_]{{1,4}}\s\d+",
     r"[^\W\d_]{1,10}\b", "a number is parted from the word it counts"),
    # "bij 2 spelers / elk 16 knollen" (round 7): a number keeps the word it counts, so a line never ends in it
    (rf"(?<![\w-])(?!(?i:{_LABEL})\s)[^\W\d_]+\s\d+",
     r"[^\W\d_]{4,}", "a line ends in a number before the word it counts"),
    # "bei 4 Spie-" / "lern 9." (the native reader, third round): a word tied to a number is not broken
    (r"[^\W\d_]-", r"[^\W\d_]+[.,;:]?\s\d", "a broken word's tail carries a number"),
    (r"(?:^|\s)\d+\s[^\W\d_]+-", r"[^\W\d_]", "a word broken right after the number it counts"),
    # "(63,5 ×" / "88,9 mm)" (the native reader, round 6): a measurement is one unit in every language
    (r"×", r"\S", "a measurement is parted after '×'"),
    (r"\S", r"×", "a measurement is parted before '×'"),
    (r"\d[\d.,]*\)?", r"[\d.,]+\s?(?:mm|cm|pt|in)\b", "a measurement is parted"),
    # "177 v." / "Chr.": a year keeps its era
    (r"\b[vn]\.", r"Chr\.", "'v. Chr.' is parted"),
    (r"\d+", r"(?:[vn]\.\s?Chr\.|BC\b|AD\b)", "a year is parted from its era"),
    # "von Stapel" / "1 und eine", "(Seiten" / "5 und 6)", "Mit einer" / "1 kommt er" (the native reader,
    # round 8): a noun that names a number, in brackets too, and an indefinite article keep it
    (rf"(?:\b|\()(?i:{_LABEL})", r"\d", "a number is parted from the noun or article before it"),
    # "voor zijde 2 (de" / "achterkant)" (the native reader, round 7): a parenthesis of two words is one unit
    (r"(?<!\S)\([^()\s]+", r"[^()\s]+\)", "a parenthesis of two words is parted"),
)


@EVERY_FILE
def test_no_line_parts_a_letter_a_paper_name_a_set_phrase_or_a_bare_prefix(rendered, kit_id, lang, paper):
    """"B" / "weet", "50" / "mm", "Format" / "A4", "zwart-wit-" / "of", "Zum" / "Beispiel",
    "Rote" / "Beten", "63,5 ×" / "88,9 mm", "177 v." / "Chr.", and a word broken after a 3-letter head such as a
    prefix ("ver-" / "wendet") where "verwen-" was to be had."""
    problems = []
    for col in _columns(rendered(kit_id, lang, paper)):
        for a, b in zip(col, col[1:], strict=False):
            if not a.words or not b.words:
                continue
            end, start = a.text.rstrip(), b.text.replace("•", " ").lstrip()
            for tail, head, what in _PARTED:
                if re.search(tail + r"$", end) and re.match(head, start):
                    problems.append(f"{what}: {a.text!r} / {b.text!r}")
            word = a.words[-1]
            if re.fullmatch(r"[^\W\d_]{1,3}-", word) and re.match(r"[^\W\d_]*[a-zäöüß]", b.words[0]):
                problems.append(f"a word broken after a bare prefix: {a.text!r} / {b.text!r}")
    assert not problems, problems


# A quoted label is how the reader finds a menu item ("„An Seite anpassen“",
# "‘aanpassen aan pagina’"): the opening and the closing mark of each
# language, as the catalogs set them.
_QUOTES = {"de": (("„", "“"), ("‚", "‘")), "nl": (("‘", "’"), ("“", "”")), "en": (("‘", "’"), ("“", "”"))}


def _split_quotes(col: list[Line], lang: str) -> list[str]:
    """Quoted phrases of up to 4 words that open on one line and close on a
    later one; an apostrophe inside a word ("pagina’s") closes nothing."""
    problems = []
    for i, ln in enumerate(col):
        text = ln.text.replace("\u00a0", " ")
        for opening, closing in _QUOTES[lang]:
            for m in re.finditer(rf"(?<!\w){re.escape(opening)}(?=\w)", text):
                rest = text[m.end():]
                close = re.search(rf"{re.escape(closing)}(?!\w)", rest)
                if close is not None:
                    continue
                following = " ".join(x.text for x in col[i + 1:i + 3])
                end = re.search(rf"{re.escape(closing)}(?!\w)", following)
                if end is None:
                    continue  # no closing mark near: not a quoted label
                phrase = rest + " " + following[:end.start()]
                if len(phrase.split()) <= 4:
                    problems.append(f"a quoted label is split: {ln.text!r} / {col[i + 1].text!r}")
    return problems


@EVERY_FILE
def test_no_quoted_label_is_split_across_lines(rendered, kit_id, lang, paper):
    """"nie „An Seite" / "anpassen“", "nooit ‘aanpassen aan" / "pagina’":
    a quoted phrase of up to four words stays on one line."""
    problems = [p for col in _columns(rendered(kit_id, lang, paper)) for p in _split_quotes(col, lang)]
    assert not problems, problems


@pytest.mark.parametrize(("text", "tied"), [
    ("nie „An Seite anpassen“ wählen", "nie „An\u00a0Seite\u00a0anpassen“ wählen"),
    ("nooit ‘aanpassen aan pagina’ kiezen", "nooit ‘aanpassen\u00a0aan\u00a0pagina’ kiezen"),
    ("never ‘fit to page’", "never ‘fit\u00a0to\u00a0page’"),
    ("der Knopf ‚nur ungerade Seiten‘ hier", "der Knopf ‚nur\u00a0ungerade\u00a0Seiten‘ hier"),
    # an apostrophe inside a word neither opens nor closes a quote
    ("de pagina’s van ‘odd pages only’ en", "de pagina’s van ‘odd\u00a0pages\u00a0only’ en"),
    ("it’s the player’s turn", "it’s the player’s turn"),
    # five words and more are a sentence, free to break
    ("a ‘quoted phrase of five words’ here", "a\u00a0‘quoted phrase of five words’ here"),
])
def test_a_short_quoted_label_is_tied_whole(text, tied):
    assert tie(text) == tied


def _item(ln: Line) -> bool:
    return ln.text.startswith("•") or re.match(r"^\d+\.\s", ln.text) is not None


# Kesse's rules face (its four actions under "De volgende acties zijn mogelijk:") and Tâb's rules page (the
# list under "So verwendest du die Steine dieses Sets") would give 0.5 pt or more of their size to keep their
# lists whole (textflow.KEEP_LOSS allows 0.25), so fit leaves those lists split: a matter for their texts
_LIST_SPLIT_COSTS_TOO_MUCH = {"kesse-rueben", "tab"}


def _column_split_problems(path, kit_id: str) -> list[str]:
    """How the columns and pages of one rendered file part what belongs
    together, as the reader sees the lines."""
    problems = []
    for b in _breaks(path):
        pp, prev, cp, col, start, goes_on = b.prev_page, b.prev, b.page, b.col, b.start, b.goes_on
        tail = " ".join(ln.text for ln in prev[start:])
        if goes_on and tail.count("(") > tail.count(")"):
            problems.append(f"a column ends inside a parenthesis: {prev[-1].text!r} / {col[0].text!r}")
        if goes_on and _item(prev[start]) and not prev[-1].text.endswith(ENDS):
            if len(prev) - start + b.head <= 3:
                problems.append(f"a list item of {len(prev) - start + b.head} lines is split: {prev[-1].text!r}")
        if not _item(col[0]):
            continue
        if cp == pp + 1:
            problems.append(f"page {cp + 1} starts with a list item cut from its heading: {col[0].text!r}")
        if kit_id in _LIST_SPLIT_COSTS_TOO_MUCH:
            continue
        if _item(prev[start]) and (start == 0 or not _item(prev[start - 1])) and not any(
                _item(ln) for ln in prev[:start]) and start > 0 and not prev[start - 1].text.endswith(":"):
            problems.append(f"a list's first item stands alone at a column foot: {prev[start].text!r}")
        intro = next((i for i in range(len(prev) - 1, -1, -1) if not _item(prev[i]) and prev[i].text.endswith(":")
                      and (i == len(prev) - 1 or _item(prev[i + 1]))), None)
        if intro is not None and sum(1 for ln in prev[intro + 1:] if _item(ln)) == 1:
            problems.append(f"a list's intro keeps one item in its column: {prev[intro].text!r}")
    return problems


@EVERY_FILE
def test_no_column_or_page_parts_a_parenthesis_a_short_item_or_a_list_from_its_heading(rendered, kit_id, lang,
                                                                                       paper):
    """The native readers, round 7: "in een stapel (onder de stukken" |
    "erboven)" across two columns; "De volgende acties zijn mogelijk:" with
    one item at a column's foot; Ludo's "De eerste kaart uitleggen" whose
    three items start page 2 with no heading; "Achtung!" split one item and
    one. No column or page ends inside a parenthesis, splits a list item of
    up to three lines, leaves a list's intro with one item, starts a page
    with the items of a section headed on the page before, or leaves a
    list's first item alone at its foot."""
    problems = _column_split_problems(rendered(kit_id, lang, paper), kit_id)
    assert not problems, problems


@pytest.mark.parametrize(("kit_id", "lang", "paper", "ending", "word"), [
    ("kesse-rueben", "de", "letter", "Spielern 12 und", "bei"),  # "12 und" | "bei 4 Spielern 9." (native8-de)
    ("kesse-rueben", "nl", "a4", "daagt een", "van"),  # "daagt een" | "van de anderen" (native8-nl 4)
    ("kesse-rueben", "en", "a4", "challenges", "one"),
    ("kesse-rueben", "nl", "a4", "Beiden", "nemen"),  # "Beiden" | "nemen 0, 1 of 2 knollen" (native11-nl 22)
    # a last line of LONG_LAST letters is no runt: the lines above it fill (native11-de 3, native11-nl 9)
    ("ludo-cards", "de", "a4", "mehrerer anderer", "Spieler"),
    ("ludo-cards", "de", "a4", "gewürfelten Augenzahl", "anlegen,"),
    ("ludo-cards", "nl", "a4", "en gooit hij", "daarna"),
    ("ludo-cards", "nl", "letter", "van een of meer", "andere"),
    ("ludo-cards", "de", "a4", "Wer am", "höchsten"),  # the quick reference (native11-de 2): textflow.EARLY
    ("ludo-cards", "de", "letter", "Wer am", "höchsten"),
])
def test_a_line_does_not_end_early_where_the_paragraph_can_do_without(rendered, kit_id, lang, paper, ending, word):
    """Lines the native readers saw end early though the next word fitted,
    the next line left long enough either way: the paragraph takes the word
    up (textflow.EARLY)."""
    lines = [ln for page in page_lines(rendered(kit_id, lang, paper)) for col in running_text(page) for ln in col]
    hits = [ln.text for ln in lines if ln.text.replace("\u00a0", " ").rstrip().endswith(ending)]
    assert not hits, f"a line ends early before {word!r}: {hits}"


@EVERY_FILE
def test_no_line_ends_or_starts_with_a_separator(rendered, kit_id, lang, paper):
    """The "·" between the items of a list (Ludo's page map: "Karten 7–30 ·"
    | "Ersatzrückseiten 31–34.", native readers DE and NL) neither ends nor
    starts a line: where the line breaks between two items it is left out."""
    problems = [f"p{pi + 1}: {ln.text!r}" for pi, page in enumerate(page_lines(rendered(kit_id, lang, paper)))
                for ln in page if ln.text.endswith("·") or ln.text.startswith("·")]
    assert not problems, problems


# A name is not parted at a line end (native NL reader, round 10): "Mens Erger" | "Je Niet‑pionnen" and
# "US-Letter-" | "papier" read as two things.
_NAME_HEADS = ("Mens", "Mens Erger", "Mens Erger Je", "US-", "US-Letter-")


@EVERY_FILE
def test_no_line_parts_a_name(rendered, kit_id, lang, paper):
    problems = [f"p{pi + 1}: {ln.text!r}" for pi, page in enumerate(page_lines(rendered(kit_id, lang, paper)))
                for ln in page if ln.text.replace("\u00a0", " ").endswith(tuple(" " + h for h in _NAME_HEADS))]
    assert not problems, problems


_RANGE_CUT = re.compile(r"\d[ \u00a0](?:tot|tot[ \u00a0]en|tot[ \u00a0]en[ \u00a0]met|bis|to|through)$")
_CHAIN = re.compile(r"\d+[ \u00a0](?:to|tot|bis)[ \u00a0]\d")  # "from row 1 to" | "2 to 3 to 2": a chain, no range


@EVERY_FILE
def test_no_line_ends_inside_a_range_in_words(rendered, kit_id, lang, paper):
    """A range written in words stays on one line like "2–4" (native13-nl 5,
    ur-nl-letter p3: "(0 tot" | "en met 4)"): no line ends with a number and
    the first words of a range (textflow._RANGE); a chain ("row 1 to" | "2 to
    3 to 2") is no range."""
    problems = [f"p{pi + 1}: {ln.text!r} | {nxt.text!r}"
                for pi, page in enumerate(page_lines(rendered(kit_id, lang, paper))) for col in running_text(page)
                for ln, nxt in zip(col, col[1:], strict=False)
                if _RANGE_CUT.search(ln.text.rstrip()) and re.match(r"(?:en[ \u00a0]met[ \u00a0]|met[ \u00a0]|en[ \u00a0])?\d",
                                                                    nxt.text) and not _CHAIN.match(nxt.text)]
    assert not problems, problems
