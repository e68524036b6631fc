"""Fault injection at the command line: bad numbers, conflicting and
ignored options, broken data folders, output that cannot be written (a
full disk, /dev/full, a closed stdout), files that fail their checks,
leftovers of a crashed run. Each is one `Error:` line and the exit code the
README gives, and nothing half-made is left on disk."""

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

import pnp.atomic
import pnp.i18n
import pnp.paths
from pnp.cli import main
from pnp.paths import FONTS, TEMPLATES
from tests.helpers import KIT_IDS, one_error_line

PNP = Path(sys.executable).parent / "pnp"
# runs the CLI with the data folders moved: argv = templates fonts args...
LAUNCH = ("import sys, pathlib, pnp.paths as p; p.TEMPLATES = pathlib.Path(sys.argv[1]); "
          "p.FONTS = pathlib.Path(sys.argv[2]); from pnp.cli import main; main(sys.argv[3:])")


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.fixture
def templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of templates/ that pnp reads instead of the real one."""
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    monkeypatch.setattr(pnp.paths, "TEMPLATES", copy)
    pnp.i18n._load_catalog.cache_clear()
    yield copy
    pnp.i18n._load_catalog.cache_clear()


def _edit_game(templates: Path, kit_id: str, **values: object) -> None:
    path = templates / kit_id / "game.toml"
    data = tomllib.loads(path.read_text("utf-8"))
    data.update(values)
    path.write_text(tomli_w.dumps(data), "utf-8")


# ---- numbers and options ----------------------------------------------------

@pytest.mark.parametrize(("args", "words"), [
    (["--back-offset", "nan,0"], ["--back-offset", "'nan,0'"]),
    (["--back-offset", "0,nan"], ["--back-offset"]),
    (["--back-offset", "inf,0"], ["--back-offset"]),
    (["--back-offset", "0,-inf"], ["--back-offset"]),
    (["--back-offset", "1e400,0"], ["--back-offset"]),
    (["--back-offset", "\uff11,0"], ["--back-offset"]),  # a full-width 1
    (["--back-offset", "1,2,3"], ["--back-offset"]),
    (["--players", "\uff13"], ["--players", "not a whole number"]),  # a full-width 3
    (["--players", "\u0663"], ["--players"]),  # an Arabic-Indic 3
    (["--players", "3.0"], ["--players"]),
    (["--players", "nan"], ["--players"]),
    (["--dpi", "\uff13\uff10\uff10"], ["--dpi"]),
    (["--dpi", "1_50"], ["--dpi"]),
    (["--dpi", "inf"], ["--dpi"]),
    (["--dpi", "1e3"], ["--dpi"]),
    (["--dpi", "601"], ["--dpi", "20-600"]),
    (["-j", "nan"], ["--jobs"]),
    (["-j", "0"], ["--jobs"]),
    (["--greyscale", "--ink-saver"], ["--greyscale", "--ink-saver"]),
    (["--backs", "none", "--back-offset", "1,1"], ["--back-offset", "none"]),
    (["--backs", "gutterfold", "--back-offset", "1,1"], ["--back-offset", "gutterfold"]),
    (["--frobnicate"], ["--frobnicate"]),
])
def test_bad_numbers_and_options_are_one_line_exit_2_and_write_nothing(tmp_path, args, words):
    out = tmp_path / "out"
    result = _run("render", "ludo-cards", "-l", "en", "-p", "a4", "-o", str(out), *args)
    assert result.exit_code == 2, result.output
    line = one_error_line(result.output)
    for w in words:
        assert w in line, f"{w!r} not in {line!r}"
    assert not out.exists()


@pytest.mark.parametrize("flag", [["--back-offset", "1,1"], ["--backs", "gutterfold"]])
def test_a_back_option_for_a_kit_without_backs_is_an_error(tmp_path, flag):
    result = _run("render", "tab", "-l", "en", "-p", "a4", "-o", str(tmp_path / "out"), *flag)
    assert result.exit_code == 2
    assert "tab has no card backs" in one_error_line(result.output)


def test_an_offset_is_in_the_name_of_the_kit_that_takes_it_only(tmp_path):
    result = _run("render", "-l", "en", "-p", "a4", "--back-offset", "1,-0.5", "--no-validate", "-q", "-o",
                  str(tmp_path))
    assert result.exit_code == 0, result.output
    # the Ludo cards take backs; the other kits (Tâb, Kesse Rüben, the Royal Game of Ur ...) have none to shift
    assert _files(tmp_path) == sorted([f"{k}-en-a4.pdf" for k in KIT_IDS if k != "ludo-cards"]
                                      + ["ludo-cards-en-a4-offset+1-0.5.pdf"])


def test_pnp_alone_prints_the_help():
    result = _run()
    assert result.exit_code == 0
    assert result.output.startswith("Usage: ") and "Error" not in result.output and "render" in result.output


def test_a_click_usage_error_is_one_line_not_four():
    for args in (["frobnicate"], ["render", "--lang"], ["validate", "--frob"]):
        result = _run(*args)
        assert result.exit_code == 2
        one_error_line(result.output)


# ---- broken data: nothing written -------------------------------------------

def test_list_with_no_player_counts_is_one_line(templates):
    _edit_game(templates, "kesse-rueben", players=[])
    result = _run("list")
    assert result.exit_code == 1
    assert "kesse-rueben/game.toml: players: " in one_error_line(result.output)


@pytest.mark.parametrize(("kit_id", "values", "words"), [
    ("kesse-rueben", {"token": 0}, ["token", "greater than 0"]),
    ("kesse-rueben", {"supply": {"2": 16, "3": 12.7, "4": 9}}, ["supply.3", "12.7"]),
    ("ludo-cards", {"grid": [4]}, ["grid"]),
    ("tab", {"coins": 0}, ["coins"]),
])
def test_bad_game_facts_write_nothing(tmp_path, templates, kit_id, values, words):
    _edit_game(templates, kit_id, **values)
    out = tmp_path / "out"
    result = _run("render", "-o", str(out))
    assert result.exit_code == 1
    line = one_error_line(result.output)
    assert f"{kit_id}/game.toml" in line and all(w in line for w in words), line
    assert not out.exists(), "a run that fails before rendering writes nothing"


def test_one_missing_language_file_writes_no_language(tmp_path, templates):
    (templates / "tab" / "lang" / "nl.toml").unlink()
    out = tmp_path / "out"
    result = _run("render", "tab", "-o", str(out))
    assert result.exit_code == 1
    assert "tab/lang/nl.toml: catalog file is missing" in one_error_line(result.output)
    assert not out.exists(), "the other languages must not be written either"


def test_a_glyph_the_fonts_lack_is_an_error_before_anything_is_written(tmp_path, templates):
    path = templates / "ludo-cards" / "lang" / "de.toml"
    data = tomllib.loads(path.read_text("utf-8"))
    data["title"] += " \U0001f3b2"
    path.write_text(tomli_w.dumps(data), "utf-8")
    out = tmp_path / "out"
    result = _run("render", "ludo-cards", "-o", str(out))
    assert result.exit_code == 1
    line = one_error_line(result.output)
    assert "ludo-cards/lang/de.toml: key 'title'" in line and "U+1F3B2" in line
    assert not out.exists()


def test_an_unreadable_template_is_named_not_the_output_folder(tmp_path, templates):
    game = templates / "tab" / "game.toml"
    game.unlink()
    game.mkdir()  # unreadable for anyone, root included
    result = _run("render", "tab", "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    line = one_error_line(result.output)
    assert "tab/game.toml: cannot read the game facts file" in line and "output" not in line


def test_an_unreadable_or_damaged_font_is_named(tmp_path):
    fonts = tmp_path / "fonts"
    shutil.copytree(FONTS, fonts)
    (fonts / "DejaVuSansCondensed-Bold.ttf").unlink()
    (fonts / "DejaVuSansCondensed-Bold.ttf").mkdir()
    (fonts / "DejaVuSansCondensed-Oblique.ttf").write_bytes(b"not a font")
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-c", LAUNCH, str(TEMPLATES), str(fonts), "render", "tab", "-o", str(out)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1, r.stderr
    line = one_error_line(r.stderr)
    assert "DejaVuSansCondensed-Bold.ttf: cannot read the font file" in line
    assert not out.exists()
    (fonts / "DejaVuSansCondensed-Bold.ttf").rmdir()
    shutil.copy(FONTS / "DejaVuSansCondensed-Bold.ttf", fonts)
    r = subprocess.run([sys.executable, "-c", LAUNCH, str(TEMPLATES), str(fonts), "render", "tab", "-o", str(out)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1
    assert "DejaVuSansCondensed-Oblique.ttf: not a usable TrueType font" in one_error_line(r.stderr)


@pytest.mark.parametrize(("kit_id", "values", "words"), [
    ("kesse-rueben", {"barn": [2, 2]}, ["'barn on the centre square'", "barn at (2, 2) on a 5 x 5 board"]),
    ("ludo-cards", {"stack_height": 7}, ["'stack height = pawn positions on a card'", ": 7"]),  # 100: no room (schema)
    ("ludo-cards", {"values": [1]}, ["'a stack per die value 1-4'", "values (1,)"]),
    ("tab", {"rows": 3}, ["'rows'", "the path needs 4 rows"]),
    ("kesse-rueben", {"token": 30.0}, ["'a pawn fits on a token on a square'", "token 30.0 mm"]),
])
def test_facts_that_break_the_games_invariants_are_refused_before_writing(tmp_path, templates, kit_id, values, words):
    """Facts the schema allows but the game's rules do not: refused from the
    facts (one line naming the file and the rule), not found after an
    .invalid.pdf was written."""
    _edit_game(templates, kit_id, **values)
    out = tmp_path / "out"
    result = _run("render", "-o", str(out))
    assert result.exit_code == 1, result.output
    line = one_error_line(result.output)
    assert line.startswith(f"Error: {templates / kit_id / 'game.toml'}: the game's rule "), line
    assert all(w in line for w in words), line
    assert not out.exists()


def test_a_file_failing_its_checks_is_not_left_under_its_final_name(tmp_path, monkeypatch):
    """A kit whose drawing lacks a component its facts ask for (one field
    more expected than drawn): the PDF is written, fails render's validation
    and is kept as .invalid.pdf."""
    import dataclasses

    import pnp.kits.kesse_rueben as kr

    def one_more(spec, options):
        return {**kr.expected(spec, options), "field": spec.fields + 1}

    from pnp.kits import _builtin

    good = kr.KIT
    broken = dataclasses.replace(good, expected=one_more)
    monkeypatch.setattr(kr, "KIT", broken)
    monkeypatch.setitem(_builtin(), good.id, broken)  # the validator looks the kit up by the name in the file
    out = tmp_path / "out"
    out.mkdir()
    (out / "kesse-rueben-en-a4.pdf").write_bytes(b"an older kit")
    result = _run("render", "kesse-rueben", "-l", "en", "-p", "a4", "--format", "pdf,svg", "-o", str(out))
    assert result.exit_code == 1
    assert _files(out) == ["kesse-rueben-en-a4.invalid.pdf"], "no SVG of a kit that failed its checks either"
    assert f"kept as {out / 'kesse-rueben-en-a4.invalid.pdf'}" in result.output
    # rendered right again: the final name is back and the invalid file goes
    monkeypatch.setattr(kr, "KIT", good)
    monkeypatch.setitem(_builtin(), good.id, good)
    result = _run("render", "kesse-rueben", "-l", "en", "-p", "a4", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert _files(out) == ["kesse-rueben-en-a4.pdf"]


# ---- output that cannot be written ------------------------------------------

@pytest.mark.parametrize("args", [["list"], ["render", "tab", "-l", "en", "-p", "a4", "-o", "{out}"],
                                  ["validate", "{pdf}"]])
def test_stdout_to_dev_full_is_one_line_and_exit_1(tmp_path, rendered, args):
    args = [a.format(out=tmp_path / "out", pdf=rendered("tab")) for a in args]
    with open("/dev/full", "w") as full:
        r = subprocess.run([str(PNP), *args], stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert r.returncode == 1, r.stderr
    assert one_error_line(r.stderr) == "Error: cannot write to standard output: No space left on device"


@pytest.mark.parametrize("args", [["list"], ["render", "tab", "-l", "en", "-p", "a4", "-o", "{out}"],
                                  ["validate", "{pdf}"]])
def test_a_closed_stdout_is_one_line_and_exit_1(tmp_path, rendered, args):
    args = [a.format(out=tmp_path / "out", pdf=rendered("tab")) for a in args]
    r = subprocess.run(["sh", "-c", '"$0" "$@" >&-', str(PNP), *args], stderr=subprocess.PIPE, text=True, timeout=60)
    assert r.returncode == 1, r.stderr
    assert one_error_line(r.stderr) == "Error: cannot write to standard output: it is closed"


def _small_tmpfs(where: Path) -> bool:
    where.mkdir()
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)], capture_output=True)
    return r.returncode == 0


def test_a_full_disk_is_one_line_and_leaves_no_part(tmp_path, monkeypatch):
    """A real full disk (a 64 KB tmpfs) where the machine allows mounting one,
    else ENOSPC injected into the write itself, after half the bytes."""
    disk = tmp_path / "disk"
    mounted = _small_tmpfs(disk)
    try:
        (disk / "old.pdf").write_bytes(b"%PDF- an old kit")
        if not mounted:
            real_fdopen = os.fdopen

            class Filling:
                def __init__(self, f):
                    self.f = f

                def __enter__(self):
                    return self

                def __exit__(self, *exc):
                    self.f.close()

                def write(self, data):
                    self.f.write(data[: len(data) // 2])
                    self.f.flush()
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            monkeypatch.setattr(pnp.atomic.os, "fdopen", lambda fd, mode: Filling(real_fdopen(fd, mode)))
        result = _run("render", "ludo-cards", "-l", "en", "-p", "a4", "-j", "1", "-o", str(disk))
        assert result.exit_code == 1, result.output
        line = one_error_line(result.output)
        assert line == (f"Error: cannot write {disk / 'ludo-cards-en-a4.pdf'}: No space left on device; "
                        "no file was written; no partial file was left behind")
        assert _files(disk) == ["old.pdf"], "no .part, no half file"
        assert (disk / "old.pdf").read_bytes() == b"%PDF- an old kit"
    finally:
        if mounted:
            subprocess.run(["umount", str(disk)], check=True)


def test_an_output_folder_on_a_read_only_disk_exits_1_saying_write(tmp_path):
    """A read-only file system stops root too; needs a machine that lets the
    tests mount one (else the permission test below covers a normal user)."""
    out = tmp_path / "ro"
    out.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(out)],
                      capture_output=True).returncode != 0:
        pytest.skip("cannot mount a read-only tmpfs here")
    try:
        result = _run("render", "tab", "-l", "en", "-p", "a4", "-o", str(out))
    finally:
        subprocess.run(["umount", str(out)], check=True)
    assert result.exit_code == 1
    assert one_error_line(result.output) == f"Error: cannot write to the output folder {out}: read-only file system"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_output_folder_without_any_permission_exits_1_saying_write(tmp_path):
    out = tmp_path / "locked"
    out.mkdir()
    out.chmod(0)
    try:
        result = _run("render", "tab", "-l", "en", "-p", "a4", "-o", str(out))
    finally:
        out.chmod(0o700)
    assert result.exit_code == 1
    assert f"cannot write to the output folder {out}" in one_error_line(result.output)


def test_validate_on_an_unreadable_file_is_pnps_own_line(tmp_path):
    folder = tmp_path / "kit.pdf"
    folder.mkdir()  # a path no one can read as a file, root included
    result = _run("validate", str(folder))
    assert result.exit_code == 1
    assert f"{folder}: is a folder, not a PDF file" in result.output
    assert "Usage:" not in result.output and "Traceback" not in result.output


# ---- leftovers, reproducibility ---------------------------------------------

def _dead_pid() -> int:
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


def test_stale_parts_of_a_crashed_run_are_removed_others_kept(tmp_path):
    dead = tmp_path / f".tab-en-a4.pdf.pnp-{_dead_pid()}-0123abcd.part"
    live = tmp_path / f".tab-en-a4.pdf.pnp-{os.getppid()}-0123abcd.part"  # a writer that still runs
    stranger = tmp_path / ".notes.txt.part"  # not ours
    for p in (dead, live, stranger):
        p.write_bytes(b"half")
    result = _run("render", "tab", "-l", "en", "-p", "a4", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert not dead.exists() and live.exists() and stranger.exists()
    assert "removed 1 .part file(s) a crashed run had left" in result.output


def test_source_date_epoch_changes_no_byte(tmp_path, monkeypatch):
    """pnp writes no real timestamp (the PDF date is reportlab's invariant
    2000-01-01), so SOURCE_DATE_EPOCH, which reportlab would honour, is
    ignored: the bytes are the same with it and without it."""
    a, b = tmp_path / "a", tmp_path / "b"
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert _run("render", "tab", "-l", "en", "-p", "a4", "-q", "-o", str(a)).exit_code == 0
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1")
    assert _run("render", "tab", "-l", "en", "-p", "a4", "-q", "-o", str(b)).exit_code == 0
    data = (b / "tab-en-a4.pdf").read_bytes()
    assert data == (a / "tab-en-a4.pdf").read_bytes()
    assert b"D:20000101000000" in data and b"D:1970" not in data


def test_a_reader_that_went_away_is_exit_1_and_silent():
    proc = subprocess.Popen([str(PNP), "list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # long before pnp has started, let alone printed
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 1
    assert err == b""


def test_the_same_bytes_in_a_different_environment(tmp_path):
    """Rebuilt in another process with another clock zone, locale, umask-free
    env and SOURCE_DATE_EPOCH: byte for byte the same kit."""
    outs = []
    for n, extra in enumerate([{}, {"SOURCE_DATE_EPOCH": "1", "TZ": "Pacific/Kiritimati", "LC_ALL": "C",
                                    "PYTHONHASHSEED": "123"}]):
        env = {k: v for k, v in os.environ.items() if k not in ("SOURCE_DATE_EPOCH", "TZ", "LC_ALL")} | extra
        out = tmp_path / f"run{n}"
        subprocess.run([str(PNP), "render", "kesse-rueben", "-l", "de", "-p", "letter", "-q", "--no-validate", "-o",
                        str(out)], env=env, check=True, timeout=120)
        outs.append((out / "kesse-rueben-de-letter.pdf").read_bytes())
    assert outs[0] == outs[1]
