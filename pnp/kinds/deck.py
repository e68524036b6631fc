"""The deck kind: cards of one size, their fronts made from fields (title,
text fitted to its box, value, symbol, art, colour) of rows given inline or
in a CSV file (one row a card, with a count column), and a back (colour,
art, label). Cards are butted in the largest grid that fits a landscape
sheet with crop marks; the sheets of fronts and backs for every backs mode
(duplex long and short with --back-offset, gutterfold, none) are the shared
deck's (pnp/layout/deck.py, which the Ludo cards use too), and in a duplex
mode the deck starts on the front of a sheet.

    [[components]]
    kind = "deck"
    id = "card"                      # the validator counts card:<id>, back:<id>
    card = [63.5, 88.9]              # mm
    csv = "cards.csv"                # or [[components.cards]] tables
    fields = { title = "name", text = "effect" }   # which column is which field
    back = { fill = "#1F3A5F", art = "art/back.svg", label = "title" }   # its colour runs 3 mm past the cut

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
from pnp.geometry import ASCENT, PT, Box, Rect, Shape, Style, Text, hex_rgb
from pnp.kinds import Build, Kind
from pnp.kinds.common import Face, art_file, draw_face, face_art, fitted_label
from pnp.layout import deck as shared
from pnp.layout.frame import Sheet, content_box
from pnp.layout.imposition import MARK_GAP, MARK_LEN, Grid
from pnp.layout.marks import label
from pnp.layout.marks import symbol as draw_symbol
from pnp.modes import Anchor, KitOption, Symbol, Variant, said
from pnp.options import Options
from pnp.spec import HEX, SYMBOL, HexColour, Mm, Name, Schema
from pnp.textflow import fit, parse_blocks

INSET = 4.0  # mm: text and symbols keep this far inside the cut
BLEED = 3.0  # mm: how far the backs' colour runs past the cut (the alignment test's text says so)
TEXT_MIN_PT = 6.0
Cell = str | int


class Fields(Schema, kw_only=True, frozen=True):
    """Which column (or inline key) holds each field; "" leaves a field out."""

    title: str = "title"
    text: str = "text"
    value: str = "value"
    symbol: str = "symbol"
    art: str = "art"
    colour: str = "colour"
    count: str = "count"


class DeckData(Schema, tag_field="kind", tag="deck", kw_only=True, frozen=True):
    id: Name = "card"
    card: tuple[Mm, Mm] = (63.5, 88.9)
    csv: Annotated[str, msgspec.Meta(min_length=1)] | None = None
    cards: list[dict[str, Cell]] = []
    fields: Fields = Fields()
    colour: HexColour = "#FFFFFF"  # a card's colour when its row has none
    ink: HexColour = "#000000"
    back: Face = Face(fill="#1F3A5F", ink="#FFFFFF")


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
    for n, r in enumerate(rows, 1):
        extra: Any = r.get(None)  # type: ignore[call-overload]  # DictReader keeps cells past the header under None
        if extra:  # more cells than the header has columns: a comma in a text not in "quotes"?
            raise SpecError(f"{path} row {n}: {len(columns) + len(extra)} values, but the header names "
                            f"{len(columns)} columns (a text with a comma goes in \"double quotes\")")
    return rows, str(path), columns


def load(comp: DeckData, where: Path, data: Any) -> Deck:
    rows, src, columns = _rows(comp, where, data.folder)
    fields = {name: getattr(comp.fields, name) for name in Fields.__struct_fields__}
    # a column named in `fields` must exist; a field left at its own name may be absent (the field is not used)
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
            raise SpecError(f"{at}: {fields['symbol']} {sym!r} should be one of {said(Symbol)}")
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
    return {f"card:{deck.id}": n, f"back:{deck.id}": n if options.backs.has_backs else 0}


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
        out.append(Text(cw / 2, y + ASCENT * s * PT, t, "Sans-Bold", s, w, Anchor.MIDDLE, ink))
        y += 1.3 * s * PT + 1.5
    bottom = ch - INSET
    if card.value:
        t, s, w = fitted_label(card.value, "value", Path(card.row), cw / 3, 16.0, m, where)
        out.append(Text(cw - INSET, bottom - 0.24 * s * PT, t, "Sans-Bold", s, w, Anchor.END, ink))
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
    """A card's back: its colour to the card's edge (left white to save
    ink), its art and label."""
    cw, ch = deck.data.card
    cat = build.ctx.cat

    def text(key: str) -> tuple[str, Path]:
        return cat.text(key), cat.file_of(key)

    face = deck.data.back
    art = list(draw_face(face, cw, ch, deck.back_art, text, build.ctx.measure, f"the back of deck {deck.id!r}"))
    saver = build.ctx.options.variant is Variant.INK_SAVER
    return ([Rect(0, 0, cw, ch, Style(stroke=None, fill=hex_rgb(face.fill)))] if face.fill and not saver else []) + art


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
    """The shared deck's pages (pnp/layout/deck.py), one pile a deck: in a
    duplex mode the alignment test first, on the front of a sheet."""
    opts, cat, m = build.ctx.options, build.ctx.cat, build.ctx.measure
    out: list[Sheet] = []
    if opts.backs.is_duplex and build.pages_before % 2:
        area = content_box(opts.paper, landscape=True)
        out.append(Sheet(True, (label(area.cx, area.cy, cat.text("deck_blank_page"), "Sans-Italic", 8, m, area.w),),
                         "blank"))
    saver = opts.variant is Variant.INK_SAVER
    for i, deck in enumerate(group):
        fronts = tuple((tuple(front(deck, card, build)), f"{deck.id}-{k}") for k, card in enumerate(deck.cards, 1))
        fill = deck.data.back.fill
        pile = shared.Pile(deck.id, fronts, tuple(back(deck, build)), hex_rgb(fill) if fill and not saver else None,
                           cat.text("deck_fronts"), cat.text("deck_backs"), cat.text("deck_gutterfold"))
        out += shared.card_sheets([pile], grid(deck, build), opts, BLEED, cat, m, alignment=i == 0)
    return out


KIND = Kind("deck", DeckData, load, expected, sheets, options=(KitOption.BACKS,))
