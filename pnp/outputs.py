"""Render one kit for one set of options into files, in every asked format:

- pdf: `<stem>.pdf`, the print file (validated after writing).
- svg: `<stem>-p<NN>.svg` per page, with an `art` and a `cut` layer.
- cut-svg: `<stem>-p<NN>-cut.svg` per page that has something to cut: the
  cut layer and registration marks, for print-then-cut machines.
- png: `<stem>-p<NN>.png` per page at `dpi`, rasterised from the PDF (built
  in memory when no PDF is asked for), and `<stem>-contact.png`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp.build import VARIANT_FNS, build_pages, file_stem, write_atomic
from pnp.kits import Kit
from pnp.options import Options
from pnp.paper import SAFE_MARGIN
from pnp.render.pdf import PdfMeta, render_pdf
from pnp.textflow import Measure
from pnp.validate import Report, validate_file

FORMATS = ("pdf", "svg", "cut-svg", "png")


@dataclass(frozen=True)
class Result:
    files: list[Path]
    pages: int
    report: Report | None


def page_name(stem: str, n: int, suffix: str) -> str:
    """<stem>-p<NN><suffix>, NN the 1-based page number in two digits."""
    return f"{stem}-p{n:02d}{suffix}"


def render_one(kit: Kit, options: Options, out: Path, formats: tuple[str, ...], dpi: int, measure: Measure,
               validate: bool) -> Result:
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise ValueError(f"unknown format {', '.join(unknown)}; choose from {', '.join(FORMATS)}")
    built = build_pages(kit, options, measure)
    stem = file_stem(kit.id, options)
    files: list[Path] = []
    report = None

    def write(name: str, data: bytes) -> None:
        path = out / name
        write_atomic(path, data)
        files.append(path)

    pdf: bytes | None = None
    if "pdf" in formats or "png" in formats:
        pdf = render_pdf(built.pages, PdfMeta(built.title, built.subject, built.credits, built.keywords, options.lang))
    if "pdf" in formats:
        assert pdf is not None
        write(f"{stem}.pdf", pdf)
        if validate:
            report = validate_file(files[-1])

    if "svg" in formats or "cut-svg" in formats:
        from pnp.render.svg import CUT_STROKE, has_cut, render_cut_svg_page, render_svg_page

        # the cutter's colour goes through the print variant too: greyscale means no colour in any file
        variant_fn = VARIANT_FNS.get(options.variant)
        cut_stroke = variant_fn(CUT_STROKE, "stroke") if variant_fn else CUT_STROKE
        for n, page in enumerate(built.pages, 1):
            title = f"{built.title}, p. {n}" + (f": {page.label}" if page.label else "")
            if "svg" in formats:
                write(page_name(stem, n, ".svg"), render_svg_page(page, title, cut_stroke))
            if "cut-svg" in formats and has_cut(page.items):
                write(page_name(stem, n, "-cut.svg"), render_cut_svg_page(page, SAFE_MARGIN, title, cut_stroke))

    if "png" in formats:
        from pnp.render.png import contact_sheet, png_bytes, rasterise

        assert pdf is not None
        images = rasterise(pdf, dpi)
        for n, image in enumerate(images, 1):
            write(page_name(stem, n, ".png"), png_bytes(image, dpi))
        write(f"{stem}-contact.png", png_bytes(contact_sheet(images)))
    return Result(files, len(built.pages), report)


@cache
def _process_measurer() -> Measure:
    """One measurer (and its cache) per worker process."""
    from pnp.fonts import Measurer

    return Measurer()


def _job(kit_id: str, options: Options, out: Path, formats: tuple[str, ...], dpi: int, validate: bool) -> Result:
    from pnp.kits import get_kit

    return render_one(get_kit(kit_id), options, out, formats, dpi, _process_measurer(), validate)


def default_workers(jobs: int) -> int:
    """Jobs are independent: use the cores there are, but no more than jobs."""
    return max(1, min(os.cpu_count() or 1, jobs, 8))


def render_all(jobs: list[tuple[Kit, Options]], out: Path, formats: tuple[str, ...], dpi: int, validate: bool,
               workers: int) -> Iterator[Result]:
    """Render every job, in worker processes when there are several; results
    come back in the order of `jobs`, and the files are the same bytes
    however many workers made them."""
    if workers <= 1 or len(jobs) < 2:
        for kit, options in jobs:
            yield _job(kit.id, options, out, formats, dpi, validate)
        return
    import multiprocessing  # only here: a single job never pays for importing them
    from concurrent.futures import ProcessPoolExecutor

    ex = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    try:
        futures = [ex.submit(_job, kit.id, options, out, formats, dpi, validate) for kit, options in jobs]
        for f in futures:
            yield f.result()
    finally:
        ex.shutdown(wait=True, cancel_futures=True)
