"""Draw docs/img/ludo-card-bleed.png: one exported Ludo card, front and
back, as pnp writes them for a print shop, with the page boxes read back
from the PDF marked on top: the bleed (the page), the trim (TrimBox, where
the shop cuts) and the 3 mm safe zone. Run: .venv/bin/python scripts/card_picture.py"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image, ImageDraw, ImageFont

from pnp.fonts import Measurer
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import CardOptions, render_one
from pnp.paper import get_paper
from pnp.paths import FONTS
from pnp.render.png import render_page

DPI = 150
SAFE_MM = 3.0
OUT = Path(__file__).resolve().parents[1] / "docs" / "img" / "ludo-card-bleed.png"


def marked(page: pdfium.PdfPage, font: ImageFont.FreeTypeFont) -> Image.Image:
    image = render_page(page, DPI)
    k = DPI / 72
    _, h_pt = page.get_size()
    x0, y0, x1, y1 = page.get_trimbox()
    trim = (x0 * k, (h_pt - y1) * k, x1 * k, (h_pt - y0) * k)  # PDF y up -> image y down
    safe = SAFE_MM / 25.4 * DPI
    pad = 34
    canvas = Image.new("RGB", (image.width + 2 * pad, image.height + 2 * pad + 26), (255, 255, 255))
    # the bleed: hatched, as it is cut away (hatch the whole page, then put the trim area back clean)
    hatched = image.copy()
    hd = ImageDraw.Draw(hatched, "RGBA")
    w, h = image.size
    for i in range(-h, w, 7):
        hd.line([(i, 0), (i + h, h)], fill=(120, 120, 120, 110), width=1)
    canvas.paste(hatched, (pad, pad))
    tx0, ty0, tx1, ty1 = (v + pad for v in trim)
    canvas.paste(image.crop(tuple(round(v) for v in trim)), (round(tx0), round(ty0)))
    d = ImageDraw.Draw(canvas, "RGBA")
    d.rectangle([pad - 1, pad - 1, pad + w, pad + h], outline=(200, 0, 120), width=2)  # bleed edge = page edge
    d.rectangle([tx0, ty0, tx1, ty1], outline=(0, 150, 220), width=2)  # trim
    sx0, sy0, sx1, sy1 = tx0 + safe, ty0 + safe, tx1 - safe, ty1 - safe
    for a, b in (((sx0, sy0), (sx1, sy0)), ((sx1, sy0), (sx1, sy1)), ((sx1, sy1), (sx0, sy1)), ((sx0, sy1), (sx0, sy0))):
        n = int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) // 8)
        for j in range(0, n, 2):
            p = (a[0] + (b[0] - a[0]) * j / n, a[1] + (b[1] - a[1]) * j / n)
            q = (a[0] + (b[0] - a[0]) * (j + 1) / n, a[1] + (b[1] - a[1]) * (j + 1) / n)
            d.line([p, q], fill=(0, 120, 0), width=2)
    y = pad + h + 8
    d.text((pad, y), "bleed", fill=(200, 0, 120), font=font)
    d.text((pad + 60, y), "trim", fill=(0, 150, 220), font=font)
    d.text((pad + 110, y), "safe 3 mm", fill=(0, 120, 0), font=font)
    return canvas


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        render_one(get_kit("ludo-cards"), Options("en", get_paper("a4")), Path(tmp), ("cards",), 150, Measurer(), False,
                   CardOptions(dpi=20))
        doc = pdfium.PdfDocument(Path(tmp) / "ludo-cards-en-cards" / "ludo-cards-en-cards.pdf")
        font = ImageFont.truetype(str(FONTS / "DejaVuSansCondensed-Bold.ttf"), 15)
        front, back = marked(doc[0], font), marked(doc[1], font)
        sheet = Image.new("RGB", (front.width + back.width, front.height), (255, 255, 255))
        sheet.paste(front, (0, 0))
        sheet.paste(back, (front.width, 0))
        sheet.save(OUT, optimize=True)
        print(f"wrote {OUT} ({sheet.width} x {sheet.height} px)")


if __name__ == "__main__":
    main()
