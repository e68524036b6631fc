"""The checks of a file against the kit's own build and the game facts:
page count and sizes, the components on each page (only those that print),
their sizes and places, the text each page prints, the numbers the rules
state, colour in a greyscale kit, the game facts' invariants, and (for a
file from outside) what each page prints against the genuine kit. What the
file claims to be is read first (pnp.validation.claims); the verdict goes
in a Report (pnp.validation.report)."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import ValidationError
from pnp.i18n import texts_of
from pnp.validation.claims import check_end, claimed_options, claims_of, read_syntax_or_refuse
from pnp.validation.report import Check, Report

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from pnp.build import Built
    from pnp.deck import Deck
    from pnp.textflow import Measure
    from pnp.validation.printed import PrintedPage



_MARKUP = re.compile(r"\*\*|\*")
_MARKUP = re.compile(r"\*\*|\*")
_PREFIX = re.compile(r"^(## |- |\d+[.)]\s+)")
_PREFIX = re.compile(r"^(## |- |\d+[.)]\s+)")
_FIELD = re.compile(r"\{([a-z_0-9]+)\}")



def template_regex(template: str, values: dict[str, object] | None = None) -> tuple[re.Pattern[str], list[str]]:
    """A catalog template as a pattern over extracted text: literal words
    (any whitespace between them), each {placeholder} captured: a number
    where the data holds a number, otherwise a short phrase."""
    values = values or {}
    body = _MARKUP.sub("", _PREFIX.sub("", template))
    names: list[str] = []
    parts: list[str] = []
    pos = 0
    for m in _FIELD.finditer(body):
        parts.append(_literal(body[pos : m.start()]))
        numeric = isinstance(values.get(m.group(1)), int)
        parts.append(r"(\d+)" if numeric else r"(.{1,30}?)")
        names.append(m.group(1))
        pos = m.end()
    parts.append(_literal(body[pos:]))
    return re.compile("".join(parts)), names



def _literal(s: str) -> str:
    return re.escape(_UNSET.sub("", s))



# What typesetting adds or changes between catalog and page: spaces and line
# breaks, and hyphens (a word broken at the end of a line; PDFium reports
# such a hyphen as \x02 or \ufffe).
_UNSET = re.compile(r"[\s\-\x02\u00ad\ufffe]+")



def normalise(text: str) -> str:
    """Extracted text without whitespace or hyphens: line breaks, hyphenation
    and the gaps between text runs differ from the catalog, the words do not."""
    return _UNSET.sub("", text)



def stated_numbers(text: str, templates: list[str], values: dict[str, object]) -> list[Check]:
    """For every rules block that states a value from the game facts, find
    it in the extracted text and compare what it says with the data."""
    checks: list[Check] = []
    text = normalise(text)
    for tpl in templates:
        if not _FIELD.search(tpl):
            continue
        pattern, names = template_regex(tpl, values)
        what = _MARKUP.sub("", _PREFIX.sub("", tpl))
        short = (what[:48] + "…") if len(what) > 48 else what
        m = pattern.search(text)
        if m is None:
            # Find the block by its words alone, to say which number differs.
            loose = re.compile(pattern.pattern.replace(r"(\d+)", r"(.{0,12}?)"))
            m2 = loose.search(text)
            found = "a different text" if m2 is None else ", ".join(f"{n}={g.strip()}" for n, g in zip(names, m2.groups(), strict=True))
            want = ", ".join(f"{n}={values.get(n)}" for n in names)
            checks.append(Check(f"rules text: {short}", want, found, False))
            continue
        for name, got in zip(names, m.groups(), strict=True):
            want = _UNSET.sub("", str(values.get(name)))  # as normalise() reads the page: "US-Letter" is "USLetter"
            checks.append(Check(f"rules text states {name}", want, got, got == want))
    return checks



@cache
def shared_measurer() -> Measure:
    """One text measurer, made before the child processes fork, so each
    check does not load the fonts again."""
    from pnp.fonts import Measurer

    return Measurer()



def check_zip(path: Path, data: bytes, report: Report) -> None:
    """A cards ZIP: the PDF beside it is checked as a deck, then every
    PNG in the ZIP against that PDF."""
    from pnp.validation import bounded
    from pnp.validation.cards import read_zip, zip_pdf

    pdf_path = zip_pdf(path)
    try:
        pdf = bounded.read_once(pdf_path)
    except bounded.InputError as e:
        raise ValidationError(f"is a cards ZIP, but the PDF it comes from ({pdf_path.name}) {e}") from None
    of_pdf = Report(pdf_path)
    deck = check_pdf(pdf, of_pdf, None)
    if deck is None:
        raise ValidationError(f"is a ZIP, but {pdf_path.name} beside it is not a cards PDF")
    report.info = {**of_pdf.info, "pdf": pdf_path.name}
    bad = [c.component for c in of_pdf.checks if not c.ok]
    report.checks.append(Check(f"the cards PDF {pdf_path.name}", "passes its checks", "passes" if not bad else
                               f"fails {len(bad)}: {', '.join(bad[:3])}", not bad))
    report.checks.extend(read_zip(data, pdf, deck, bounded.MAX_BYTES))



def check_pdf(data: bytes, report: Report, built: Built | Deck | None, own: bool = False) -> Deck | None:
    """The checks of a kit PDF or a cards PDF; a cards PDF's deck is returned."""
    from pnp.deck import Deck
    from pnp.kits import registry
    from pnp.modes import Variant
    from pnp.naming import CARDS as FORMAT
    from pnp.validation.printed import read_printed

    if not data:
        raise ValidationError("is empty, not a PDF file")
    if not data.startswith(b"%PDF-"):
        raise ValidationError("is not a PDF file (it does not begin with %PDF-)")
    check_end(data)
    syntax = None
    if own and built is not None and not isinstance(built, Deck):
        # pnp's own kit bytes, rendered from `built` a moment ago: its keywords are the build's, and
        # PDFium alone reads the file (qpdf's judgement of the syntax is for files from outside)
        keywords = built.keywords
    else:
        own = False
        syntax = read_syntax_or_refuse(data)
        keywords = syntax.keywords
    kw = claims_of(keywords)
    kit = registry().get(kw["kit"])
    if kit is None:
        raise ValidationError(f"names an unknown kit {kw['kit']!r}; pnp makes {', '.join(registry())}")
    if "format" in kw:  # a print-shop file (pnp.deck), judged as a shop's preflight would
        from pnp.validation.cards import validate_deck

        if kw["format"] != FORMAT:
            raise ValidationError(f"claims the format {kw['format']!r}; pnp writes kit PDFs and {FORMAT} PDFs")
        assert syntax is not None  # a deck is read by qpdf too (pnp.validation.cards)
        return validate_deck(data, syntax, kw, kit, report, built if isinstance(built, Deck) else None)
    options, pages_claim = claimed_options(kw, kit, spec := kit.load_spec(), report)
    cats = kit.catalog(options.lang)

    # what the kit's own build prints for the options the file claims
    if built is None or isinstance(built, Deck) or built.keywords != keywords:
        from pnp.build import build_pages

        built = build_pages(kit, options, shared_measurer())
    printed = read_printed(data, want_colour=options.variant is Variant.GREYSCALE, keep_images=not own)
    checks = report.checks
    n_pages = len(printed)
    checks.append(Check("pages", str(len(built.pages)), str(n_pages), n_pages == len(built.pages)))
    checks.append(Check("page count the file claims", str(n_pages), kw["pages"], pages_claim == n_pages))
    checks.extend(structure_checks(built, printed))
    if not own:
        checks.append(_compare_check(built, printed))

    # the components the rules call for, counting only those that print
    checks.extend(component_checks(kit.expected(spec, options), printed, alternatives(built)))
    if options.variant is Variant.GREYSCALE:
        coloured = [n for n, p in enumerate(printed, 1) if p.colour]
        checks.append(Check("greyscale: no colour", "no colour on any page",
                            "none" if not coloured else f"colour on page(s) {', '.join(map(str, coloured[:6]))}", not coloured))

    # the numbers the rules text states, read from the visible text
    text = normalise("".join(p.text for p in printed))
    values = kit.text_values(spec, options)
    templates = [t for key in ("rules", "subtitle") if key in cats.strings for t in texts_of(cats.raw(key))]
    if kit.rules_text is not None:  # the kit sets its rules its own way for this print
        templates = [*kit.rules_text(cats, options), *texts_of(cats.raw("subtitle"))]
    checks.extend(stated_numbers(text, templates, values))

    # the game facts themselves
    for name, holds, detail in kit.invariants(spec):
        checks.append(Check(f"game facts: {name}", "holds", "holds" if holds else detail, holds))
    return None



def _compare_check(built: Built, printed: list[PrintedPage]) -> Check:
    """What each page prints against what the genuine kit prints (pnp's own
    bytes are that kit, and skip this); the pages' images are let go."""
    from pnp.validation import compare

    seen = [p.image for p in printed]
    for p in printed:
        p.image = None
    differ = compare.compare(seen, built, compare.rasters(compare.genuine_pdf(built), len(seen)))
    return Check("what each page prints", "what the kit prints (print mode)",
                 "the same" if not differ else f"prints differently from the kit: {'; '.join(differ[:2])}"
                 + ("; ..." if len(differ) > 2 else ""), not differ)



def tags_matching(found: Iterable[tuple[str, str]]) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """The tags each key of the rules matches, keyed by (kind, value): "kind"
    (value "") every tag of that kind, "kind:value" the tag kind:value and
    kind:value-anything (card:red matches card:red-3, not card:reddish)."""
    by_key: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for tag in found:
        by_key.setdefault((tag[0], ""), []).append(tag)
        parts = tag[1].split("-")
        for i in range(1, len(parts) + 1):
            if parts[:i] != [""]:
                by_key.setdefault((tag[0], "-".join(parts[:i])), []).append(tag)
    return by_key


def counted(want: Mapping[str, int], found: Counter[tuple[str, str]]) -> tuple[dict[str, int],
                                                                              list[tuple[str, str]]]:
    """How many of the `found` components each key of the rules matches
    (`tags_matching`), and the tags no key matches."""
    by_key = tags_matching(found)
    claimed: set[tuple[str, str]] = set()
    got: dict[str, int] = {}
    for key in want:
        kind, _, value = key.partition(":")
        hits = by_key.get((kind, value), [])
        claimed.update(hits)
        got[key] = sum(found[tag] for tag in hits)
    return got, [tag for tag in found if tag not in claimed]



def alternatives(built: Built) -> dict[int, int]:
    """The pages the kit builds to be printed in place of another (Tâb's
    solid black pieces page, instead of its grey one): {page index: index of the page it stands in for}."""
    index = {p.label: i for i, p in enumerate(built.pages)}
    return {i: index[p.instead_of] for i, p in enumerate(built.pages) if p.instead_of and p.instead_of in index}


def _printed_components(page: PrintedPage) -> Counter[tuple[str, str]]:
    return Counter((c.kind, c.value) for c in page.components if c.visible)


def component_checks(want: Mapping[str, int], printed: list[PrintedPage],
                     instead: Mapping[int, int] | None = None) -> list[Check]:
    """The components the rules call for (`want`: key -> count), counting
    only those that print, and that nothing else and nothing hidden is there.
    `instead`: pages printed in place of another ({page index: index of the
    page it stands in for}); their components are not counted again, but
    each must print the very components of the page it replaces."""
    checks: list[Check] = []
    instead = instead or {}
    found: Counter[tuple[str, str]] = Counter()
    for n, p in enumerate(printed):
        if n not in instead:
            found.update(_printed_components(p))
    for n, k in sorted(instead.items()):
        if n >= len(printed) or k >= len(printed):
            continue  # a missing page is the page count's to report
        mine, theirs = _printed_components(printed[n]), _printed_components(printed[k])
        checks.append(Check(f"page {n + 1}, printed instead of page {k + 1}", f"the components of page {k + 1}",
                            "the same" if mine == theirs else difference(theirs, mine), mine == theirs))
    got, stray = counted(want, found)
    checks += [Check(key, str(n), str(got[key]), got[key] == n) for key, n in want.items()]
    unexpected = sum(found[tag] for tag in stray)
    if unexpected:
        kinds = sorted({f"{k}:{v}" for (k, v) in stray})
        checks.append(Check("components the rules do not call for", "0", f"{unexpected} ({', '.join(kinds[:4])})", False))
    hidden: Counter[tuple[int, str, str]] = Counter((n, c.why, c.kind) for n, p in enumerate(printed, 1)
                                                    for c in p.components if not c.visible)
    said = [f"page {n}: {count} x {kind} {why}" for (n, why, kind), count in list(hidden.items())[:3]]
    checks.append(Check("components that print", "all", "all" if not hidden else
                        f"{sum(hidden.values())} do not; " + "; ".join(said) + ("; ..." if len(hidden) > 3 else ""),
                        not hidden))
    invisible = sum(p.hidden_text for p in printed)
    checks.append(Check("text that prints", "all", "all" if not invisible else f"{invisible} text runs print nothing "
                        "(invisible, covered, or off the page)", not invisible))
    return checks



def structure_checks(built: Built, printed: list[PrintedPage]) -> list[Check]:
    """Page by page against the kit's own build: size and orientation, the
    components on each page (fronts, then their backs, sheet by sheet), their
    sizes, and the text each page prints."""
    from pnp.geometry import tagged

    sizes_bad: list[str] = []
    pages_bad: list[str] = []
    scale_bad: list[str] = []
    place_bad: list[str] = []
    text_bad: list[str] = []
    memo: dict[int, Any] = {}  # id of a group's items -> their extent (repeated art shares its items)
    has_text: dict[int, bool] = {}  # id of a group's items -> whether they hold text
    for n, (page, seen) in enumerate(zip(built.pages, printed, strict=False), 1):
        w, h = seen.size_mm
        if abs(w - page.width) > SIZE_TOL or abs(h - page.height) > SIZE_TOL:
            sizes_bad.append(f"page {n} is {w:.1f} x {h:.1f} mm, not {page.width:.1f} x {page.height:.1f} mm")
        expected: dict[tuple[str, str], list[tuple[float, float]]] = {}
        places: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for g, m in tagged(page.items):
            box = group_box(g, m, memo)
            if box is not None and g.tag is not None:
                expected.setdefault(g.tag, []).append((box[2] - box[0], box[3] - box[1]))
                places.setdefault(g.tag, []).append(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        got: dict[tuple[str, str], list[tuple[float, float]]] = {}
        got_places: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for c in seen.components:
            if c.visible:
                got.setdefault((c.kind, c.value), []).append(c.size_mm)
                got_places.setdefault((c.kind, c.value), []).append(c.centre_mm(seen.origin))
        want_count = Counter({k: len(v) for k, v in expected.items()})
        got_count = Counter({k: len(v) for k, v in got.items()})
        if want_count != got_count:
            pages_bad.append(f"page {n} {difference(want_count, got_count)}")
        for tag, boxes in expected.items():
            # sizes of what is there (a missing component is reported above)
            for (ew, eh), (fw, fh) in zip(sorted(boxes), sorted(got.get(tag, [])), strict=False):
                if not (_close(fw, ew) and _close(fh, eh)):
                    scale_bad.append(f"{tag[0]}:{tag[1]} on page {n} is {fw:.1f} x {fh:.1f} mm, not {ew:.1f} x {eh:.1f} mm")
                    break
        for tag, centres in places.items():
            moved = _misplaced(centres, got_places.get(tag, []))
            if moved is not None:
                (ex, ey), (fx, fy) = moved
                place_bad.append(f"{tag[0]}:{tag[1]} on page {n} stands at {fx:.1f}, {fy:.1f} mm, not {ex:.1f}, {ey:.1f} mm")
        want_text = normalise("".join(t.text for t in reading_texts(page, has_text)))
        got_text = normalise(seen.text)
        if want_text != got_text:
            text_bad.append(f"page {n} prints {_differ(want_text, got_text)}")
    return [
        Check("paper size", "each page as the kit builds it", "as built" if not sizes_bad else "; ".join(sizes_bad[:3]), not sizes_bad),
        Check("components page by page", "as the kit builds them", "as built" if not pages_bad else "; ".join(pages_bad[:2]),
              not pages_bad),
        Check("component sizes", "as the kit builds them (within 1.5 mm)", "as built" if not scale_bad else "; ".join(scale_bad[:2]),
              not scale_bad),
        Check("component places", f"as the kit builds them (within {PLACE_TOL} mm)",
              "as built" if not place_bad else "; ".join(place_bad[:2]), not place_bad),
        Check("text page by page", "as the kit builds it", "as built" if not text_bad else "; ".join(text_bad[:2]), not text_bad),
    ]



SIZE_TOL = 0.5  # mm: page sizes
SIZE_TOL = 0.5  # mm: page sizes
PLACE_TOL = 2.0  # mm: where a component's centre stands



def _misplaced(want: list[tuple[float, float]], got: list[tuple[float, float]]) -> Any:
    """The first expected centre with no found centre within PLACE_TOL
    (each found one used once), with the nearest found; None if all match.
    A missing component is reported by the page's component check."""
    left = list(got)
    for w in want:
        if not left:
            return None
        near = min(left, key=lambda g: (g[0] - w[0]) ** 2 + (g[1] - w[1]) ** 2)
        if ((near[0] - w[0]) ** 2 + (near[1] - w[1]) ** 2) ** 0.5 > PLACE_TOL:
            return (w, near)
        left.remove(near)
    return None



def _close(found: float, want: float) -> bool:
    return abs(found - want) <= 1.5 + 0.03 * want



def group_box(g: Any, m: Any, memo: dict[int, Any]) -> tuple[float, float, float, float] | None:
    """The page box in mm (x0, y0, x1, y1, y down) of a tagged group's ink,
    placed by its page matrix m. Extents are hierarchical (four corners per
    group), and the extent of a group's items is computed once per build
    (a board's squares are inside it; the 24 backs of a colour share theirs)."""
    from pnp.geometry import apply, clip_extent

    box = _items_extent(g.items, memo)
    if box is not None and g.clip is not None:  # a group's own clip, in its own coordinates
        box = clip_extent(box, g.clip)
    if box is None:
        return None
    pts = [apply(m, x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))



def _items_extent(items: Any, memo: dict[int, Any]) -> Any:
    """The extent of a group's items in the group's own coordinates
    (pnp.geometry.extent, which keeps each items tuple's result in memo by
    identity: the built pages hold them while the memo lives)."""
    from pnp.geometry import Group, extent

    return extent(Group(items), memo)



def reading_texts(page: Any, has_text: dict[int, bool] | None = None) -> list[Any]:
    """The reading text of a built page: every text run printed at least
    SMALL_PT (the lettering in a small picture is not read), in drawing
    order. Groups without text are not entered (`has_text` remembers which,
    by the identity of their items)."""
    from pnp.geometry import IDENTITY, Group, Text, compose, group_matrix
    from pnp.validation.printed import SMALL_PT

    memo = {} if has_text is None else has_text

    def holds_text(items: Any) -> bool:
        key = id(items)
        found = memo.get(key)
        if found is None:
            found = memo[key] = any(isinstance(s, Text) or (isinstance(s, Group) and holds_text(s.items)) for s in items)
        return found

    out: list[Any] = []

    def rec(items: Any, m: Any) -> None:
        for s in items:
            if isinstance(s, Group):
                if holds_text(s.items):
                    rec(s.items, compose(m, group_matrix(s)))
            elif isinstance(s, Text) and s.size * abs(m[0] * m[3] - m[1] * m[2]) ** 0.5 >= SMALL_PT:
                out.append(s)

    rec(page.items, IDENTITY)
    return out



def difference(want: Counter[tuple[str, str]], got: Counter[tuple[str, str]]) -> str:
    """What a page lacks and what it has too many of, in words."""
    parts = []
    for label, c in (("lacks", want - got), ("has extra", got - want)):
        if c:
            items = [f"{n} x {k}:{v}" if n > 1 else f"{k}:{v}" for (k, v), n in sorted(c.items())]
            parts.append(f"{label} {', '.join(items[:4])}" + (f" (+{len(items) - 4} more)" if len(items) > 4 else ""))
    return " and ".join(parts)



def _differ(want: str, got: str) -> str:
    """Where two page texts part, as a few characters of each."""
    if not got:
        return f"no text where the kit prints {want[:20]!r}"
    if not want:
        return f"{got[:20]!r} where the kit prints no text"
    i = 0
    while i < min(len(want), len(got)) and want[i] == got[i]:
        i += 1
    return f"{got[max(0, i - 10):i + 20]!r} where the kit prints {want[max(0, i - 10):i + 20]!r}"

