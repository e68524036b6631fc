"""The print-shop deck (`--format cards`): a kit's pieces for a set of
options, each on a page of trim + bleed, in deck order, and the claims its
PDF carries. The claims are written (`DeckClaim.keywords`) and read back
(`DeckClaim.parse`) here, so the validator knows the deck from the file by
the same code that wrote it, and builds the same deck (`build_deck`).

Pure data: no renderer is imported here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pnp.errors import ValidationError
from pnp.modes import Backs, Format, Variant

if TYPE_CHECKING:
    from pnp.geometry import Page
    from pnp.kits import Kit
    from pnp.layout.components import Component
    from pnp.options import Options
    from pnp.presets import Preset
    from pnp.textflow import Measure

FORMAT = Format.CARDS  # the keyword `format=` of a print-shop PDF (a kit PDF has none)


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
        from pnp import __version__

        fields = {
            "pnp": __version__,
            "kit": self.kit,
            "lang": self.lang,
            "format": FORMAT,
            "players": "all" if self.players is None else str(self.players),
            "faces": "fronts" if self.fronts_only else "both",
            "variant": self.variant,
            "bleed": f"{self.bleed:g}",
            "preset": self.preset or "none",
            "pieces": str(self.pieces),
        }
        return "; ".join(f"{k}={v}" for k, v in fields.items())

    @property
    def stem(self) -> str:
        """<kit>-<lang>-cards, plus a suffix for each choice that changes the
        pieces: the name of the deck's folder, PDF, ZIP and PNGs."""
        parts = [self.kit, self.lang, FORMAT]
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
        """The claims of a cards PDF's keywords (as pnp.validate.read_keywords
        splits them); a claim pnp never writes is a ValidationError naming it.
        Whether the kit, language and preset exist is the caller's to check."""
        from pnp.options import VARIANTS
        from pnp.presets import MAX_BLEED

        players_claim = kw.get("players", "all")
        if players_claim != "all" and not (players_claim.isascii() and players_claim.isdigit()
                                           and 0 < int(players_claim) < 100):
            raise ValidationError(f"claims to be for {players_claim!r} players, not a number")
        faces = kw.get("faces", "?")
        if faces not in ("both", "fronts"):
            raise ValidationError(f"claims the faces {faces!r}; pnp writes both or fronts")
        variant = kw.get("variant", "?")
        if variant not in VARIANTS:
            raise ValidationError(f"claims the print variant {variant!r}; pnp prints {', '.join(VARIANTS)}")
        try:
            bleed = float(kw.get("bleed", "?"))
        except ValueError:
            bleed = math.nan
        if not 0 <= bleed <= MAX_BLEED:
            raise ValidationError(f"claims a bleed of {kw.get('bleed', '?')!r}; pnp bleeds 0 to {MAX_BLEED:g} mm")
        pieces = kw.get("pieces", "?")
        if not (pieces.isascii() and pieces.isdigit()):
            raise ValidationError(f"claims {pieces!r} pieces, not a number")
        preset = kw.get("preset", "none")
        return cls(kw["kit"], kw.get("lang", "?"), None if players_claim == "all" else int(players_claim),
                   faces == "fronts", Variant(variant), bleed, None if preset == "none" else preset, int(pieces))


@dataclass(frozen=True)
class Deck:
    """The pieces in deck order, their pages (the print variant applied),
    and the PDF's metadata."""

    claim: DeckClaim
    comps: list[Component]
    pages: list[Page]
    preset: Preset | None
    safe: float  # mm: text and symbols keep this far inside the trim
    title: str
    credits: str

    @property
    def keywords(self) -> str:
        return self.claim.keywords()


def build_deck(kit: Kit, options: Options, measure: Measure, bleed: float | None, preset: Preset | None) -> Deck:
    """The kit's print-shop pieces for `options` (the paper does not
    matter: the pieces are taken from the A4 sheets, so a run for A4 and
    Letter writes the same bytes), with `bleed` mm all round (None: the
    preset's, else DEFAULT_BLEED)."""
    from pnp.build import apply_variant
    from pnp.kits import Context
    from pnp.layout.components import SAFE_ZONE, components
    from pnp.paper import get_paper
    from pnp.presets import DEFAULT_BLEED

    bleed = bleed if bleed is not None else (preset.bleed if preset else DEFAULT_BLEED)
    spec = kit.load_spec()
    cat = kit.catalog(options.lang)
    sheets = kit.build(Context(replace(options, paper=get_paper("a4")), cat, measure, spec))
    comps = components(kit.id, sheets, spec, bleed, preset)
    pages = apply_variant([c.page for c in comps], options.variant)
    title = f"{cat.text('title')} ({cat.text('language_name')}): {len(comps)} print-shop pieces"
    claim = DeckClaim(kit.id, options.lang, options.players, "backs" in kit.options and options.backs is Backs.NONE,
                      options.variant, bleed, preset.id if preset else None, len(comps))
    return Deck(claim, comps, pages, preset, preset.safe if preset else SAFE_ZONE, title,
                cat.text("credits") if "credits" in cat.strings else "pnp")


def claimed_options(claim: DeckClaim, kit: Kit) -> Options:
    """The options that build the deck a claim names (on A4: the pieces do
    not depend on the paper)."""
    from pnp.options import Options
    from pnp.paper import get_paper

    return Options(claim.lang, get_paper("a4"), claim.players if "players" in kit.options else None,
                   Backs.NONE if claim.fronts_only else Backs.DUPLEX_LONG, variant=claim.variant)
