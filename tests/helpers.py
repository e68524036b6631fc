"""Shared constants and geometry helpers for the tests.

Expected numbers come from the print facts (paper sizes, the 6.35 mm safe
margin, the scale bar) and from the game facts, never from pnp's output.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from pnp.geometry import Box, Group, Matrix, Page, Rect, Shape, Style, Text, shape_box, walk
from pnp.i18n import languages
from pnp.kits import registry
from pnp.paper import PAPERS

KIT_IDS: tuple[str, ...] = tuple(registry())
LANGS: tuple[str, ...] = languages()
PAPER_IDS: tuple[str, ...] = tuple(PAPERS)
COMBOS = [(k, lg, p) for k in KIT_IDS for lg in LANGS for p in PAPER_IDS]

INCH = 25.4  # mm
PT = INCH / 72  # mm
SAFE_MARGIN = INCH / 4  # 6.35 mm: nothing inked closer to a paper edge (print facts)
# Portrait sizes in mm, from the print facts.
PAPER_MM = {"a4": (210.0, 297.0), "letter": (8.5 * INCH, 11 * INCH)}
# The scale check: 50 mm on A4 kits, 2 in on Letter kits (print facts).
SCALE_BAR_MM = {"a4": 50.0, "letter": 2 * INCH}
MIN_RULES_PT = 7.0  # legibility floor of rules pages


def safe_box(page: Page) -> Box:
    """The safe area of a page, computed from its own size."""
    return Box(SAFE_MARGIN, SAFE_MARGIN, page.width - 2 * SAFE_MARGIN, page.height - 2 * SAFE_MARGIN)


def texts(items: Iterable[Shape]) -> list[Text]:
    return [s for s, _, _ in walk(items) if isinstance(s, Text)]


def joined_text(page: Page) -> str:
    """All text of a page in drawing order, whitespace normalised. A run that
    starts where the previous one ended (a change of font within a word, as
    in "(**see a**)") joins it without a space; other runs are separate."""
    out: list[str] = []
    end: tuple[float, float] | None = None
    for s, m, _ in walk(page.items):
        if not isinstance(s, Text):
            continue
        x = s.x - {"start": 0.0, "middle": s.width / 2, "end": s.width}[s.anchor]
        start = (m[4] + x, m[5] + s.y) if m[:4] == (1.0, 0.0, 0.0, 1.0) else None
        glued = start is not None and end is not None and abs(start[0] - end[0]) < 1e-6 and abs(start[1] - end[1]) < 1e-6
        out.append(s.text if glued or not out else " " + s.text)
        end = None if start is None else (start[0] + s.width, start[1])
    return normalise("".join(out))


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def geom_box(s: Shape, m: Matrix) -> Box:
    """The page-space box of a leaf shape without its stroke width: where the
    shape is, not where its ink spreads (butted cut lines share edges)."""
    if isinstance(s, Text):
        return shape_box(s, m)
    return shape_box(replace(s, style=Style(stroke=None, fill=None)), m)


def group_box(g: Group, m: Matrix) -> Box:
    """The geometric box of everything inside a group placed by matrix m."""
    box: Box | None = None
    for s, mm, _ in walk(g.items, m):
        b = geom_box(s, mm)
        box = b if box is None else box.union(b)
    assert box is not None, f"empty group {g.tag}"
    return box


def rects_in(g: Group, m: Matrix) -> Iterator[tuple[Rect, Box]]:
    """Every Rect inside a group with its page-space geometric box."""
    for s, mm, _ in walk(g.items, m):
        if isinstance(s, Rect):
            yield s, geom_box(s, mm)



def components(page: Page) -> list[tuple[Group, Matrix]]:
    """The top-level tagged groups of a page (not those inside another
    tagged group, as a board's squares are inside the board)."""
    from pnp.geometry import tagged

    found = list(tagged(page.items))
    inner: set[int] = set()

    def mark(items: Iterable[Shape]) -> None:
        for s in items:
            if isinstance(s, Group):
                if s.tag is not None:
                    inner.add(id(s))
                mark(s.items)

    for g, _ in found:
        mark(g.items)
    return [(g, m) for g, m in found if id(g) not in inner]


def need_tool(name: str) -> str:
    """The path of a system tool the render tests use. Missing, it fails the
    test that needs it (never a skip): `make system-deps` installs them."""
    import pytest

    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is not installed; run `make system-deps` (poppler-utils and qpdf)", pytrace=False)
    return path


def placed_reading_text(page: Page) -> list[tuple[Text, Matrix]]:
    """Text a reader reads, with its page transform: not the lettering inside
    a scaled-down picture (the Ludo rules draw whole cards, small, as the
    original's pictures)."""
    return [(s, m) for s, m, groups in walk(page.items) if isinstance(s, Text) and all(g.scale == 1.0 for g in groups)]


def reading_text(page: Page) -> list[Text]:
    return [t for t, _ in placed_reading_text(page)]


def printed_components(data: bytes) -> Counter[tuple[str, str]]:
    """(kind, value) -> how many components print visibly in a PDF, as the
    validator's reader (pnp.validation.printed) sees them."""
    from pnp.validation.printed import read_printed

    return Counter((c.kind, c.value) for p in read_printed(data, want_colour=False) for c in p.components if c.visible)


def one_error_line(text: str) -> str:
    """The one line a failing command prints: `Error: ...`, no traceback."""
    lines = text.splitlines()
    assert len(lines) == 1, f"expected one line, got {lines}"
    assert lines[0].startswith("Error: ") and "Traceback" not in text
    return lines[0]


def refused_render(folder: Path, out: Path, *args: str) -> str:
    """Render the kit `folder` into `out` as a designer does, expecting a
    refusal: a non-zero exit, one `Error:` line and no traceback, and nothing
    written. Returns the line."""
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["render", str(folder), "--out", str(out), *args])
    assert result.exit_code != 0
    lines = [ln for ln in result.output.splitlines() if ln.startswith("Error:")]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    assert not out.exists() or not any(out.iterdir())
    return lines[0]


def kit_renderer(folder: Path) -> Callable[..., Path]:
    """A test module's renders, each made once: get(kit, lang, paper,
    variant) renders the kit's PDF into `folder` on first use and returns
    its path after."""
    from pnp.fonts import Measurer
    from pnp.kits import get_kit
    from pnp.modes import Variant
    from pnp.options import Options
    from pnp.outputs import render_one
    from pnp.paper import get_paper

    cache: dict[tuple[str, str, str, str], Path] = {}
    measure = Measurer()

    def get(kit: str, lang: str = "en", paper: str = "a4", variant: str = "colour") -> Path:
        key = (kit, lang, paper, variant)
        if key not in cache:
            result = render_one(get_kit(kit), Options(lang, get_paper(paper), variant=Variant(variant)),
                                folder / "-".join(key), ("pdf",), 150, measure, validate=False)
            (cache[key],) = result.files
        return cache[key]

    return get
