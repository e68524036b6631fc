"""pnp.atomic: every file pnp writes appears whole or not at all, and so
does the folder `pnp new` makes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import pnp.atomic
from pnp.atomic import atomic_folder, remove, rename, write_atomic
from pnp.errors import OutputError


def test_write_atomic_writes_the_bytes(tmp_path):
    target = tmp_path / "sub" / "kit.pdf"
    write_atomic(target, b"%PDF-1.4 data")
    assert target.read_bytes() == b"%PDF-1.4 data"
    assert sorted(p.name for p in target.parent.iterdir()) == ["kit.pdf"]


def test_write_atomic_replaces_an_old_file(tmp_path):
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")
    write_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]


def test_write_atomic_leaves_nothing_when_interrupted(tmp_path, monkeypatch):
    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.atomic.os, "replace", interrupted)
    target = tmp_path / "kit.pdf"
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"%PDF-1.4 data")
    assert not target.exists()
    assert list(tmp_path.iterdir()) == [], "a temporary file was left behind"


def test_write_atomic_keeps_the_old_file_when_interrupted(tmp_path, monkeypatch):
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")

    def failing(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pnp.atomic.os, "replace", failing)
    with pytest.raises(OutputError, match="kit.pdf: No space left on device"):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["kit.pdf"]


def test_written_files_get_the_usual_permissions(tmp_path):
    """A rendered kit is readable like any file the user creates (the umask
    decides), not private to its owner."""
    umask = os.umask(0o022)
    os.umask(umask)
    target = tmp_path / "kit.pdf"
    write_atomic(target, b"%PDF-1.4")
    assert oct(target.stat().st_mode & 0o777) == oct(0o666 & ~umask)


def test_an_existing_file_is_not_a_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(OutputError, match="cannot write"):
        write_atomic(Path(blocker / "kit.pdf"), b"data")


@pytest.mark.parametrize("where", ["open", "fdopen", "replace"])
def test_an_interrupt_at_any_step_of_write_atomic_leaves_no_part(tmp_path, monkeypatch, where):
    """Ctrl-C just after the temporary file was created (the old code made it
    before its try and left it empty), while it is written, or at the rename."""
    real = getattr(pnp.atomic.os, where)

    def step_then_interrupt(*args, **kwargs):
        result = real(*args, **kwargs)  # the step happens (the file exists), then the signal
        if where == "fdopen":
            result.close()
        raise KeyboardInterrupt

    monkeypatch.setattr(pnp.atomic.os, where, step_then_interrupt)
    target = tmp_path / "kit.pdf"
    target.write_bytes(b"old")
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new")
    monkeypatch.undo()
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["kit.pdf"], left
    assert target.read_bytes() == (b"new" if where == "replace" else b"old")


def test_rename_and_remove_name_the_file_they_cannot_touch(tmp_path):
    with pytest.raises(OutputError, match="cannot rename .*missing.pdf"):
        rename(tmp_path / "missing.pdf", tmp_path / "other.pdf")
    remove(tmp_path / "missing.pdf")  # nothing there: nothing to do
    (tmp_path / "old.pdf").write_bytes(b"x")
    remove(tmp_path / "old.pdf")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_appears_whole(tmp_path):
    seen = []
    with atomic_folder(tmp_path / "game") as tmp:
        write_atomic(tmp / "lang" / "en.toml", b"a")
        seen.append(sorted(p.name for p in tmp_path.iterdir()))
    assert seen[0] != ["game"] and seen[0][0].endswith(".part"), "written under a hidden .part name first"
    assert [p.name for p in tmp_path.iterdir()] == ["game"]
    assert (tmp_path / "game" / "lang" / "en.toml").read_bytes() == b"a"


def test_a_folder_interrupted_leaves_nothing(tmp_path):
    with pytest.raises(KeyboardInterrupt), atomic_folder(tmp_path / "game") as tmp:
        write_atomic(tmp / "game.toml", b"a")
        raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_a_folder_left_by_a_killed_writer_goes_with_the_next_write(tmp_path):
    """A SIGKILLed `pnp new` cannot remove its .part folder; the next write
    of that name does, and leaves a live writer's .part (and other names') alone."""
    import subprocess
    import sys

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    dead_pid = int(dead.stdout)  # a process that has ended
    left = tmp_path / f".game.pnp-{dead_pid}-0123abcd.part"
    (left / "lang").mkdir(parents=True)
    (left / "lang" / "en.toml").write_bytes(b"half")
    live = tmp_path / f".game.pnp-{os.getppid()}-0123abcd.part"  # our parent is running
    live.mkdir()
    other = tmp_path / f".other.pnp-{dead_pid}-0123abcd.part"
    other.mkdir()
    with atomic_folder(tmp_path / "game") as tmp:
        write_atomic(tmp / "game.toml", b"a")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["game", live.name, other.name])
