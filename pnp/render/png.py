"""PNG previews: the rendered PDF rasterised by PDFium (pypdfium2), and a
contact sheet of all pages of a kit as thumbnails (Pillow).

Deterministic: the same PDF bytes give the same pixels, and Pillow writes
no time or software chunk into a PNG.
"""

from __future__ import annotations

import io
import math

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from pnp.paths import FONTS

THUMB_W = 200  # px: the width of a thumbnail on the contact sheet
GAP = 16  # px between thumbnails and around the sheet
LABEL_H = 22  # px under each thumbnail for its page number
MAX_COLS = 5
BACKGROUND = (235, 235, 235)
BORDER = (150, 150, 150)
LABEL_FONT = FONTS / "DejaVuSansCondensed.ttf"


def rasterise(pdf: bytes, dpi: int) -> list[Image.Image]:
    """Every page of a PDF as an RGB image at `dpi`."""
    doc = pdfium.PdfDocument(pdf)
    try:
        images = []
        for i in range(len(doc)):
            page = doc[i]
            try:
                bitmap = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255), draw_annots=False)
                images.append(bitmap.to_pil().convert("RGB"))
                bitmap.close()
            finally:
                page.close()
        return images
    finally:
        doc.close()


def png_bytes(image: Image.Image, dpi: int | None = None) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", **({"dpi": (dpi, dpi)} if dpi else {}))
    return buf.getvalue()


def contact_sheet(pages: list[Image.Image]) -> Image.Image:
    """All pages as ~200 px thumbnails in a grid, each with its number under it."""
    if not pages:
        raise ValueError("a contact sheet needs at least one page")
    thumbs = [p.resize((THUMB_W, max(1, round(p.height * THUMB_W / p.width))), Image.Resampling.LANCZOS) for p in pages]
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
