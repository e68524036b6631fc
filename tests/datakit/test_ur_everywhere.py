"""The fourth kit (the Royal Game of Ur, templates/ur: data, no Python)
renders in every language, on every paper, in every output format and
every print variant, and its files pass `pnp validate`, as the three kits
written in Python do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.formats import names as format_names
from pnp.kits import get_kit
from tests.helpers import LANGS, PAPER_IDS

REPO = Path(__file__).resolve().parents[2]
VARIANTS = {"colour": [], "greyscale": ["--greyscale"], "ink-saver": ["--ink-saver"]}


def test_ur_takes_no_option_of_its_own():
    """Two players, no deck: no --players choice and no --backs; what it
    can be printed in is the formats, languages, papers and variants below."""
    kit = get_kit("ur")
    assert kit.options == ()
    assert kit.load_spec().players == (2,)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_ur_renders_everywhere_and_passes_validate(tmp_path: Path, variant: str) -> None:
    out = tmp_path / "out"
    formats = format_names()
    assert {"pdf", "svg", "cut-svg", "png", "proof", "cards"} <= set(formats)
    result = CliRunner().invoke(main, ["render", "ur", "--format", ",".join(formats), "--dpi", "40", "--out", str(out),
                                       *VARIANTS[variant]])
    assert result.exit_code == 0, result.output
    assert re.search(r"validated \d+ file\(s\), \d+ checks: all hold", result.output), result.output
    tail = "" if variant == "colour" else f"-{variant}"
    pdfs = []
    for lang in LANGS:
        for paper in PAPER_IDS:
            stem = f"ur-{lang}-{paper}{tail}"
            pdf = out / f"{stem}.pdf"
            assert pdf.is_file(), stem
            pdfs.append(pdf)
            for pattern in (f"{stem}-p*.svg", f"{stem}-p*-cut.svg", f"{stem}-p*.png", f"{stem}-sheet*-proof.png"):
                assert list(out.glob(pattern)), pattern
        cards = out / f"ur-{lang}-cards{tail}"
        pdfs.append(cards / f"ur-{lang}-cards{tail}.pdf")
        pdfs.append(cards / f"ur-{lang}-cards{tail}-png.zip")
        assert all(p.is_file() for p in pdfs[-2:]), cards
    checked = CliRunner().invoke(main, ["validate", *map(str, pdfs)])
    assert checked.exit_code == 0, checked.output
    assert f"validated {len(pdfs)} file(s)" in checked.output and "all hold" in checked.output


def test_the_readme_shows_the_fourth_kit_beside_its_five_commands():
    """The README's designer path is followed by pictures of the Ur kit, which exist and are PNG pages of it."""
    from PIL import Image

    section = (REPO / "README.md").read_text(encoding="utf-8").split("## Your own game", 1)[1].split("\n## ", 1)[0]
    pictures = re.findall(r"!\[([^\]]*)\]\(([^)]+)\)", section)
    ur = [(alt, path) for alt, path in pictures if "Ur" in alt]
    assert ur, "no picture of the fourth kit"
    for _, path in ur:
        with Image.open(REPO / path) as im:
            assert im.format == "PNG" and min(im.size) >= 100
