"""Golden PDF: a small page of every shape kind, rendered and normalised with
`qpdf --qdf --deterministic-id`, must equal the stored reference. A change
to the renderer's output shows up here as a diff of PDF operators.

Regenerate deliberately with:  PNP_REGEN_GOLDEN=1 .venv/bin/pytest tests/render/test_golden.py
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from pnp.geometry import Circle, Group, Line, Page, Rect, Style, Text
from pnp.geometry import Path as PathShape
from pnp.modes import Anchor, Role
from pnp.render.pdf import PdfMeta, render_pdf
from tests.helpers import need_tool

GOLDEN = Path(__file__).parent / "golden" / "shapes.qdf"


def sample_page() -> Page:
    red = (0.835, 0.369, 0.0)
    # art placed twice: written once as a form, placed inside each tag
    art = (Rect(0, 0, 12, 12, Style(stroke=(0.3, 0.3, 0.3), fill=red, width=0.4)), Circle(6, 6, 3, Style(stroke=None)))
    items = (
        Rect(20, 20, 50, 30, Style(stroke=(0, 0, 0), fill=red, width=0.5)),
        Rect(80, 20, 40, 30, Style(width=0.3, dash=(2.0, 1.0)), radius=3.0),
        Line(20, 70, 120, 70, Style(width=0.25, role=Role.CUT)),
        Circle(50, 100, 12, Style(stroke=None, fill=(0, 0.447, 0.698))),
        PathShape((("M", 80, 90), ("L", 110, 90), ("C", 120, 100, 110, 110, 95, 115), ("Z",)), Style(fill=(0.9, 0.9, 0.9))),
        Group((Text(0, 0, "Tâb · Kesse Rüben ‘3’", "Sans-Bold", 12, 40.0),), 20, 140, rotate=90.0, tag=("piece", "light")),
        Text(105, 160, "ß ë", "Sans", 9, 6.0, Anchor.MIDDLE),
        Group(art, 60, 172, tag=("token", "a")),
        Group(art, 100, 184, rotate=180.0, tag=("token", "b")),
    )
    return Page(150, 200, items, "golden")


def normalised(pdf: bytes, tmp: Path) -> bytes:
    qpdf = need_tool("qpdf")
    src, dst = tmp / "in.pdf", tmp / "out.qdf"
    src.write_bytes(pdf)
    subprocess.run([qpdf, "--qdf", "--deterministic-id", "--object-streams=disable", str(src), str(dst)], check=True)
    return dst.read_bytes()


def test_renderer_output_matches_the_golden_file(tmp_path):
    pdf = render_pdf([sample_page()], PdfMeta("golden", "shapes", "pnp tests", "pnp=test", "en"))
    got = normalised(pdf, tmp_path)
    if os.environ.get("PNP_REGEN_GOLDEN"):
        GOLDEN.write_bytes(got)
    assert GOLDEN.exists(), "no golden file: run with PNP_REGEN_GOLDEN=1 once and review it"
    want = GOLDEN.read_bytes()
    if got != want:
        diff = [(i, a, b) for i, (a, b) in enumerate(zip(want.splitlines(), got.splitlines(), strict=False)) if a != b]
        raise AssertionError(f"renderer output changed; first differing lines: {diff[:5]}")
