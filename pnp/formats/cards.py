"""cards: the print-shop export, all in one folder `<cards>/` (`<cards>` is
`<kit>-<lang>-cards` plus suffixes, pnp.naming.DeckClaim.stem): `<cards>.pdf`
with one piece per page (trim + bleed, TrimBox and BleedBox set),
`png/<cards>-NNN-<piece>.png` per piece, and `<cards>-png.zip` of those
PNGs (pnp.deck builds the pieces, laid out before any file is written; the
PDF and the PNGs are validated as they are written, pnp.validation.cards).
It needs no kit pages: the deck is built from the kit's sheets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.atomic import atomic_file, remove, rename
from pnp.formats import CardOptions, Job, OutputFormat, Written
from pnp.modes import Format
from pnp.naming import invalid_name, invalid_zip_name, zip_name

if TYPE_CHECKING:
    from pnp.deck import Deck
    from pnp.kits import Kit
    from pnp.options import Options
    from pnp.textflow import Measure
    from pnp.validation.report import Report

CARDS_DPI = 300  # the resolution print shops ask for, when neither --dpi nor a preset says otherwise


@dataclass(frozen=True)
class CardsLaid:
    """The print-shop export laid out: the deck (its pieces, their pages and
    what the file will claim) and the PNGs' resolution."""

    deck: Deck
    dpi: int


def lay_out_cards(kit: Kit, options: Options, measure: Measure, co: CardOptions) -> CardsLaid:
    """The print-shop export's pieces and pages (pnp.deck; nothing written)."""
    from pnp.deck import build_deck
    from pnp.presets import get_preset

    preset = get_preset(co.preset) if co.preset else None
    dpi = co.dpi or (preset.dpi if preset else CARDS_DPI)
    return CardsLaid(build_deck(kit, options, measure, co.bleed, preset), dpi)


def write_cards(laid: CardsLaid, options: Options, out: Path, validate: bool, write: Callable[[str, bytes], None],
                record: Callable[[Path], None], renamed: Callable[[Path, Path], None]) -> tuple[int, list[Report]]:
    """The print-shop export (pnp.deck): the cards PDF, checked like a kit
    PDF; then a PNG per piece (in a folder of their own) and a ZIP of the
    PNGs, each PNG checked against its PDF page as it is made. Returns the
    number of pieces and the reports (of the PDF, and of the PNGs and ZIP)."""
    from pnp.render.cards import DeterministicZip, card_pngs
    from pnp.render.pdf import PdfMeta, render_pdf

    deck, dpi = laid.deck, laid.dpi
    stem = deck.claim.stem
    pdf = render_pdf(deck.pages, PdfMeta(deck.title, deck.title, deck.credits, deck.keywords, options.lang))
    folder = out / stem
    write(f"{stem}/{stem}.pdf", pdf)
    reports: list[Report] = []
    if validate:
        report = _judged(folder / f"{stem}.pdf", pdf, deck, renamed)
        reports.append(report)
        if not report.ok:  # no PNG is made from a file that fails, and none of an earlier run is left beside it
            remove(folder / zip_name(stem))
            for old in sorted((folder / "png").glob(f"{stem}-[0-9]*.png")):
                remove(old)
            return len(deck.comps), reports
    remove(folder / invalid_name(stem))
    zip_path = folder / zip_name(stem)
    png_check = None
    if validate:
        from pnp.validation.cards import PngCheck

        png_check = PngCheck(pdf, deck, dpi)
    with atomic_file(zip_path) as f, DeterministicZip(f) as archive:
        for name, data in card_pngs(pdf, deck.comps, stem, dpi, png_check.look if png_check is not None else None):
            write(f"{stem}/png/{name}", data)
            archive.add(name, data)
            if png_check is not None:
                png_check.add(name, data)
    record(zip_path)
    if png_check is not None:
        from pnp.validation.report import Report

        report = Report(zip_path, {"pdf": f"{stem}.pdf", "dpi": str(dpi)}, png_check.checks())
        reports.append(report)
        invalid = folder / invalid_zip_name(stem)
        if not report.ok:
            rename(zip_path, invalid)
            renamed(zip_path, invalid)
            report.file = invalid
        else:
            remove(invalid)
    return len(deck.comps), reports


def _judged(path: Path, data: bytes, built: Deck, renamed: Callable[[Path, Path], None]) -> Report:
    """The validator's report on a file just written; a file that fails is
    renamed <name>.invalid.pdf, never left under the name a script would use."""
    from pnp.validate import validate_written

    report = validate_written(path, data, built)
    if not report.ok:
        invalid = path.with_name(invalid_name(path.stem))
        rename(path, invalid)
        renamed(path, invalid)
        report.file = invalid
    return report


def write(job: Job) -> Written:
    laid = job.laid[Format.CARDS]
    n, reports = write_cards(laid, job.options, job.out, job.validate, job.write, job.record, job.renamed)
    return Written(pages=n, reports=tuple(reports))


FORMAT: OutputFormat = OutputFormat(Format.CARDS, "print-shop pieces: a PDF, a PNG each and a ZIP", write, needs_pages=False,
                      lay_out=lay_out_cards)
