"""The print-shop export (--format cards), read back from the files the way
a print shop's preflight reads them: page boxes in points, page order, the
pixels at the page edge, the distance of every glyph and symbol from the
trim, PNG sizes per preset, and the same bytes on a rebuild."""

from __future__ import annotations

import re
import subprocess
import zipfile
from io import BytesIO
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from pnp.cli import main
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import CardOptions, render_one
from pnp.paper import get_paper
from pnp.presets import load_presets
from tests.printer import _bounds, _objects

MM = 72 / 25.4  # points per mm
BLEED = 3.0  # the default, as the issue asks
SAFE = 3.0


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> dict[str, Path]:
    """Every kit's cards in English at the default bleed, PNGs at a cheap 20 dpi."""
    from pnp.fonts import Measurer

    out = tmp_path_factory.mktemp("cards")
    m = Measurer()
    for kit in ("ludo-cards", "kesse-rueben", "tab"):
        render_one(get_kit(kit), Options("en", get_paper("a4")), out, ("cards",), 150, m, False, CardOptions(dpi=20))
    return {kit: out / f"{kit}-en-cards" / f"{kit}-en-cards.pdf" for kit in ("ludo-cards", "kesse-rueben", "tab")}


def tags(reader: PdfReader) -> list[list[tuple[str, str]]]:
    """The components each page draws: the marked-content tags in its stream."""
    pat = re.compile(rb"/pnp <</K \(([^)]*)\) /V \(([^)]*)\)>> BDC")
    return [[(k.decode(), v.decode()) for k, v in pat.findall(p.get_contents().get_data())] for p in reader.pages]


def box(page, name: str) -> tuple[float, ...]:
    return tuple(float(v) for v in page[name])


# --- page count and order, from the game facts --------------------------------------------------------------------


def test_page_counts_are_the_pieces_of_the_game(cards) -> None:
    ludo, kesse, tab = (get_kit(k).load_spec() for k in ("ludo-cards", "kesse-rueben", "tab"))
    # Ludo: every card of every colour, each with its back
    assert len(PdfReader(cards["ludo-cards"]).pages) == 2 * len(ludo.colours) * len(ludo.values) * ludo.stack_height
    # Kesse Rüben: the board and the largest supply of every kind
    assert len(PdfReader(cards["kesse-rueben"]).pages) == 1 + len(kesse.kinds) * max(kesse.supply.values())
    # Tâb: the board, two faces of each piece (round 18: the row-4 markers are paper bands, made at home)
    assert len(PdfReader(cards["tab"]).pages) == 1 + 2 * 2 * tab.pieces_per_player


def test_fronts_and_backs_alternate_each_back_behind_its_front(cards) -> None:
    pages = tags(PdfReader(cards["ludo-cards"]))
    for front, back in zip(pages[0::2], pages[1::2], strict=True):
        assert len(front) == 1 and front[0][0] == "card"
        assert back == [("back", front[0][1].split("-")[0])]
    assert len({p[0][1] for p in pages[0::2]}) == len(pages) // 2, "every card once"


def test_tab_piece_faces_come_in_pairs_plain_then_starred(cards) -> None:
    """Each piece's plain face (not yet moved) comes first, its starred face
    (moved) right after it: the star is the one ten-cornered path (a closed
    path of 11 segments) on a face, read from the PDF's own page objects."""
    import pypdfium2.raw as pc

    tab = get_kit("tab").load_spec()
    doc = pdfium.PdfDocument(cards["tab"])
    stars = []
    for i in range(len(doc)):
        paths = [pc.FPDFPath_CountSegments(o.raw) for o in doc[i].get_objects() if o.type == pc.FPDF_PAGEOBJ_PATH]
        stars.append(paths.count(11))
    kinds = [page[0][0] if page else "" for page in tags(PdfReader(cards["tab"]))]
    faces = [n for n, kind in zip(stars, kinds, strict=True) if kind == "piece"]
    assert len(faces) == 2 * 2 * tab.pieces_per_player
    for front, back in zip(faces[0::2], faces[1::2], strict=True):
        assert front == 0 and back == 1


def test_drivethrucards_gets_the_back_first(tmp_path) -> None:
    """DriveThruCards asks for the back of card 1 on page 1, its front on page 2."""
    from pnp.fonts import Measurer

    render_one(get_kit("ludo-cards"), Options("en", get_paper("a4"), players=2), tmp_path, ("cards",), 150, Measurer(),
               False, CardOptions(preset="drivethrucards", dpi=20))  # the preset's 300 dpi is tested below
    folder = tmp_path / "ludo-cards-en-cards-2p-drivethrucards"
    reader = PdfReader(folder / f"{folder.name}.pdf")
    pages = tags(reader)
    assert [k for (k, _), in pages[:4]] == ["back", "card", "back", "card"]
    pngs = sorted(p.name for p in (folder / "png").iterdir())
    assert pngs[0].endswith("-001-red-1-1-back.png") and pngs[1].endswith("-002-red-1-1-front.png")


# --- page boxes ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kit", ["ludo-cards", "kesse-rueben", "tab"])
def test_trimbox_is_the_piece_and_bleedbox_the_page(cards, kit: str) -> None:
    spec = get_kit(kit).load_spec()
    for page in PdfReader(cards[kit]).pages:
        media, bleed, trim = box(page, "/MediaBox"), box(page, "/BleedBox"), box(page, "/TrimBox")
        assert bleed == pytest.approx(media, abs=0.01)
        assert trim[0] == pytest.approx(BLEED * MM, abs=0.01) and trim[1] == pytest.approx(BLEED * MM, abs=0.01)
        assert media[2] - trim[2] == pytest.approx(BLEED * MM, abs=0.01)
        assert media[3] - trim[3] == pytest.approx(BLEED * MM, abs=0.01)
    first = PdfReader(cards[kit]).pages[-1]
    w, h = (box(first, "/TrimBox")[2] - BLEED * MM) / MM, (box(first, "/TrimBox")[3] - BLEED * MM) / MM
    size = {"ludo-cards": lambda: spec.card, "kesse-rueben": lambda: (spec.token, spec.token),
            "tab": lambda: (spec.piece, spec.piece)}[kit]()
    assert (w, h) == pytest.approx(size, abs=0.01), "the last piece is a poker card / token / piece"


def test_poker_cards_are_2_5_by_3_5_inches_plus_bleed(cards) -> None:
    """A print fact, not a copy of the code: a poker card is 2.5 x 3.5 in."""
    page = PdfReader(cards["ludo-cards"]).pages[0]
    x0, y0, x1, y1 = box(page, "/TrimBox")
    assert (x1 - x0, y1 - y0) == pytest.approx((2.5 * 72, 3.5 * 72), abs=0.01)
    assert box(page, "/MediaBox")[2:] == pytest.approx((2.5 * 72 + 2 * BLEED * MM, 3.5 * 72 + 2 * BLEED * MM), abs=0.01)


def test_bleed_option_sets_the_boxes(tmp_path) -> None:
    result = CliRunner().invoke(main, ["render", "tab", "--lang", "de", "--format", "cards", "--bleed", "5", "--dpi", "20",
                                       "-q", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = PdfReader(tmp_path / "tab-de-cards" / "tab-de-cards.pdf").pages[-1]
    assert box(page, "/TrimBox")[:2] == pytest.approx((5 * MM, 5 * MM), abs=0.01)
    trim = box(page, "/TrimBox")
    assert box(page, "/MediaBox")[2] == pytest.approx(trim[2] - trim[0] + 10 * MM, abs=0.01)  # the piece + 2 x 5 mm


# --- the art runs into the bleed ---------------------------------------------------------------------------------


def edge_pixels(image: Image.Image, band: int) -> list[tuple[int, int, int]]:
    """Every pixel within `band` px of the image edge."""
    w, h = image.size
    px = image.load()
    return [px[x, y] for y in range(h) for x in range(w) if min(x, y, w - 1 - x, h - 1 - y) < band]


def page_image(pdf: Path, index: int, dpi: int = 100) -> tuple[Image.Image, float]:
    doc = pdfium.PdfDocument(pdf)
    page = doc[index]
    scale = dpi / 72
    return page.render(scale=scale, fill_color=(255, 255, 255, 255)).to_pil().convert("RGB"), scale


def test_card_backs_are_their_colour_from_page_edge_past_the_trim(cards) -> None:
    spec = get_kit("ludo-cards").load_spec()
    reader = PdfReader(cards["ludo-cards"])
    seen: set[str] = set()
    for i, page_tags in enumerate(tags(reader)):
        if page_tags[0][0] != "back" or page_tags[0][1] in seen:
            continue
        seen.add(page_tags[0][1])
        colour = next(c for c in spec.colours if c.id == page_tags[0][1])
        want = tuple(round(v * 255) for v in colour.rgb)
        image, scale = page_image(cards["ludo-cards"], i)
        # the bleed and 1 mm inside the trim: a knife drifting 1 mm either way finds colour, never white
        band = round((BLEED + 1.0) * MM * scale)
        for px in edge_pixels(image, band):
            assert max(abs(a - b) for a, b in zip(px, want, strict=True)) <= 3, (i, px, want)
    assert len(seen) == len(spec.colours)


def test_dark_piece_faces_are_black_into_the_bleed(cards) -> None:
    """Both faces of every dark piece, and every marker of the light player
    (a dark marker, to show on a light piece), are black from the page edge
    to past the trim. The pieces are told apart by their tags, not by their
    colour: a dark face printed white (as the plain faces once were) is
    counted, and fails."""
    black = {("piece", "dark")}  # round 18: no markers in the shop file (paper bands, made at home)
    dark: dict[str, int] = {}
    for i, page_tags in enumerate(tags(PdfReader(cards["tab"]))):
        if page_tags[0] not in black:
            continue
        dark[page_tags[0][0]] = dark.get(page_tags[0][0], 0) + 1
        image, scale = page_image(cards["tab"], i, 60)
        inside = image.getpixel((image.width // 2, round(BLEED * MM * scale) + 3))
        assert inside == (0, 0, 0), (i + 1, "black just inside the trim")
        assert set(edge_pixels(image, round(BLEED * MM * scale))) == {(0, 0, 0)}, i + 1
    tab = get_kit("tab").load_spec()
    assert dark == {"piece": 2 * tab.pieces_per_player}, "both faces of every dark piece"


def test_board_fields_run_into_the_bleed(cards) -> None:
    spec = get_kit("kesse-rueben").load_spec()
    image, scale = page_image(cards["kesse-rueben"], 0)
    # the outermost pixel ring is field colour or the fields' own lines, never white paper
    whites = [px for px in edge_pixels(image, 1) if px == (255, 255, 255)]
    assert not whites
    assert image.size == pytest.approx(((spec.board * spec.square + 2 * BLEED) * MM * scale,) * 2, abs=1.5)


# --- the safe zone, measured on the file ------------------------------------------------------------------------


@pytest.mark.parametrize("kit", ["ludo-cards", "kesse-rueben", "tab"])
def test_no_glyph_or_symbol_within_3_mm_of_the_trim(cards, kit: str) -> None:
    """Glyph boxes from PDFium's text layer; symbols are the path objects
    that neither reach the trim (fields) nor span half the piece (frames)."""
    doc = pdfium.PdfDocument(cards[kit])
    step = 1 if kit != "ludo-cards" else 7  # Ludo: every 7th page still covers fronts and backs of every colour
    checked_text = checked_paths = 0
    for i in range(0, len(doc), step):
        page = doc[i]
        x0, y0, x1, y1 = page.get_trimbox()
        lo_x, lo_y, hi_x, hi_y = x0 + SAFE * MM, y0 + SAFE * MM, x1 - SAFE * MM, y1 - SAFE * MM
        tp = page.get_textpage()
        for c in range(tp.count_chars()):
            if tp.get_text_range(c, 1).strip():
                left, bottom, right, top = tp.get_charbox(c)
                assert left >= lo_x - 0.05 and right <= hi_x + 0.05 and bottom >= lo_y - 0.05 and top <= hi_y + 0.05, \
                    (kit, i, tp.get_text_range(c, 1), (left, bottom, right, top), (lo_x, lo_y, hi_x, hi_y))
                checked_text += 1
        # every path, inside forms too, with its bounds placed on the page (a
        # form's objects report bounds in the form's own space)
        raws = [pdfium.raw.FPDFPage_GetObject(page.raw, j) for j in range(pdfium.raw.FPDFPage_CountObjects(page.raw))]
        for raw, m, _holder in _objects(raws, None, None):
            if pdfium.raw.FPDFPageObj_GetType(raw) != pdfium.raw.FPDF_PAGEOBJ_PATH:
                continue
            left, bottom, right, top = _bounds(raw, m)
            if left < x0 + 0.5 * MM or bottom < y0 + 0.5 * MM or right > x1 - 0.5 * MM or top > y1 - 0.5 * MM:
                continue  # a field that runs into the bleed, or a frame on the trim
            if right - left >= (x1 - x0) / 2 or top - bottom >= (y1 - y0) / 2:
                continue  # a frame, band or rule
            assert left >= lo_x - 0.05 and right <= hi_x + 0.05 and bottom >= lo_y - 0.05 and top <= hi_y + 0.05, \
                (kit, i, (left, bottom, right, top), (lo_x, lo_y, hi_x, hi_y))
            checked_paths += 1
    assert checked_text > 20 and checked_paths > 20, "nothing measured: the test would prove nothing"


# --- vector, fonts embedded ------------------------------------------------------------------------------------


def test_cards_pdf_is_vector_with_embedded_fonts(cards) -> None:
    for pdf in cards.values():
        fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
        assert fonts and all(line.split()[-5] == "yes" for line in fonts), fonts
        images = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True)
        assert len(images.stdout.splitlines()) == 2, "no raster image in a vector file"


# --- PNGs per preset, names, ZIP ----------------------------------------------------------------------------------


# the pixel sizes the shops state: (trim + 2 x bleed) x dpi, worked out from their own units
SHOP_PIXELS = {
    "poker-us": (round(2.75 * 300), round(3.75 * 300)),  # 2.5 x 3.5 in + 2 x 1/8 in, 300 dpi: 825 x 1125
    "drivethrucards": (825, 1125),
    "poker-eu": (round(69 / 25.4 * 300), round(94 / 25.4 * 300)),  # 63 x 88 mm + 2 x 3 mm at 300 dpi: 815 x 1110
}


def test_every_preset_has_its_shop_pixels_and_its_source_named() -> None:
    presets = load_presets()
    assert set(presets) == set(SHOP_PIXELS)
    text = (Path(__file__).parents[2] / "templates" / "common" / "card-presets.toml").read_text()
    for pid, p in presets.items():
        section = text.split(f"[{pid}]", 1)[1].split("\n[", 1)[0]
        assert "Source" in section or "source" in section or "Specifications" in section, pid
        assert len(p.source) > 10, pid  # a source in the data too, not only a comment


# What each service asks for beyond size and bleed, from its own pages (see
# the comments in card-presets.toml): the words a caveat must say.
SERVICE_ASKS = {
    "drivethrucards": ["RGB", "PDF/X-1a", "CMYK", "SWOP", "240 %", "convert"],
    "poker-eu": ["RGB", "CMYK", "PDF/X-4", "300 %", "convert"],
    "poker-us": ["RGB"],
}


def colour_spaces(pdf_bytes: bytes) -> tuple[set[str], bool, bool]:
    """The colour operators a PDF's pages and forms use (rg/RG: DeviceRGB,
    k/K: DeviceCMYK, g/G: DeviceGray, cs/CS: a named space), whether it has
    an output intent, and whether it says it is PDF/X."""
    import pikepdf

    ops: set[str] = set()
    with pikepdf.open(BytesIO(pdf_bytes)) as pdf:
        streams = [page.obj for page in pdf.pages]
        streams += [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"]
        for s in streams:
            for inst in pikepdf.parse_content_stream(s):
                if str(inst.operator) in ("rg", "RG", "k", "K", "g", "G", "cs", "CS", "sc", "scn", "SC", "SCN"):
                    ops.add(str(inst.operator))
        intents = "/OutputIntents" in pdf.Root
        pdfx = "/GTS_PDFXVersion" in pdf.docinfo
    return ops, intents, pdfx


@pytest.mark.parametrize("pid", sorted(SHOP_PIXELS))
def test_a_preset_says_what_its_file_is_not_and_the_file_proves_it(pid: str) -> None:
    """pnp writes RGB, no output intent, no PDF/X: a preset whose service
    asks for CMYK or PDF/X says so in its data and in `pnp list`, and the
    file read back shows the caveat is true (DeviceRGB colour operators
    only, no output intent, no PDF/X version)."""
    from pnp.deck import build_deck
    from pnp.presets import get_preset
    from pnp.render.pdf import PdfMeta, render_pdf
    from pnp.workers import _process_measurer

    p = get_preset(pid)
    for word in SERVICE_ASKS[pid]:
        assert word in p.caveat, (pid, word)
    listed = CliRunner().invoke(main, ["list"]).output.splitlines()
    at = next(i for i, ln in enumerate(listed) if ln.split() and ln.split()[0] == pid)
    assert listed[at + 1].split() == ["note:", *p.caveat.split()]
    deck = build_deck(get_kit("ludo-cards"), Options("en", get_paper("a4"), players=2, backs="none"), _process_measurer(),
                      None, p)
    ops, intents, pdfx = colour_spaces(render_pdf(deck.pages[:8], PdfMeta("t", "t", "c", deck.keywords, "en")))
    assert "rg" in ops and not ops & {"k", "K", "cs", "CS", "sc", "scn", "SC", "SCN"}, ops
    assert not intents and not pdfx


def test_render_with_a_preset_prints_its_caveat(tmp_path) -> None:
    result = CliRunner().invoke(main, ["render", "ludo-cards", "--lang", "en", "--players", "2", "--backs", "none",
                                       "--format", "cards", "--preset", "drivethrucards", "--no-validate", "-j", "1",
                                       "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    caveat = load_presets()["drivethrucards"].caveat
    assert result.output.splitlines()[-1] == f"note: --preset drivethrucards: {caveat}"


@pytest.mark.parametrize("preset", sorted(SHOP_PIXELS))
def test_png_pixel_size_per_preset(preset: str, tmp_path) -> None:
    from pnp.layout.components import components
    from pnp.presets import get_preset
    from pnp.render.cards import card_pngs
    from pnp.render.pdf import PdfMeta, render_pdf
    from pnp.workers import _process_measurer

    kit = get_kit("ludo-cards")
    spec = kit.load_spec()
    from pnp.i18n import load_catalog
    from pnp.kits import Context

    sheets = kit.build(Context(Options("nl", get_paper("letter"), players=2), load_catalog(kit.id, "nl"),
                               _process_measurer(), spec))
    p = get_preset(preset)
    comps = components(kit, sheets, spec, p.bleed, p)[:2]
    pdf = render_pdf([c.page for c in comps], PdfMeta("t", "s", "a", "k", "nl"))
    for name, data in card_pngs(pdf, comps, "x", p.dpi):
        with Image.open(BytesIO(data)) as im:
            assert im.size == SHOP_PIXELS[preset], name
            assert im.info["dpi"] == pytest.approx((p.dpi, p.dpi), abs=0.01)


def test_cli_cards_files_names_in_deck_order_and_zip_identical_on_rebuild(tmp_path) -> None:
    runs = []
    for run in ("a", "b"):
        out = tmp_path / run
        result = CliRunner().invoke(main, ["render", "kesse-rueben", "--lang", "de", "--players", "4", "--format",
                                           "cards", "--dpi", "30", "-q", "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert result.output == ""  # --quiet
        runs.append(out)
    stem = "kesse-rueben-de-cards-4p"
    a, b = (r / stem for r in runs)
    assert [p.name for p in runs[0].iterdir()] == [stem], "everything for the shop in one folder"
    assert sorted(p.name for p in a.iterdir()) == sorted([f"{stem}.pdf", f"{stem}-png.zip", "png"])
    pngs = sorted(p.name for p in (a / "png").iterdir())
    assert len(pngs) == len(PdfReader(a / f"{stem}.pdf").pages) == 1 + 4 * 9  # board + 9 of each kind for 4 players
    assert pngs[0] == f"{stem}-001-board.png" and pngs[-1] == f"{stem}-037-beetroot-09.png"
    with zipfile.ZipFile(a / f"{stem}-png.zip") as zf:
        assert zf.namelist() == pngs
        assert zf.read(pngs[5]) == (a / "png" / pngs[5]).read_bytes()
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    for name in (f"{stem}.pdf", f"{stem}-png.zip", f"png/{pngs[3]}"):
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_cards_are_the_same_bytes_from_a4_and_letter_runs(tmp_path) -> None:
    """The pieces do not depend on the paper; a run for both papers writes the same file twice."""
    from pnp.fonts import Measurer

    m = Measurer()
    for paper in ("a4", "letter"):
        render_one(get_kit("tab"), Options("nl", get_paper(paper)), tmp_path / paper, ("cards",), 150, m, False,
                   CardOptions(dpi=20))
    for name in ("tab-nl-cards.pdf", "tab-nl-cards-png.zip"):
        assert (tmp_path / "a4" / "tab-nl-cards" / name).read_bytes() == (tmp_path / "letter" / "tab-nl-cards" / name).read_bytes()


# --- hostile input -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args", [
    ["--bleed", "nan"], ["--bleed", "inf"], ["--bleed", "-1"], ["--bleed", "10.5"], ["--bleed", "3mm"],
    ["--preset", "nope"], ["--preset", "poker-us", "--dpi", "600"], ["--preset", "poker-us", "--bleed", "2"],
])
def test_bad_card_options_are_usage_errors(args: list[str], tmp_path) -> None:
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["render", "ludo-cards", "--lang", "en", "--format", "cards", *args, "-o", str(out)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert not out.exists() or not any(out.iterdir())


def test_a_preset_that_does_not_fit_the_pieces_is_a_usage_error(tmp_path) -> None:
    result = CliRunner().invoke(main, ["render", "tab", "--lang", "en", "--format", "cards", "--preset", "poker-eu",
                                       "-o", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "poker-eu" in result.output and "63 x 88" in result.output
    assert not any(p.suffix in (".pdf", ".png", ".zip") for p in tmp_path.rglob("*"))


def test_bleed_without_cards_is_a_usage_error(tmp_path) -> None:
    result = CliRunner().invoke(main, ["render", "tab", "--bleed", "3", "-o", str(tmp_path)])
    assert result.exit_code == 2, result.output


def test_the_way_backs_are_printed_at_home_does_not_change_the_shop_files(tmp_path) -> None:
    """Backs are taken upright from whichever back sheet the kit has; only --backs none leaves them out."""
    from pnp.fonts import Measurer

    m = Measurer()
    data = {}
    for backs in ("duplex-long", "duplex-short", "gutterfold", "none"):
        render_one(get_kit("ludo-cards"), Options("de", get_paper("a4"), players=2, backs=backs), tmp_path / backs,
                   ("cards",), 150, m, False, CardOptions(dpi=20))
        (pdf,) = (tmp_path / backs).rglob("*.pdf")
        data[backs] = pdf
    assert data["duplex-long"].read_bytes() == data["duplex-short"].read_bytes() == data["gutterfold"].read_bytes()
    fronts_only = PdfReader(data["none"])
    assert data["none"].name == "ludo-cards-de-cards-2p-fronts-only.pdf"
    assert len(fronts_only.pages) * 2 == len(PdfReader(data["gutterfold"]).pages) == 2 * 2 * 4 * 6
    assert {k for page in tags(fronts_only) for k, _ in page} == {"card"}


def test_cards_pngs_are_300_dpi_unless_asked(tmp_path) -> None:
    result = CliRunner().invoke(main, ["render", "tab", "--lang", "nl", "--format", "cards", "-q", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    marker = sorted((tmp_path / "tab-nl-cards" / "png").glob("*-piece-dark-9-back.png"))[0]  # a fold-over piece: two faces
    spec = get_kit("tab").load_spec()
    with Image.open(marker) as im:  # a 19 mm piece + 2 x 3 mm bleed at 300 dpi
        assert im.size == (round((spec.piece + 2 * BLEED) / 25.4 * 300),) * 2
        assert im.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_an_error_half_way_leaves_no_zip_and_no_part_file(tmp_path, monkeypatch) -> None:
    import pnp.render.cards as cards_mod
    from pnp.fonts import Measurer

    real = cards_mod.card_pngs

    def failing(*args, **kwargs):
        for n, item in enumerate(real(*args, **kwargs)):
            if n == 3:
                raise OSError(28, "No space left on device")
            yield item

    monkeypatch.setattr(cards_mod, "card_pngs", failing)
    from pnp.errors import OutputError

    with pytest.raises(OutputError, match=r"cannot write .*tab-en-cards-png\.zip: No space left on device"):
        render_one(get_kit("tab"), Options("en", get_paper("a4")), tmp_path, ("cards",), 150, Measurer(), False,
                   CardOptions(dpi=20))
    left = [p.name for p in tmp_path.rglob("*")]
    assert not [n for n in left if n.endswith((".zip", ".part"))], left


def test_pnp_list_shows_every_preset_with_its_pixels() -> None:
    result = CliRunner().invoke(main, ["list"])
    assert result.exit_code == 0, result.output
    for pid, (w, h) in SHOP_PIXELS.items():
        line = next(ln for ln in result.output.splitlines() if ln.split() and ln.split()[0] == pid)
        assert f"{w} x {h} px" in line


@pytest.mark.parametrize(("old", "new", "says"), [
    ("trim = [63.5, 88.9]", "trim = [nan, 88.9]", "poker-us.trim[0]: should be a finite number, not nan"),
    ("bleed = 3.175", "bleed = -1", "poker-us.bleed"),
    ("dpi = 300", "dpi = 300.5", "poker-us.dpi"),
    ('order = "front-back"', 'order = "sideways"', "poker-us.order"),
    ("safe = 3.175", "", "poker-us.safe: missing"),
    ("trim = [63.5, 88.9]", "trim = [63.5, inf]", "poker-us.trim[1]: should be a finite number, not inf"),
    ("dpi = 300", "dpi = true", "poker-us.dpi: should be a valid integer, not True"),
    ("[poker-us]", "[Poker-US]", "Poker-US (as a key)"),
    ("[poker-us]", "[poker-us]\ncolour = 1", "poker-us.colour: unknown key"),
])
def test_a_broken_preset_file_is_one_line_naming_the_key(tmp_path, monkeypatch, old, new, says) -> None:
    import pnp.presets as presets
    from pnp.errors import SpecError

    text = presets.PRESETS_FILE.read_text(encoding="utf-8")
    assert old in text
    broken = tmp_path / "card-presets.toml"
    broken.write_text(text.replace(old, new, 1), encoding="utf-8")
    monkeypatch.setattr(presets, "PRESETS_FILE", broken)
    with pytest.raises(SpecError) as e:
        presets.load_presets()
    assert str(e.value).startswith(f"{broken}: ") and says in str(e.value) and "\n" not in str(e.value)


# --- the pieces are the kit's pieces, at full size (issue 20) ----------------------------------------------------


def _sizes(path: Path, pages: range | None = None) -> dict[str, set[float]]:
    """The font sizes (pt, on the page) of each short text, read with PDFium."""
    from tests.textlines import page_lines

    out: dict[str, set[float]] = {}
    for i, lines in enumerate(page_lines(path)):
        if pages is None or i in pages:
            for ln in lines:
                out.setdefault(ln.text, set()).add(round(ln.size, 1))
    return out


def test_print_shop_pieces_are_not_scaled_down(cards, rendered) -> None:
    """A turnip token's name is set at the same size in the print-shop file
    as on the kit's own sheet: nothing is shrunk to keep a label off the
    trim (round 18: Tâb's row-4 markers, whose 4 this checked too, are paper
    bands made at home, not in the shop file)."""
    kesse, tab = (get_kit(k).load_spec() for k in ("kesse-rueben", "tab"))
    from pnp.i18n import load_catalog

    name = load_catalog("kesse-rueben", "en").text(kesse.kinds[0]).capitalize()
    sheet, shop = _sizes(rendered("kesse-rueben", "en", "a4"), range(1, 2)), _sizes(cards["kesse-rueben"])
    assert shop[name] and shop[name] <= sheet[name], (shop[name], sheet[name])
    # and a piece page is the piece's full size plus the bleed
    page = PdfReader(cards["tab"]).pages[-1]
    x0, y0, x1, y1 = box(page, "/TrimBox")
    assert ((x1 - x0) / MM, (y1 - y0) / MM) == pytest.approx((tab.piece, tab.piece), abs=0.01)
