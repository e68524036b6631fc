"""The deck kind: cards of one size, their fronts made from fields (title,
text fitted to its box, value, symbol, art, colour) of rows given inline or
in a CSV file (one row a card, with a count column), and a back (colour,
art, label). Cards are butted in the largest grid that fits a landscape
sheet with crop marks (pnp.layout.imposition); in a duplex mode each sheet
of fronts is followed by its backs, placed behind their fronts for the flip
(imposition.back_slot), shifted by --back-offset, their colour running
`bleed` mm past the cut, and the deck starts on the front of a sheet.

    [[components]]
    kind = "deck"
    id = "card"                      # the validator counts card:<id>, back:<id>
    card = [63.5, 88.9]              # mm
    csv = "cards.csv"                # or [[components.cards]] tables
    fields = { title = "name", text = "effect" }   # which column is which field
    back = { fill = "#1F3A5F", art = "art/back.svg", label = "title" }

A cell starting with $ is a catalog key ($card_fire), so the cards are
translated like every text; any other cell is printed as it is.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from pnp.datakit.art import Art
from pnp.errors import LayoutError, SpecError
from pnp.geometry import PT, Box, Group, Rect, Shape, Style, Text, hex_rgb
from pnp.kinds import Build, Kind
from pnp.kinds.common import Face, art_file, draw_face, face_art, fitted_label
from pnp.layout.frame import Sheet, content_box
from pnp.layout.imposition import MARK_GAP, MARK_LEN, Grid, back_slot, crop_marks, cut_lines, page_shift
from pnp.layout.marks import label
from pnp.layout.marks import symbol as draw_symbol
from pnp.options import Options
from pnp.spec import HEX, SYMBOL, HexColour, Margin, Mm, Name, Schema
from pnp.textflow import fit, parse_blocks

DUPLEX = ("duplex-long", "duplex-short")
MODES = ("none", *DUPLEX)  # the backs modes a data deck prints
INSET = 4.0  # mm: text and symbols keep this far inside the cut
TEXT_MIN_PT = 6.0
Cell = str | int


class Fields(Schema, kw_only=True):
    """Which column (or inline key) holds each field; "" leaves a field out."""

    title: str = "title"
    text: str = "text"
    value: str = "value"
    symbol: str = "symbol"
    art: str = "art"
    colour: str = "colour"
    count: str = "count"


class DeckData(Schema, tag_field="kind", tag="deck", kw_only=True):
    id: Name = "card"
    card: tuple[Mm, Mm] = (63.5, 88.9)
    csv: Annotated[str, msgspec.Meta(min_length=1)] | None = None
    cards: list[dict[str, Cell]] = []
    fields: Fields = Fields()
    colour: HexColour = "#FFFFFF"  # a card's colour when its row has none
    ink: HexColour = "#000000"
    back: Face = Face(fill="#1F3A5F", ink="#FFFFFF")
    bleed: Margin = 3.0  # mm: how far the backs' colour runs past the cut (at most)


@dataclass(frozen=True)
class Card:
    row: str  # where the card comes from, for errors: "cards.csv row 3"
    title: str
    text: str
    value: str
    symbol: str
    art: Art | None
    colour: str


@dataclass(frozen=True)
class Deck:
    kind = "deck"
    data: DeckData
    cards: tuple[Card, ...]  # one per card printed (a row with count 3 is there 3 times)
    back_art: Art | None

    @property
    def id(self) -> str:
        return self.data.id


def _rows(comp: DeckData, where: Path, folder: Path) -> tuple[list[dict[str, str]], str, list[str]]:
    """The rows as text, what they are called in errors, and the columns there are."""
    if (comp.csv is None) == (not comp.cards):
        raise SpecError(f"{where}: a deck has its cards in csv = \"file.csv\" or in [[cards]] tables (one of the two)")
    if comp.csv is None:
        rows = [{k: str(v) for k, v in r.items()} for r in comp.cards]
        return rows, f"{where}.cards", sorted({k for r in rows for k in r})
    path = (folder / comp.csv).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise SpecError(f"{where}.csv: {comp.csv!r} lies outside the kit's folder")
    try:
        with path.open(encoding="utf-8-sig", newline="") as f:
            reader = csv.DictReader(f)
            rows = [dict(r) for r in reader]
            columns = list(reader.fieldnames or [])
    except FileNotFoundError:
        raise SpecError(f"{path}: the deck's CSV file is missing ({where}.csv)") from None
    except UnicodeDecodeError:
        raise SpecError(f"{path}: not UTF-8 text") from None
    except (OSError, csv.Error) as e:
        raise SpecError(f"{path}: cannot read the CSV file: {e}") from None
    return rows, str(path), columns


def load(comp: DeckData, where: Path, data: Any) -> Deck:
    rows, src, columns = _rows(comp, where, data.folder)
    fields = {name: getattr(comp.fields, name) for name in Fields.__struct_fields__}
    for name, column in fields.items():
        if column and column not in columns and (comp.csv is not None and column != name):
            raise SpecError(f"{src}: no column {column!r} (the deck's fields.{name}); its columns are "
                            f"{', '.join(columns) or 'none'}")
    cards: list[Card] = []
    for n, row in enumerate(rows, 1):
        at = f"{src} row {n}" if comp.csv else f"{src}[{n - 1}]"

        def cell(name: str, row: dict[str, str] = row) -> str:
            column = fields[name]
            return (row.get(column) or "").strip() if column else ""

        count_text = cell("count") or "1"
        if not count_text.isdigit():
            raise SpecError(f"{at}: {fields['count']} {count_text!r} is not a whole number of cards")
        sym = cell("symbol")
        if sym and not re.match(SYMBOL, sym):
            raise SpecError(f"{at}: {fields['symbol']} {sym!r} should be one of circle, square, triangle, diamond")
        colour = cell("colour") or comp.colour
        if not re.match(HEX, colour):
            raise SpecError(f"{at}: {fields['colour']} {colour!r} should be a colour written #RRGGBB")
        art = art_file(data.folder, cell("art"), f"{at}: {fields['art']}") if cell("art") else None
        card = Card(at, cell("title"), cell("text"), cell("value"), sym, art, colour)
        cards += [card] * int(count_text)
    if not cards:
        raise SpecError(f"{src}: the deck has no cards")
    return Deck(comp, tuple(cards), face_art(data.folder, comp.back, f"{where}.back.art"))


def expected(deck: Deck, options: Options, data: Any) -> dict[str, int]:
    n = len(deck.cards)
    return {f"card:{deck.id}": n, f"back:{deck.id}": n if options.backs != "none" else 0}


def _text(cell: str, build: Build) -> tuple[str, Path | None, str]:
    """A cell's text: a $key from the catalog, or the cell as it is."""
    cat = build.ctx.cat
    if cell.startswith("$"):
        key = cell[1:]
        return cat.text(key), cat.file_of(key), key
    return cell, None, ""


def front(deck: Deck, card: Card, build: Build) -> list[Shape]:
    cw, ch = deck.data.card
    m = build.ctx.measure
    ink = hex_rgb(deck.data.ink)
    out: list[Shape] = [Rect(0, 0, cw, ch, Style(stroke=None, fill=hex_rgb(card.colour)))]
    y = INSET
    where = f"{card.row} (deck {deck.id!r})"
    if card.title:
        text, file, key = _text(card.title, build)
        t, s, w = fitted_label(text, key or "title", file or Path(card.row), cw - 2 * INSET, 12.0, m, where)
        out.append(Text(cw / 2, y + 0.93 * s * PT, t, "Sans-Bold", s, w, "middle", ink))
        y += 1.3 * s * PT + 1.5
    bottom = ch - INSET
    if card.value:
        t, s, w = fitted_label(card.value, "value", Path(card.row), cw / 3, 16.0, m, where)
        out.append(Text(cw - INSET, bottom - 0.24 * s * PT, t, "Sans-Bold", s, w, "end", ink))
        bottom -= 1.2 * s * PT + 1.0
    art_h = (bottom - y) * (0.55 if card.text else 1.0)
    if card.art is not None:
        out.append(card.art.placed(INSET, y, cw - 2 * INSET, art_h - 1.0))
    elif card.symbol:
        out.append(draw_symbol(card.symbol, cw / 2, y + art_h / 2, min(cw, art_h) * 0.25, ink))
    if card.text:
        text, file, key = _text(card.text, build)
        box = Box(INSET, y + (art_h if (card.art or card.symbol) else 0.0), cw - 2 * INSET,
                  bottom - y - (art_h if (card.art or card.symbol) else 0.0))
        try:
            cols, _ = fit(parse_blocks([text], build.ctx.cat.lang), [box], m, 9.0, TEXT_MIN_PT)
        except LayoutError:
            where = f"{file}: {key} (the text of {card.row})" if file else card.row
            raise LayoutError(f"{where}: the text does not fit its box ({box.w:.1f} x {box.h:.1f} mm) even at "
                              f"{TEXT_MIN_PT:g} pt") from None
        out += cols[0]
    return out


def back(deck: Deck, build: Build) -> list[Shape]:
    cw, ch = deck.data.card
    cat = build.ctx.cat

    def text(key: str) -> tuple[str, Path]:
        return cat.text(key), cat.file_of(key)

    face = deck.data.back
    art = list(draw_face(face, cw, ch, deck.back_art, text, build.ctx.measure, f"the back of deck {deck.id!r}"))
    return ([Rect(0, 0, cw, ch, Style(stroke=None, fill=hex_rgb(face.fill)))] if face.fill else []) + art


def frame_boxes(g: Grid, build: Build) -> dict[str, Any]:
    """The header and the scale check between the crop marks (as the Ludo cards have them)."""
    paper = build.ctx.options.paper
    safe = paper.safe(landscape=True)
    b = g.box
    bar_x = b.x + 3.0
    mark_end = b.bottom + MARK_GAP + MARK_LEN + 1.0
    return {"header": Box(safe.x, safe.y, safe.w, 4.0), "scale": (bar_x, safe.bottom - 0.5),
            "scale_label": Box(bar_x + paper.scale_bar + 4.0, mark_end, safe.right - bar_x - 60.0,
                               safe.bottom - mark_end)}


def grid(deck: Deck, build: Build) -> Grid:
    """The most cards that fit a landscape sheet with their crop marks, the
    header above and the scale check below (both between the marks)."""
    paper = build.ctx.options.paper
    cw, ch = deck.data.card
    w, h = paper.size(True)
    safe = paper.safe(True)
    need = MARK_GAP + MARK_LEN
    cols = int((safe.w - 2 * need) // cw)
    rows = int((safe.h - 2 * (need + 1.0)) // ch)
    if cols < 1 or rows < 1:
        raise LayoutError(f"deck {deck.id!r}: a card of {cw:g} x {ch:g} mm does not fit {paper.name} with crop marks")
    return Grid(w, h, cw, ch, cols, rows)


def sheets(group: list[Deck], build: Build) -> list[Sheet]:
    opts, cat = build.ctx.options, build.ctx.cat
    if opts.backs not in MODES:
        raise LayoutError(f"--backs {opts.backs}: a data kit's deck prints backs {', '.join(MODES)}")
    out: list[Sheet] = []
    if opts.backs in DUPLEX and build.pages_before % 2:  # the first front is the front of a sheet
        area = content_box(opts.paper, landscape=True)
        out.append(Sheet(True, (label(area.cx, area.cy, cat.text("deck_blank_page"), "Sans-Italic", 8, build.ctx.measure,
                                      area.w),), "blank"))
    for deck in group:
        g = grid(deck, build)
        fb = frame_boxes(g, build)
        per = g.cols * g.rows
        back_art = tuple(back(deck, build))
        for start in range(0, len(deck.cards), per):
            chunk = deck.cards[start : start + per]
            items: list[Shape] = []
            for (col, row), (k, card) in zip(g.slots(), enumerate(chunk, start + 1), strict=False):
                cell = g.cell(col, row)
                items.append(Group(tuple(front(deck, card, build)), cell.x, cell.y, tag=("card", f"{deck.id}-{k}")))
            items += cut_lines(g) + crop_marks(g)
            out.append(Sheet(True, tuple(items), f"fronts {deck.id}", header=fb["header"], scale=fb["scale"],
                             scale_label=fb["scale_label"], caption=cat.text("deck_fronts")))
            if opts.backs in DUPLEX:
                out.append(back_sheet(deck, g, back_art, len(chunk), fb, build))
    return out


def back_sheet(deck: Deck, g: Grid, art: tuple[Shape, ...], count: int, fb: dict[str, Any], build: Build) -> Sheet:
    """The backs of one sheet of fronts, behind them for the flip, shifted by
    --back-offset, the back's colour running past the cut on the block's
    outer edges."""
    opts = build.ctx.options
    ox, oy = page_shift(opts.backs, opts.back_offset)
    safe = opts.paper.safe(landscape=True)
    b = g.box
    bleed_x = min(deck.data.bleed, b.x - safe.x - abs(ox) - 0.01)
    bleed_y = min(deck.data.bleed, b.y - (safe.y + 4.5) - abs(oy))
    if bleed_x < 0 or bleed_y < 0:
        raise LayoutError(f"--back-offset {opts.back_offset[0]:g},{opts.back_offset[1]:g} mm pushes the backs "
                          "into the printer's margin")
    used = [back_slot(opts.backs, c, r, g) for (c, r) in g.slots()[:count]]
    boxes = [g.cell(c, r) for c, r, _ in used]
    area = boxes[0]
    for bx in boxes[1:]:
        area = area.union(bx)
    items: list[Shape] = []
    fill = deck.data.back.fill
    if fill and opts.variant != "ink-saver":
        items.append(Rect(area.x - bleed_x + ox, area.y - bleed_y + oy, area.w + 2 * bleed_x, area.h + 2 * bleed_y,
                          Style(stroke=None, fill=hex_rgb(fill))))
    for c, r, rot in used:
        cell = g.cell(c, r)
        if rot:
            items.append(Group(art, cell.right + ox, cell.bottom + oy, 180.0, tag=("back", deck.id)))
        else:
            items.append(Group(art, cell.x + ox, cell.y + oy, tag=("back", deck.id)))
    return Sheet(True, tuple(items), f"backs {deck.id}", header=fb["header"], scale=fb["scale"],
                 scale_label=fb["scale_label"], caption=build.ctx.cat.text("deck_backs"))


KIND = Kind("deck", DeckData, load, expected, sheets, options=("backs",))
