"""Loading game facts: templates/<kit>/game.toml, read once into the frozen
dataclass each kit defines. Layout, rules text and validator read it."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pnp.errors import SpecError
from pnp.paths import TEMPLATES


def load_game(kit_id: str, templates: Path = TEMPLATES) -> dict[str, Any]:
    path = templates / kit_id / "game.toml"
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise SpecError(f"{path}: game facts file is missing") from None
    except tomllib.TOMLDecodeError as e:
        raise SpecError(f"{path}: not valid TOML: {e}") from None


def need(data: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise SpecError(f"{where}: missing {key!r}")
    value = data[key]
    if kind is float and isinstance(value, int):
        value = float(value)
    if not isinstance(value, kind):
        raise SpecError(f"{where}: {key!r} must be {kind.__name__}, not {value!r}")
    return value
