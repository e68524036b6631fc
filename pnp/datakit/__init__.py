"""Data kits: a kit that is a folder of data and no Python.

    my-game/
      game.toml      the facts and the components, each of a registered kind
      lang/en.toml   the texts (and nl.toml, de.toml ...), like any kit
      art/*.svg      art, drawn as vectors

`game.toml` is checked against one schema built from the registry of kinds
(pnp.kinds); each component's own checks (art that reads, CSV columns that
exist, a count for every player count) follow. Every mistake is one
SpecError line naming the file and the key, and nothing is drawn before
the whole kit has loaded. `kit_for(folder)` makes a pnp.kits.Kit of it, so
the pipeline, the outputs and the validator treat it like the three kits
written in Python.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pnp.errors import SpecError, UsageError
from pnp.layout.component_list import KitList
from pnp.modes import KitOption
from pnp.spec import check, read_toml

KIT_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


@dataclass(frozen=True)
class DataSpec:
    """A data kit's facts, loaded and checked."""

    id: str
    folder: Path
    players: tuple[int, ...]
    components: tuple[Any, ...]  # each as its kind's `load` returned it
    values: dict[str, object] = field(default_factory=dict)
    kit_list: KitList = KitList((), ())
    rule_set: str = ""
    lengths: dict[str, float] = field(default_factory=dict)  # mm, named in the texts (pnp.datakit.kit.length)


def game_file(folder: Path) -> Path:
    return folder / "game.toml"


@cache
def load(folder: Path) -> DataSpec:
    """The kit in `folder`, checked; SpecError (one line) for any mistake."""
    from pnp.datakit.schema import game_schema
    from pnp.kinds import kind_of, kinds

    path = game_file(folder)
    raw = read_toml(path, SpecError, "game facts")
    comps = raw.get("components")
    for i, c in enumerate(comps if isinstance(comps, list) else []):
        name = c.get("kind") if isinstance(c, dict) else None
        if isinstance(name, str) and name not in kinds():
            raise SpecError(f"{path}: components[{i}].kind: should be one of {', '.join(kinds())}, not {name!r}")
        if isinstance(name, str):
            _check_enums(c, kinds()[name].schema, f"{path}: components[{i}]")
    game: Any = check(raw, game_schema(), path)  # a Struct class built at run time (datakit.schema)
    players = tuple(game.players)
    if list(players) != sorted(set(players)):
        raise SpecError(f"{path}: players: must be in ascending order without repeats, not {list(players)!r}")
    ids: set[tuple[str, str]] = set()
    data = DataSpec(folder.name, folder, players, (), dict(game.values), KitList(tuple(game.contents), tuple(game.needs)),
                    game.rule_set, dict(game.lengths))
    loaded = []
    for i, comp in enumerate(game.components):
        kind = kind_of(comp)
        where = f"{path}: components[{i}]"
        key = (kind.name, getattr(comp, "id", ""))
        if key in ids:
            raise SpecError(f"{where}.id: a second {kind.name} {key[1]!r}; give each its own id")
        ids.add(key)
        loaded.append(kind.load(comp, Path(where), data))
    return DataSpec(data.id, folder, players, tuple(loaded), data.values, data.kit_list, data.rule_set,
                    data.lengths)


def _check_enums(table: dict[str, Any], schema: type, where: str) -> None:
    """A mode written wrong ("oval" for a shape) named with the values it may take."""
    import enum

    import msgspec

    for f in msgspec.structs.fields(schema):
        if isinstance(f.type, type) and issubclass(f.type, enum.Enum) and f.encode_name in table:
            allowed = [m.value for m in f.type]
            if table[f.encode_name] not in allowed:
                raise SpecError(f"{where}.{f.encode_name}: should be one of {', '.join(map(str, allowed))}, "
                                f"not {table[f.encode_name]!r}")


def kit_options(folder: Path) -> tuple[KitOption, ...]:
    """Which options the kit takes (--players if it is for several player
    counts, --backs if it has a deck), from a quick read of game.toml: a
    broken file takes none here and is reported when the kit is loaded."""
    from pnp.kinds import kinds

    try:
        with game_file(folder).open("rb") as f:
            raw = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return ()
    out: list[KitOption] = []
    players = raw.get("players")
    if isinstance(players, list) and len(players) > 1:
        out.append(KitOption.PLAYERS)
    comps = raw.get("components")
    names = {c.get("kind") for c in comps if isinstance(c, dict)} if isinstance(comps, list) else set()
    for name, kind in kinds().items():
        if name in names:
            out += [o for o in kind.options if o not in out]
    return tuple(out)


def kit_for(folder: Path, source: str, in_templates: bool = False) -> Any:
    """A pnp.kits.Kit for the data kit in `folder`; `source` says where it comes from (for `pnp list`)."""
    from pnp.datakit import kit as data_kit

    folder = folder.resolve()
    if not game_file(folder).is_file():
        raise UsageError(f"{folder}: not a kit folder (it has no game.toml)")
    if not KIT_ID.match(folder.name):
        raise UsageError(f"{folder}: a kit's folder name is its id: lower case letters, digits and dashes "
                         f"(such as my-game), not {folder.name!r}")
    return data_kit.make(folder, source, in_templates)
