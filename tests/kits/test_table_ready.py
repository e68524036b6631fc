"""What a person meets with scissors, glue and a table (issue 23), measured
on the rendered PDFs with PDFium, knowing nothing of pnp's layout data:

- the component list on the first page (the rules page of the Ludo cards),
  its counts derived here from templates/<kit>/game.toml for every player
  count;
- frames at least 3 mm inside their cut (or colour running past it), Kesse
  Rüben's text at least 4 mm from every cut and fold line, its board centred
  on its half within 0.5 mm;
- Tâb's fold-over pieces: one cut outline, the fold on the shared edge.
"""

from __future__ import annotations

import ctypes
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as c
import pytest

from pnp import paths
from pnp.fonts import Measurer
from pnp.i18n import load_catalog
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import PAPERS, get_paper
from tests.helpers import LANGS
from tests.printer import MM, _bounds, _objects, _utf16, read_pages
from tests.textlines import page_lines


def facts(kit_id: str) -> dict:
    with (paths.TEMPLATES / kit_id / "game.toml").open("rb") as f:
        return tomllib.load(f)


@dataclass(frozen=True)
class Obj:
    kind: str  # "path", "text", "other"
    x0: float  # mm, y down from the top of the page
    y0: float
    x1: float
    y1: float
    stroke: float  # mm, 0 if not stroked
    dashed: bool
    filled: bool
    tag: tuple[str, str] | None

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    def inset(self, d: float) -> tuple[float, float, float, float]:
        return (self.x0 + d, self.y0 + d, self.x1 - d, self.y1 - d)

    def ink(self) -> tuple[float, float, float, float]:
        """Where the ink lies. PDFium pads a stroked path's bounds by its whole
        line width (room for joins); the ink reaches half of it past the line."""
        return self.inset(self.stroke / 2)

    def line(self) -> tuple[float, float, float, float]:
        """The path itself: the middle of a stroked line, where a knife goes."""
        return self.inset(self.stroke)

    @property
    def h(self) -> float:
        return self.y1 - self.y0


def page_objects(pdf: Path, index: int) -> list[Obj]:
    """Every path and text object of one page, inside forms too, with the
    component tag (marked content) that holds it."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        h = page.get_size()[1]
        top = [c.FPDFPage_GetObject(page.raw, i) for i in range(c.FPDFPage_CountObjects(page.raw))]
        out = []
        for raw, m, holder in _objects(top, None, None):
            kind = c.FPDFPageObj_GetType(raw)
            if kind == c.FPDF_PAGEOBJ_FORM:
                continue
            x0, y0, x1, y1 = _bounds(raw, m)
            tag = None
            if holder is not None:
                tag = (_utf16(c.FPDFPageObjMark_GetParamStringValue, holder[0], b"K"),
                       _utf16(c.FPDFPageObjMark_GetParamStringValue, holder[0], b"V"))
            stroke, dashed, filled = 0.0, False, False
            if kind == c.FPDF_PAGEOBJ_PATH:
                fill_mode, stroked = ctypes.c_int(), ctypes.c_int()
                c.FPDFPath_GetDrawMode(raw, ctypes.byref(fill_mode), ctypes.byref(stroked))
                filled = fill_mode.value != 0
                if stroked.value:
                    width = ctypes.c_float()
                    c.FPDFPageObj_GetStrokeWidth(raw, ctypes.byref(width))
                    om = c.FS_MATRIX()  # the width is in the object's own space: scale it to the page
                    c.FPDFPageObj_GetMatrix(raw, ctypes.byref(om))
                    scale = abs(om.a * om.d - om.b * om.c) ** 0.5
                    if m is not None:
                        scale *= abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
                    stroke = width.value * scale * MM
                    dashed = c.FPDFPageObj_GetDashCount(raw) > 0
            name = {c.FPDF_PAGEOBJ_PATH: "path", c.FPDF_PAGEOBJ_TEXT: "text"}.get(kind, "other")
            out.append(Obj(name, x0 * MM, (h - y1) * MM, x1 * MM, (h - y0) * MM, stroke, dashed, filled, tag))
        return out
    finally:
        doc.close()


@pytest.fixture(scope="module")
def render(tmp_path_factory):
    folder = tmp_path_factory.mktemp("table-ready")
    cache: dict[tuple, Path] = {}
    measure = Measurer()

    def get(kit_id: str, lang: str = "en", paper: str = "a4", players: int | None = None) -> Path:
        key = (kit_id, lang, paper, players)
        if key not in cache:
            out = folder / "-".join(str(k) for k in key)
            result = render_one(get_kit(kit_id), Options(lang, get_paper(paper), players=players), out, ("pdf",), 150,
                                measure, validate=False)
            (cache[key],) = result.files
        return cache[key]

    return get


# ---- the component list --------------------------------------------------------------------------------------------

def want_counts(kit_id: str, players: int | None) -> dict[str, int]:
    """Each line of the list and its count, from the game facts and the rules of each game."""
    g = facts(kit_id)
    if kit_id == "tab":  # a board, nine pieces a side, a row-4 marker for each piece, a throw table for each player
        n = g["pieces_per_player"]
        return {"contents_board": 1, "contents_light": n, "contents_dark": n, "contents_markers": 2 * n,
                "contents_throws": g["players"][0]}
    if kit_id == "kesse-rueben":  # the fold sheet; every kind of turnip in the supply; a paper pawn per kind
        each = max(g["supply"].values()) if players is None else g["supply"][str(players)]
        return {"contents_board": 1, "contents_tokens": len(g["kinds"]) * each, "contents_pawns": len(g["kinds"])}
    # Ludo cards: a stack of stack_height cards for each die value, for each player's colour
    colours = len(g["colours"]) if players is None else players
    return {"contents_cards": colours * len(g["values"]) * g["stack_height"]}


def _norm(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


RULE_KITS = ("tab", "kesse-rueben", "ludo-cards")  # the kits whose rules want_counts knows, written from each game's rules
LIST_CASES = [("tab", None), *[("kesse-rueben", n) for n in (None, 2, 3, 4)], *[("ludo-cards", n) for n in (None, 2, 3, 4)]]


@pytest.mark.parametrize(("kit_id", "players"), LIST_CASES)
def test_the_component_list_counts_what_the_game_facts_ask_for(render, kit_id, players):
    """On page 1, in English: the heading, a line for each component with its
    count for the player count rendered, and a line for each thing needed."""
    pdf = render(kit_id, "en", "a4", players)
    text = [_norm(ln.text) for ln in page_lines(pdf)[0]]
    cat = load_catalog(kit_id, "en")
    head = cat.text("kit_contents") if players is None else cat.text("kit_contents_players", n=players)
    assert _norm(head) in text, f"no heading {head!r} on page 1"
    for key, n in want_counts(kit_id, players).items():
        line = _norm(cat.text(key, n=n))
        assert line in text, f"{kit_id} ({players} players): {line!r} not on page 1"
    g = facts(kit_id)
    assert _norm(cat.text("kit_needs")) in text
    values = {"coins": g.get("coins"), "die": _ludo_page(pdf, "en", "die_text") + 1 if kit_id == "ludo-cards" else 0,
              # Kesse's tokens page, colour or low-ink (round 15)
              "pawns_page": cat.text("pages_or", a=2, b=4) if kit_id == "kesse-rueben" else ""}
    for key in g["needs"]:
        if key == "need_stock":  # what to print on: the default backs are printed duplex (see the backs test)
            continue
        item = cat.text(key, **values) if key in ("need_coins", "need_tokens_card") else cat.text(key)
        for part in item.split("\n"):  # an item set on more lines: each of its lines
            assert _norm(part) in text, f"{kit_id}: {item!r} not on page 1"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kit_id", [k for k, players in LIST_CASES if players is None])  # the kits want_counts knows the rules of
def test_the_component_list_is_there_in_every_language(render, kit_id, lang):
    pdf = render(kit_id, lang, "letter")
    text = [_norm(ln.text) for ln in page_lines(pdf)[0]]
    cat = load_catalog(kit_id, lang)
    for key, n in want_counts(kit_id, None).items():
        for part in cat.text(key, n=n).split("\n"):  # an item set on more lines: each of its lines
            assert _norm(part) in text, f"{kit_id} {lang}: {cat.text(key, n=n)!r}"
    if kit_id == "ludo-cards":  # a die, or the page to make one from
        assert _norm(cat.text("contents_die", n=1, die=_ludo_page(pdf, lang, "die_text") + 1, quick=4)) in text
    else:
        assert _norm(cat.text("need_glue")) in text


def test_a_list_line_that_names_no_component_would_be_caught():
    """The counts are of what the file holds: a kit's list cannot name a
    component the kit does not print (the count would be 0 and the line dropped)."""
    from pnp.layout.component_list import ContentFact, KitList, entries

    facts_ = KitList((ContentFact(name="contents_x", tags=["nothing"]),), ())
    assert entries(facts_, {"piece:light": 9}) == []
    assert entries(KitList((ContentFact(name="k", tags=["piece"]),), ()), {"piece:light": 9, "piece:dark": 9}) == [("k", 18)]


MISCUT = 2.0  # mm: a cut that misses by this much leaves no white edge where colour runs past the cut


# ---- Tâb -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_board_frame_keeps_3_mm_inside_the_cut(render, paper):
    objs = [o for o in page_objects(render("tab", "en", paper), 0) if o.tag and o.tag[0] == "board"]
    strokes = [o for o in objs if o.kind == "path" and o.stroke > 0 and not o.dashed]
    cut = max(strokes, key=lambda o: o.w * o.h)  # the outline
    frames = [o for o in strokes if o is not cut and o.stroke >= 0.9 and o.w > cut.w - 20]
    assert frames, "a frame inside the cut"
    cx0, cy0, cx1, cy1 = cut.line()  # the knife follows the middle of the line
    for f in frames:
        fx0, fy0, fx1, fy1 = f.ink()
        gaps = (fx0 - cx0, fy0 - cy0, cx1 - fx1, cy1 - fy1)
        assert min(gaps) >= 3.0 - 0.02, f"the board's frame is {min(gaps):.2f} mm from its cut"


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_board_cut_keeps_10_mm_from_the_paper_edge(render, paper):
    """The board's cut line (where the knife goes) lies 10 mm or more inside
    every edge of the sheet, on US Letter too: clear of a printer's margin,
    and room for fingers and a ruler round the board."""
    pdf = render("tab", "en", paper)
    doc = pdfium.PdfDocument(pdf)
    try:
        w, h = (v * MM for v in doc[0].get_size())
    finally:
        doc.close()
    objs = [o for o in page_objects(pdf, 0) if o.tag and o.tag[0] == "board"]
    cut = max((o for o in objs if o.kind == "path" and o.stroke > 0 and not o.dashed), key=lambda o: o.w * o.h)
    x0, y0, x1, y1 = cut.line()
    assert x1 - x0 > 200 and y1 - y0 > 100, "the board's outline"
    gaps = (x0, y0, w - x1, h - y1)
    assert min(gaps) >= 10.0, f"the board's cut line {min(gaps):.2f} mm from the paper's edge"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_board_text_stays_inside_its_frame(render, lang, paper):
    """Every word on the board (row badges, the players' legends) lies inside
    the frame, clear of its line: nothing is printed across the frame."""
    objs = [o for o in page_objects(render("tab", lang, paper), 0) if o.tag and o.tag[0] == "board"]
    strokes = [o for o in objs if o.kind == "path" and o.stroke > 0 and not o.dashed]
    cut = max(strokes, key=lambda o: o.w * o.h)
    (frame,) = [o for o in strokes if o is not cut and o.stroke >= 0.9 and o.w > cut.w - 20]
    ix0, iy0, ix1, iy1 = frame.inset(1.5 * frame.stroke)  # the inner edge of its ink
    texts = [o for o in objs if o.kind == "text"]
    assert len(texts) >= 10
    for t in texts:
        gap = min(t.x0 - ix0, t.y0 - iy0, ix1 - t.x1, iy1 - t.y1)
        assert gap >= 0.5, f"a text on the board {gap:.2f} mm from the inside of its frame"


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_pieces_fold_over_with_one_outline(render, paper):
    """Each piece: one solid outline round both faces, one dashed line (the
    fold) down the middle of it, as tall as the piece; the light pieces' ink
    3 mm or more inside the outline."""
    objs = page_objects(render("tab", "en", paper), 1)
    n = facts("tab")["pieces_per_player"]
    p = facts("tab")["piece"]
    outlines = [o for o in objs if o.tag and o.tag[0] == "piece" and o.kind == "path" and o.stroke > 0 and not o.dashed
                and not o.filled and o.w > 1.5 * p]
    folds = [o for o in objs if o.tag and o.tag[0] == "piece" and o.kind == "path" and o.dashed]
    cut_like = [o for o in objs if o.tag and o.tag[0] == "piece" and o.kind == "path" and not o.dashed and o.stroke > 0
                and o.stroke < 0.5]  # thin solid lines: cut lines (the rings are 1.1 mm)
    assert len(cut_like) == 2 * n, "nothing cut but the outlines: no cut between the faces"
    assert len(outlines) == 2 * n, "one cut outline per piece, nothing else cut"
    assert len(folds) == 2 * n, "one fold line per piece"
    for cut in outlines:
        assert cut.w - 2 * cut.stroke == pytest.approx(2 * p, abs=0.05)
        assert cut.h - 2 * cut.stroke == pytest.approx(p, abs=0.05)
        mine = [f for f in folds if cut.x0 < f.x0 and f.x1 < cut.x1 and cut.y0 <= f.y0 + 0.01 and f.y1 <= cut.y1 + 0.01]
        assert len(mine) == 1, "the fold lies inside its piece's outline"
        fold = mine[0]
        assert (fold.x0 + fold.x1) / 2 == pytest.approx((cut.x0 + cut.x1) / 2, abs=0.05), "the fold is the shared edge"
        assert fold.h - 2 * fold.stroke == pytest.approx(p, abs=0.05), "the fold runs the piece's height"
    light_ink = [o for o in objs if o.tag == ("piece", "light") and o.kind == "path" and o.filled is False
                 and o.stroke > 0.5]  # the rings
    for ring in light_ink:
        cut = next(c_ for c_ in outlines if c_.x0 <= ring.x0 and ring.x1 <= c_.x1 and c_.y0 <= ring.y0 and ring.y1 <= c_.y1)
        cx0, cy0, cx1, cy1 = cut.line()
        rx0, ry0, rx1, ry1 = ring.ink()
        gap = min(rx0 - cx0, ry0 - cy0, cx1 - rx1, cy1 - ry1)
        assert gap >= 3.0 - 0.02, f"a piece's ring {gap:.2f} mm from its cut"


# round 18: the row-4 markers are bands, not fold-over pieces: see tests/kits/test_tab_round18.py


# ---- Kesse Rüben ---------------------------------------------------------------------------------------------------

def _fold_sheet(render, lang: str, paper: str) -> tuple[list[Obj], Obj, float, Path]:
    pdf = render("kesse-rueben", lang, paper)
    objs = page_objects(pdf, 0)
    solid = [o for o in objs if o.kind == "path" and o.stroke > 0 and not o.dashed and o.stroke < 0.5]
    trim = max(solid, key=lambda o: o.w * o.h)  # the cut line round the folded sheet
    folds = [o for o in objs if o.kind == "path" and o.dashed and o.w < 1.0]
    xs = {round((f.x0 + f.x1) / 2, 2) for f in folds}
    assert len(xs) == 1, f"one fold line, marked above and below the trim: {xs}"
    return objs, trim, xs.pop(), pdf


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_kesse_text_keeps_4_mm_from_the_cut_and_the_fold(render, lang, paper):
    objs, trim, fold, pdf = _fold_sheet(render, lang, paper)
    cx0, cy0, cx1, cy1 = trim.line()  # the knife's path
    page_h = 215.9 if paper == "letter" else 210.0
    inside = 0
    for ln in page_lines(pdf)[0]:
        x0, x1 = ln.x * MM, ln.right * MM
        top, bottom = page_h - (ln.base + 0.93 * ln.size) * MM, page_h - (ln.base - 0.24 * ln.size) * MM
        if bottom < cy0 or top > cy1:
            continue  # in the margin that the cut takes away
        assert top >= cy0 + 4.0 - 0.05 and bottom <= cy1 - 4.0 + 0.05, f"{ln.text!r}: {min(top - cy0, cy1 - bottom):.2f} mm"
        assert x0 >= cx0 + 4.0 - 0.05 and x1 <= cx1 - 4.0 + 0.05, f"{ln.text!r}: {min(x0 - cx0, cx1 - x1):.2f} mm"
        assert x1 <= fold - 4.0 + 0.05 or x0 >= fold + 4.0 - 0.05, f"{ln.text!r} within 4 mm of the fold"
        inside += 1
    assert inside > 40, "the rules are read"


@pytest.mark.parametrize("paper", list(PAPERS))
def test_kesse_board_is_centred_on_its_half(render, paper):
    """The board's frame (the 1 mm line round the squares) has equal borders
    to the left cut and to the fold, within 0.5 mm, each at least 3 mm."""
    objs, trim, fold, _ = _fold_sheet(render, "en", paper)
    frames = [o for o in objs if o.kind == "path" and o.stroke >= 0.9 and o.x1 < fold and abs(o.w - o.h) < 0.1]
    board = max(frames, key=lambda o: o.w)
    bx0, _, bx1, _ = board.ink()
    left = bx0 - trim.line()[0]
    right = fold - bx1
    assert abs(left - right) <= 0.5, f"borders {left:.2f} and {right:.2f} mm"
    assert min(left, right) >= 3.0 - 0.02


@pytest.mark.parametrize("paper", list(PAPERS))
def test_kesse_tokens_keep_their_labels_3_mm_inside_and_pawns_run_past_their_cut(render, paper):
    objs = page_objects(render("kesse-rueben", "en", paper), 1)
    tokens: dict[tuple[float, float], Obj] = {}
    for o in objs:
        if o.tag and o.tag[0] == "token" and o.kind == "path" and o.stroke > 0 and not o.filled and o.w > 15:
            tokens[(round(o.x0, 1), round(o.y0, 1))] = o
    g = facts("kesse-rueben")
    assert len(tokens) == len(g["kinds"]) * max(g["supply"].values())
    texts = [o for o in objs if o.tag and o.tag[0] == "token" and o.kind == "text"]
    assert texts
    for t in texts:
        cut = next(k for k in tokens.values() if k.x0 <= t.x0 and t.x1 <= k.x1 and k.y0 <= t.y0 and t.y1 <= k.y1)
        kx0, ky0, kx1, ky1 = cut.line()
        gap = min(t.x0 - kx0, t.y0 - ky0, kx1 - t.x1, ky1 - t.y1)
        assert gap >= 3.0 - 0.05, f"a token's name {gap:.2f} mm from its cut"
    # pawns, one for each kind of turnip: the colour runs MISCUT mm past the outer edge of the one cut
    # outline's ink, on every side; two feet behind fold lines, so the pawn stands
    for kind in g["kinds"]:
        mine = [o for o in objs if o.tag == ("pawn", kind)]
        # (round 10: the glued faces' hatching lines are stroked too, none longer than a face)
        cut = [o for o in mine if o.kind == "path" and o.stroke > 0 and not o.dashed and o.w > 20]
        assert len(cut) == 1, "one cut outline per pawn"
        fields = [o for o in mine if o.kind == "path" and o.filled and o.h > 10]
        cx0, cy0, cx1, cy1 = cut[0].inset(0)  # the outer edge of the cut line's ink (and PDFium's join padding)
        past = (cx0 - min(f.x0 for f in fields), cy0 - min(f.y0 for f in fields),
                max(f.x1 for f in fields) - cx1, max(f.y1 for f in fields) - cy1)
        assert min(past) >= MISCUT - 0.02, f"a {kind} pawn's colour runs {min(past):.2f} mm past its cut"
        assert len([o for o in mine if o.kind == "path" and o.dashed]) == 3, "the middle fold and a fold for each foot"


def _page_text(pdf: Path, index: int) -> str:
    doc = pdfium.PdfDocument(pdf)
    try:
        return doc[index].get_textpage().get_text_range()
    finally:
        doc.close()


def _ludo_page(pdf: Path, lang: str, key: str) -> int:
    """The index of the Ludo page under the first heading of the catalog list `key` (the guide, the die)."""
    head = _norm(str(load_catalog("ludo-cards", lang).raw(key)[0]).removeprefix("## "))
    doc = pdfium.PdfDocument(pdf)
    try:
        (index,) = [i for i in range(len(doc)) if head in _norm(doc[i].get_textpage().get_text_range())]
    finally:
        doc.close()
    return index


def _list_rows(pdf: Path, heading: str, other: str) -> list:
    """The rows of one panel of the component list on page 1: the lines under
    `heading` down to the next heading (`other`) or the end of the list."""
    lines = page_lines(pdf)[0]
    head = next(ln for ln in lines if _norm(ln.text) == _norm(heading))
    rows = []
    for ln in lines:
        if ln.base >= head.base - 0.1 or abs(ln.x - head.x) > 12:
            continue  # above the heading, or in the other panel
        if _norm(ln.text) == _norm(other) or head.base - ln.base > 60:
            break
        rows.append(ln)
    return [r for r in rows if r.base < head.base]


# ---- every kit: one type size for the whole component list ---------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("kit_id", RULE_KITS)
def test_every_row_of_the_component_list_has_one_size(render, kit_id, lang, paper):
    """Each line of the list at the same size: a list is read as one, and a
    line set smaller than its neighbours looks like a footnote."""
    pdf = render(kit_id, lang, paper)
    cat = load_catalog(kit_id, lang)
    g = facts(kit_id)
    rows = [cat.text(key, n=n) for key, n in want_counts(kit_id, None).items()]
    values = {"coins": g.get("coins"), "die": _ludo_page(pdf, lang, "die_text") + 1 if kit_id == "ludo-cards" else 0,
              "pawns_page": cat.text("pages_or", a=2, b=4) if kit_id == "kesse-rueben" else ""}
    rows += [cat.text(key, **values) for key in g["needs"] if key != "need_stock"]
    want = {_norm(part) for r in rows for part in r.split("\n")}  # an item set on more lines: each of its lines
    sizes = {round(ln.size, 2) for ln in page_lines(pdf)[0] if _norm(ln.text.lstrip("•")) in want}
    found = [ln for ln in page_lines(pdf)[0] if _norm(ln.text.lstrip("•")) in want]
    assert len(found) >= len(want), f"{len(found)} of {len(want)} rows found"
    assert len(sizes) == 1, f"the rows of the list at {sorted(sizes)} pt"
    assert 6.0 <= sizes.pop() <= 8.0


# ---- Tâb: the colour past the cut, card for each sheet, the throw tables -------------------------------------------

def _covered(x: float, y: float, fields: list[Obj]) -> bool:
    return any(f.x0 <= x <= f.x1 and f.y0 <= y <= f.y1 for f in fields)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_pieces_and_dark_markers_run_2_mm_past_their_cut(render, paper):
    """Every piece (light ones in a pale tint, dark ones in black) has its
    colour MISCUT mm past its own outline, and stands 2 x MISCUT from the
    next, so it can be cut roughly in the gap, folded, glued and then cut on
    the line through both layers; the black under the dark markers (the
    light player's bands) reaches MISCUT mm past every band's cut, but for
    its pale glue end (glued under the band's other end). All inside
    the printable area (the paper's no-ink margin)."""
    pdf = render("tab", "en", paper)
    objs = page_objects(pdf, 1)
    margin = 6.35  # the no-ink margin every page keeps (pnp.paper)
    for side in ("light", "dark"):
        mine = [o for o in objs if o.tag == ("piece", side)]
        cuts = [o for o in mine if o.kind == "path" and o.stroke > 0 and not o.dashed and not o.filled and o.stroke < 0.5]
        fields = [o for o in mine if o.kind == "path" and o.filled and o.stroke == 0 and o.h > 15]
        assert len(cuts) == facts("tab")["pieces_per_player"], side
        for cut in cuts:
            x0, y0, x1, y1 = cut.line()
            for x, y in ((x0 - MISCUT + 0.02, y0 - MISCUT + 0.02), (x1 + MISCUT - 0.02, y1 + MISCUT - 0.02),
                         (x0 - MISCUT + 0.02, y1 + MISCUT - 0.02), (x1 + MISCUT - 0.02, y0 - MISCUT + 0.02),
                         ((x0 + x1) / 2, y0 - MISCUT + 0.02), ((x0 + x1) / 2, y1 + MISCUT - 0.02)):
                assert _covered(x, y, fields), f"a {side} piece's colour stops short {MISCUT} mm past its cut"
            others = [o.line() for o in cuts if o is not cut]
            gap = min(max(ox0 - x1, x0 - ox1, oy0 - y1, y0 - oy1) for ox0, oy0, ox1, oy1 in others)
            assert gap >= 2 * MISCUT - 0.05, f"{side} pieces {gap:.2f} mm apart: no room to cut roughly"
        assert min(f.x0 for f in fields) >= margin - 0.01 and min(f.y0 for f in fields) >= margin - 0.01
    cuts = [o for o in objs if o.tag == ("marker", "light") and o.kind == "path" and o.stroke > 0 and not o.dashed
            and not o.filled and o.stroke < 0.5 and o.w > 10]
    assert len(cuts) == facts("tab")["pieces_per_player"]
    fields = [o for o in objs if o.tag is None and o.kind == "path" and o.filled and o.stroke == 0 and o.w > 20]
    for cut in cuts:
        x0, y0, x1, y1 = cut.line()
        for x in (x0 - MISCUT + 0.02, (x0 + x1) / 2):
            for y in (y0 - MISCUT + 0.02, (y0 + y1) / 2, y1 + MISCUT - 0.02):
                assert _covered(x, y, fields), "no black MISCUT mm past a dark marker's cut"
    assert min(f.x0 for f in fields) >= margin - 0.01 and min(f.y0 for f in fields) >= margin - 0.01


@pytest.mark.parametrize("lang", LANGS)
def test_tab_assembly_text_needs_what_the_list_needs(render, lang):
    """The tools and materials are the component list's "you also need"
    (page 1), line for line, from the game facts' needs; the assembly text
    (page 3) points to that list and does not repeat it."""
    pdf = render("tab", lang, "a4")
    cat = load_catalog("tab", lang)
    g = facts("tab")
    values = {"coins": g["coins"], "pieces": g["pieces_per_player"], "paper": "A4"}
    wanted = [_norm(cat.text(k, **values)).lower() for k in g["needs"]]
    assert len(wanted) >= 4
    p1 = _norm(_page_text(pdf, 0)).lower()
    p3 = _norm(_page_text(pdf, 2)).lower()
    making = {"en": "making this kit", "nl": "zo maak je deze set", "de": "so bastelst du dieses set"}[lang]
    assembly = {"en": "assembly instructions", "nl": "bouwinstructies", "de": "bauanleitung"}[lang]
    ours = p3[p3.index(making):p3.rindex(assembly)]  # our making block, up to the original's heading
    for need in wanted:
        assert need in p1, f"{need!r} not in the list on page 1"
        assert need not in ours, f"{need!r} repeated in the making block on page 3"
    page_1 = {"en": "the list on page 1", "nl": "de lijst op pagina 1", "de": "die liste auf seite 1"}[lang]
    assert page_1 in p3, "page 3 points to the list on page 1"
    scissors = {"en": "scissors", "nl": "schaar", "de": "schere"}[lang]
    assert scissors in " ".join(wanted), "the pieces are cut roughly with scissors first"


# seed 004's assembly text, word for word, where it names the card (A4 on every paper: it is the original's text)
ORIGINAL_MATERIALS = ("The attached print-and-play sheet is designed for printing in black and white onto {paper} paper. "
                      "To assemble the game, you will need: a black and white or colour printer capable of printing "
                      "graphics onto {paper} paper; a craft knife and ruler, two {paper} sheets of thick card, a pair "
                      "of scissors and some good paper glue.")
ORIGINAL_GLUE = ("2. Glue the printed paper onto the thick card. Ensure that the entire surface of the card is evenly "
                 "covered with glue, as the board and pieces will be cut out. Leave the glue to dry.")


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("lang", LANGS)
def test_tab_says_which_card_is_for_what(render, lang, paper):
    """The board is glued onto thick card, the pieces' page onto thin card
    (a piece is folded): the board's heading, the pieces' heading and the
    list say so. The rules page keeps the original's assembly text (in
    English word for word), which glues the whole sheet onto thick card,
    and our making block, before it, says so and how this kit differs:
    page 1 onto thick card, page 2 onto thin card."""
    pdf = render("tab", lang, paper)
    thick, thin = {"en": ("thick", "thin"), "nl": ("dik", "dun"), "de": ("dick", "dünn")}[lang]
    p1 = page_lines(pdf)[0]
    top = min(p1, key=lambda ln: -ln.base + 1000 * (ln.size < 8.5))  # the heading over the board (9 pt, bold)
    assert top.bold and thick in top.text.lower() and thin not in top.text.lower(), top.text
    needs = _norm(load_catalog("tab", lang).text("need_cards")).lower()
    assert needs in [_norm(ln.text).lower() for ln in p1] and thick in needs and thin in needs
    p2 = page_lines(pdf)[1]
    heading = max((ln for ln in p2 if ln.bold), key=lambda ln: ln.base)  # the first bold line under the header
    assert thin in _norm(_page_text(pdf, 1)).lower()[:300] and thick not in heading.text.lower()
    p3 = _norm(_page_text(pdf, 2))
    if lang == "en":
        for original in (ORIGINAL_MATERIALS, ORIGINAL_GLUE):
            assert original.format(paper="A4") in p3, "the original's assembly text, word for word (its A4 too)"
    low = p3.lower()
    making = {"en": "making this kit", "nl": "zo maak je deze set", "de": "so bastelst du dieses set"}[lang]
    assembly = {"en": "assembly instructions", "nl": "bouwinstructies", "de": "bauanleitung"}[lang]
    head = low.rindex(assembly)  # the heading (our block names the original's instructions too)
    ours, original = low[low.index(making):head], low[head:]
    # the original glues the printed sheet onto thick card, and never mentions thin card but for the laminator
    assert re.search(rf"\b{thick}", original)
    assert all("lamin" in s for s in re.split(r"(?<=[.!?;])\s+", original) if re.search(rf"\b{thin}", s))
    # our block, before it, names the difference in one passage: the original's whole sheet on thick card,
    # here page 1 on thick and page 2 on thin card
    below = {"en": "below", "nl": "hieronder", "de": "unten"}[lang]
    # (the difference is said before the original's text, pointing down to it)
    diff = next(s for s in re.split(r"•", ours) if "1" in s and "2" in s and thin in s and thick in s and below in s)
    assert diff.index(thick) < diff.index(thin)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_throw_tables_are_listed_components_with_one_outline(render, paper):
    """The coin-throw tables on page 2 are components to cut out, one for
    each player: each has its tag and one cut outline, and the list counts them."""
    objs = page_objects(render("tab", "en", paper), 1)
    players = facts("tab")["players"][0]
    tables = {o.tag for o in objs if o.tag and o.tag[0] == "throws"}
    assert len(tables) == players
    for tag in tables:
        frames = [o for o in objs if o.tag == tag and o.kind == "path" and o.stroke > 0 and not o.filled and o.w > 50
                  and o.h > 20]
        assert len(frames) == 1, "one outline round each table"
        texts = [o for o in objs if o.tag == tag and o.kind == "text"]
        assert len(texts) >= len(facts("tab")["scores"]) * 2
        fx0, fy0, fx1, fy1 = frames[0].line()
        gap = min(min(t.x0 - fx0, t.y0 - fy0, fx1 - t.x1, fy1 - t.y1) for t in texts)
        assert gap >= 3.0 - 0.05, f"a table's text {gap:.2f} mm from its cut"


# ---- Kesse Rüben: fold marks that are what the text says -----------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_kesse_both_fold_marks_are_dashed(render, lang, paper):
    """"Fold along the dashed marks": above and below the trim, the mark on
    the fold line is a dashed line long enough to show two dashes and the gap
    between them, never one solid tick."""
    pdf = render("kesse-rueben", lang, paper)
    objs = page_objects(pdf, 0)
    _, trim, fold, _ = _fold_sheet(render, lang, paper)
    marks = [o for o in objs if o.kind == "path" and o.stroke > 0 and o.w < 1.0 and abs((o.x0 + o.x1) / 2 - fold) < 0.05
             and (o.y1 <= trim.y0 + 0.5 or o.y0 >= trim.y1 - 0.5)]
    above = [o for o in marks if o.y1 <= trim.y0 + 0.5]
    below = [o for o in marks if o.y0 >= trim.y1 - 0.5]
    assert above and below, "a mark above and below the trim"
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        dashes = []
        for i in range(c.FPDFPage_CountObjects(page.raw)):
            raw = c.FPDFPage_GetObject(page.raw, i)
            n = c.FPDFPageObj_GetDashCount(raw)
            if n > 0:
                arr = (ctypes.c_float * n)()
                c.FPDFPageObj_GetDashArray(raw, arr, n)
                dashes.append(tuple(arr))
    finally:
        doc.close()
    assert dashes
    for mark in above + below:
        assert mark.dashed, "a solid tick where the text says dashed"
        dash_mm = [v * MM for v in dashes[0]]
        length = mark.h - mark.stroke  # PDFium's bounds are padded by the line width
        assert length >= 2 * dash_mm[0] + dash_mm[1] - 0.05, f"a mark {length:.2f} mm long shows one dash only"


# ---- Ludo cards: what to print on follows the backs; the options are for whoever runs pnp --------------------------

@pytest.fixture(scope="module")
def ludo_mode(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ludo-modes")
    measure = Measurer()
    cache: dict[tuple, Path] = {}

    def get(lang: str, backs: str, variant: str = "colour") -> Path:
        key = (lang, backs, variant)
        if key not in cache:
            out = folder / "-".join(key)
            result = render_one(get_kit("ludo-cards"), Options(lang, get_paper("a4"), backs=backs, variant=variant), out,
                                ("pdf",), 150, measure, validate=False)
            (cache[key],) = result.files
        return cache[key]

    return get


STOCK = {"duplex-long": ("need_stock_duplex",), "duplex-short": ("need_stock_duplex",),
         "gutterfold": ("need_stock_gutterfold",), "none": ("need_stock_none",)}


A4_CARD = "160–220 g/m²"  # the card's weight as an A4 kit gives it (a Letter kit adds lb cover)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("backs", list(STOCK))
def test_ludo_needs_follow_the_backs_printed(ludo_mode, lang, backs):
    """Page 1 asks for what the kit is printed on in the way it was rendered:
    card in a duplex kit (the quick route prints its fronts alone; sleeves are
    one of the guide's other ways), glue in every kit (for the die to make on
    its page; in a gutterfold kit for the cards too: native14-de 2), and none
    of another mode's lines."""
    pdf = ludo_mode(lang, backs)
    cat = load_catalog("ludo-cards", lang)
    text = [_norm(ln.text.lstrip("•")) for ln in page_lines(pdf)[0]]
    size = _card_size(lang)

    def lines(key: str) -> list[str]:  # an item set on two lines ("card ...\nor paper, sleeves ...") is two lines
        return [_norm(part) for part in cat.text(key, card_size=size, card_weight=A4_CARD).split("\n")]

    for key in STOCK[backs]:
        assert all(ln in text for ln in lines(key)), f"{backs}: {cat.text(key, card_size=size, card_weight=A4_CARD)!r} not on page 1"
    for other in {k for keys in STOCK.values() for k in keys} - set(STOCK[backs]):
        assert not any(ln in text for ln in lines(other)), f"{backs}: {other!r} on page 1"
    glue = {"en": "glue", "nl": "lijm", "de": "kleber"}[lang]
    needs = " ".join(_norm(cat.text(k, card_size=size, card_weight=A4_CARD)).lower() for k in STOCK[backs])
    assert glue in needs, f"{backs}: no glue for the die"


def _card_size(lang: str) -> str:
    """The card's size as the game facts give it, written as the language writes decimals."""
    import tomllib

    from pnp.paths import TEMPLATES

    w, h = tomllib.loads((TEMPLATES / "ludo-cards" / "game.toml").read_text("utf-8"))["card"]
    size = f"{w:g} × {h:g}"
    return size.replace(".", ",") if lang in ("nl", "de") else size


@pytest.mark.parametrize("lang", LANGS)
def test_ludo_guide_gives_the_card_size_for_sleeves(ludo_mode, lang):
    """Sleeves and old playing cards must fit the cards: the printing guide
    page, where the sleeves are offered, says how large they are, the size
    of the game facts (63.5 x 88.9 mm, a poker card)."""
    pdf = ludo_mode(lang, "duplex-long")
    text = _norm(_page_text(pdf, _ludo_page(pdf, lang, "guide")))
    assert f"{_card_size(lang)} mm" in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("backs", "variant"), [("duplex-long", "colour"), ("duplex-short", "ink-saver")])
def test_ludo_pdf_offers_no_re_rendering(ludo_mode, lang, backs, variant):
    """Someone holding only the PDF cannot re-render it, so the file tells
    them what to do in the print dialog and names neither pnp nor any of its
    command-line options (--back-offset, --ink-saver, --greyscale, --backs:
    only whoever made the file could use them)."""
    pdf = ludo_mode(lang, backs, variant)
    doc = pdfium.PdfDocument(pdf)
    try:
        text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    finally:
        doc.close()
    text = " ".join(text.replace("\ufffe", "").replace("\x02", "").split())
    assert not re.search(r"--[a-z]", text), re.findall(r".{40}--[a-z].{20}", text)
    assert not re.search(r"\bpnp\b", text), "pnp named"
    dialog = {"en": "print dialog", "nl": "afdrukvenster", "de": "Druckdialog"}[lang]
    assert dialog in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_kesse_rules_are_set_at_8_pt_or_more(render, lang, paper):
    """The rules on the back of the board, read from the file: the body of
    the running text at 8 pt at least (a review found 7.5 pt too small to
    read at the table); the setup table and the component list each head a
    column of their own, so the rules get the room."""
    lines = page_lines(render("kesse-rueben", lang, paper))[0]
    body = [ln for ln in lines if not ln.bold and len(ln.words) >= 4 and 6.5 < ln.size < 12 and not ln.text.startswith("©")]
    sizes = sorted({round(ln.size, 2) for ln in body})
    rules = max(sizes, key=lambda s_: sum(1 for ln in body if round(ln.size, 2) == s_))  # the size most lines have
    assert sum(1 for ln in body if round(ln.size, 2) == rules) > 40, "the rules are read"
    assert rules >= 8.0 - 0.01, f"the rules at {rules} pt"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_ludo_quick_route_prints_every_front_and_nothing_else(ludo_mode, lang, backs):
    """The backs are only for looks, so page 1's quick route prints the card
    fronts alone, one-sided: the pages it lists, as typed into a print
    dialog, are exactly the pages whose margin says they are card fronts
    (every one of them, no back and no instruction page)."""
    pdf = ludo_mode(lang, backs)
    first = _norm(_page_text(pdf, 0))
    listed = re.findall(r"(\d+(?:,\d+){3,})", first)
    assert len(listed) == 1, listed
    pages = [int(n) for n in listed[0].split(",")]
    cat = load_catalog("ludo-cards", lang)
    want = [p.number for p in read_pages(pdf) if p.of("card")]
    assert pages == want, (pages, want)
    for k in want:
        colour = next(c["id"] for c in facts("ludo-cards")["colours"] if cat.text(c["id"]) in
                      _norm(_page_text(pdf, k - 1)))
        caption = _norm(cat.text("sheet_fronts", colour=cat.text(colour)))  # the colour as named, after the colon
        assert caption in _norm(_page_text(pdf, k - 1)), f"page {k}: its margin does not say it holds card fronts"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_ludo_guide_gives_a_way_without_aligned_backs(ludo_mode, lang, backs):
    """For whoever cannot line up the backs or would save their ink: the
    printing guide's last section names the appendix of spare backs, from the
    page after the last sheet of cards to the end of the file (one page a
    colour, each margin says so), and says not to mix them with the coloured
    backs within a colour (the header of each spare page says it too)."""
    pdf = ludo_mode(lang, backs)
    guide = _norm(_page_text(pdf, _ludo_page(pdf, lang, "guide")))
    cat = load_catalog("ludo-cards", lang)
    heading = _norm(cat.raw("guide_other")[0].removeprefix("## "))
    assert heading in guide
    after = guide[guide.index(heading):]
    ranges = sorted({(int(a), int(b)) for a, b in re.findall(r"(\d+)\s*–\s*(\d+)\b(?!\s*g)", after)})  # pages, not g/m²
    assert len(ranges) == 1, ranges
    ((spare_first, spare_last),) = ranges
    doc = pdfium.PdfDocument(pdf)
    pages = len(doc)
    doc.close()
    cards = [p.number for p in read_pages(pdf) if p.of("card") or p.of("back")]
    assert spare_first == max(cards) + 1 and spare_last == pages, "the spare backs run from there to the end"
    mix = next(s for s in cat.raw("guide_other") if s.startswith("- **") and "{" not in s and "**" in s[4:]
               and s is not cat.raw("guide_other")[-1])
    assert _norm(mix.removeprefix("- ").replace("**", "")) in after, "do not mix the two kinds of back"
    spare = _norm(cat.text("sheet_spare_backs", colour="", spare_times=0)).split(" ")[0]
    fronts = _norm(cat.text("sheet_fronts", colour="")).rstrip()
    colours = facts("ludo-cards")["colours"]
    assert spare_last - spare_first + 1 == len(colours), "a page of spare backs a colour"
    for k, colour in zip(range(spare_first, spare_last + 1), colours, strict=True):
        text = _norm(_page_text(pdf, k - 1))
        assert spare in text and fronts not in text, f"page {k}"
        assert cat.text(colour["id"]) in text, f"page {k}: the spare backs of {colour['id']}"
        assert _norm(cat.text("sheet_spare_backs", colour=cat.text(colour["id"]),
                              spare_times=len(cards) // 2 // len(colours))) in text, f"page {k}: the header"



@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_kesse_token_page_says_why_a_token_has_one_face(render, lang, paper):
    """The turnip tokens are printed on one side (two-sided, the supply would
    not fit one sheet): the token page says so, and why, in the file's text."""
    from pnp.validation.checks import normalise

    pdf = render("kesse-rueben", lang, paper)
    text = normalise(_page_text(pdf, 1))
    assert normalise(load_catalog("kesse-rueben", lang).text("tokens_one_sided")) in text


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_a_number_word_keeps_what_it_counts(render, lang, paper):
    """"twee / vellen", "zwei / Bögen" (the native reader, round 4): the
    making block's number word and what it counts (now the six pictures) share a line."""
    pdf = render("tab", lang, paper)
    word, counted = {"nl": ("zes", "plaatjes"), "de": ("sechs", "Bilder")}[lang]
    lines = [_norm(ln.text) for ln in page_lines(pdf)[2]]
    assert any(f"{word} {counted}" in ln for ln in lines), f"'{word} {counted}' on one line of page 3"
    for a, b in zip(lines, lines[1:], strict=False):
        assert not (a.endswith(word) and b.startswith(counted)), f"{a!r} / {b!r}"


def _mm_top(ln, page_h: float) -> float:
    """A text line's top (its ascenders), mm from the top of the page."""
    return page_h - (ln.base + 0.93 * ln.size) * MM


def _joined(lines: list) -> str:
    """Lines read as one text: a line-end hyphen our breaking added joins the word again."""
    out = ""
    for ln in lines:
        t = _norm(ln.text)
        out = out[:-1] + t if out.endswith("-") and t[:1].islower() else (out + " " + t).strip()
    return out


def _tables(objs: list[Obj]) -> list[Obj]:
    return [o for o in objs if o.tag and o.tag[0] == "throws" and o.kind == "path" and o.stroke > 0 and not o.filled
            and o.w > 50 and o.h > 20]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_six_making_pictures_with_captions_clear_of_them(render, lang, paper):
    """Under the coin-throw tables: six pictures of making a piece (cut
    roughly, score, fold, glue, cut through both layers, ready), each with
    its numbered caption, in order from left to right; no picture's ink comes
    within 1.5 mm of a caption (the NL "helften" caption touched its picture)."""
    pdf = render("tab", lang, paper)
    cat = load_catalog("tab", lang)
    page_h = 279.4 if paper == "letter" else 297.0
    objs = page_objects(pdf, 1)
    below = max(t.y1 for t in _tables(objs))
    lines = [ln for ln in page_lines(pdf)[1] if _mm_top(ln, page_h) > below]
    firsts = sorted((ln for ln in lines if re.match(r"[1-6]\. ", ln.text)), key=lambda ln: ln.x)
    assert [ln.text[:2] for ln in firsts] == [f"{i}." for i in range(1, 7)], [ln.text for ln in firsts]
    keys = ("make_cut", "make_score", "make_fold", "make_glue", "make_trim", "make_ready")
    captions = []
    for first, key in zip(firsts, keys, strict=True):
        mid = (first.x + first.right) / 2
        mine = sorted((ln for ln in lines if abs((ln.x + ln.right) / 2 - mid) < 3 and ln.base <= first.base
                       and first.base - ln.base < 3 * first.size), key=lambda ln: -ln.base)
        assert _joined(mine) == _norm(cat.text(key)), key
        captions += mine
    top = min(_mm_top(ln, page_h) for ln in captions)
    pictures = [o for o in objs if o.kind == "path" and o.y0 > below and o.y0 < top]
    assert len(pictures) >= 12, "the pictures of the six steps"
    lowest = max(o.ink()[3] if o.stroke else o.y1 for o in pictures)
    assert top - lowest >= 1.5, f"a picture {top - lowest:.2f} mm from its caption"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_tab_each_throw_table_carries_a_turn_summary(render, lang, paper):
    """Each coin-throw table (cut out, one for each player) has the scores
    and, beside them, the start and a turn in six numbered steps (round 12:
    row 4 and stacks in full), running on under the scores where the table
    is taller than they are, its text 3 mm and more inside the cut, and
    never under 7 pt."""
    pdf = render("tab", lang, paper)
    cat = load_catalog("tab", lang)
    page_h = 279.4 if paper == "letter" else 297.0
    tables = _tables(page_objects(pdf, 1))
    assert len(tables) == facts("tab")["players"][0]
    steps = [_norm(t.replace("**", "")) for t in cat.blocks("turn", coins=facts("tab")["coins"])]
    assert len(steps) == 7
    for t in tables:
        x0, y0, x1, y1 = t.line()
        inside = [ln for ln in page_lines(pdf)[1] if ln.x * MM > x0 and ln.right * MM < x1
                  and y0 < _mm_top(ln, page_h) < y1]
        (turn,) = [ln for ln in inside if _norm(ln.text) == _norm(cat.text("turn_heading"))]
        # the turn's column, under its heading: right of the scores' (which take what their words need)
        right = sorted((ln for ln in inside if ln.x > turn.x - 0.5 and not ln.bold), key=lambda ln: -ln.base)
        # and under the scores (their last row: all tails), across the table
        (tails,) = [ln for ln in inside if _norm(ln.text).startswith(_norm(cat.text("all_tails")))]
        under = sorted((ln for ln in inside if ln.x < turn.x - 0.5 and ln.base < tails.base - 1.0), key=lambda ln: -ln.base)
        text = _joined(right) + " " + _joined(under)
        assert min(ln.size for ln in right + under) >= 7.0 - 0.05
        for step in steps:
            assert step in text, f"{step!r} not on the table"
        gap = min(min(ln.x * MM - x0, x1 - ln.right * MM, _mm_top(ln, page_h) - y0) for ln in inside)
        assert gap >= 3.0 - 0.05, f"a table's text {gap:.2f} mm from its cut"


@pytest.mark.parametrize("lang", LANGS)
def test_tab_pieces_and_markers_have_distinct_headings(render, lang):
    """Over the four blocks on page 2: light pieces, their markers, dark
    pieces, theirs, four different headings; no page offers a paper clip
    any more (round 18: the markers are bands round the piece, which stay)."""
    pdf = render("tab", lang, "a4")
    cat = load_catalog("tab", lang)
    wanted = [_norm(cat.text(k)) for k in ("light_pieces", "markers_light", "dark_pieces", "markers_dark")]
    assert len(set(wanted)) == 4
    bold = [_norm(ln.text) for ln in page_lines(pdf)[1] if ln.bold]
    for w in wanted:
        assert bold.count(w) == 1, f"{w!r} heads one block"
    clip = {"en": "paper clip", "nl": "paperclip", "de": "büroklammer"}[lang]
    for index in (1, 2, 3):
        text = _norm(_page_text(pdf, index).replace("\ufffe", "")).lower()  # a word broken at a line end, joined
        assert clip not in text, f"page {index + 1}"
