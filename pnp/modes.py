"""Every mode pnp knows, as a type: the one place a mode's spelling lives.

A leaf module (it imports nothing of pnp). The members are `StrEnum`s, so a
member *is* its string: file names, PDF keywords and command-line values stay
byte-identical, and a member formats as its value. Strings from outside (the
command line, a data kit's files, a PDF's keywords) are converted once where
they come in (`Backs(value)`); everywhere else code compares members and asks
them what they mean (`backs.is_duplex`, `backs.other_flip`), never a string.

A new backs mode is a member here plus what it draws (pnp/layout/deck.py).
tests/test_modes.py fails on any comparison, `in` test or case pattern
elsewhere in pnp against a string spelled like a member here.
"""

from __future__ import annotations

from enum import StrEnum


class Backs(StrEnum):
    """How card backs are printed (`--backs`)."""

    DUPLEX_LONG = "duplex-long"  # on the back of the sheet; the printer turns it over its long edge
    DUPLEX_SHORT = "duplex-short"  # ... over its short edge
    GUTTERFOLD = "gutterfold"  # front and back side by side on one page, folded along the gutter
    NONE = "none"  # fronts only

    @property
    def is_duplex(self) -> bool:
        """Backs on a page of their own, behind the fronts (a second side of the sheet)."""
        return self in (Backs.DUPLEX_LONG, Backs.DUPLEX_SHORT)

    @property
    def has_backs(self) -> bool:
        """Whether the cards get backs at all."""
        return self is not Backs.NONE

    @property
    def other_flip(self) -> Backs:
        """The flip a printer set the wrong way would make (a duplex mode only)."""
        if not self.is_duplex:
            raise ValueError(f"no flip in backs mode {self.value!r}")
        return Backs.DUPLEX_SHORT if self is Backs.DUPLEX_LONG else Backs.DUPLEX_LONG

    @property
    def flips_rows(self) -> bool:
        """A landscape sheet turned over its long edge (the horizontal axis)
        mirrors rows; over its short edge, columns (a duplex mode only)."""
        if not self.is_duplex:
            raise ValueError(f"no flip in backs mode {self.value!r}")
        return self is Backs.DUPLEX_LONG

    # The catalog keys a backs mode's texts live under, written whole so that
    # grepping for a key finds its use: a new mode names its texts here (and
    # writes them in the catalogs), not in the code that prints them.
    @property
    def print_key(self) -> str:
        """How to print a kit with these backs (Ludo's page 1): a duplex kit
        gives the quick route (the fronts alone; the backs only look nice)."""
        return {Backs.DUPLEX_LONG: "quick", Backs.DUPLEX_SHORT: "quick",
                Backs.GUTTERFOLD: "print_gutterfold", Backs.NONE: "print_none"}[self]

    @property
    def stock_keys(self) -> tuple[str, ...]:
        """What to print on, one catalog line each (the needs list)."""
        return {Backs.DUPLEX_LONG: ("need_stock_duplex",), Backs.DUPLEX_SHORT: ("need_stock_duplex",),
                Backs.GUTTERFOLD: ("need_stock_gutterfold",), Backs.NONE: ("need_stock_none",)}[self]

    @property
    def edge_key(self) -> str:
        """The edge the sheet is turned over, in words (a duplex mode only)."""
        if not self.is_duplex:
            raise ValueError(f"no flip in backs mode {self.value!r}")
        return {Backs.DUPLEX_LONG: "edge_long", Backs.DUPLEX_SHORT: "edge_short"}[self]

    @property
    def edge_dialog_key(self) -> str:
        """The flip as print dialogs name it, for the guide's first step (a duplex mode only)."""
        if not self.is_duplex:
            raise ValueError(f"no flip in backs mode {self.value!r}")
        return {Backs.DUPLEX_LONG: "edge_long_dialog", Backs.DUPLEX_SHORT: "edge_short_dialog"}[self]

    @property
    def align_wrong_key(self) -> str:
        """What the alignment test says where the backs land when the printer
        made the other flip (a duplex mode only)."""
        if not self.is_duplex:
            raise ValueError(f"no flip in backs mode {self.value!r}")
        return {Backs.DUPLEX_LONG: "align_wrong_long", Backs.DUPLEX_SHORT: "align_wrong_short"}[self]


class Variant(StrEnum):
    """How much ink a kit uses (`--greyscale`, `--ink-saver`)."""

    COLOUR = "colour"
    GREYSCALE = "greyscale"
    INK_SAVER = "ink-saver"


class Format(StrEnum):
    """An output format (`--format`)."""

    PDF = "pdf"
    SVG = "svg"
    CUT_SVG = "cut-svg"
    PNG = "png"
    PROOF = "proof"
    CARDS = "cards"


class Role(StrEnum):
    """What a line is for: artwork, a line to cut along, one to fold on, or a
    mark (crop marks, registration): a cutting machine takes only the cuts."""

    ART = "art"
    CUT = "cut"
    FOLD = "fold"
    MARK = "mark"


class Anchor(StrEnum):
    """Which point of a line of text its x is: its start, middle or end."""

    START = "start"
    MIDDLE = "middle"
    END = "end"

    def left(self, x: float, width: float) -> float:
        """Where a line `width` wide anchored here at `x` starts."""
        return x - {Anchor.START: 0.0, Anchor.MIDDLE: width / 2, Anchor.END: width}[self]


class Face(StrEnum):
    """A side of a print-shop piece: the front or back of a two-sided piece,
    or the one face of a one-sided piece (no suffix in its name)."""

    FRONT = "front"
    BACK = "back"
    ONE_SIDED = ""


class KitOption(StrEnum):
    """An option a kit takes beside language and paper (`Kit.options`): a
    player count, or a way of printing card backs."""

    PLAYERS = "players"
    BACKS = "backs"


class UploadOrder(StrEnum):
    """The order a print shop wants a piece's faces in (a card preset's `order`)."""

    FRONT_BACK = "front-back"
    BACK_FRONT = "back-front"

    @property
    def backs_first(self) -> bool:
        return self is UploadOrder.BACK_FRONT


class Faces(StrEnum):
    """Which faces a print-shop file holds (its `faces` keyword): both, or
    fronts alone (a kit printed with `--backs none`)."""

    BOTH = "both"
    FRONTS = "fronts"

    @classmethod
    def of(cls, fronts_only: bool) -> Faces:
        return cls.FRONTS if fronts_only else cls.BOTH


class Symbol(StrEnum):
    """A symbol that stands beside a colour (a card's, a piece's face), so
    colour never carries meaning alone (pnp.layout.marks.symbol draws it)."""

    CIRCLE = "circle"
    SQUARE = "square"
    TRIANGLE = "triangle"
    DIAMOND = "diamond"


class PieceShape(StrEnum):
    """The outline a one-sided piece is cut round (a two-sided one is square)."""

    CIRCLE = "circle"
    SQUARE = "square"
    HEXAGON = "hexagon"


def one_of(mode: type[StrEnum]) -> str:
    """A regular expression matching exactly the members' spellings (for a
    schema's pattern); `said(mode)` is the phrase for its error message."""
    return "^(" + "|".join(m.value.replace("-", r"\-") for m in mode) + ")$"


def said(mode: type[StrEnum]) -> str:
    """"a, b or c": the members' spellings for a message."""
    names = [m.value for m in mode]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


class Tag(StrEnum):
    """The kind of a tagged component (a Group's `tag` is (kind, value)):
    the name the validator, the component list and the print-shop finders
    know it by, and the `/pnp <</K kind>>` mark around it in the PDF."""

    CARD = "card"  # a card front
    BACK = "back"  # a card back
    BOARD = "board"
    SQUARE = "square"  # one square of a board
    PIECE = "piece"
    MARKER = "marker"
    TOKEN = "token"
    FIELD = "field"  # a square of Kesse Rüben's field
    BARN = "barn"  # Kesse Rüben's centre square
    THROWS = "throws"  # Tâb's coin-throw table (a play aid, not a shop's piece)


class Paint(StrEnum):
    """What a colour paints (a print variant maps each its own way)."""

    FILL = "fill"
    STROKE = "stroke"
    TEXT = "text"


class BlockKind(StrEnum):
    """A block of rules text: heading (`## `), paragraph, bullet (`- `),
    numbered item (`1. `) or a diagram (`[[diagram:NAME]]`)."""

    HEADING = "h"
    PARAGRAPH = "p"
    BULLET = "li"
    NUMBERED = "ol"
    DIAGRAM = "diagram"

    @property
    def is_item(self) -> bool:
        """A list item: indented, with its marker in the margin."""
        return self in (BlockKind.BULLET, BlockKind.NUMBERED)
