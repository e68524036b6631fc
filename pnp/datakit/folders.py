"""Kits from folders anywhere: `pnp render ./my-game` and `--kits DIR`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pnp.errors import UsageError


def is_path(name: str) -> bool:
    """A KIT argument that names a folder rather than a kit id: it has a
    path separator, or starts with a dot (./my-game, ../games/ur, /tmp/x)."""
    return "/" in name or "\\" in name or name.startswith(".")


def kit_folders(root: Path) -> list[Path]:
    """The kit folders in `root` (each with a game.toml), by name."""
    if not root.is_dir():
        raise UsageError(f"--kits {root}: not a folder")
    found = sorted(p for p in root.iterdir() if p.is_dir() and (p / "game.toml").is_file())
    if not found:
        raise UsageError(f"--kits {root}: no kit folders in it (a kit folder holds a game.toml)")
    return found


def add_kits(names: Sequence[str], roots: Sequence[Path]) -> tuple[str, ...]:
    """Register the kit folders named (as paths) in `names` and every kit
    folder in `roots`; return the kit ids to render: `names` with each path
    replaced by its kit's id, or, when no kit is named, the kits of `roots`."""
    from pnp.kits import add_folder

    from_roots = [add_folder(f).id for root in roots for f in kit_folders(root)]
    ids: list[str] = []
    for name in names:
        if is_path(name):
            folder = Path(name)
            if not (folder / "game.toml").is_file():
                raise UsageError(f"{name}: not a kit folder (it has no game.toml)")
            ids.append(add_folder(folder).id)
        else:
            ids.append(name)
    return tuple(ids) if names else tuple(from_roots)
