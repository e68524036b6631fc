"""The component kinds a data kit is made of, in a registry: a kind is one
module here (board.py, pieces.py, deck.py, rules.py) that defines `KIND`,
and one name in NAMES. A kind has

- a schema: a msgspec Struct tagged with its name (`kind = "board"` in
  game.toml), so the whole of game.toml is checked by one schema built from
  the registry (and published as JSON Schema for editors, pnp.datakit.schema);
- `load`: the checks a schema cannot make (art files, CSV columns, counts
  for every player count), one SpecError line naming file and key;
- `expected`: the components the validator counts in the file;
- `sheets`: its pages, pure geometry in mm like all layout.

Consecutive components of a kind that `packs` share pages (a few sheets of
tokens on one page).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.modes import KitOption

if TYPE_CHECKING:
    from pnp.datakit import DataSpec
    from pnp.kits import Context
    from pnp.layout.frame import Sheet
    from pnp.options import Options

NAMES = ("board", "pieces", "deck", "rules")  # a new kind: a module here and its name


@dataclass(frozen=True)
class Build:
    """What a kind's layout gets: the kit's context and data, the counts of
    the whole kit for the options (the rules' component list), and how many
    pages come before it (a duplex deck starts on the front of a sheet)."""

    ctx: Context
    data: DataSpec
    expected: dict[str, int]
    pages_before: int


@dataclass(frozen=True)
class Kind:
    name: str
    schema: type
    load: Callable[[Any, Path, DataSpec], Any]  # (component, where (for errors), kit data) -> the component checked
    expected: Callable[[Any, Options, DataSpec], dict[str, int]]
    sheets: Callable[[list[Any], Build], list[Sheet]]
    packs: bool = False
    options: tuple[KitOption, ...] = ()  # options a kit takes because it has this kind


@cache
def kinds() -> dict[str, Kind]:
    out: dict[str, Kind] = {}
    for name in NAMES:
        kind = importlib.import_module(f"{__name__}.{name}").KIND
        assert kind.name == name
        out[name] = kind
    return out


def kind_name(component: Any) -> str:
    """The kind of a component: its schema's tag, or a loaded component's `kind`."""
    name = getattr(component, "kind", None)
    return name if isinstance(name, str) else type(component).__struct_config__.tag


def kind_of(component: Any) -> Kind:
    return kinds()[kind_name(component)]
