"""The pipeline: options -> game spec -> sheets -> framed pages -> files.

Everything up to `build_pages` is pure data; renderers turn pages into
bytes, and `write_atomic` puts bytes on disk without ever leaving half a
file behind.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import BinaryIO

from pnp.errors import OutputError
from pnp.geometry import RGB, Page, map_colours
from pnp.i18n import Catalog
from pnp.kits import Context, Kit
from pnp.layout.frame import frame
from pnp.modes import Variant
from pnp.naming import kit_claim
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


VARIANT_FNS = {Variant.GREYSCALE: greyscale, Variant.INK_SAVER: ink_saver}


def apply_variant(pages: list[Page], variant: Variant) -> list[Page]:
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
                 kit_claim(kit.id, "backs" in kit.options, options, len(pages)).keywords())


PART = re.compile(r"^\.(?P<name>.+)\.pnp-(?P<pid>\d+)-[0-9a-f]{8}\.part$")
# the ZIP's temporary file as earlier versions named it (tempfile.mkstemp, no process id): only ever a leftover
LEGACY_PART = re.compile(r"^\..+-png\.zip\.[a-z0-9_]{8}\.part$")
STALE_DEPTH = 2  # pnp writes in the output folder, a cards folder in it, and that folder's png/

_writing: set[str] = set()  # the .part files this process is writing now (see remove_own_parts)


def part_name(path: Path) -> Path:
    """.<name>.pnp-<pid>-<random>.part beside `path`: hidden, ours, and
    naming the process that writes it (so a later run can tell a crashed
    writer's leftover from a file another run is still writing)."""
    return path.parent / f".{path.name}.pnp-{os.getpid()}-{os.urandom(4).hex()}.part"


@contextmanager
def atomic_file(path: Path) -> Iterator[BinaryIO]:
    """The one way pnp writes a file: to a temporary `.part` in the same
    folder, renamed to `path` when the block ends without error, so a
    reader (or a crash, or Ctrl-C) never sees a half-written file. The
    temporary name is chosen and registered before anything is created,
    and created inside the try, so an interrupt at any moment leaves either
    the old file or the new one, and no .part (a stop signal's handler in a
    worker removes what is registered: remove_own_parts). Any OSError in
    the block (a full disk, no permission) is an OutputError naming `path`."""
    tmp = part_name(path)
    _writing.add(str(tmp))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)  # the umask applies, as for any file
        with os.fdopen(fd, "wb") as f:
            yield f
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass  # never created, or the write failed already: that error is the one to report
        if isinstance(e, OSError):
            raise OutputError(f"cannot write {path}: {e.strerror or e}") from None
        raise
    finally:
        _writing.discard(str(tmp))


def write_atomic(path: Path, data: bytes) -> None:
    """`data` written to `path` through atomic_file."""
    with atomic_file(path) as f:
        f.write(data)


def remove_own_parts() -> None:
    """Remove the .part files this process is writing. For a stop signal's
    handler that ends the process at once (os._exit), wherever it was: no
    exception has to unwind through library code for them to go. A forked
    child (which inherits the set) removes none of its parent's."""
    me = os.getpid()
    for tmp in list(_writing):
        m = PART.match(os.path.basename(tmp))
        if m and int(m["pid"]) == me:
            try:
                os.unlink(tmp)
            except OSError:
                pass


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


def _stale(name: str) -> bool:
    m = PART.match(name)
    if m:
        return not _alive(int(m["pid"]))
    return bool(LEGACY_PART.match(name))


def remove_stale_parts(folder: Path) -> list[Path]:
    """Remove the .part files pnp left in `folder` and the folders it writes
    below it (a cards folder and its png/, STALE_DEPTH deep; links are not
    followed) when a writer died (SIGKILL, power cut). A .part whose writer
    is still running is left alone."""
    removed: list[Path] = []
    todo = [(str(folder), 0)]
    while todo:
        where, depth = todo.pop()
        try:
            entries = list(os.scandir(where))
        except OSError:
            continue
        for entry in entries:
            try:
                if depth < STALE_DEPTH and entry.is_dir(follow_symlinks=False):
                    todo.append((entry.path, depth + 1))
                    continue
            except OSError:
                continue
            if _stale(entry.name):
                try:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
                except OSError:
                    pass
    return sorted(removed)
