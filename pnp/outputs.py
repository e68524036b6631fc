"""Render one kit for one set of options into files, in every asked format:

- pdf: `<stem>.pdf`, the print file (validated after writing).
- svg: `<stem>-p<NN>.svg` per page, with an `art` and a `cut` layer.
- cut-svg: `<stem>-p<NN>-cut.svg` per page that has something to cut: the
  cut layer and registration marks, for print-then-cut machines.
- png: `<stem>-p<NN>.png` per page at `dpi`, rasterised from the PDF (built
  in memory when no PDF is asked for), and `<stem>-contact.png`.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp.build import VARIANT_FNS, build_pages, file_stem, write_atomic
from pnp.errors import OutputError
from pnp.interrupts import STOP_SIGNALS
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
        invalid = out / f"{stem}.invalid.pdf"
        if validate:
            report = validate_file(files[-1])
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
                validate: bool) -> Result:
    global _in_job
    _in_job = True
    try:
        return _job(kit_id, options, out, formats, dpi, validate)
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
               workers: int) -> Iterator[Result]:
    """Render every job, in worker processes when there are several; results
    come back in the order of `jobs`, and the files are the same bytes
    however many workers made them. Close the iterator to stop early: the
    workers are stopped too (also when the caller is interrupted)."""
    if workers <= 1 or len(jobs) < 2:
        for kit, options in jobs:
            yield _job(kit.id, options, out, formats, dpi, validate)
        return
    ex = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_worker_init,
                             initargs=(os.getpid(),))
    done = False
    try:
        futures = [ex.submit(_worker_job, kit.id, options, out, formats, dpi, validate) for kit, options in jobs]
        for f in futures:
            yield f.result()
        done = True
    finally:
        if not done:
            _stop_workers(ex)
        ex.shutdown(wait=True, cancel_futures=True)
