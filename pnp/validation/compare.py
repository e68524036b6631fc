"""What each page prints, against what the genuine kit prints.

The validator builds the kit for the options the file claims; this module
draws that build's own PDF and the file page by page, both in PDFium's
print mode (optional content that is off in print is left out, as a
printer leaves it out) at the resolution `printed` uses, in colour, and
compares the two rasters component by component. A pixel of the file
differs when it lies outside the genuine page's 3 x 3 neighbourhood (its
darkest and lightest values per channel) by more than TOLERANCE. Rewrites
that print the same (qpdf, pypdf, a page drawn through a form) give the
same pixels; one that writes every number with two decimals (the page
0.16 % smaller, lines and glyphs a fraction of a pixel elsewhere) stays
below 128 everywhere; a card that shows another card's pawns, a white band
over a row, blue where the kit prints red go far beyond it (a test of each
is in tests/hostile.py). A component
differs when more than MIN_PIXELS of its pixels differ (about 2 mm2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.validation.printed import DPI

if TYPE_CHECKING:
    from PIL import Image

    from pnp.build import Built

TOLERANCE = 128  # 0-255, per channel, beyond the genuine pixel's neighbourhood: half the range
MIN_PIXELS = 4  # differing pixels in one component (or elsewhere on a page) that make it differ
MM_PX = DPI / 25.4


def genuine_pdf(built: Built) -> bytes:
    """The PDF pnp writes for this build (the same code `pnp render` runs)."""
    from pnp.render.pdf import PdfMeta, render_pdf

    return render_pdf(built.pages, PdfMeta(built.title, built.subject, built.credits, built.keywords,
                                           built.options.lang))


def rasters(data: bytes, pages: int | None = None) -> list[Image.Image]:
    """Each page of a PDF as PDFium prints it, RGB, at DPI."""
    from pnp import pdfpages

    out = []
    with pdfpages.document(data) as doc:
        for index in range(len(doc) if pages is None else min(pages, len(doc))):
            with pdfpages.page(doc, index) as page:
                out.append(print_raster(page))
    return out


def print_raster(page: Any) -> Image.Image:
    bitmap = page.render(scale=DPI / 72, may_draw_forms=False, optimize_mode="print", rev_byteorder=True)
    image = bitmap.to_pil()
    return image if image.mode == "RGB" else image.convert("RGB")


def compare(seen: list[Image.Image], built: Built, genuine: list[Image.Image]) -> list[str]:
    """One line per page whose print differs from the genuine kit's: which
    components (or where, outside them) and by how much."""
    from pnp.geometry import tagged
    from pnp.validation.checks import group_box

    problems: list[str] = []
    memo: dict[int, Any] = {}
    for n, (a, b, page) in enumerate(zip(seen, genuine, built.pages, strict=False), 1):
        if a.size != b.size:
            continue  # a page of another size: the paper size check says so
        mask = _differing(a, b)
        if mask is None or mask.getbbox() is None:
            continue
        pixels = mask.im
        w, h = mask.size
        differ: list[str] = []
        for g, m in tagged(page.items):
            box = group_box(g, m, memo)
            if box is None or g.tag is None:
                continue
            x0, y0 = max(0, int(box[0] * MM_PX)), max(0, int(box[1] * MM_PX))
            x1, y1 = min(w, int(box[2] * MM_PX) + 1), min(h, int(box[3] * MM_PX) + 1)
            if x1 <= x0 or y1 <= y0:
                continue
            count = pixels.crop((x0, y0, x1, y1)).histogram()[255]
            if count >= MIN_PIXELS:
                share = count / ((x1 - x0) * (y1 - y0))
                differ.append(f"{g.tag[0]}:{g.tag[1]} ({count} pixels, {share:.0%} of its area)")
        total = mask.histogram()[255]
        if differ:
            problems.append(f"page {n}: {', '.join(differ[:3])}" + (f" (+{len(differ) - 3} more)" if len(differ) > 3 else ""))
        elif total >= MIN_PIXELS and (ink := mask.getbbox()) is not None:
            x0, y0, x1, y1 = ink
            problems.append(f"page {n}: {total} pixels between {x0 / MM_PX:.0f}, {y0 / MM_PX:.0f} and "
                            f"{x1 / MM_PX:.0f}, {y1 / MM_PX:.0f} mm")
    return problems


def _differing(a: Image.Image, b: Image.Image) -> Image.Image | None:
    """A mask (L, 0 or 255) of the pixels of `a` outside `b`'s 3 x 3
    neighbourhood by more than TOLERANCE in any channel; None when the two
    are the same pixels (most pages of a good file: no mask is made)."""
    from PIL import Image, ImageChops

    box = ImageChops.difference(a, b).getbbox()
    if box is None:
        return None
    w, h = a.size
    x0, y0, x1, y1 = max(0, box[0] - 2), max(0, box[1] - 2), min(w, box[2] + 2), min(h, box[3] + 2)
    pa, pb = a.crop((x0, y0, x1, y1)), b.crop((x0, y0, x1, y1))
    hi, lo = pb, pb
    for dx, dy in ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)):
        shifted = ImageChops.offset(pb, dx, dy)  # wraps round: at the crop's edge the neighbourhood only grows
        hi, lo = ImageChops.lighter(hi, shifted), ImageChops.darker(lo, shifted)
    off = ImageChops.lighter(ImageChops.subtract(pa, hi), ImageChops.subtract(lo, pa))
    r, g, bl = off.split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), bl).point(lambda v: 255 if v > TOLERANCE else 0)
    mask = Image.new("L", a.size, 0)
    mask.paste(worst, (x0, y0))
    return mask
