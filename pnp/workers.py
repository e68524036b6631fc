"""Many jobs at once: `render_all` lays out every job before any file is
written, then writes them, in worker processes when there are several
(pnp.outputs renders one job). Layouts and results travel through
per-job anonymous files (slots); stop signals stop the workers with the run.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Generator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

from pnp.atomic import remove_own_parts
from pnp.errors import OutputError, WorkerLost
from pnp.formats import CardOptions
from pnp.interrupts import STOP_SIGNALS, deferred
from pnp.kits import Kit
from pnp.options import Options
from pnp.outputs import Laid, Result, lay_out, render_one
from pnp.textflow import Measure


@cache
def _process_measurer() -> Measure:
    """One measurer (and its cache) per worker process."""
    from pnp.fonts import Measurer

    return Measurer()


def _lay_out_job(kit_id: str, options: Options, formats: tuple[str, ...], cards: CardOptions | None) -> Laid:
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


def _slot_lay_out(slot: int, kit_id: str, options: Options, formats: tuple[str, ...], cards: CardOptions | None) -> int:
    try:
        return _put(slot, "ok", _lay_out_job(kit_id, options, formats, cards))
    except Exception as e:  # noqa: BLE001 - handed to the parent, which raises it
        return _put(slot, "error", e)


def _slot_job(slot: int, size: int, kit_id: str, options: Options, out: Path, formats: tuple[str, ...], dpi: int,
              validate: bool, cards: CardOptions | None) -> int:
    try:
        laid = _take(slot, size)
        assert isinstance(laid, Laid)
        return _put(slot, "ok", _job(kit_id, options, out, formats, dpi, validate, cards, None, laid))
    except Exception as e:  # noqa: BLE001 - handed to the parent, which raises it
        return _put(slot, "error", e)


def _job(kit_id: str, options: Options, out: Path, formats: tuple[str, ...], dpi: int, validate: bool,
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


def render_all(jobs: list[tuple[Kit, Options]], out: Path, formats: tuple[str, ...], dpi: int, validate: bool,
               workers: int, cards: CardOptions | None = None, on_file: Callable[[Path], None] | None = None,
               before_writing: Callable[[], None] | None = None) -> Generator[Result, None, None]:
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
