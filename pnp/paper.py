"""Paper sizes and the safe area (pure data)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import UsageError
from pnp.geometry import Box

SAFE_MARGIN = 6.35  # mm: nothing is inked closer than this to a paper edge


@dataclass(frozen=True)
class Paper:
    id: str
    name: str
    width: float  # mm, portrait
    height: float
    scale_bar: float  # mm: the length of the scale check bar
    scale_key: str  # the catalog key of the bar's length in words ("50 mm", "2 in")

    def size(self, landscape: bool = False) -> tuple[float, float]:
        return (self.height, self.width) if landscape else (self.width, self.height)

    def safe(self, landscape: bool = False) -> Box:
        w, h = self.size(landscape)
        return Box(SAFE_MARGIN, SAFE_MARGIN, w - 2 * SAFE_MARGIN, h - 2 * SAFE_MARGIN)


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0, 50.0, "scale_length_a4"),
    "letter": Paper("letter", "US Letter", 215.9, 279.4, 50.8, "scale_length_letter"),
}


def get_paper(pid: str) -> Paper:
    try:
        return PAPERS[pid]
    except KeyError:
        raise UsageError(f"unknown paper {pid!r}; choose from {', '.join(PAPERS)}") from None
