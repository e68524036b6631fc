"""`pnp --help` and `pnp list` start fast because they import nothing
heavy (issue 15): no PDF, SVG or raster library, no layout for --help, no
worker-process machinery. Checked in a fresh interpreter, as a user runs it."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("reportlab", "pypdf", "pypdfium2", "PIL", "svgwrite", "multiprocessing", "concurrent")
SCRIPT = """
import sys
from pnp.cli import main
try:
    main(sys.argv[1:], prog_name="pnp")
except SystemExit as e:
    assert not e.code, e.code
print(" ".join(sorted(sys.modules)))
"""


def loaded(*args: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", SCRIPT, *args], capture_output=True, text=True, check=True).stdout
    return set(out.strip().splitlines()[-1].split())


@pytest.mark.parametrize("args", [("--help",), ("list",)])
def test_help_and_list_import_nothing_heavy(args: tuple[str, ...]) -> None:
    mods = loaded(*args)
    assert "click" in mods and "pnp.cli" in mods  # the check sees what was imported
    heavy = sorted(m for m in mods if m.split(".")[0] in HEAVY)
    assert not heavy, f"pnp {' '.join(args)} imported {heavy}"


def test_help_imports_no_layout() -> None:
    mods = loaded("--help")
    assert not [m for m in mods if m in ("pnp.geometry", "pnp.kits", "pnp.textflow", "pnp.outputs", "pnp.workers")]


def test_one_render_without_validation_imports_only_what_it_draws_with(tmp_path) -> None:
    """One kit in one language and paper, unvalidated: no worker machinery,
    no validator and its readers, no hyphenation patterns, no font parser
    beside reportlab's, no schema library the facts no longer use."""
    mods = loaded("render", "tab", "--lang", "en", "--paper", "a4", "--no-validate", "--quiet", "-o", str(tmp_path))
    assert "reportlab" in mods and "pnp.outputs" in mods  # it did render
    assert (tmp_path / "tab-en-a4.pdf").stat().st_size > 0
    unneeded = ("multiprocessing", "concurrent", "pyphen", "hyphen", "fontTools", "pikepdf", "pypdfium2", "pypdf", "pydantic",
                "ctypes", "secrets", "pnp.validate", "pnp.presets")
    found = sorted(m for m in mods if m in unneeded or m.split(".")[0] in unneeded or m.startswith("pnp.validation"))
    assert not found, f"a single unvalidated render imported {found}"


def test_a_validated_render_reads_its_pdf_with_pdfium_alone(tmp_path) -> None:
    """`pnp render` judges its own bytes once, with PDFium (issue 20): it
    does not load qpdf or fontTools for them, nor the genuine-kit comparison
    (those bytes are the genuine kit), nor fork a bounded child."""
    mods = loaded("render", "tab", "--lang", "en", "--paper", "a4", "--quiet", "-o", str(tmp_path))
    assert "pnp.validate" in mods and "pypdfium2" in mods  # it did validate
    assert (tmp_path / "tab-en-a4.pdf").stat().st_size > 0
    found = sorted(m for m in mods if m.split(".")[0] in ("pikepdf", "fontTools")
                   or m in ("pnp.validation.syntax", "pnp.validation.compare", "pnp.validation.bounded"))
    assert not found, f"a validated render imported {found}"


def test_no_import_hook_is_loaded_at_interpreter_start() -> None:
    """The editable install is a plain path in a .pth file (pyproject.toml
    maps no package to a folder of another name): no setuptools finder, with
    its pathlib and importlib.util, in every Python the venv starts."""
    code = "import sys; print(sorted(m for m in sys.modules if 'editable' in m or m == 'pathlib'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]", f"a bare interpreter start imported {out}"


def test_the_wheels_data_folders_are_the_repositorys() -> None:
    """pnp/_templates and pnp/_fonts (what a wheel carries) are the top-level
    templates/ and fonts/, not copies that could drift."""
    from pathlib import Path

    import pnp
    from pnp import paths

    package = Path(pnp.__file__).resolve().parent
    assert (package / "_templates").resolve() == paths.TEMPLATES.resolve()
    assert (package / "_fonts").resolve() == paths.FONTS.resolve()


def test_the_command_line_freezes_its_objects_before_the_interpreter_exits() -> None:
    """The real command line (not a test's runner) collects cycles every
    10,000 new objects instead of 700, and hands its objects to the
    permanent generation when it is done, so interpreter shutdown does not
    run a last garbage collection over all of them; exit handlers still run."""
    code = ("import atexit, gc, sys\n"
            "atexit.register(lambda: print('frozen', gc.get_freeze_count(), gc.get_threshold()[0]))\n"
            "sys.argv = ['pnp', 'list']\n"
            "from pnp.cli import main\n"
            "main()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    frozen, threshold = (int(v) for v in out.strip().splitlines()[-1].split()[1:])
    assert frozen > 10_000, out  # the modules, the kits' facts and catalogs
    assert threshold == 10_000
