"""Lines of text as a reader sees them on a rendered PDF page, read with
PDFium (character by character: origin, size, weight), knowing nothing of
our layout data. Used to judge the typesetting of the rules."""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw


@dataclass
class Line:
    text: str
    x: float  # left edge, pt
    right: float
    base: float  # baseline, pt from the bottom
    size: float
    bold: bool  # every letter bold
    chars: tuple[tuple[str, float, float], ...] = ()  # every character with its left and right edge, pt

    @property
    def words(self) -> list[str]:
        return self.text.replace("\u00a0", " ").replace("•", " ").split()


def page_lines(path: Path) -> list[list[Line]]:
    """For each page, its horizontal text lines: characters on one baseline,
    cut where the gap between two characters is wider than a column gutter."""
    pdf = pdfium.PdfDocument(str(path))
    pages: list[list[Line]] = []
    try:
        for page in pdf:
            tp = page.get_textpage()
            chars = []
            for i in range(tp.count_chars()):
                code = raw.FPDFText_GetUnicode(tp.raw, i)
                if code in (0xFFFE, 0x0D, 0x0A):
                    continue
                if code == 0x02:  # PDFium's mark for a hyphen that ends a line
                    code = ord("-")
                if raw.FPDFText_GetCharAngle(tp.raw, i) > 0.01:
                    continue  # turned text (labels along a fold, upside-down legends)
                ox, oy = ctypes.c_double(), ctypes.c_double()
                raw.FPDFText_GetCharOrigin(tp.raw, i, ctypes.byref(ox), ctypes.byref(oy))
                lft, r, b, t = (ctypes.c_double() for _ in range(4))
                raw.FPDFText_GetCharBox(tp.raw, i, *(ctypes.byref(v) for v in (lft, r, b, t)))
                mat = raw.FS_MATRIX()
                raw.FPDFText_GetMatrix(tp.raw, i, ctypes.byref(mat))
                size = raw.FPDFText_GetFontSize(tp.raw, i) * (mat.a * mat.a + mat.b * mat.b) ** 0.5  # pt on the page
                weight = raw.FPDFText_GetFontWeight(tp.raw, i)
                ch = chr(code)
                chars.append((round(oy.value, 1), ox.value, max(r.value, ox.value), size, weight >= 600, ch))
            chars.sort(key=lambda c: -c[0])
            rows: list[list] = []
            for c in chars:  # one row per baseline, then left to right
                if rows and abs(rows[-1][0][0] - c[0]) <= 0.3:
                    rows[-1].append(c)
                else:
                    rows.append([c])
            groups: list[list] = []
            for row in rows:
                row.sort(key=lambda c: c[1])
                groups.append([])
                for c in row:
                    cur = groups[-1]
                    marker = re.fullmatch(r"\s*(•|\d+\.)\s*", "".join(x[5] for x in cur)) is not None
                    if cur and c[1] - cur[-1][2] > 1.2 * c[3] and not marker:
                        groups.append([])
                    groups[-1].append(c)
            lines: list[Line] = []
            for cur in groups:
                text = "".join(c[5] for c in cur).strip()
                if text:
                    letters = [c for c in cur if c[5].isalpha()]
                    lines.append(Line(text, cur[0][1], cur[-1][2], cur[0][0], max(c[3] for c in cur),
                                      bool(letters) and all(c[4] for c in letters),
                                      tuple((c[5], c[1], c[2]) for c in cur)))
            pages.append(lines)
    finally:
        pdf.close()
    return pages


def running_text(lines: list[Line], min_size: float = 6.9) -> list[list[Line]]:
    """Columns of running text: lines of one size whose left edges line up
    (bullet text indented a little) and follow each other at one leading.
    Each column is a list of lines top to bottom; only columns of 4+ lines."""
    body = sorted((ln for ln in lines if ln.size >= min_size), key=lambda ln: (ln.x, -ln.base))
    columns: list[list[Line]] = []
    for ln in body:
        for col in columns:
            ref = col[0]
            if abs(ln.size - ref.size) < 0.3 and -0.5 <= ln.x - ref.x <= 2.2 * ref.size:
                col.append(ln)
                break
        else:
            columns.append([ln])
    out = []
    for col in columns:
        if sorted(len(ln.text) for ln in col)[len(col) // 2] < 20:
            continue  # labels stacked on a picture, not running text
        col.sort(key=lambda ln: -ln.base)
        # running text has a neighbour one leading away (1.22 x size; a one-line
        # paragraph between two gaps 1.65 x); the rows of a table lie further apart
        near = [min((abs(ln.base - o.base) for o in col if o is not ln), default=99.0) for ln in col]
        col[:] = [ln for ln, d in zip(col, near, strict=True) if d <= 1.7 * ln.size]
        if len(col) < 4:
            continue
        # split where the gap is far more than a paragraph's
        run: list[Line] = [col[0]]
        for a, b in zip(col, col[1:], strict=False):
            if a.base - b.base > 3.2 * a.size:
                if len(run) >= 4:
                    out.append(run)
                run = []
            run.append(b)
        if len(run) >= 4:
            out.append(run)
    return out


def lines_between(lines: list[Line], first: str, last: str) -> list[Line]:
    """The lines of a page from the highest line holding `first` down to the
    lowest holding `last` (a box's lines, read as printed, side by side
    boxes included)."""
    top = max(ln.base for ln in lines if first in ln.text)
    bottom = min(ln.base for ln in lines if last in ln.text)
    return [ln for ln in lines if bottom - 0.5 <= ln.base <= top + 0.5]
