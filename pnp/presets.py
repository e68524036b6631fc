"""Print-shop presets for `--format cards`: data in
templates/common/card-presets.toml, each with its source in a comment,
checked against a schema like every kit's game facts (pnp.spec)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

import msgspec

from pnp.errors import SpecError, UsageError
from pnp.modes import UploadOrder
from pnp.paths import TEMPLATES
from pnp.spec import FaceOrder, Margin, Mm, Schema, check, read_toml

DEFAULT_BLEED = 3.0  # mm on every side
MAX_BLEED = 10.0  # mm: more is not a bleed any service asks for
PRESETS_FILE = TEMPLATES / "common" / "card-presets.toml"


@dataclass(frozen=True)
class Preset:
    id: str
    title: str
    trim: tuple[float, float]  # mm
    bleed: float  # mm
    dpi: int
    safe: float  # mm
    order: UploadOrder
    source: str = ""  # where the numbers come from
    caveat: str = ""  # what the export is not, of what the service asks for ("" : nothing)

    @property
    def pixels(self) -> tuple[int, int]:
        """The image size the shop asks for: (trim + 2 bleed) at dpi."""
        return tuple(round((t + 2 * self.bleed) / 25.4 * self.dpi) for t in self.trim)  # type: ignore[return-value]


class PresetSchema(Schema, frozen=True):
    """One [section] of card-presets.toml."""

    title: Annotated[str, msgspec.Meta(min_length=1, max_length=200)]
    trim: tuple[Mm, Mm]
    bleed: Annotated[float, msgspec.Meta(ge=0, le=MAX_BLEED)]
    dpi: Annotated[int, msgspec.Meta(ge=72, le=2400)]
    safe: Margin
    order: FaceOrder
    source: Annotated[str, msgspec.Meta(min_length=1)]
    caveat: str = ""


PresetId = Annotated[str, msgspec.Meta(max_length=64, pattern=r"^[a-z0-9][a-z0-9-]*$")]  # as typed after --preset


def load_presets() -> dict[str, Preset]:
    data = read_toml(PRESETS_FILE, SpecError, "card presets")
    checked: dict[str, PresetSchema] = check(data, dict[PresetId, PresetSchema], PRESETS_FILE)  # the sections are the file's top level
    return {pid: Preset(pid, p.title, p.trim, p.bleed, p.dpi, p.safe, UploadOrder(p.order), p.source, p.caveat)
            for pid, p in checked.items()}


def get_preset(pid: str) -> Preset:
    presets = load_presets()
    if pid not in presets:
        raise UsageError(f"unknown preset {pid!r}; choose from {', '.join(presets)}")
    return presets[pid]
