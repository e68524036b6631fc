"""The other output formats (issue 6): SVG, cut SVG and PNG previews.

Expectations come from the page data (the shapes, their roles, tags and
transforms), from the print facts (paper sizes, the safe margin) and from
the file naming the issue asks for; never from the rendered output. The SVG
is read back with a small transform parser of its own, not with pnp's.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops
from pypdf import PdfReader

from pnp.build import build_pages
from pnp.cli import main
from pnp.fonts import Measurer
from pnp.geometry import Circle, Group, Line, Matrix, Page, Rect, Shape, Text, apply, walk
from pnp.geometry import Path as PathShape
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from pnp.render.pdf import PdfMeta, render_pdf
from pnp.render.svg import render_cut_svg_page, render_svg_page
from tests.helpers import KIT_IDS, PAPER_MM, PT, SAFE_MARGIN, geom_box

SVG = "{http://www.w3.org/2000/svg}"
INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
KINDS = {Rect: "rect", Line: "line", Circle: "circle", PathShape: "path", Text: "text"}
HEX = re.compile(r"#([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})")
FONT_FACES = {  # the font names of page data, as CSS (family, weight, style)
    "Sans": ("DejaVu Sans Condensed", "normal", "normal"),
    "Sans-Bold": ("DejaVu Sans Condensed", "bold", "normal"),
    "Sans-Italic": ("DejaVu Sans Condensed", "normal", "italic"),
    "Sans-BoldItalic": ("DejaVu Sans Condensed", "bold", "italic"),
}
TOL = 1e-3  # mm
Box4 = tuple[float, float, float, float]  # x0, y0, x1, y1


# --- reading SVG back -------------------------------------------------------------------------------------------


def mul(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def parse_transform(text: str | None) -> Matrix:
    """SVG transform lists: translate, rotate (about the origin), scale, matrix."""
    m: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip())]
        if name == "translate":
            t = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "rotate":
            assert len(v) == 1, "rotate about a point is not expected"
            r = math.radians(v[0])
            t = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0)
        elif name == "scale":
            t = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "matrix":
            t = tuple(v)  # type: ignore[assignment]
        else:
            raise AssertionError(f"unexpected transform {name}")
        m = mul(m, t)
    return m


XLINK = "{http://www.w3.org/1999/xlink}"


def svg_root(data: bytes) -> ET.Element:
    """The SVG with every <use> replaced by what a viewer draws for it: a
    group (moved by the use's x, y) holding a copy of the referenced element."""
    root = ET.fromstring(data)
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}

    def inline(parent: ET.Element) -> None:
        for i, el in enumerate(list(parent)):
            if el.tag == f"{SVG}use":
                ref = (el.get(f"{XLINK}href") or el.get("href") or "").removeprefix("#")
                assert ref in ids, f"<use> of an unknown id {ref!r}"
                g = ET.Element(f"{SVG}g", {"transform": f"translate({el.get('x', '0')},{el.get('y', '0')})"})
                copy = ET.fromstring(ET.tostring(ids[ref]))
                copy.attrib.pop("id", None)
                g.append(copy)
                inline(g)
                parent[i] = g
            else:
                inline(el)

    inline(root)
    return root


def layer(root: ET.Element, layer_id: str) -> ET.Element:
    (g,) = [g for g in root.findall(f"{SVG}g") if g.get("id") == layer_id]
    return g


def leaves(g: ET.Element, m: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) -> list[tuple[ET.Element, Matrix]]:
    """Every drawn element under g, with its page transform, in document order."""
    out = []
    for el in g:
        mm = mul(m, parse_transform(el.get("transform")))
        if el.tag == f"{SVG}g":
            out += leaves(el, mm)
        else:
            out.append((el, mm))
    return out


def bbox(points: list[tuple[float, float]]) -> Box4:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def svg_geometry(el: ET.Element, m: Matrix) -> tuple[str, Box4]:
    kind = el.tag.removeprefix(SVG)
    f = {k: float(v) for k, v in el.attrib.items() if re.fullmatch(r"-?[\d.]+", v)}
    if kind == "rect":
        x, y, w, h = f["x"], f["y"], f["width"], f["height"]
        pts = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
    elif kind == "line":
        pts = [(f["x1"], f["y1"]), (f["x2"], f["y2"])]
    elif kind == "circle":
        cx, cy, r = f["cx"], f["cy"], f["r"]
        pts = [(cx - r, cy - r), (cx + r, cy + r), (cx - r, cy + r), (cx + r, cy - r)]
    elif kind == "path":
        nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", el.get("d", ""))]
        assert nums and len(nums) % 2 == 0, el.get("d")
        pts = list(zip(nums[0::2], nums[1::2], strict=True))
    elif kind == "text":
        pts = [(f["x"], f["y"])]  # the anchor point
    else:
        raise AssertionError(f"unexpected element {kind}")
    return kind, bbox([apply(m, x, y) for x, y in pts])


# --- what the page data says ------------------------------------------------------------------------------------


def is_cut(s: Shape) -> bool:
    return not isinstance(s, Text) and s.style.role == "cut"


def drawn(s: Shape) -> bool:
    """A line with no stroke draws nothing, in any format."""
    return not (isinstance(s, Line) and s.style.stroke is None)


def data_geometry(s: Shape, m: Matrix) -> tuple[str, Box4]:
    if isinstance(s, Text):
        x, y = apply(m, s.x, s.y)
        return "text", (x, y, x, y)
    b = geom_box(s, m)
    return KINDS[type(s)], (b.x, b.y, b.right, b.bottom)


def unmatched(expected: list[tuple[str, Box4]], found: list[tuple[str, Box4]]) -> tuple[list, list]:
    """Match two multisets of (kind, box) within TOL: (missing, extra)."""
    buckets: dict[tuple[str, int], list[Box4]] = defaultdict(list)
    for kind, b in found:
        buckets[(kind, round(b[0]))].append(b)
    missing = []
    for kind, b in expected:
        for key in ((kind, round(b[0]) + d) for d in (0, -1, 1)):
            cands = buckets.get(key, [])
            i = next((i for i, c in enumerate(cands) if all(abs(p - q) <= TOL for p, q in zip(c, b, strict=True))), None)
            if i is not None:
                cands.pop(i)
                break
        else:
            missing.append((kind, b))
    extra = [(k, b) for (k, _), bs in buckets.items() for b in bs]
    return missing, extra


def tags(items: tuple[Shape, ...]) -> Counter:
    out: Counter = Counter()
    for s in items:
        if isinstance(s, Group):
            if s.tag is not None:
                out[s.tag] += 1
            out += tags(s.items)
    return out


class PagesByKit(dict):
    """pages[kit_id, variant] -> the kit's pages in English on A4, built once."""

    def __init__(self, measure: Measurer) -> None:
        super().__init__()
        self.measure = measure

    def __missing__(self, key: tuple[str, str]) -> list[Page]:
        kit_id, variant = key
        self[key] = build_pages(get_kit(kit_id), Options("en", get_paper("a4"), variant=variant), self.measure).pages
        return self[key]


@pytest.fixture(scope="module")
def pages(measure: Measurer) -> PagesByKit:
    return PagesByKit(measure)


def busiest(pages: list[Page]) -> tuple[int, Page]:
    """The page with the most shapes (cut ones count double), and its number."""
    def weight(p: Page) -> int:
        return sum(2 if is_cut(s) else 1 for s, _, _ in walk(p.items))

    n = max(range(len(pages)), key=lambda i: weight(pages[i]))
    return n + 1, pages[n]


# --- (1) the same geometry as the PDF ---------------------------------------------------------------------------


def turned(pages: list[Page]) -> tuple[int, Page]:
    """The first page with a turned or scaled group on it."""
    def moved(items: tuple[Shape, ...]) -> bool:
        return any(isinstance(s, Group) and (s.rotate or s.scale != 1 or moved(s.items)) for s in items)

    n = next(i for i, p in enumerate(pages) if moved(p.items))
    return n + 1, pages[n]


@pytest.mark.parametrize("pick", [busiest, turned], ids=["busiest", "turned"])
@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_svg_has_the_geometry_of_the_page_and_the_pdf(kit_id: str, pick, pages) -> None:
    """One page of each kit with the most shapes, and one with turned groups."""
    _, page = pick(pages[kit_id, "colour"])
    root = svg_root(render_svg_page(page))
    pdf = PdfReader(BytesIO(render_pdf([page], PdfMeta("t", "s", "a", "k", "en"))))

    # page size: mm in the SVG, with a viewBox in mm; the PDF's in points; both an A4 sheet
    w_mm, h_mm = (float(root.get(a).removesuffix("mm")) for a in ("width", "height"))
    assert root.get("width").endswith("mm") and root.get("height").endswith("mm")
    assert [float(v) for v in root.get("viewBox").split()] == pytest.approx([0, 0, w_mm, h_mm])
    box = pdf.pages[0].mediabox
    assert (float(box.width) * PT, float(box.height) * PT) == pytest.approx((w_mm, h_mm), abs=0.01)
    assert sorted((w_mm, h_mm)) == pytest.approx(sorted(PAPER_MM["a4"]), abs=0.01)
    assert (w_mm, h_mm) == pytest.approx((page.width, page.height))

    # every drawn shape, at the place its group transforms put it
    expected = [data_geometry(s, m) for s, m, _ in walk(page.items) if drawn(s)]
    found = [svg_geometry(el, m) for lid in ("art", "cut") for el, m in leaves(layer(root, lid))]
    assert Counter(k for k, _ in found) == Counter(k for k, _ in expected)
    missing, extra = unmatched(expected, found)
    assert not missing and not extra, f"{len(missing)} shapes missing, e.g. {missing[:3]}; {len(extra)} extra, e.g. {extra[:3]}"
    assert sum(k == "rect" for k, _ in expected) > 0

    # rects keep their size (not only their bounding box) where they are not turned
    rects = [(s, m) for s, m, _ in walk(page.items) if isinstance(s, Rect) and m[1] == m[2] == 0 and m[0] == m[3] == 1]
    svg_rects = {(round(float(el.get("width")), 3), round(float(el.get("height")), 3))
                 for lid in ("art", "cut") for el, _ in leaves(layer(root, lid)) if el.tag == f"{SVG}rect"}
    assert {(round(s.w, 3), round(s.h, 3)) for s, _ in rects} <= svg_rects

    # texts: same strings, in drawing order, in mm sizes and the right faces
    texts = [s for s, _, _ in walk(page.items) if isinstance(s, Text)]
    svg_texts = [el for el, _ in leaves(layer(root, "art")) if el.tag == f"{SVG}text"]
    assert [el.text or "" for el in svg_texts] == [t.text for t in texts]
    for t, el in zip(texts, svg_texts, strict=True):
        family, weight, style = FONT_FACES[t.font]
        assert el.get("font-family") == family
        assert (el.get("font-weight", "normal"), el.get("font-style", "normal")) == (weight, style)
        assert float(el.get("font-size")) == pytest.approx(t.size * 25.4 / 72, abs=1e-3)
        assert el.get("text-anchor", "start") == t.anchor

    # tagged groups: one <g class="pnp-kind" data-kind data-value> each, in the art layer only
    svg_tags = Counter((g.get("data-kind"), g.get("data-value")) for g in root.iter(f"{SVG}g") if g.get("data-kind"))
    assert svg_tags == tags(page.items)
    for g in root.iter(f"{SVG}g"):
        if g.get("data-kind"):
            assert g.get("class") == f"pnp-{g.get('data-kind')}"
    assert not [g for g in layer(root, "cut").iter(f"{SVG}g") if g.get("data-kind")]


# --- (2) the cut layer ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_cut_layer_holds_exactly_the_cut_lines(kit_id: str, pages) -> None:
    total_cut = 0
    for n, page in enumerate(pages[kit_id, "colour"], 1):
        root = svg_root(render_svg_page(page))
        cut_layer = layer(root, "cut")
        assert cut_layer.get(f"{INKSCAPE}groupmode") == "layer" and cut_layer.get(f"{INKSCAPE}label") == "cut"

        cut = [data_geometry(s, m) for s, m, _ in walk(page.items) if is_cut(s)]
        art = [data_geometry(s, m) for s, m, _ in walk(page.items) if not is_cut(s) and drawn(s)]
        in_cut = leaves(cut_layer)
        in_art = leaves(layer(root, "art"))
        assert len(in_cut) == len(cut), f"page {n}"
        missing, extra = unmatched(cut, [svg_geometry(el, m) for el, m in in_cut])
        assert not missing and not extra, f"page {n}: cut layer misses {missing[:3]}, has extra {extra[:3]}"
        # the art layer holds everything else and nothing of the cut
        missing, extra = unmatched(art, [svg_geometry(el, m) for el, m in in_art])
        assert not missing and not extra, f"page {n}: art layer misses {missing[:3]}, has extra {extra[:3]}"
        assert not [el for el, _ in in_art if (el.get("stroke") or "").upper() == "#FF0000"]
        for el, _ in in_cut:  # a red hairline, not filled
            assert (el.get("stroke", "").upper(), float(el.get("stroke-width")), el.get("fill")) == ("#FF0000", 0.1, "none")
        total_cut += len(cut)

        # the cut-only file: the same cut layer, three 5 mm squares at the safe area's corners, nothing else
        if cut:
            cut_root = ET.fromstring(render_cut_svg_page(page, SAFE_MARGIN))
            assert {g.get("id") for g in cut_root.findall(f"{SVG}g")} == {"cut", "registration"}
            assert not list(cut_root.iter(f"{SVG}text"))
            assert sorted(svg_geometry(el, m) for el, m in leaves(layer(cut_root, "cut"))) == \
                sorted(svg_geometry(el, m) for el, m in in_cut)
            marks = leaves(layer(cut_root, "registration"))
            s, w, h = SAFE_MARGIN, page.width, page.height
            want = {("rect", b) for b in [(s, s, s + 5, s + 5), (w - s - 5, s, w - s, s + 5), (s, h - s - 5, s + 5, h - s)]}
            got = {svg_geometry(el, m) for el, m in marks}
            assert len(got) == 3 and not unmatched(sorted(want), sorted(got))[0], got
            for el, _ in marks:
                assert layer(cut_root, "registration").get("fill") in ("#000000", "black") and el.get("fill") in (None, "#000000")
    assert total_cut > 0, f"{kit_id} has nothing to cut: the test proves nothing"


def test_fold_lines_stay_in_the_art_layer(pages) -> None:
    for n, page in enumerate(pages["kesse-rueben", "colour"], 1):
        folds = [data_geometry(s, m) for s, m, _ in walk(page.items) if not isinstance(s, Text) and s.style.role == "fold"]
        if folds:
            root = svg_root(render_svg_page(page))
            missing, _ = unmatched(folds, [svg_geometry(el, m) for el, m in leaves(layer(root, "art"))])
            assert not missing, f"page {n}"
            break
    else:
        pytest.fail("Kesse Rüben has no fold line: the test proves nothing")


# --- (3) greyscale has no colour --------------------------------------------------------------------------------


def colours(svg: bytes) -> list[tuple[int, int, int]]:
    out = []
    for el in ET.fromstring(svg).iter():
        for attr in ("fill", "stroke", "color", "stop-color"):
            v = el.get(attr)
            if v is None or v == "none":
                continue
            m = HEX.fullmatch(v)
            assert m, f"{attr}={v!r} is not a #RRGGBB colour"
            out.append(tuple(int(x, 16) for x in m.groups()))
        assert "style" not in el.attrib, "colours in style attributes are not checked"
    return out


def test_greyscale_svgs_have_no_colour(measure, tmp_path: Path) -> None:
    for kit_id in KIT_IDS:
        out = tmp_path / kit_id
        render_one(get_kit(kit_id), Options("en", get_paper("a4"), variant="greyscale"), out, ("svg", "cut-svg"), 150,
                   measure, validate=False)
        files = sorted(out.glob("*.svg"))
        assert files
        for f in files:
            coloured = [c for c in colours(f.read_bytes()) if len(set(c)) > 1]
            assert not coloured, f"{f.name}: {coloured[:5]}"


def test_the_colour_check_can_see_colour(pages) -> None:
    _, page = busiest(pages["ludo-cards", "colour"])
    assert [c for c in colours(render_svg_page(page)) if len(set(c)) > 1]


def card_page(pages: list[Page]) -> int:
    """The number of the first page with cards on it."""
    return next(n for n, p in enumerate(pages, 1) if any(k == "card" for k, _ in tags(p.items)))


def spread(image: Image.Image) -> int:
    """The largest difference between two channels of any pixel."""
    r, g, b = image.convert("RGB").split()
    return max(ImageChops.difference(x, y).getextrema()[1] for x, y in ((r, g), (g, b), (r, b)))


def test_greyscale_png_of_a_card_page_has_no_colour(measure, pages, tmp_path: Path) -> None:
    n = card_page(pages["ludo-cards", "greyscale"])
    spreads = {}
    for variant in ("colour", "greyscale"):
        out = tmp_path / variant
        render_one(get_kit("ludo-cards"), Options("en", get_paper("a4"), variant=variant), out, ("png",), 40, measure,
                   validate=False)
        suffix = "" if variant == "colour" else "-greyscale"
        with Image.open(out / f"ludo-cards-en-a4{suffix}-p{n:02d}.png") as im:
            spreads[variant] = spread(im)
    assert spreads["colour"] > 3, "the colour page shows no colour: the check proves nothing"
    assert spreads["greyscale"] <= 3


# --- (4) the command line writes the files asked for, and only those --------------------------------------------


def test_cli_writes_the_expected_files_and_nothing_else(measure, tmp_path: Path) -> None:
    tab_pages = build_pages(get_kit("tab"), Options("en", get_paper("a4")), measure).pages
    runs = []
    for run in ("a", "b"):
        out = tmp_path / run
        result = CliRunner().invoke(main, ["render", "tab", "--lang", "en", "--paper", "a4", "--format", "svg,png,cut-svg",
                                           "-o", str(out)])
        assert result.exit_code == 0, result.output
        runs.append(out)
    out = runs[0]
    stem = "tab-en-a4"
    expected = {f"{stem}-contact.png"}
    for n, page in enumerate(tab_pages, 1):
        expected |= {f"{stem}-p{n:02d}.svg", f"{stem}-p{n:02d}.png"}
        if any(is_cut(s) for s, _, _ in walk(page.items)):
            expected.add(f"{stem}-p{n:02d}-cut.svg")
    assert any(name.endswith("-cut.svg") for name in expected)
    found = {p.name for p in out.iterdir()}  # hidden files and .part leftovers included
    assert found == expected

    for n, page in enumerate(tab_pages, 1):
        with Image.open(out / f"{stem}-p{n:02d}.png") as im:  # --dpi defaults to 150
            assert im.size == pytest.approx((page.width / 25.4 * 150, page.height / 25.4 * 150), abs=1.5)
        root = ET.fromstring((out / f"{stem}-p{n:02d}.svg").read_bytes())
        assert float(root.get("width").removesuffix("mm")) == pytest.approx(page.width)
    with Image.open(out / f"{stem}-contact.png") as im:
        # one ~200 px thumbnail per page, side by side
        assert len(tab_pages) * 180 <= im.width <= len(tab_pages) * 260

    # deterministic: a second run gives the same bytes
    for name in sorted(expected):
        assert (runs[0] / name).read_bytes() == (runs[1] / name).read_bytes(), name


# --- (5) a format that does not exist ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["jpeg", "pdf,jpeg", "svg;png", ","])
def test_unknown_format_is_a_usage_error(value: str, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["render", "tab", "--lang", "en", "--paper", "a4", "--format", value, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "format" in result.output
    assert not out.exists()
