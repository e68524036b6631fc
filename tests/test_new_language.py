"""A new language is its catalogs and one entry in
templates/common/languages.toml (its hyphenation patterns, or "none"):
French, added here at test time, renders and validates; without the entry
it is one error line, never a kit set without hyphenation by accident."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp import paths
from tests.helpers import KIT_IDS

RUN = ("import sys, pathlib, pnp.paths as p; p.TEMPLATES = pathlib.Path(sys.argv[1]);"
       "from pnp.cli import main; sys.argv = ['pnp', *sys.argv[2:]]; main()")


def _with_french(tmp_path: Path, declared: str | None) -> Path:
    templates = tmp_path / "templates"
    shutil.copytree(paths.TEMPLATES, templates)
    for en in templates.glob("*/lang/en.toml"):
        text = en.read_text(encoding="utf-8")
        if en.parent.parent.name == "common":
            text = text.replace('language_name = "English"', 'language_name = "Français"')
        en.with_name("fr.toml").write_text(text, encoding="utf-8")
    if declared is not None:
        with (templates / "common" / "languages.toml").open("a", encoding="utf-8") as f:
            f.write(f'\n[fr]\nhyphenation = "{declared}"\n')
    return templates


def test_french_patterns_break_french_words(tmp_path, monkeypatch):
    from pnp import hyphenation

    monkeypatch.setattr(paths, "TEMPLATES", _with_french(tmp_path, "fr"))
    word = "impression"  # im-pres-sion in French (Le Petit Robert), as LibreOffice's fr patterns say
    assert hyphenation.positions(word, "fr") == (2, 6)


def test_every_kit_renders_in_a_language_added_at_test_time(tmp_path):
    from pikepdf import Pdf

    templates = _with_french(tmp_path, "fr")
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-c", RUN, str(templates), "render", "-l", "fr", "-p", "a4", "-q",
                        "-o", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for kit_id in KIT_IDS:
        pdf = out / f"{kit_id}-fr-a4.pdf"  # validated as it was written: an invalid one would be .invalid.pdf
        with Pdf.open(pdf) as doc:
            assert str(doc.Root.Lang) == "fr"
            assert f"kit={kit_id}" in str(doc.docinfo["/Keywords"]) and "lang=fr" in str(doc.docinfo["/Keywords"])
            assert len(doc.pages) > 1
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{k}-fr-a4.pdf" for k in KIT_IDS)


@pytest.mark.parametrize("declared", [None, "xx_XX"])
def test_a_language_without_a_hyphenation_entry_is_one_error_and_no_file(tmp_path, declared):
    templates = _with_french(tmp_path, declared)
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, "-c", RUN, str(templates), "render", "tab", "-l", "fr", "-p", "a4", "-q",
                        "-o", str(out)], capture_output=True, text=True)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 1 and len(lines) == 1 and lines[0].startswith("Error: "), r.stderr
    assert "languages.toml" in lines[0] and "fr" in lines[0]
    assert not out.exists() or not any(out.iterdir())
