"""The Ludo card game: 4 colours x 4 stacks (die values) x 6 cards, poker
size, 4 x 2 to a landscape sheet, with backs for every way of printing, an
alignment test page, and the rules with the original's two pictures drawn."""

from __future__ import annotations

import math
import pathlib
from dataclasses import dataclass, replace
from functools import cache
from typing import Annotated

import msgspec

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
    Path,
    Rect,
    Shape,
    Style,
    Text,
    grey,
    hex_rgb,
    polygon,
)
from pnp.kits import Context, Invariant, Kit
from pnp.layout import component_list as kit_list
from pnp.layout import deck
from pnp.layout.components import ludo_pieces
from pnp.layout.frame import Sheet, content_box
from pnp.layout.imposition import Grid, crop_marks, cut_lines, fit_grid
from pnp.layout.marks import cap, label
from pnp.layout.marks import symbol as kind_symbol
from pnp.layout.rules import column_boxes, rules_sheets, title_line
from pnp.modes import Anchor, Backs, BlockKind, KitOption, Tag, Variant
from pnp.options import Options
from pnp.spec import (
    MAX_LIST,
    MIN_PIECE,
    Count,
    Counts,
    HexColour,
    Margin,
    Mm,
    Name,
    Schema,
    Symbol,
    ascending,
    check_game,
    fits,
)
from pnp.textflow import Block, DiagramFn, Measure, Overflow, flow, parse_blocks

KIT_ID = "ludo-cards"
SLEEVE_ROOM = 2.0  # mm a standard card sleeve is larger than its card, each way (about)
GUIDE = "printing guide"  # the label of the guide's sheet, which the back pages point to


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
    kit_list: kit_list.KitList = kit_list.KitList((), ())

    def colours_for(self, players: int | None) -> tuple[Colour, ...]:
        return self.colours if players is None else self.colours[:players]

    def deck(self, colour: Colour) -> list[tuple[int, int]]:
        """(value, k) in the order a player stacks them: per die value, k = 1 first."""
        return [(v, k) for v in self.values for k in range(1, self.stack_height + 1)]


class LudoColour(Schema, frozen=True):
    id: Name
    hex: HexColour
    ink: HexColour  # text on the colour
    symbol: Symbol


class LudoGame(Schema, frozen=True):
    """The schema of templates/ludo-cards/game.toml."""

    players: Counts
    # ascending; 1-4: a die value 5 has no stack and 6 is the joker (the rules text and the card art know no other)
    values: Annotated[list[Annotated[int, msgspec.Meta(ge=1, le=4)]], msgspec.Meta(min_length=1, max_length=4)]
    stack_height: Count
    card: tuple[Mm, Mm]
    grid: tuple[Count, Count]
    bleed: Margin
    colours: Annotated[list[LudoColour], msgspec.Meta(min_length=1, max_length=MAX_LIST)]
    contents: Annotated[list[kit_list.ContentFact], msgspec.Meta(min_length=1, max_length=MAX_LIST)]
    needs: Annotated[list[Name], msgspec.Meta(max_length=MAX_LIST)] = []

    def __post_init__(self) -> None:
        ascending("players", self.players)
        fits("grid[0]", self.grid[0], "card[0]", self.card[0])  # the cards of a sheet are on that sheet
        fits("grid[1]", self.grid[1], "card[1]", self.card[1])
        if self.stack_height * MIN_PIECE > self.card[1]:  # a card shows a pawn position per card of its stack
            raise ValueError(f"card[1]: a card {self.card[1]:g} mm long has no room for stack_height "
                             f"{self.stack_height} pawn positions of {MIN_PIECE:g} mm")
        ascending("values", self.values)
        ids = [c.id for c in self.colours]
        if len(set(ids)) != len(ids):
            raise ValueError("colours: an id is used twice")
        if len(ids) < max(self.players):
            raise ValueError(f"colours: {len(ids)} colours for {max(self.players)} players")


def load_spec(templates: pathlib.Path | None = None) -> LudoSpec:
    g = check_game(KIT_ID, LudoGame, templates)
    cols = tuple(Colour(c.id, hex_rgb(c.hex), hex_rgb(c.ink), c.symbol) for c in g.colours)
    return LudoSpec(tuple(g.players), tuple(g.values), g.stack_height, g.card, g.grid, g.bleed, cols,
                    kit_list.KitList(tuple(g.contents), tuple(g.needs)))


def text_values(spec: LudoSpec, options: Options) -> dict[str, object]:
    comma = options.lang in ("nl", "de")  # a decimal comma
    size = " × ".join(f"{v:g}".replace(".", ",") if comma else f"{v:g}" for v in spec.card)
    # the standard sleeve for a card: about 2 mm more each way, in whole mm (66 × 91 for 63.5 × 88.9)
    sleeve = " × ".join(f"{math.ceil(v + SLEEVE_ROOM):g}" for v in spec.card)
    # the weights of card and paper in g/m², and on US Letter also as US stock is sold (the catalog's
    # card_weight_us, paper_weight_us: 60 lb cover is 162 g/m², 80 lb cover 216; 20 lb bond 75, 32 lb bond 120)
    from pnp.i18n import load_catalog

    cat = load_catalog("ludo-cards", options.lang)
    if options.paper.id == "letter":
        card, paper = cat.text("card_weight_us"), cat.text("paper_weight_us")
    else:
        card, paper = cat.text("card_weight"), cat.text("paper_weight")
    # the card's size with its unit, on US Letter also in inches, as cards and sleeves are sold there (2.5 × 3.5 in)
    inches = " × ".join(f"{round(v / 25.4, 2):g}".replace(".", "," if comma else ".") for v in spec.card)
    measure = cat.text("card_measure_us" if options.paper.id == "letter" else "card_measure", mm=size, inches=inches)
    return {"players_min": min(spec.players), "players_max": max(spec.players), "stacks": len(spec.values),
            "height": spec.stack_height, "card_size": size, "card_measure": measure, "sleeve_size": sleeve,
            "die": die_page(options), "card_weight": card,
            "paper_weight": paper}


RULES_PAGES = 2  # the rules fill a sheet: page 1 and its back


def die_page(options: Options) -> int:
    """The page of the die to make: after the rules' sheet and, in a duplex
    kit, the printing guide (build checks that it is)."""
    return RULES_PAGES + (2 if options.backs.is_duplex else 1)


def made(spec: LudoSpec) -> dict[str, int]:
    """What the rules' pages give besides the cards, for the list of the
    kit's contents: the die's net to make (its page), named on one line
    with the quick references to cut out ({quick}: page 2's copies and the
    die page's, one for each player of the most; tests/kits/test_ludo_round14.py
    counts them in the PDF)."""
    return {"die": 1}


def expected(spec: LudoSpec, options: Options) -> dict[str, int]:
    out: dict[str, int] = {}
    backs = options.backs.has_backs
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


@cache
def die(cx: float, cy: float, size: float, value: int) -> Group:
    """A die face centred on (cx, cy), drawn about its own centre (the
    renderer writes a face that repeats once and places it). Shapes are
    immutable, so every card with this face shares one object."""
    out: list[Shape] = [Rect(-size / 2, -size / 2, size, size, Style(stroke=BLACK, fill=WHITE, width=0.8),
                             radius=size * 0.15)]
    for px, py in PIPS[value]:
        out.append(Circle(px * size * 0.27, py * size * 0.27, size * 0.09, Style(stroke=None, fill=BLACK)))
    return Group(tuple(out), cx, cy)


def mark(colour: Colour, cx: float, cy: float, r: float, line: float) -> Shape:
    """The colour's symbol on a field of the colour: in the colour's ink
    (white on red and blue, black on yellow and green), so that it stays
    apart from the field in greyscale too; a white one has a black outline
    `line` mm wide, which still shows where the ink saver lightens the
    field to a tint."""
    shape = kind_symbol(colour.symbol, cx, cy, r, colour.ink)
    if min(colour.ink) > 0.9 and isinstance(shape, Rect | Circle | Path):
        shape = replace(shape, style=Style(stroke=BLACK, fill=colour.ink, width=line))
    return shape


@cache
def pawn(cx: float, top: float, colour: Colour, filled: bool) -> Group:
    """A pawn 10 mm tall: filled in the colour with the colour's symbol (see
    `mark`), or an empty dashed outline; drawn about its own top centre
    (one shared object for each place, colour and fill)."""
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
        out.append(mark(colour, 0.0, 6.6, 0.9, 0.15))
    return Group(tuple(out), cx, top)


# The card's art stands back from its cut: the cards of a sheet share their
# cut lines, so no colour can run past them into the next card; instead the
# frame (and all else) keeps FRAME_CLEAR mm of white paper to the cut, and a
# cut 1 mm off makes that white 2 or 4 mm, which does not read as a crooked
# frame the way a frame cut into does.
FRAME_CLEAR = 3.75  # mm from the cut to the frame's outer edge (at least 3; PDFium counts 0.5 mm more stroke)
FRAME_W = 1.0  # mm: the frame's line
INSET = FRAME_CLEAR + FRAME_W / 2  # the frame's centre line
DIE = (31.0, 22.0)  # the die face: centre y and size (centred across the card)
PAWN_TOP = 27.0  # mm from the card's bottom to the top of the pawns
COUNT_BOX = 46.5  # mm from the card's top to the top of the box of the pawn count and pawns
COUNT_PT = 22.0
WORTH_PT = 8.0  # "worth 3" beside the die

# (card size, colour, name) -> (the measurer, the face): the same measurer
# object gives the same face, which every card of the colour then shares
_FACES: dict[tuple[tuple[float, float], Colour, str], tuple[Measure, Group]] = {}


def card_face(card: tuple[float, float], colour: Colour, name: str, m: Measure) -> Group:
    """What every card of a colour has: frame, colour band with symbol and
    name, and the box that holds the pawn count above the pawn row (the
    count is drawn with the pawns it counts, well away from the die)."""
    known = _FACES.get((card, colour, name))
    if known is not None and known[0] is m:
        return known[1]
    cw, ch = card
    i = INSET
    face: list[Shape] = [Rect(i, i, cw - 2 * i, ch - 2 * i, Style(stroke=colour.rgb, width=FRAME_W), radius=2.5)]
    face.append(Rect(i, i, cw - 2 * i, 12.0, Style(stroke=None, fill=colour.rgb), radius=2.5))
    face.append(Circle(i + 6.0, i + 6.0, 3.4, Style(stroke=BLACK, fill=WHITE, width=0.4)))
    face.append(kind_symbol(colour.symbol, i + 6.0, i + 6.0, 2.1))
    face.append(label(i + 11.5, i + 8.3, name.upper(), "Sans-Bold", 12, m, cw - 2 * i - 14.0, Anchor.START, colour.ink))
    box_x = i + 1.5
    face.append(Rect(box_x, COUNT_BOX, cw - 2 * box_x, ch - PAWN_TOP + 12.0 - COUNT_BOX,
                     Style(stroke=grey(0.6), fill=None, width=0.3), radius=2.0))
    group = Group(tuple(face))
    _FACES[(card, colour, name)] = (m, group)
    return group


def card_front(spec: LudoSpec, colour: Colour, value: int, k: int, name: str, code: str, m: Measure,
               worth: str) -> list[Shape]:
    """The face of one card in local coordinates (0, 0)-(card size): the die
    value big at the top, and beside it in small type what the card is worth
    (`worth`, "worth 3"), so that no one adds up the big numbers; in a box
    below it, the stack height k as a number above the row of pawn positions
    it counts."""
    cw, ch = spec.card
    n = spec.stack_height
    row_x = INSET + 2.5
    step = (cw - 2 * row_x) / n
    top = ch - PAWN_TOP
    out: list[Shape] = [card_face(spec.card, colour, name, m)]
    out.append(die(cw / 2, DIE[0], DIE[1], value))
    # what the card is worth, centred between the die and the frame, its cap height centred on the die's
    right = cw / 2 + DIE[1] / 2
    room = cw - INSET - FRAME_W / 2 - right
    out.append(label(right + room / 2, DIE[0] + 0.73 * WORTH_PT * PT / 2, worth, "Sans-Bold", WORTH_PT, m, room - 2.0))
    digit = str(k)
    cap_h = 0.73 * COUNT_PT * PT
    base = COUNT_BOX + (top - COUNT_BOX + cap_h) / 2  # the digit's cap height centred between box top and pawns
    out.append(Text(cw / 2, base, digit, "Sans-Bold", COUNT_PT, m(digit, "Sans-Bold", COUNT_PT), Anchor.MIDDLE))
    # the row of pawn positions; position 1 at the bottom left
    for j in range(n):
        out.append(pawn(row_x + step * (j + 0.5), top, colour, j < k))
    out.append(label(cw / 2, ch - 7.5, code, "Sans", 6.5, m, cw - 2 * INSET - 4.0))
    return out


SAVER_RING = 4.0  # mm: the ring of the colour round the white disc of a back in light ink


def card_back(spec: LudoSpec, colour: Colour, name: str, title: str, m: Measure, saver: bool = False) -> list[Shape]:
    """The back of a card: its colour to the card's edge, the game's title,
    the colour's symbol in a white disc and its name, centred as one block
    on the card (glyph outlines measured, so the ink is centred, not the
    type's boxes). To save ink (`saver`) the card stays white and the disc
    and its black symbol are drawn just as on the coloured back, in a ring
    of the colour (a light tint once the variant applies): every colour
    alike, as on the cards' headers, and plain in black and white too."""
    cw, ch = spec.card
    r = 17.0
    ring = SAVER_RING if saver else 0.0
    gap = 5.0
    ink = BLACK if saver else colour.ink
    head = label(cw / 2, 0.0, title, "Sans-Bold", 9, m, cw - 12, color=ink)
    foot = label(cw / 2, 0.0, name.upper(), "Sans-Bold", 16, m, cw - 12, color=ink)
    hi = m.ink(head.text, head.font, head.size) or (0.0, 0.0, 0.0, 0.0)
    fi = m.ink(foot.text, foot.font, foot.size) or (0.0, 0.0, 0.0, 0.0)
    disc = 2 * (r + ring) + 0.8  # the disc (and ring) with its outline
    height = (hi[3] - hi[1]) + gap + disc + gap + (fi[3] - fi[1])
    top = (ch - height) / 2
    cy = top + (hi[3] - hi[1]) + gap + disc / 2
    field: list[Shape] = [Circle(cw / 2, cy, r + ring, Style(stroke=BLACK, fill=colour.rgb, width=0.8))] if saver \
        else [Rect(0.0, 0.0, cw, ch, Style(stroke=None, fill=colour.rgb))]
    return [
        *field,
        replace(head, y=top - hi[1]),
        Circle(cw / 2, cy, r, Style(stroke=BLACK, fill=WHITE, width=0.8)),
        kind_symbol(colour.symbol, cw / 2, cy, 11.0),
        replace(foot, y=cy + disc / 2 + gap - fi[1]),
    ]


# ---- sheets: the shared deck (pnp/layout/deck.py) ----------------------------

def grid_of(spec: LudoSpec, ctx: Context) -> Grid:
    cols, rows = spec.grid
    return fit_grid(ctx.options.paper, spec.card[0], spec.card[1], cols, rows, landscape=True)


def piles(ctx: Context, guide_page: int | None = None) -> list[deck.Pile]:
    """One pile a colour: its cards in the order a player stacks them, and its
    back. With duplex-long the backs are printed turned on their pages: their
    header says that this is on purpose and names the guide's page (`guide_page`)
    that says why."""
    spec: LudoSpec = ctx.spec
    cat, m = ctx.cat, ctx.measure
    saver = ctx.options.variant is Variant.INK_SAVER
    title = cat.text("back_title")  # a card back holds a title of its own, short enough for 9 pt
    turned = ""
    if ctx.options.backs is Backs.DUPLEX_LONG and guide_page is not None:
        turned = " – " + cat.text("sheet_backs_upside_down", page=guide_page)
    out = []
    for colour in spec.colours_for(ctx.options.players):
        name = cat.text(colour.id)
        fronts = tuple(
            (tuple(card_front(spec, colour, v, k, name,
                              cat.text("card_code", colour=name, value=v, k=k, height=spec.stack_height), m,
                              cat.text("card_worth", value=v))),
             f"{colour.id}-{v}-{k}")
            for v, k in spec.deck(colour))
        out.append(deck.Pile(colour.id, fronts, tuple(card_back(spec, colour, name, title, m, saver)),
                             None if saver else colour.rgb, cat.text("sheet_fronts", colour=name),
                             # the page number is filled in per sheet by card_sheets, once it is known
                             cat.text("sheet_backs", colour=name, page="{page}") + turned,
                             cat.text("sheet_gutterfold", colour=cap(name))))
    return out


def card_sheets(ctx: Context, guide_page: int | None = None, note: str = "", first_page: int = 0) -> list[Sheet]:
    """The card pages, as the shared deck lays them out for the backs mode
    (`note`: the alignment test's last paragraph, on the spare backs). Each
    sheet of backs names the page of the fronts it is printed behind: the
    page before it, when the card pages start on page `first_page`."""
    sheets = deck.card_sheets(piles(ctx, guide_page), grid_of(ctx.spec, ctx), ctx.options, ctx.spec.bleed, ctx.cat,
                              ctx.measure, note=note)
    return [replace(s, caption=s.caption.replace("{page}", str(first_page + i - 1)))
            if s.label.startswith("backs ") else s for i, s in enumerate(sheets)]


def sheets_of(ctx: Context, colour: Colour) -> int:
    """How many sheets of fronts a colour takes."""
    return -(-len(ctx.spec.deck(colour)) // len(grid_of(ctx.spec, ctx).slots()))


def spare_sheets(ctx: Context) -> list[Sheet]:
    """The appendix of a duplex kit: the backs once more, one page a colour,
    in light ink (the ink saver's white back with the colour in its disc),
    upright and with the fronts' cut lines, printed single-sided as many
    times as a colour has sheets of fronts. For someone whose printer cannot
    line up the backs: cut them out and glue them behind the fronts (a white
    back glued 1 mm off shows no edge), or keep them as spares."""
    if not ctx.options.backs.is_duplex:
        return []
    spec: LudoSpec = ctx.spec
    cat, m = ctx.cat, ctx.measure
    g = grid_of(spec, ctx)
    fb = deck.frame_boxes(g, ctx.options.paper)
    title = cat.text("back_title")
    out = []
    for colour in spec.colours_for(ctx.options.players):
        name = cat.text(colour.id)
        back = tuple(card_back(spec, colour, name, title, m, saver=True))
        items: list[Shape] = [Group(back, cell.x, cell.y) for cell in (g.cell(c, r) for c, r in g.slots())]
        items += cut_lines(g) + crop_marks(g)
        times = sheets_of(ctx, colour)
        out.append(Sheet(True, tuple(items), f"spare backs {colour.id}", header=fb["header"], scale=fb["scale"],
                         scale_label=fb["scale_label"],
                         caption=cat.text("sheet_spare_backs", colour=name, spare_times=times)))
    return out


# ---- rules -----------------------------------------------------------------

MINI = 0.4  # the rules' pictures draw the cards at this scale: 25.4 mm wide
RULES_COLUMNS = 2  # columns of the rules pages: wide enough for four such cards side by side
LABEL_GAP = 2.6  # mm from the foot of a drawn stack to the baseline of its name
LABELS_H = LABEL_GAP + 1.0  # mm the stacks' names add to a drawing's height


def mini_stacks(spec: LudoSpec, ctx: Context, laid_out: int | None) -> DiagramFn:
    """The original's missing pictures: RED's four stacks (k = 1 on top),
    each named under it, and, after a throw of `laid_out`, that stack's
    first card above it."""
    colour = spec.colours[0]
    name = ctx.cat.text(colour.id)
    s = MINI
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
            out.append(Group(tuple(card_front(spec, colour, v, top_k, name, code, ctx.measure,
                                              ctx.cat.text("card_worth", value=v))), x, y0, scale=s))
            out.append(Rect(x, y0, cw, ch, Style(stroke=BLACK, width=0.25)))
            # the stack's name under it, as the rules call it ("stack 3")
            out.append(label(x + cw / 2 + 1.05, y0 + ch + 2.1 + LABEL_GAP, ctx.cat.text("diagram_stack", value=v),
                             "Sans", 7.0, ctx.measure, cw + gap - 1.0))
            if laid_out == v:
                code = ctx.cat.text("card_code", colour=name, value=v, k=1, height=spec.stack_height)
                out.append(Group(tuple(card_front(spec, colour, v, 1, name, code, ctx.measure,
                                             ctx.cat.text("card_worth", value=v))), x, box.y, scale=s))
                out.append(Rect(x, box.y, cw, ch, Style(stroke=BLACK, width=0.25)))
        out.append(label(box.cx, box.bottom - 1.0, caption, "Sans-Italic", 7.5, ctx.measure, box.w))
        return tuple(out)

    return draw


def flip_diagram(ctx: Context) -> DiagramFn:
    """The turn the flip edge means, in three steps: the sheet with page 1
    up and one edge drawn thick; the sheet half turned about the flip axis
    (foreshortened, a round arrow about the dashed axis); the sheet turned
    over with page 2 up, reading upright, and the thick edge on the far side."""
    long = ctx.options.backs is Backs.DUPLEX_LONG
    m = ctx.measure
    edge = ctx.cat.text(ctx.options.backs.edge_key)
    caption = ctx.cat.text("diagram_flip", edge=edge)
    detail = ctx.cat.text("diagram_flip_long" if long else "diagram_flip_short")

    def sheet(x: float, y: float, w: float, h: float, n: str, fill: RGB, thick: str) -> list[Shape]:
        out: list[Shape] = [Rect(x, y, w, h, Style(stroke=BLACK, fill=fill, width=0.4))]
        t = Text(0.0, 0.0, n, "Sans-Bold", 14, m(n, "Sans-Bold", 14), Anchor.MIDDLE)
        out.append(replace(t, x=x + w / 4, y=y + h / 4 + 2.5))  # in a corner, clear of the axis
        ends = {"top": (x, y, x + w, y), "bottom": (x, y + h, x + w, y + h),
                "left": (x, y, x, y + h), "right": (x + w, y, x + w, y + h)}[thick]
        out.append(Line(*ends, Style(width=1.4)))
        return out

    def draw(box: Box) -> tuple[Shape, ...]:
        w, h = 30.0, 21.0
        y = box.y + 8.0
        arc = 10.0 if long else 0.0  # room for the round arrow right of the half-turned sheet
        step = (box.w - 3 * w - arc) / 4
        xs = [box.x + step, box.x + 2 * step + w, box.x + 3 * step + 2 * w + arc]
        cx, cy = xs[1] + w / 2, y + h / 2
        axis = Style(stroke=grey(0.35), width=0.3, dash=(1.5, 1.0))
        line = Style(width=0.5)
        head = Style(stroke=None, fill=BLACK)
        out: list[Shape] = []
        out += sheet(xs[0], y, w, h, "1", WHITE, "top" if long else "left")
        out += sheet(xs[2], y, w, h, "2", grey(0.85), "bottom" if long else "right")
        if long:
            # half turned about the horizontal axis: the top edge swings towards you and down
            k = 0.3 * h / 2
            out.append(polygon([(xs[1] + 2.0, cy - k), (xs[1] + w - 2.0, cy - k), (xs[1] + w + 2.0, cy + k),
                                (xs[1] - 2.0, cy + k)], Style(stroke=BLACK, fill=grey(0.93), width=0.4)))
            out.append(Line(xs[1] - 2.0, cy + k, xs[1] + w + 2.0, cy + k, Style(width=1.4)))
            for x in (xs[0], xs[1], xs[2]):
                out.append(Line(x - 3.0, cy, x + w + (9.0 if x == xs[1] else 3.0), cy, axis))
            # a round arrow about the axis, beyond the sheet's right end
            ax = xs[1] + w + 5.0
            out.append(Path((("M", ax, cy - 7.0), ("C", ax + 4.0, cy - 7.0, ax + 4.0, cy + 7.0, ax, cy + 7.0)), line))
            out.append(polygon([(ax - 1.6, cy + 7.0), (ax + 0.9, cy + 5.4), (ax + 0.9, cy + 8.6)], head))
        else:
            # half turned about the vertical axis: the left edge swings towards you and to the right
            k = 0.3 * w / 2
            out.append(polygon([(cx - k, y + 2.0), (cx + k, y - 2.0), (cx + k, y + h + 2.0), (cx - k, y + h - 2.0)],
                               Style(stroke=BLACK, fill=grey(0.93), width=0.4)))
            out.append(Line(cx + k, y - 2.0, cx + k, y + h + 2.0, Style(width=1.4)))
            for x in (xs[0], xs[1], xs[2]):
                out.append(Line(x + w / 2, y - 2.5, x + w / 2, y + h + 2.5, axis))
            ay = y - 4.5
            out.append(Path((("M", cx - 9.0, ay), ("C", cx - 9.0, ay - 3.5, cx + 9.0, ay - 3.5, cx + 9.0, ay)), line))
            out.append(polygon([(cx + 9.0, ay + 1.6), (cx + 7.4, ay - 0.9), (cx + 10.6, ay - 0.9)], head))
        out.append(label(box.cx, y + h + 7.5, caption, "Sans-Italic", 7.5, m, box.w))
        out.append(label(box.cx, y + h + 11.5, detail, "Sans-Italic", 7.5, m, box.w))
        return tuple(out)

    return draw


# ---- a die to make: a cube net of six faces ---------------------------------

DIE_FACE = 24.0  # mm: a face of the die net
DIE_TAB = 6.0  # mm: how far a glue tab reaches
# the net: (column, row) of each face and its pips; a cross, so the faces two
# apart in a line with a face between them are opposite, and those add up to 7
DIE_NET = {(1, 0): 2, (0, 1): 3, (1, 1): 1, (2, 1): 4, (1, 2): 5, (1, 3): 6}
# the edges that carry a glue tab: (column, row, side); one of each pair of edges that meet when folded
DIE_TABS = {(1, 0, "left"), (1, 0, "right"), (1, 2, "left"), (1, 2, "right"), (1, 3, "left"), (1, 3, "right"),
            (1, 3, "bottom")}
DIE_PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)]}


def die_net(x0: float, y0: float, f: float = DIE_FACE, tab: float = DIE_TAB) -> list[Shape]:
    """A cube net with its top left corner cell at (x0, y0): six faces of
    `f` mm with their pips, cut along the solid lines, folded on the dashed
    ones, with grey glue tabs that close the cube."""
    cut = Style(width=0.35)
    fold = Style(stroke=grey(0.3), width=0.3, dash=(1.5, 1.0))
    glue = Style(stroke=None, fill=grey(0.85))
    pip = Style(stroke=None, fill=BLACK)
    out: list[Shape] = []
    lines: list[Shape] = []
    step = {"left": (-1, 0), "right": (1, 0), "top": (0, -1), "bottom": (0, 1)}
    for (c, r), value in DIE_NET.items():
        x, y = x0 + c * f, y0 + r * f
        out.append(Rect(x, y, f, f, Style(stroke=None, fill=WHITE)))
        for px, py in DIE_PIPS[value]:
            out.append(Circle(x + f / 2 + px * f * 0.27, y + f / 2 + py * f * 0.27, f * 0.09, pip))
        for side, (dx, dy) in step.items():
            a, b = {"left": ((x, y), (x, y + f)), "right": ((x + f, y), (x + f, y + f)),
                    "top": ((x, y), (x + f, y)), "bottom": ((x, y + f), (x + f, y + f))}[side]
            if (c + dx, r + dy) in DIE_NET:
                if (dx, dy) in ((1, 0), (0, 1)):  # a fold between two faces: drawn once
                    lines.append(Line(*a, *b, fold))
            elif (c, r, side) in DIE_TABS:
                inset = tab * 0.9
                ux, uy = (b[0] - a[0]) / f, (b[1] - a[1]) / f  # along the edge
                ta = (a[0] + dx * tab + ux * inset, a[1] + dy * tab + uy * inset)
                tb = (b[0] + dx * tab - ux * inset, b[1] + dy * tab - uy * inset)
                out.append(polygon([a, ta, tb, b], glue))
                lines += [Line(*a, *ta, cut), Line(*ta, *tb, cut), Line(*tb, *b, cut), Line(*a, *b, fold)]
            else:
                lines.append(Line(*a, *b, cut))
    return out + lines


QUICK_PT = (9.0, 7.5)  # the quick reference's type size: the largest in this range that fits under the die's text
QUICK_GAP = 8.0  # mm at least between the die's text and the quick reference's frame


def die_sheet(ctx: Context) -> Sheet:
    """A page to make the die the game needs: how, beside the cube net; and
    under the text, on the same card, the rules at a glance in a frame to
    cut out (the largest type that fits; left out if none does)."""
    area = content_box(ctx.options.paper, landscape=True)
    f = DIE_FACE
    net_w, net_h = 3 * f, 4 * f + DIE_TAB
    text_w = min(110.0, area.w - net_w - 20.0)
    gap = (area.w - text_w - net_w) / 3
    text_box = Box(area.x + gap, area.y + 10.0, text_w, area.h - 20.0)
    x0 = text_box.right + gap
    y0 = area.y + (area.h - net_h) / 2
    blocks = parse_blocks(ctx.cat.blocks("die_text", **text_values(ctx.spec, ctx.options)), ctx.cat.lang)
    text = flow(blocks, [text_box], 10.0, ctx.measure)[0]
    foot = max((s.y for s in text if isinstance(s, Text)), default=text_box.y) + 0.24 * 10.0 * PT
    quick = parse_blocks(ctx.cat.blocks("quick_ref", **text_values(ctx.spec, ctx.options)), ctx.cat.lang)
    room = text_box.bottom - foot - QUICK_GAP
    size = QUICK_PT[0]
    panel: tuple[Shape, ...] = ()
    while size >= QUICK_PT[1] - 1e-9:
        h, draw = framed(quick, ctx, text_w, size, line=0.35, colour=BLACK)  # a cut line, as the die net's
        if h <= room:  # at the foot of the text's column, where it is cut off the page's edge of white
            panel = draw(Box(text_box.x, text_box.bottom - h, text_w, h))
            break
        size -= 0.25
    return Sheet(True, (*text, *panel, *die_net(x0, y0)), "die")


BOX_PAD = 2.5  # mm from the quick route's frame to its text
BOX_PT = 8.5  # its type size
BOX_LINE = grey(0.35)  # its frame's colour


def boxed(blocks: list[Block], ctx: Context, columns: int) -> tuple[float, DiagramFn]:
    """The blocks in a thin frame across a column of the rules page (one of
    `columns`): the height the frame takes, and its drawing."""
    return framed(blocks, ctx, column_boxes(content_box(ctx.options.paper, landscape=True), columns)[0].w, BOX_PT)


def framed(blocks: list[Block], ctx: Context, outer: float, size: float,
           line: float = 0.5, colour: RGB = BOX_LINE) -> tuple[float, DiagramFn]:
    """The blocks at `size` pt in a thin frame `outer` mm wide: the height
    the frame takes, and its drawing (its stroke `line` mm, kept inside the
    box, whose edge may be the safe area's)."""
    width = outer - 2 * BOX_PAD
    shapes = flow(blocks, [Box(0.0, 0.0, width, 1000.0)], size, ctx.measure)[0]
    depth = 0.24 * size * PT  # the descenders below the last baseline
    h = max(s.y for s in shapes if isinstance(s, Text)) + depth + 2 * BOX_PAD

    def draw(box: Box) -> tuple[Shape, ...]:
        inner = Box(box.x + BOX_PAD, box.y + BOX_PAD, box.w - 2 * BOX_PAD, h)
        return (Rect(box.x + line / 2, box.y + line / 2, box.w - line, h - line,
                     Style(stroke=colour, fill=None, width=line), radius=2.0),
                *flow(blocks, [inner], size, ctx.measure)[0])

    return h, draw


RULES_PT = (11.0, 7.0)  # the rules' type size: the largest in this range at which the sheet holds them as planned
BALANCE_STEPS = 8  # halvings in the search for page 2's shortest columns
QUICK_COPIES = 3  # page 2's copies of the quick reference, across its foot: with page 4's, one for each of 4 players
COPIES_PT = (8.5, 7.0)  # their type size: the largest in this range that leaves the rules at their size
RULES_KEEP = 9.5  # ... or, the rules being larger, at this size at least
COPY_GAP = 6.0  # mm between the copies, and at least from the rules above them


def rules_sheet(blocks: list[Block], ctx: Context, title: tuple[str, str],
                diagrams: dict[str, tuple[float, DiagramFn]], quick: list[Block] | None = None) -> list[Sheet] | None:
    """The rules on their sheet, each picture beside the words that show
    it: page 1's first column holds the boxes on top and the preparation
    with its stacks, its second column the first card laid out with its
    picture and all its points; page 2 the rest, in two columns as even as
    the text allows, and across its foot `QUICK_COPIES` copies of the
    `quick` reference to cut out (left out if they do not fit). One type
    size, the largest that holds it all (None if none does)."""
    m = ctx.measure
    area = content_box(ctx.options.paper, landscape=True)
    top, top_h = title_line(area, title[0], title[1], m)
    c1, c2 = column_boxes(Box(area.x, area.y + top_h, area.w, area.h - top_h), RULES_COLUMNS)
    c3, c4 = column_boxes(area, RULES_COLUMNS)
    heads = [i for i, b in enumerate(blocks) if b.kind is BlockKind.HEADING]
    if len(heads) < 3:  # pragma: no cover - the rules have their sections
        return None
    rest = blocks[heads[2]:]

    def fit(h2: float, start: float) -> tuple[float, list[list[list[Shape]]]] | None:
        """The largest size from `start` down at which the rules fit, page 2's
        columns `h2` mm high, and their columns (None if none)."""
        parts = [(blocks[:heads[1]], [c1]), (blocks[heads[1]:heads[2]], [c2]),
                 (rest, [replace(c3, h=h2), replace(c4, h=h2)])]
        size = start
        while size >= RULES_PT[1] - 1e-9:
            try:
                return size, [flow(bs, boxes, size, m, diagrams) for bs, boxes in parts]
            except Overflow:
                size -= 0.25
        return None

    found = fit(c3.h, RULES_PT[0])
    if found is None:
        return None
    size, cols = found
    copies: tuple[Shape, ...] = ()
    if quick:  # the copies' size: the largest that leaves the rules at their size or RULES_KEEP (else the smallest)
        w = (area.w - (QUICK_COPIES - 1) * COPY_GAP) / QUICK_COPIES
        q = COPIES_PT[0]
        while q >= COPIES_PT[1] - 1e-9:
            qh, draw = framed(quick, ctx, w, q, line=0.35, colour=BLACK)  # a cut line, as the die page's
            last = q - 0.25 < COPIES_PT[1] - 1e-9
            again = fit(c3.h - qh - COPY_GAP, size)
            if again is not None and (again[0] >= min(size, RULES_KEEP) - 1e-9 or last):
                size, cols = again
                c3, c4 = replace(c3, h=c3.h - qh - COPY_GAP), replace(c4, h=c4.h - qh - COPY_GAP)
                copies = tuple(s for i in range(QUICK_COPIES)
                               for s in draw(Box(area.x + i * (w + COPY_GAP), area.bottom - qh, w, qh)))
                break
            q -= 0.25
    # page 2 in even columns: the shortest column height that still holds its text
    lo, hi = 0.0, c3.h
    for _ in range(BALANCE_STEPS):
        mid = (lo + hi) / 2
        try:
            found_cols = flow(rest, [replace(c3, h=mid), replace(c4, h=mid)], size, m, diagrams)
        except Overflow:
            lo = mid
            continue
        hi, cols[2] = mid, found_cols
    page1 = (*top, *cols[0][0], *cols[1][0])
    page2 = (*(s for col in cols[2] for s in col), *copies)
    return [Sheet(True, page1, "rules 1"), Sheet(True, page2, "rules 2")]


def lead_sheets(ctx: Context, numbers: dict[str, int | str]) -> list[Sheet]:
    """The pages before the cards: the rules, then in a duplex mode the
    printing guide and, if needed, a blank page, so that the card pages start
    on an odd page (the front of a sheet)."""
    spec: LudoSpec = ctx.spec
    cat, opts = ctx.cat, ctx.options
    ch = spec.card[1] * MINI
    diagrams = {
        "stacks": (ch + 8.0 + LABELS_H, mini_stacks(spec, ctx, None)),
        "laid_out": (2 * ch + 11.0 + LABELS_H, mini_stacks(spec, ctx, 3)),
    }
    vals = text_values(spec, opts)
    # the component list (a shared kind) heads the rules, under the printing note
    # what to print on follows the backs printed: "need_stock" is one line (or two) for each way
    stock = opts.backs.stock_keys
    facts = replace(spec.kit_list, needs=tuple(k for key in spec.kit_list.needs for k in (stock if key == "need_stock" else (key,))))
    listed = kit_list.lines_for(facts, {**expected(spec, opts), **made(spec)}, cat.text, opts.players,
                                {**vals, **numbers, "quick": QUICK_COPIES + 1})
    list_h = kit_list.height(listed, 1)
    diagrams["components"] = (list_h + 4.0, lambda box: tuple(kit_list.component_list(
        Box(box.x, box.y + 2.5, box.w, list_h), listed, ctx.measure, columns=1)[0]))
    # the box on top: in a duplex kit the quick route (the fronts alone), otherwise how to print
    if opts.backs.is_duplex:
        printing = cat.blocks(opts.backs.print_key, **{**vals, **numbers})
    else:
        printing = ["**" + cat.text("print_label") + "** " + cat.text(opts.backs.print_key, **numbers)]
    if numbers.get("page_map"):  # the map of the file's pages, last in the box
        printing.append(str(numbers["page_map"]))
    diagrams["printing"] = boxed(parse_blocks(printing, cat.lang), ctx, RULES_COLUMNS)
    head = ["[[diagram:printing]]", "[[diagram:components]]"]
    # the original rules, then our note on what they leave open (who starts), marked as ours
    blocks = parse_blocks(head + cat.blocks("rules", **vals) + cat.blocks("rules_note", **vals), cat.lang)
    title = (cat.text("title"), cat.text("subtitle", **vals))
    quick = parse_blocks(cat.blocks("quick_ref", **vals), cat.lang)  # copies on page 2, one more on the die's page
    sheets = rules_sheet(blocks, ctx, title, diagrams, quick)
    if sheets is None:  # pragma: no cover - a text too long for the sheet as planned: flowed as it comes
        sheets = rules_sheets(blocks, opts.paper, ctx.measure, "rules", landscape=True, columns=RULES_COLUMNS,
                              title=title, preferred_pt=8.5, max_pt=11.0, diagrams=diagrams, max_pages=RULES_PAGES)
    if len(sheets) < RULES_PAGES:  # the rules fill their sheet, so the pages after them stay where the text says
        sheets.append(blank_sheet(ctx))
    if not opts.backs.is_duplex:
        return [*sheets, die_sheet(ctx)]
    edge = cat.text(opts.backs.edge_key)
    dialog = cat.text(opts.backs.edge_dialog_key)  # the flip as print dialogs name it
    guide_text = cat.blocks("guide", edge=edge, edge_dialog=dialog, **{**vals, **numbers})
    if opts.backs is Backs.DUPLEX_LONG:  # the backs are turned on their pages: say so where the turn is drawn
        at = guide_text.index("[[diagram:flip]]") + 1
        guide_text.insert(at, cat.text("guide_upside_down"))
    # last, the other ways: for someone whose printer misaligns the backs, or who would spare their ink
    guide_text += cat.blocks("guide_other", **{**vals, **numbers})
    guide = parse_blocks(guide_text, cat.lang)
    sheets += rules_sheets(guide, opts.paper, ctx.measure, GUIDE, landscape=True, columns=2,
                           preferred_pt=9.0, max_pt=10.0, diagrams={"flip": (44.0, flip_diagram(ctx))}, max_pages=1)
    sheets.append(die_sheet(ctx))
    if len(sheets) % 2:
        sheets.append(blank_sheet(ctx))
    return sheets


def blank_sheet(ctx: Context) -> Sheet:
    """A page left blank on purpose, which says so."""
    area = content_box(ctx.options.paper, landscape=True)
    note = label(area.cx, area.cy, ctx.cat.text("blank_page"), "Sans-Italic", 8, ctx.measure, area.w)
    return Sheet(True, (note,), "blank")


def cut_counts(ctx: Context, cards: list[Sheet]) -> dict[str, int]:
    """What the guide's workflow counts, from the card pages as laid out:
    the sheets of fronts, the cards on a full sheet and in all, and the
    straight cuts that free a sheet's cards (the cards share their cut
    lines, so a cut runs the whole grid: one more than the columns down,
    one more than the rows across)."""
    fronts = [s for s in cards if s.label.startswith("fronts ")]
    on_sheet = [sum(1 for it in s.items if isinstance(it, Group) and it.tag and it.tag[0] == Tag.CARD) for s in fronts]
    g = grid_of(ctx.spec, ctx)
    return {"sheets": len(fronts), "per_sheet": max(on_sheet, default=0), "cards": sum(on_sheet),
            "down": g.cols + 1, "across": g.rows + 1, "cuts": g.cols + g.rows + 2}


def page_map(ctx: Context, lead: list[str], first: int, last: int, spare_last: int) -> str:
    """Page 1's one-line map of the file: the pages of the rules, the guide
    and the die (from the lead pages' labels), the alignment test, the cards
    and the spare backs (from where the card pages start and end)."""
    cat = ctx.cat
    parts: list[tuple[str, int, int]] = []
    for i, lb in enumerate(lead, 1):
        key = "map_rules" if lb.startswith("rules") else "map_guide" if lb.startswith(GUIDE) else "map_die" if lb == "die" else ""
        if not key:
            continue
        if parts and parts[-1][0] == key:
            parts[-1] = (key, parts[-1][1], i)
        else:
            parts.append((key, i, i))
    if ctx.options.backs.is_duplex:
        parts += [("map_test", first, first + 1), ("map_cards", first + 2, last)]
        if spare_last > last:
            parts.append(("map_spares", last + 1, spare_last))
    else:
        parts.append(("map_cards", first, last))
    items = [cat.text(key, pages=f"{a}–{b}" if b > a else f"{a}") for key, a, b in parts]
    # semicolons part the items: unlike a "·" they read the same at a line end (native NL 12-6); a full stop ends
    # the map like the box's other lines
    return "**" + cat.text("page_map_label") + "** " + "; ".join(items) + "."


def build(ctx: Context) -> list[Sheet]:
    duplex = ctx.options.backs.is_duplex
    cards = card_sheets(ctx)
    counts = cut_counts(ctx, cards)
    spares = spare_sheets(ctx)  # the appendix, after the cards
    times = max((sheets_of(ctx, c) for c in ctx.spec.colours_for(ctx.options.players)), default=0)

    def numbers_for(lead: list[Sheet] | None) -> dict[str, int | str]:
        """The page numbers the text names, for the lead pages laid out (or
        the usual count: two pages of rules, then the printing guide in a
        duplex mode, then the die)."""
        labels = [s.label for s in lead] if lead is not None else \
            ["rules 1", "rules 2", *([GUIDE] if duplex else []), "die"]
        lead_pages = len(labels) + (len(labels) % 2 if duplex else 0) if lead is None else len(labels)
        first = lead_pages + 1
        last = lead_pages + len(cards)
        # the pages of card fronts: as one reads them, and as typed into a print dialog's page field
        pages = [str(first + i) for i, s in enumerate(cards) if s.label.startswith("fronts ")]
        # as one reads them, each colour's pages named by it: whoever plays with fewer colours prints fewer
        by_colour: dict[str, list[str]] = {}
        for i, s in enumerate(cards):
            if s.label.startswith("fronts "):
                by_colour.setdefault(s.label.removeprefix("fronts "), []).append(str(first + i))
        fronts = ", ".join(f"{', '.join(ps)} ({ctx.cat.text(cid)})" for cid, ps in by_colour.items())
        spare_last = last + len(spares)
        return {"first": first, "second": first + 1, "third": first + 2, "last": last, **counts,
                "spare_first": last + 1, "spare_last": spare_last, "spare_times": times,
                "page_map": page_map(ctx, labels, first, last, spare_last),
                "fronts": fronts, "fronts_dialog": ",".join(pages),
                "guide": next((i for i, lb in enumerate(labels, 1) if lb.startswith(GUIDE)), 0),
                "die": next((i for i, lb in enumerate(labels, 1) if lb == "die"), 0)}

    # start from the usual count: when it holds, one layout of the text is enough
    numbers = numbers_for(None)
    lead: list[Sheet] = []
    for _ in range(3):  # the page numbers in the text can change how many pages the text takes
        lead = lead_sheets(ctx, numbers)
        want = numbers_for(lead)
        if want == numbers:
            break
        numbers = want
    else:  # pragma: no cover - the text does not settle on a page count
        raise LayoutError("the rules pages do not settle on a page count")
    # the backs' headers name the guide's page, the alignment test the spare backs: lay the cards out again
    # (the same number of pages) with the numbers found
    if numbers["die"] != die_page(ctx.options):  # pragma: no cover - the rules fill their sheet
        raise LayoutError(f"the die is on page {numbers['die']}, not {die_page(ctx.options)} as the kit list says")
    guide = int(numbers["guide"]) or None
    note = ctx.cat.text("align_spare", **numbers) if duplex else ""
    return lead + card_sheets(ctx, guide, note, len(lead) + 1) + spares


KIT = Kit(
    id=KIT_ID,
    load_spec=load_spec,
    build=build,
    text_values=text_values,
    expected=expected,
    invariants=invariants,
    options=(KitOption.PLAYERS, KitOption.BACKS),
    pieces=ludo_pieces,
)
