"""Tiers 3 and 4: the PDF renderer, checked through the file itself and the
poppler / qpdf tools (which must be installed: `make system-deps`)."""

from __future__ import annotations

import math
import subprocess
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.build import build_pages
from pnp.fonts import FONT_FILES, Measurer
from pnp.geometry import Line, Page, Rect, Style
from pnp.kits import get_kit
from pnp.naming import read_keywords
from pnp.options import Options
from pnp.paper import get_paper
from pnp.render.pdf import PdfMeta, fonts_of, render_pdf
from tests.helpers import INCH, KIT_IDS, LANGS, PAPER_IDS, PAPER_MM, SAFE_MARGIN, SCALE_BAR_MM, need_tool, printed_components

TAB_COMBOS = [("tab", lg, p) for lg in LANGS for p in PAPER_IDS]
KIT_PAPERS = [(k, p) for k in KIT_IDS for p in PAPER_IDS]
# The paper in PostScript points, from the print facts.
PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def _render(kit_id: str, lang: str, paper: str) -> bytes:
    """A full build and render with a fresh measurer: nothing shared."""
    b = build_pages(get_kit(kit_id), Options(lang, get_paper(paper)), Measurer())
    return render_pdf(b.pages, PdfMeta(b.title, b.subject, b.credits, b.keywords, lang))


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_rendering_is_deterministic(kit_id):
    first = _render(kit_id, "de", "letter")
    second = _render(kit_id, "de", "letter")
    assert first.startswith(b"%PDF-")
    assert first == second


def test_the_cli_writes_the_same_bytes_twice(rendered, tmp_path, measure):
    from pnp.outputs import render_one

    again = render_one(get_kit("tab"), Options("en", get_paper("a4")), tmp_path, ("pdf",), 150, measure, False)
    assert again.files[0].read_bytes() == rendered("tab", "en", "a4").read_bytes()


def test_qpdf_finds_no_damage(rendered):
    qpdf = need_tool("qpdf")
    for kit_id in KIT_IDS:
        path = rendered(kit_id, "en", "a4")
        out = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True)
        assert out.returncode == 0, out.stdout + out.stderr
        assert "No syntax or stream encoding errors" in out.stdout


def _pdffonts(tool: str, path: Path) -> list[dict[str, str]]:
    out = subprocess.run([tool, str(path)], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0].split()[:2] == ["name", "type"] and out[1].startswith("---")
    rows = []
    for line in out[2:]:
        # name type encoding emb sub uni id gen; "type" may hold a space ("Type 1")
        parts = line.split()
        rows.append({"name": parts[0], "emb": parts[-5], "sub": parts[-4], "uni": parts[-3]})
    return rows


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_fonts_are_embedded_as_subsets(rendered, built, kit_id):
    pdffonts = need_tool("pdffonts")
    rows = _pdffonts(pdffonts, rendered(kit_id, "de", "a4"))
    used = fonts_of(built(kit_id, "de", "a4").pages)
    assert used
    names = {r["name"].split("+", 1)[-1] for r in rows}
    for font in used:
        face = FONT_FILES[font].removesuffix(".ttf")
        assert face in names, f"{face} is not in the file"
    bad = [r for r in rows if (r["emb"], r["sub"]) != ("yes", "yes")]
    assert not bad, f"fonts not embedded as subsets: {bad}"


@pytest.mark.parametrize(("kit_id", "lang", "paper_id"), TAB_COMBOS)
def test_metadata_says_what_the_file_is(rendered, built, kit_id, lang, paper_id):
    from pnp.i18n import load_catalog

    reader = PdfReader(rendered(kit_id, lang, paper_id))
    meta = reader.metadata
    cat = load_catalog(kit_id, lang)
    paper = get_paper(paper_id)
    assert cat.text("title") in meta.title and paper.name in meta.title and cat.text("language_name") in meta.title
    assert meta.subject == cat.text("subtitle")
    assert meta.author
    kw = read_keywords(meta["/Keywords"])
    assert (kw["kit"], kw["lang"], kw["paper"]) == (kit_id, lang, paper_id)
    assert kw["pages"] == str(len(reader.pages)) == str(len(built(kit_id, lang, paper_id).pages))
    assert reader.trailer["/Root"]["/Lang"] == lang


@pytest.mark.parametrize(("kit_id", "paper_id"), KIT_PAPERS)
def test_pages_have_the_paper_size_in_points(rendered, built, kit_id, paper_id):
    w_pt, h_pt = PAPER_PT.get(paper_id, tuple(v * 72 / INCH for v in PAPER_MM[paper_id]))
    reader = PdfReader(rendered(kit_id, "en", paper_id))
    pages = built(kit_id, "en", paper_id).pages
    assert len(reader.pages) == len(pages)
    for pdf_page, page in zip(reader.pages, pages, strict=True):
        size = (float(pdf_page.mediabox.width), float(pdf_page.mediabox.height))
        want = (h_pt, w_pt) if page.width > page.height else (w_pt, h_pt)
        assert size == pytest.approx(want, abs=0.01)


def test_tab_components_are_marked_in_the_file(rendered):
    spec = get_kit("tab").load_spec()
    found = printed_components(rendered("tab", "nl", "letter").read_bytes())
    n = spec.pieces_per_player
    assert found[("board", f"{spec.rows}x{spec.columns}")] == 1
    assert sum(c for (k, _), c in found.items() if k == "square") == spec.rows * spec.columns
    # the grey pieces page and its solid black stand-in (page 4) each carry them all
    assert found[("piece", "light")] == found[("piece", "dark")] == 2 * n
    assert found[("marker", "light")] == found[("marker", "dark")] == 2 * n


def test_the_rules_text_can_be_read_back(rendered):
    reader = PdfReader(rendered("tab", "en", "a4"))
    text = " ".join((p.extract_text() or "") for p in reader.pages)
    assert "Use 4 coins as casting sticks" in " ".join(text.split())


# ---- pixels ---------------------------------------------------------------

DPI = 20


def _border_bands(size_px: tuple[int, int], size_mm: tuple[float, float], dpi: int, inset_px: int):
    """Boxes of the pixels that lie wholly within SAFE_MARGIN of an edge,
    less `inset_px` pixels on the side of the safe area."""
    W, H = size_px
    w_mm, h_mm = size_mm
    px = dpi / INCH
    n = math.floor(SAFE_MARGIN * px + 1e-9) - inset_px  # first pixel not wholly in the border
    right = math.ceil((w_mm - SAFE_MARGIN) * px - 1e-9) + inset_px
    bottom = math.ceil((h_mm - SAFE_MARGIN) * px - 1e-9) + inset_px
    return {"top": (0, 0, W, n), "left": (0, 0, n, H), "right": (right, 0, W, H), "bottom": (0, bottom, W, H)}


def _rasterise(tool: str, pdf: Path, out: Path, dpi: int = DPI) -> list[Path]:
    subprocess.run([tool, "-r", str(dpi), "-png", str(pdf), str(out / "page")], check=True, capture_output=True)
    return sorted(out.glob("page*.png"))


def _border_problems(pngs: list[Path], pages: list[Page], dpi: int = DPI) -> list[str]:
    """Non-white pixels in the outer 6.35 mm of each page. At 20 dpi a 7 pt
    glyph is two pixels high and FreeType's hinting can spill it by up to a
    pixel, so the ring of pixels touching the safe area may show a faint
    anti-aliased trace (at least 3/4 white); every other border pixel must
    be pure white."""
    assert len(pngs) == len(pages)
    problems = []
    for png, page in zip(pngs, pages, strict=True):
        img = Image.open(png).convert("L")
        assert abs(img.width - page.width * dpi / INCH) < 1.5 and abs(img.height - page.height * dpi / INCH) < 1.5
        outer = _border_bands(img.size, (page.width, page.height), dpi, 1)
        whole = _border_bands(img.size, (page.width, page.height), dpi, 0)
        for side in outer:
            lo, _ = img.crop(outer[side]).getextrema()
            if lo != 255:
                problems.append(f"{png.name} ({page.label}): ink in the {side} border (darkest {lo})")
            lo, _ = img.crop(whole[side]).getextrema()
            if lo < 192:
                problems.append(f"{png.name} ({page.label}): ink at the {side} edge of the safe area (darkest {lo})")
    return problems


@pytest.mark.parametrize(("kit_id", "paper_id"), KIT_PAPERS)
def test_the_outer_quarter_inch_stays_white(rendered, built, tmp_path, kit_id, paper_id):
    pdftoppm = need_tool("pdftoppm")
    pngs = _rasterise(pdftoppm, rendered(kit_id, "de", paper_id), tmp_path)
    problems = _border_problems(pngs, built(kit_id, "de", paper_id).pages)
    assert not problems, "\n".join(problems)


def test_the_pixel_check_sees_ink_in_the_margin(tmp_path):
    """The check above can fail: a thin line 3 mm from the edge is seen."""
    pdftoppm = need_tool("pdftoppm")
    w, h = PAPER_MM["a4"]
    page = Page(w, h, (Rect(3.0, 40.0, 0.4, 100.0, Style(stroke=None, fill=(0, 0, 0))),), "probe")
    pdf = tmp_path / "probe.pdf"
    pdf.write_bytes(render_pdf([page], PdfMeta("probe", "probe", "pnp", "", "en")))
    out = tmp_path / "png"
    out.mkdir()
    problems = _border_problems(_rasterise(pdftoppm, pdf, out), [page])
    assert any("left border" in p for p in problems)


def test_the_scale_bar_measures_its_length_on_paper(rendered, built, tmp_path):
    """At 254 dpi a pixel is 0.1 mm: between the centres of the end ticks
    (where a ruler is put) the bar measures 50 mm."""
    pdftoppm = need_tool("pdftoppm")
    pages = built("tab", "en", "a4").pages
    n = len(pages)
    page = pages[-1]
    dpi = 254
    (bar,) = [s for s in page.items if isinstance(s, Rect) and s.style.fill == (0.0, 0.0, 0.0) and s.w == 50.0]
    ticks = [s for s in page.items if isinstance(s, Line) and s.x1 == s.x2 and s.x1 in (bar.x, bar.x + bar.w)]
    assert len(ticks) == 2
    top = max(min(t.y1, t.y2) for t in ticks)
    assert top < bar.y, "the ticks stand above the bar"
    px = dpi / INCH
    # render only a strip around the bar
    x0, y0 = math.floor((bar.x - 3) * px), math.floor((top - 2) * px)
    w, h = math.ceil((bar.w + 6) * px), math.ceil((bar.y + bar.h - top + 4) * px)
    subprocess.run([pdftoppm, "-r", str(dpi), "-f", str(n), "-l", str(n), "-x", str(x0), "-y", str(y0),
                    "-W", str(w), "-H", str(h), "-png", str(rendered("tab", "en", "a4")), str(tmp_path / "p")],
                   check=True, capture_output=True)
    (png,) = tmp_path.glob("p*.png")
    img = Image.open(png).convert("L")
    y = round((top + bar.y) / 2 * px) - y0  # a row through the ticks only
    dark = [x + x0 for x in range(img.width) if img.getpixel((x, y)) < 128]
    runs: list[list[int]] = []
    for x in dark:
        if runs and x == runs[-1][-1] + 1:
            runs[-1].append(x)
        else:
            runs.append([x])
    assert len(runs) == 2, f"two ticks, found {len(runs)} dark runs"
    centres = [(r[0] + r[-1] + 1) / 2 * INCH / dpi for r in runs]
    assert centres[1] - centres[0] == pytest.approx(SCALE_BAR_MM["a4"], abs=0.15)


def test_each_text_is_set_in_its_own_font_when_the_font_is_written_only_on_change():
    """The renderer writes Tf only when the font or size changes and relies
    on q/Q to restore it; PDFium must still see every run in its own face and
    size: after a group (q...Q) that changed the font, and inside a form."""
    import ctypes

    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    from pnp.geometry import Group, Text

    art = (Text(0, 0, "inside", "Sans-Italic", 8, 8.0),)
    items = (
        Text(10, 10, "first", "Sans", 9, 8.0),
        Text(10, 20, "second", "Sans", 9, 8.0),
        Group((Text(0, 0, "moved", "Sans-Bold", 9, 8.0),), 10, 30, rotate=5.0),
        Text(10, 40, "after", "Sans", 9, 8.0),
        Group(art, 10, 50), Group(art, 10, 60),
        Text(10, 70, "bigger", "Sans", 12, 8.0),
        Text(10, 80, "last", "Sans", 9, 8.0),
    )
    pdf = render_pdf([Page(100, 100, items, "t")], PdfMeta("t", "t", "t", "pnp=test", "en"))
    assert pdf.count(b" Tf") < 7, "the font is written for every run"
    doc = pdfium.PdfDocument(pdf)
    page = doc[0]
    tp = raw.FPDFText_LoadPage(page.raw)
    seen: dict[str, tuple[str, float]] = {}

    def visit(obj: object) -> None:
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            for k in range(raw.FPDFFormObj_CountObjects(obj)):
                visit(raw.FPDFFormObj_GetObject(obj, k))
        elif kind == raw.FPDF_PAGEOBJ_TEXT:
            n = raw.FPDFTextObj_GetText(obj, tp, None, 0)
            buf = (ctypes.c_ushort * (n // 2))()
            raw.FPDFTextObj_GetText(obj, tp, buf, n)
            text = bytes(buf).decode("utf-16-le").rstrip("\0")
            font = raw.FPDFTextObj_GetFont(obj)
            name = ctypes.create_string_buffer(128)
            raw.FPDFFont_GetBaseFontName(font, name, 128)
            size = ctypes.c_float()
            raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
            seen[text] = (name.value.decode().split("+")[-1], size.value)

    for i in range(raw.FPDFPage_CountObjects(page.raw)):
        visit(raw.FPDFPage_GetObject(page.raw, i))
    raw.FPDFText_ClosePage(tp)
    page.close()
    doc.close()
    base = seen["first"][1]
    faces = {t: f for t, (f, _) in seen.items()}
    sizes = {t: round(v / base * 9, 3) for t, (_, v) in seen.items()}  # in pt, relative to the first run's 9 pt
    assert faces == {"first": "DejaVuSansCondensed", "second": "DejaVuSansCondensed", "moved": "DejaVuSansCondensed-Bold",
                     "after": "DejaVuSansCondensed", "inside": "DejaVuSansCondensed-Oblique",
                     "bigger": "DejaVuSansCondensed", "last": "DejaVuSansCondensed"}
    assert sizes == {"first": 9, "second": 9, "moved": 9, "after": 9, "inside": 8, "bigger": 12, "last": 9}
