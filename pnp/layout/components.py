"""Print-shop components: every cut-out piece of a kit on its own page of
trim + bleed, for card printers and copy shops. Pure geometry in mm.

Nothing is drawn twice: the components are taken from the kit's own sheets,
from the groups it tags as game components (the same tags the validator
counts). A few lines per kit say which tags are pieces, where their trim
is, and which face is the back; everything else is generic:

- cut, fold and crop lines are dropped (the shop cuts; a printed cut line
  shows as a stripe when the knife drifts), and so is a frame drawn on the
  cut (within EDGE of it all round), for the same reason;
- a filled field that comes within EDGE of the trim (a card back's colour,
  a dark piece face, the board's edge squares) runs on to the edge of the
  bleed, and the colour under a component on its sheet fills the bleed, so
  no white sliver shows wherever the knife falls;
- the pieces are the kit's pieces at full size: text and symbols keep
  `safe` mm (3 by default) from the trim in the kit's own art, and a piece
  whose art comes nearer is an error, never a silent shrink (move the label
  in the kit's art instead). Rectangles and lines spanning half the piece
  or more (frames, bands, table rules) are not text or symbols;
- a fold-over piece (two faces beside a fold line, pnp.layout.foldover) is
  two pieces, its front and its back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pnp.errors import LayoutError, UsageError
from pnp.geometry import (
    RGB,
    Box,
    Group,
    Line,
    Matrix,
    Page,
    Rect,
    Shape,
    Style,
    apply,
    clip_extent,
    compose,
    extent,
    group_matrix,
    is_inked,
    shape_box,
    walk_clipped,
)
from pnp.layout.frame import Sheet
from pnp.modes import Face, Role, Tag

if TYPE_CHECKING:  # a kit module imports its finder from here: no print-shop presets loaded for a plain render
    from pnp.kits import Kit
    from pnp.presets import Preset

SAFE_ZONE = 3.0  # mm: no text or symbol nearer the trim
EDGE = 1.0  # mm: a field this near the trim is a background and runs on into the bleed
MIN_FIELD = 5.0  # mm: a smaller filled rectangle is a symbol, not a field
FIT_TOLERANCE = 0.03  # a preset takes components within 3 % of its trim size


@dataclass(frozen=True)
class Raw:
    """A piece as found on a sheet: its shapes, its trim box and the colour
    under it, all in the coordinates of its shapes."""

    name: str
    side: Face
    items: tuple[Shape, ...]
    trim: Box
    background: RGB | None = None


@dataclass(frozen=True)
class Component:
    name: str
    side: Face
    page: Page  # trim + bleed; page.trim is the trim box

    @property
    def file_part(self) -> str:
        return f"{self.name}-{self.side}" if self.side is not Face.ONE_SIDED else self.name


# ---- finding the pieces on a kit's sheets --------------------------------------------------------------------------

def _top_tagged(items: tuple[Shape, ...]) -> Iterator[tuple[int, Group]]:
    for i, s in enumerate(items):
        if isinstance(s, Group) and s.tag is not None:
            yield i, s


def _local(g: Group) -> tuple[Shape, ...]:
    """A tagged group's shapes in its own coordinates, still tagged (so the
    cards PDF says what each page is, as the kit's PDF does)."""
    return (Group(g.items, tag=g.tag, clip=g.clip),)


def _cut_rect(items: tuple[Shape, ...]) -> Box | None:
    for s in items:
        if isinstance(s, Rect) and s.style.role is Role.CUT:
            return Box(s.x, s.y, s.w, s.h)
    return None


def _rect_of(g: Group) -> Box:
    """The first rectangle of a group, in its parent's coordinates (a
    board square), without its stroke."""
    for s in g.items:
        if isinstance(s, Rect):
            m = group_matrix(g)
            (x0, y0), (x1, y1) = apply(m, s.x, s.y), apply(m, s.x + s.w, s.y + s.h)
            return Box(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
    raise LayoutError(f"component {g.tag} has no rectangle")


def _under(sheet_items: tuple[Shape, ...], before: int, g: Group, trim: Box) -> RGB | None:
    """The fill of the last untagged rectangle drawn before `g` on its sheet
    that covers g's whole trim: the colour the piece is printed on."""
    m = group_matrix(g)
    corners = [apply(m, x, y) for x in (trim.x, trim.right) for y in (trim.y, trim.bottom)]
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    box = Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    for s in reversed(sheet_items[:before]):
        if isinstance(s, Rect) and s.style.fill is not None and Box(s.x, s.y, s.w, s.h).contains(box, 0.01):
            return s.style.fill
    return None


def _split(items: tuple[Shape, ...], trim: Box) -> tuple[Box, Box, tuple[Shape, ...], tuple[Shape, ...]] | None:
    """Two faces side by side (a cut or fold line down the middle of the
    trim): the left face and its shapes, the right face and its shapes. A
    shape that reaches across that line by more than EDGE on both sides (a
    field under both faces) is under both faces: each gets it, and its own
    trim runs it on into the bleed."""
    for s in items:
        if (isinstance(s, Line) and s.style.role in (Role.CUT, Role.FOLD) and abs(s.x1 - s.x2) < 1e-6
                and abs(s.x1 - trim.cx) < 1e-6):
            x = s.x1
            left: list[Shape] = []
            right: list[Shape] = []
            for it in items:
                e = extent(it)
                if e is None or _is_guide(it):
                    continue
                if e[0] < x - EDGE and e[2] > x + EDGE:
                    left.append(it)
                    right.append(it)
                else:
                    (left if (e[0] + e[2]) / 2 < x else right).append(it)
            return (Box(trim.x, trim.y, x - trim.x, trim.h), Box(x, trim.y, trim.right - x, trim.h),
                    tuple(left), tuple(right))
    return None


def ludo_pieces(sheets: list[Sheet], spec: Any) -> list[Raw]:
    """Every card front, each followed by the back of its colour."""
    cw, ch = spec.card
    local = Box(0.0, 0.0, cw, ch)
    fronts: list[Raw] = []
    backs: dict[str, Raw] = {}
    for sheet in sheets:
        for i, g in _top_tagged(sheet.items):
            kind, value = g.tag  # type: ignore[misc]
            if kind == Tag.CARD:
                fronts.append(Raw(value, Face.FRONT, _local(g), local, _under(sheet.items, i, g, local)))
            elif kind == Tag.BACK and value not in backs:
                backs[value] = Raw(value, Face.BACK, _local(g), local, _under(sheet.items, i, g, local))
    return with_backs(fronts, backs, lambda name: name.rsplit("-", 2)[0])


def with_backs(fronts: list[Raw], backs: dict[str, Raw], deck_of: Callable[[str], str]) -> list[Raw]:
    """Each card front followed by the back of its deck (`deck_of` names the
    deck from the front's name), the back taking the front's name."""
    out: list[Raw] = []
    for f in fronts:
        out.append(f)
        deck = deck_of(f.name)
        if deck in backs:
            out.append(replace(backs[deck], name=f.name))
    return out


def kesse_pieces(sheets: list[Sheet], _spec: Any) -> list[Raw]:
    """The board (its squares, the barn and the frame round them), then the tokens."""
    out: list[Raw] = []
    counts: dict[str, int] = {}
    for sheet in sheets:
        if sheet.instead_of:
            continue  # the low-ink board and tokens, printed at home instead of the colour ones: a shop takes those
        squares = [g for _, g in _top_tagged(sheet.items) if g.tag and g.tag[0] in (Tag.FIELD, Tag.BARN)]
        if squares:
            board = _rect_of(squares[0])
            for g in squares[1:]:
                board = board.union(_rect_of(g))
            frame = board.inset(-1.0)
            loose = [s for s in sheet.items if not (isinstance(s, Group) and s.tag) and (e := extent(s)) is not None
                     and frame.contains(Box(e[0], e[1], e[2] - e[0], e[3] - e[1]))]
            out.append(Raw("board", Face.ONE_SIDED, (*squares, *loose), board))
        for _, g in _top_tagged(sheet.items):
            if g.tag and g.tag[0] == Tag.TOKEN:
                trim = _cut_rect(g.items)
                if trim is None:
                    raise LayoutError(f"token {g.tag[1]} has no cut outline")
                counts[g.tag[1]] = counts.get(g.tag[1], 0) + 1
                out.append(Raw(f"{g.tag[1]}-{counts[g.tag[1]]:02d}", Face.ONE_SIDED, _local(g), trim))
    return out


def tab_pieces(sheets: list[Sheet], _spec: Any) -> list[Raw]:
    """The board and the pieces (plain face in front, starred face behind); not the row-4 bands."""
    out: list[Raw] = []
    counts: dict[str, int] = {}
    # the grey pieces page (page 2) saves ink at home; a shop prints the same pieces from the solid black
    # page that may be printed instead of it (the last), so the grey one is skipped: each piece comes once
    greyed = {sheet.instead_of for sheet in sheets if sheet.instead_of}
    for sheet in sheets:
        if sheet.label in greyed:
            continue
        for _, g in _top_tagged(sheet.items):
            kind, value = g.tag  # type: ignore[misc]
            if kind in (Tag.THROWS, Tag.MARKER):
                # the coin-throw tables are a play aid cut from the kit's own sheet, and the row-4 markers paper
                # bands glued into a loop round a piece at home (round 18): neither is a shop's piece
                continue
            trim = _cut_rect(g.items)
            if trim is None:
                raise LayoutError(f"{kind} {value} has no cut outline")
            name = kind if kind == Tag.BOARD else f"{kind}-{value}"
            counts[name] = counts.get(name, 0) + 1
            if kind != Tag.BOARD:
                name = f"{name}-{counts[name]}"
            faces = _split(g.items, trim) if kind in (Tag.PIECE, Tag.MARKER) else None  # fold-over: two faces
            if faces:
                front, back, front_items, back_items = faces
                out += [Raw(name, Face.FRONT, (Group(front_items, tag=g.tag),), front),
                        Raw(name, Face.BACK, (Group(back_items, tag=g.tag),), back)]
            else:
                out.append(Raw(name, Face.ONE_SIDED, _local(g), trim))
    return out


Finder = Callable[[list[Sheet], Any], list[Raw]]  # a kit's print-shop pieces on its sheets (Kit.pieces)


# ---- one piece on its own page -------------------------------------------------------------------------------------

def _is_guide(s: Shape) -> bool:
    style = getattr(s, "style", None)
    return style is not None and style.role is not Role.ART


def _strip_guides(items: tuple[Shape, ...]) -> tuple[Shape, ...]:
    out: list[Shape] = []
    for s in items:
        if isinstance(s, Group):
            out.append(replace(s, items=_strip_guides(s.items)))
        elif not _is_guide(s):
            out.append(s)
    return tuple(out)


def _lift_fields(items: tuple[Shape, ...], m: Matrix, w: float, h: float, bleed: float,
                 fields: list[Shape]) -> tuple[Shape, ...]:
    """The shapes less the fields that reach the trim (those go, in piece
    coordinates and run on to the bleed edge, into `fields`) and less a
    frame on the trim."""
    out: list[Shape] = []
    for s in items:
        if isinstance(s, Group):
            out.append(replace(s, items=_lift_fields(s.items, compose(m, group_matrix(s)), w, h, bleed, fields)))
            continue
        a, b, c, d, _, _ = m
        if isinstance(s, Rect) and b == 0 and c == 0 and a > 0 and d > 0:
            (x0, y0), (x1, y1) = apply(m, s.x, s.y), apply(m, s.x + s.w, s.y + s.h)
            near = (x0 <= EDGE, y0 <= EDGE, x1 >= w - EDGE, y1 >= h - EDGE)
            if s.style.fill is None:
                if not all(near):
                    out.append(s)
                # else: a frame drawn on the cut; the cut is the edge now, and a knife 1 mm off would show
                # the frame on one side only
                continue
            if any(near) and min(x1 - x0, y1 - y0) >= MIN_FIELD:
                x0, y0 = (-bleed if near[0] else x0), (-bleed if near[1] else y0)
                x1, y1 = (w + bleed if near[2] else x1), (h + bleed if near[3] else y1)
                fields.append(Rect(x0, y0, x1 - x0, y1 - y0, replace(s.style, width=s.style.width * a)))
                continue
        out.append(s)
    return tuple(out)


def _untagged(items: tuple[Shape, ...]) -> tuple[Shape, ...]:
    return tuple(replace(s, items=_untagged(s.items), tag=None) if isinstance(s, Group) else s for s in items)


def _is_frame(s: Shape, box: Box, w: float, h: float) -> bool:
    return isinstance(s, Rect | Line) and (box.w >= w / 2 or box.h >= h / 2)


def content_boxes(items: tuple[Shape, ...], w: float, h: float) -> list[tuple[Shape, Box]]:
    """The text and symbols of a piece (every inked shape but frames and
    rules spanning half of it), with their boxes."""
    out = []
    for s, m, clip in walk_clipped(items):
        if is_inked(s):
            box = shape_box(s, m)
            if clip is not None:  # what a clip cuts away is not there
                e = clip_extent((box.x, box.y, box.right, box.bottom), Rect(clip.x, clip.y, clip.w, clip.h))
                if e is None:
                    continue
                box = Box(e[0], e[1], e[2] - e[0], e[3] - e[1])
            if not _is_frame(s, box, w, h):
                out.append((s, box))
    return out


def nearest(boxes: list[Box], w: float, h: float) -> float:
    """How near the trim of a w x h piece the nearest of `boxes` comes, in mm
    (negative past it)."""
    return min((min(b.x, b.y, w - b.right, h - b.bottom) for b in boxes), default=min(w, h) / 2)


def finish(raw: Raw, bleed: float, safe: float, size: tuple[float, float] | None = None) -> Component:
    """One piece on a page of its trim (or `size`, the art scaled to it)
    plus `bleed` on every side, with its fields run on into the bleed.
    LayoutError if its text and symbols come nearer than `safe` mm to the
    trim: the art is the kit's, at the size the kit prints it."""
    t = raw.trim
    w, h = size or (t.w, t.h)
    k = min(w / t.w, h / t.h)
    placed = Group(_strip_guides(raw.items), w / 2 - k * t.cx, h / 2 - k * t.cy, scale=k)
    fields: list[Shape] = []
    art = _lift_fields((placed,), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), w, h, bleed, fields)
    near = nearest([b for _, b in content_boxes(art, w, h)], w, h)
    if near < safe - 1e-6:
        raise LayoutError(f"{raw.name} {raw.side}: its text or a symbol comes {near:.2f} mm from the trim of a "
                          f"{w:g} x {h:g} mm piece; a print shop asks for {safe:g} mm")
    one = raw.items[0] if len(raw.items) == 1 else None
    tag = one.tag if isinstance(one, Group) else None
    if tag is not None and fields:  # a piece that is one tagged group keeps its fields in it
        art = (Group((*fields, *_untagged(art)), tag=tag),)
        fields = []
    under: list[Shape] = []
    if raw.background is not None:
        under.append(Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(stroke=None, fill=raw.background)))
    page = Page(w + 2 * bleed, h + 2 * bleed, (Group((*under, *fields, *art), bleed, bleed),),
                label=f"{raw.name} {raw.side}".strip(), trim=Box(bleed, bleed, w, h))
    return Component(raw.name, raw.side, page)


def components(kit: Kit, sheets: list[Sheet], spec: Any, bleed: float, preset: Preset | None = None) -> list[Component]:
    """The kit's pieces in deck order: each front followed by its back (or
    the back first, if the preset says so). A kit module names its finder
    (`Kit.pieces`); a data kit's kinds tag every piece."""
    kit_id = kit.id
    finder = kit.pieces
    if finder is None and hasattr(spec, "components"):  # a data kit: its kinds tag every piece
        from pnp.datakit.cards import find as finder
    if finder is None:
        raise UsageError(f"{kit_id} has no cut-out components for --format cards")
    from pnp.presets import MAX_BLEED

    if not (0 <= bleed <= MAX_BLEED):  # NaN fails too
        raise UsageError(f"--bleed {bleed}: choose between 0 and {MAX_BLEED:g} mm")
    raws = finder(sheets, spec)
    size = None
    if preset is not None:
        size = preset.trim
        for r in raws:
            if any(abs(a / b - 1) > FIT_TOLERANCE for a, b in zip((r.trim.w, r.trim.h), size, strict=True)):
                raise UsageError(f"preset {preset.id} is for {size[0]:g} x {size[1]:g} mm cards; {kit_id}'s {r.name} is "
                                 f"{r.trim.w:.1f} x {r.trim.h:.1f} mm")
        if preset.order.backs_first:
            raws = _backs_first(raws)
    safe = preset.safe if preset else SAFE_ZONE
    return [finish(r, bleed, safe, size) for r in raws]


def _backs_first(raws: list[Raw]) -> list[Raw]:
    out = list(raws)
    for i in range(len(out) - 1):
        if out[i].side is Face.FRONT and out[i + 1].side is Face.BACK and out[i].name == out[i + 1].name:
            out[i], out[i + 1] = out[i + 1], out[i]
    return out
