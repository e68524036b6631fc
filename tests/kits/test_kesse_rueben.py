"""Kesse Rüben: the fold-and-glue sheet, the board, the tokens, the numbers
in every language. Expected values come from the game facts and the paper."""

from __future__ import annotations

import io
import re
import subprocess

import pypdfium2 as pdfium
import pytest
from PIL import Image

from pnp.geometry import Box, Line, Rect, Text, apply, shape_box, tagged, text_box, walk
from pnp.i18n import load_catalog
from pnp.kits import get_kit
from pnp.kits.kesse_rueben import load_spec, text_values
from pnp.layout.marks import cap
from pnp.modes import Variant
from pnp.options import Options
from pnp.paper import PAPERS, get_paper
from pnp.validation.checks import normalise, stated_numbers
from tests.helpers import LANGS, MIN_RULES_PT, need_tool
from tests.textlines import page_lines

TEXT_CLEAR = 4.0  # mm of text from the fold and the cut: a hand fold drifts 1-2 mm (written here, not read from the kit)
BOARD_CLEAR = 3.0  # mm from the board's frame to the cut and the fold

SPEC = load_spec()
KIT = "kesse-rueben"


def fold_page(built, lang="en", paper="a4"):
    page = built(KIT, lang, paper).pages[0]
    assert page.label == "fold-and-glue sheet"
    return page


def test_targets_follow_from_the_board():
    # 5 x 5 board less the barn = 24 fields; target = fields // players + 1
    assert SPEC.fields == SPEC.board**2 - 1 == 24
    assert {n: SPEC.target(n) for n in SPEC.players} == {2: 13, 3: 9, 4: 7}
    assert {n: SPEC.supply[n] for n in SPEC.players} == {2: 16, 3: 12, 4: 9}


def trim_box(page):
    """The cut line of the folded sheet: the largest cut rectangle."""
    cuts = [shape_box(s, m) for s, m, _ in walk(page.items) if isinstance(s, Rect) and s.style.role == "cut"]
    return max(cuts, key=lambda b: b.w * b.h)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_fold_marks_are_at_the_exact_half_outside_the_trim_and_on_it(built, paper):
    page = fold_page(built, "en", paper)
    trim = trim_box(page)
    assert trim.x < page.width / 2 < trim.right  # the trim spans both faces
    folds = [s for s, m, _ in walk(page.items) if isinstance(s, Line) and s.style.role == "fold"]
    # one in the top margin, one in the bottom margin, and inside the cut line one the whole height (round 19)
    outside = [f for f in folds if max(f.y1, f.y2) < trim.y or min(f.y1, f.y2) > trim.bottom]
    inner = [f for f in folds if f not in outside]
    assert len(outside) == 2 and len(inner) == 1, folds
    for fold in folds:
        assert fold.x1 == fold.x2 == pytest.approx(page.width / 2, abs=0.01)
        assert fold.style.dash  # dashed
        # a whole number of dashes: no stray stub at the end of a mark
        dash, gap = fold.style.dash
        n = (abs(fold.y2 - fold.y1) - dash) / (dash + gap)
        assert n == pytest.approx(round(n), abs=1e-6) and n >= 0
    # it starts and ends with a dash on the cut line (within its ink), its dashes as in the margins, the gaps
    # stretched no more than a tenth of a millimetre to fit
    ink = 0.35  # the cut line's ink, both sides of its middle
    (line,) = inner
    top, bottom = sorted((line.y1, line.y2))
    assert trim.y - ink <= top <= trim.y + ink and trim.bottom - ink <= bottom <= trim.bottom + ink
    assert line.style.dash[0] == outside[0].style.dash[0]
    assert abs(line.style.dash[1] - outside[0].style.dash[1]) <= 0.1


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_fold_is_dashed_the_whole_height_of_the_sheet(rendered, built, paper):
    """Round 19 (hobbyist): read from the rendered page, the fold is marked
    inside the cut line from end to end, not only near its ends: every 5 mm
    of the fold's column holds a dash, and the 4 mm either side of it no ink."""
    page = fold_page(built, "en", paper)
    trim = trim_box(page)
    dpi = 150
    out = subprocess.run([need_tool("pdftoppm"), "-png", "-gray", "-r", str(dpi), "-f", "1", "-l", "1",
                          str(rendered(KIT, "en", paper))], capture_output=True, check=True).stdout
    img = Image.open(io.BytesIO(out)).convert("L")
    px = dpi / 25.4
    fx = page.width / 2
    column = img.crop((int((fx - 0.3) * px), int((trim.y + 1) * px), int((fx + 0.3) * px) + 1, int((trim.bottom - 1) * px)))
    w, h = column.size
    dark = [min(column.getpixel((x, y)) for x in range(w)) < 200 for y in range(h)]
    window = int(5 * px)
    for y in range(0, h - window, window // 2):
        assert any(dark[y:y + window]), f"no dash on the fold {trim.y + 1 + y / px:.0f}-{trim.y + 1 + (y + window) / px:.0f} mm"
    # and no ink in the gap beside it (the board's frame 3 mm off, the text 4 mm): the dashes stand alone
    for x0, x1 in ((fx - 2.5, fx - 0.6), (fx + 0.6, fx + 2.5)):
        side = img.crop((int(x0 * px), int((trim.y + 1) * px), int(x1 * px), int((trim.bottom - 1) * px)))
        assert side.getextrema()[0] > 200, f"ink beside the fold at {x0:.1f}-{x1:.1f} mm"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_halves_keep_clear_of_the_fold_and_read_upright(built, lang, paper):
    page = fold_page(built, lang, paper)
    fx = page.width / 2
    trim = trim_box(page)
    for s, m, groups in walk(page.items):
        if s.style.role in ("fold", "cut") if hasattr(s, "style") and s.style else False:
            continue
        assert not any(g.rotate for g in groups), f"turned shape on the fold sheet: {s}"
        b = shape_box(s, m)
        if b.bottom < trim.y or b.y > trim.bottom:
            continue  # in the margin the last cut takes away
        clear = TEXT_CLEAR if isinstance(s, Text) else BOARD_CLEAR  # text 4 mm, the board's frame 3 mm
        assert b.right <= fx - clear + 0.5 or b.x >= fx + clear - 0.5, f"{s} crosses the fold zone"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_board_face_holds_nothing_but_board_title_and_turn(built, rendered, lang, paper):
    """Read from the rendered PDF: inside the trim, left of the fold, the
    only words are the title, the barn's name and the turn in brief under
    the board (the whole of it, below the board); no text anywhere
    straddles the fold; and all ink there belongs to them or the board."""
    page = fold_page(built, lang, paper)
    trim = trim_box(page)
    fx = page.width / 2
    cat = load_catalog(KIT, lang)
    pt = 72 / 25.4
    words, aid = [], []
    rects = [shape_box(s, m) for g, gm in tagged(page.items) if g.tag[0] in ("field", "barn")
             for s, m, _ in walk(g.items, gm) if isinstance(s, Rect)]
    board_bottom = max(r.bottom for r in rects)
    for ln in page_lines(rendered(KIT, lang, paper))[0]:
        x0, x1, y = ln.x / pt, ln.right / pt, page.height - ln.base / pt
        assert x1 <= fx - 0.5 or x0 >= fx + 0.5, f"{ln.text!r} is set across the fold"
        if trim.y < y < trim.bottom and x1 < fx:
            (aid if y > board_bottom + 2.0 else words).append(ln.text)
    assert sorted(words) == sorted([cat.text("title"), cat.text("barn")])
    said = normalise(re.sub(r"(\w)- (\w)", r"\1\2", " ".join(aid)))
    vals = text_values(load_spec(), Options("en", get_paper(paper)))
    assert said == normalise(cat.text("turn_aid", **vals).replace("**", "")), said
    inside = []
    for item in page.items:
        if getattr(item, "tag", None) and item.tag[0] in ("field", "barn"):
            continue  # the board's squares
        parts = [shape_box(s, m) for s, m, _ in walk([item])]  # a picture (a group) as a whole
        b = Box(min(p.x for p in parts), min(p.y for p in parts), max(p.right for p in parts) - min(p.x for p in parts),
                max(p.bottom for p in parts) - min(p.y for p in parts))
        if b.right < fx and b.y > trim.y and b.bottom < trim.bottom:
            inside.append(item)
    # the board's frame, the title and the turn in brief's lines; nothing else on that face
    assert inside[0].text == cat.text("title")
    assert [type(i).__name__ for i in inside[1:]].count("Rect") == 1, inside
    assert all(isinstance(i, Rect) or (isinstance(i, Text) and i.y > board_bottom) for i in inside[1:]), inside
    assert len(inside) >= 4, "the turn in brief is there"


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_board_face_is_clean_in_the_pixels_around_the_board(rendered, built, paper):
    """No ink left of the fold inside the trim except the board and title:
    rasterised, the band between board and trim holds no dark pixel."""


    page = fold_page(built, "en", paper)
    trim = trim_box(page)
    rects = [shape_box(s, m) for g, gm in tagged(page.items) if g.tag[0] in ("field", "barn")
             for s, m, _ in walk(g.items, gm) if isinstance(s, Rect)]
    board_bottom = max(r.bottom for r in rects)
    dpi = 50
    out = subprocess.run([need_tool("pdftoppm"), "-png", "-gray", "-r", str(dpi), "-f", "1", "-l", "1",
                          str(rendered(KIT, "en", paper))], capture_output=True, check=True).stdout
    img = Image.open(io.BytesIO(out)).convert("L")
    px = dpi / 25.4
    # below the board to the trim, but for the turn in brief's lines: between the board and them, and under them
    aid = [text_box(t) for t in page.items if isinstance(t, Text) and board_bottom < t.y < trim.bottom and t.x < page.width / 2]
    assert aid, "the turn in brief under the board"
    top, bottom = min(b.y for b in aid), max(b.bottom for b in aid)
    for y0, y1 in ((board_bottom + 1.5, top - 0.3), (bottom + 0.8, trim.bottom - 1.5)):
        band = (int((trim.x + 1.5) * px), int(y0 * px), int((page.width / 2 - 1) * px), int(y1 * px))
        darkest = img.crop(band).getextrema()[0]
        assert darkest > 200, f"ink on the board face below the board ({darkest}, {y0:.1f}-{y1:.1f} mm)"


def test_the_squares_are_26_mm_on_a4_and_as_large_as_the_half_letter_allows(built):
    s_a4 = [g for g, _ in tagged(fold_page(built, "en", "a4").items) if g.tag[0] == "field"][0].items[0].w
    s_letter = [g for g, _ in tagged(fold_page(built, "en", "letter").items) if g.tag[0] == "field"][0].items[0].w
    assert 26.0 <= s_a4 <= 27.0
    # US Letter's half sheet is 139.7 mm wide; the cut is 1 mm inside the 6.35 mm margin, and the
    # board's 1 mm frame keeps BOARD_CLEAR from the cut and the fold: the largest half millimetre that fits
    room = 139.7 - 6.35 - 1.0 - 2 * (BOARD_CLEAR + 0.5)
    assert 5 * s_letter <= room < 5 * (s_letter + 0.5)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_one_pawn_for_each_kind_of_turnip_in_its_colour_with_its_symbol(built, paper):
    """A player plays one kind of turnip: its pawn has that kind's colour (its pawn colour where given) and
    symbol (game.toml look.*), not another kit's colours."""
    import tomllib

    from pnp import paths
    from pnp.geometry import hex_rgb

    with (paths.TEMPLATES / KIT / "game.toml").open("rb") as f:
        looks = tomllib.load(f)["look"]
    page = built(KIT, "en", paper).pages[1]
    pawns = {g.tag[1]: g for g, _ in tagged(page.items) if g.tag[0] == "pawn"}
    assert set(pawns) == set(SPEC.kinds) == set(looks)
    for kind, g in pawns.items():
        body = hex_rgb(looks[kind].get("pawn", looks[kind]["body"]))  # a pawn colour of its own where given
        face = max((s for s, _, _ in walk(g.items) if isinstance(s, Rect)), key=lambda r: r.w * r.h * (r.style.fill is not None))
        assert face.style.fill == body
        # the symbol twice, once on each face, dark on a light colour and light on a dark one
        marks = [s for s, _, _ in walk(g.items) if s.style.fill not in (None, body) and s is not face]
        assert len(marks) == 2
        light = 0.2126 * body[0] + 0.7152 * body[1] + 0.0722 * body[2] > 0.4
        assert all(sum(m.style.fill) == (0 if light else 3) for m in marks), kind
        kinds = {type(s).__name__ for s in marks}
        want = {"circle": {"Circle"}, "square": {"Rect"}, "triangle": {"Path"}, "diamond": {"Path"}}[looks[kind]["symbol"]]
        assert kinds <= want | {"Rect"}


@pytest.mark.parametrize("paper", list(PAPERS))
def test_board_is_5x5_with_the_barn_in_the_centre(built, paper):
    page = fold_page(built, "en", paper)
    fields = [(g, m) for g, m in tagged(page.items) if g.tag[0] == "field"]
    barns = [(g, m) for g, m in tagged(page.items) if g.tag[0] == "barn"]
    assert len(fields) == SPEC.board**2 - 1 and len(barns) == 1
    squares = []
    for g, m in fields + barns:
        rect = next(s for s in g.items if isinstance(s, Rect))
        assert rect.w == rect.h >= 25.0
        squares.append(apply(m, rect.x, rect.y))  # on the page
    xs, ys = sorted({round(x, 3) for x, _ in squares}), sorted({round(y, 3) for _, y in squares})
    assert len(xs) == len(ys) == SPEC.board
    assert all(b - a == pytest.approx(rect.w) for a, b in zip(xs, xs[1:], strict=False))
    barn = next(s for s in barns[0][0].items if isinstance(s, Rect))
    bx, by = apply(barns[0][1], barn.x, barn.y)
    assert (round(bx, 3), round(by, 3)) == (xs[2], ys[2])
    # the board is on the left half, wholly, its frame (1 mm wide) BOARD_CLEAR from the fold
    assert xs[-1] + rect.w + 0.5 <= page.width / 2 - BOARD_CLEAR + 1e-6


@pytest.mark.parametrize("players", [None, 2, 3, 4])
def test_tokens_per_kind(built, players):
    opts = {} if players is None else {"players": players}
    page = built(KIT, "en", "a4", **opts).pages[1]
    counts: dict[str, int] = {}
    for g, _ in tagged(page.items):
        if g.tag[0] == "token":
            counts[g.tag[1]] = counts.get(g.tag[1], 0) + 1
            rect = next(s for s in g.items if isinstance(s, Rect))
            assert rect.w == rect.h < SPEC.square  # a token fits on a board square
    want = max(SPEC.supply.values()) if players is None else SPEC.supply[players]
    assert counts == {k: want for k in ("carrot", "sugar_beet", "radish", "beetroot")}


def test_kinds_differ_in_more_than_colour(built):
    """Each kind has its own corner symbol and picture outline."""
    page = built(KIT, "en", "a4", variant="greyscale").pages[1]
    looks = {}
    for g, _ in tagged(page.items):
        if g.tag[0] == "token":
            shapes = tuple(type(s).__name__ for s, _, _ in walk(g.items) if not isinstance(s, Text))
            looks.setdefault(g.tag[1], shapes)
    assert len(set(looks.values())) == 4


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_numbers_in_each_language_are_the_data(built, lang, paper):
    page = fold_page(built, lang, paper)
    text = normalise(" ".join(s.text for s, _, _ in walk(page.items) if isinstance(s, Text)))
    cat = load_catalog(KIT, lang)
    values = get_kit(KIT).text_values(SPEC, Options(lang, get_paper(paper)))
    checks = stated_numbers(text, list(cat.raw("rules")), values)
    # every supply and target is stated once, in this language, and right; so is
    # the tokens' page (round 15: "2 or 4", the colour and the low-ink one)
    assert sorted(c.component for c in checks) == sorted(f"rules text states {k}" for k in values
                                                         if k[0] in "st" or k == "pawns_page")
    assert all(c.ok for c in checks), [c for c in checks if not c.ok]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_rules_body_is_never_below_7pt(built, lang, paper):
    page = fold_page(built, lang, paper)
    fx = page.width / 2
    trim = trim_box(page)
    sizes = [s.size for s, m, g in walk(page.items) if isinstance(s, Text) and not g and text_box(s).x > fx + 1
             and trim.y < text_box(s).y < trim.bottom]
    assert sizes and min(sizes) >= MIN_RULES_PT


def test_players_outside_2_to_4_is_a_usage_error(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    for n in ("1", "5"):
        r = CliRunner().invoke(main, ["render", KIT, "--players", n, "-o", str(tmp_path)])
        assert r.exit_code == 2, r.output
        assert "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []



def _prism(pawn) -> tuple[float, float, float, float, float]:
    """A pawn's strip read from the PDF: face, face, base, tab (mm along the
    strip, between its cut ends and its three dashed folds) and its width."""
    folds = sorted((b for b in pawn.parts if b.w < 1.0 and b.h > 10.0), key=lambda b: b.cx)
    assert len(folds) == 3, pawn.parts
    ink = folds[0].w / 2  # a stroke's bounds reach half its width past its middle
    # the cut outline: the widest part not as tall as the colour running past it
    cut = max((b for b in pawn.parts if b.h < pawn.box.h - 1.0 and b.w > 20.0), key=lambda b: b.w)
    left, right = cut.x0 + ink, cut.x1 - ink
    return (folds[0].cx - left, folds[1].cx - folds[0].cx, folds[2].cx - folds[1].cx, right - folds[2].cx,
            cut.h - 2 * ink)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_paper_pawns_fold_into_a_prism_on_a_deep_base(rendered, paper):
    """Round 18 (two hobbyists in a row: the 16 mm tent on 8 mm feet tipped
    when hands grabbed tokens). Read from the PDF: each pawn's strip is
    face | face | base | tab, three dashed folds inside its cut outline; the
    two faces alike, the base 18 mm deep or more and shorter than both faces
    together (the triangle closes, at least 12 mm tall), the glue tab 5-9 mm."""
    from tests.printer import read_pages

    page = read_pages(rendered(KIT, "en", paper))[1]
    pawns = page.of("pawn")
    assert sorted(p.value for p in pawns) == sorted(SPEC.kinds)
    for pawn in pawns:
        a, b, base, tab, _ = _prism(pawn)
        assert a == pytest.approx(b, abs=0.05), (a, b)
        assert base >= 18.0 - 0.02, base  # 0.02: the file rounds
        assert (min(a, b) ** 2 - (base / 2) ** 2) ** 0.5 >= 12.0, (a, b, base)
        assert 5.0 <= tab <= 9.0, tab


STAND = {"en": "It stands on its flat base, on a token too.",
         "nl": "Hij staat op zijn platte voet, ook op een fiche.",
         "de": "Sie steht auf ihrem flachen Boden, auch auf einem Plättchen."}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_pawn_stands_on_its_token_and_the_note_says_so(rendered, lang, paper):
    """Round 14 (hobbyist): a pawn and a token share a 26 mm square and the
    pawn wobbled where its feet met the token's edge. Read from the PDF: a
    pawn's footprint (round 18: its prism's base, the strip's width by the
    base's depth) fits inside a token's cut, and the note
    beside the pawns says to stand it on the token, at no smaller a size
    than the 8 pt (DE A4) to 8.5 pt it had before."""
    from tests.printer import read_pages

    pdf = rendered(KIT, lang, paper)
    page = read_pages(pdf)[1]
    token = min(min(t.box.w, t.box.h) for t in page.of("token")) - 0.6  # the cut line's stroke
    for pawn in page.of("pawn"):  # round 18: the prism's base, its width by its depth, lies on the token
        _, _, base, _, along = _prism(pawn)
        assert max(along, base) <= token, (pawn.value, along, base, token)
    # the column beside the pawns: right of them, under the tokens, at least 4 letters (not the picture's numbers)
    below = max(t.box.y1 for t in page.of("token"))
    right = max(p.box.x1 for p in page.of("pawn"))
    page_h = 279.4 if paper == "letter" else 297.0
    note = [ln for ln in page_lines(pdf)[1] if ln.x * 25.4 / 72 > right and page_h - ln.base * 25.4 / 72 > below
            and len(ln.text.strip()) > 3 and page_h - ln.base * 25.4 / 72 < page_h - 20.0]
    said = re.sub(r"(\w)- (\w)", r"\1\2", normalise(" ".join(ln.text for ln in note)))
    assert normalise(STAND[lang]) in said, said
    sizes = {round(ln.size, 2) for ln in note if ln.text.strip()}
    assert min(sizes) >= (8.0 if (lang, paper) == ("de", "a4") else 8.5), sizes


@pytest.mark.parametrize("paper", list(PAPERS))
def test_pawn_faces_are_plain_and_the_pawns_match_their_tokens(rendered, paper):
    """Read from the PDF (round 12): a pawn's faces carry only its symbol (no
    hatching, which on the printed face read as "glue here" and hid the
    dashes of the middle fold), and each pawn's colour is of its tokens'
    colour family: the hue of the pawn's field within 40 degrees of the hue
    of the tint under its tokens (the cream sugar-beet pawn on green tokens
    failed)."""
    import colorsys

    import pikepdf

    from tests.printer import read_pages

    page = read_pages(rendered(KIT, "en", paper))[1]
    for pawn in page.of("pawn"):
        small = [b for b in pawn.parts if b.w < 15.0 and b.h < 15.0]
        assert len(small) == 2, (pawn.value, small)  # the symbol on each face, nothing else
    # the colours: the pawn's first field and the tint under the kind's tokens, from the page's content
    pdf = pikepdf.open(rendered(KIT, "en", paper))
    ops = pikepdf.parse_content_stream(pdf.pages[1])
    fills, rgb = [], None
    for operands, op in ops:
        if str(op) == "rg":
            rgb = tuple(float(v) for v in operands)
        elif str(op) == "re" and rgb is not None and float(operands[2]) > 5.0 and float(operands[3]) > 5.0:
            fills.append(rgb)
    looks = SPEC.looks
    for p in SPEC.pawns:
        tint = looks[p.id].tint
        assert any(all(abs(a - b) < 0.003 for a, b in zip(f, tint, strict=True)) for f in fills), p.id  # printed
        assert any(all(abs(a - b) < 0.003 for a, b in zip(f, p.rgb, strict=True)) for f in fills), p.id
        h_pawn = colorsys.rgb_to_hls(*p.rgb)[0]
        h_tint = colorsys.rgb_to_hls(*tint)[0]
        d = abs(h_pawn - h_tint) * 360
        assert min(d, 360 - d) <= 40.0, (p.id, p.rgb, tint)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_credit_ends_the_second_column_not_the_actions(rendered, lang, paper):
    """Read from the PDF (round 12): the © line sits at the foot of the second
    rules column, under the component list, not at the foot of the first,
    where it cut the list of actions in two."""
    cat = load_catalog(KIT, lang)
    pt = 72 / 25.4
    lines = page_lines(rendered(KIT, lang, paper))[0]
    credit = [ln for ln in lines if ln.text.startswith("©")]
    assert len(credit) == 1
    c = credit[0]
    assert c.text == cat.text("credits")
    # the component list's heading "You also need" starts level with it (the same column), above it
    need = [ln for ln in lines if ln.text == cat.text("kit_needs")]
    assert len(need) == 1 and need[0].base > c.base and abs(need[0].x - c.x) < 0.5 * pt, (need, c.x)
    # and no line of the rules' first column lies lower than the line above the credit's column's foot
    firsts = [ln for ln in lines if ln.x < c.x - 20 * pt and ln.x > need[0].x - 80 * pt and ln.size < 9.0]
    assert firsts


@pytest.mark.parametrize("lang", LANGS)
def test_turn_in_brief_lets_pawns_share_the_barn(lang):
    """The turn in brief under the board agrees with the rules and our note
    that the barn holds any number of pawns (round 12: it said "not onto
    another pawn", full stop)."""
    cat = load_catalog(KIT, lang)
    aid = str(cat.raw("turn_aid"))
    barn = cat.text("barn").lower()
    move = [part for part in aid.split(");") if re.search({"en": r"pawn one square", "nl": r"één veld",
                                                              "de": r"ein Feld weit"}[lang], part)]
    assert len(move) == 1 and barn in move[0].lower(), move
    # round 13 (native NL 3, DE 2): the barn's exception is our suggestion, and the strip says so
    assert {"en": "our suggestion", "nl": "ons voorstel", "de": "unser Vorschlag"}[lang] in move[0], move


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_scale_check_says_no_fit_and_auto_rotate(rendered, lang, paper):
    """Page 1 is landscape, page 2 portrait: the line beside the scale bar
    says not to fit to page and to let the printer rotate (as Tâb's print
    note does), read from the PDF."""
    lines = page_lines(rendered(KIT, lang, paper))[0]
    words = {"en": ("no fit to page", "auto-rotate"), "nl": ("niet aanpassen aan pagina", "automatisch draaien"),
             "de": ("nicht anpassen", "„Automatisch drehen“ an")}[lang]
    said = " ".join(ln.text for ln in lines if "100" in ln.text)
    assert all(w in said for w in words), said


def _board_face_aid(pdf, page_w_mm: float) -> list:
    """The lines of the turn in brief: left of the fold, under the board (the last lines of that half)."""
    pt = 72 / 25.4
    lines = [ln for ln in page_lines(pdf)[0] if ln.right / pt < page_w_mm / 2]
    start = next(i for i, ln in enumerate(lines) if ln.text.startswith(("Your turn:", "Jouw beurt:", "Dein Zug:")))
    aid = [lines[start]]
    for ln in lines[start + 1:]:
        if abs(ln.x - aid[0].x) > 0.5 or abs(ln.size - aid[0].size) > 0.01:
            break
        aid.append(ln)
    return aid


WIN = {"en": "Win: your turnips on {s} squares ({p} players).", "nl": "Winnen: je knollen op {s} velden (bij {p} spelers).",
       "de": "Sieg: eigene Rüben auf {s} Feldern (bei {p} Spielern)."}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_board_face_says_how_to_win_at_a_readable_size(rendered, lang, paper, tmp_path, measure):
    """Round 13 (hobbyist): once folded, the rules face the table, so the
    turn in brief under the board ends with the win target, every player
    count's (the game facts' numbers), or only the one a --players kit is
    made for; read from the PDF, at 7.5 pt or more."""
    from pnp.outputs import render_one

    spec = load_spec()
    w = get_paper(paper).size(landscape=True)[0]
    for players, pdf in ((None, rendered(KIT, lang, paper)),
                         (3, render_one(get_kit(KIT), Options(lang, get_paper(paper), players=3), tmp_path, ("pdf",), 150,
                                        measure, validate=False).files[0])):
        aid = _board_face_aid(pdf, w)
        assert min(ln.size for ln in aid) >= 7.5 - 0.01, [ln.size for ln in aid]
        said = normalise(re.sub(r"(\w)- (\w)", r"\1\2", " ".join(ln.text for ln in aid)))
        counts = spec.players if players is None else (players,)
        win = WIN[lang].format(s=" / ".join(str(spec.target(n)) for n in counts), p=" / ".join(map(str, counts)))
        assert said.endswith(normalise(win)), said


def _region(page, kinds: tuple[str, ...]) -> Box:
    """The box (mm) round every component tagged one of `kinds` on a built page."""
    boxes = [shape_box(s, m) for g, gm in tagged(page.items) if g.tag[0] in kinds for s, m, _ in walk(g.items, gm)]
    x0, y0 = min(b.x for b in boxes), min(b.y for b in boxes)
    return Box(x0, y0, max(b.right for b in boxes) - x0, max(b.bottom for b in boxes) - y0)


def _ink(pdf, index: int, box: Box, dpi: int = 50) -> float:
    """The mean ink (0 white, 1 black: 1 - mean of R, G, B) inside `box` (mm) of a page, rasterised."""
    from PIL import ImageStat

    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    k = dpi / 25.4
    crop = image.crop((round(box.x * k), round(box.y * k), round(box.right * k), round(box.bottom * k)))
    return 1 - sum(ImageStat.Stat(crop).mean) / 3 / 255


def test_the_ink_saver_prints_white_squares_and_tokens(built, rendered, tmp_path, measure):
    """Round 13 (hobbyist): --ink-saver makes the board's squares and the
    tokens' grounds white, outlines, pictures, symbols and names kept: read
    from the rasterised PDFs, the board and the tokens take less than half
    the ink of the colour print (the plain lightening of every fill, 30 % of
    it, left them at 60 %), and every token still carries its name."""
    from pnp.outputs import render_one

    colour = rendered(KIT, "en", "a4")
    saver = render_one(get_kit(KIT), Options("en", get_paper("a4"), variant=Variant.INK_SAVER), tmp_path, ("pdf",), 150,
                       measure, validate=False).files[0]
    pages = built(KIT, "en", "a4").pages
    for index, kinds in ((0, ("field", "barn")), (1, ("token",))):
        box = _region(pages[index], kinds)
        before, after = _ink(colour, index, box), _ink(saver, index, box)
        assert after < 0.5 * before, (kinds, round(before, 3), round(after, 3))
    cat = load_catalog(KIT, "en")
    words = [ln.text for ln in page_lines(saver)[1]]
    for kind in SPEC.kinds:
        assert sum(ln.count(cap(cat.text(kind))) for ln in words) >= max(SPEC.supply.values()), kind
    # the ink-saver print says it is one, and has no low-ink pages of its own (round 14): its pages are those
    assert cat.text("ink_note_saver").split(":")[0] in " ".join(words)
    assert len(page_lines(saver)) == 2


def _said(pdf, index: int) -> str:
    """A page's text in the order it is drawn (a column at a time), read from
    the PDF, hyphens at line ends joined, spaces plain."""
    doc = pdfium.PdfDocument(pdf)
    try:
        text = doc[index].get_textpage().get_text_range().replace("\r\n", " ").replace("\x02", "-")
    finally:
        doc.close()
    text = " ".join(text.replace("\u00a0", " ").replace("\u00ad", "").replace("\u2011", "-").split())
    return normalise(re.sub(r"(\w)- (\w)", r"\1\2", text))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_kit_pdf_holds_low_ink_pages_printed_instead_of_pages_1_and_2(built, rendered, lang, paper):
    """Round 14 (hobbyist): p.2 said "render the kit with --ink-saver", a
    developer's switch no one holding the PDF can use. The kit's PDF now ends
    with the board face and the tokens as --ink-saver draws them, pages 3
    and 4, to print instead of pages 1 and 2; read from the PDF: the low-ink
    pages take less than half the ink of the colour ones on the board and the
    tokens, the note on page 2 names them, each one's header says which page
    it replaces, and the validator passes it with the components counted
    once (24 fields, a barn, 16 tokens of each kind, a pawn each)."""
    from pnp.validate import validate_file

    pdf = rendered(KIT, lang, paper)
    cat = load_catalog(KIT, lang)
    pages = built(KIT, lang, paper).pages
    assert len(page_lines(pdf)) == 4
    for low, main, kinds in ((2, 0, ("field", "barn")), (3, 1, ("token",))):
        box = _region(pages[main], kinds)
        assert _region(pages[low], kinds) == box  # the same board and tokens, in the same places
        before, after = _ink(pdf, main, box), _ink(pdf, low, box)
        assert after < 0.5 * before, (kinds, round(before, 3), round(after, 3))
        assert normalise(cat.text("saver_caption", page=main + 1)) in _said(pdf, low)
        assert normalise(cat.text("saver_caption", page=low + 1)) not in _said(pdf, main)
    assert normalise(cat.text("ink_note", a=3, b=4)) in _said(pdf, 1)
    report = validate_file(pdf)
    bad = [(c.component, c.expected, c.found) for c in report.checks if not c.ok]
    assert report.ok and not bad, bad
    found = {c.component: c.found for c in report.checks}
    assert found["page 3, printed instead of page 1"] == found["page 4, printed instead of page 2"] == "the same"
    assert (found["field"], found["barn"]) == ("24", "1")
    for kind in SPEC.kinds:
        assert found[f"token:{kind}"] == "16" and found[f"pawn:{kind}"] == "1", kind


def test_the_print_shop_export_takes_the_colour_pages(tmp_path, measure):
    """Round 14: the low-ink pages are printed at home instead of pages 1
    and 2; the print-shop export (--format cards) takes the colour board and
    tokens once: a board and 64 tokens, the board's squares green."""
    from pnp.outputs import CardOptions, render_one

    render_one(get_kit(KIT), Options("en", get_paper("a4")), tmp_path, ("cards",), 150, measure, False, CardOptions(dpi=20))
    pngs = sorted((tmp_path / "kesse-rueben-en-cards" / "png").glob("*.png"))
    assert len(pngs) == 1 + 4 * 16, len(pngs)
    board = [p for p in pngs if p.name.endswith("-board.png")]
    assert len(board) == 1
    with Image.open(board[0]) as im:
        r, g, b = im.convert("RGB").getpixel((im.width // 10 + 5, im.height // 10 + 5))
    assert g > r + 5 and g > b + 5, (r, g, b)  # a field's green (#E9F2DC), not the low-ink page's white


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_player_count_keeps_its_supply_on_one_line(rendered, lang, paper):
    """Native NL 12-4, read from the PDF: "bij 3 spelers / 12 en bij 4
    spelers 9" parted a supply from its player count; no line of page 1
    starts with a number that a conjunction follows right after a line
    ending in a counted noun."""
    lines = [ln.text for ln in page_lines(rendered(KIT, lang, paper))[0]]
    for before, line in zip(lines, lines[1:], strict=False):
        parted = re.search(r"\d\s\w+$", before) and re.match(r"\d+\s(en|and|und)\b", line)
        assert not parted, (before, line)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_you_also_need_a_cutting_mat(rendered, lang, paper):
    """Round 13 (hobbyist): "You also need" lists a cutting mat, as Tâb
    does (the pawns are small, cut with a craft knife), read from the PDF."""
    said = " ".join(ln.text for ln in page_lines(rendered(KIT, lang, paper))[0])
    assert {"en": "cutting mat", "nl": "snijmat", "de": "Schneidematte"}[lang] in said


_STEP_START = re.compile(r"(?:^|[.;:][ \u00a0])([123])[ \u00a0][A-ZÄÖÜ]")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_a_folding_step_does_not_begin_at_a_line_end(rendered, lang, paper):
    """The folding steps at the top of page 1 run on in one paragraph; a
    step's number is not left at the end of a line with a word or two of its
    step ("… vouw open. 2 Plak" | "een half vel …", native NL 12-2): where
    a step begins inside a line, at least 30 % of the note's measure is left
    for it (textflow.STEP_AT_END), and a line is not made to take a step's
    first word only because it ended early (textflow._pull_up)."""
    lines = page_lines(rendered(KIT, lang, paper))[0]
    first = next(ln for ln in lines if ln.text.startswith("1") and len(ln.text) > 40)  # the note's first line
    note = [ln for ln in lines if abs(ln.x - first.x) < 0.5 and ln.size == first.size
            and 0 <= first.base - ln.base < 3 * 1.3 * ln.size]
    steps = [(ln, m) for ln in note for m in _STEP_START.finditer(ln.text)]
    assert sorted(m.group(1) for _, m in steps) == ["1", "2", "3"], [ln.text for ln in note]
    measure = max(ln.right - ln.x for ln in note)
    for ln, m in steps:
        if m.start(1) == 0:
            continue  # the step begins its line
        start = ln.chars[m.start(1)][1]
        assert ln.right - start >= 0.3 * measure - 0.5, (ln.text, round((ln.right - start) / measure, 2))


NATIVE14 = {"nl": ("als je pion op de schuur komt.",),
            "de": ("Ziehst du deine Spielfigur auf ein Feld mit einer fremden Rübe, darfst du diese Rübe in die Scheune legen.",
                   "Wer weniger als 2 Rüben hat, spielt mit dem, was er hat.",  # round 15: shorter
                   "Sieg: eigene Rüben auf",
                   "wenn die Figur auf deren Feld zieht",  # round 16 (native DE): "deren", a "Mitspieler"
                   "Dein Zug: Fordere einen Mitspieler heraus")}
NOT14 = {"nl": ("als je pion in de schuur komt", "Nooit twee pionnen op één beginveld"),
         "de": ("darfst du sie in die Scheune", "Sieg: Eigene", "nimmt nur, was er hat", "Rüben der Fäuste", "auf ihr Feld zieht")}


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_native_readers_round_14_read_back_from_page_1(rendered, lang, paper):
    """Round 14, native readers, read from page 1: NL the turn in brief says
    "op de schuur komt" as the rules do; DE the third action names the
    turnip ("diese Rübe", not an unclear "sie") and, as seed 000 and its
    example of play have it, is taken when the pawn moves onto the square
    (the turn in brief says the same), the short-supply suggestion says the
    player still duels, and "Sieg: eigene Rüben" after the colon."""
    said = _said(rendered(KIT, lang, paper), 0)
    for phrase in NATIVE14[lang]:
        assert normalise(phrase) in said, phrase
    for phrase in NOT14[lang]:
        assert normalise(phrase) not in said, phrase


# the rules' size on page 1 before round 14 (8 pt on A4; 8.25 pt on Letter but DE, 8): never smaller
RULES_PT = {("en", "a4"): 8.0, ("en", "letter"): 8.25, ("nl", "a4"): 8.0, ("nl", "letter"): 8.25,
            ("de", "a4"): 8.0, ("de", "letter"): 8.0}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_rules_keep_their_size(rendered, lang, paper):
    """Round 14 (hobbyist: the rules are dense at 8 pt), read from page 1:
    the body of the rules (the commonest size right of the fold) is no
    smaller than before round 14, and NL on A4 grew to 8.25 pt (the setup
    table lost its heading: its column heads say what it is)."""
    from collections import Counter

    pdf = rendered(KIT, lang, paper)
    fold_pt = get_paper(paper).size(landscape=True)[0] / 2 / 25.4 * 72
    sizes = Counter(round(ln.size * 4) / 4 for ln in page_lines(pdf)[0] if ln.x > fold_pt and len(ln.text) > 20)
    body = sizes.most_common(1)[0][0]
    assert body >= RULES_PT[lang, paper], (body, sizes)
    if (lang, paper) == ("nl", "a4"):
        assert body >= 8.25, sizes
    cat = load_catalog(KIT, lang)
    assert "setup_heading" not in cat.strings


# the tokens' page as each language names it on the board face (round 15, native NL/DE 4/1)
PAWNS_PAGE = {"en": ("(page 2 or 4)", "+ 1 sheet (page 2 or 4)"),  # round 18: the card line says which half goes where
              "nl": ("(pagina 2 of 4)", "+ 1 vel (pagina 2 of 4)"),
              "de": ("(Seite 2 oder 4)", "1½ Bogen (Brett, Seite 2 oder 4)")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_board_face_names_both_tokens_pages(rendered, lang, paper):
    """Round 15 (native NL/DE): the low-ink board face (p3) said "(page 2)"
    where whoever prints it has the tokens on page 4. Read from the PDF:
    pages 1 and 3 both name the tokens' page as "2 or 4", in the rules'
    pawn line and in the thin-card line of the component list, and never
    as page 2 alone."""
    pdf = rendered(KIT, lang, paper)
    word = PAWNS_PAGE[lang][0].split()[0].strip("(")
    for index in (0, 2):
        said = _said(pdf, index)
        for phrase in PAWNS_PAGE[lang]:
            assert normalise(phrase) in said, (index, phrase)
        assert normalise(f"({word} 2)") not in said and normalise(f"{word} 2)") not in said, index


def test_the_ink_saver_board_face_names_its_own_page_2(tmp_path, measure):
    """The --ink-saver print has two pages: its board face names page 2 only."""
    from pnp.outputs import render_one

    pdf = render_one(get_kit(KIT), Options("en", get_paper("a4"), variant=Variant.INK_SAVER), tmp_path, ("pdf",), 150,
                     measure, validate=False).files[0]
    said = _said(pdf, 0)
    assert normalise("(page 2)") in said and normalise("+ 1 sheet (page 2)") in said
    assert "2 or 4" not in said


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_pawns_three_folds_are_alike(rendered, paper):
    """Round 18: the prism's three folds all go the same way (printed side
    out), so they share one dash (round 15 set the tent's glued centre fold
    apart as a dash-dot). Read from page 2's content (and the low-ink page 4):
    no dash-dot line, three dashed lines a pawn, and the note says so."""
    import pikepdf

    pdf = pikepdf.open(rendered(KIT, "en", paper))
    for index in (1, 3):
        dash: tuple[float, ...] = ()
        strokes: dict[int, int] = {}
        for operands, op in pikepdf.parse_content_stream(pdf.pages[index]):
            if str(op) == "d":
                dash = tuple(float(v) for v in operands[0])
            elif str(op) == "S" and dash:
                strokes[len(dash)] = strokes.get(len(dash), 0) + 1
        assert strokes.get(4, 0) == 0, (index, strokes)
        assert strokes.get(2, 0) >= 3 * len(SPEC.pawns), (index, strokes)
    said = " ".join(ln.text for ln in page_lines(rendered(KIT, "en", paper))[1])
    assert "three dashed lines" in said and "dash-dot" not in said and "coin" not in said


# round 16 (hobbyist): the barn holds the turnips put in it, but none is planted on its square
# round 19 (hobbyist): the barn's turnips are kept beside the board (its 26 mm square cannot hold them)
BARN16 = {"en": "The barn holds any number of pawns; its turnips lie beside the board.",
          "nl": "In de schuur mogen meerdere pionnen staan; schuurknollen liggen naast het bord.",
          "de": "Die Scheune fasst beliebig viele Spielfiguren; ihre Rüben liegen neben dem Plan."}
# round 19 (hobbyist): when the win is. Round 18 (wkesse): dropped in EN too, the three languages say the same
# and NL/DE had no room for it at the rules' tested size (our shortened block included)
WIN19: dict[str, str] = {}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_barn_holds_turnips_but_none_is_planted_on_it(rendered, lang, paper):
    """Round 16 (hobbyist): whether a turnip is planted on the barn square
    was not said, and round 15's "but no turnip" contradicted the actions
    that put enemy turnips in the barn and take own turnips from it. Read
    from page 1 (and the low-ink page 3): our marked suggestion says the
    barn holds pawns and turnips, and that no turnip is planted on it; the
    rules keep their size (test_the_rules_keep_their_size)."""
    pdf = rendered(KIT, lang, paper)
    label = {"en": "our suggestion: after the duel", "nl": "ons voorstel: na het duel",
             "de": "unser Vorschlag: Nach dem Duell"}[lang]
    end = {"en": "End of the game", "nl": "Einde van het spel", "de": "Ende des Spiels"}[lang]
    for index in (0, 2):
        said = _said(pdf, index)
        at = said.index(normalise(BARN16[lang]))
        assert said.index(normalise(label)) < at < said.index(normalise(end)), index
        assert normalise("but no turnip.") not in said and normalise("aber keine Rübe.") not in said
        if lang in WIN19:
            assert at < said.index(normalise(WIN19[lang])) < said.index(normalise(end)), index


# round 16 (hobbyist): the turn in brief also says how many turnips each player starts with, and our
# suggestion that the fists' turnips go back to the supplies (the rules are on the back once folded)
START16 = {"en": "Start: {n} turnips each.", "nl": "Begin: elk {n} knollen.", "de": "Start: je {n} Rüben."}
FISTS16 = {"en": "After the duel, the turnips in the fists go back to the supplies (our suggestion).",
           "nl": "Na het duel gaan de knollen uit de vuisten terug naar de voorraad (ons voorstel).",
           "de": "Danach kommen die Rüben aus den Fäusten zurück in den Vorrat (unser Vorschlag)."}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_turn_in_brief_says_the_start_and_where_the_fists_go(rendered, lang, paper, tmp_path, measure):
    """Round 16 (hobbyist): the turn in brief under the board, read from
    page 1 (and a --players 3 kit's): the turnips each player starts with,
    the game facts' supplies (every player count's, or only the one the
    kit is made for), just before the win; our suggestion for the fists'
    turnips, marked as ours; at 7.75 pt or more on A4, 8 pt on Letter
    (where the board leaves the room)."""
    from pnp.outputs import render_one

    w = get_paper(paper).size(landscape=True)[0]
    for players, pdf in ((None, rendered(KIT, lang, paper)),
                         (3, render_one(get_kit(KIT), Options(lang, get_paper(paper), players=3), tmp_path, ("pdf",), 150,
                                        measure, validate=False).files[0])):
        aid = _board_face_aid(pdf, w)
        assert min(ln.size for ln in aid) >= {"a4": 7.75, "letter": 8.0}[paper] - 0.01, [ln.size for ln in aid]
        said = normalise(re.sub(r"(\w)- (\w)", r"\1\2", " ".join(ln.text for ln in aid)))
        counts = SPEC.players if players is None else (players,)
        start = normalise(START16[lang].format(n=" / ".join(str(SPEC.supply[n]) for n in counts)))
        win = normalise(WIN[lang].format(s=" / ".join(str(SPEC.target(n)) for n in counts), p=" / ".join(map(str, counts))))
        assert said.endswith(start + win), said
        assert normalise(FISTS16[lang]) in said, said
        # a line breaks after a slash of the player counts' numbers, never before it ("13 / 9 |/ 7")
        assert not [ln.text for ln in aid if ln.text.startswith("/")], [ln.text for ln in aid]


# round 17 (hobbyist): the colour pages' headers say which pages to print; the low-ink pages say "instead of"
WHICH17 = {"en": "Print pages 1 and 2 (colour) or 3 and 4 (less ink)",
           "nl": "Druk pagina 1 en 2 (kleur) of 3 en 4 (minder inkt) af",
           "de": "Drucke die Seiten 1 und 2 (Farbe) oder 3 und 4 (weniger Tinte)"}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_colour_pages_say_which_pages_to_print(rendered, lang, paper):
    """Round 17 (hobbyist): a user who printed all four pages wasted a
    colour sheet. Read from the PDF: pages 1 and 2 carry the line in their
    header band, on one line at the header's 7 pt, left of page 1's fold
    mark label and clear of the title; pages 3 and 4 do not (they say they
    are printed instead of page 1 or 2)."""
    pdf = rendered(KIT, lang, paper)
    lines = page_lines(pdf)
    here = load_catalog(KIT, lang).text("fold_here")
    for index in (0, 1):
        top = max(ln.base for ln in lines[index])
        (said,) = [ln for ln in lines[index] if ln.text.strip() == WHICH17[lang]]
        assert abs(said.base - top) < 0.5 and said.size >= 7.0 - 0.05, (index, said)
        title = [ln for ln in lines[index] if ln.text.startswith("Kesse Rüben ·") and abs(ln.base - top) < 0.5]
        assert title and said.x > title[0].x + 20, index
        if index == 0:
            (mark,) = [ln for ln in lines[index] if ln.text.strip() == here and abs(ln.base - top) < 0.5]
            assert said.x < mark.x, "the caption starts left of the fold mark's label"
    for index in (2, 3):
        assert WHICH17[lang] not in " ".join(ln.text for ln in lines[index]), index


def test_the_ink_saver_print_says_nothing_about_other_pages(tmp_path, measure):
    """The --ink-saver print has only its two pages: no "pages 3 and 4"."""
    from pnp.outputs import render_one

    pdf = render_one(get_kit(KIT), Options("en", get_paper("a4"), variant=Variant.INK_SAVER), tmp_path, ("pdf",), 150,
                     measure, validate=False).files[0]
    for index in (0, 1):
        assert normalise(WHICH17["en"]) not in _said(pdf, index)


# round 17 (native DE): "auf einem eigenen Feld"; the duel's guesses are wrong, not the fists
DE17 = ("Jede Spielfigur startet auf einem eigenen Feld.", "Raten beide falsch, passiert nichts")


@pytest.mark.parametrize("paper", list(PAPERS))
def test_de_wording_round_17(rendered, paper):
    pdf = rendered(KIT, "de", paper)
    for index in (0, 2):
        said = _said(pdf, index)
        for phrase in DE17:
            assert normalise(phrase) in said, (index, phrase)
        assert normalise("auf eigenem Feld") not in said and normalise("Liegen beide falsch") not in said


def _corner_symbol(pdf, index: int, token, dpi: int = 400) -> tuple[float, float]:
    """The top-left corner symbol of a token (a tests.printer component) on a
    rasterised page: the width (mm) of its near-neutral ink (grey or black,
    not the leaves' green nor the tint) and that ink's mean lightness
    (0 black, 1 white). The window keeps clear of the cut line and the picture."""
    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    k = dpi / 25.4
    box = (round((token.box.x0 + 1.5) * k), round((token.box.y0 + 1.5) * k),
           round((token.box.x0 + 7.2) * k), round((token.box.y0 + 7.2) * k))
    crop = image.crop(box)
    xs, light = [], []
    pixels = crop.load()
    for i, (r, g, b) in enumerate(pixels[x, y] for y in range(crop.height) for x in range(crop.width)):
        lum = (0.299 * r + 0.587 * g + 0.114 * b) / 255
        if lum < 0.75 and max(r, g, b) - min(r, g, b) < 40:
            xs.append(i % crop.width)
            light.append(lum)
    assert xs, token.value
    return (max(xs) - min(xs) + 1) / k, sum(light) / len(light)


def test_the_low_ink_tokens_symbols_stay_dark(rendered, tmp_path, measure):
    """Round 16 (hobbyist): on the low-ink tokens (page 4; the --ink-saver
    print's page 2) the kinds' corner symbols were small grey shapes (the
    variant greys fills), 16 of one kind hard to tell from 16 of another
    across the table. They are heavy black outlines now (the variant keeps
    lines; the inside is left white to save ink) and larger.
    Read from the raster: each kind's symbol ink is dark (mean lightness
    under 0.35; the grey fill alone is about 0.55) and 2.3 mm or wider (they
    were 1.9 to 2.2 mm)."""
    from pnp.outputs import render_one
    from tests.printer import read_pages

    pdf = rendered(KIT, "en", "a4")
    saver = render_one(get_kit(KIT), Options("en", get_paper("a4"), variant=Variant.INK_SAVER), tmp_path, ("pdf",), 150,
                       measure, validate=False).files[0]
    for doc, index in ((pdf, 3), (saver, 1)):
        page = read_pages(doc)[index]
        for kind in SPEC.kinds:
            width, light = _corner_symbol(doc, index, next(t for t in page.of("token") if t.value == kind))
            assert light < 0.35, (kind, index, light)
            assert width >= 2.3, (kind, index, width)


def _colour_at(pdf, index: int, x: float, y: float, dpi: int = 100) -> tuple[int, int, int]:
    doc = pdfium.PdfDocument(pdf)
    try:
        image = doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    k = dpi / 25.4
    return image.getpixel((round(x * k), round(y * k)))


def test_every_token_stands_out_on_a_board_square(rendered):
    """Round 17 (hobbyist): the sugar-beet tokens were nearly the green of
    the board's squares. Read from the raster of the colour print: the
    ground a square shows (beside its middle, page 1) and each kind's token
    ground (a token's corner, page 2) are 35 or more apart in RGB and the
    square the darker of the two."""
    from tests.printer import read_pages

    pdf = rendered(KIT, "en", "a4")
    pages = read_pages(pdf)
    square = next(f for f in pages[0].of("field"))
    field = _colour_at(pdf, 0, square.box.x0 + 2.0, square.box.y0 + 2.0)
    for kind in SPEC.kinds:
        tok = next(t for t in pages[1].of("token") if t.value == kind)
        ground = _colour_at(pdf, 1, tok.box.x0 + 1.5, tok.box.y1 - 1.5)
        distance = sum((a - b) ** 2 for a, b in zip(field, ground, strict=True)) ** 0.5
        assert distance >= 35, (kind, field, ground, distance)
        assert sum(field) < sum(ground), (kind, field, ground)


# round 18 (native NL/DE 17): the markers after the noun, one word for the cut line, the rules' own pawn word
# (where the text is ours), the game's name in quotes, and no bare "Figur" in our suggestion
DE18 = ("muss aber eine andere Zahl (b) nennen", "entspricht genau der Gesamtzahl (c) der richtig geratenen Rüben",
        "Schneide an der durchgezogenen Linie", "In diesem Set: deine Spielfigur",
        "beliebig viele Spielfiguren", "aufklappen.")


@pytest.mark.parametrize("paper", list(PAPERS))
def test_de_wording_round_18(rendered, paper):
    """Read from the DE PDF (pages 1 and 3, and the pawns' page 2)."""
    pdf = rendered(KIT, "de", paper)
    for index in (0, 2):
        said = _said(pdf, index)
        for phrase in DE18:
            assert normalise(phrase) in said, (index, phrase)
        for old in ("andere (b) Zahl", "genau (c) der", "Volllinie", "klappe auf", "Papierfigur deiner"):
            assert normalise(old) not in said, (index, old)
        assert (normalise("Zoll (") in said) == (paper == "letter") and normalise(" in / ") not in said, index
    assert normalise("Schachtel von „Mensch ärgere dich nicht“") in _said(pdf, 1)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_nl_scale_bar_says_long_as_the_other_kits(rendered, paper):
    """Native NL 17/6: "deze balk moet 50 mm lang zijn", as in the other kits; Letter names the inch in Dutch."""
    pdf = rendered(KIT, "nl", paper)
    said = _said(pdf, 0)
    length = {"a4": "50 mm", "letter": "2 inch (50,8 mm)"}[paper]
    assert normalise(f"deze balk moet {length} lang zijn") in said, said[-200:]
    if paper == "letter":
        assert normalise(" inch (") in said and normalise(" in / ") not in said
