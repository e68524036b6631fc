"""cut-svg: `<stem>-p<NN>-cut.svg` per page that has something to cut: the
cut layer and registration marks, for print-then-cut machines."""

from __future__ import annotations

from pnp.formats import Job, OutputFormat, Written
from pnp.formats.svg import cut_stroke, page_title
from pnp.modes import Format
from pnp.naming import page_name


def write(job: Job) -> Written:
    from pnp.paper import SAFE_MARGIN
    from pnp.render.svg import has_cut, render_cut_svg_page

    stroke = cut_stroke(job)
    for n, page in enumerate(job.pages.pages, 1):
        if has_cut(page.items):
            job.write(page_name(job.stem, n, "-cut.svg"), render_cut_svg_page(page, SAFE_MARGIN, page_title(job, n),
                                                                               stroke))
    return Written()


FORMAT: OutputFormat = OutputFormat(Format.CUT_SVG, "the cut lines of each page, for a cutting machine", write)
