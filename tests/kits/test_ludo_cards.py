"""The Ludo card game: card size, the 96 distinct cards and their pawn
pattern, the imposition, and backs that land behind their fronts in every
printing mode, with and without --back-offset. Figures come from the print
facts and the game facts."""

from __future__ import annotations

import pytest

from pnp.errors import LayoutError
from pnp.geometry import Box, Circle, Group, Line, Page, apply, tagged, walk
from pnp.kits.ludo_cards import load_spec
from pnp.layout.imposition import fit_grid
from pnp.paper import PAPERS, get_paper
from tests.printer import behind

SPEC = load_spec()
KIT = "ludo-cards"
POKER = (63.5, 88.9)


def card_box(g: Group, m) -> Box:
    """The card's own rectangle (0,0)-(63.5,88.9) placed by its group."""
    pts = [apply(m, x, y) for x in (0, POKER[0]) for y in (0, POKER[1])]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def components(page: Page, kind: str):
    return [(g, m) for g, m in tagged(page.items) if g.tag[0] == kind]


def test_imposition_choice():
    """3 x 3 portrait leaves Letter no room for marks; 4 x 2 landscape fits both."""
    with pytest.raises(LayoutError):
        fit_grid(get_paper("letter"), *POKER, 3, 3, landscape=False)
    for p in PAPERS.values():
        g = fit_grid(p, *POKER, 4, 2, landscape=True)
        assert g.box.w == pytest.approx(254.0) and g.box.h == pytest.approx(177.8)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_cards_are_poker_size_on_a_cut_grid(built, paper):
    pages = built(KIT, "en", paper).pages
    sheets = [p for p in pages if p.label.startswith("fronts")]
    assert len(sheets) == 4 * 3  # each colour exactly 3 sheets of 8
    for page in sheets:
        cuts = [s for s, _, _ in walk(page.items) if isinstance(s, Line) and s.style.role == "cut"]
        xs = sorted({round(s.x1, 4) for s in cuts if s.x1 == s.x2})
        ys = sorted({round(s.y1, 4) for s in cuts if s.y1 == s.y2})
        assert all(abs((b - a) - POKER[0]) < 0.1 for a, b in zip(xs, xs[1:], strict=False))
        assert all(abs((b - a) - POKER[1]) < 0.1 for a, b in zip(ys, ys[1:], strict=False))
        for g, m in components(page, "card"):
            b = card_box(g, m)
            assert round(b.x, 4) in xs and round(b.y, 4) in ys
            assert abs(b.w - 63.5) < 0.1 and abs(b.h - 88.9) < 0.1


def test_96_distinct_cards_in_stacking_order(built):
    pages = built(KIT, "en", "a4").pages
    tags = [g.tag[1] for p in pages for g, _ in components(p, "card")]
    assert len(tags) == len(set(tags)) == 4 * 4 * 6
    for colour in ("red", "blue", "yellow", "green"):
        mine = [t for t in tags if t.startswith(colour + "-")]
        want = [f"{colour}-{v}-{k}" for v in range(1, 5) for k in range(1, 7)]
        assert mine == want  # per die value, k = 1 first


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_choose_colours(built, players):
    pages = built(KIT, "en", "a4", players=players).pages
    colours = {g.tag[1].split("-")[0] for p in pages for g, _ in components(p, "card")}
    assert len(colours) == players


def test_pawn_pattern(built):
    """Card k shows 6 positions with the first k filled, from the left."""
    pages = built(KIT, "en", "a4").pages
    seen = 0
    for page in pages:
        for g, _ in components(page, "card"):
            colour, value, k = g.tag[1].split("-")
            heads = [s for s, m, _ in walk(g.items) if isinstance(s, Circle) and s.r == 2.0]
            heads.sort(key=lambda c: c.cx)
            assert len(heads) == 6
            filled = [c.style.fill is not None for c in heads]
            assert filled == [True] * int(k) + [False] * (6 - int(k))
            seen += 1
    assert seen == 96


def backs_behind_fronts(pages: list[Page], mode: str, offset=(0.0, 0.0)) -> int:
    pairs = 0
    for i, page in enumerate(pages):
        if not page.label.startswith("fronts"):
            continue
        back = pages[i + 1]
        assert back.label.startswith("backs")
        fronts = components(page, "card")
        backs = components(back, "back")
        assert len(backs) == len(fronts)
        back_boxes = [card_box(g, m) for g, m in backs]
        for g, m in fronts:
            f = card_box(g, m)
            x1, y1 = behind(mode, f.x, f.y, page.width, page.height)
            x2, y2 = behind(mode, f.right, f.bottom, page.width, page.height)
            # --back-offset X,Y moves the backs X right and Y up on the back page (y grows down)
            want = Box(min(x1, x2) + offset[0], min(y1, y2) - offset[1], f.w, f.h)
            match = [b for b in back_boxes if abs(b.x - want.x) < 0.01 and abs(b.y - want.y) < 0.01]
            assert len(match) == 1, f"no back behind {g.tag} in {mode}"
            pairs += 1
    return pairs


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
@pytest.mark.parametrize("paper", list(PAPERS))
def test_backs_land_behind_fronts(built, mode, paper):
    assert backs_behind_fronts(built(KIT, "en", paper, backs=mode).pages, mode) == 96


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
def test_back_offset_shifts_backs_exactly(built, mode):
    off = (1.5, -2.0)
    assert backs_behind_fronts(built(KIT, "en", "letter", backs=mode, back_offset=off).pages, mode, off) == 96


def test_duplex_long_backs_are_turned_for_a_landscape_flip(built):
    pages = built(KIT, "en", "a4", backs="duplex-long").pages
    backs = [g for p in pages for g, _ in components(p, "back")]
    assert backs and all(g.rotate == 180.0 for g in backs)
    pages = built(KIT, "en", "a4", backs="duplex-short").pages
    assert all(g.rotate == 0.0 for p in pages for g, _ in components(p, "back"))


@pytest.mark.parametrize("paper", list(PAPERS))
def test_gutterfold_backs_sit_beside_their_fronts(built, paper):
    pages = built(KIT, "en", paper, backs="gutterfold").pages
    n = 0
    for page in pages:
        fronts = [card_box(g, m) for g, m in components(page, "card")]
        backs = [card_box(g, m) for g, m in components(page, "back")]
        folds = [s for s, _, _ in walk(page.items) if isinstance(s, Line) and s.style.role == "fold"]
        assert len(fronts) == len(backs) == len(folds)
        for f in fronts:
            assert any(abs(b.x - f.right) < 0.01 and abs(b.y - f.y) < 0.01 for b in backs)
            assert any(abs(s.x1 - f.right) < 0.01 for s in folds)
            n += 1
    assert n == 96


def test_no_backs(built):
    pages = built(KIT, "en", "a4", backs="none").pages
    assert not any(components(p, "back") for p in pages)
    assert not any(p.label.startswith("alignment") for p in pages)


@pytest.mark.parametrize("mode", ["duplex-long", "duplex-short"])
def test_alignment_rulers_lie_behind_the_crosses(built, mode):
    off = (0.5, 1.0)
    pages = built(KIT, "en", "a4", backs=mode, back_offset=off).pages
    front = next(p for p in pages if p.label == "alignment front")
    back = next(p for p in pages if p.label == "alignment back")
    centres = [(s.cx, s.cy) for s, _, _ in walk(front.items) if isinstance(s, Circle)]
    assert len(centres) == 5
    # ruler centres: where a long horizontal and vertical ruler line cross
    hs = {(round((s.x1 + s.x2) / 2, 3), round(s.y1, 3)) for s, _, _ in walk(back.items)
          if isinstance(s, Line) and s.y1 == s.y2 and abs(abs(s.x2 - s.x1) - 20) < 1e-9}
    for x, y in centres:
        bx, by = behind(mode, x, y, front.width, front.height)
        assert (round(bx + off[0], 3), round(by - off[1], 3)) in hs  # up is positive


def test_an_offset_too_big_for_the_margin_is_an_error(built):
    with pytest.raises(LayoutError):
        built(KIT, "en", "letter", backs="duplex-short", back_offset=(9.0, 0.0))


