"""PNG art in a data kit (pnp.datakit.art, geometry.Picture): drawn in the
PDF as an image, upright and at its place; in the SVG as the file itself, a
data URI; in the PNG previews; grey in --greyscale; the same bytes every
run. (Its mistakes, each one line, are in test_datakit's MISTAKES.)"""

from __future__ import annotations

import base64
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli import main

SIDE = 400  # px: the art is about 24 mm on the board's square, over 400 dpi
RED, BLUE = (220, 20, 40), (20, 60, 220)


def _kit(tmp_path: Path) -> Path:
    """The starter kit with its board's special square showing a PNG: red
    above, blue below (so a picture upside down is seen), a transparent corner."""
    result = CliRunner().invoke(main, ["new", str(tmp_path / "pngs")])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "pngs"
    im = Image.new("RGBA", (SIDE, SIDE), RED + (255,))
    im.paste(BLUE + (255,), (0, SIDE // 2, SIDE, SIDE))
    im.paste((0, 0, 0, 0), (0, 0, SIDE // 8, SIDE // 8))
    im.save(folder / "art" / "photo.png")
    game = folder / "game.toml"
    text = game.read_text(encoding="utf-8")
    assert 'art = "art/star.svg"\nlabel' in text
    game.write_text(text.replace('art = "art/star.svg"\nlabel', 'art = "art/photo.png"\nlabel', 1), encoding="utf-8")
    return folder


def _render(folder: Path, out: Path, *options: str) -> None:
    result = CliRunner().invoke(main, ["render", str(folder), "--out", str(out), "--paper", "a4", "--backs", "none",
                                       *options])
    assert result.exit_code == 0, result.output


def _centre(image: Image.Image, colour: tuple[int, int, int]) -> tuple[float, float, int]:
    """The centre and the count of the pixels near `colour`."""
    rgb = image.convert("RGB")
    w = rgb.width
    xs = ys = n = 0
    raw = rgb.tobytes()
    for i in range(w * rgb.height):
        px = raw[3 * i:3 * i + 3]
        if all(abs(a - b) < 40 for a, b in zip(px, colour, strict=True)):
            xs, ys, n = xs + i % w, ys + i // w, n + 1
    return (xs / n, ys / n, n) if n else (0.0, 0.0, 0)


def _board_page(pdf: Path) -> int:
    """The page that holds the board (its tagged component)."""
    with pikepdf.open(pdf) as doc:
        for i, page in enumerate(doc.pages):
            page.contents_coalesce()
            if b"/K (board)" in page.Contents.read_bytes():
                return i
    raise AssertionError("no board")


@pytest.fixture(scope="module")
def kit(tmp_path_factory) -> Path:
    return _kit(tmp_path_factory.mktemp("png"))


def test_png_art_prints_upright_as_an_image(kit, tmp_path):
    out = tmp_path / "out"
    _render(kit, out, "--lang", "en")
    pdf = out / "pngs-en-a4-none.pdf"
    i = _board_page(pdf)
    with pikepdf.open(pdf) as doc:
        images = doc.pages[i].get_images()
        assert len(images) == 1
        (image,) = images.values()
        assert (int(image.Width), int(image.Height)) == (SIDE, SIDE)  # the file's own pixels, not resampled
        assert "/SMask" in image  # its transparency kept
    page = pdfium.PdfDocument(pdf)[i].render(scale=60 / 72).to_pil()
    rx, ry, rn = _centre(page, RED)
    bx, by, bn = _centre(page, BLUE)
    assert rn > 50 and bn > 50
    side_px = 2 * (by - ry)  # the halves' centres are half the picture apart
    assert ry < by and abs(rx - bx) < 2, "red above blue: the picture is upright"
    assert 20 / 25.4 * 60 < side_px < 30 / 25.4 * 60  # about 24 mm on a 30 mm square


def test_png_art_in_the_svg_is_the_file_itself(kit, tmp_path):
    out = tmp_path / "out"
    _render(kit, out, "--lang", "en", "--format", "svg")
    data = (kit / "art" / "photo.png").read_bytes()
    found = []
    for svg in out.glob("*.svg"):
        for el in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}image"):
            href = el.get("href") or el.get("{http://www.w3.org/1999/xlink}href") or ""
            assert href.startswith("data:image/png;base64,")
            found.append((base64.b64decode(href.split(",", 1)[1]), el.get("width"), el.get("height")))
    assert len(found) == 1
    png, w, h = found[0]
    assert png == data
    assert float(w) == pytest.approx(float(h)) == pytest.approx(SIDE / 300 * 25.4, abs=0.01)  # at 300 dpi; the group scales it


def test_png_art_is_grey_in_greyscale(kit, tmp_path):
    out = tmp_path / "out"
    _render(kit, out, "--lang", "en", "--greyscale")
    (pdf,) = out.glob("*greyscale*.pdf")
    page = pdfium.PdfDocument(pdf)[_board_page(pdf)].render(scale=60 / 72).to_pil().convert("RGB")
    raw = page.tobytes()
    assert max(max(raw[i:i + 3]) - min(raw[i:i + 3]) for i in range(0, len(raw), 3)) <= 3, "no colour left"
    assert _centre(page, (80, 80, 80))[2] + _centre(page, (60, 60, 60))[2] > 50  # the picture is there, in grey


def test_png_art_gives_the_same_bytes_every_run(kit, tmp_path):
    for fmt in ("pdf", "svg", "png"):
        a, b = tmp_path / f"a-{fmt}", tmp_path / f"b-{fmt}"
        _render(kit, a, "--lang", "en", "--format", fmt)
        _render(kit, b, "--lang", "en", "--format", fmt)
        names = sorted(p.name for p in a.iterdir())
        assert names and names == sorted(p.name for p in b.iterdir())
        for name in names:
            assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_png_art_shows_in_the_png_preview(kit, tmp_path):
    out = tmp_path / "out"
    _render(kit, out, "--lang", "en", "--format", "png")
    pages = sorted(p for p in out.glob("*.png") if re.search(r"-p\d+\.png$", p.name))
    with Image.open(pages[1]) as board:  # the rules, then the board
        assert _centre(board, RED)[2] > 50 and _centre(board, BLUE)[2] > 50
