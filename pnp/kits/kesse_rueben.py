"""Kesse Rüben: the fold-and-glue sheet (board | rules, vertical fold, both
halves upright) and the sheet of turnip tokens."""

from __future__ import annotations

import math
import pathlib
from dataclasses import dataclass, replace
from typing import Annotated

import msgspec

from pnp.errors import LayoutError, SpecError
from pnp.geometry import (
    BLACK,
    PT,
    RGB,
    WHITE,
    Box,
    Circle,
    Group,
    Line,
    Path,
    Rect,
    Shape,
    Style,
    grey,
    hex_rgb,
    map_colours,
    polygon,
)
from pnp.i18n import Catalog
from pnp.kits import Context, Invariant, Kit
from pnp.layout.board import Grid, frame, squares
from pnp.layout.component_list import ContentFact, KitList, Lines, component_list, height, lines_for
from pnp.layout.components import kesse_pieces
from pnp.layout.foldover import FOLD_DASH, FOLD_GREY
from pnp.layout.frame import HEADER_H, Sheet, bar_start, content_box
from pnp.layout.marks import cap, label, symbol
from pnp.layout.pieces import Piece, block, even_rows, field
from pnp.layout.rules import MIN_BODY_PT
from pnp.modes import Anchor, KitOption, Role, Variant
from pnp.options import Options
from pnp.paper import Paper
from pnp.spec import (
    MAX_LIST,
    MAX_PLAYERS,
    SAFE_SHORT,
    Count,
    Counts,
    HexColour,
    Mm,
    Name,
    Schema,
    Symbol,
    ascending,
    check_game,
    fits,
)
from pnp.textflow import Block, Measure, fit, parse_blocks

KIT_ID = "kesse-rueben"
FOLD_SLACK = 4.0  # mm kept free of text on each side of the fold (hand folds drift 1-2 mm; the board keeps BOARD_CLEAR)
TEXT_CLEAR = 4.0  # mm from the cut line to any text inside it: the sheet is cut through two layers, never trimmed again
BOARD_CLEAR = 3.0  # mm at least from the board's frame to the cut and to the fold
TOKEN_SAFE = 3.0  # mm from a token's cut to its label and symbols (a print shop's safe zone too)
SYMBOL_LINE = 0.4  # mm: the corner symbols' outline, kept black when --ink-saver greys their fill
PAWN_BLEED = 2.5  # mm: a pawn's colour runs this far past the middle of its cut line (2.3 past its ink)
# mm from the safe area's top to the cut line of the folded sheet (the header, the steps):
# 12 left them two cramped lines; more than 14 costs the rules their 8 pt
TRIM_TOP = 14.0
TRIM_BOTTOM = 8.0  # mm from the safe area's bottom to that cut line (the scale check)
SCALE_PT = 7.0  # the scale check's sentence: one line, beside the bar or above it
CARD_NOTE_GAP = 4.0  # mm from the fold mark, its label and the page count to the card note beside them
FOLD_MARK_DASH = (1.5, 1.0)  # mm: dash and gap of the fold marks in the margins
NOTE_PT, NOTE_MIN_PT = 7.5, 6.5  # the other way in the bottom margin (cut away at the end): largest and smallest size
STEP_PT = 8.0  # the numbered folding steps in the top margin: this size, never less
STEP_NUMBER_PT = 12.0  # the numbers of the three panels of the steps' picture
STEPS_PICTURE_W = 124.0  # mm at most: the picture of the three steps, a panel of about 40 mm each
HEAD_MIN_PT = 7.0  # the setup table's headers stay at the body's floor (MIN_BODY_PT) or more
TINT_BLEED = 2.3  # mm past the middle of its tokens' outer cut line (2.15 past its ink): a kind's tint, so a miscut leaves no white edge
TINT_MIX = 0.25  # a tint not given in the facts: this much of the kind's colour on white
KIND_GAP = 2.0  # mm of white between two kinds' tints, so each block's tint is its own
AID_GAP = 2.0  # mm from the board's frame to the turn in brief under it (2.5 until round 16)
TITLE_PT = 26.0  # the board face's title
AID_H = 21.0  # mm for the turn in brief and the win: six lines at 8 pt (the board's squares give way, 25.5 mm on A4)
AID_MIN_PT = 7.5  # the turn in brief is read across the table: never smaller
CREDIT_GAP = 2.7  # mm at least between the rules and the credit line under them (2.5 left a full column 2.85 mm from it, short of 3)
TABLE_GAP = 2.2  # mm from the setup table to the rules under it (native DE 8: 1 mm left the first heading on the table's rule)
SLASH = "\u00a0/ "  # between the numbers of the player counts in the turn in brief
LIST_GAP = 2.0  # mm from the rules to the component list under them (3 until round 16)
# mm between the list's rows (5 elsewhere): 8 pt rows still apart, and the rules keep their size
# with our barn suggestion; no closer than 1.7 x their size, or a reader (tests/textlines.running_text) takes them for running text
LIST_ROW_H = 4.9
LIST_PANEL_GAP = 1.0  # mm between its two panels (2.5 elsewhere; 0.5 until round 18: native DE 17, the heading touched the list)
CUT = Style(width=0.3, stroke=grey(0.3), role=Role.CUT)
# the low-ink tokens' cut a little lighter: their black symbol outlines (round 16) take that ink, the page keeps
# under half the colour tokens' (tests/kits/test_kesse_rueben.py); cut off, a cut line leaves nothing on a token
CUT_SAVER = Style(width=0.3, stroke=grey(0.42), role=Role.CUT)
LEAF = (0.0, 0.45, 0.25)


@dataclass(frozen=True)
class Look:
    body: RGB
    symbol: str
    tint: RGB  # the ground the kind's tokens are printed on


@dataclass(frozen=True)
class Pawn:
    id: str
    rgb: RGB
    ink: RGB
    symbol: str


@dataclass(frozen=True)
class KesseSpec:
    players: tuple[int, ...]
    board: int
    barn: tuple[int, int]
    square: float
    token: float
    kinds: tuple[str, ...]
    supply: dict[int, int]
    looks: dict[str, Look]
    pawns: tuple[Pawn, ...] = ()
    kit_list: KitList = KitList((), ())

    @property
    def fields(self) -> int:
        """Squares a turnip can be planted on: the board less the barn."""
        return self.board * self.board - 1

    def target(self, players: int) -> int:
        """Squares needed to win: one more than a fair share of the fields."""
        return self.fields // players + 1


class KesseLook(Schema, frozen=True):
    body: HexColour
    symbol: Symbol
    tint: HexColour | None = None  # none given: the body's colour, TINT_MIX of it on white
    # the pawn's colour where the body's would not match its tokens' ground
    # (a pale body on a coloured tint); none given: the body's colour
    pawn: HexColour | None = None


class KesseGame(Schema, frozen=True):
    """The schema of templates/kesse-rueben/game.toml."""

    players: Counts
    board: Count
    barn: tuple[Count, Count]
    square: Mm
    token: Mm
    kinds: Annotated[list[Name], msgspec.Meta(min_length=1, max_length=MAX_LIST)]
    supply: Annotated[dict[Count, Count], msgspec.Meta(max_length=MAX_PLAYERS)]  # TOML keys are text: "3" is read as 3
    look: Annotated[dict[Name, KesseLook], msgspec.Meta(max_length=MAX_LIST)]
    contents: Annotated[list[ContentFact], msgspec.Meta(min_length=1, max_length=MAX_LIST)]
    needs: Annotated[list[Name], msgspec.Meta(max_length=MAX_LIST)] = []

    def __post_init__(self) -> None:
        ascending("players", self.players)
        fits("board", self.board, "square", self.square)  # the board is on one half sheet
        fits("token", 1, "token", self.token, SAFE_SHORT / 2)  # a row of tokens holds at least one
        if max(self.barn) > self.board:
            raise ValueError(f"barn: {list(self.barn)} is not on a {self.board} x {self.board} board")
        if len(set(self.kinds)) != len(self.kinds):
            raise ValueError("kinds: a kind is listed twice")
        for kind in self.kinds:
            if kind not in self.look:
                raise ValueError(f"look.{kind}: missing (every kind needs a look)")
        if set(self.supply) != set(self.players):
            raise ValueError(f"supply: player counts {sorted(self.supply)}, players {self.players}")
        fields = self.board * self.board - 1
        for n in self.players:
            if self.supply[n] <= fields // n + 1:
                raise ValueError(f"supply.{n}: {self.supply[n]} turnips, not more than the target {fields // n + 1}")


def load_spec(templates: pathlib.Path | None = None) -> KesseSpec:
    g = check_game(KIT_ID, KesseGame, templates)
    looks = {kind: _look(g.look[kind]) for kind in g.kinds}
    # a pawn for each kind of turnip, in its colour with its symbol: a player
    # plays one kind, and the pawn shows which
    colours = {kind: looks[kind].body if (own := g.look[kind].pawn) is None else hex_rgb(own) for kind in g.kinds}
    pawns = tuple(Pawn(kind, colours[kind], _ink_on(colours[kind]), looks[kind].symbol) for kind in g.kinds)
    return KesseSpec(tuple(g.players), g.board, g.barn, g.square, g.token, tuple(g.kinds), dict(g.supply), looks, pawns,
                     KitList(tuple(g.contents), tuple(g.needs)))


def _look(look: KesseLook) -> Look:
    body = hex_rgb(look.body)
    tint = hex_rgb(look.tint) if look.tint else tuple(1.0 - TINT_MIX * (1.0 - v) for v in body)
    return Look(body, look.symbol, tint)  # type: ignore[arg-type]


def _ink_on(rgb: RGB) -> RGB:
    """Black on a light colour, white on a dark one (relative luminance)."""
    lum = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return BLACK if lum > 0.4 else WHITE


def text_values(spec: KesseSpec, options: Options) -> dict[str, object]:
    values: dict[str, object] = {"players_min": min(spec.players), "players_max": max(spec.players)}
    for n in spec.players:
        values[f"supply_{n}"] = spec.supply[n]
        values[f"target_{n}"] = spec.target(n)
    # the win in brief under the board: every player count's target, or the one rendered for
    counts = spec.players if options.players is None else (options.players,)
    # (a line breaks after a slash, never before it: "13 / 9 |/ 7" read as a fraction, round 16)
    values["win_squares"] = SLASH.join(str(spec.target(n)) for n in counts)
    values["win_players"] = SLASH.join(str(n) for n in counts)
    # and the turnips each player starts with (round 16, hobbyist: the rules are on the back once folded)
    values["aid_start"] = SLASH.join(str(spec.supply[n]) for n in counts)
    # the tokens' page (round 15, native NL/DE): the kit's PDF has it twice, in
    # colour (2) and low-ink (4), and the board face names both; the
    # --ink-saver print has only its page 2
    from pnp.i18n import load_catalog

    values["pawns_page"] = (2 if options.variant is Variant.INK_SAVER
                             else load_catalog(KIT_ID, options.lang).text("pages_or", a=2, b=len(LOW_INK) + 2))
    return values


def tokens_per_kind(spec: KesseSpec, players: int | None) -> int:
    """Every kind, enough for the largest supply, or the supply for N."""
    return max(spec.supply.values()) if players is None else spec.supply[players]


def expected(spec: KesseSpec, options: Options) -> dict[str, int]:
    n = tokens_per_kind(spec, options.players)
    out = {"field": spec.fields, "barn": 1}
    out.update({f"token:{kind}": n for kind in spec.kinds})
    out.update({f"pawn:{p.id}": 1 for p in spec.pawns})
    return out


def invariants(spec: KesseSpec) -> list[Invariant]:
    out: list[Invariant] = [
        ("barn on the centre square", spec.barn == ((spec.board + 1) // 2,) * 2 and spec.board % 2 == 1,
         f"barn at {spec.barn} on a {spec.board} x {spec.board} board"),
        ("one kind of turnip per player", len(spec.kinds) >= max(spec.players),
         f"{len(spec.kinds)} kinds for {max(spec.players)} players"),
        ("a pawn fits on a token on a square", spec.square >= 22.0 and spec.token < spec.square,
         f"square {spec.square} mm, token {spec.token} mm"),
        ("one pawn per kind of turnip", [p.id for p in spec.pawns] == list(spec.kinds), f"{len(spec.pawns)} pawns"),
    ]
    for n in spec.players:
        out.append((f"supply larger than target ({n} players)", spec.supply[n] > spec.target(n),
                    f"supply {spec.supply[n]}, target {spec.target(n)}"))
        out.append((f"target = fields // players + 1 ({n} players)", spec.target(n) == spec.fields // n + 1,
                    f"{spec.target(n)}"))
    return out


# ---- pictures ----------------------------------------------------------

def _leaves(cx: float, top: float, t: float, spread: float = 1.0) -> list[Shape]:
    st = Style(stroke=LEAF, width=0.7)
    out: list[Shape] = []
    for dx in (-0.09, 0.0, 0.09):
        out.append(Path((("M", cx, top), ("C", cx + dx * t * spread * 0.5, top - 0.08 * t,
                                           cx + dx * t * spread, top - 0.12 * t,
                                           cx + dx * t * spread * 1.1, top - 0.17 * t)), st))
    return out


def turnip_picture(kind: str, t: float, body: RGB) -> list[Shape]:
    """A vector picture of one kind, centred on (0, 0), about 0.7 t tall."""
    ink = Style(stroke=BLACK, fill=body, width=0.35)
    if kind == "carrot":
        shapes: list[Shape] = [
            Path((("M", -0.13 * t, -0.14 * t), ("C", -0.13 * t, -0.2 * t, 0.13 * t, -0.2 * t, 0.13 * t, -0.14 * t),
                  ("L", 0.01 * t, 0.32 * t), ("L", -0.01 * t, 0.32 * t), ("Z",)), ink),
        ]
        for i, y in enumerate((-0.04, 0.06, 0.16)):
            w = 0.1 - 0.03 * i
            shapes.append(Line(-w * t, y * t, (-w + 0.06) * t, y * t, Style(width=0.3)))
        return _leaves(0, -0.17 * t, t) + shapes
    if kind == "sugar_beet":
        return _leaves(0, -0.13 * t, t, 1.5) + [
            Path((("M", -0.2 * t, -0.12 * t), ("C", -0.2 * t, -0.19 * t, 0.2 * t, -0.19 * t, 0.2 * t, -0.12 * t),
                  ("C", 0.2 * t, 0.05 * t, 0.06 * t, 0.2 * t, 0.0, 0.32 * t),
                  ("C", -0.06 * t, 0.2 * t, -0.2 * t, 0.05 * t, -0.2 * t, -0.12 * t), ("Z",)), ink),
        ]
    if kind == "radish":
        return _leaves(0, -0.13 * t, t) + [
            Line(0, 0.14 * t, 0, 0.33 * t, Style(width=0.35)),
            Circle(0, 0.02 * t, 0.15 * t, ink),
            Path((("M", -0.15 * t, 0.02 * t), ("C", -0.15 * t, 0.12 * t, 0.15 * t, 0.12 * t, 0.15 * t, 0.02 * t),
                  ("C", 0.15 * t, 0.1 * t, 0.08 * t, 0.17 * t, 0.0, 0.17 * t),
                  ("C", -0.08 * t, 0.17 * t, -0.15 * t, 0.1 * t, -0.15 * t, 0.02 * t), ("Z",)),
                 Style(stroke=BLACK, fill=WHITE, width=0.35)),
        ]
    if kind == "beetroot":
        return _leaves(0, -0.16 * t, t, 1.2) + [
            Path((("M", 0.0, 0.24 * t), ("C", 0.02 * t, 0.3 * t, 0.06 * t, 0.32 * t, 0.08 * t, 0.33 * t)),
                 Style(width=0.35)),
            Circle(0, 0.04 * t, 0.2 * t, ink),
            Circle(0, 0.04 * t, 0.12 * t, Style(stroke=WHITE, width=0.35)),
            Circle(0, 0.04 * t, 0.05 * t, Style(stroke=WHITE, width=0.35)),
        ]
    raise SpecError(f"no picture for turnip kind {kind!r}")


def token(kind: str, spec: KesseSpec, name: str, m: Measure, saver: bool = False) -> tuple[Shape, ...]:
    """One token in local coordinates (0, 0)-(t, t); `saver`: the low-ink
    token, its corner symbols drawn as heavy black outlines."""
    t = spec.token
    look = spec.looks[kind]
    out: list[Shape] = [Rect(0, 0, t, t, CUT_SAVER if saver else CUT)]
    size = 6.0
    base = t - TOKEN_SAFE - 0.3 - 0.24 * size * PT  # the name's baseline, its descenders TOKEN_SAFE inside the cut
    # the picture (leaves 0.34, root 0.33 of its size from its centre, and its
    # strokes) between TOKEN_SAFE under the top cut and the name's capitals
    name_top = base - 0.73 * size * PT
    p = min(t * 0.7, (name_top - TOKEN_SAFE - 1.2) / 0.67)
    out.append(Group(tuple(turnip_picture(kind, p, look.body)), t / 2, (TOKEN_SAFE + name_top) / 2 + 0.005 * p))
    # corner symbols and the name TOKEN_SAFE inside the cut, so a hand cut never clips them
    r = 1.15
    c = TOKEN_SAFE + 1.3 * r + 1.5 * SYMBOL_LINE  # the outline too, and its mitred corners, stay TOKEN_SAFE inside the cut
    # outlined in their colour: the low-ink tokens keep the outline black (the
    # variant greys fills, keeps lines) and leave the inside white (round 16,
    # hobbyist: grey symbols were hard to tell apart across a table)
    fill = WHITE if saver else BLACK
    for x in (c, t - c):
        out.append(symbol(look.symbol, x, c, r, fill, outline=SYMBOL_LINE, line=BLACK))
    out.append(label(t / 2, base, cap(name), "Sans-Bold", size, m, t - 2 * TOKEN_SAFE - 0.6))
    return tuple(out)


# ---- the fold-and-glue sheet -------------------------------------------

FIELD = Style(stroke=BLACK, fill=hex_rgb("#C2D8A4"), width=0.6)  # a square a turnip is planted on: a deeper green than
# any token's tint (round 17, hobbyist: the sugar-beet tokens, #E2ECCB, vanished on the old #E9F2DC)
BARN = Style(stroke=BLACK, fill=hex_rgb("#F4E3C1"), width=0.6)  # the barn's square
# --ink-saver: the board's squares and the tokens' grounds white, their
# outlines, the barn, the symbols and the names kept (round 13, hobbyist)
FIELD_SAVER = Style(stroke=BLACK, fill=WHITE, width=0.6)




def saves_ink(ctx: Context) -> bool:
    return ctx.options.variant is Variant.INK_SAVER


# round 14 (hobbyist): the kit's own PDF also holds the low-ink pages, the
# board face and the tokens as --ink-saver draws them, printed INSTEAD OF
# pages 1 and 2 (a hobbyist with the PDF alone cannot render the other file);
# the --ink-saver print needs none, its own pages are those
LOW_INK = {"fold-and-glue sheet": "fold-and-glue sheet, less ink", "tokens": "tokens, less ink"}


def barn_picture(s: float, name: str, m: Measure) -> list[Shape]:
    """A barn in its square (0, 0)-(s, s), with its name."""
    wall = Style(stroke=BLACK, fill=hex_rgb("#B5563A"), width=0.4)
    roof = Style(stroke=BLACK, fill=grey(0.3), width=0.4)
    cx = s / 2
    bw, bh = s * 0.56, s * 0.34
    top = s * 0.3
    out: list[Shape] = [
        polygon([(cx - bw / 2 - 1.5, top), (cx, s * 0.1), (cx + bw / 2 + 1.5, top)], roof),
        Rect(cx - bw / 2, top, bw, bh, wall),
        Rect(cx - bw * 0.22, top + bh * 0.3, bw * 0.44, bh * 0.7, Style(stroke=WHITE, fill=None, width=0.5)),
        Line(cx - bw * 0.22, top + bh * 0.3, cx + bw * 0.22, top + bh, Style(stroke=WHITE, width=0.5)),
        Line(cx + bw * 0.22, top + bh * 0.3, cx - bw * 0.22, top + bh, Style(stroke=WHITE, width=0.5)),
    ]
    out.append(label(cx, s - 2.2, name, "Sans-Bold", 7.5, m, s - 2))
    return out


def board_square(spec: KesseSpec, paper_half: float) -> float:
    """The board's square: the size the game facts ask for, or the largest
    half-millimetre that lets the board fit its half of the sheet."""
    fits = int(paper_half / spec.board * 2) / 2
    return min(spec.square, fits)


def fold_sheet(ctx: Context, saver: bool = False) -> Sheet:
    """Board | rules, folded backwards on the vertical centre line and cut
    along the trim line afterwards. Inside the trim there is nothing but the
    board and its title on one face and the rules on the other; the page
    header, the folding note, the fold marks and the scale check are in the
    margin the last cut takes away. `saver`: white squares, as --ink-saver."""
    spec: KesseSpec = ctx.spec
    cat, m, paper = ctx.cat, ctx.measure, ctx.options.paper
    w, h = paper.size(landscape=True)
    safe = paper.safe(landscape=True)
    fold_x = w / 2
    trim = Box(safe.x + 1.0, safe.y + TRIM_TOP, safe.w - 2.0, safe.h - TRIM_TOP - TRIM_BOTTOM)
    pad = TEXT_CLEAR  # inside the trim: a miscut never comes near the print
    half = Box(trim.x, trim.y, fold_x - trim.x, trim.h)  # the board's face
    right = Box(fold_x + FOLD_SLACK, trim.y + pad, trim.right - pad - fold_x - FOLD_SLACK, trim.h - 2 * pad)
    items: list[Shape] = [Rect(trim.x, trim.y, trim.w, trim.h, CUT)]
    vals = text_values(spec, ctx.options)

    # board face: the title, the board and the turn in brief under it (seen
    # while playing), centred on the half between the cut and the fold (equal
    # borders), the board's frame BOARD_CLEAR from both, the text TEXT_CLEAR
    frame_w = 1.0
    # the title, its ink 2 mm clear of the board (round 16: "Kesse Rüben" has no descenders, and the
    # turn in brief takes the room a descender was given)
    title = cat.text("title")
    title_ink = m.ink(title, "Sans-Bold", TITLE_PT)
    title_base = 9.0 * TITLE_PT / 26
    title_h = title_base + max(0.0, title_ink[3] if title_ink else 0.0) + 2.0
    # the board as wide as its half allows, and as tall as the title and the turn in brief leave
    tall = half.h - 2 * pad - title_h - frame_w / 2 - AID_GAP - AID_H
    s = board_square(spec, min(half.w - 2 * (BOARD_CLEAR + frame_w / 2), tall))
    bw = spec.board * s
    y = half.y + pad  # (round 16: at the top, the turn in brief under the board takes the height left)
    items.append(label(half.cx, y + title_base, title, "Sans-Bold", TITLE_PT, m, half.w - 2 * pad))
    bx = half.cx - bw / 2
    by = y + title_h
    if by + bw + frame_w / 2 + AID_GAP + AID_H > half.bottom - pad + 1e-6:
        raise LayoutError("the board and the turn in brief do not fit their half of the sheet")
    # the turn in brief as wide as the half allows (TEXT_CLEAR from the cut and the fold), a little wider than the board
    aid_x = half.x + pad
    # (AID_H at least; where the board is as wide as its half allows, as on Letter, all the height it leaves)
    aid_y = by + bw + frame_w / 2 + AID_GAP
    aid = Box(aid_x, aid_y, fold_x - pad - aid_x, max(AID_H, half.bottom - pad - aid_y))
    cols, _ = fit(parse_blocks([cat.text("turn_aid", **vals)], cat.lang), [aid], m, 8.0, AID_MIN_PT)
    items += cols[0]
    # the board's squares (pnp.layout.board), each on the sheet itself as the print-shop export finds it, and its frame
    grid = Grid(spec.board, spec.board, s)
    barn = cat.text("barn")
    plain = FIELD_SAVER if saver else FIELD
    items += squares(grid, bx, by, lambda cell: BARN if cell == spec.barn and not saver else plain,
                     lambda cell: ("barn" if cell == spec.barn else "field", f"{cell[0]}-{cell[1]}"),
                     lambda cell, side: barn_picture(side, barn, m) if cell == spec.barn else ())
    items.append(frame(grid, bx, by, Style(width=frame_w)))

    # the margin that is cut away: fold marks on the centre line with their
    # label beside them (never across the fold), and the folding steps
    # short dashes: the top margin is only TRIM_TOP mm, and a mark shorter
    # than a dash and a gap would print as one solid tick
    fold = Style(stroke=grey(0.35), width=0.35, dash=FOLD_MARK_DASH, role=Role.FOLD)
    dash, gap = FOLD_MARK_DASH

    def whole_dashes(y0: float, y1: float) -> float:
        """The end of a dashed mark from y0 that stops on a whole dash, no stub."""
        return y0 + dash + int((y1 - y0 - dash) // (dash + gap)) * (dash + gap)

    # (the page header is at the page's corners: the middle of its band is free for the mark)
    items.append(Line(fold_x, safe.y + 0.3, fold_x, whole_dashes(safe.y + 0.3, trim.y - 0.8), fold))
    items.append(Line(fold_x, trim.bottom + 0.8, fold_x, whole_dashes(trim.bottom + 0.8, safe.bottom - 0.5), fold))
    # and inside the cut line, the whole height of the fold, in the gap between the
    # board and the rules (round 19, hobbyist: ticks at its ends only left the middle
    # unmarked): a dash on the cut line at each end, the gaps stretched a little so
    # that the dashes fit the height exactly (a hand fold lines up on the frame it is made on)
    runs = max(1, round((trim.h - dash) / (dash + gap)))
    inner = Style(stroke=fold.stroke, width=fold.width, dash=(dash, (trim.h - (runs + 1) * dash) / runs), role=Role.FOLD)
    items.append(Line(fold_x, trim.y, fold_x, trim.bottom, inner))
    here = cat.text("fold_here")
    # the top label in the header band, left of the mark (the notes below it
    # keep one left edge each); the bottom one right of the mark, under the rules' half
    head_base = safe.y + 0.4 + 0.93 * 7 * PT  # the page header's baseline (pnp.layout.frame)
    items.append(label(fold_x - 1.5, head_base, here, "Sans-Bold", 7, m, 30.0, Anchor.END, grey(0.35)))
    items.append(label(fold_x + 1.5, trim.bottom + 3.6, here, "Sans-Bold", 7, m, 30.0, Anchor.START, grey(0.35)))
    # the steps at the top, read before the sheet is folded: under the page
    # header, on the board's half, a picture of the three steps in numbered
    # panels; on the rules' half the steps in words, numbered as the panels.
    # The words start level with the header, between the fold mark and the
    # page count, and run on below the header band: two boxes, one above the
    # other, one left edge. The other way (the original's: no card) is in the
    # bottom margin of the rules' half, beside the fold mark's label
    note_top = safe.y + HEADER_H  # under the page header's band
    note_h = trim.y - 1.0 - note_top
    pic_x = safe.x + 0.3
    pic_w = min(STEPS_PICTURE_W, fold_x - 2.0 - pic_x)
    items.append(Group(tuple(steps_picture(m, pic_w, note_h)), pic_x, note_top))
    count = m(cat.text("page", i=9, n=9), "Sans", 7) + CARD_NOTE_GAP  # the header's page count at the right (a few pages)
    # round 18 (hobbyist): step 2 says how large the card is, from the folded frame (the trim's half)
    note = parse_blocks([cat.text("fold_note", card=card_size(paper, fold_x - trim.x, trim.h, cat))], cat.lang)
    upper = Box(fold_x + CARD_NOTE_GAP, safe.y + 0.3, safe.right - 0.3 - count - fold_x - CARD_NOTE_GAP, note_top - safe.y - 0.3)
    lower = Box(fold_x + CARD_NOTE_GAP, note_top, safe.right - 0.3 - fold_x - CARD_NOTE_GAP, note_h)
    for col in _steps(note, [upper, lower], m):
        items += col
    other_x = fold_x + 1.5 + m(here, "Sans-Bold", 7) + CARD_NOTE_GAP
    other = Box(other_x, trim.bottom + 1.0, safe.right - 0.3 - other_x, safe.bottom - trim.bottom - 1.0)
    cols, _ = fit(parse_blocks([cat.text("card_note")], cat.lang), [other], m, NOTE_PT, NOTE_MIN_PT)
    items += cols[0]

    # rules face: what the game is, the setup table, the rules, the credits
    head = f"{cat.text('subtitle', **vals)} · {cat.text('byline')}"
    items.append(label(right.x, right.y + 3.2, head, "Sans-Italic", 8.5, m, right.w, Anchor.START))
    # the setup table heads the first column of the rules; the component list
    # (its two panels one above the other) ends the second, under the rules,
    # so that the rules run on from one column to the next with nothing between
    col_gap = 3.5
    col_w = (right.w - col_gap) / 2
    table, table_h = setup_table(Box(right.x, right.y + 6.0, col_w, 30.0), spec, ctx)
    items += table
    lines = kit_lines(ctx)
    list_x = right.x + col_w + col_gap
    # the credit at the foot of the second column, under the component list
    # (round 12: at the foot of the first it cut the list of actions in two)
    credits = cat.text("credits")
    items.append(label(list_x, right.bottom - 0.8, credits, "Sans", 7, m, col_w, Anchor.START, grey(0.3)))
    ink = m.ink(credits, "Sans", 7)
    # the list's last line (its descenders) stays CREDIT_GAP above the credit's capitals
    credits_h = 0.8 + (-ink[1] if ink else 7 * 0.73 * PT) + CREDIT_GAP
    blocks = parse_blocks(cat.blocks("rules", **vals), cat.lang)
    bottom = right.bottom
    list_bottom = right.bottom - credits_h
    list_h = height(lines, 1, LIST_ROW_H, LIST_PANEL_GAP)
    listed, _ = component_list(Box(list_x, list_bottom - list_h, col_w, list_h), lines, m, columns=1,
                               row_h=LIST_ROW_H, panel_gap=LIST_PANEL_GAP)
    items += listed
    tops = (right.y + 6.0 + table_h + TABLE_GAP, right.y + 6.0)
    bottoms = (bottom, list_bottom - list_h - LIST_GAP)
    boxes = [Box(right.x + k * (col_w + col_gap), tops[k], col_w, bottoms[k] - tops[k]) for k in range(2)]
    cols, _ = fit(blocks, boxes, m, 9.5, MIN_BODY_PT)
    for col in cols:
        items += col
    # the scale check in the bottom margin of the board half (never across
    # the fold), its sentence on one line: beside the bar, or above it where
    # the half is too narrow for both
    bar_x = bar_start(paper, landscape=True)
    bar_end = bar_x + paper.scale_bar + 3.0
    room = fold_x - 3.0 - bar_end
    from pnp.build import scale_sentence  # the words the frame puts beside the bar

    sentence = scale_sentence(cat, paper)
    if m(sentence, "Sans", SCALE_PT) <= room - 0.5:
        scale_label = Box(bar_end, safe.bottom - 5.0, room, 5.0)
    else:
        scale_label = Box(bar_x, trim.bottom + 0.95, fold_x - 3.0 - bar_x, 3.4)
    # the header's middle holds the fold mark: a caption goes between the title and the mark's label
    caption_at = Box(safe.x, safe.y, fold_x - 1.5 - m(here, "Sans-Bold", 7) - 3.0 - safe.x, HEADER_H)
    return Sheet(True, tuple(items), "fold-and-glue sheet", scale_label=scale_label, caption_at=caption_at)


CARD_SLACK = 2.0  # mm at least: the card laid in by hand covers the frame with this to spare
QUARTERS = ("", "\u00bc", "\u00bd", "\u00be")


def folded_frame(paper: Paper) -> tuple[float, float]:
    """The folded sheet's frame (the trim's half, board side), width by height in mm."""
    safe = paper.safe(landscape=True)
    trim_x = safe.x + 1.0
    return paper.size(landscape=True)[0] / 2 - trim_x, safe.h - TRIM_TOP - TRIM_BOTTOM


def card_size(paper: Paper, w: float, h: float, cat: Catalog | None = None) -> str:
    """The card that covers a folded frame of w x h mm with CARD_SLACK to
    spare: 5 mm steps up (A4), or quarter inches up with their mm (Letter),
    in `cat`'s words for the inch (its card_letter; English without one)."""
    w, h = w + CARD_SLACK, h + CARD_SLACK
    if paper.id == "letter":
        q = [math.ceil(v / 25.4 * 4 - 1e-9) for v in (w, h)]
        inch = [f"{k // 4}{QUARTERS[k % 4]}" for k in q]
        mm = [round(k * 6.35) for k in q]
        if cat is None:
            return f"{inch[0]} × {inch[1]} in / {mm[0]} × {mm[1]} mm"
        return cat.text("card_letter", w=inch[0], h=inch[1], mw=mm[0], mh=mm[1])
    return f"{5 * math.ceil(w / 5 - 1e-9)} × {5 * math.ceil(h / 5 - 1e-9)} mm"


def _steps(note: list[Block], boxes: list[Box], m: Measure) -> list[list[Shape]]:
    """The steps and the other way, at STEP_PT in `boxes`."""
    try:
        cols, _ = fit(note, boxes, m, STEP_PT, STEP_PT)
    except LayoutError as e:
        raise LayoutError(f"the folding steps do not fit {boxes[-1].w:.0f} x {boxes[-1].h:.1f} mm at {STEP_PT:g} pt") from e
    return cols


def kit_lines(ctx: Context) -> Lines:
    """The component list's texts, counted for the player count rendered."""
    spec: KesseSpec = ctx.spec
    return lines_for(spec.kit_list, expected(spec, ctx.options), ctx.cat.text, ctx.options.players,
                     text_values(spec, ctx.options))


def setup_table(box: Box, spec: KesseSpec, ctx: Context) -> tuple[list[Shape], float]:
    cat, m = ctx.cat, ctx.measure
    out: list[Shape] = []
    # no heading over the table (round 14): its column heads say what it is, and the rules take the room
    heads = (cat.text("col_players"), cat.text("col_turnips"), cat.text("col_target"))
    widths = (box.w * 0.24, box.w * 0.38, box.w * 0.38)  # the player count is one digit
    xs = (box.x, box.x + widths[0], box.x + widths[0] + widths[1])
    y = box.y + 1.0  # under the subtitle's descenders
    rh = 3.7  # a row: 8 pt figures with room above and below (round 8: 5.0, round 10: 4.0, the rules needed the room)
    # a header too wide for its column at HEAD_MIN_PT goes on two lines, broken at the space nearest its middle
    cells = []
    for i, hd in enumerate(heads):
        room = widths[i] - 1.5
        if m(hd, "Sans-Bold", HEAD_MIN_PT) <= room or " " not in hd:
            cells.append([hd])
        else:
            cut = min((k for k, ch in enumerate(hd) if ch == " "), key=lambda k: abs(k - len(hd) / 2))
            cells.append([hd[:cut], hd[cut + 1:]])
    two = max(len(c) for c in cells) == 2
    hh = rh + (3.0 if two else 0.0)
    out.append(Rect(box.x, y, box.w, hh, Style(stroke=None, fill=grey(0.85))))
    for i, cell in enumerate(cells):
        first = y + rh / 2 + 0.95 + (1.5 if two and len(cell) == 1 else 0.0)  # a one-line header in a two-line row: centred
        for k, part in enumerate(cell):
            out.append(label(xs[i] + widths[i] / 2, first + 3.0 * k, part, "Sans-Bold", 7.5, m, widths[i] - 1.5))
    y += hh - rh
    for n in spec.players:
        y += rh
        chosen = n == ctx.options.players  # the kit was made for this many players: show it
        if chosen:
            out.append(Rect(box.x, y, box.w, rh, Style(stroke=BLACK, fill=grey(0.93), width=0.5)))
        out.append(Line(box.x, y, box.right, y, Style(width=0.2, stroke=grey(0.5))))
        for i, v in enumerate((n, spec.supply[n], spec.target(n))):
            font = "Sans-Bold" if (chosen or not i) else "Sans"
            # the figures centred in the row
            out.append(label(xs[i] + widths[i] / 2, y + rh / 2 + 1.0, str(v), font, 8, m, widths[i] - 1.5))
    y += rh
    out.append(Line(box.x, y, box.right, y, Style(width=0.2, stroke=grey(0.5))))
    return out, y - box.y


# ---- the tokens ----------------------------------------------------------

def token_sheet(ctx: Context, saver: bool = False) -> Sheet:
    """The tokens and the pawns; `saver`: the tokens' grounds white and the
    pawns' symbols black, as --ink-saver."""
    spec: KesseSpec = ctx.spec
    cat, m = ctx.cat, ctx.measure
    area = content_box(ctx.options.paper, landscape=False)
    n = tokens_per_kind(spec, ctx.options.players)
    t = spec.token
    widest = min(8, int((area.w - 2.0 - 2 * TINT_BLEED) // t))
    if widest < 1:
        raise LayoutError(f"a token of {t:g} mm does not fit across the page ({area.w - 2.0:g} mm)")
    per_row = even_rows(n, widest)  # as few rows as fit, and the rows even (12 -> 6 + 6)
    items: list[Shape] = []
    head = ("tokens_all", {"n": n}) if ctx.options.players is None else ("tokens_players", {"n": n, "players": ctx.options.players})
    blocks = parse_blocks(["## " + cat.text("tokens_heading"), cat.text(head[0], **head[1]) + " " + cat.text("mount")
                          + " " + cat.text("tokens_one_sided") + " "
                          + ink_note(ctx, saver)], cat.lang)  # why a token has one face; less ink
    cols, _ = fit(blocks, [Box(area.x, area.y, area.w, 14.0)], m, 9.0, 7.0)
    items += cols[0]
    y = area.y + 16.0 + TINT_BLEED
    gx = area.x + (area.w - per_row * t) / 2
    # each kind on its own tint, TINT_BLEED past the block's outer cut; the
    # tokens name their kind and carry its symbol, so the block needs no heading
    rows = -(-n // per_row)
    note = parse_blocks([f"**{cat.text('pawns_heading')}:** {cat.text('pawns_note')}"], cat.lang)
    fw, fh = PAWN_FACE
    strip = pawn_strip()
    n_p = len(spec.pawns)
    cell_w, cell_h = strip + 2 * PAWN_BLEED + PAWN_GAP, fw + 2 * PAWN_BLEED + PAWN_GAP
    rows_p = -(-n_p // PAWN_PER_ROW)
    grid_w = min(n_p, PAWN_PER_ROW) * cell_w - PAWN_GAP
    pawns_h = rows_p * cell_h - PAWN_GAP
    side_h = pawns_h + SIDE_EXTRA  # the note and the folding picture beside the pawns, the picture's foot a little lower
    need = 16.0 + len(spec.kinds) * (rows * t + 2 * TINT_BLEED) + (len(spec.kinds) - 1) * KIND_GAP + 3.0 + side_h
    # the room left is shared out between the blocks, so no band of the page stays empty
    spread = min(10.0, max(0.0, (area.h - need) / (len(spec.kinds) + 1)))
    for k, kind in enumerate(spec.kinds):
        name = cat.text(kind)
        ground = WHITE if saver else spec.looks[kind].tint
        # the tint: under the full rows, and under the tokens of a short last row (no tinted empty place)
        full, last = divmod(n, per_row)
        if full:
            items.append(field(gx, y, per_row * t, full * t, TINT_BLEED, ground))
        if last:
            items.append(field(gx, y + full * t, last * t, t, TINT_BLEED, ground))
        # the tokens of a kind share their cut lines (pnp.layout.pieces)
        items += block(Piece(token(kind, spec, name, m, saver), t, t), n, per_row, gx, y, ("token", kind))
        y += rows * t + TINT_BLEED + (KIND_GAP + TINT_BLEED + spread if k < len(spec.kinds) - 1 else 3.0 + spread)
    # the pawns in rows of PAWN_PER_ROW, their colour PAWN_GAP apart; beside
    # them what they are and how to fold them, the picture under the note
    side_x = area.x + grid_w + 4.0
    side_w = area.right - side_x
    if side_w < FOLD_PICTURE_MIN_W:
        raise LayoutError("the pawns' folding picture does not fit beside them")
    cols, _ = fit(note, [Box(side_x, y, side_w, side_h - FOLD_PICTURE_H - 2.0)], m, 8.5, 7.0)
    items += cols[0]
    items.append(Group(tuple(fold_picture(m, min(side_w, 62.0))), side_x, y + side_h - FOLD_PICTURE_H))
    for i, pawn in enumerate(spec.pawns):
        row, col = divmod(i, PAWN_PER_ROW)
        px, py = area.x + PAWN_BLEED + col * cell_w, y + PAWN_BLEED + row * cell_h
        items += block(Piece(pawn_piece(pawn, saver), strip, fw), 1, 1, px, py, ("pawn", pawn.id))
    y += side_h
    if y > area.bottom + 1e-6:
        raise LayoutError(f"the tokens and pawns need {y - area.y:.0f} mm; the page has {area.h:.0f} mm")
    return Sheet(False, tuple(items), "tokens")


def steps_picture(m: Measure, w: float, h: float) -> list[Shape]:
    """The fold-and-glue sheet made in three numbered steps, in (0, 0)-(w, h),
    each in a panel of its own, its number that of the step in the text:
    (1) the sheet from the front, its dashed middle and an arrow taking the
    right half behind, and seen from its top edge the half swinging back;
    (2) seen from the top edge, opened: glue on both blank backs, the card
    pushed in between them up to the fold, and then the three layers
    pressed flat; (3) from the front, the folded sheet cut along its solid
    line, and the board it leaves. No words: the steps beside it say it."""
    ink = Style(stroke=BLACK, width=0.45)
    thin = Style(stroke=BLACK, width=0.3)
    arrow = Style(stroke=None, fill=BLACK)
    paper = Style(stroke=BLACK, fill=WHITE, width=0.35)
    card = Style(stroke=BLACK, fill=grey(0.55), width=0.25)
    glue = Style(stroke=None, fill=grey(0.35))
    fold_dash = Style(stroke=grey(0.35), width=0.3)
    out: list[Shape] = []
    cell = w / 3
    size = STEP_NUMBER_PT
    base = 0.73 * size * PT + 0.2  # the numbers' capitals level with the box's top
    for i in range(3):
        out.append(label(i * cell, base, str(i + 1), "Sans-Bold", size, m, 5.0, Anchor.START))
    x0 = 0.5 * size * PT + 1.5  # each panel's drawing starts right of its number
    top, bottom = 0.6, h - 0.6
    sh = bottom - top  # the sheet's height in the front views

    def head(x: float, y: float, dx: float, dy: float, s: float = 1.0) -> Shape:
        """An arrow's head at (x, y) pointing along (dx, dy), a unit vector."""
        return polygon([(x, y), (x - s * (1.2 * dx - 0.6 * dy), y - s * (1.2 * dy + 0.6 * dx)),
                        (x - s * (1.2 * dx + 0.6 * dy), y - s * (1.2 * dy - 0.6 * dx))], arrow)

    def dashes(x: float, y0: float, y1: float) -> list[Shape]:
        """A dashed line drawn as short strokes: the sheet's own fold line is the only dashed line in the margin."""
        out_: list[Shape] = []
        y = y0
        while y < y1 - 0.3:
            out_.append(Line(x, y, x, min(y + 0.7, y1), fold_dash))
            y += 1.2
        return out_

    # 1: the sheet from the front (landscape: board left, rules right), the
    # dashed fold in its middle, an arrow taking the right half over the top
    # and behind; beside it, seen from the top edge, the right half half way round
    sw = sh * 297.0 / 210.0
    fx = x0 + 1.5
    out.append(Rect(fx, top + 1.2, sw, sh - 1.2, paper))
    mid = fx + sw / 2
    g = (sw / 2 - 2.0) / 3
    for k in range(4):  # the board: a small grid on the left half
        out.append(Line(fx + 1.0 + k * g, top + 2.4, fx + 1.0 + k * g, top + 2.4 + 3 * g, Style(stroke=grey(0.4), width=0.2)))
        out.append(Line(fx + 1.0, top + 2.4 + k * g, fx + 1.0 + 3 * g, top + 2.4 + k * g, Style(stroke=grey(0.4), width=0.2)))
    for k in range(4):  # the rules: lines of text on the right half
        yy = top + 2.6 + k * (sh - 3.6) / 4
        out.append(Line(mid + 1.0, yy, fx + sw - 1.0, yy, Style(stroke=grey(0.55), width=0.35)))
    out += dashes(mid, top + 1.2, bottom)
    # the arrow: from the right half's edge up, over the top and down behind the fold
    out.append(Path((("M", fx + sw - 1.0, top + 1.0), ("C", fx + sw - 1.5, top - 0.6, mid + 1.0, top - 0.6, mid + 0.4, top + 0.5)), thin))
    out.append(head(mid + 0.3, top + 1.1, -0.3, 0.95, 0.8))
    # from the top edge: the left half flat (printed side up, a grey band on it), the right half swinging back down
    ex = fx + sw + 3.5
    yy = top + 2.0
    half = min((cell - ex - 1.5) / 1.5, (bottom - 0.6 - yy) / 0.85)
    out.append(Line(ex, yy, ex + half, yy, ink))
    out.append(Line(ex, yy - 0.45, ex + half, yy - 0.45, Style(stroke=grey(0.6), width=0.5)))
    tip = (ex + half + 0.5 * half, yy + 0.85 * half)
    out.append(Line(ex + half, yy, tip[0], tip[1], ink))
    out.append(Line(ex + half + 0.32, yy - 0.32, tip[0] + 0.32, tip[1] - 0.32, Style(stroke=grey(0.6), width=0.5)))
    # the arrow: from the swinging half's edge round under the left half
    ay = tip[1] - 0.2
    out.append(Path((("M", tip[0] - 0.8, tip[1] + 0.3),
                     ("C", tip[0] - 2.5, ay + 0.6, ex + half * 0.7, ay + 0.6, ex + half * 0.45, ay)), thin))
    out.append(head(ex + half * 0.45 - 0.6, ay - 0.1, -0.98, -0.2, 0.8))

    # 2: from the top edge, opened: the fold at the right, the two layers
    # (printed sides out, grey) apart at the left, glue dots on their blank
    # backs, the card (thick, dark grey) between them pushed into the fold;
    # then the three layers flat, pressed together
    c2 = cell + x0
    span = (cell - x0) * 0.62
    fx2 = c2 + span  # the fold
    cy = (top + bottom) / 2
    gap = sh / 2 - 0.6
    out.append(Path((("M", c2, cy - gap), ("L", fx2 - 1.2, cy - 0.9), ("C", fx2, cy - 0.6, fx2, cy + 0.6, fx2 - 1.2, cy + 0.9),
                     ("L", c2, cy + gap)), ink))
    out.append(Path((("M", c2, cy - gap - 0.45), ("L", fx2 - 1.2, cy - 1.35)), Style(stroke=grey(0.6), width=0.5)))
    out.append(Path((("M", c2, cy + gap + 0.45), ("L", fx2 - 1.2, cy + 1.35)), Style(stroke=grey(0.6), width=0.5)))
    for k in range(1, 5):  # glue dots on the inner (blank) faces
        t = k / 5.2
        x = c2 + t * (fx2 - 1.2 - c2)
        dy = gap + t * (0.9 - gap)
        out.append(Circle(x, cy - dy + 0.5, 0.35, glue))
        out.append(Circle(x, cy + dy - 0.5, 0.35, glue))
    out.append(Rect(c2 - 2.4, cy - 0.45, span * 0.55, 0.9, card))  # the card, on its way in
    ax = c2 - 2.4 + span * 0.55 + 0.4
    out.append(Line(ax, cy, ax + 2.2, cy, thin))
    out.append(head(ax + 3.0, cy, 1.0, 0.0, 0.8))
    # then: flat, three layers, pressed
    c2b = fx2 + 2.5
    lw = cell * 2 - 0.8 - c2b
    out.append(Rect(c2b, cy - 0.45, lw, 0.9, card))
    out.append(Line(c2b, cy - 0.75, c2b + lw, cy - 0.75, ink))
    out.append(Line(c2b, cy + 0.75, c2b + lw, cy + 0.75, ink))
    for d in (-1, 1):
        px = c2b + lw / 2
        out.append(Line(px, cy + d * (sh / 2 - 0.2), px, cy + d * 2.6, thin))
        out.append(head(px, cy + d * 1.3, 0.0, -d, 0.8))

    # 3: from the front, the folded sheet (its margin grey), a knife on the
    # solid line; an arrow; the board it leaves, the margin gone
    c3 = 2 * cell + x0
    hw = sh * 148.5 / 210.0
    out.append(Rect(c3, top, hw, sh, Style(stroke=grey(0.5), fill=grey(0.82), width=0.25)))
    inset = 1.0
    out.append(Rect(c3 + inset, top + 1.6, hw - 2 * inset, sh - 2.6, Style(stroke=BLACK, fill=WHITE, width=0.5)))
    bx, by = c3 + hw - inset, top + 1.6
    out.append(polygon([(bx, by), (bx + 0.5, by - 1.4), (bx + 1.3, by - 0.9)], Style(stroke=BLACK, fill=WHITE, width=0.2)))
    out.append(Line(bx + 0.9, by - 1.15, bx + 2.0, by - 2.0, Style(stroke=BLACK, width=0.8)))
    rw, rh = hw - 2 * inset, sh - 2.6
    rx = c3 + hw + 9.0  # the board it leaves, an arrow to it
    ax = c3 + hw + 2.5
    out.append(Line(ax, (top + bottom) / 2, rx - 2.6, (top + bottom) / 2, thin))
    out.append(head(rx - 1.4, (top + bottom) / 2, 1.0, 0.0, 0.8))
    out.append(Rect(rx, top + 1.6, rw, rh, Style(stroke=BLACK, fill=WHITE, width=0.5)))
    g = (rw - 1.6) / 3
    for k in range(4):
        out.append(Line(rx + 0.8 + k * g, top + 2.4, rx + 0.8 + k * g, top + 2.4 + 3 * g, Style(stroke=grey(0.4), width=0.2)))
        out.append(Line(rx + 0.8, top + 2.4 + k * g, rx + 0.8 + 3 * g, top + 2.4 + k * g, Style(stroke=grey(0.4), width=0.2)))
    return out


PAWN_FACE = (16.0, 18.0)  # mm: width along the folds, depth of a face (it stands on a token on a square)
# round 18 (two hobbyists in a row: the tent on 8 mm feet tipped when hands grabbed tokens): a closed
# triangular prism, face | face | base | glue tab, all three folds the same way, printed side out; the base
# 18 mm deep and 16 mm wide lies flat on the table, the faces lean on each other, so it stands without a coin
# (deeper than 18 and it would overhang a 19 mm token: round 14, a pawn wobbled where it met a token's edge)
PAWN_BASE = 18.0
PAWN_TAB = 7.0  # mm: the glue tab at the base's end, glued inside the first face's free edge
PAWN_TAB_TAPER = 2.0  # mm: the tab's corners cut off, so it slides in and reads as a tab
PAWN_PER_ROW = 2  # pawns side by side (two rows of two): the long strips do not fit four across


def pawn_strip() -> float:
    """A pawn's strip, face | face | base | tab, in mm."""
    return 2 * PAWN_FACE[1] + PAWN_BASE + PAWN_TAB


def pawn_piece(pawn: Pawn, saver: bool = False) -> tuple[Shape, ...]:
    """A pawn that stands: a strip face | face | base | glue tab, folded on
    its three dashed lines into a closed triangular prism, the tab glued
    inside the first face. The faces meet at the top (the fold between them);
    each shows the colour and its symbol upright when the pawn stands; the
    colour runs past the cut."""
    fw, fh = PAWN_FACE
    r = fw * 0.28
    # --ink-saver lightens the pawn's colour: its symbol black (a white one would vanish), its lines dark
    ink = BLACK if saver else pawn.ink
    # on a dark pawn (its symbol in white) the cut and fold lines are light too, as on the
    # dark pieces of the other kits (pnp.kinds.pieces): dark grey on dark red vanishes in greyscale
    dark = ink == WHITE
    length = pawn_strip()
    out: list[Shape] = [Rect(-PAWN_BLEED, -PAWN_BLEED, length + 2 * PAWN_BLEED, fw + 2 * PAWN_BLEED,
                             Style(stroke=None, fill=pawn.rgb))]
    # no hatching on the faces (round 12): only the symbol, upright on each face when the pawn stands
    for k, turn in enumerate((90.0, -90.0)):
        out.append(Group((symbol(pawn.symbol, 0, 0, r, ink),), k * fh + fh / 2, fw / 2, turn))
    fold = Style(stroke=grey(0.8) if dark else FOLD_GREY, width=0.35, dash=FOLD_DASH, role=Role.FOLD)
    for x in (fh, 2 * fh, 2 * fh + PAWN_BASE):
        out.append(Line(x, 0.0, x, fw, fold))
    end = 2 * fh + PAWN_BASE
    out.append(polygon([(0.0, 0.0), (end, 0.0), (length, PAWN_TAB_TAPER), (length, fw - PAWN_TAB_TAPER), (end, fw),
                        (0.0, fw)], Style(stroke=grey(0.8) if dark else grey(0.3), width=0.35, role=Role.CUT)))
    return tuple(out)


PAWN_GAP = 2.0  # mm of white between two pawns' colours
# mm: the note beside the pawns runs this far below them, its picture under it (round 14: the note says
# where the pawn stands, and keeps its size; round 16: 11, for the deeper feet and the coin)
SIDE_EXTRA = 11.0
FOLD_PICTURE_H = 15.0  # mm: the picture of how a pawn is folded (as wide as the column beside the pawns)
FOLD_PICTURE_MIN_W = 50.0  # mm: no narrower


def fold_picture(m: Measure, w: float) -> list[Shape]:
    """How a paper pawn is folded, in three steps, in (0, 0)-(w, FOLD_PICTURE_H):
    (1) the cut-out strip from above with its three fold lines and its tab,
    (2) seen from its end, folding round into a triangle, the tab on its way
    in, (3) the closed prism standing on its base. No words: the note beside it says it."""
    h = FOLD_PICTURE_H
    ink = Style(stroke=BLACK, width=0.5)
    fold = Style(stroke=grey(0.35), width=0.3, dash=(0.8, 0.6))
    paper = Style(stroke=BLACK, fill=grey(0.85), width=0.35)
    out: list[Shape] = []
    cell = w / 3
    ground = h - 2.5
    for i in range(3):
        out.append(label(i * cell + 1.6, 3.0, str(i + 1), "Sans", 8.5, m, 4, Anchor.MIDDLE))
    # 1: the strip from above, face | face | base | tab, its folds dashed
    sx, sw, sh = 4.0, cell - 8.0, 5.0
    sy = ground - sh
    unit = sw / pawn_strip()
    end = sx + unit * (2 * PAWN_FACE[1] + PAWN_BASE)
    out.append(polygon([(sx, sy), (end, sy), (sx + sw, sy + 1.0), (sx + sw, sy + sh - 1.0), (end, sy + sh), (sx, sy + sh)],
                       paper))
    for x in (sx + unit * PAWN_FACE[1], sx + unit * 2 * PAWN_FACE[1], end):
        out.append(Line(x, sy, x, sy + sh, fold))
    # 2: from the end, folding: the two faces up to the top fold, the base flat, the tab swinging up to the first face
    cx, top = cell + cell / 2, 3.0
    half = min(4.0, (ground - top) * 0.6)
    left, right = (cx - half, ground), (cx + half, ground)
    out.append(Path((("M", right[0] + 1.5, ground - 1.6), ("L", right[0], ground), ("L", left[0], ground),
                     ("L", cx, top), ("L", right[0] - 0.6, top + 2.0)), ink))
    # 3: standing, a closed triangle on the table
    cx = 2 * cell + cell / 2
    out.append(Line(cx - 8.0, ground + 0.6, cx + 8.0, ground + 0.6, Style(stroke=grey(0.5), width=0.3)))
    out.append(polygon([(cx - half, ground), (cx, top), (cx + half, ground)], Style(stroke=BLACK, fill=grey(0.85), width=0.6)))
    # arrows between the steps
    for i in (1, 2):
        ax = i * cell
        ay = ground - 2.5
        out.append(Line(ax - 2.0, ay, ax + 1.2, ay, Style(stroke=grey(0.45), width=0.4)))
        out.append(polygon([(ax + 2.2, ay), (ax + 1.0, ay - 0.9), (ax + 1.0, ay + 0.9)], Style(stroke=None, fill=grey(0.45))))
    return out


def ink_note(ctx: Context, saver: bool) -> str:
    """Less ink: on the colour pages which pages to print instead (the low-ink
    pages after them); on the low-ink pages (and the --ink-saver print) what they are."""
    if saver:
        return ctx.cat.text("ink_note_saver")
    return ctx.cat.text("ink_note", a=len(LOW_INK) + 1, b=len(LOW_INK) + 2)


def build(ctx: Context) -> list[Sheet]:
    if saves_ink(ctx):  # the --ink-saver print: its pages already save ink
        return [fold_sheet(ctx, saver=True), token_sheet(ctx, saver=True)]
    from pnp.build import ink_saver  # the --ink-saver colours: light tints, lines and words kept

    # round 17 (hobbyist): the colour pages' headers say which pages to print (the low-ink ones say "instead of")
    which = ctx.cat.text("print_caption", a=len(LOW_INK) + 1, b=len(LOW_INK) + 2)
    sheets = [replace(s, caption=which) for s in (fold_sheet(ctx), token_sheet(ctx))]
    low = [fold_sheet(ctx, saver=True), token_sheet(ctx, saver=True)]
    # each printed instead of its colour page (the validator counts its components once; the shop takes the colour one)
    return [*sheets, *(replace(s, items=map_colours(s.items, ink_saver), label=LOW_INK[s.label], instead_of=s.label,
                               caption=ctx.cat.text("saver_caption", page=k))
                       for k, s in enumerate(low, 1))]


KIT = Kit(
    id=KIT_ID,
    load_spec=load_spec,
    build=build,
    text_values=text_values,
    expected=expected,
    invariants=invariants,
    options=(KitOption.PLAYERS,),
    pieces=kesse_pieces,
)

