"""Print-shop presets for `--format cards`: data in
templates/common/card-presets.toml, each with its source in a comment. A
leaf module (tomllib and a dataclass), so `pnp list` and option parsing
stay cheap."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from pnp.errors import SpecError, UsageError
from pnp.paths import TEMPLATES

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


def load_presets() -> dict[str, Preset]:
    where = str(PRESETS_FILE)
    try:
        with PRESETS_FILE.open("rb") as f:
            data = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise SpecError(f"{where}: {e}") from None
    out = {}
    for pid, d in data.items():
        try:
            p = Preset(pid, str(d["title"]), (float(d["trim"][0]), float(d["trim"][1])), float(d["bleed"]),
                       int(d["dpi"]), float(d["safe"]), str(d["order"]))
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise SpecError(f"{where}: preset {pid!r} is incomplete or malformed ({e})") from None
        if p.order not in ("front-back", "back-front") or not 0 <= p.bleed <= MAX_BLEED or p.dpi <= 0:
            raise SpecError(f"{where}: preset {pid!r} has an impossible order, bleed or dpi")
        out[pid] = p
    return out


def get_preset(pid: str) -> Preset:
    presets = load_presets()
    if pid not in presets:
        raise UsageError(f"unknown preset {pid!r}; choose from {', '.join(presets)}")
    return presets[pid]
