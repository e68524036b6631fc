"""Tier 5: the command line, driven with click's CliRunner: every kind of
bad input gives one clear error line and the right exit code."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import __version__
from pnp.cli import main
from pnp.i18n import languages
from pnp.paper import PAPERS
from tests.helpers import KIT_IDS


def _run(*args: str):
    return CliRunner().invoke(main, list(args))


def _error_lines(result) -> list[str]:
    return [ln for ln in result.output.splitlines() if ln.startswith("Error:")]


def _assert_clean_failure(result, code: int, *words: str) -> None:
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    (line,) = _error_lines(result)
    for w in words:
        assert w in line, f"{w!r} not in {line!r}"


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*")) if folder.exists() else []


def test_version():
    result = _run("--version")
    assert result.exit_code == 0
    assert __version__ in result.output and "pnp" in result.output


@pytest.mark.parametrize("command", [None, *sorted(main.commands)])
@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_on_every_command(command, flag):
    result = _run(*([command] if command else []), flag)
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Usage: ")
    if command is None:
        for name in main.commands:
            assert name in result.output


def test_render_help_takes_its_choices_from_the_registries():
    """Languages, papers, formats, the kits with backs and the player counts
    of the kits that take --players come from the registries and the game
    facts, so a fourth of any is listed without an edit."""
    import tomllib

    from pnp import paths
    from pnp.formats import names

    help_text = " ".join(_run("render", "--help").output.split())
    assert f"{', '.join(languages())} or all" in help_text
    assert f"{', '.join(PAPERS)} or all" in help_text
    assert " ".join(f"Comma-separated: {', '.join(names())}.".split()) in help_text.replace("- ", "-")
    with (paths.TEMPLATES / "ludo-cards" / "game.toml").open("rb") as f:
        players = tomllib.load(f)["players"]
    assert f"ludo-cards {min(players)}-{max(players)}" in help_text.replace("- ", "-")


def test_the_commands_are_there():
    assert {"list", "render", "validate"} <= set(main.commands)


def test_list_names_every_kit_language_and_paper():
    result = _run("list")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for kit_id in KIT_IDS:
        assert any(ln.split()[0] == kit_id for ln in lines), f"{kit_id} not listed"
    assert f"languages: {', '.join(languages())}" in lines
    assert f"papers: {', '.join(PAPERS)}" in lines
    tab = next(ln for ln in lines if ln.split()[0] == "tab")
    assert "Tâb" in tab and "players 2" in tab


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["render", "chess"], ["unknown kit", "'chess'", "tab"]),
        (["render", "tab", "--lang", "fr"], ["unknown language", "'fr'", "en"]),
        (["render", "tab", "--paper", "a5"], ["unknown paper", "'a5'", "letter"]),
        (["render", "--players", "3", "tab"], ["--players 3", "tab"]),
        (["render", "tab", "--players", "x"], ["--players", "'x'"]),
        (["render", "tab", "--backs", "sideways"], ["--backs", "'sideways'"]),
        (["render", "tab", "--back-offset", "1;2"], ["--back-offset", "X,Y"]),
        (["render", "tab", "--back-offset", "20,0"], ["--back-offset", "10 mm"]),
        (["render", "tab", "--format", "gif"], ["--format", "gif"]),
        (["render", "tab", "--dpi", "5"], ["--dpi"]),
        (["render", "tab", "--frobnicate"], ["--frobnicate"]),
        (["frobnicate"], ["frobnicate"]),
    ],
)
def test_bad_usage_exits_2_with_one_line_and_writes_nothing(tmp_path, args, words):
    out = tmp_path / "out"
    result = _run(*args, "--out", str(out)) if args[0] == "render" else _run(*args)
    _assert_clean_failure(result, 2, *words)
    assert not out.exists(), "nothing may be written for bad usage"


@pytest.mark.parametrize("under", [True, False], ids=["under-a-file", "is-a-file"])
def test_an_output_folder_that_cannot_be_created_exits_1(tmp_path, under):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = blocker / "kits" if under else blocker
    result = _run("render", "tab", "--lang", "en", "--paper", "a4", "--out", str(out))
    _assert_clean_failure(result, 1, "cannot create the output folder", str(out))
    assert blocker.read_text() == "not a folder"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_an_output_folder_without_write_permission_exits_1(tmp_path):
    out = tmp_path / "locked"
    out.mkdir()
    out.chmod(0o500)
    try:
        result = _run("render", "tab", "--lang", "en", "--paper", "a4", "--out", str(out))
    finally:
        out.chmod(0o700)
    _assert_clean_failure(result, 1, str(out))


def test_render_writes_exactly_one_file_and_validates_it(tmp_path):
    out = tmp_path / "out"
    result = _run("render", "tab", "--lang", "en", "--paper", "a4", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert _files(out) == ["tab-en-a4.pdf"], "one PDF, no temporary or partial files"
    assert not list(out.glob("*.part")) and not list(out.glob(".*"))
    assert (out / "tab-en-a4.pdf").read_bytes().startswith(b"%PDF-")
    assert "validated 1 file(s)" in result.output and "all hold" in result.output
    assert "wrote 1 files" in result.output


def test_render_quiet_prints_nothing(tmp_path):
    result = _run("render", "tab", "-l", "de", "-p", "letter", "-o", str(tmp_path), "-q")
    assert result.exit_code == 0, result.output
    assert result.output == ""
    assert _files(tmp_path) == ["tab-de-letter.pdf"]


def test_render_all_languages_and_papers_of_one_kit(tmp_path):
    result = _run("render", "tab", "-o", str(tmp_path), "--no-validate")
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == sorted(f"tab-{lg}-{p}.pdf" for lg in languages() for p in PAPERS)
    assert "validated" not in result.output


def test_render_names_variants_in_the_file(tmp_path):
    result = _run("render", "tab", "-l", "en", "-p", "a4", "--greyscale", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert _files(tmp_path) == ["tab-en-a4-greyscale.pdf"]


def test_an_interrupted_render_leaves_no_file(tmp_path, monkeypatch):
    import pnp.atomic

    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.atomic.os, "replace", interrupted)
    result = _run("render", "tab", "-l", "en", "-p", "a4", "-o", str(tmp_path))
    assert result.exit_code == 130
    assert "interrupted" in result.output and "Traceback" not in result.output
    assert _files(tmp_path) == []


def test_a_failed_write_exits_1_with_a_message(tmp_path, monkeypatch):
    import pnp.atomic

    def full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pnp.atomic.os, "replace", full)
    result = _run("render", "tab", "-l", "en", "-p", "a4", "-o", str(tmp_path))
    _assert_clean_failure(result, 1, "No space left on device")
    assert _files(tmp_path) == []


def test_progress_is_a_line_per_file_off_a_terminal_and_nothing_with_quiet(tmp_path) -> None:
    loud = _run("render", "tab", "--lang", "en", "--paper", "a4", "--format", "pdf,png", "--dpi", "20", "--no-validate",
                "-o", str(tmp_path / "a"))
    assert loud.exit_code == 0, loud.output
    lines = [ln for ln in loud.output.splitlines() if ln.startswith("wrote ") and not ln.startswith("wrote 6 files")]
    written = sorted(p for p in (tmp_path / "a").iterdir())
    assert sorted(ln.removeprefix("wrote ") for ln in lines) == sorted(str(p) for p in written)
    assert len(written) == 6  # the PDF, 4 pages, the contact sheet
    quiet = _run("render", "tab", "--lang", "en", "--paper", "a4", "--format", "pdf,png", "--dpi", "20", "-q",
                 "-o", str(tmp_path / "b"))
    assert quiet.exit_code == 0 and quiet.output == ""


def test_progress_bar_with_files_and_pages_on_a_terminal(tmp_path) -> None:
    import os
    import subprocess
    import sys

    leader, follower = os.openpty()
    args = ["render", "tab", "kesse-rueben", "--lang", "en", "--paper", "a4", "--no-validate", "-j", "1", "-o", str(tmp_path)]
    proc = subprocess.run([sys.executable, "-c", "from pnp.cli import main; main()", *args], stdout=follower,
                          stderr=subprocess.PIPE, timeout=60)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    assert proc.returncode == 0, proc.stderr
    screen = b"".join(chunks).decode()
    assert "rendering" in screen and "100%" in screen
    assert "2 files, 8 pages done" in screen  # tab 4 pages + kesse-rueben 4 (2, and 2 low-ink pages printed instead)
    assert "wrote 2 files (8 pages)" in screen
    assert "wrote " + str(tmp_path) not in screen, "a terminal gets the bar, not a line per file"
