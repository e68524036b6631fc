"""Kesse Rüben: the fold-and-glue sheet, the board, the tokens, the numbers
in every language. Expected values come from the game facts and the paper."""

from __future__ import annotations

import pytest

from pnp.geometry import Line, Rect, Text, apply, shape_box, tagged, text_box, walk
from pnp.i18n import languages, load_catalog
from pnp.kits import get_kit
from pnp.kits.kesse_rueben import FOLD_SLACK, load_spec
from pnp.layout.rules import MIN_BODY_PT
from pnp.options import Options
from pnp.paper import PAPERS, get_paper
from pnp.validate import normalise, stated_numbers

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


@pytest.mark.parametrize("paper", list(PAPERS))
def test_fold_line_is_at_the_exact_half(built, paper):
    page = fold_page(built, "en", paper)
    folds = [s for s, m, _ in walk(page.items) if isinstance(s, Line) and s.style.role == "fold"]
    assert len(folds) == 1
    (fold,) = folds
    assert fold.x1 == fold.x2 == pytest.approx(page.width / 2, abs=0.01)
    assert fold.style.dash  # dashed


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("paper", list(PAPERS))
def test_halves_keep_clear_of_the_fold_and_read_upright(built, lang, paper):
    page = fold_page(built, lang, paper)
    fx = page.width / 2
    for s, m, groups in walk(page.items):
        if isinstance(s, Line) and s.style.role == "fold":
            continue
        turned = any(g.rotate for g in groups)
        if turned:
            # only the fold labels are turned; they sit on the fold line
            x, _ = apply(m, 0, 0)
            assert abs(x - fx) < FOLD_SLACK, f"turned shape away from the fold: {s}"
            continue
        b = shape_box(s, m)
        if isinstance(s, Text) and (b.y < 15 or b.bottom > page.height - 15):
            continue  # the page header and the scale check line
        assert b.right <= fx - FOLD_SLACK + 0.5 or b.x >= fx + FOLD_SLACK - 0.5, f"{s} crosses the fold zone"


@pytest.mark.parametrize("paper", list(PAPERS))
def test_board_is_5x5_with_the_barn_in_the_centre(built, paper):
    page = fold_page(built, "en", paper)
    fields = [(g, m) for g, m in tagged(page.items) if g.tag[0] == "field"]
    barns = [(g, m) for g, m in tagged(page.items) if g.tag[0] == "barn"]
    assert len(fields) == SPEC.board**2 - 1 and len(barns) == 1
    squares = []
    for g, _m in fields + barns:
        rect = next(s for s in g.items if isinstance(s, Rect))
        assert rect.w == rect.h == SPEC.square >= 22.0
        squares.append((rect.x, rect.y))
    xs, ys = sorted({round(x, 3) for x, _ in squares}), sorted({round(y, 3) for _, y in squares})
    assert len(xs) == len(ys) == SPEC.board
    assert all(b - a == pytest.approx(SPEC.square) for a, b in zip(xs, xs[1:], strict=False))
    barn = next(s for s in barns[0][0].items if isinstance(s, Rect))
    assert (round(barn.x, 3), round(barn.y, 3)) == (xs[2], ys[2])
    # the board is on the left half, wholly
    assert xs[-1] + SPEC.square <= page.width / 2 - FOLD_SLACK


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


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("paper", list(PAPERS))
def test_numbers_in_each_language_are_the_data(built, lang, paper):
    page = fold_page(built, lang, paper)
    text = normalise(" ".join(s.text for s, _, _ in walk(page.items) if isinstance(s, Text)))
    cat = load_catalog(KIT, lang)
    values = get_kit(KIT).text_values(SPEC, Options(lang, get_paper(paper)))
    checks = stated_numbers(text, list(cat.raw("rules")), values)
    # every supply and target is stated once, in this language, and right
    assert sorted(c.component for c in checks) == sorted(f"rules text states {k}" for k in values if k[0] in "st")
    assert all(c.ok for c in checks), [c for c in checks if not c.ok]


@pytest.mark.parametrize("lang", languages())
@pytest.mark.parametrize("paper", list(PAPERS))
def test_rules_body_is_never_below_7pt(built, lang, paper):
    page = fold_page(built, lang, paper)
    fx = page.width / 2
    sizes = [s.size for s, m, g in walk(page.items) if isinstance(s, Text) and not g and text_box(s).x > fx + 1]
    assert sizes and min(sizes) >= MIN_BODY_PT


def test_players_outside_2_to_4_is_a_usage_error(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    for n in ("1", "5"):
        r = CliRunner().invoke(main, ["render", KIT, "--players", n, "-o", str(tmp_path)])
        assert r.exit_code == 2, r.output
        assert "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []

