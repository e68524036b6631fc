"""The rules validator: reads a PDF and checks it against the rules.

It trusts nothing but the printed page. From the file it reads which kit,
language, paper, player count, backs mode and variant it claims to be (the
PDF keywords); builds that kit itself for those options; and compares what
the file prints with that build and with the game facts: page count, page
sizes, the components on each page (only those whose area carries ink on
the rasterised page), their sizes, the visible text of each page, the
numbers the rules state, colour in a greyscale kit, and the invariants of
the game facts. A file from outside (`pnp validate`) is checked in a child
process with hard limits (`pnp.validation.bounded`), read once; pikepdf
checks that it is a valid PDF, not a damaged one, and reads its text by
its glyphs (`pnp.validation.syntax`); PDFium draws it in print mode
(`pnp.validation.printed`); and what each page prints is compared with
what the genuine kit prints (`pnp.validation.compare`). `pnp render`
checks the bytes it has just made from a build in its own process, with
PDFium alone (`validate_written`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.errors import PnpError, ValidationError
from pnp.validation.checks import check_pdf, check_zip, shared_measurer
from pnp.validation.report import Report

if TYPE_CHECKING:
    from collections.abc import Callable

    from pnp.build import Built
    from pnp.deck import Deck



@cache
def _warm() -> None:
    """Import the readers in the parent, once: every forked child then has
    them loaded instead of importing them again per file (a child that
    imports pays 20-40 ms: the validator's own modules, the font tables
    fontTools loads on first use, the UTF-16 codec)."""
    import codecs

    import pikepdf  # noqa: F401
    import PIL.ImageChops  # noqa: F401
    import pypdfium2  # noqa: F401
    import pypdfium2.raw  # noqa: F401
    from fontTools.ttLib import getTableModule

    import pnp.validation.printed  # noqa: F401
    import pnp.validation.syntax  # noqa: F401
    from pnp.build import build_pages  # noqa: F401
    from pnp.kits import registry

    for tag in ("head", "maxp", "loca", "glyf", "cmap", "post"):  # the tables _check_font has fontTools decompile
        getTableModule(tag)
    from pnp.fonts import FONT_FILES
    from pnp.validation.syntax import reference_font

    for file in FONT_FILES.values():  # the outlines text is read by (pnp.validation.syntax._check_glyphs)
        reference_font(file.rsplit(".", 1)[0])
    import pnp.render.pdf  # noqa: F401 - the genuine kit's PDF (pnp.validation.compare)
    import pnp.validation.compare  # noqa: F401
    codecs.lookup("utf-16-le")  # the marks and text PDFium gives
    registry()



def validate_file(path: Path, memory: int | None = None, seconds: float | None = None) -> Report:
    """Check one file (a path, a pipe, /dev/stdin) in a child process with
    hard limits: it is read once, and a hostile file gets one line."""
    from pnp.validation import bounded

    _warm()
    shared_measurer()
    problem = bounded.refuse_special(path)
    if problem is not None:
        return Report(path, error=problem)

    def check() -> Report:
        try:
            data = bounded.read_once(path, ZIP_BYTES if path.name.endswith(".zip") else bounded.MAX_BYTES)
        except bounded.InputError as e:
            return Report(path, error=str(e))
        return validate_bytes(path, data)

    zip_seconds = ZIP_SECONDS if path.name.endswith(".zip") else None  # a PNG per piece to decode
    return _bounded(path, check, memory, seconds or zip_seconds)



def validate_written(path: Path, data: bytes, built: Built | Deck) -> Report:
    """Check a file pnp has just rendered from `built`, from its bytes in
    memory, in this process: no bounded child (the bytes are pnp's own,
    made a moment ago, not a file from outside), no second build, and
    PDFium alone reads them (the printed-page judgement: components that
    print, their sizes and places, text, colour, numbers, game facts)."""
    import time

    start = time.monotonic()
    report = validate_bytes(path, data, built, own=True)
    report.seconds = time.monotonic() - start
    return report



def _bounded(path: Path, fn: Callable[[], Report], memory: int | None, seconds: float | None) -> Report:
    from pnp.validation import bounded

    outcome = bounded.run_bounded(fn, memory or bounded.MEMORY, seconds or bounded.SECONDS)
    report = outcome.value if outcome.failure is None else Report(path, error=outcome.failure)
    report.peak_bytes, report.seconds = outcome.peak_bytes, outcome.seconds
    return report



ZIP_BYTES = 200 * 1024 * 1024  # a cards ZIP: a PNG per piece at 300 dpi
ZIP_BYTES = 200 * 1024 * 1024  # a cards ZIP: a PNG per piece at 300 dpi
ZIP_SECONDS = 60.0  # Ludo's 192 PNGs at 300 dpi take a few seconds to decode



def validate_bytes(path: Path, data: bytes, built: Built | Deck | None = None, own: bool = False) -> Report:
    """Check a PDF (or a cards ZIP of PNGs) held in memory, in this
    process (no limits: call it through validate_file, or validate_written
    for pnp's own bytes). `own`: the bytes are those pnp rendered from
    `built` a moment ago."""
    report = Report(path)
    try:
        if data.startswith(b"PK\x03\x04") or data.startswith(b"PK\x05\x06"):
            check_zip(path, data, report)
        else:
            check_pdf(data, report, built, own)
    except ValidationError as e:
        report.checks.clear()
        report.error = str(e)
    except PnpError as e:
        report.checks.clear()
        report.error = f"cannot be checked: {e}"
    except MemoryError:
        raise
    except Exception as e:  # noqa: BLE001 - a damaged file must give one line, never a traceback
        report.checks.clear()
        report.error = f"is a damaged PDF that cannot be read ({type(e).__name__}: {str(e)[:120]})"
    return report
