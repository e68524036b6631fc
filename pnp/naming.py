"""What pnp calls things, written and read by the same code: file stems,
page and proof file names, the print-shop deck's names, and the claims a PDF
carries in its keywords (`pnp=...; kit=...; lang=...`).

A kit PDF's claims (`KitClaim`) and a cards PDF's claims (`DeckClaim`) are
each written (`.keywords()`) and read back (`.parse()`) here, so the
validator knows a file by the same code that named it. Pure data: nothing
here renders, builds or looks anything up in a registry (whether a kit,
language or preset exists is the reader's to check).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.errors import ValidationError
from pnp.modes import Backs, Faces, Format, Variant, said

if TYPE_CHECKING:
    from pnp.layout.components import Component
    from pnp.options import Options

CARDS = Format.CARDS  # the keyword `format=` of a print-shop PDF (a kit PDF has none), and its stems' part
MAX_OFFSET = 10.0  # mm: the most --back-offset shifts backs by
ALL_PLAYERS = "all"  # the keyword `players=` of a full kit, for every player count
NO_PRESET = "none"  # the keyword `preset=` of a cards PDF made without a preset


def players_word(players: int | None) -> str:
    """The `players=` keyword: a count, or ALL_PLAYERS for the full kit."""
    return ALL_PLAYERS if players is None else str(players)


def file_stem(kit_id: str, options: Options) -> str:
    """<kit>-<lang>-<paper>, plus a suffix for each non-default choice."""
    parts = [kit_id, options.lang, options.paper.id]
    if options.players is not None:
        parts.append(f"{options.players}p")
    if options.backs is not Backs.DUPLEX_LONG:
        parts.append(options.backs)
    if options.back_offset != (0.0, 0.0):
        parts.append("offset{:+g}{:+g}".format(*options.back_offset))
    if options.variant is not Variant.COLOUR:
        parts.append(options.variant)
    return "-".join(parts)


def page_name(stem: str, n: int, suffix: str) -> str:
    """<stem>-p<NN><suffix>, NN the 1-based page number in two digits."""
    return f"{stem}-p{n:02d}{suffix}"


def proof_name(stem: str, sheet: int) -> str:
    """<stem>-sheet<NN>-proof.png, NN the 1-based physical sheet."""
    return f"{stem}-sheet{sheet:02d}-proof.png"


def contact_name(stem: str) -> str:
    return f"{stem}-contact.png"


def invalid_name(stem: str) -> str:
    """Where a PDF that fails its checks is kept: never under the name a script would use."""
    return f"{stem}.invalid.pdf"


def cards_prefix(kit_id: str, lang: str) -> str:
    """<kit>-<lang>-cards: how every cards stem of a kit and language begins."""
    return f"{kit_id}-{lang}-{CARDS}"


ZIP_SUFFIX = "-png.zip"


def zip_name(cards_stem: str) -> str:
    """<cards stem>-png.zip, beside <cards stem>.pdf."""
    return cards_stem + ZIP_SUFFIX


def invalid_zip_name(cards_stem: str) -> str:
    """Where a ZIP whose PNGs fail their checks is kept."""
    return f"{cards_stem}-png.invalid.zip"


def zip_stem(name: str) -> str | None:
    """The cards stem a ZIP's file name holds (None: not a name pnp writes)."""
    return name[: -len(ZIP_SUFFIX)] if name.endswith(ZIP_SUFFIX) else None


def piece_png_name(cards_stem: str, n: int, total: int, comp: Component) -> str:
    """`<stem>-NNN-<piece>[-front|-back].png`: the page number first, so
    that sorting by name gives the deck order (fronts and backs paired)."""
    width = max(3, len(str(total)))
    return f"{cards_stem}-{n:0{width}d}-{comp.file_part}.png"


def keywords_text(fields: dict[str, str]) -> str:
    return "; ".join(f"{k}={v}" for k, v in fields.items())


def read_keywords(text: str) -> dict[str, str]:
    """`k=v; k=v` back into a dict (pieces without `=` are skipped)."""
    out: dict[str, str] = {}
    for part in text.split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def _version() -> str:
    from pnp import __version__

    return __version__


@dataclass(frozen=True)
class KitClaim:
    """What a kit PDF says it is: the options that built it and its page count."""

    kit: str
    lang: str
    paper: str
    players: int | None  # None: every player count
    backs: Backs  # Backs.NONE for a kit without card backs
    variant: Variant
    pages: int
    offset: tuple[float, float] = (0.0, 0.0)

    def keywords(self) -> str:
        fields = {
            "pnp": _version(),
            "kit": self.kit,
            "lang": self.lang,
            "paper": self.paper,
            "players": players_word(self.players),
            "backs": str(self.backs),
            "variant": str(self.variant),
            "pages": str(self.pages),
        }
        if self.offset != (0.0, 0.0):  # the validator builds the same shifted backs
            fields["offset"] = "{:g},{:g}".format(*self.offset)
        return keywords_text(fields)

    @staticmethod
    def parse_modes(kw: dict[str, str], kit_id: str, takes_backs: bool) -> tuple[Backs, Variant]:
        """The backs and variant a kit PDF's keywords claim; a claim pnp never
        writes is a ValidationError naming it."""
        backs = kw.get("backs", Backs.NONE)
        if takes_backs and backs not in tuple(Backs):
            raise ValidationError(f"claims card backs {backs!r}; pnp prints backs as one of {', '.join(Backs)}")
        if not takes_backs and backs != Backs.NONE:
            raise ValidationError(f"claims card backs {backs!r}, but {kit_id} has no cards with backs")
        variant = kw.get("variant", Variant.COLOUR)
        if variant not in tuple(Variant):
            raise ValidationError(f"claims the print variant {variant!r}; pnp prints {', '.join(Variant)}")
        return Backs(backs), Variant(variant)

    @staticmethod
    def parse_pages(kw: dict[str, str]) -> int:
        pages = kw.get("pages", "")
        if not pages.isdigit():
            raise ValidationError(f"claims a page count of {pages!r}, not a number")
        return int(pages)

    @staticmethod
    def parse_offset(kw: dict[str, str]) -> tuple[float, float]:
        text = kw.get("offset", "0,0")
        try:
            x, y = (float(v) for v in text.split(","))
        except ValueError:
            raise ValidationError(f"claims a back offset of {text!r}, not X,Y in mm") from None
        if not (abs(x) <= MAX_OFFSET and abs(y) <= MAX_OFFSET):
            raise ValidationError(f"claims a back offset of {text!r}; pnp shifts backs by at most {MAX_OFFSET:g} mm")
        return (x, y)


def kit_claim(kit_id: str, takes_backs: bool, options: Options, pages: int) -> KitClaim:
    """The claim a kit PDF built for `options` carries."""
    return KitClaim(kit_id, options.lang, options.paper.id, options.players,
                    options.backs if takes_backs else Backs.NONE, options.variant, pages, options.back_offset)


@dataclass(frozen=True)
class DeckClaim:
    """What a cards PDF says it is: everything that changes its pieces."""

    kit: str
    lang: str
    players: int | None  # None: every player count
    fronts_only: bool  # --backs none: card fronts without their backs
    variant: Variant
    bleed: float  # mm
    preset: str | None
    pieces: int

    def keywords(self) -> str:
        fields = {
            "pnp": _version(),
            "kit": self.kit,
            "lang": self.lang,
            "format": str(CARDS),
            "players": players_word(self.players),
            "faces": Faces.of(self.fronts_only),
            "variant": str(self.variant),
            "bleed": f"{self.bleed:g}",
            "preset": self.preset or NO_PRESET,
            "pieces": str(self.pieces),
        }
        return keywords_text(fields)

    @property
    def stem(self) -> str:
        """<kit>-<lang>-cards, plus a suffix for each choice that changes the
        pieces: the name of the deck's folder, PDF, ZIP and PNGs."""
        parts = [cards_prefix(self.kit, self.lang)]
        if self.players is not None:
            parts.append(f"{self.players}p")
        if self.fronts_only:
            parts.append("fronts-only")
        if self.preset:
            parts.append(self.preset)
        if self.variant is not Variant.COLOUR:
            parts.append(self.variant)
        return "-".join(parts)

    @classmethod
    def parse(cls, kw: dict[str, str]) -> DeckClaim:
        """The claims of a cards PDF's keywords (as `read_keywords` splits
        them); a claim pnp never writes is a ValidationError naming it.
        Whether the kit, language and preset exist is the caller's to check."""
        from pnp.presets import MAX_BLEED

        players_claim = kw.get("players", ALL_PLAYERS)
        if players_claim != ALL_PLAYERS and not (players_claim.isascii() and players_claim.isdigit()
                                           and 0 < int(players_claim) < 100):
            raise ValidationError(f"claims to be for {players_claim!r} players, not a number")
        faces = kw.get("faces", "?")
        if faces not in tuple(Faces):
            raise ValidationError(f"claims the faces {faces!r}; pnp writes {said(Faces)}")
        variant = kw.get("variant", "?")
        if variant not in tuple(Variant):
            raise ValidationError(f"claims the print variant {variant!r}; pnp prints {', '.join(Variant)}")
        try:
            bleed = float(kw.get("bleed", "?"))
        except ValueError:
            bleed = math.nan
        if not 0 <= bleed <= MAX_BLEED:
            raise ValidationError(f"claims a bleed of {kw.get('bleed', '?')!r}; pnp bleeds 0 to {MAX_BLEED:g} mm")
        pieces = kw.get("pieces", "?")
        if not (pieces.isascii() and pieces.isdigit()):
            raise ValidationError(f"claims {pieces!r} pieces, not a number")
        preset = kw.get("preset", NO_PRESET)
        return cls(kw["kit"], kw.get("lang", "?"), None if players_claim == ALL_PLAYERS else int(players_claim),
                   Faces(faces) is Faces.FRONTS, Variant(variant), bleed, None if preset == NO_PRESET else preset, int(pieces))
