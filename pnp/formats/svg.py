"""svg: `<stem>-p<NN>.svg` per page, with an `art` and a `cut` layer."""

from __future__ import annotations

from pnp.formats import Job, OutputFormat, Written
from pnp.modes import Format, Paint
from pnp.naming import page_name


def cut_stroke(job: Job) -> tuple[float, float, float]:
    """The cutter's colour, through the print variant too: greyscale means no colour in any file."""
    from pnp.build import VARIANT_FNS
    from pnp.render.svg import CUT_STROKE

    variant_fn = VARIANT_FNS.get(job.options.variant)
    return variant_fn(CUT_STROKE, Paint.STROKE) if variant_fn else CUT_STROKE


def page_title(job: Job, n: int) -> str:
    built = job.pages
    page = built.pages[n - 1]
    return f"{built.title}, p. {n}" + (f": {page.label}" if page.label else "")


def write(job: Job) -> Written:
    from pnp.render.svg import render_svg_page

    stroke = cut_stroke(job)
    for n, page in enumerate(job.pages.pages, 1):
        job.write(page_name(job.stem, n, ".svg"), render_svg_page(page, page_title(job, n), stroke))
    return Written()


FORMAT: OutputFormat = OutputFormat(Format.SVG, "a page per file, art and cut layers", write)
