"""The validator against the hostile corpus (tests/hostile.py): every case
gets its verdict, as one line naming the file, and the worst bombs stay
within the hard limits of the checking process."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from pnp.validate import validate_file
from pnp.validation.bounded import vm_size
from tests.hostile import BOMBS, CASES, GOOD, Case


@pytest.fixture(scope="session")
def source(measure, tmp_path_factory):
    """source(kit, options) -> a good kit rendered once per session."""
    folder = tmp_path_factory.mktemp("good")
    cache: dict[tuple, Path] = {}

    def get(kit: str, options: dict[str, object]) -> Path:
        key = (kit, tuple(sorted(options.items())))
        if key not in cache:
            sub = folder / str(len(cache))
            sub.mkdir()
            result = render_one(get_kit(kit), Options("en", get_paper("a4"), **options), sub, ("pdf",), 150,  # type: ignore[arg-type]
                                measure, validate=False)
            cache[key] = result.files[0]
        return cache[key]

    return get


@pytest.fixture(scope="session")
def made(source, tmp_path_factory):
    """made(case) -> the case's file, made once per session."""
    cache: dict[str, Path] = {}

    def get(case: Case) -> Path:
        if case.name not in cache:
            cache[case.name] = case.make(source, tmp_path_factory.mktemp("hostile"))
        return cache[case.name]

    return get


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_each_case_gets_its_verdict(case: Case, made):
    path = made(case)
    report = validate_file(path)
    problems = report.problems()
    if case.verdict == GOOD:
        assert report.ok, problems
        return
    assert not report.ok
    assert problems and all(p.startswith(f"{path}: ") for p in problems), problems
    pattern = re.compile(".*?".join(re.escape(part) for part in case.verdict.split(" … ")))
    assert any(pattern.search(p) for p in problems), problems
    assert all("\n" not in p and "Traceback" not in p for p in problems)
    if "is damaged" in case.verdict:  # damaged says where, and is not called truncated
        assert len(problems) == 1 and "truncated" not in problems[0], problems


def test_the_sources_themselves_pass(source):
    for kit, options in [("tab", {}), ("kesse-rueben", {}), ("kesse-rueben", {"players": 3}),
                         ("ludo-cards", {"players": 2}), ("ludo-cards", {"players": 2, "backs": "gutterfold"})]:
        report = validate_file(source(kit, options))
        assert report.ok, report.problems()


@pytest.mark.parametrize("name", BOMBS)
def test_bombs_stay_within_500_mb_and_10_s(name: str, made):
    path = made(next(c for c in CASES if c.name == name))
    base = vm_size()  # the limit is this process's address space + 500 MB
    report = validate_file(path)
    assert not report.ok
    grown = report.peak_bytes - base
    print(f"{name}: peak {report.peak_bytes / 2**20:.0f} MB resident ({grown / 2**20:.0f} MB above the parent's "
          f"{base / 2**20:.0f} MB address space), {report.seconds:.2f} s: {report.error or report.problems()[0]}")
    assert grown < 500 * 2**20
    assert report.seconds < 10.5


# ---- the hard limits themselves, and inputs that are not files ----------------

def test_a_check_that_wants_too_much_memory_is_stopped():
    from pnp.validation.bounded import run_bounded

    base = vm_size()
    outcome = run_bounded(lambda: len(bytearray(2 * 2**30)))
    assert outcome.value is None
    assert "500 MB" in outcome.failure
    assert outcome.peak_bytes < base + 500 * 2**20


def test_a_check_that_hangs_is_killed_on_time():
    import time

    from pnp.validation.bounded import run_bounded

    outcome = run_bounded(lambda: time.sleep(60), seconds=1.0)
    assert outcome.value is None and "longer than 1 s" in outcome.failure
    assert outcome.seconds < 3


def test_a_fifo_nobody_writes_to_is_given_up(tmp_path):
    import os

    fifo = tmp_path / "kit.pdf"
    os.mkfifo(fifo)
    report = validate_file(fifo, seconds=1.0)
    assert not report.ok and "longer than 1 s" in report.error
    assert report.problems() == [f"{fifo}: {report.error}"]


@pytest.mark.parametrize(("path", "phrase"), [("/dev/zero", "is a device"), ("/", "is a folder")])
def test_special_files_are_refused(path, phrase):
    report = validate_file(Path(path))
    assert not report.ok and phrase in report.error


def test_a_huge_file_is_refused_unread(tmp_path):
    path = tmp_path / "huge.pdf"
    with path.open("wb") as f:
        f.truncate(64 * 2**20)  # sparse: 64 MB that take no disk
    report = validate_file(path)
    assert not report.ok and "larger than 20 MB" in report.error


def _pnp() -> str:
    import sys

    return str(Path(sys.executable).parent / "pnp")


def test_a_pipe_is_read_once(source):
    import shutil
    import subprocess

    good = source("tab", {})
    bash = shutil.which("bash")
    assert bash
    result = subprocess.run([bash, "-c", f'"{_pnp()}" validate -q <(cat "{good}")'], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "all hold" in result.stdout


def test_stdin_is_read_once(source):
    import subprocess

    with source("tab", {}).open("rb") as f:
        result = subprocess.run([_pnp(), "validate", "-q", "/dev/stdin"], stdin=f, capture_output=True, text=True,
                                timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_cli_gives_one_line_for_a_device():
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["validate", "/dev/zero"])
    assert result.exit_code == 1
    assert "/dev/zero: is a device" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("name", BOMBS)
def test_pdfium_alone_on_each_bomb_stays_within_the_hard_limits(name: str, made):
    """Without the structural checks in front, PDFium itself reads the bomb
    in the bounded child: whatever it does, the parent gets an answer in
    time and the child's memory stays under the limit."""
    from pnp.validation.bounded import run_bounded
    from pnp.validation.printed import read_printed

    data = made(next(c for c in CASES if c.name == name)).read_bytes()
    base = vm_size()

    def draw() -> int:
        try:
            return len(read_printed(data))
        except Exception:  # noqa: BLE001 - only the limits are under test here
            return -1

    outcome = run_bounded(draw)
    print(f"{name}: PDFium alone: {outcome.failure or 'finished'}, peak {outcome.peak_bytes / 2**20:.0f} MB, "
          f"{outcome.seconds:.2f} s")
    assert outcome.peak_bytes - base < 500 * 2**20
    assert outcome.seconds < 10.5
