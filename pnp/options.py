"""What the user asked for, as one frozen object built by the CLI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # only a type here: `pnp --help` imports this module and nothing of the layout
    from pnp.paper import Paper

BACKS = ("duplex-long", "duplex-short", "gutterfold", "none")
VARIANTS = ("colour", "greyscale", "ink-saver")


@dataclass(frozen=True)
class Options:
    lang: str
    paper: Paper
    players: int | None = None  # None: the full kit, for every player count
    backs: str = "duplex-long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    variant: str = "colour"
