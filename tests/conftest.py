"""Shared fixtures: one text measurer per session, built kits and rendered
PDFs cached per (kit, language, paper, options)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from pnp.build import Built, build_pages
from pnp.fonts import Measurer
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper

BuiltFn = Callable[..., Built]
RenderedFn = Callable[..., Path]


@pytest.fixture(scope="session")
def measure() -> Measurer:
    return Measurer()


@pytest.fixture(scope="session")
def built(measure: Measurer) -> BuiltFn:
    """built(kit_id, lang="en", paper="a4", **options) -> Built, built once."""
    cache: dict[tuple, Built] = {}

    def get(kit_id: str, lang: str = "en", paper: str = "a4", **options: object) -> Built:
        key = (kit_id, lang, paper, tuple(sorted(options.items())))
        if key not in cache:
            opts = Options(lang, get_paper(paper), **options)  # type: ignore[arg-type]
            cache[key] = build_pages(get_kit(kit_id), opts, measure)
        return cache[key]

    return get


@pytest.fixture(scope="session")
def rendered(measure: Measurer, tmp_path_factory: pytest.TempPathFactory) -> RenderedFn:
    """rendered(kit_id, lang="en", paper="a4") -> path of a PDF rendered once
    per session. Read it, never change it: copy it to tmp_path first."""
    folder = tmp_path_factory.mktemp("pdfs")
    cache: dict[tuple[str, str, str], Path] = {}

    def get(kit_id: str, lang: str = "en", paper: str = "a4") -> Path:
        key = (kit_id, lang, paper)
        if key not in cache:
            result = render_one(get_kit(kit_id), Options(lang, get_paper(paper)), folder, ("pdf",), 150, measure,
                                validate=False)
            (cache[key],) = result.files
        return cache[key]

    return get
