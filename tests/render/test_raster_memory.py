"""Raster output scales: PNG pages are rendered and written one at a time,
so peak memory is one page bitmap plus a constant, whatever the page count.

Measured in a child process (its own peak resident size, VmHWM in
/proc/self/status, after each file it writes; not ru_maxrss, which Linux
carries over from the parent across fork and exec, so that a child of a
pytest process grown past 350 MB reported the parent's peak as its own),
at 600 dpi on the Ludo kit's A4 card pages, the heaviest pages there are.
Two pages are enough to prove the bound per page: the peak after the
second page is the peak after the first, so the 27-page kit stays there too.
"""

from __future__ import annotations

import json
import subprocess
import sys

CHILD = r"""
import json, sys
from pnp.build import build_pages
from pnp.fonts import Measurer
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import write_pngs
from pnp.paper import get_paper
from pnp.render.pdf import PdfMeta, render_pdf

built = build_pages(get_kit("ludo-cards"), Options("en", get_paper("a4")), Measurer())
pages = [p for p in built.pages if p.label.startswith(("fronts", "backs"))][:2]
pdf = render_pdf(pages, PdfMeta("t", "s", "a", built.keywords, "en"))
peaks = []

def hwm():
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) / 1024

def write(name, data):
    peaks.append((name, hwm()))

before = hwm()
write_pngs(pdf, 600, "ludo", write)
print(json.dumps({"before": before, "peaks": peaks, "size": [pages[0].width, pages[0].height]}))
"""

MB = 1024 * 1024


def test_600_dpi_png_peak_memory_is_one_bitmap_plus_a_constant() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)
    names = [n for n, _ in r["peaks"]]
    assert names == ["ludo-p01.png", "ludo-p02.png", "ludo-contact.png"]
    first, second, final = (p for _, p in r["peaks"])
    w_mm, h_mm = r["size"]
    bitmap = round(w_mm / 25.4 * 600) * round(h_mm / 25.4 * 600) * 4 / MB  # Pillow keeps RGB in 4 bytes a pixel
    assert bitmap > 120, "not a 600 dpi A4 page: the test would prove nothing"
    # the limit of the issue, for the whole process
    assert final <= 350, f"peak {final:.0f} MB"
    # a second page costs nothing more: memory does not grow with the page count
    assert second - first <= 12, f"peak grew from {first:.0f} to {second:.0f} MB with one more page"
    # and what one page costs is about one bitmap (plus a strip and the encoder's buffers)
    assert first - r["before"] <= bitmap * 1.25 + 30, (first, r["before"], bitmap)


def test_strips_give_the_pixels_of_a_single_pass(monkeypatch) -> None:
    """Rendering in strips is a memory measure, never a visible seam (the same
    bytes for the same strip height, so files stay deterministic)."""
    from pnp.build import build_pages
    from pnp.fonts import Measurer
    from pnp.kits import get_kit
    from pnp.options import Options
    from pnp.paper import get_paper
    from pnp.render import png
    from pnp.render.pdf import PdfMeta, render_pdf

    built = build_pages(get_kit("tab"), Options("en", get_paper("a4")), Measurer())
    pdf = render_pdf(built.pages[:1], PdfMeta("t", "s", "a", built.keywords, "en"))
    whole = list(png.iter_pages(pdf, 72))[0]
    monkeypatch.setattr(png, "STRIP_ROWS", 37)  # many strips, and a ragged last one
    strips = list(png.iter_pages(pdf, 72))[0]
    assert whole.size == strips.size == (png.pixels(built.pages[0].width / 25.4 * 72, 72),
                                         png.pixels(built.pages[0].height / 25.4 * 72, 72))
    from PIL import ImageChops

    diff = ImageChops.difference(whole.convert("RGB"), strips.convert("RGB"))
    # PDFium's anti-aliasing may round an edge pixel one level differently when clipped: never more
    assert max(hi for _, hi in diff.getextrema()) <= 2
    assert whole.getextrema() != ((255, 255),) * 3, "a blank page proves nothing"
