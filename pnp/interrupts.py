"""Signals that stop a run: SIGINT (Ctrl-C), SIGTERM (kill, timeout,
systemd) and SIGHUP (a closed terminal) all raise Interrupted in the main
process, so every `finally` runs: workers are stopped and no .part is left.
A light module: the `pnp` command's entry point (pnp.entry) calls
`install_early` before it imports anything else, so a signal from the first
moment is remembered, and the CLI raises it once it can stop cleanly (the
first thing it does: `stop_signals`, then `check()`).

Python cannot deliver an exception everywhere: raised while a finaliser
runs (an object's __del__, a weakref callback, a generator closed by the
garbage collector), it is printed as "Exception ignored in ..." and the
program goes on. So the first signal is also remembered (`pending`); such
an Interrupted is dropped silently (sys.unraisablehook), and `check()` at
the run's checkpoints raises it again. Later signals, while the run is
already stopping, change nothing: the clean-up they would cut short is
what makes the stop safe.

Nor may a signal raise inside a library's own bookkeeping: pypdfium2 makes
a page (its finaliser attached) and then counts it among its document's
pages; an exception between the two left a page that, finalised later,
printed "Exception ignored in: <finalize object>" and a KeyError. So a
signal that lands while any frame of the stack is such a library's
(`UNSAFE`) is remembered and owed, and raised on leaving the next `held()`
block (pnp.pdfpages wraps every PDFium step in one) or at `check()`."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

pending: int | None = None  # the first stop signal of the block, once one has come
_owed = False  # `pending` was not raised where it came (a library's frame, a finaliser, a held block)
_held = 0  # how many `held()` blocks are open
# packages whose Python code keeps state that an exception half-way through a step would leave broken
UNSAFE = tuple(f"{os.sep}{name}{os.sep}" for name in ("pypdfium2", "pypdfium2_raw"))


class Interrupted(BaseException):
    """A stop signal arrived. Not an Exception, so no `except Exception`
    swallows it."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = signum


def _in_unsafe_code(frame: Any) -> bool:
    """Whether any frame of the stack runs code of an UNSAFE package."""
    while frame is not None:
        if any(name in frame.f_code.co_filename for name in UNSAFE):
            return True
        frame = frame.f_back
    return False


def _raise_interrupted(signum: int, frame: Any) -> None:
    global pending, _owed
    if pending is not None:
        return  # already stopping
    pending = signum
    if _held or _in_unsafe_code(frame):
        _owed = True  # raised on leaving the held block, or at check()
        return
    raise Interrupted(signum)


def _remember(signum: int, _frame: object) -> None:
    global pending
    if pending is None:
        pending = signum


def install_early() -> None:
    """For a process's entry point, before the CLI and its libraries are
    imported: a stop signal from now on is remembered, not acted on, until
    `stop_signals` takes over and `check()` raises it. (Python's own SIGINT
    handler would raise KeyboardInterrupt in the middle of an import; the
    default SIGTERM and SIGHUP would end the process without a word.)"""
    global pending, _owed
    if signal.getsignal(signal.SIGINT) is not _remember:
        pending, _owed = None, False  # installed again (a harness that mirrors the entry point): what it remembered stays
    for sig in STOP_SIGNALS:
        signal.signal(sig, _remember)


def check() -> None:
    """Raise Interrupted if a stop signal came, even one whose exception
    Python had to drop or that was owed."""
    global _owed
    if pending is not None:
        _owed = False
        raise Interrupted(pending)


@contextmanager
def held() -> Iterator[None]:
    """A step that a stop signal must not cut in two (a library's object
    made and registered, or closed): a signal inside is remembered, and
    raised when the block ends normally, as is one owed from before (one
    that came in a library's frame or in a finaliser). Blocks nest: the
    outermost raises."""
    global _held, _owed
    _held += 1
    try:
        yield
    finally:
        _held -= 1
    if _owed and not _held and pending is not None:
        _owed = False
        raise Interrupted(pending)


def _unraisable(args: Any, default: Any = sys.__unraisablehook__) -> None:
    global _owed
    if isinstance(args.exc_value, Interrupted):
        _owed = True  # remembered in `pending`; the next held block or check() raises it where it can be handled
        return
    default(args)


@contextmanager
def deferred() -> Iterator[None]:
    """Stop signals wait (blocked) until the block ends, then arrive. Around
    forking worker processes: a child starts with the parent's handlers and
    mask, so it is not stopped before it has set up its own handling (which
    unblocks them: pnp.workers._worker_init)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextmanager
def stop_signals() -> Iterator[None]:
    """Stop signals raise Interrupted inside the block; the old handlers come
    back afterwards. Outside the main thread (where Python allows no
    handlers) it does nothing."""
    global pending, _owed
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if signal.getsignal(signal.SIGINT) is not _remember:
        pending, _owed = None, False  # a new run; a signal remembered since the entry point (install_early) is kept
    old_hook = sys.unraisablehook
    sys.unraisablehook = _unraisable
    old = {sig: signal.signal(sig, _raise_interrupted) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        sys.unraisablehook = old_hook
        _owed = False  # the run is over: nothing is left to raise
