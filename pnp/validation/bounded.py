"""Hard limits for checking one file.

A hostile PDF can make any reader spend unbounded memory or time (deeply
nested marked content, long runs of escaped characters, a pipe that never
ends). Each file is therefore checked in a forked child process whose
address space is capped with `setrlimit` and which is killed when its
wall-clock time runs out; the parent only ever gets a small report back
through a pipe, or a line saying which limit the file broke.
"""

from __future__ import annotations

import faulthandler
import os
import pickle
import resource
import select
import signal
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MEMORY = 500 * 1024 * 1024  # bytes of address space a check may add to what it inherits
SECONDS = 10.0  # wall-clock time for one file
MAX_BYTES = 20 * 1024 * 1024  # a pnp kit is a few hundred KB


class InputError(Exception):
    """The input cannot be read as a file: one line for the user."""


def refuse_special(path: Path) -> str | None:
    """A line if `path` is not something a file can be read from once:
    regular files and pipes (`<(cat f.pdf)`, /dev/stdin from a pipe) are
    fine; folders, devices (/dev/zero, a terminal) and sockets are not."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "does not exist"
    except OSError as e:
        return f"cannot be read: {e.strerror or e}"
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a PDF file"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "is a device (like /dev/zero or a terminal), not a PDF file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a PDF file"
    return "is not a regular file or a pipe"


def read_once(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The whole input, read once (a pipe can be read only once), at most
    `limit` bytes."""
    problem = refuse_special(path)
    if problem is not None:
        raise InputError(problem)
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise InputError(f"cannot be read: {e.strerror or e}") from None
    if len(data) > limit:
        raise InputError(f"is larger than {limit // (1024 * 1024)} MB; a pnp kit is a few hundred KB")
    return data


@dataclass(frozen=True)
class Outcome:
    """What the child sent back (`value`), or why it sent nothing (`failure`),
    with the child's peak memory (resident, bytes) and wall-clock time."""

    value: Any
    failure: str | None
    peak_bytes: int
    seconds: float


def vm_size() -> int:
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def run_bounded(fn: Callable[[], Any], memory: int = MEMORY, seconds: float = SECONDS) -> Outcome:
    """fn() in a forked child: at most `memory` bytes of address space more
    than the parent has, at most `seconds` of wall-clock time (then it is
    killed). fn's return value must pickle."""
    limit = vm_size() + memory
    read_end, write_end = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 0
        try:
            os.close(read_end)
            # a reader that aborts must not print into the user's terminal: the
            # parent says what happened, in one line
            faulthandler.disable()
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            cpu = int(seconds) + 2
            resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu))
            try:
                payload = pickle.dumps(("ok", fn()))
            except MemoryError:
                payload = pickle.dumps(("memory", None))
            with os.fdopen(write_end, "wb") as out:
                out.write(payload)
        except BaseException:  # noqa: BLE001 - the child reports by its exit status
            status = 70
        os._exit(status)
    os.close(write_end)
    chunks: list[bytes] = []
    timed_out = False
    try:
        while True:
            left = seconds - (time.monotonic() - start)
            if left <= 0:
                timed_out = True
                break
            ready, _, _ = select.select([read_end], [], [], left)
            if not ready:
                timed_out = True
                break
            chunk = os.read(read_end, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_end)
        if timed_out:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        _, status, usage = os.wait4(pid, 0)
    elapsed = time.monotonic() - start
    peak = usage.ru_maxrss * 1024
    if timed_out:
        return Outcome(None, f"took longer than {seconds:g} s to check; stopped", peak, elapsed)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig == signal.SIGXCPU:
            return Outcome(None, f"took longer than {seconds:g} s to check; stopped", peak, elapsed)
        return Outcome(None, f"made the PDF reader crash ({signal.Signals(sig).name}) within the "
                             f"{memory // (1024 * 1024)} MB memory limit", peak, elapsed)
    try:
        kind, value = pickle.loads(b"".join(chunks))
    except Exception:  # noqa: BLE001 - a child that died before writing
        return Outcome(None, "could not be checked: the checking process failed", peak, elapsed)
    if kind == "memory":
        return Outcome(None, f"needs more than {memory // (1024 * 1024)} MB of memory to check; stopped", peak, elapsed)
    return Outcome(value, None, peak, elapsed)
