"""Render one kit for one set of options into files, in every asked format."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.build import build_pages, file_stem, write_atomic
from pnp.kits import Kit
from pnp.options import Options
from pnp.render.pdf import PdfMeta, render_pdf
from pnp.textflow import Measure
from pnp.validate import Report, validate_file

FORMATS = ("pdf",)


@dataclass(frozen=True)
class Result:
    files: list[Path]
    pages: int
    report: Report | None


def render_one(kit: Kit, options: Options, out: Path, formats: tuple[str, ...], dpi: int, measure: Measure,
               validate: bool) -> Result:
    built = build_pages(kit, options, measure)
    stem = file_stem(kit.id, options)
    files: list[Path] = []
    report = None
    if "pdf" in formats:
        pdf = render_pdf(built.pages, PdfMeta(built.title, built.subject, built.credits, built.keywords, options.lang))
        path = out / f"{stem}.pdf"
        write_atomic(path, pdf)
        files.append(path)
        if validate:
            report = validate_file(path)
    return Result(files, len(built.pages), report)
