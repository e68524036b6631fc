"""A group's clip (geometry.Group.clip): a rectangle in the group's own
coordinates outside which nothing of the group is drawn. Read from the
output: the PDF rasterised by PDFium, the SVG read by svglib (which honours
<clipPath>) and drawn to a PDF that PDFium rasterises; and the validator
and the layout checks count no ink where a clip cut it away."""

from __future__ import annotations

from dataclasses import replace

import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.errors import LayoutError
from pnp.geometry import Circle, Group, Line, Page, Rect, Style, extent
from pnp.layout.frame import check_margin
from pnp.paper import get_paper
from pnp.render.pdf import PdfMeta, render_pdf
from pnp.render.svg import render_svg_page
from pnp.validation.printed import read_printed

DPI = 100
PX = DPI / 25.4
TOL = 0.4  # mm
RED, BLUE, GREEN, GOLD = (0.9, 0.1, 0.1), (0.1, 0.2, 0.9), (0.1, 0.7, 0.2), (0.95, 0.75, 0.1)


def fill(rgb: tuple[float, float, float]) -> Style:
    return Style(stroke=None, fill=rgb)


# what each group shows, in page mm (x0, y0, x1, y1), worked out by hand from its transform and clip
CLIPPED = Group((Rect(0, 0, 100, 100, fill(RED)), Circle(80, 80, 8, fill(BLUE))), 10, 5, clip=Rect(10, 10, 30, 20))
RED_BOX = (20.0, 15.0, 50.0, 35.0)  # the clip moved by (10, 5); the blue circle (at 90, 85) is outside it
TURNED = Group((Rect(-50, -50, 100, 100, fill(GREEN)),), 70, 70, rotate=90, scale=0.5, clip=Rect(0, 0, 20, 10))
GREEN_BOX = (65.0, 70.0, 70.0, 80.0)  # (0..20, 0..10) halved, a quarter turn clockwise: x -5..0, y 0..10; then +70
NESTED = Group((Group((Rect(0, 0, 100, 100, fill(GOLD)),), clip=Rect(0, 60, 40, 40)),), clip=Rect(20, 0, 100, 100))
GOLD_BOX = (20.0, 60.0, 40.0, 100.0)  # both clips at once
PAGE = Page(110, 110, (NESTED, CLIPPED, TURNED))  # the gold first: unclipped, it would cover the rest


def unclipped(page: Page) -> Page:
    def bare(g: Group) -> Group:
        return replace(g, clip=None, items=tuple(bare(s) if isinstance(s, Group) else s for s in g.items))

    return replace(page, items=tuple(bare(g) if isinstance(g, Group) else g for g in page.items))


def pdf_raster(pdf: bytes) -> Image.Image:
    return pdfium.PdfDocument(pdf)[0].render(scale=DPI / 72).to_pil().convert("RGB")


def svg_raster(svg: bytes, tmp_path) -> Image.Image:
    """The SVG as svglib reads it (clip paths included), drawn by reportlab and rasterised by PDFium."""
    from reportlab.graphics import renderPDF

    from pnp.datakit.art import _svglib

    path = tmp_path / "page.svg"
    path.write_bytes(svg)
    drawing = _svglib()(str(path))
    return pdf_raster(renderPDF.drawToString(drawing))


def where(image: Image.Image, rgb: tuple[float, float, float]) -> tuple[float, float, float, float] | None:
    """The box (mm) of the pixels of one colour, or None if there are none."""
    want = tuple(round(c * 255) for c in rgb)
    data = image.tobytes()
    w = image.width
    xs, ys = [], []
    for i in range(0, len(data), 3):
        if all(abs(data[i + k] - want[k]) < 30 for k in range(3)):
            n = i // 3
            xs.append(n % w)
            ys.append(n // w)
    if not xs:
        return None
    return (min(xs) / PX, min(ys) / PX, (max(xs) + 1) / PX, (max(ys) + 1) / PX)


def assert_shows(image: Image.Image) -> None:
    assert where(image, BLUE) is None, "the blue circle lies outside the clip"
    for rgb, box in ((RED, RED_BOX), (GREEN, GREEN_BOX), (GOLD, GOLD_BOX)):
        found = where(image, rgb)
        assert found is not None
        assert found == pytest.approx(box, abs=TOL), rgb


def assert_overflows(image: Image.Image) -> None:
    """Without its clips the same page shows what the clips hide: the check can fail."""
    assert where(image, BLUE) is not None
    red = where(image, RED)
    assert red is not None and red[2] - red[0] > RED_BOX[2] - RED_BOX[0] + 10


def test_the_pdf_shows_only_what_lies_inside_each_clip() -> None:
    meta = PdfMeta("clip", "", "", "", "en")
    assert_shows(pdf_raster(render_pdf([PAGE], meta)))
    assert_overflows(pdf_raster(render_pdf([unclipped(PAGE)], meta)))


def test_the_svg_shows_only_what_lies_inside_each_clip(tmp_path) -> None:
    assert_shows(svg_raster(render_svg_page(PAGE), tmp_path))
    assert_overflows(svg_raster(render_svg_page(unclipped(PAGE)), tmp_path))


def test_a_clip_in_repeated_art_clips_every_copy() -> None:
    """Repeated art is a Form XObject: the clip inside it clips each placement."""
    dots = tuple(Circle(2 + 3 * i, 5, 1.4, fill(RED)) for i in range(30))
    art = (Group(dots, clip=Rect(0, 0, 15, 10)),)
    page = Page(110, 110, tuple(Group(art, 10, 10 + 25 * k) for k in range(4)))
    meta = PdfMeta("clip", "", "", "", "en")
    reused, plain = render_pdf([page], meta), render_pdf([page], meta, reuse=False)
    assert b"/Subtype /Form" in reused and b"/Subtype /Form" not in plain
    for pdf in (reused, plain):
        red = where(pdf_raster(pdf), RED)
        assert red is not None
        assert red[0] == pytest.approx(10 + 0.6, abs=TOL) and red[2] == pytest.approx(10 + 15, abs=TOL)


def test_the_validator_finds_a_clipped_component_at_its_clip() -> None:
    """The printed page's component box is what its clip leaves (not the
    whole shapes inside), and a component clipped to nothing prints blank."""
    lined = (*CLIPPED.items, Line(0, 20, 100, 20, Style(width=1.0)))  # a component is more than one flat colour
    tagged = replace(CLIPPED, items=lined, tag=("board", "b"))
    gone = Group((Rect(0, 0, 100, 100, fill(RED)),), clip=Rect(200, 200, 10, 10), tag=("board", "gone"))
    (printed,) = read_printed(render_pdf([Page(110, 110, (tagged, gone))], PdfMeta("clip", "", "", "", "en")))
    found = {c.value: c for c in printed.components}
    assert set(found) == {"b", "gone"}
    assert not found["gone"].visible and "clipped" in found["gone"].why
    assert found["b"].visible
    assert found["b"].size_mm == pytest.approx((RED_BOX[2] - RED_BOX[0], RED_BOX[3] - RED_BOX[1]), abs=0.1)
    assert found["b"].centre_mm(printed.origin) == pytest.approx(((RED_BOX[0] + RED_BOX[2]) / 2,
                                                                 (RED_BOX[1] + RED_BOX[3]) / 2), abs=0.1)


def test_the_layout_counts_no_ink_where_a_clip_cut_it_away(measure) -> None:
    """A picture reaching past the paper's edge, clipped to the safe area,
    passes the margin check; unclipped, it does not."""
    a4 = get_paper("a4")
    big = Group((Rect(-20, -20, 250, 340, fill(RED)),), clip=Rect(20, 20, 150, 200))
    assert extent(big) == (20, 20, 170, 220)
    page = Page(210, 297, (Group((big,), 5, 5),))
    check_margin(page, a4, False, measure)
    with pytest.raises(LayoutError, match="mm of the paper edge"):
        check_margin(unclipped(page), a4, False, measure)


def test_the_validator_expects_a_clipped_component_at_its_clip() -> None:
    """What the kit's own pages say a component covers (the validator's
    side of the comparison) honours the clip of the tagged group itself."""
    from pnp.geometry import group_matrix
    from pnp.validation.checks import group_box

    tagged = replace(CLIPPED, tag=("board", "b"))  # placed by its own transform, as geometry.tagged gives it
    assert group_box(tagged, group_matrix(tagged), {}) == pytest.approx(RED_BOX)
    bare = replace(tagged, clip=None)
    assert group_box(bare, group_matrix(bare), {}) == pytest.approx((10, 5, 110, 105))


def test_each_shape_knows_the_page_box_its_clips_leave_it() -> None:
    """geometry.walk_clipped (the margin check's walk): the clips of every
    group round a shape, placed on the page and intersected; and extent, the
    same for a group."""
    from pnp.geometry import walk_clipped

    boxes = {s.style.fill: clip for s, _, clip in walk_clipped(PAGE.items)}
    for rgb, want in ((RED, RED_BOX), (BLUE, RED_BOX), (GREEN, GREEN_BOX), (GOLD, GOLD_BOX)):
        got = boxes[rgb]
        assert got is not None
        assert (got.x, got.y, got.right, got.bottom) == pytest.approx(want), rgb
    for group, want in ((CLIPPED, RED_BOX), (TURNED, GREEN_BOX), (NESTED, GOLD_BOX)):
        assert extent(group) == pytest.approx(want)
    assert all(clip is None for _, _, clip in walk_clipped(unclipped(PAGE).items))
