"""Interrupts at random moments of a real render in a child process:
SIGINT and SIGHUP to the process group (what Ctrl-C and a closed terminal
do), SIGTERM and SIGKILL to the main process (what kill, timeout and the
OOM killer do).
Afterwards no .part is left, no worker process is still alive, and every
file in the folder is either the old one or the new one, whole."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PNP = Path(sys.executable).parent / "pnp"
# two kits, two workers, PDF and SVG: a run of under a second
ARGS = ["render", "tab", "kesse-rueben", "-l", "en", "-p", "a4", "--format", "pdf,svg", "--no-validate", "-j",
        "2", "-q"]
SEED = int(os.environ.get("PNP_FAULT_SEED", time.time_ns() % 10_000))


def _children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry))
    return kids


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _running(pid: int) -> bool:
    """Alive and not a zombie (a dead child nobody has reaped yet)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The files a whole run writes, to compare every interrupted folder with."""
    out = tmp_path_factory.mktemp("reference")
    subprocess.run([str(PNP), *ARGS, "-o", str(out)], check=True, timeout=120)
    files = _snapshot(out)
    assert len(files) > 5
    return files


def _started(proc: subprocess.Popen, out: Path, before: dict[str, int]) -> None:
    """Wait until the run is writing: a .part appears or a file is replaced."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        for p in out.iterdir():
            if p.name.endswith(".part") or (p.name in before and p.stat().st_mtime_ns != before[p.name]):
                return
        time.sleep(0.005)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL],
                         ids=["SIGINT", "SIGTERM", "SIGHUP", "SIGKILL"])
def test_an_interrupt_at_a_random_moment_leaves_no_part_and_no_worker(tmp_path, reference, sig):
    rng = random.Random(f"{SEED}-{sig}")
    out = tmp_path / "out"
    out.mkdir()
    for name, data in reference.items():  # the old files, from an earlier whole run
        (out / name).write_bytes(data)
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    time.sleep(0.02)  # so a replaced file gets a newer time
    proc = subprocess.Popen([str(PNP), *ARGS, "-o", str(out)], stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        _started(proc, out, before)
        time.sleep(rng.uniform(0.0, 0.6))
        workers = _children(proc.pid)
        if sig in (signal.SIGINT, signal.SIGHUP):
            os.killpg(proc.pid, sig)  # a terminal sends Ctrl-C and its hang-up to the whole group
        else:
            os.kill(proc.pid, sig)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    note = f"seed {SEED}, workers {workers}, exit {proc.returncode}, stderr {err!r}"
    if proc.returncode != 0:  # 0: the run was over before the signal came
        if sig == signal.SIGKILL:
            assert proc.returncode == -signal.SIGKILL, note
        else:
            assert proc.returncode == 128 + sig, note
            (line,) = err.splitlines()
            assert line.startswith("Error: interrupted by ") and "no partial file was left behind" in line, note
            assert "finished file(s) in" in line or "no file was finished" in line, note
    deadline = time.monotonic() + 10
    while any(_running(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if _running(w)], f"workers outlived the run: {note}"
    after = _snapshot(out)
    assert not [n for n in after if n.endswith(".part")], f"a .part was left: {note}"
    assert after.keys() == reference.keys(), note
    for name, data in after.items():
        assert data == reference[name], f"{name} is not whole: {note}"


def test_a_killed_serial_run_leaves_a_part_the_next_run_removes(tmp_path):
    """SIGKILL cannot be caught: a run writing in its own process (-j 1) may
    leave a .part. The next run in that folder removes it."""
    out = tmp_path / "out"
    args = [str(PNP), "render", "kesse-rueben", "-l", "en", "-p", "a4", "--format", "svg", "--no-validate", "-j", "1",
            "-q", "-o", str(out)]
    proc = subprocess.Popen(args)
    deadline = time.monotonic() + 60
    while proc.poll() is None and time.monotonic() < deadline:
        if out.exists() and any(p.name.endswith(".part") for p in out.iterdir()):
            os.kill(proc.pid, signal.SIGKILL)
            break
        time.sleep(0.001)
    proc.wait(timeout=60)
    left = [p.name for p in out.iterdir() if p.name.endswith(".part")]
    r = subprocess.run(args[:-2] + ["-o", str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert not [p.name for p in out.iterdir() if p.name.endswith(".part")]
    if left:  # the kill came while a .part existed (usual); else the run had finished
        assert not any((out / n).exists() for n in left)


def test_a_worker_killed_alone_stops_the_run_with_one_line(tmp_path):
    """A worker that dies on its own (the OOM killer, a stray kill -9) is one
    line and exit 1; its .part is removed and the other worker stops too."""
    out = tmp_path / "out"
    proc = subprocess.Popen([str(PNP), *ARGS, "-o", str(out)], stderr=subprocess.PIPE, text=True)
    try:
        me = Path(f"/proc/{proc.pid}/cmdline")
        deadline = time.monotonic() + 60
        workers: list[int] = []
        while len(workers) < 2 and time.monotonic() < deadline and proc.poll() is None:
            workers = [w for w in _children(proc.pid) if _cmdline(w) == me.read_bytes()]  # not a helper process
            time.sleep(0.002)
        time.sleep(0.05)
        if workers:
            os.kill(workers[0], signal.SIGKILL)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    if proc.returncode == 0:
        pytest.skip("the killed worker had finished its last job; nothing to test in this run")
    assert proc.returncode == 1, err
    (line,) = err.splitlines()
    assert line.startswith("Error: a worker process was killed") and "no partial file" in line
    time.sleep(0.2)
    assert not [w for w in workers if _running(w)]
    assert not out.exists() or not [p for p in out.rglob("*") if p.name.endswith(".part")]


def test_validate_stopped_by_sigterm_is_one_line(tmp_path, rendered):
    """Every command stops cleanly, not only render: a validate that is
    checking a file (held there on purpose) and gets SIGTERM."""
    marker = tmp_path / "checking"
    code = ("import pathlib, sys, time, pnp.validate as v\n"
            "def slow(path):\n"
            f"    pathlib.Path({str(marker)!r}).touch()\n"
            "    time.sleep(30)\n"
            "v.validate_file = slow\n"
            "from pnp.cli import main\n"
            "main()\n")
    proc = subprocess.Popen([sys.executable, "-c", code, "validate", str(rendered("tab"))], stderr=subprocess.PIPE,
                            text=True)
    try:
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signal.SIGTERM
    assert err == "Error: interrupted\n"


def test_a_signal_that_reaches_us_as_a_c_calls_error_is_still_the_signal(tmp_path, monkeypatch):
    """A stop signal whose Interrupted is raised while ctypes converts a
    PDFium call's argument comes out as ctypes.ArgumentError ("argument 1:
    Interrupted: 2"), not as Interrupted: the run still ends with the
    signal's one line and exit code, not a traceback (seen once in 200
    signalled print-shop renders)."""
    import ctypes

    from click.testing import CliRunner

    import pnp.workers
    from pnp import interrupts
    from pnp.cli import main

    class Results:
        def __iter__(self):
            interrupts.pending = signal.SIGINT  # what the handler records before it raises
            raise ctypes.ArgumentError("argument 1: Interrupted: 2")

        def close(self) -> None:
            pass

    monkeypatch.setattr(pnp.workers, "render_all", lambda *a, **k: Results())
    run = CliRunner().invoke(main, ["render", "tab", "-l", "en", "-p", "a4", "-q", "-o", str(tmp_path / "o")])
    assert run.exit_code == 128 + signal.SIGINT, run.output
    lines = run.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: interrupted by Ctrl-C (SIGINT)"), lines
    assert not list((tmp_path / "o").rglob("*.part"))


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_before_the_cli_has_started_is_one_line_too(tmp_path, sig):
    """A stop signal that comes after the entry point's first line but before
    the CLI is imported and running (the window where a forked run of the
    signal loop once died of KeyboardInterrupt, exit 70) is remembered
    (pnp.interrupts.install_early) and stops the run with its one line."""
    out = tmp_path / "out"
    code = ("import os, signal, sys\n"
            "from pnp import interrupts\n"
            "interrupts.install_early()\n"
            f"os.kill(os.getpid(), {int(sig)})  # before anything else of pnp is imported\n"
            "from pnp.entry import main\n"
            f"sys.argv = ['pnp', 'render', 'tab', '-l', 'en', '--no-validate', '-o', {str(out)!r}]\n"
            "main()\n")
    r = subprocess.run([sys.executable, "-c", code], stderr=subprocess.PIPE, text=True, timeout=60)
    assert r.returncode == 128 + sig, r.stderr
    assert r.stderr.splitlines() == [r.stderr.strip()] and r.stderr.startswith("Error: interrupted by "), r.stderr
    assert "no file was finished" in r.stderr
    assert not out.exists() or not list(out.iterdir())
