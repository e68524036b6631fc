"""PNG output: PDF pages rasterised by PDFium (pypdfium2), one page at a
time, and a contact sheet built from thumbnails taken as each page passes.

Memory is one page bitmap plus a constant, whatever the page count: PDFium
renders a page in strips of STRIP_ROWS rows into one Pillow image of the
page, which is encoded, handed to the caller and dropped before the next
page is touched. Only the ~200 px thumbnails are kept for the contact sheet.

Deterministic: the same PDF bytes give the same pixels, and Pillow writes
no time or software chunk into a PNG.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from PIL import Image, ImageDraw, ImageFont

from pnp import pdfpages
from pnp.paths import FONTS

THUMB_W = 200  # px: the width of a thumbnail on the contact sheet
GAP = 16  # px between thumbnails and around the sheet
LABEL_H = 22  # px under each thumbnail for its page number
MAX_COLS = 5
BACKGROUND = (235, 235, 235)
BORDER = (150, 150, 150)
LABEL_FONT = FONTS / "DejaVuSansCondensed.ttf"
STRIP_ROWS = 512  # rows PDFium renders at a time: a strip is ~7 MB at 600 dpi on A4
STRIP_OVERLAP = 8  # rows drawn past each end of a strip and dropped (see render_page)
WHITE = (255, 255, 255, 255)


def pixels(length_pt: float, dpi: float) -> int:
    """Pixels for a length of PDF points at `dpi`, rounded to the nearest
    (exact for print-shop sizes: 198 pt at 300 dpi is 825 px, not 826)."""
    return max(1, round(length_pt * dpi / 72))


def render_page(page: pdfium.PdfPage, dpi: float) -> Image.Image:
    """One page as an RGB image at `dpi`, the full page (MediaBox) scaled to
    whole pixels; rendered in strips, so the only large allocation is the
    page image itself."""
    w_pt, h_pt = page.get_size()
    w, h = pixels(w_pt, dpi), pixels(h_pt, dpi)
    image = Image.new("RGB", (w, h), WHITE[:3])
    for top in range(0, h, STRIP_ROWS):
        rows = min(STRIP_ROWS, h - top)
        # each strip is drawn with STRIP_OVERLAP rows more above and below, which are
        # dropped: PDFium smooths a glyph cut by the bitmap's edge differently, and
        # that row would show as a faint seam
        a, b = max(0, top - STRIP_OVERLAP), min(h, top + rows + STRIP_OVERLAP)
        bitmap = pdfium.PdfBitmap.new_native(w, b - a, pdfium_c.FPDFBitmap_BGR, rev_byteorder=True)
        try:
            bitmap.fill_rect(WHITE, 0, 0, w, b - a)
            # the whole page is placed at (0, -a) in a w x h frame; PDFium draws only what falls in the strip
            pdfium_c.FPDF_RenderPageBitmap(bitmap, page, 0, -a, w, h, 0, pdfium_c.FPDF_REVERSE_BYTE_ORDER)
            image.paste(bitmap.to_pil().crop((0, top - a, w, top - a + rows)), (0, top))
        finally:
            pdfpages.close(bitmap)
    return image


def iter_pages(pdf: bytes, dpi: float) -> Iterator[Image.Image]:
    """Every page of a PDF as an RGB image, one at a time: the caller uses a
    page before asking for the next, and must not keep it."""
    with pdfpages.document(pdf) as doc:
        for i in range(len(doc)):
            with pdfpages.page(doc, i) as page:
                image = render_page(page, dpi)
            yield image
            del image


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
    return buf.getvalue()


def thumbnail(page: Image.Image) -> Image.Image:
    """A THUMB_W px wide copy of a page (Pillow resamples the width first,
    so the only extra image is THUMB_W px wide)."""
    h = max(1, round(page.height * THUMB_W / page.width))
    return page.resize((THUMB_W, h), Image.Resampling.LANCZOS)


class ContactSheet:
    """Collects a thumbnail of each page as it is rendered; `image()` lays
    them out in a grid, each with its page number under it."""

    def __init__(self) -> None:
        self.thumbs: list[Image.Image] = []

    def add(self, page: Image.Image) -> None:
        self.thumbs.append(thumbnail(page))

    def image(self) -> Image.Image:
        thumbs = self.thumbs
        if not thumbs:
            raise ValueError("a contact sheet needs at least one page")
        cols = min(MAX_COLS, len(thumbs))
        rows = math.ceil(len(thumbs) / cols)
        cell_w = THUMB_W + GAP
        cell_h = max(t.height for t in thumbs) + LABEL_H + GAP
        sheet = Image.new("RGB", (GAP + cols * cell_w, GAP + rows * cell_h), BACKGROUND)
        draw = ImageDraw.Draw(sheet)
        font = ImageFont.truetype(str(LABEL_FONT), 14)
        for n, thumb in enumerate(thumbs):
            row, col = divmod(n, cols)
            x, y = GAP + col * cell_w, GAP + row * cell_h
            sheet.paste(thumb, (x, y))
            draw.rectangle((x - 1, y - 1, x + thumb.width, y + thumb.height), outline=BORDER)
            draw.text((x + THUMB_W / 2, y + thumb.height + 4), str(n + 1), fill=(0, 0, 0), font=font, anchor="mt")
        return sheet
