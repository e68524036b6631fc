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
  per piece, and `<cards>-png.zip` of those PNGs, in a folder of its own
  (pnp.deck builds the pieces; the PDF and the PNGs are validated as they
  are written, pnp.validation.cards).
- proof: `<stem>-sheet<NN>-proof.png` per physical sheet at `dpi`: the front
  with its back seen through the paper, as held to the light.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

    from pnp.deck import Deck
    from pnp.validate import Report

from pnp.build import VARIANT_FNS, Built, atomic_file, build_pages, remove_own_parts, write_atomic
from pnp.errors import OutputError, WorkerLost
from pnp.interrupts import STOP_SIGNALS, deferred
from pnp.kits import Kit
from pnp.modes import Backs, Format
from pnp.naming import contact_name, file_stem, invalid_name, page_name, proof_name, zip_name
from pnp.options import Options
from pnp.paper import SAFE_MARGIN
from pnp.render.pdf import PdfMeta, render_pdf
from pnp.textflow import Measure

FORMATS = tuple(Format)
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
    reports: list[Report]  # of the files validated: the kit PDF, the cards PDF, the cards PNGs

    @property
    def report(self) -> Report | None:
        """The first report (the kit PDF's, when there is one)."""
        return self.reports[0] if self.reports else None


@dataclass(frozen=True)
class CardsLaid:
    """The print-shop export laid out: the deck (its pieces, their pages and
    what the file will claim) and the PNGs' resolution."""

    deck: Deck
    dpi: int


@dataclass(frozen=True)
class Laid:
    """One job laid out: every page its files will hold, before a byte is
    written. Cheap next to rendering, so a run lays out every job first and
    a layout error (a label too long, a preset that does not fit) leaves
    the output folder as it was."""

    built: Built
    cards: CardsLaid | None


def lay_out(kit: Kit, options: Options, formats: tuple[Format, ...], measure: Measure,
            cards: CardOptions | None = None) -> Laid:
    unknown = [f for f in formats if f not in FORMATS]
    if unknown:
        raise ValueError(f"unknown format {', '.join(unknown)}; choose from {', '.join(FORMATS)}")
    built = build_pages(kit, options, measure)
    laid_cards = lay_out_cards(kit, options, measure, cards or CardOptions()) if Format.CARDS in formats else None
    return Laid(built, laid_cards)


def render_one(kit: Kit, options: Options, out: Path, formats: tuple[Format, ...], dpi: int, measure: Measure,
               validate: bool, cards: CardOptions | None = None, on_file: Callable[[Path], None] | None = None,
               laid: Laid | None = None) -> Result:
    """Write the files of one job (laid out here unless `laid` is given)."""
    if laid is None:
        laid = lay_out(kit, options, formats, measure, cards)
    built = laid.built
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

    def renamed(old: Path, new: Path) -> None:
        files[files.index(old)] = new

    pdf: bytes | None = None
    if Format.PDF in formats or Format.PNG in formats or Format.PROOF in formats:
        pdf = render_pdf(built.pages, PdfMeta(built.title, built.subject, built.credits, built.keywords, options.lang))
    if Format.PDF in formats:
        assert pdf is not None
        write(f"{stem}.pdf", pdf)
        invalid = out / invalid_name(stem)
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
                return Result(files, len(built.pages), [report])
        try:
            invalid.unlink(missing_ok=True)  # an earlier run's failure, now rendered right
        except OSError as e:
            raise OutputError(f"cannot remove {invalid}: {e.strerror or e}") from None

    if Format.SVG in formats or Format.CUT_SVG in formats:
        from pnp.render.svg import CUT_STROKE, has_cut, render_cut_svg_page, render_svg_page

        # the cutter's colour goes through the print variant too: greyscale means no colour in any file
        variant_fn = VARIANT_FNS.get(options.variant)
        cut_stroke = variant_fn(CUT_STROKE, "stroke") if variant_fn else CUT_STROKE
        for n, page in enumerate(built.pages, 1):
            title = f"{built.title}, p. {n}" + (f": {page.label}" if page.label else "")
            if Format.SVG in formats:
                write(page_name(stem, n, ".svg"), render_svg_page(page, title, cut_stroke))
            if Format.CUT_SVG in formats and has_cut(page.items):
                write(page_name(stem, n, "-cut.svg"), render_cut_svg_page(page, SAFE_MARGIN, title, cut_stroke))

    if Format.PNG in formats:
        assert pdf is not None
        write_pngs(pdf, dpi, stem, write)
    if Format.PROOF in formats:
        from pnp.render.png import png_bytes
        from pnp.render.proof import proofs

        assert pdf is not None
        mode = options.backs if "backs" in kit.options else Backs.NONE
        for n, image in enumerate(proofs(pdf, mode, dpi), 1):
            write(proof_name(stem, n), png_bytes(image, dpi))
            image.close()
    pages = len(built.pages) if set(formats) - {Format.CARDS} else 0
    reports = [report] if report is not None else []
    if laid.cards is not None:
        n, judged = write_cards(laid.cards, options, out, validate, write, record, renamed)
        pages += n
        reports += judged
    return Result(files, pages, reports)


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
    write(contact_name(stem), png_bytes(contact.image()))
    return n


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
            _unlink(folder / zip_name(stem))
            for old in sorted((folder / "png").glob(f"{stem}-[0-9]*.png")):
                _unlink(old)
            return len(deck.comps), reports
    _unlink(folder / invalid_name(stem))
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
        from pnp.validate import Report

        report = Report(zip_path, {"pdf": f"{stem}.pdf", "dpi": str(dpi)}, png_check.checks())
        reports.append(report)
        invalid = folder / f"{stem}-png.invalid.zip"
        if not report.ok:
            _rename(zip_path, invalid)
            renamed(zip_path, invalid)
            report.file = invalid
        else:
            _unlink(invalid)
    return len(deck.comps), reports


def _judged(path: Path, data: bytes, built: Deck, renamed: Callable[[Path, Path], None]) -> Report:
    """The validator's report on a file just written; a file that fails is
    renamed <name>.invalid.pdf, never left under the name a script would use."""
    from pnp.validate import validate_written

    report = validate_written(path, data, built)
    if not report.ok:
        invalid = path.with_name(invalid_name(path.stem))
        _rename(path, invalid)
        renamed(path, invalid)
        report.file = invalid
    return report


def _rename(path: Path, to: Path) -> None:
    try:
        os.replace(path, to)
    except OSError as e:
        raise OutputError(f"cannot rename {path} to {to.name}: {e.strerror or e}") from None


def _unlink(path: Path) -> None:
    """Remove an earlier run's failed file, now rendered right."""
    try:
        path.unlink(missing_ok=True)
    except OSError as e:
        raise OutputError(f"cannot remove {path}: {e.strerror or e}") from None


@cache
def _process_measurer() -> Measure:
    """One measurer (and its cache) per worker process."""
    from pnp.fonts import Measurer

    return Measurer()


def _lay_out_job(kit_id: str, options: Options, formats: tuple[Format, ...], cards: CardOptions | None) -> Laid:
    from pnp.kits import get_kit

    return lay_out(get_kit(kit_id), options, formats, _process_measurer(), cards)


# ---- slots: how layouts and results travel between the parent and workers --
#
# The pool's own pipes carry only small messages (a slot's length, under the
# 4 KB a pipe writes at once). Everything large - a job's layout, its result,
# an error - goes through its slot: an anonymous file (memfd: in memory, no
# name, gone with the last process that holds it, even after SIGKILL) made
# before the workers are forked, so every worker has them all. A worker
# stopped by a signal half-way through a message on a pipe would leave the
# pool's manager thread waiting for the rest forever; half a slot is only
# ever read by no one.

_SLOTS: list[int] = []


def _open_slots(n: int) -> list[int]:
    try:
        if hasattr(os, "memfd_create"):
            return [os.memfd_create(f"pnp-job-{i}", os.MFD_CLOEXEC) for i in range(n)]
        import tempfile

        return [os.dup(f.fileno()) for f in (tempfile.TemporaryFile() for _ in range(n))]
    except OSError as e:
        raise OutputError(f"cannot make the files the workers hand their work over in: {e.strerror or e}") from None


def _result(f: Future[int]) -> int:
    """A slot's length from a worker; a slot it could not write is an OutputError."""
    try:
        return f.result()
    except OSError as e:
        raise OutputError(f"a worker could not hand its work over: {e.strerror or e}") from None


def _put(slot: int, status: str, value: object) -> int:
    """`value` in `slot`, after a byte saying whether it is a result ("ok")
    or an error; returns the slot's length."""
    import pickle

    try:
        data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    except Exception as e:  # noqa: BLE001 - an error that does not pickle still reaches the parent, as text
        status, data = "error", pickle.dumps(RuntimeError(f"{type(value).__name__}: {value} ({e})"))
    data = (b"E" if status == "error" else b"K") + data
    fd = _SLOTS[slot]
    os.ftruncate(fd, 0)
    done = 0
    while done < len(data):
        done += os.pwrite(fd, memoryview(data)[done:], done)
    return len(data)


def _failed(slot: int) -> bool:
    """Whether `slot` holds an error, read without unpickling the slot."""
    return os.pread(_SLOTS[slot], 1, 0) == b"E"


def _take(slot: int, size: int) -> object:
    """What a worker put in `slot`; its error raised here."""
    import pickle

    fd = _SLOTS[slot]
    chunks, done = [], 0
    while done < size:
        chunk = os.pread(fd, size - done, done)
        if not chunk:
            break
        chunks.append(chunk)
        done += len(chunk)
    data = b"".join(chunks)
    value = pickle.loads(data[1:])
    if data[:1] == b"E":
        raise value
    return value


def _slot_lay_out(slot: int, kit_id: str, options: Options, formats: tuple[Format, ...], cards: CardOptions | None) -> int:
    try:
        return _put(slot, "ok", _lay_out_job(kit_id, options, formats, cards))
    except Exception as e:  # noqa: BLE001 - handed to the parent, which raises it
        return _put(slot, "error", e)


def _slot_job(slot: int, size: int, kit_id: str, options: Options, out: Path, formats: tuple[Format, ...], dpi: int,
              validate: bool, cards: CardOptions | None) -> int:
    try:
        laid = _take(slot, size)
        assert isinstance(laid, Laid)
        return _put(slot, "ok", _job(kit_id, options, out, formats, dpi, validate, cards, None, laid))
    except Exception as e:  # noqa: BLE001 - handed to the parent, which raises it
        return _put(slot, "error", e)


def _job(kit_id: str, options: Options, out: Path, formats: tuple[Format, ...], dpi: int, validate: bool,
         cards: CardOptions | None = None, on_file: Callable[[Path], None] | None = None,
         laid: Laid | None = None) -> Result:
    from pnp.kits import get_kit

    return render_one(get_kit(kit_id), options, out, formats, dpi, _process_measurer(), validate, cards, on_file, laid)


# ---- stopping: signals, and workers that never outlive the run -------------

def _worker_signal(signum: int, _frame: object) -> None:
    """SIGTERM in a worker: remove the .part files it is writing and end at
    once. No exception unwinds through the job (where a finaliser or a C
    extension such as pikepdf's could swallow it or print about it)."""
    remove_own_parts()
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
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # blocked by the parent while it forked us
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


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


def render_all(jobs: list[tuple[Kit, Options]], out: Path, formats: tuple[Format, ...], dpi: int, validate: bool,
               workers: int, cards: CardOptions | None = None, on_file: Callable[[Path], None] | None = None,
               before_writing: Callable[[], None] | None = None) -> Iterator[Result]:
    """Render every job, in worker processes when there are several; results
    come back in the order of `jobs`, and the files are the same bytes
    however many workers made them. `on_file` hears of each file as it is
    written when the jobs run here; from workers, files come with results.
    Close the iterator to stop early: the workers are stopped too (also when
    the caller is interrupted).

    Every job is laid out before any file is written (in the workers when
    there are several, each layout handed back and forth through its job's
    slot, see above): bad facts, texts or
    options that only layout finds (a label too long for its box, a preset
    that does not fit a kit's board) stop the run with the output folder as
    it was. `before_writing` runs between the two (to make the folder)."""
    if workers <= 1 or len(jobs) < 2:
        laid: list[Laid | None] = [_lay_out_job(kit.id, options, formats, cards) for kit, options in jobs]
        if before_writing is not None:
            before_writing()
        for i, (kit, options) in enumerate(jobs):
            one, laid[i] = laid[i], None  # each layout goes once its files are written
            yield _job(kit.id, options, out, formats, dpi, validate, cards, on_file, one)
        return
    import multiprocessing  # only here: a single job never pays for importing them
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    global _SLOTS
    _SLOTS = _open_slots(len(jobs))  # before the workers are forked: they inherit every slot
    ex = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=_worker_init,
                             initargs=(os.getpid(),))
    done = False
    lost = "a worker process was killed (out of memory, or a signal sent to it alone)"
    try:
        try:
            with deferred():  # the first submit forks every worker; a signal waits until they handle it
                layouts = [ex.submit(_slot_lay_out, i, kit.id, options, formats, cards)
                           for i, (kit, options) in enumerate(jobs)]
            sizes = [_result(f) for f in layouts]
            for i, size in enumerate(sizes):
                if _failed(i):
                    _take(i, size)  # raises the first job's error, in the order of the jobs
            if before_writing is not None:
                before_writing()
            futures = [ex.submit(_slot_job, i, sizes[i], kit.id, options, out, formats, dpi, validate, cards)
                       for i, (kit, options) in enumerate(jobs)]
        except BrokenProcessPool:  # one died while laying out, or before every job was handed out
            raise WorkerLost(lost) from None
        for i, f in enumerate(futures):
            try:
                size = _result(f)
            except BrokenProcessPool:
                raise WorkerLost(lost) from None
            result = _take(i, size)
            assert isinstance(result, Result)
            yield result
        done = True
    finally:
        if not done:
            _stop_workers(ex)
        ex.shutdown(wait=True, cancel_futures=True)
        for fd in _SLOTS:
            os.close(fd)
        _SLOTS = []
