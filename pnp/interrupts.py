"""Signals that stop a run: SIGINT (Ctrl-C), SIGTERM (kill, timeout,
systemd) and SIGHUP (a closed terminal) all raise Interrupted in the main
process, so every `finally` runs: workers are stopped and no .part is left.
A light module: the CLI installs the handlers before it imports anything
heavy.

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
    unblocks them: pnp.outputs._worker_init)."""
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
    pending = None
    old_hook = sys.unraisablehook
    sys.unraisablehook = _unraisable
    old = {sig: signal.signal(sig, _raise_interrupted) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        sys.unraisablehook = old_hook
