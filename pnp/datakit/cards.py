"""Print-shop pieces (--format cards) of a data kit, found on its sheets
by the tags its kinds give them (pnp.layout.components does the rest, as
for every kit): each card front followed by the back of its deck, each
board, and each piece (a fold-over piece as its front and its back)."""

from __future__ import annotations

from typing import Any

from pnp.errors import LayoutError
from pnp.geometry import Box, Circle, Group, Path, Rect, Shape
from pnp.layout.components import Raw, _local, _split, _top_tagged, _under, with_backs
from pnp.layout.frame import Sheet
from pnp.modes import Face, Role, Tag


def _cut_box(items: tuple[Shape, ...]) -> Box | None:
    """The outline cut round a piece: a rectangle, a circle or a path, as drawn (no stroke)."""
    for s in items:
        if isinstance(s, Rect) and s.style.role is Role.CUT:
            return Box(s.x, s.y, s.w, s.h)
        if isinstance(s, Circle) and s.style.role is Role.CUT:
            return Box(s.cx - s.r, s.cy - s.r, 2 * s.r, 2 * s.r)
        if isinstance(s, Path) and s.style.role is Role.CUT:
            xs = [c[i] for c in s.cmds for i in range(1, len(c), 2)]
            ys = [c[i] for c in s.cmds for i in range(2, len(c), 2)]
            return Box(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return None


def _tiled_board(board_id: str, sheets: list[Sheet], spec: Any) -> tuple[Group, Box] | None:
    from pnp.kinds.board import Board, whole_from_tiles

    board = next((c for c in spec.components if isinstance(c, Board) and c.id == board_id), None)
    whole = None if board is None else whole_from_tiles(board, sheets)
    if whole is None:
        return None
    group, w, h = whole
    return Group(group.items, tag=(Tag.BOARD, board_id)), Box(0.0, 0.0, w, h)


def find(sheets: list[Sheet], spec: Any) -> list[Raw]:
    from pnp.kinds.deck import Deck

    sizes = {c.id: c.data.card for c in spec.components if isinstance(c, Deck)}
    fronts: list[Raw] = []
    backs: dict[str, Raw] = {}
    out: list[Raw] = []
    counts: dict[str, int] = {}
    for sheet in sheets:
        for i, g in _top_tagged(sheet.items):
            kind, value = g.tag  # type: ignore[misc]
            if kind in (Tag.CARD, Tag.BACK):
                deck = value if kind == Tag.BACK else value.rsplit("-", 1)[0]
                local = Box(0.0, 0.0, *sizes[deck])
                raw = Raw(value if kind == Tag.CARD else deck, Face.FRONT if kind == Tag.CARD else Face.BACK, _local(g), local,
                          _under(sheet.items, i, g, local))
                if kind == Tag.CARD:
                    fronts.append(raw)
                elif value not in backs:
                    backs[value] = raw
                continue
            trim = _cut_box(g.items)
            if kind == Tag.BOARD and trim is None and (whole := _tiled_board(value, sheets, spec)) is not None:
                g, trim = whole  # the print shop prints a tiled board whole
            if trim is None:
                raise LayoutError(f"{kind} {value} has no cut outline")
            name = f"{kind}-{value}"
            counts[name] = counts.get(name, 0) + 1
            if kind != Tag.BOARD:
                name = f"{name}-{counts[name]}"
            faces = _split(g.items, trim)
            if faces:
                front, back, front_items, back_items = faces
                out += [Raw(name, Face.FRONT, (Group(front_items, tag=g.tag),), front),
                        Raw(name, Face.BACK, (Group(back_items, tag=g.tag),), back)]
            else:
                items, background = g.items, None
                first = items[0] if items else None
                if isinstance(first, (Circle, Path)) and first.style.fill is not None and first.style.stroke is None:
                    # a round piece's colour: the shop's page is that colour to its bleed, the die cuts the round
                    items, background = items[1:], first.style.fill
                out.append(Raw(name, Face.ONE_SIDED, (Group(items, tag=g.tag),), trim, background))
    return with_backs(fronts, backs, lambda name: name.rsplit("-", 1)[0]) + out
