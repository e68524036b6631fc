"""See-through proofs: one PNG per physical sheet, the front with its back
seen through the paper (mirrored, lighter), as a person holding the printed
sheet to the light sees it. A user checks registration and the flip edge
before spending card.

A duplex printer pairs pages (1, 2), (3, 4) ... into sheets and turns the
back about one of the paper's edges; a single-sided kit has nothing on the
back, so its proof is the page. Two pages are in memory at a time.
"""

from __future__ import annotations

from collections.abc import Iterator

import pypdfium2 as pdfium
from PIL import Image, ImageChops

from pnp import pdfpages
from pnp.modes import Backs

SHOW_THROUGH = 0.35  # how much of the back's ink shows through the paper


def _render(doc: pdfium.PdfDocument, i: int, dpi: int) -> Image.Image:
    from pnp.render.png import render_page  # in strips: one page image, no second copy

    with pdfpages.page(doc, i) as page:
        return render_page(page, dpi)


def seen_through(back: Image.Image, mode: Backs) -> Image.Image:
    """The back as it shows through the front: mirrored the way the flip
    turns it (about the paper's long or short edge; which one that is on
    screen depends on the page being landscape or portrait), and faint."""
    landscape = back.width > back.height
    top_to_bottom = mode.flips_rows == landscape
    mirrored = back.transpose(Image.Transpose.FLIP_TOP_BOTTOM if top_to_bottom else Image.Transpose.FLIP_LEFT_RIGHT)
    return Image.blend(Image.new("RGB", mirrored.size, (255, 255, 255)), mirrored, SHOW_THROUGH)


def proofs(pdf: bytes, mode: Backs, dpi: int) -> Iterator[Image.Image]:
    """The proof of every sheet in order (mode: the kit's backs mode)."""
    with pdfpages.document(pdf) as doc:
        duplex = mode.is_duplex
        step = 2 if duplex else 1
        for i in range(0, len(doc), step):
            front = _render(doc, i, dpi)
            if duplex and i + 1 < len(doc):
                back = _render(doc, i + 1, dpi)
                if back.size == front.size:
                    front = ImageChops.multiply(front, seen_through(back, mode))
                back.close()
            yield front
