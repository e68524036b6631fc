"""The one way pnp puts anything on disk.

Every file is written to a hidden `.part` beside it and renamed into place
when it is complete, so a reader, a crash or Ctrl-C never sees half a file;
a folder (`pnp new`) is written the same way as a `.part` folder renamed at
the end. The `.part` names carry the writer's process id, so a later run can
tell a crashed writer's leftovers (removed: `remove_stale_parts`, and for a
folder by the next writer of its name) from a file another run is still writing. Renames and removals of finished files go
through here too, so every OSError becomes an OutputError naming the path.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from pnp.errors import OutputError

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


def rename(path: Path, to: Path) -> None:
    """A finished file moved to another name in one step (os.replace)."""
    try:
        os.replace(path, to)
    except OSError as e:
        raise OutputError(f"cannot rename {path} to {to.name}: {e.strerror or e}") from None


def remove(path: Path) -> None:
    """A finished file removed, if it is there."""
    try:
        path.unlink(missing_ok=True)
    except OSError as e:
        raise OutputError(f"cannot remove {path}: {e.strerror or e}") from None


@contextmanager
def atomic_folder(folder: Path) -> Iterator[Path]:
    """A new folder written as a hidden `.part` folder beside `folder` (the
    block writes into the path it is given, through atomic_file), renamed to
    `folder` when the block ends without error: `folder` either does not
    exist or is complete. On any error the `.part` folder is removed."""
    _remove_stale_folders(folder)
    tmp = part_name(folder)
    try:
        yield tmp
        try:
            os.rename(tmp, folder)  # a folder with files in it, made meanwhile, is never overwritten
        except OSError as e:
            raise OutputError(f"cannot write {folder}: {e.strerror or e}") from None
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _remove_stale_folders(folder: Path) -> None:
    """Remove the `.part` folders beside `folder`, for the same name, that a
    writer left when it died (SIGKILL, power cut): a folder's writer cannot
    clean up after a kill, so the next writer of that name does. A `.part`
    whose writer is still running is left alone; links are not followed."""
    try:
        entries = list(os.scandir(folder.parent))
    except OSError:
        return
    for entry in entries:
        m = PART.match(entry.name)
        if not m or m["name"] != folder.name or _alive(int(m["pid"])):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
        except OSError:
            pass


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
