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
from tests.printer import MM, _bounds, _objects, _utf16
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
    if kit_id == "tab":  # a board, nine pieces a side, a row-4 marker for each piece
        n = g["pieces_per_player"]
        return {"contents_board": 1, "contents_light": n, "contents_dark": n, "contents_markers": 2 * n}
    if kit_id == "kesse-rueben":  # the fold sheet; every kind of turnip in the supply; a paper pawn per Ludo colour
        each = max(g["supply"].values()) if players is None else g["supply"][str(players)]
        return {"contents_board": 1, "contents_tokens": len(g["kinds"]) * each,
                "contents_pawns": len(facts("ludo-cards")["colours"])}
    # Ludo cards: a stack of stack_height cards for each die value, for each player's colour
    colours = len(g["colours"]) if players is None else players
    return {"contents_cards": colours * len(g["values"]) * g["stack_height"]}


def _norm(text: str) -> str:
    return " ".join(text.replace("\u00a0", " ").split())


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
    values = {"coins": g.get("coins")}
    for key in g["needs"]:
        line = _norm(cat.text(key, **values) if key == "need_coins" else cat.text(key))
        assert line in text, f"{kit_id}: {line!r} not on page 1"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kit_id", [k for k, players in LIST_CASES if players is None])  # the kits want_counts knows the rules of
def test_the_component_list_is_there_in_every_language(render, kit_id, lang):
    pdf = render(kit_id, lang, "letter")
    text = [_norm(ln.text) for ln in page_lines(pdf)[0]]
    cat = load_catalog(kit_id, lang)
    for key, n in want_counts(kit_id, None).items():
        assert _norm(cat.text(key, n=n)) in text, f"{kit_id} {lang}: {cat.text(key, n=n)!r}"
    assert _norm(cat.text("need_die" if kit_id == "ludo-cards" else "need_glue")) in text


def test_a_list_line_that_names_no_component_would_be_caught():
    """The counts are of what the file holds: a kit's list cannot name a
    component the kit does not print (the count would be 0 and the line dropped)."""
    from pnp.layout.component_list import ContentFact, KitList, entries

    facts_ = KitList((ContentFact(name="contents_x", tags=["nothing"]),), ())
    assert entries(facts_, {"piece:light": 9}) == []
    assert entries(KitList((ContentFact(name="k", tags=["piece"]),), ()), {"piece:light": 9, "piece:dark": 9}) == [("k", 18)]


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
    # pawns: the colour runs past the one cut outline; two feet behind fold lines, so the pawn stands
    for colour in facts("ludo-cards")["colours"]:
        mine = [o for o in objs if o.tag == ("pawn", colour["id"])]
        cut = [o for o in mine if o.kind == "path" and o.stroke > 0 and not o.dashed]
        assert len(cut) == 1, "one cut outline per pawn"
        fields = [o for o in mine if o.kind == "path" and o.filled and o.h > 10]
        assert min(f.y0 for f in fields) < cut[0].y0 and max(f.y1 for f in fields) > cut[0].y1
        assert min(f.x0 for f in fields) < cut[0].x0 and max(f.x1 for f in fields) > cut[0].x1
        assert len([o for o in mine if o.kind == "path" and o.dashed]) == 3, "the middle fold and a fold for each foot"
