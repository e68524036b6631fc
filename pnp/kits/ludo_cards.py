"""The Ludo card game: 4 colours x 4 stacks (die values) x 6 cards, poker
size, 4 x 2 to a landscape sheet, with backs for every way of printing, an
alignment test page, and the rules with the original's two pictures drawn."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import LayoutError
from pnp.geometry import (
    BLACK,
    PT,
    RGB,
    WHITE,
    Box,
    Circle,
    Group,
    Line,
    Rect,
    Shape,
    Style,
    Text,
    grey,
    hex_rgb,
    polygon,
)
from pnp.kits import Context, Invariant, Kit
from pnp.layout.frame import Sheet
from pnp.layout.imposition import MARK_GAP, MARK_LEN, Grid, back_slot, crop_marks, cut_lines, fit_grid, flip_point
from pnp.layout.marks import label
from pnp.layout.marks import symbol as kind_symbol
from pnp.layout.rules import rules_sheets
from pnp.options import Options
from pnp.spec import load_game, need
from pnp.textflow import DiagramFn, Measure, parse_blocks

KIT_ID = "ludo-cards"


@dataclass(frozen=True)
class Colour:
    id: str
    rgb: RGB
    ink: RGB  # text on the colour
    symbol: str


@dataclass(frozen=True)
class LudoSpec:
    players: tuple[int, ...]
    values: tuple[int, ...]
    stack_height: int
    card: tuple[float, float]
    grid: tuple[int, int]
    bleed: float
    colours: tuple[Colour, ...]

    def colours_for(self, players: int | None) -> tuple[Colour, ...]:
        return self.colours if players is None else self.colours[:players]

    def deck(self, colour: Colour) -> list[tuple[int, int]]:
        """(value, k) in the order a player stacks them: per die value, k = 1 first."""
        return [(v, k) for v in self.values for k in range(1, self.stack_height + 1)]


def load_spec() -> LudoSpec:
    d = load_game(KIT_ID)
    where = f"templates/{KIT_ID}/game.toml"
    cols = tuple(
        Colour(c["id"], hex_rgb(c["hex"]), hex_rgb(c["ink"]), c["symbol"]) for c in need(d, "colours", list, where)
    )
    card = need(d, "card", list, where)
    grid = need(d, "grid", list, where)
    return LudoSpec(tuple(need(d, "players", list, where)), tuple(need(d, "values", list, where)),
                    need(d, "stack_height", int, where), (float(card[0]), float(card[1])), (int(grid[0]), int(grid[1])),
                    need(d, "bleed", float, where), cols)


def text_values(spec: LudoSpec, options: Options) -> dict[str, object]:
    return {"players_min": min(spec.players), "players_max": max(spec.players), "stacks": len(spec.values),
            "height": spec.stack_height}


def expected(spec: LudoSpec, options: Options) -> dict[str, int]:
    out: dict[str, int] = {}
    backs = options.backs != "none"
    for c in spec.colours_for(options.players):
        for v, k in spec.deck(c):
            out[f"card:{c.id}-{v}-{k}"] = 1
        out[f"back:{c.id}"] = len(spec.deck(c)) if backs else 0
    return out


def invariants(spec: LudoSpec) -> list[Invariant]:
    return [
        ("one colour per player", len(spec.colours) >= max(spec.players), f"{len(spec.colours)} colours"),
        ("a stack per die value 1-4", spec.values == (1, 2, 3, 4), f"values {spec.values}"),
        ("stack height = pawn positions on a card", spec.stack_height == 6, f"{spec.stack_height}"),
        ("poker size", spec.card == (63.5, 88.9), f"{spec.card}"),
    ]


# ---- one card -------------------------------------------------------------

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)]}


def die(cx: float, cy: float, size: float, value: int) -> Group:
    """A die face centred on (cx, cy), drawn about its own centre (the
    renderer writes a face that repeats once and places it)."""
    out: list[Shape] = [Rect(-size / 2, -size / 2, size, size, Style(stroke=BLACK, fill=WHITE, width=0.8),
                             radius=size * 0.15)]
    for px, py in PIPS[value]:
        out.append(Circle(px * size * 0.27, py * size * 0.27, size * 0.09, Style(stroke=None, fill=BLACK)))
    return Group(tuple(out), cx, cy)


def pawn(cx: float, top: float, colour: Colour, filled: bool) -> Group:
    """A pawn 10 mm tall: filled in the colour with the colour's symbol, or
    an empty dashed outline; drawn about its own top centre."""
    if filled:
        st = Style(stroke=BLACK, fill=colour.rgb, width=0.45)
    else:
        st = Style(stroke=grey(0.55), fill=None, width=0.35, dash=(0.8, 0.6))
    out: list[Shape] = [
        polygon([(-1.5, 3.4), (1.5, 3.4), (3.0, 8.6), (-3.0, 8.6)], st),
        Rect(-3.6, 8.6, 7.2, 1.4, st, radius=0.5),
        Circle(0.0, 2.0, 2.0, st),
    ]
    if filled:
        out.append(kind_symbol(colour.symbol, 0.0, 6.6, 0.9))
    return Group(tuple(out), cx, top)


def card_front(spec: LudoSpec, colour: Colour, value: int, k: int, name: str, code: str, m: Measure) -> list[Shape]:
    """The face of one card in local coordinates (0, 0)-(card size)."""
    cw, ch = spec.card
    n = spec.stack_height
    step = (cw - 10.0) / n
    top = ch - 27.0
    # what every card of the colour has: frame, colour band with symbol and
    # name, the disc for k, the box of the pawn row
    face: list[Shape] = [Rect(2.5, 2.5, cw - 5, ch - 5, Style(stroke=colour.rgb, width=1.2), radius=3.0)]
    face.append(Rect(2.5, 2.5, cw - 5, 12.0, Style(stroke=None, fill=colour.rgb), radius=3.0))
    face.append(Circle(9.0, 8.5, 3.6, Style(stroke=BLACK, fill=WHITE, width=0.4)))
    face.append(kind_symbol(colour.symbol, 9.0, 8.5, 2.2))
    face.append(label(14.5, 10.8, name.upper(), "Sans-Bold", 12, m, cw - 20, "start", colour.ink))
    face.append(Circle(47.0, 33.0, 10.5, Style(stroke=BLACK, fill=WHITE, width=0.8)))
    face.append(Rect(4.0, top - 2.0, cw - 8.0, 14.0, Style(stroke=grey(0.6), fill=None, width=0.3), radius=2.0))
    out: list[Shape] = [Group(tuple(face))]
    # the die value, big, and the stack height k as a number
    out.append(die(20.0, 33.0, 24.0, value))
    size = 26.0
    out.append(Text(47.0, 33.0 + 0.36 * size * PT, str(k), "Sans-Bold", size, m(str(k), "Sans-Bold", size), "middle"))
    # the row of pawn positions; position 1 at the bottom left
    for i in range(n):
        out.append(pawn(5.0 + step * (i + 0.5), top, colour, i < k))
    out.append(label(cw / 2, ch - 7.0, code, "Sans", 6.5, m, cw - 8))
    return out


def card_back(spec: LudoSpec, colour: Colour, name: str, title: str, m: Measure) -> list[Shape]:
    cw, ch = spec.card
    out: list[Shape] = [
        Circle(cw / 2, ch / 2 - 4, 17.0, Style(stroke=BLACK, fill=WHITE, width=0.8)),
        kind_symbol(colour.symbol, cw / 2, ch / 2 - 4, 11.0),
        label(cw / 2, ch / 2 + 22.0, name.upper(), "Sans-Bold", 16, m, cw - 12, color=colour.ink),
        label(cw / 2, 14.0, title, "Sans-Bold", 9, m, cw - 12, color=colour.ink),
    ]
    return out


# ---- sheets -----------------------------------------------------------------

def _frame_boxes(g: Grid, ctx: Context) -> dict[str, object]:
    """Header and scale check between the crop marks, on both papers."""
    safe = ctx.options.paper.safe(landscape=True)
    b = g.box
    bar_x = b.x + 3.0
    mark_end = b.bottom + MARK_GAP + MARK_LEN + 1.0
    return {
        "header": Box(safe.x, safe.y, safe.w, 4.0),
        "scale": (bar_x, safe.bottom - 0.5),
        "scale_label": Box(bar_x + ctx.options.paper.scale_bar + 4.0, mark_end, safe.right - bar_x - 60.0,
                           safe.bottom - mark_end),
    }


def grid_of(spec: LudoSpec, ctx: Context) -> Grid:
    cols, rows = spec.grid
    return fit_grid(ctx.options.paper, spec.card[0], spec.card[1], cols, rows, landscape=True)


def card_sheets(ctx: Context) -> list[Sheet]:
    spec: LudoSpec = ctx.spec
    cat, m, opts = ctx.cat, ctx.measure, ctx.options
    g = grid_of(spec, ctx)
    per_sheet = g.cols * g.rows
    title = cat.text("title")
    fb = _frame_boxes(g, ctx)
    sheets: list[Sheet] = []
    if opts.backs in ("duplex-long", "duplex-short"):
        sheets += alignment_sheets(ctx, g, fb)
    for colour in spec.colours_for(opts.players):
        name = cat.text(colour.id)
        deck = spec.deck(colour)
        if opts.backs == "gutterfold":
            sheets += gutterfold_sheets(ctx, colour, name, title, fb)
            continue
        for start in range(0, len(deck), per_sheet):
            chunk = deck[start : start + per_sheet]
            items: list[Shape] = []
            for (col, row), (v, k) in zip(g.slots(), chunk, strict=False):
                cell = g.cell(col, row)
                code = cat.text("card_code", colour=name, value=v, k=k, height=spec.stack_height)
                items.append(Group(tuple(card_front(spec, colour, v, k, name, code, m)), cell.x, cell.y,
                                   tag=("card", f"{colour.id}-{v}-{k}")))
            items += cut_lines(g) + crop_marks(g)
            sheets.append(Sheet(True, tuple(items), f"fronts {colour.id}", header=fb["header"], scale=fb["scale"],
                                scale_label=fb["scale_label"], caption=cat.text("sheet_fronts", colour=name)))
            if opts.backs in ("duplex-long", "duplex-short"):
                sheets.append(back_sheet(ctx, g, colour, name, title, len(chunk), fb))
    return sheets


def back_sheet(ctx: Context, g: Grid, colour: Colour, name: str, title: str, count: int, fb: dict) -> Sheet:
    """The backs of one front sheet, placed behind their fronts for the
    chosen flip, shifted by --back-offset, with bleed past the cut."""
    spec: LudoSpec = ctx.spec
    opts = ctx.options
    ox, oy = opts.back_offset
    safe = opts.paper.safe(landscape=True)
    b = g.box
    bleed_x = min(spec.bleed, b.x - safe.x - abs(ox) - 0.01)
    bleed_y = min(spec.bleed, b.y - safe.y - abs(oy) - 0.01)
    # the frame's header and scale bar sit in the top and bottom bands
    bleed_y = min(bleed_y, b.y - (safe.y + 4.5) - abs(oy))
    if bleed_x < 0 or bleed_y < 0:
        raise LayoutError(f"--back-offset {ox},{oy} mm pushes the backs into the printer's margin")
    items: list[Shape] = []
    used = [back_slot(opts.backs, c, r, g) for (c, r) in g.slots()[:count]]
    boxes = [g.cell(c, r) for c, r, _ in used]
    area = boxes[0]
    for bx in boxes[1:]:
        area = area.union(bx)
    # bleed only on the outer edges of the used block
    items.append(Rect(area.x - bleed_x + ox, area.y - bleed_y + oy, area.w + 2 * bleed_x, area.h + 2 * bleed_y,
                      Style(stroke=None, fill=colour.rgb)))
    for c, r, rot in used:
        cell = g.cell(c, r)
        art = tuple(card_back(spec, colour, name, title, ctx.measure))
        if rot:
            grp = Group(art, cell.right + ox, cell.bottom + oy, 180.0, tag=("back", colour.id))
        else:
            grp = Group(art, cell.x + ox, cell.y + oy, tag=("back", colour.id))
        items.append(grp)
    return Sheet(True, tuple(items), f"backs {colour.id}", header=fb["header"], scale=fb["scale"],
                 scale_label=fb["scale_label"], caption=ctx.cat.text("sheet_backs", colour=name))


def gutterfold_sheets(ctx: Context, colour: Colour, name: str, title: str, fb: dict) -> list[Sheet]:
    """Front and back side by side, a fold between: 2 pairs x 2 rows."""
    spec: LudoSpec = ctx.spec
    cat, m = ctx.cat, ctx.measure
    cw, ch = spec.card
    g = fit_grid(ctx.options.paper, cw, ch, 4, 2, landscape=True)
    fold = Style(stroke=grey(0.35), width=0.3, dash=(2.0, 1.5), role="fold")
    sheets = []
    deck = spec.deck(colour)
    for start in range(0, len(deck), 4):
        items: list[Shape] = []
        for i, (v, k) in enumerate(deck[start : start + 4]):
            row, pair = divmod(i, 2)
            front = g.cell(pair * 2, row)
            back = g.cell(pair * 2 + 1, row)
            code = cat.text("card_code", colour=name, value=v, k=k, height=spec.stack_height)
            items.append(Group(tuple(card_front(spec, colour, v, k, name, code, m)), front.x, front.y,
                               tag=("card", f"{colour.id}-{v}-{k}")))
            items.append(Rect(back.x, back.y, cw, ch, Style(stroke=None, fill=colour.rgb)))  # colour to the cut
            items.append(Group(tuple(card_back(spec, colour, name, title, m)), back.x, back.y, tag=("back", colour.id)))
            items.append(Line(back.x, back.y + 1.0, back.x, back.bottom - 1.0, fold))
        items += crop_marks(g)
        cut = Style(stroke=grey(0.6), width=0.15, role="cut")
        b = g.box
        for j in range(3):
            items.append(Line(b.x, b.y + j * ch, b.right, b.y + j * ch, cut))
        for i in (0, 2, 4):
            items.append(Line(b.x + i * cw, b.y, b.x + i * cw, b.bottom, cut))
        sheets.append(Sheet(True, tuple(items), f"gutterfold {colour.id}", header=fb["header"], scale=fb["scale"],
                            scale_label=fb["scale_label"], caption=cat.text("sheet_gutterfold", colour=name)))
    return sheets


def alignment_sheets(ctx: Context, g: Grid, fb: dict) -> list[Sheet]:
    """A front page of crosses and a back page of rulers behind them: held to
    the light, the user reads the printer's offset off the rulers."""
    cat, m, opts = ctx.cat, ctx.measure, ctx.options
    b = g.box
    pw, ph = g.pw, g.ph
    points = [(b.x + b.w * fx, b.y + b.h * fy) for fx, fy in ((0.2, 0.25), (0.8, 0.25), (0.5, 0.5), (0.2, 0.75),
                                                                 (0.8, 0.75))]
    front: list[Shape] = []
    cross = Style(width=0.25)
    for x, y in points:
        front += [Line(x - 6, y, x + 6, y, cross), Line(x, y - 6, x, y + 6, cross), Circle(x, y, 2.0, cross)]
    blocks = parse_blocks(["## " + cat.text("align_heading"), cat.text("align_front"),
                           cat.text("backs_long" if opts.backs == "duplex-long" else "backs_short")])
    from pnp.textflow import fit

    cols, _ = fit(blocks, [Box(b.x + b.w * 0.32, b.y + 4, b.w * 0.36, b.h * 0.36)], m, 9, 7)
    front += cols[0]
    ox, oy = opts.back_offset
    back: list[Shape] = []
    tick = Style(width=0.2)
    for x, y in points:
        bx, by = flip_point(opts.backs, x, y, pw, ph)
        bx, by = bx + ox, by + oy
        back.append(Line(bx - 10, by, bx + 10, by, tick))
        back.append(Line(bx, by - 10, bx, by + 10, tick))
        for i in range(-10, 11):
            ln = 2.2 if i % 5 == 0 else 1.2
            back.append(Line(bx + i, by - ln, bx + i, by + ln, tick))
            back.append(Line(bx - ln, by + i, bx + ln, by + i, tick))
        # numbers: the horizontal ruler's below it, the vertical ruler's to
        # its left, far enough apart that the two sets never meet
        for i in (-10, -5, 5, 10):
            s = str(i) if i < 0 else f"+{i}"
            back.append(Text(bx + i, by + 8.0, s, "Sans", 5, m(s, "Sans", 5), "middle"))
            s2 = str(-i) if -i < 0 else f"+{-i}"  # up is positive
            back.append(Text(bx - 3.0, by + i + 0.8, s2, "Sans", 5, m(s2, "Sans", 5), "end"))
    blocks = parse_blocks(["## " + cat.text("align_heading"), cat.text("align_back")])
    cols, _ = fit(blocks, [Box(b.x + b.w * 0.08, b.y + b.h * 0.42 + 12, b.w * 0.3, b.h * 0.3)], m, 9, 7)
    back += cols[0]
    kw = {"header": fb["header"], "scale": fb["scale"], "scale_label": fb["scale_label"]}
    return [Sheet(True, tuple(front), "alignment front", **kw), Sheet(True, tuple(back), "alignment back", **kw)]


# ---- rules -----------------------------------------------------------------

def mini_stacks(spec: LudoSpec, ctx: Context, laid_out: int | None) -> DiagramFn:
    """The original's missing pictures: RED's four stacks (k = 1 on top),
    and, after a throw of `laid_out`, that stack's first card above it."""
    colour = spec.colours[0]
    name = ctx.cat.text(colour.id)
    s = 0.27
    cw, ch = spec.card[0] * s, spec.card[1] * s

    def draw(box: Box) -> tuple[Shape, ...]:
        out: list[Shape] = []
        caption = ctx.cat.text("diagram_laid_out" if laid_out else "diagram_stacks")
        gap = (box.w - 4 * cw) / 5
        y0 = box.y + (ch + 3.0 if laid_out else 0.0)
        for i, v in enumerate(spec.values):
            x = box.x + gap + i * (cw + gap)
            top_k = 2 if laid_out == v else 1
            for depth in range(3, 0, -1):  # the cards under the top one
                out.append(Rect(x + depth * 0.7, y0 + depth * 0.7, cw, ch, Style(stroke=grey(0.4), fill=WHITE,
                                                                                    width=0.2)))
            code = ctx.cat.text("card_code", colour=name, value=v, k=top_k, height=spec.stack_height)
            out.append(Group(tuple(card_front(spec, colour, v, top_k, name, code, ctx.measure)), x, y0, scale=s))
            out.append(Rect(x, y0, cw, ch, Style(stroke=BLACK, width=0.25)))
            if laid_out == v:
                code = ctx.cat.text("card_code", colour=name, value=v, k=1, height=spec.stack_height)
                out.append(Group(tuple(card_front(spec, colour, v, 1, name, code, ctx.measure)), x, box.y, scale=s))
                out.append(Rect(x, box.y, cw, ch, Style(stroke=BLACK, width=0.25)))
        out.append(label(box.cx, box.bottom - 1.0, caption, "Sans-Italic", 7.5, ctx.measure, box.w))
        return tuple(out)

    return draw


def build(ctx: Context) -> list[Sheet]:
    spec: LudoSpec = ctx.spec
    ch = spec.card[1] * 0.27
    diagrams = {
        "stacks": (ch + 8.0, mini_stacks(spec, ctx, None)),
        "laid_out": (2 * ch + 11.0, mini_stacks(spec, ctx, 3)),
    }
    cat = ctx.cat
    vals = text_values(spec, ctx.options)
    mode = {"duplex-long": "backs_long", "duplex-short": "backs_short", "gutterfold": "backs_gutterfold",
            "none": "backs_none"}[ctx.options.backs]
    head = ["**" + cat.text(mode) + "** " + cat.text("cut_lines")]
    blocks = parse_blocks(head + cat.blocks("rules", **vals))
    rules = rules_sheets(blocks, ctx.options.paper, ctx.measure, "rules", landscape=True, columns=3,
                         title=(cat.text("title"), cat.text("subtitle", **vals)),
                         preferred_pt=8.5, max_pt=9.5, diagrams=diagrams)
    return rules + card_sheets(ctx)


KIT = Kit(
    id=KIT_ID,
    load_spec=load_spec,
    build=build,
    text_values=text_values,
    expected=expected,
    invariants=invariants,
    options=("players", "backs"),
)
