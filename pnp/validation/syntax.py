"""The PDF's structure, read with pikepdf (qpdf): it opens what readers
open (linearised files, object streams, uncompressed --qdf files, AES
files with an owner password only), parses every content stream into
operators, and decodes every stream, so this module only has to judge what
qpdf reads.

Limits keep the work bounded whatever the file holds: object count, page
count, operators per file, and nesting depth of marked content and of the
graphics state (the run in a child process is the hard limit behind them).
"""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

MAX_OBJECTS = 50_000
MAX_PAGES = 500
MAX_OPERATORS = 2_000_000
MAX_NESTING = 32  # marked content and q/Q; pnp kits nest a few levels

# Every operator of PDF 32000-1 (Annex A) with its operand count (None: varies).
OPERATORS: dict[str, int | None] = {
    "b": 0, "B": 0, "b*": 0, "B*": 0, "BDC": 2, "BI": 0, "BMC": 1, "BT": 0, "BX": 0, "c": 6, "cm": 6,
    "CS": 1, "cs": 1, "d": 2, "d0": 2, "d1": 6, "Do": 1, "DP": 2, "EI": 0, "EMC": 0, "ET": 0, "EX": 0,
    "f": 0, "F": 0, "f*": 0, "G": 1, "g": 1, "gs": 1, "h": 0, "i": 1, "ID": 0, "j": 1, "J": 1, "K": 4,
    "k": 4, "l": 2, "m": 2, "M": 1, "MP": 1, "n": 0, "q": 0, "Q": 0, "re": 4, "RG": 3, "rg": 3, "ri": 1,
    "s": 0, "S": 0, "SC": None, "sc": None, "SCN": None, "scn": None, "sh": 1, "T*": 0, "Tc": 1, "Td": 2,
    "TD": 2, "Tf": 2, "Tj": 1, "TJ": 1, "TL": 1, "Tm": 6, "Tr": 1, "Ts": 1, "Tw": 1, "Tz": 1, "v": 4,
    "w": 1, "W": 0, "W*": 0, "y": 4, "'": 1, '"': 3,
}
# operators whose operands are read (the others are only checked to be
# operators: reading every operand of a large page costs more than parsing
# it; qpdf has already tokenised them, so a `nan` is an unknown operator)
_READ = {"BDC", "BMC", "EMC", "q", "Q", "Tf", "Tj", "TJ", "'", '"', "Do"}


class Invalid(Exception):
    """The file is not a valid PDF, or breaks a limit: one line."""


@dataclass
class Syntax:
    keywords: str
    pages: int
    media_boxes: list[tuple[float, float, float, float]]
    crop_boxes: list[tuple[float, float, float, float]]


def _num(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float | Decimal):
        return float(x)
    return None


def _box(page: Any, name: str) -> tuple[float, float, float, float]:
    box = page.obj.get(name)
    if box is None:
        box = page.mediabox
    vals = [_num(v) for v in box]
    nums = [v for v in vals if v is not None and math.isfinite(v)]
    if len(vals) != 4 or len(nums) != 4:
        raise Invalid(f"has a page whose {name[1:]} is not four numbers")
    x0, y0, x1, y1 = nums
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def read_syntax(data: bytes) -> Syntax:
    import pikepdf

    try:
        # no quiet repair: a file a reader has to rebuild is damaged, whatever the rebuild then shows
        pdf = pikepdf.open(io.BytesIO(data), attempt_recovery=False)
    except pikepdf.PasswordError:
        raise Invalid("is locked with a password; a pnp kit never is (it must open in any reader without one)") from None
    except pikepdf.PdfError as e:
        raise Invalid(f"is damaged: {_where(e)}; a reader would have to repair it") from None
    with pdf:
        if len(pdf.objects) > MAX_OBJECTS:
            raise Invalid(f"has {len(pdf.objects)} objects; a pnp kit has a few hundred (limit {MAX_OBJECTS})")
        try:
            n_pages = len(pdf.pages)
        except pikepdf.PdfError as e:
            raise Invalid(f"is a damaged PDF: its page tree cannot be read ({_first_line(e)})") from None
        if n_pages > MAX_PAGES:
            raise Invalid(f"has {n_pages} pages; a pnp kit has at most {MAX_PAGES}")
        kw = pdf.docinfo.get("/Keywords") if "/Info" in pdf.trailer else None
        keywords = str(kw) if isinstance(kw, pikepdf.String) else ""
        out = Syntax(keywords, n_pages, [], [])
        _check_streams(pdf, data)  # damage first: a damaged stream is not judged by what it inflates to
        budget = [MAX_OPERATORS]
        fonts: dict[tuple[int, int], tuple[str, Any, set[int]]] = {}
        done: dict[tuple[Any, ...], tuple[int, list[str]]] = {}  # see _content
        for n, page in enumerate(pdf.pages, 1):
            try:
                out.media_boxes.append(_box(page, "/MediaBox"))
                out.crop_boxes.append(_box(page, "/CropBox"))
                unit = page.obj.get("/UserUnit")
                if unit is not None and _num(unit) != 1.0:
                    raise Invalid(f"page {n} sets /UserUnit {unit}: readers that honour it (Acrobat) print it at "
                                  f"{_num(unit) or 0:g} times the size; a pnp kit prints at 100 %")
                _content(page, page.obj.get("/Resources"), n, budget, fonts, set(), 0, done)
            except Invalid:
                raise
            except (pikepdf.PdfError, ValueError, TypeError, KeyError, AttributeError) as e:
                raise Invalid(f"page {n}: its content cannot be read ({_first_line(e)})") from None
        for name, res, codes in fonts.values():
            _check_font(name, res, codes)
        warnings = pdf.get_warnings()
        if warnings:
            raise Invalid(f"is damaged: {_where(warnings[0])}; a reader would have to repair it")
    return out


MAX_INFLATED = 64 * 1024 * 1024  # bytes all of a file's compressed streams may inflate to


def _where(e: BaseException | str) -> str:
    """qpdf's message less the name of the in-memory input it read from."""
    line = _first_line(e) if isinstance(e, BaseException) else str(e).strip().splitlines()[0]
    line = re.sub(r"^stream <[^>]*>:?\s*", "", line)
    line = re.sub(r"^\(([^)]*)\):\s*", r"\1: ", line)
    return line if len(line) <= 160 else line[:157] + "..."


def _check_streams(pdf: Any, data: bytes) -> None:
    """Every Flate stream inflates whole and matches its own checksum
    (zlib's Adler-32), which qpdf does not check: bytes flipped inside a
    compressed stream often still inflate, into other drawing instructions
    or another glyph, and readers then draw whatever comes out."""
    import zlib

    import pikepdf

    left = MAX_INFLATED
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Stream):
            continue
        filters = obj.get("/Filter")
        if isinstance(filters, pikepdf.Array):
            filters = filters[0] if len(filters) >= 1 else None
        if filters != "/FlateDecode":
            continue
        raw = obj.read_raw_bytes()
        inflate = zlib.decompressobj()
        problem = None
        try:
            out = inflate.decompress(raw, left + 1)
            left -= len(out)
            if left < 0:
                raise Invalid(f"has compressed streams that inflate to more than {MAX_INFLATED // 2**20} MB; "
                              f"a pnp kit's streams inflate to a few MB")
            if not inflate.eof:
                problem = "its compressed data ends before the stream does"
        except zlib.error as e:
            problem = f"its compressed data is corrupt ({e})".replace("Error -3 while decompressing data: ", "")
        if problem is not None:
            at = data.find(raw) if len(raw) >= 16 else -1
            where = f" at byte {at}" if at >= 0 else ""
            raise Invalid(f"is damaged: stream object {obj.objgen[0]}{where} ({_what(pdf, obj.objgen)}): {problem}; "
                          f"readers draw whatever comes out of it")


def _what(pdf: Any, objgen: tuple[int, int]) -> str:
    """What a stream is to a reader: a page's content, a form it draws, a
    font program, or something else."""
    import pikepdf

    for n, page in enumerate(pdf.pages, 1):
        contents = page.obj.get("/Contents")
        for c in (contents if isinstance(contents, pikepdf.Array) else [contents]):
            if isinstance(c, pikepdf.Object) and c.is_indirect and c.objgen == objgen:
                return f"page {n}'s content"
        res = page.obj.get("/Resources")
        if not isinstance(res, pikepdf.Dictionary):
            continue
        for xo in (res.get("/XObject") or {}).values():
            if isinstance(xo, pikepdf.Object) and xo.is_indirect and xo.objgen == objgen:
                return f"a picture page {n} draws"
        for font in (res.get("/Font") or {}).values():
            desc = font.get("/FontDescriptor") if isinstance(font, pikepdf.Dictionary) else None
            ff = desc.get("/FontFile2") if isinstance(desc, pikepdf.Dictionary) else None
            if isinstance(ff, pikepdf.Object) and ff.is_indirect and ff.objgen == objgen:
                return f"the embedded font {font.get('/BaseFont', '?')}"
    return "not drawn on any page"


def _first_line(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    line = text[0] if text else type(e).__name__
    return line if len(line) <= 160 else line[:157] + "..."


def _content(content: Any, resources: Any, n: int, budget: list[int], fonts: dict[tuple[int, int], tuple[str, Any, set[int]]],
             seen: set[tuple[int, int]], depth: int, done: dict[tuple[Any, ...], tuple[int, list[str]]],
             memo: tuple[Any, ...] | None = None) -> None:
    """Parse a page's content (or a form XObject's it draws): every
    operator known, marked content and saved states balanced and shallow,
    the character codes shown in each font noted; then the forms it draws.

    A form drawn on many pages is parsed once for the same resources
    (`memo`, its key in `done`): another page that draws it counts its
    operators again and walks the forms it draws again (so the limits are
    the same), but the verdict of its stream and the codes it shows in each
    font are those already found."""
    import pikepdf

    if depth > MAX_NESTING:
        raise Invalid(f"page {n}: form XObjects draw each other more than {MAX_NESTING} deep")
    if not isinstance(resources, pikepdf.Dictionary):
        resources = pikepdf.Dictionary()
    known_form = done.get(memo) if memo is not None else None
    if known_form is None:
        count, drawn = _parse(content, resources, n, budget, fonts)
        if memo is not None:
            done[memo] = (count, drawn)
    else:
        count, drawn = known_form
        budget[0] -= count
        if budget[0] < 0:
            raise Invalid(f"has more than {MAX_OPERATORS} drawing operators; a pnp kit has far fewer")
    forms = resources.get("/XObject", {})
    for name in drawn:
        form = forms.get(name) if hasattr(forms, "get") else None
        if not isinstance(form, pikepdf.Stream) or form.get("/Subtype") != "/Form":
            continue
        key = form.objgen if form.is_indirect else (id(form), -1)
        if key in seen:
            continue
        seen.add(key)
        own = form.get("/Resources")
        # the memo holds only where the same stream is read with the same resources
        same = ("own",) if own is not None else (resources.objgen,) if resources.is_indirect else None
        _content(form, own if own is not None else resources, n, budget, fonts, seen, depth + 1, done,
                 (key, *same) if same is not None and form.is_indirect else None)


_NESTING = ("BDC", "BMC", "EMC", "q", "Q")


def _operator(inst: Any, n: int) -> str | None:
    """The operator of one instruction if the checks read it, None if they
    need not; an operator PDF does not have, or one with the wrong number
    of operands, is an error."""
    op = str(inst.operator)
    if op not in _READ:
        if op not in OPERATORS:
            shown = op if len(op) <= 20 else op[:20] + "..."
            raise Invalid(f"page {n}: the drawing instructions contain {shown!r}, which is not a PDF operator "
                          f"(a page that readers draw blank or wrong)")
        return None
    arity = OPERATORS[op]
    if arity is not None and len(inst.operands) != arity:
        raise Invalid(f"page {n}: the operator {op!r} has {len(inst.operands)} operands instead of {arity}")
    return op


def _nest(op: str, marks: int, saves: int, n: int) -> tuple[int, int]:
    """The marked-content and graphics-state depths after `op`, each within
    MAX_NESTING; marked content never ends more often than it begins."""
    if op in ("BDC", "BMC"):
        marks += 1
        if marks > MAX_NESTING:
            raise Invalid(f"page {n}: marked content nests more than {MAX_NESTING} deep; a pnp kit nests a few levels")
    elif op == "EMC":
        marks -= 1
        if marks < 0:
            raise Invalid(f"page {n}: marked content ends (EMC) more often than it begins")
    elif op == "q":
        saves += 1
        if saves > MAX_NESTING:
            raise Invalid(f"page {n}: the graphics state is saved more than {MAX_NESTING} deep")
    elif op == "Q":
        saves -= 1
    return marks, saves


def _font_codes(name: str, font_res: Any, fonts: dict[tuple[int, int], tuple[str, Any, set[int]]], n: int) -> set[int]:
    """The set collecting the codes shown in the font `name` of these
    resources (one set per font object, shared across pages)."""
    import pikepdf

    res = font_res.get(name) if hasattr(font_res, "get") else None
    if not isinstance(res, pikepdf.Dictionary):
        raise Invalid(f"page {n}: text uses the font {name}, which the page does not have")
    key = res.objgen if res.is_indirect else (id(res), -1)
    return fonts.setdefault(key, (str(res.get("/BaseFont", "?")), res, set()))[2]


def _parse(content: Any, resources: Any, n: int, budget: list[int],
           fonts: dict[tuple[int, int], tuple[str, Any, set[int]]]) -> tuple[int, list[str]]:
    """The checks of one content stream; its operator count and the names
    of the XObjects it draws (each once, in order)."""
    import pikepdf

    marks = 0
    saves = 0
    font_res = resources.get("/Font", {})
    drawn: list[str] = []
    current: set[int] | None = None
    chosen: dict[str, set[int]] = {}  # font name -> the codes shown in it
    instructions = pikepdf.parse_content_stream(content)
    budget[0] -= len(instructions)
    if budget[0] < 0:
        raise Invalid(f"has more than {MAX_OPERATORS} drawing operators; a pnp kit has far fewer")
    for inst in instructions:
        if isinstance(inst, pikepdf.ContentStreamInlineImage):  # BI ... ID ... EI, parsed whole by qpdf
            continue
        op = _operator(inst, n)
        if op is None:
            continue
        operands = inst.operands
        if op in _NESTING:
            marks, saves = _nest(op, marks, saves, n)
        elif op == "Tf":
            current = chosen.get(str(operands[0]))
            if current is None:  # each font of these resources looked up once
                current = chosen[str(operands[0])] = _font_codes(str(operands[0]), font_res, fonts, n)
        elif op in ("Tj", "'", '"', "TJ"):
            if current is None:
                raise Invalid(f"page {n}: text is shown before a font is chosen")
            for s in (operands[-1] if op == "TJ" else operands[-1:]):
                if isinstance(s, pikepdf.String):
                    current.update(bytes(s))
        elif op == "Do":
            drawn.append(str(operands[0]))
    if marks != 0:
        raise Invalid(f"page {n}: marked content begins (BDC) more often than it ends")
    return len(instructions), list(dict.fromkeys(drawn))


def _check_font(name: str, res: Any, codes: set[int]) -> None:
    """An embedded TrueType program must decompress, parse, have every
    table intact (its checksum), and have a glyph for every character code
    the text shows (fontTools)."""
    import pikepdf
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.sfnt import calcChecksum

    desc = res.get("/FontDescriptor")
    ff = desc.get("/FontFile2") if isinstance(desc, pikepdf.Dictionary) else None
    if not isinstance(ff, pikepdf.Stream):
        return
    try:
        program = ff.read_bytes()
    except pikepdf.PdfError as e:
        raise Invalid(f"the embedded font {name} is damaged: it does not decompress ({_first_line(e)})") from None
    try:
        font = TTFont(io.BytesIO(program))
        for tag, entry in font.reader.tables.items():
            data = font.reader[tag]
            if tag == "head":
                data = data[:8] + b"\0\0\0\0" + data[12:]  # the file's checksum adjustment is not summed
            if calcChecksum(data) != entry.checkSum:
                raise Invalid(f"the embedded font {name} is damaged: its {tag.strip()} table does not match its checksum")
        table = font["cmap"]
        cmap = table.getcmap(1, 0) or table.getcmap(3, 0) or table.getcmap(3, 1)
        mapping = cmap.cmap if cmap is not None else {}
        glyf = font["glyf"]
        for code in sorted(codes):
            glyph = mapping.get(code)
            if glyph is None or glyph not in glyf:
                raise Invalid(f"the embedded font {name} has no glyph for character code {code} that the text "
                              f"shows (readers print a box or '?')")
        _check_glyphs(name, res, codes, mapping, glyf)
    except Invalid:
        raise
    except Exception as e:  # noqa: BLE001 - any fault in a font program is a damaged font
        raise Invalid(f"the embedded font {name} is damaged ({type(e).__name__}: {_first_line(e)})") from None


def _check_glyphs(name: str, res: Any, codes: set[int], mapping: dict[int, str], glyf: Any) -> None:
    """Text is read by its glyphs, not only by its ToUnicode map: for every
    code the text shows, the embedded glyph must be the outline pnp's own
    font has for the character ToUnicode says it is. A font whose '1' was
    emptied, or digits swapped in the text and swapped back in ToUnicode
    (the page prints 76 where text extraction reads 16), fail here."""
    import pikepdf

    to_unicode = res.get("/ToUnicode")
    if not isinstance(to_unicode, pikepdf.Stream):
        return  # text without a map reads as its codes: the page text check compares those
    reads = _read_to_unicode(to_unicode.read_bytes())
    ref = reference_font(name.lstrip("/").split("+", 1)[-1])
    if ref is None:
        raise Invalid(f"embeds the font {name}, which is not one pnp sets its kits in")
    ref_cmap, ref_glyf = ref
    for code in sorted(codes):
        ch = reads.get(code)
        if ch is None or len(ch) != 1 or ch == "\0":
            continue
        want = ref_cmap.get(ord(ch))
        if want is None:
            raise Invalid(f"the embedded font {name} shows character code {code} as {ch!r} (ToUnicode), which "
                          f"pnp's font has no glyph for")
        got = _outline(glyf, mapping[code])
        if got != _outline(ref_glyf, want):
            what = "nothing" if not got[0] and _outline(ref_glyf, want)[0] else "another glyph"
            if got[0]:  # whose glyph it is, if it is one of the printable ASCII characters
                same = next((c for c in map(chr, range(33, 127)) if c in _ascii(ref_cmap)
                             and _outline(ref_glyf, ref_cmap[ord(c)]) == got), None)
                what = f"the glyph of {same!r}" if same is not None else what
            raise Invalid(f"the embedded font {name} draws {what} for character code {code}, which its text "
                          f"(ToUnicode) reads as {ch!r}: the page prints what its text does not say")


def _ascii(cmap: dict[int, str]) -> set[str]:
    return {chr(c) for c in range(33, 127) if c in cmap}


def _outline(glyf: Any, glyph: str) -> tuple[list[tuple[float, float]], list[int]]:
    coords, ends, _flags = glyf[glyph].getCoordinates(glyf)
    return [tuple(p) for p in coords], list(ends)


@cache
def reference_font(stem: str) -> tuple[dict[int, str], Any] | None:
    """pnp's own font file named `stem` (DejaVuSansCondensed-Bold): its
    character map and glyph table, read once per process (the validator
    loads them before it forks a child per file)."""
    from fontTools.ttLib import TTFont

    from pnp import paths
    from pnp.fonts import FONT_FILES

    for file in FONT_FILES.values():
        if file.rsplit(".", 1)[0] == stem:
            font = TTFont(str(paths.FONTS / file), lazy=True)
            return font.getBestCmap(), font["glyf"]
    return None


_BF = re.compile(rb"beginbf(char|range)(.*?)endbf(?:char|range)", re.S)
_HEX = re.compile(rb"<([0-9A-Fa-f]*)>")


def _read_to_unicode(data: bytes) -> dict[int, str]:
    """Code -> text of a ToUnicode CMap's bfchar and bfrange entries (the
    forms pnp's fonts use: one-byte codes)."""
    out: dict[int, str] = {}

    def text(h: bytes) -> str:
        return bytes.fromhex(h.decode()).decode("utf-16-be", "replace") if len(h) % 4 == 0 else ""

    for kind, body in _BF.findall(data[:1_000_000]):
        vals = _HEX.findall(body)
        if kind == b"char":
            for code, uni in zip(vals[0::2], vals[1::2], strict=False):
                if code:
                    out[int(code, 16)] = text(uni)
        else:
            for lo, hi, uni in zip(vals[0::3], vals[1::3], vals[2::3], strict=False):
                if lo and hi and len(uni) == 4 and len(out) < 65536:  # one-byte codes: 256 would do
                    start = int(uni, 16)
                    for i, code in enumerate(range(int(lo, 16), min(int(hi, 16), int(lo, 16) + 255) + 1)):
                        out[code] = chr(min(start + i, 0x10FFFF))
    return out
