"""PDFium (pypdfium2) documents, pages and text pages for pnp's readers
(PNG and proof rasters, the validators): each is opened and closed as one
step that a stop signal cannot cut in two (pnp.interrupts.held), and closed
explicitly, never left to a finaliser.

A signal that lands inside pypdfium2's own Python code is not raised there
(pnp.interrupts: its bookkeeping would be left half-done, and a page made
but not yet registered printed "Exception ignored in: <finalize object>"
when it was finalised); it is raised when the next of these steps ends, so
a run still stops within a page."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pypdfium2 as pdfium

from pnp.interrupts import held


def open_document(data: bytes) -> pdfium.PdfDocument:
    """The document; the caller closes it with `close` (see `document`)."""
    with held():
        return pdfium.PdfDocument(data)


def close(obj: Any) -> None:
    """Close a document, page or text page (a document closes its open pages too)."""
    with held():
        obj.close()


@contextmanager
def document(data: bytes) -> Iterator[pdfium.PdfDocument]:
    """The PDF's document while the block runs, closed after it."""
    doc = open_document(data)
    try:
        yield doc
    finally:
        close(doc)


@contextmanager
def page(doc: pdfium.PdfDocument, index: int) -> Iterator[pdfium.PdfPage]:
    """Page `index` (from 0) while the block runs, closed after it."""
    with held():
        p = doc[index]
    try:
        yield p
    finally:
        close(p)


@contextmanager
def text_page(p: pdfium.PdfPage) -> Iterator[pdfium.PdfTextPage]:
    """The page's text while the block runs, closed after it."""
    with held():
        text = p.get_textpage()
    try:
        yield text
    finally:
        close(text)
