"""Output formats behind one interface, in one registry.

A format is one module here that makes an `OutputFormat` (its name, a line
of help, and `write(job) -> Written`), and one line in `BUILTIN` below;
`pnp.outputs.render_one` lays a job out once and hands the same `Job` to
every format asked for, in registry order. A format says what it needs:
`needs_pages` (the kit's pages, `job.built`; its PDF, `job.pdf()`, is made
once for every format that asks) and `lay_out` (work of its own done before
any file is written, e.g. the print-shop deck, found in `job.laid[name]`).
A job whose formats need no kit pages never builds them.

Writers write through `job.write(name, bytes)` (atomic, reported as the
file is finished) and name files with pnp.naming. `register` adds a format
at run time (a plug-in, a test). This module imports nothing heavy: `pnp
--help` lists the formats from it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.build import Built
    from pnp.kits import Kit
    from pnp.options import Options
    from pnp.textflow import Measure
    from pnp.validation.report import Report


@dataclass(frozen=True)
class CardOptions:
    """The print-shop export's choices: bleed in mm, a preset id, and the
    PNG resolution (None: the preset's, else CARDS_DPI)."""

    bleed: float | None = None  # None: the preset's, else DEFAULT_BLEED
    preset: str | None = None
    dpi: int | None = None


@dataclass
class Job:
    """One kit for one set of options, laid out, on its way to files."""

    kit: Kit
    options: Options
    out: Path
    stem: str  # pnp.naming.file_stem
    dpi: int
    validate: bool
    built: Built | None  # the kit's pages: None unless a format asked for them
    laid: dict[str, Any]  # what each format laid out beforehand, by format name
    on_file: Callable[[Path], None] | None = None
    files: list[Path] = field(default_factory=list)
    _pdf: bytes | None = None

    @property
    def pages(self) -> Built:
        """The kit's pages (a format that reads them says `needs_pages`)."""
        if self.built is None:
            raise RuntimeError("this job's formats need no kit pages; none were built")
        return self.built

    def pdf(self) -> bytes:
        """The kit PDF's bytes, rendered once for every format that uses them."""
        if self._pdf is None:
            from pnp.render.pdf import PdfMeta, render_pdf

            b = self.pages
            self._pdf = render_pdf(b.pages, PdfMeta(b.title, b.subject, b.credits, b.keywords, self.options.lang))
        return self._pdf

    def record(self, path: Path) -> None:
        """A finished file (written by other means than `write`)."""
        self.files.append(path)
        if self.on_file is not None:
            self.on_file(path)

    def write(self, name: str, data: bytes) -> None:
        """`data` as `out/name`, atomically; reported once it is complete."""
        from pnp.atomic import write_atomic

        path = self.out / name
        write_atomic(path, data)
        self.record(path)

    def renamed(self, old: Path, new: Path) -> None:
        """A file reported before was renamed (a PDF that failed its checks)."""
        self.files[self.files.index(old)] = new


@dataclass(frozen=True)
class Written:
    """What a format wrote besides its files: pages beyond the kit's own (a
    cards export's pieces), the validator's reports, and whether to stop
    (a file failed its checks: nothing more is made from it)."""

    pages: int = 0
    reports: tuple[Report, ...] = ()
    stop: bool = False


@dataclass(frozen=True)
class OutputFormat:
    name: str  # as --format takes it
    help: str  # what it writes, one short line
    write: Callable[[Job], Written]
    needs_pages: bool = True  # does it read the kit's pages (job.built, job.pdf())?
    lay_out: Callable[[Kit, Options, Measure, CardOptions], Any] | None = None  # before any file is written


REGISTRY: dict[str, OutputFormat] = {}


def register(fmt: OutputFormat) -> OutputFormat:
    """Add (or replace) a format; returns it."""
    REGISTRY[fmt.name] = fmt
    return fmt


def unregister(name: str) -> None:
    REGISTRY.pop(name, None)


def names() -> tuple[str, ...]:
    return tuple(REGISTRY)


def get(name: str) -> OutputFormat:
    try:
        return REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown format {name}; choose from {', '.join(REGISTRY)}") from None


# the built-in formats: a module each (its FORMAT), in the order they are written
BUILTIN = ("pdf", "svg", "cut_svg", "png", "proof", "cards")
for _module in BUILTIN:
    register(import_module(f"pnp.formats.{_module}").FORMAT)
