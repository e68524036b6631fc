"""The registry of kits: every module in this package that defines `KIT`,
and every folder of templates/ with a game.toml and no module, which is a
data kit (pnp.datakit: a kit with no Python), plus kit folders from
anywhere added with `add_folder` (`pnp render ./my-game`, `--kits DIR`).

Adding a kit means adding one folder in templates/ (game.toml, lang/*.toml,
art), and a module here only for a kit that draws its own art in Python;
nothing else has to change.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import UsageError
from pnp.modes import KitOption

if TYPE_CHECKING:  # types only: `pnp list` imports the registry, not the layout
    from pathlib import Path

    from pnp.i18n import Catalog
    from pnp.layout.components import Finder
    from pnp.layout.frame import Sheet
    from pnp.options import Options
    from pnp.textflow import Measure

# One check of the game facts: (name, holds, what was expected/found)
Invariant = tuple[str, bool, str]


@dataclass(frozen=True)
class Context:
    """Everything a kit's layout needs: options, texts, a measurer, facts."""

    options: Options
    cat: Catalog
    measure: Measure
    spec: Any


@dataclass(frozen=True)
class Kit:
    id: str
    load_spec: Callable[..., Any]  # (templates: Path | None = None) -> the kit's spec
    build: Callable[[Context], list[Sheet]]
    # placeholder values for the catalog's strings (the numbers of the rules)
    text_values: Callable[[Any, Options], dict[str, object]]
    # components a rendered file must contain: {component: count}
    expected: Callable[[Any, Options], dict[str, int]]
    invariants: Callable[[Any], list[Invariant]]
    options: tuple[KitOption, ...] = ()  # the options the kit takes beside language and paper
    folder: Path | None = None  # a data kit's folder (game.toml, lang/, art/); None: templates/<id>
    source: str = ""  # where a data kit comes from, for `pnp list`
    pieces: Finder | None = None  # its print-shop pieces on its sheets (--format cards; pnp.layout.components)
    # the rules' templates as a print sets them, for the validator to find its numbers in (None: the catalog's
    # "rules" as they stand; Tâb's --ink-saver print has making notes of its own, see pnp.kits.tab)
    rules_text: Callable[[Catalog, Options], list[str]] | None = None

    @property
    def origin(self) -> str:
        """Where the kit comes from: its module, or its data's folder."""
        return self.source or f"built in: pnp/kits/{self.id.replace('-', '_')}.py"

    def languages(self, wanted: tuple[str, ...]) -> tuple[str, ...]:
        """Which of `wanted` the kit has texts for: every language for a kit in
        templates/, the lang/*.toml there are for a kit folder from elsewhere
        (`pnp new` writes English only)."""
        if self.folder is None:
            return wanted
        if not (self.folder / "lang" / "en.toml").is_file():
            return ()  # no reference, no language
        return tuple(lg for lg in wanted if (self.folder / "lang" / f"{lg}.toml").is_file())

    def catalog(self, lang: str) -> Catalog:
        """The kit's texts in `lang`, from its own folder."""
        from pnp.i18n import load_catalog

        return load_catalog(self.id, lang, folder=self.folder)

    def facts(self, templates: Path | None = None) -> Any:
        """The game facts, checked against the schema and then against the
        game's own invariants: facts that break one (a stack of 100 cards
        where a card has 6 pawn positions) are one SpecError line naming
        the file and the rule, before anything is laid out or written."""
        from pnp.errors import SpecError
        from pnp.spec import game_path

        spec = self.load_spec(templates)
        for name, holds, detail in self.invariants(spec):
            if not holds:
                raise SpecError(f"{game_path(self.id, templates)}: the game's rule '{name}' does not hold: {detail}")
        return spec

    def player_counts(self, spec: Any) -> tuple[int, ...]:
        """The player counts the game is for: every spec has `players`."""
        return tuple(spec.players)

    def __reduce__(self) -> tuple[Callable[[str], Kit], tuple[str]]:
        """Pickled by its id (a layout crosses to and from worker processes):
        a data kit's functions are closures, which pickle cannot carry; the
        other process finds the kit in its registry (workers are forked after
        the kits from folders are added)."""
        return (get_kit, (self.id,))


_ADDED: dict[str, Kit] = {}  # kits from folders outside templates/, by id


@cache
def _builtin() -> dict[str, Kit]:
    from pnp import paths

    kits: dict[str, Kit] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        kit = getattr(module, "KIT", None)
        if isinstance(kit, Kit):
            kits[kit.id] = kit
    for folder in _data_folders(paths.TEMPLATES):
        if folder.name not in kits:
            kits[folder.name] = _data_kit(folder, f"data: {folder.parent.name}/{folder.name}/", in_templates=True)
    return kits


def _data_folders(templates: Path) -> list[Path]:
    modules = {info.name for info in pkgutil.iter_modules(__path__)}
    return sorted(p for p in templates.iterdir() if p.is_dir() and p.name != "common"
                  and p.name.replace("-", "_") not in modules and (p / "game.toml").is_file())


def _data_kit(folder: Path, source: str, in_templates: bool = False) -> Kit:
    from pnp.datakit import kit_for

    kit: Kit = kit_for(folder, source, in_templates)
    return kit


def registry() -> dict[str, Kit]:
    """Every kit by id: the built-in ones, then those added from folders."""
    return {**_builtin(), **_ADDED}


def add_folder(folder: Path) -> Kit:
    """Register the data kit in `folder` (anywhere on disk) and return it. A
    folder whose name is a built-in kit's id is refused (the names would
    clash); a folder added later replaces an earlier one of the same name."""
    from pnp import paths

    kit = _data_kit(folder, f"folder: {folder.resolve()}")
    have = _builtin().get(kit.id)
    if have is not None and folder.resolve() == (paths.TEMPLATES / kit.id).resolve():
        return have  # ./templates/ur is the kit ur
    if have is not None:
        raise UsageError(f"{folder}: a kit named {kit.id!r} exists already ({have.source}); rename the folder")
    _ADDED[kit.id] = kit
    return kit


def get_kit(kit_id: str) -> Kit:
    """The kit `kit_id`. Its module is looked for by name first (kesse-rueben
    in kesse_rueben.py), so rendering one kit does not import the others;
    any other module is found by the full scan of the registry."""
    if kit_id in _ADDED:
        return _ADDED[kit_id]
    name = kit_id.replace("-", "_")
    if name.isidentifier() and any(info.name == name for info in pkgutil.iter_modules(__path__)):
        kit = getattr(importlib.import_module(f"{__name__}.{name}"), "KIT", None)
        if isinstance(kit, Kit) and kit.id == kit_id:
            return kit
    kits = registry()
    if kit_id not in kits:
        raise UsageError(f"unknown kit {kit_id!r}; choose from {', '.join(kits)}")
    return kits[kit_id]
