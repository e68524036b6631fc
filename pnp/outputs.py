"""Render one kit for one set of options into files, in every asked format:

- pdf: `<stem>.pdf`, the print file (validated after writing).
- svg: `<stem>-p<NN>.svg` per page, with an `art` and a `cut` layer.
- cut-svg: `<stem>-p<NN>-cut.svg` per page that has something to cut: the
  cut layer and registration marks, for print-then-cut machines.
- png: `<stem>-p<NN>.png` per page at `dpi`, rasterised from the PDF (built
  in memory when no PDF is asked for), one page at a time, and
  `<stem>-contact.png` from thumbnails taken on the way.
- cards: the print-shop export, all in one folder `<cards>/` (`<cards>` is
  `<kit>-<lang>-cards` plus suffixes): `<cards>.pdf` with one piece per
  page (trim + bleed, TrimBox and BleedBox set), `png/<cards>-NNN-<piece>.png`
  per piece, and `<cards>-png.zip` of those PNGs. (In a folder of its own,
  so `pnp validate` on output/*.pdf never mistakes it for a kit.)
- proof: `<stem>-sheet<NN>-proof.png` per physical sheet at `dpi`: the front
  with its back seen through the paper, as held to the light.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from pnp.validate import Report

from pnp.build import VARIANT_FNS, apply_variant, build_pages, file_stem, write_atomic
from pnp.errors import OutputError, WorkerLost
from pnp.interrupts import STOP_SIGNALS
from pnp.kits import Kit
from pnp.options import Options
from pnp.paper import SAFE_MARGIN, get_paper
from pnp.render.pdf import PdfMeta, render_pdf
from pnp.textflow import Measure

FORMATS = ("pdf", "svg", "cut-svg", "png", "proof", "cards")
CARDS_DPI = 300  # the resolution print shops ask for, when neither --dpi nor a preset says otherwise


@dataclass(frozen=True)
class CardOptions:
    """The print-shop export's choices: bleed in mm, a preset id, and the
    PNG resolution (None: the preset's, else CARDS_DPI)."""

    bleed: float | None = None  # None: the preset's, else DEFAULT_BLEED
    preset: str | None = None
    dpi: int | None = None


@dataclass(frozen=True)
class Result:
    files: list[Path]
    pages: int
    report: Report | None


def page_name(stem: str, n: int, suffix: str) -> str:
    """<stem>-p<NN><suffix>, NN the 1-based page number in two digits."""
    return f"{stem}-p{n:02d}{suffix}"


def render_one(kit: Kit, options: Options, out: Path, formats: tuple[str, ...], dpi: int, measure: Measure,
               validate: bool, cards: CardOptions | None = None, on_file: Callable[[Path], None] | None = None) -> Result:
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise ValueError(f"unknown format {', '.join(unknown)}; choose from {', '.join(FORMATS)}")
    built = build_pages(kit, options, measure)
    stem = file_stem(kit.id, options)
    files: list[Path] = []
    report = None

    def record(path: Path) -> None:
        files.append(path)
        if on_file is not None:
            on_file(path)

    def write(name: str, data: bytes) -> None:
        path = out / name
        write_atomic(path, data)
        record(path)

    pdf: bytes | None = None
    if "pdf" in formats or "png" in formats or "proof" in formats:
        pdf = render_pdf(built.pages, PdfMeta(built.title, built.subject, built.credits, built.keywords, options.lang))
    if "pdf" in formats:
        assert pdf is not None
        write(f"{stem}.pdf", pdf)
        invalid = out / f"{stem}.invalid.pdf"
        if validate:
            from pnp.validate import validate_written

            report = validate_written(files[-1], pdf, built)
            if not report.ok:
                # never leave a file that fails its checks under the name a script would print
                try:
                    os.replace(files[-1], invalid)
                except OSError as e:
                    raise OutputError(f"cannot rename {files[-1]} to {invalid.name}: {e.strerror or e}") from None
                files[-1] = report.file = invalid
                return Result(files, len(built.pages), report)
        try:
            invalid.unlink(missing_ok=True)  # an earlier run's failure, now rendered right
        except OSError as e:
            raise OutputError(f"cannot remove {invalid}: {e.strerror or e}") from None

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
        assert pdf is not None
        write_pngs(pdf, dpi, stem, write)
    if "proof" in formats:
        from pnp.render.png import png_bytes
        from pnp.render.proof import proofs

        assert pdf is not None
        mode = options.backs if "backs" in kit.options else "none"
        for n, image in enumerate(proofs(pdf, mode, dpi), 1):
            write(f"{stem}-sheet{n:02d}-proof.png", png_bytes(image, dpi))
            image.close()
    pages = len(built.pages) if set(formats) - {"cards"} else 0
    if "cards" in formats:
        pages += write_cards(kit, options, measure, cards or CardOptions(), out, write, record)
    return Result(files, pages, report)


def write_pngs(pdf: bytes, dpi: int, stem: str, write: Callable[[str, bytes], None]) -> int:
    """Every page as `<stem>-pNN.png`, each written as soon as it is
    rendered, then `<stem>-contact.png` from the thumbnails taken on the
    way: one page bitmap in memory at a time. Returns the page count."""
    from pnp.render.png import ContactSheet, iter_pages, png_bytes

    contact = ContactSheet()
    n = 0
    # no enumerate(): its reused result tuple would keep the last page alive while the next one renders
    for image in iter_pages(pdf, dpi):
        n += 1
        data = png_bytes(image, dpi)
        contact.add(image)
        del image  # the page bitmap goes before the file is written and the next page rendered
        write(page_name(stem, n, ".png"), data)
        del data
    write(f"{stem}-contact.png", png_bytes(contact.image()))
    return n


def cards_stem(kit: Kit, options: Options, preset: str | None) -> str:
    """<kit>-<lang>-cards, plus a suffix for each choice that changes the pieces."""
    parts = [kit.id, options.lang, "cards"]
    if options.players is not None:
        parts.append(f"{options.players}p")
    if "backs" in kit.options and options.backs == "none":
        parts.append("fronts-only")
    if preset:
        parts.append(preset)
    if options.variant != "colour":
        parts.append(options.variant)
    return "-".join(parts)


def write_cards(kit: Kit, options: Options, measure: Measure, co: CardOptions, out: Path,
                write: Callable[[str, bytes], None], record: Callable[[Path], None]) -> int:
    """The print-shop export: the cards PDF, a PNG per piece (in a folder of
    their own) and a ZIP of the PNGs. Returns the number of pieces."""
    from pnp import __version__
    from pnp.kits import Context
    from pnp.layout.components import components
    from pnp.presets import DEFAULT_BLEED, get_preset
    from pnp.render.cards import DeterministicZip, atomic_file, card_pngs

    preset = get_preset(co.preset) if co.preset else None
    bleed = co.bleed if co.bleed is not None else (preset.bleed if preset else DEFAULT_BLEED)
    dpi = co.dpi or (preset.dpi if preset else CARDS_DPI)
    spec = kit.load_spec()
    cat = kit.catalog(options.lang)
    # the pieces are the same on every paper: take them from the A4 sheets, so that a run for A4 and
    # Letter writes the same bytes twice, never two files racing under one name
    sheets = kit.build(Context(replace(options, paper=get_paper("a4")), cat, measure, spec))
    comps = components(kit.id, sheets, spec, bleed, preset)
    pages = apply_variant([c.page for c in comps], options.variant)
    stem = cards_stem(kit, options, co.preset)
    title = f"{cat.text('title')} ({cat.text('language_name')}): {len(comps)} print-shop pieces"
    kw = (f"pnp={__version__}; kit={kit.id}; lang={options.lang}; format=cards; bleed={bleed:g}; "
          f"preset={co.preset or 'none'}; pieces={len(comps)}")
    pdf = render_pdf(pages, PdfMeta(title, title, cat.text("credits") if "credits" in cat.strings else "pnp", kw,
                                    options.lang))
    write(f"{stem}/{stem}.pdf", pdf)
    zip_path = out / stem / f"{stem}-png.zip"
    with atomic_file(zip_path) as f, DeterministicZip(f) as archive:
        for name, data in card_pngs(pdf, comps, stem, dpi):
            write(f"{stem}/png/{name}", data)
            archive.add(name, data)
    record(zip_path)
    return len(comps)


@cache
def _process_measurer() -> Measure:
    """One measurer (and its cache) per worker process."""
    from pnp.fonts import Measurer

    return Measurer()


def _job(kit_id: str, options: Options, out: Path, formats: tuple[str, ...], dpi: int, validate: bool,
         cards: CardOptions | None = None, on_file: Callable[[Path], None] | None = None) -> Result:
    from pnp.kits import get_kit

    return render_one(get_kit(kit_id), options, out, formats, dpi, _process_measurer(), validate, cards, on_file)


# ---- stopping: signals, and workers that never outlive the run -------------

class _Stopped(BaseException):
    pass


_in_job = False


def _worker_signal(signum: int, _frame: object) -> None:
    if _in_job:
        raise _Stopped(signum)  # write_atomic removes its .part on the way out
    os._exit(128 + signum)


def _die_with_parent() -> None:
    """Linux: the kernel sends this worker SIGTERM when its parent dies, even
    by SIGKILL (prctl PR_SET_PDEATHSIG)."""
    if sys.platform.startswith("linux"):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)


def _worker_init(parent: int) -> None:
    # Ctrl-C and a closed terminal signal the whole process group; the parent
    # alone decides and stops the workers with SIGTERM, so a worker never
    # dies first and looks like a crash. SIGTERM stops a worker, whoever sends it.
    for sig in STOP_SIGNALS:
        signal.signal(sig, _worker_signal if sig == signal.SIGTERM else signal.SIG_IGN)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _worker_job(kit_id: str, options: Options, out: Path, formats: tuple[str, ...], dpi: int,
                validate: bool, cards: CardOptions | None = None) -> Result:
    global _in_job
    _in_job = True
    try:
        return _job(kit_id, options, out, formats, dpi, validate, cards)
    except _Stopped as e:
        os._exit(128 + e.args[0])  # the parent is stopping the run; it reports what was kept
    finally:
        _in_job = False


def _stop_workers(ex: ProcessPoolExecutor) -> None:
    """SIGTERM every worker (each removes its .part and exits), then wait;
    SIGKILL one that does not stop within 5 s."""
    procs = list((getattr(ex, "_processes", None) or {}).values())
    for p in procs:
        if p.is_alive():
            p.terminate()
    for p in procs:
        p.join(5.0)
        if p.is_alive():
            p.kill()
            p.join(1.0)


def default_workers(jobs: int) -> int:
    """Jobs are independent: use the cores there are, but no more than jobs."""
    return max(1, min(os.cpu_count() or 1, jobs, 8))


def render_all(jobs: list[tuple[Kit, Options]], out: Path, formats: tuple[str, ...], dpi: int, validate: bool,
               workers: int, cards: CardOptions | None = None,
               on_file: Callable[[Path], None] | None = None) -> Iterator[Result]:
    """Render every job, in worker processes when there are several; results
    come back in the order of `jobs`, and the files are the same bytes
    however many workers made them. `on_file` hears of each file as it is
    written when the jobs run here; from workers, files come with results.
    Close the iterator to stop early: the workers are stopped too (also when
    the caller is interrupted)."""
    if workers <= 1 or len(jobs) < 2:
        for kit, options in jobs:
            yield _job(kit.id, options, out, formats, dpi, validate, cards, on_file)
        return
    import multiprocessing  # only here: a single job never pays for importing them
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    ex = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_worker_init,
                             initargs=(os.getpid(),))
    done = False
    lost = "a worker process was killed (out of memory, or a signal sent to it alone)"
    try:
        try:
            futures = [ex.submit(_worker_job, kit.id, options, out, formats, dpi, validate, cards)
                       for kit, options in jobs]
        except BrokenProcessPool:  # one died before every job was handed out
            raise WorkerLost(lost) from None
        for f in futures:
            try:
                result = f.result()
            except BrokenProcessPool:
                raise WorkerLost(lost) from None
            yield result
        done = True
    finally:
        if not done:
            _stop_workers(ex)
        ex.shutdown(wait=True, cancel_futures=True)
