"""Signals that stop a run: SIGINT (Ctrl-C), SIGTERM (kill, timeout,
systemd) and SIGHUP (a closed terminal) all raise Interrupted in the main
process, so every `finally` runs: workers are stopped and no .part is left.
A light module: the CLI installs the handlers before it imports anything
heavy."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(BaseException):
    """A stop signal arrived. Not an Exception, so no `except Exception`
    swallows it."""

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_interrupted(signum: int, _frame: object) -> None:
    raise Interrupted(signum)


@contextmanager
def stop_signals() -> Iterator[None]:
    """Stop signals raise Interrupted inside the block; the old handlers come
    back afterwards. Outside the main thread (where Python allows no
    handlers) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {sig: signal.signal(sig, _raise_interrupted) for sig in STOP_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
