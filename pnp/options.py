"""What the user asked for, as one frozen object built by the CLI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.modes import Backs, Variant

if TYPE_CHECKING:  # only a type here: `pnp --help` imports this module and nothing of the layout
    from pnp.paper import Paper

BACKS = tuple(Backs)
VARIANTS = tuple(Variant)


@dataclass(frozen=True)
class Options:
    lang: str
    paper: Paper
    players: int | None = None  # None: the full kit, for every player count
    backs: Backs = Backs.DUPLEX_LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    variant: Variant = Variant.COLOUR

    def __post_init__(self) -> None:
        # the one conversion: a mode given as its string (a script, a test) becomes its member
        object.__setattr__(self, "backs", Backs(self.backs))
        object.__setattr__(self, "variant", Variant(self.variant))
