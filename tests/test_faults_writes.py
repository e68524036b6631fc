"""Issue 21, round two: nothing written on bad input, no leftover below the
output folder, and messages that say what happened. Each case checks the
one line, the exit code and what is on disk afterwards."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner

import pnp.i18n
import pnp.paths
from pnp.cli import main
from pnp.paths import TEMPLATES
from tests.helpers import one_error_line

PNP = Path(sys.executable).parent / "pnp"


def _run(*args: str, **kw):
    return CliRunner().invoke(main, list(args), **kw)


def _tree(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


@pytest.fixture
def templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    monkeypatch.setattr(pnp.paths, "TEMPLATES", copy)
    pnp.i18n._load_catalog.cache_clear()
    yield copy
    pnp.i18n._load_catalog.cache_clear()


# ---- every kit checked, every job laid out, before the first file -------------

@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(("args", "says"), [
    (["ludo-cards", "kesse-rueben", "--format", "cards", "--preset", "poker-eu"],
     "preset poker-eu is for 63 x 88 mm cards; kesse-rueben's board"),
    (["kesse-rueben", "--format", "pdf,cards", "--preset", "poker-us"],
     "preset poker-us is for 63.5 x 88.9 mm cards; kesse-rueben's board"),
])
def test_options_one_kit_cannot_take_write_no_file_of_any_kit(tmp_path, args, says, jobs):
    out = tmp_path / "out"
    result = _run("render", *args, "-j", jobs, "-o", str(out))
    assert result.exit_code == 2, result.output
    assert says in one_error_line(result.output)
    assert not out.exists(), "not one file, not even the folder"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_layout_error_in_the_last_kit_writes_no_file_of_the_others(tmp_path, templates, jobs):
    """tab renders last (kits in name order); its German rules name a
    diagram no kit draws, which only layout finds."""
    path = templates / "tab" / "lang" / "de.toml"
    data = tomllib.loads(path.read_text("utf-8"))
    data["rules"] = [*data["rules"], "[[diagram:nope]]"]
    path.write_text(tomli_w.dumps(data), "utf-8")
    out = tmp_path / "out"
    result = _run("render", "-j", jobs, "-o", str(out))
    assert result.exit_code == 1, result.output
    assert "no diagram named 'nope'" in one_error_line(result.output)
    assert not out.exists()


def test_a_word_too_long_for_its_label_is_one_short_line_and_writes_nothing(tmp_path, templates):
    """A title of one 600-letter word: only layout finds it does not fit; the
    line that says so quotes the start of the word and its end, not all of it."""
    path = templates / "tab" / "lang" / "de.toml"
    data = tomllib.loads(path.read_text("utf-8"))
    data["title"] = "Spielbrett" * 60
    path.write_text(tomli_w.dumps(data), "utf-8")
    out = tmp_path / "out"
    result = _run("render", "-o", str(out))
    assert result.exit_code == 1, result.output
    line = one_error_line(result.output)
    assert "does not fit" in line and "characters ...]" in line and line.endswith("no file was written; "
                                                                                "no partial file was left behind")
    assert len(line) <= 400, len(line)
    assert not out.exists()


def test_a_missing_common_language_file_writes_no_language(tmp_path, templates):
    (templates / "common" / "lang" / "nl.toml").unlink()
    out = tmp_path / "out"
    result = _run("render", "tab", "-o", str(out))
    assert result.exit_code == 1, result.output
    assert one_error_line(result.output) == f"Error: {templates / 'common' / 'lang' / 'nl.toml'}: catalog file is missing"
    assert not out.exists()
    assert "nl" in pnp.i18n.languages(templates), "Dutch is still a language: its kit catalogs say so"


# ---- leftovers, in every folder pnp writes ------------------------------------------

def _dead_pid() -> int:
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


def test_the_next_run_removes_a_crashed_runs_part_in_every_folder_it_writes(tmp_path):
    out = tmp_path / "out"
    cards = out / "tab-en-cards"
    (cards / "png").mkdir(parents=True)
    dead = _dead_pid()
    left = [
        out / f".tab-en-a4.pdf.pnp-{dead}-0123abcd.part",
        cards / f".tab-en-cards-png.zip.pnp-{dead}-89abcdef.part",
        cards / "png" / f".tab-en-cards-001-board.png.pnp-{dead}-00ff00ff.part",
        cards / ".tab-en-cards-png.zip.k3_x9zqa.part",  # as earlier versions named the ZIP's temporary file
    ]
    kept = [out / ".notes.txt.part",  # not pnp's
            cards / f".tab-en-cards.pdf.pnp-{os.getppid()}-01234567.part"]  # a writer that still runs
    for p in left + kept:
        p.write_bytes(b"half")
    result = _run("render", "tab", "-l", "en", "-p", "a4", "--format", "pdf,cards", "--dpi", "20", "-j", "1",
                  "-o", str(out))
    assert result.exit_code == 0, result.output
    assert not [p for p in left if p.exists()]
    assert all(p.exists() for p in kept)
    assert f"removed {len(left)} .part file(s) a crashed run had left in {out}" in result.output


def test_a_run_killed_while_writing_the_zip_leaves_a_part_the_next_run_removes(tmp_path):
    """SIGKILL cannot be caught: a serial run killed while the ZIP streams
    leaves its .part in the cards folder; the next run finds it there."""
    out = tmp_path / "out"
    args = [str(PNP), "render", "ludo-cards", "-l", "en", "--format", "cards", "--dpi", "40", "-j", "1", "-q",
            "-o", str(out)]
    proc = subprocess.Popen(args)
    killed = []
    try:
        import time

        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            parts = list(out.rglob("*.zip.pnp-*.part")) if out.exists() else []
            if parts:
                os.kill(proc.pid, 9)
                killed = parts
                break
            time.sleep(0.002)
    finally:
        proc.wait(timeout=60)
    if not killed:
        pytest.skip("the run finished before its ZIP could be caught half-written")
    assert [p for p in killed if p.exists()], "SIGKILL left the ZIP's .part"
    r = subprocess.run(args, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert not [p for p in out.rglob("*") if p.name.endswith(".part")]


# ---- messages ------------------------------------------------------------------------

def test_a_full_disk_while_the_zip_is_written_says_so_and_what_was_kept(tmp_path, monkeypatch):
    """ENOSPC injected into the ZIP when the 6th PNG goes in: the line names
    the ZIP and the disk being full, and counts the finished files, which
    are exactly those on disk (the PDF and the 6 PNGs written so far, each
    written before the ZIP takes it)."""
    import pnp.render.cards as cards_mod

    real_add = cards_mod.DeterministicZip.add
    calls = []

    def add(self, name, data):
        calls.append(name)
        if len(calls) > 5:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_add(self, name, data)

    monkeypatch.setattr(cards_mod.DeterministicZip, "add", add)
    out = tmp_path / "out"
    result = _run("render", "tab", "-l", "en", "-p", "a4", "--format", "cards", "--dpi", "20", "-o", str(out))
    assert result.exit_code == 1, result.output
    line = [ln for ln in result.output.splitlines() if ln.startswith("Error:")]
    assert len(line) == 1, result.output
    zip_path = out / "tab-en-cards" / "tab-en-cards-png.zip"
    on_disk = _tree(out)
    assert on_disk == sorted(["tab-en-cards/tab-en-cards.pdf", *[f"tab-en-cards/png/{n}" for n in calls]]), on_disk
    assert line[0] == (f"Error: cannot write {zip_path}: No space left on device; kept the {len(on_disk)} finished "
                       f"file(s) in {out}; no partial file was left behind")


def _mount_tmpfs(where: Path, size: int) -> bool:
    where.mkdir()
    return subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True).returncode == 0


def test_a_real_full_disk_while_the_zip_is_written(tmp_path):
    """A tmpfs with room for the cards PDF, its PNGs and half their ZIP: the
    disk fills while the ZIP streams (between PNGs); the finished files stay."""
    probe = tmp_path / "probe"
    r = subprocess.run([str(PNP), "render", "tab", "-l", "en", "-p", "a4", "--format", "cards", "--dpi", "40", "-q",
                        "-o", str(probe)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    page = 4096  # tmpfs gives each file whole pages

    def pages(n: int) -> int:
        return -(-n // page) * page

    finished = [p for p in probe.rglob("*") if p.is_file() and p.suffix != ".zip"]
    files = len(finished)
    (zip_file,) = probe.rglob("*.zip")
    disk = tmp_path / "disk"
    size = sum(pages(p.stat().st_size) for p in finished) + pages(zip_file.stat().st_size // 2)  # half the ZIP fits
    if not _mount_tmpfs(disk, size):
        pytest.skip("cannot mount a tmpfs here (the injected ENOSPC test above covers the message)")
    try:
        r = subprocess.run([str(PNP), "render", "tab", "-l", "en", "-p", "a4", "--format", "cards", "--dpi", "40",
                            "-q", "-o", str(disk)], capture_output=True, text=True, timeout=300)
        on_disk = _tree(disk)
    finally:
        subprocess.run(["umount", str(disk)], check=True)
    assert r.returncode == 1, r.stderr
    line = one_error_line(r.stderr)
    zip_path = disk / "tab-en-cards" / "tab-en-cards-png.zip"
    assert line == (f"Error: cannot write {zip_path}: No space left on device; kept the {len(on_disk)} finished "
                    f"file(s) in {disk}; no partial file was left behind")
    assert 0 < len(on_disk) < files and not [n for n in on_disk if n.endswith((".part", ".zip"))], on_disk


@pytest.mark.parametrize("value", ["\uff13", "\u0663", "1_0", "1e0", "1e-400", "inf", "nan", "0x3", " "])
def test_bleed_is_parsed_like_back_offset(tmp_path, value):
    out = tmp_path / "out"
    result = _run("render", "ludo-cards", "-l", "en", "-p", "a4", "--format", "cards", "--bleed", value,
                  "-o", str(out))
    assert result.exit_code == 2, result.output
    line = one_error_line(result.output)
    assert "--bleed" in line and "is not a length in mm" in line, line
    assert not out.exists()


def test_bleed_takes_a_plain_decimal(tmp_path):
    out = tmp_path / "out"
    result = _run("render", "tab", "-l", "en", "-p", "a4", "--format", "cards", "--bleed", "2.5", "--dpi", "20", "-q",
                  "-o", str(out))
    assert result.exit_code == 0, result.output
    assert (out / "tab-en-cards" / "tab-en-cards.pdf").exists()


def test_an_empty_output_path_is_refused_and_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _run("render", "tab", "-l", "en", "-p", "a4", "-o", "")
    assert result.exit_code == 2
    assert "--out" in one_error_line(result.output) and "empty" in result.output
    assert list(tmp_path.iterdir()) == []


def test_validate_quotes_a_file_name_that_holds_a_line_break(tmp_path, rendered):
    forged = "x\nvalidated 1 file(s), 99 checks: all hold\ny.pdf"
    path = tmp_path / forged
    shutil.copy(rendered("tab"), path)
    bad = tmp_path / "a\tb.pdf"
    bad.write_bytes(b"not a pdf")
    result = _run("validate", str(path), str(bad))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert not [ln for ln in lines if ln.startswith("validated ")][:-1], "one summary line, the last"
    assert lines[-1].startswith("validated 2 file(s)") and "FAILED" in lines[-1]
    assert lines[0].startswith(repr(str(path)) + " (kit tab"), lines[0]
    assert any(ln.startswith(repr(str(bad)) + ": ") for ln in lines), lines
