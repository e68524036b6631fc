"""The pipeline: options -> game spec -> sheets -> framed pages -> files.

Everything up to `build_pages` is pure data; renderers turn pages into
bytes, and `write_atomic` puts bytes on disk without ever leaving half a
file behind.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

from pnp import __version__
from pnp.errors import OutputError
from pnp.geometry import RGB, Page, map_colours
from pnp.i18n import Catalog
from pnp.kits import Context, Kit
from pnp.layout.frame import frame
from pnp.options import Options
from pnp.paper import Paper
from pnp.textflow import Measure


@dataclass(frozen=True)
class Built:
    kit: Kit
    options: Options
    pages: list[Page]
    title: str
    subject: str
    credits: str
    keywords: str


def file_stem(kit_id: str, options: Options) -> str:
    """<kit>-<lang>-<paper>, plus a suffix for each non-default choice."""
    parts = [kit_id, options.lang, options.paper.id]
    if options.players is not None:
        parts.append(f"{options.players}p")
    if options.backs != "duplex-long":
        parts.append(options.backs)
    if options.back_offset != (0.0, 0.0):
        parts.append("offset{:+g}{:+g}".format(*options.back_offset))
    if options.variant != "colour":
        parts.append(options.variant)
    return "-".join(parts)


def keywords(kit: Kit, options: Options, pages: int) -> str:
    """The facts the validator reads back from the file."""
    fields = {
        "pnp": __version__,
        "kit": kit.id,
        "lang": options.lang,
        "paper": options.paper.id,
        "players": "all" if options.players is None else str(options.players),
        "backs": options.backs if "backs" in kit.options else "none",
        "variant": options.variant,
        "pages": str(pages),
    }
    if options.back_offset != (0.0, 0.0):  # the validator builds the same shifted backs
        fields["offset"] = "{:g},{:g}".format(*options.back_offset)
    return "; ".join(f"{k}={v}" for k, v in fields.items())


def greyscale(rgb: RGB, _kind: str) -> RGB:
    y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return (y, y, y)


def ink_saver(rgb: RGB, kind: str) -> RGB:
    """Fills become light tints (black fills a mid grey); lines keep their
    ink and white lettering turns black, so every outline, symbol and word is
    still there."""
    if kind == "text" and min(rgb) > 0.9:
        return (0.0, 0.0, 0.0)  # white lettering would vanish on a light tint
    if kind != "fill":
        return rgb
    if max(rgb) < 0.05:
        return (0.55, 0.55, 0.55)
    return tuple(1.0 - 0.3 * (1.0 - c) for c in rgb)  # type: ignore[return-value]


VARIANT_FNS = {"greyscale": greyscale, "ink-saver": ink_saver}


def apply_variant(pages: list[Page], variant: str) -> list[Page]:
    fn = VARIANT_FNS.get(variant)
    if fn is None:
        return pages
    return [replace(p, items=map_colours(p.items, fn)) for p in pages]


def scale_sentence(cat: Catalog, paper: Paper) -> str:
    """"Print at 100 % ...: this bar must measure 50 mm", in the catalog's
    language and number format."""
    return cat.text("scale_check", length=cat.text(f"scale_length_{paper.id}"))


def build_pages(kit: Kit, options: Options, measure: Measure) -> Built:
    from pnp.fonts import check_glyphs

    spec = kit.load_spec()
    cat = kit.catalog(options.lang)
    check_glyphs(cat)  # a character the fonts lack would print as an empty box
    sheets = kit.build(Context(options, cat, measure, spec))
    paper = options.paper
    title = cat.text("title")
    pages = frame(
        sheets,
        paper,
        title,
        cat.text("language_name"),
        str(cat.raw("page")),
        scale_sentence(cat, paper),
        measure,
    )
    pages = apply_variant(pages, options.variant)
    values = kit.text_values(spec, options)
    subject = cat.text("subtitle", **values) if "subtitle" in cat.strings else title
    credits = cat.text("credits") if "credits" in cat.strings else "pnp"
    return Built(kit, options, pages, f"{title} ({cat.text('language_name')}, {paper.name})", subject, credits,
                 keywords(kit, options, len(pages)))


PART = re.compile(r"^\.(?P<name>.+)\.pnp-(?P<pid>\d+)-[0-9a-f]{8}\.part$")


def part_name(path: Path) -> Path:
    """.<name>.pnp-<pid>-<random>.part beside `path`: hidden, ours, and
    naming the process that writes it (so a later run can tell a crashed
    writer's leftover from a file another run is still writing)."""
    return path.parent / f".{path.name}.pnp-{os.getpid()}-{os.urandom(4).hex()}.part"


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, then rename: a reader
    (or a crash, or Ctrl-C) never sees a half-written file. The temporary
    name is chosen before anything is created, and created inside the try,
    so an interrupt at any moment leaves either the old file or the new
    one, and no .part. A write that fails is an OutputError naming the file."""
    tmp = part_name(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies, as for any file
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        except OSError:
            pass  # the write failed already; that error is the one to report
        if isinstance(e, OSError):
            raise OutputError(f"cannot write {path}: {e.strerror or e}") from None
        raise


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # a leftover from an earlier process that had our number
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_parts(folder: Path) -> list[Path]:
    """Remove the .part files pnp left in `folder` when a writer died (SIGKILL,
    power cut). A .part whose writer is still running is left alone."""
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        m = PART.match(entry.name)
        if m and not _alive(int(m["pid"])):
            try:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
            except OSError:
                pass
    return removed
