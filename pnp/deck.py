"""The print-shop deck (`--format cards`): a kit's pieces for a set of
options, each on a page of trim + bleed, in deck order, and the claims its
PDF carries (`pnp.naming.DeckClaim`, written and read back there), so the
validator knows the deck from the file by the same code that wrote it, and
builds the same deck (`build_deck`).

Pure data: no renderer is imported here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pnp.modes import Backs, KitOption
from pnp.naming import DeckClaim

if TYPE_CHECKING:
    from pnp.geometry import Page
    from pnp.kits import Kit
    from pnp.layout.components import Component
    from pnp.options import Options
    from pnp.presets import Preset
    from pnp.textflow import Measure

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
    comps = components(kit, sheets, spec, bleed, preset)
    pages = apply_variant([c.page for c in comps], options.variant)
    title = f"{cat.text('title')} ({cat.text('language_name')}): {len(comps)} print-shop pieces"
    claim = DeckClaim(kit.id, options.lang, options.players, KitOption.BACKS in kit.options and options.backs is Backs.NONE,
                      options.variant, bleed, preset.id if preset else None, len(comps))
    return Deck(claim, comps, pages, preset, preset.safe if preset else SAFE_ZONE, title,
                cat.text("credits") if "credits" in cat.strings else "pnp")


def claimed_options(claim: DeckClaim, kit: Kit) -> Options:
    """The options that build the deck a claim names (on A4: the pieces do
    not depend on the paper)."""
    from pnp.options import Options
    from pnp.paper import get_paper

    return Options(claim.lang, get_paper("a4"), claim.players if KitOption.PLAYERS in kit.options else None,
                   Backs.NONE if claim.fronts_only else Backs.DUPLEX_LONG, variant=claim.variant)
