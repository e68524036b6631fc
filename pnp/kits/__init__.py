"""The registry of kits: every module in this package that defines `KIT`.

Adding a kit means adding one module here and one folder in templates/
(game.toml and lang/*.toml); nothing else has to change.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from pnp.errors import UsageError

if TYPE_CHECKING:  # types only: `pnp list` imports the registry, not the layout
    from pathlib import Path

    from pnp.i18n import Catalog
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
    options: tuple[str, ...] = ()  # which of "players", "backs" the kit takes

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


@cache
def registry() -> dict[str, Kit]:
    kits: dict[str, Kit] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        kit = getattr(module, "KIT", None)
        if isinstance(kit, Kit):
            kits[kit.id] = kit
    return kits


def get_kit(kit_id: str) -> Kit:
    """The kit `kit_id`. Its module is looked for by name first (kesse-rueben
    in kesse_rueben.py), so rendering one kit does not import the others;
    any other module is found by the full scan of the registry."""
    name = kit_id.replace("-", "_")
    if name.isidentifier() and any(info.name == name for info in pkgutil.iter_modules(__path__)):
        kit = getattr(importlib.import_module(f"{__name__}.{name}"), "KIT", None)
        if isinstance(kit, Kit) and kit.id == kit_id:
            return kit
    kits = registry()
    if kit_id not in kits:
        raise UsageError(f"unknown kit {kit_id!r}; choose from {', '.join(kits)}")
    return kits[kit_id]
