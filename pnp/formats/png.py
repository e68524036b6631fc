"""png: `<stem>-p<NN>.png` per page at the job's dpi, rasterised from the
PDF (made in memory when no PDF is asked for), one page at a time, and
`<stem>-contact.png` from thumbnails taken on the way."""

from __future__ import annotations

from collections.abc import Callable

from pnp.formats import Job, OutputFormat, Written
from pnp.modes import Format
from pnp.naming import contact_name, page_name


def write_pngs(pdf: bytes, dpi: int, stem: str, write: Callable[[str, bytes], None]) -> int:
    """Every page as `<stem>-pNN.png`, each written as soon as it is
    rendered, then `<stem>-contact.png` from the thumbnails taken on the
    way: one page bitmap in memory at a time. Returns the page count."""
    from pnp.render.png import ContactSheet, iter_pages, png_bytes

    contact = ContactSheet()
    n = 0
    # no enumerate(): its reused result tuple would keep the last page alive while the next one renders
    for image in iter_pages(pdf, dpi):
        n += 1
        data = png_bytes(image, dpi)
        contact.add(image)
        del image  # the page bitmap goes before the file is written and the next page rendered
        write(page_name(stem, n, ".png"), data)
        del data
    write(contact_name(stem), png_bytes(contact.image()))
    return n


def write(job: Job) -> Written:
    write_pngs(job.pdf(), job.dpi, job.stem, job.write)
    return Written()


FORMAT: OutputFormat = OutputFormat(Format.PNG, "a picture of each page, and a contact sheet", write)
