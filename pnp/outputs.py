"""Render one kit for one set of options into files, in every asked format.

The formats and what each writes are in pnp.formats (a module each, one
registry); `render_one` lays a job out (building the kit's pages only when a
format needs them), then hands it to each asked format in registry order.
Many jobs at once, in worker processes: pnp.workers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:

    from pnp.validation.report import Report

from pnp.build import Built, build_pages
from pnp.formats import REGISTRY, CardOptions, Job
from pnp.formats.cards import CARDS_DPI
from pnp.formats.png import write_pngs
from pnp.kits import Kit
from pnp.naming import file_stem
from pnp.options import Options
from pnp.textflow import Measure

__all__ = ["CARDS_DPI", "CardOptions", "Laid", "Result", "lay_out", "render_one", "write_pngs"]


def formats_known() -> tuple[str, ...]:
    """The format names --format takes, in the order they are written."""
    return tuple(REGISTRY)


@dataclass(frozen=True)
class Result:
    files: list[Path]
    pages: int
    reports: list[Report]  # of the files validated: the kit PDF, the cards PDF, the cards PNGs

    @property
    def report(self) -> Report | None:
        """The first report (the kit PDF's, when there is one)."""
        return self.reports[0] if self.reports else None


@dataclass(frozen=True)
class Laid:
    """One job laid out: every page its files will hold, before a byte is
    written. Cheap next to rendering, so a run lays out every job first and
    a layout error (a label too long, a preset that does not fit) leaves
    the output folder as it was. `built`: the kit's pages (None when no
    format asked needs them); `formats`: what each format laid out itself."""

    built: Built | None
    formats: dict[str, Any]


def lay_out(kit: Kit, options: Options, formats: tuple[str, ...], measure: Measure,
            cards: CardOptions | None = None) -> Laid:
    unknown = [f for f in formats if f not in REGISTRY]
    if unknown:
        raise ValueError(f"unknown format {', '.join(unknown)}; choose from {', '.join(REGISTRY)}")
    asked = [REGISTRY[f] for f in REGISTRY if f in formats]
    built = build_pages(kit, options, measure) if any(f.needs_pages for f in asked) else None
    own = {f.name: f.lay_out(kit, options, measure, cards or CardOptions()) for f in asked if f.lay_out is not None}
    return Laid(built, own)


def render_one(kit: Kit, options: Options, out: Path, formats: tuple[str, ...], dpi: int, measure: Measure,
               validate: bool, cards: CardOptions | None = None, on_file: Callable[[Path], None] | None = None,
               laid: Laid | None = None) -> Result:
    """Write the files of one job (laid out here unless `laid` is given),
    each asked format in turn; a file that fails its checks stops the job."""
    if laid is None:
        laid = lay_out(kit, options, formats, measure, cards)
    job = Job(kit, options, out, file_stem(kit.id, options), dpi, validate, laid.built, laid.formats, on_file)
    pages = len(laid.built.pages) if laid.built is not None else 0
    reports: list[Report] = []
    for name in REGISTRY:
        if name not in formats:
            continue
        written = REGISTRY[name].write(job)
        pages += written.pages
        reports += written.reports
        if written.stop:
            break
    return Result(job.files, pages, reports)
