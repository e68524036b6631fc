"""Print-shop presets for `--format cards`: data in
templates/common/card-presets.toml, each with its source in a comment,
checked against a schema like every kit's game facts (pnp.spec)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, StringConstraints, ValidationError

from pnp.errors import SpecError, UsageError
from pnp.paths import TEMPLATES
from pnp.spec import Mm, Schema, describe, read_toml

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
    order: str  # "front-back" or "back-front"

    @property
    def pixels(self) -> tuple[int, int]:
        """The image size the shop asks for: (trim + 2 bleed) at dpi."""
        return tuple(round((t + 2 * self.bleed) / 25.4 * self.dpi) for t in self.trim)  # type: ignore[return-value]


class PresetSchema(Schema):
    """One [section] of card-presets.toml."""

    title: Annotated[str, Field(strict=True, min_length=1)]
    trim: tuple[Mm, Mm]
    bleed: Annotated[float, Field(strict=True, ge=0, le=MAX_BLEED, allow_inf_nan=False)]
    dpi: Annotated[int, Field(strict=True, ge=72, le=2400)]
    safe: Annotated[float, Field(strict=True, ge=0, allow_inf_nan=False)]
    order: Literal["front-back", "back-front"]


PresetId = Annotated[str, StringConstraints(strict=True, pattern=r"^[a-z0-9][a-z0-9-]*$")]  # as typed after --preset


class PresetsSchema(Schema):
    presets: dict[PresetId, PresetSchema]


def load_presets() -> dict[str, Preset]:
    data = read_toml(PRESETS_FILE, SpecError, "card presets")
    try:
        checked = PresetsSchema.model_validate({"presets": data})
    except ValidationError as e:
        errors = e.errors(include_url=False)
        first = dict(errors[0], loc=tuple(errors[0]["loc"])[1:])  # the sections are the file's top level
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise SpecError(f"{PRESETS_FILE}: {describe(first)}{more}") from None
    return {pid: Preset(pid, p.title, p.trim, p.bleed, p.dpi, p.safe, p.order) for pid, p in checked.presets.items()}


def get_preset(pid: str) -> Preset:
    presets = load_presets()
    if pid not in presets:
        raise UsageError(f"unknown preset {pid!r}; choose from {', '.join(presets)}")
    return presets[pid]
