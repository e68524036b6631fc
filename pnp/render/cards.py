"""Print-shop files from component pages (pnp.layout.components): one PDF
with a page per piece (TrimBox = the piece, BleedBox = the page, written by
the PDF renderer), a PNG per piece at the shop's resolution, and a ZIP of
the PNGs. Every file is the same bytes for the same inputs: the ZIP has
fixed timestamps, permissions and order, and stores the PNGs as they are
(they are compressed already). The ZIP is streamed to disk entry by entry,
so memory does not grow with the deck."""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO

from pnp.interrupts import held
from pnp.layout.components import Component
from pnp.naming import piece_png_name
from pnp.render.png import iter_pages, png_bytes

if TYPE_CHECKING:
    from PIL import Image

ZIP_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest time a ZIP can hold: no build time leaks in


def card_pngs(pdf: bytes, comps: list[Component], stem: str, dpi: float,
              look: Callable[[Image.Image], object] | None = None) -> Iterator[tuple[str, bytes]]:
    """(file name, PNG) for every page of the cards PDF, one page in memory
    at a time; `look` sees each page's pixels before they are dropped."""
    n = 0
    # no enumerate()/zip(): their reused result tuples would keep the last page alive while the next renders
    for image in iter_pages(pdf, dpi):
        data = png_bytes(image, dpi)
        if look is not None:
            look(image)
        del image
        comp = comps[n]
        n += 1
        yield piece_png_name(stem, n, len(comps), comp), data
    if n != len(comps):
        raise ValueError(f"the cards PDF has {n} pages for {len(comps)} pieces")


class DeterministicZip:
    """A ZIP written entry by entry to `f`, with nothing in it that changes
    from one run to the next."""

    def __init__(self, f: BinaryIO) -> None:
        self.zf = zipfile.ZipFile(f, "w", zipfile.ZIP_STORED)

    def add(self, name: str, data: bytes) -> None:
        info = zipfile.ZipInfo(name, ZIP_TIME)
        info.create_system = 3  # unix, whatever the machine
        info.external_attr = 0o644 << 16
        info.compress_type = zipfile.ZIP_STORED
        # one step a stop signal cannot cut in two (raised after it): an entry's handle left open made the
        # ZipFile, finalised after the run's one line, print "Exception ignored in: ZipFile.__del__"
        with held():
            self.zf.writestr(info, data)

    def close(self) -> None:
        with held():
            self.zf.close()

    def __enter__(self) -> DeterministicZip:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()  # also on an error, while the file is still open (pnp.atomic.atomic_file then removes it)
