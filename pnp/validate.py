"""The rules validator: reads a rendered PDF and checks it against the rules.

It trusts nothing but the file. From the file it reads which kit, language,
paper and player count it claims to be (the PDF keywords), counts the
components actually drawn (marked-content sequences that contain painting
operators), reads the rules text back out of the pages, and compares all
of that with the game facts and the catalogs: the counts the rules demand,
the numbers the rules must state, the paper size, the page count, and the
invariants of the game facts themselves.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import PnpError, ValidationError
from pnp.geometry import PT


@dataclass(frozen=True)
class Check:
    component: str
    expected: str
    found: str
    ok: bool


@dataclass
class Report:
    file: Path
    info: dict[str, str] = field(default_factory=dict)
    checks: list[Check] = field(default_factory=list)
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None and all(c.ok for c in self.checks)

    def problems(self) -> list[str]:
        if self.error is not None:
            return [f"{self.file}: {self.error}"]
        return [f"{self.file}: {c.component}: expected {c.expected}, found {c.found}" for c in self.checks if not c.ok]

    def to_json(self) -> dict[str, Any]:
        return {
            "file": str(self.file),
            "ok": self.ok,
            "error": self.error,
            **{k: v for k, v in self.info.items()},
            "checks": [c.__dict__ for c in self.checks],
        }


def read_keywords(text: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in text.split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k.strip()] = v.strip()
    return out


_TOKENS = re.compile(
    rb"/pnp\s*<<\s*/K\s*\(((?:\\.|[^\\)])*)\)\s*/V\s*\(((?:\\.|[^\\)])*)\)\s*>>\s*BDC"  # a pnp component
    rb"|\((?:\\.|[^\\)])*\)"  # a string: skipped
    rb"|<[0-9A-Fa-f\s]*>"  # a hex string: skipped
    rb"|(?<![A-Za-z*\'\"])(BDC|BMC|EMC|f\*|B\*|b\*|[fFSsBb]|Tj|TJ|Do|sh|\'|\")(?![A-Za-z*])"
)


def count_components(reader: Any) -> Counter[tuple[str, str]]:
    """(kind, value) -> how many marked components contain any painting.

    A small scanner over each page's decoded content stream: it follows
    marked-content nesting and notes painting operators inside it."""
    found: Counter[tuple[str, str]] = Counter()
    for page in reader.pages:
        contents = page.get_contents()
        if contents is None:
            continue
        stack: list[list[Any]] = []  # [tag or None, painted]
        for m in _TOKENS.finditer(contents.get_data()):
            if m.group(1) is not None:
                stack.append([(m.group(1).decode("latin-1"), m.group(2).decode("latin-1")), False])
                continue
            op = m.group(3)
            if op is None:
                continue
            if op in (b"BDC", b"BMC"):
                stack.append([None, False])
            elif op == b"EMC":
                if stack:
                    tag, painted = stack.pop()
                    if tag is not None and painted:
                        found[tag] += 1
                    if stack and painted:
                        stack[-1][1] = True
            elif stack:
                stack[-1][1] = True
    return found


def extract_text(path: Path) -> str:
    """All text of the document (pdfium: fast, and independent of the
    library that wrote the file)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(path))
    try:
        parts = []
        for page in doc:
            tp = page.get_textpage()
            parts.append(tp.get_text_range())
            tp.close()
            page.close()
        return "\n".join(parts)
    finally:
        doc.close()


def matches(key: str, tag: tuple[str, str]) -> bool:
    kind, _, value = key.partition(":")
    if tag[0] != kind:
        return False
    return not value or tag[1] == value or tag[1].startswith(value + "-")


_MARKUP = re.compile(r"\*\*|\*")
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
            want = re.sub(r"\s+", "", str(values.get(name)))
            checks.append(Check(f"rules text states {name}", want, got, got == want))
    return checks


def validate_file(path: Path) -> Report:
    report = Report(path)
    try:
        _validate(path, report)
    except ValidationError as e:
        report.error = str(e)
    except PnpError as e:
        report.error = f"cannot be checked: {e}"
    except Exception as e:  # noqa: BLE001 - a damaged file must give one line, never a traceback
        report.checks.clear()
        report.error = f"is a damaged PDF: {type(e).__name__}: {e}"
    return report


def _validate(path: Path, report: Report) -> None:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    from pnp.i18n import load_catalog
    from pnp.kits import registry
    from pnp.options import BACKS, VARIANTS, Options
    from pnp.paper import PAPERS

    try:
        data = path.read_bytes()
    except OSError as e:
        raise ValidationError(f"cannot be read: {e.strerror or e}") from None
    if not data.startswith(b"%PDF-"):
        raise ValidationError("is not a PDF file")
    if b"%%EOF" not in data[-1024:]:
        raise ValidationError("is truncated: the PDF has no end-of-file marker")
    try:
        reader = PdfReader(path, strict=True)
        meta = reader.metadata or {}
        kw = read_keywords(str(meta.get("/Keywords", "")))
        n_pages = len(reader.pages)
    except (PyPdfError, ValueError, KeyError, OSError) as e:
        raise ValidationError(f"is a damaged PDF: {e}") from None
    if "pnp" not in kw or "kit" not in kw:
        raise ValidationError("is a PDF that pnp did not make (no pnp keywords)")
    kits = registry()
    kit = kits.get(kw["kit"])
    lang, paper_id = kw.get("lang", "?"), kw.get("paper", "?")
    cats = {}
    if kit is None:
        raise ValidationError(f"names an unknown kit {kw['kit']!r}")
    if paper_id not in PAPERS:
        raise ValidationError(f"names an unknown paper {paper_id!r}")
    try:
        cats = load_catalog(kit.id, lang)
    except PnpError:
        raise ValidationError(f"names an unknown language {lang!r}") from None
    players = None if kw.get("players", "all") == "all" else int(kw["players"])
    backs = kw.get("backs", "none")
    variant = kw.get("variant", "colour")
    if backs not in BACKS or variant not in VARIANTS:
        raise ValidationError(f"has unknown options backs={backs!r} variant={variant!r}")
    options = Options(lang, PAPERS[paper_id], players, backs if "backs" in kit.options else "duplex-long",
                      variant=variant)
    spec = kit.load_spec()
    report.info = {"kit": kit.id, "lang": lang, "paper": paper_id, "players": kw.get("players", "all"),
                   "backs": backs}
    checks = report.checks

    # the page count the file claims, and the paper
    claimed = int(kw.get("pages", "0"))
    checks.append(Check("pages", str(claimed), str(n_pages), claimed == n_pages))
    paper = PAPERS[paper_id]
    sizes_ok = True
    for page in reader.pages:
        w, h = float(page.mediabox.width) * PT, float(page.mediabox.height) * PT
        dims = sorted((w, h))
        if abs(dims[0] - paper.width) > 0.1 or abs(dims[1] - paper.height) > 0.1:
            sizes_ok = False
    checks.append(Check("paper size", f"{paper.width} x {paper.height} mm", "all pages" if sizes_ok else "other sizes",
                        sizes_ok))
    if players is not None:
        counts = kit.player_counts(spec)
        checks.append(Check("player count", f"one of {list(counts)}", str(players), players in counts))

    # the components drawn in the file
    found = count_components(reader)
    want = kit.expected(spec, options)
    for key, n in want.items():
        got = sum(c for tag, c in found.items() if matches(key, tag))
        checks.append(Check(key, str(n), str(got), got == n))
    unexpected = sum(c for tag, c in found.items() if not any(matches(k, tag) for k in want))
    if unexpected:
        kinds = sorted({f"{k}:{v}" for (k, v) in found if not any(matches(key, (k, v)) for key in want)})
        checks.append(Check("components the rules do not call for", "0", f"{unexpected} ({', '.join(kinds[:4])})", False))

    # the numbers the rules text states, in this file's language
    text = normalise(extract_text(path))
    values = kit.text_values(spec, options)
    templates = [t for key in ("rules", "subtitle") if key in cats.strings for t in _as_list(cats.raw(key))]
    checks.extend(stated_numbers(text, templates, values))

    # the game facts themselves
    for name, holds, detail in kit.invariants(spec):
        checks.append(Check(f"game facts: {name}", "holds", "holds" if holds else detail, holds))


def _as_list(v: str | list[str]) -> list[str]:
    return [v] if isinstance(v, str) else list(v)


def compact(checks: list[Check]) -> list[Check]:
    """For the table: many rows of one kind (Ludo's 96 cards) fold into one
    row per group (the key less its last '-' part)."""
    if len(checks) <= 40:
        return checks
    groups: dict[str, list[Check]] = {}
    order: list[str] = []
    for i, c in enumerate(checks):
        g = c.component.rsplit("-", 1)[0] if c.component.count("-") >= 2 and ":" in c.component else f"{i}\0{c.component}"
        if g not in groups:
            order.append(g)
            groups[g] = []
        groups[g].append(c)
    out = []
    for g in order:
        cs = groups[g]
        if len(cs) == 1 or "\0" in g:
            out.extend(cs)
            continue
        try:
            exp = sum(int(c.expected) for c in cs)
            got = sum(int(c.found) for c in cs)
        except ValueError:
            out.extend(cs)
            continue
        out.append(Check(f"{g} ({len(cs)} kinds)", str(exp), str(got), all(c.ok for c in cs)))
    return out


def report_table(r: Report) -> str:
    if r.error is not None:
        return f"{r.file}: {r.error}"
    info = ", ".join(f"{k} {v}" for k, v in r.info.items())
    rows = [(c.component, c.expected, c.found, "ok" if c.ok else "FAIL") for c in compact(r.checks)]
    w = [max(len(x[i]) for x in [*rows, ("component", "expected", "found", "ok")]) for i in range(4)]
    w[0] = min(w[0], 60)
    lines = [f"{r.file} ({info})", "  " + "  ".join(h.ljust(w[i]) for i, h in enumerate(("component", "expected", "found", "ok")))]
    for row in rows:
        lines.append("  " + "  ".join(cell[: w[i]].ljust(w[i]) for i, cell in enumerate(row)))
    return "\n".join(lines)


def summary_line(reports: list[Report]) -> str:
    bad = [r for r in reports if not r.ok]
    checks = sum(len(r.checks) for r in reports)
    verdict = "all hold" if not bad else f"{len(bad)} file(s) FAILED"
    return f"validated {len(reports)} file(s), {checks} checks: {verdict}"
