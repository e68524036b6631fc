"""Output formats are one interface in one registry (pnp.formats): a format
of our own, registered here, is rendered like the built-in ones, and a job
whose formats need no kit pages never builds them."""

from __future__ import annotations

import pytest

import pnp.outputs
from pnp.fonts import Measurer
from pnp.formats import REGISTRY, Job, OutputFormat, Written, register, unregister
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper


def _page_list(job: Job) -> Written:
    """A text file naming each page by its size in mm: what a person checks first."""
    lines = [f"{n} {p.width:.0f}x{p.height:.0f}" for n, p in enumerate(job.pages.pages, 1)]
    job.write(f"{job.stem}-pages.txt", ("\n".join(lines) + "\n").encode())
    return Written()


@pytest.fixture
def page_list():
    fmt = register(OutputFormat("page-list", "the pages and their sizes", _page_list))
    yield fmt
    unregister(fmt.name)
    assert fmt.name not in REGISTRY


def test_a_format_registered_at_test_time_renders(page_list, tmp_path):
    result = render_one(get_kit("tab"), Options("en", get_paper("letter")), tmp_path, ("page-list",), 150, Measurer(),
                        validate=False)
    assert [p.name for p in result.files] == ["tab-en-letter-pages.txt"]
    lines = (tmp_path / "tab-en-letter-pages.txt").read_text().splitlines()
    assert lines and len(lines) == result.pages
    # US Letter is 8.5 x 11 in: 216 x 279 mm, either way up
    assert all(line.split()[1] in ("216x279", "279x216") for line in lines)


def test_a_registered_format_is_offered_by_the_cli(page_list):
    from click.testing import CliRunner

    from pnp.cli import main

    bad = CliRunner().invoke(main, ["render", "tab", "--format", "nonsense"])
    assert bad.exit_code != 0 and "page-list" in bad.output


def test_a_format_that_needs_no_pages_does_not_build_them(tmp_path, monkeypatch):
    def no_pages(*_args, **_kw):
        raise AssertionError("built the kit's pages for a format that does not need them")

    monkeypatch.setattr(pnp.outputs, "build_pages", no_pages)
    fmt = register(OutputFormat("nothing", "writes a marker", lambda job: (job.write("marker", b"x"), Written())[1],
                                needs_pages=False))
    try:
        result = render_one(get_kit("tab"), Options("en", get_paper("a4")), tmp_path, ("nothing",), 150, Measurer(),
                            validate=False)
    finally:
        unregister(fmt.name)
    assert [p.name for p in result.files] == ["marker"] and result.pages == 0
