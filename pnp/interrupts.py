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
what makes the stop safe."""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

pending: int | None = None  # the first stop signal of the block, once one has come


class Interrupted(BaseException):
    """A stop signal arrived. Not an Exception, so no `except Exception`
    swallows it."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_interrupted(signum: int, _frame: object) -> None:
    global pending
    if pending is not None:
        return  # already stopping
    pending = signum
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
    global pending
    if signal.getsignal(signal.SIGINT) is not _remember:
        pending = None  # installed again (a harness that mirrors the entry point): what it remembered stays
    for sig in STOP_SIGNALS:
        signal.signal(sig, _remember)


def check() -> None:
    """Raise Interrupted if a stop signal came, even one whose exception
    Python had to drop."""
    if pending is not None:
        raise Interrupted(pending)


def _unraisable(args: Any, default: Any = sys.__unraisablehook__) -> None:
    if isinstance(args.exc_value, Interrupted):
        return  # remembered in `pending`; check() raises it where it can be handled
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
    global pending
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    if signal.getsignal(signal.SIGINT) is not _remember:
        pending = None  # a new run; a signal remembered since the entry point (install_early) is kept
    old_hook = sys.unraisablehook
    sys.unraisablehook = _unraisable
    old = {sig: signal.signal(sig, _raise_interrupted) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        sys.unraisablehook = old_hook
