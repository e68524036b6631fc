"""Loading game facts: templates/<kit>/game.toml, checked against the
schema each kit declares (a pydantic model) and then turned into the frozen
dataclass the kit works with. Layout, rules text and validator read it.

Every bad value (a wrong type, a size of zero, an empty list, a number where
a name belongs, a supply no larger than the target) is one SpecError naming
the file, the key path and what was wrong, before anything is drawn.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from pnp import paths
from pnp.errors import SpecError

M = TypeVar("M", bound=BaseModel)

# Types the kits' schemas are made of. Strict: 12.7 is not a count, "12" is
# not a number, true is not 1; floats must be finite (TOML can write inf/nan).
Count = Annotated[int, Field(strict=True, ge=1)]
Mm = Annotated[float, Field(strict=True, gt=0, allow_inf_nan=False)]
NAME, HEX, SYMBOL = r"^[a-z][a-z0-9_]*$", r"^#[0-9A-Fa-f]{6}$", r"^(circle|square|triangle|diamond)$"
Name = Annotated[str, StringConstraints(strict=True, min_length=1, pattern=NAME)]
HexColour = Annotated[str, StringConstraints(strict=True, pattern=HEX)]
Symbol = Annotated[str, Field(strict=True, pattern=SYMBOL)]
PATTERN_MEANS = {
    NAME: "should be a name in lower case (a-z, 0-9, _)",
    HEX: "should be a colour written #RRGGBB",
    SYMBOL: "should be one of circle, square, triangle, diamond",
}


def ascending(values: list[int]) -> list[int]:
    if values != sorted(set(values)):
        raise ValueError("must be in ascending order without repeats")
    return values


# player counts (and the like): at least one, each >= 1, ascending, no repeats
Counts = Annotated[list[Count], Field(min_length=1), AfterValidator(ascending)]


class Schema(BaseModel):
    """Base of every kit's game.toml schema: no unknown keys, nothing coerced."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def game_path(kit_id: str, templates: Path | None = None) -> Path:
    return (templates or paths.TEMPLATES) / kit_id / "game.toml"


def read_toml(path: Path, error: type[Exception], what: str) -> dict[str, Any]:
    """A TOML file as a dict; a missing, unreadable, non-UTF-8 or invalid file
    is one `error` line naming the file."""
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise error(f"{path}: {what} file is missing") from None
    except UnicodeDecodeError as e:
        raise error(f"{path}: not UTF-8 text (byte {e.object[e.start]:#04x} at offset {e.start})") from None
    except tomllib.TOMLDecodeError as e:
        raise error(f"{path}: not valid TOML: {e}") from None
    except OSError as e:
        raise error(f"{path}: cannot read the {what} file: {e.strerror or e}") from None


def load_game(kit_id: str, templates: Path | None = None) -> dict[str, Any]:
    return read_toml(game_path(kit_id, templates), SpecError, "game facts")


def key_path(loc: tuple[int | str, ...]) -> str:
    """('scores', 0, 1) -> 'scores[0][1]'; ('look', 'radish', 'body') -> 'look.radish.body'."""
    out = ""
    for part in loc:
        if part == "[key]":
            out += " (as a key)"
        elif isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def describe(error: dict[str, Any]) -> str:
    loc = tuple(p for p in error["loc"] if not str(p).startswith("function-"))
    msg = error["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    if not loc:  # a rule across several keys names them itself
        return msg
    where = key_path(loc)
    if error["type"] == "missing":
        return f"{where}: missing"
    if error["type"] == "extra_forbidden":
        return f"{where}: unknown key"
    if error["type"] == "string_pattern_mismatch":
        msg = PATTERN_MEANS.get(error["ctx"]["pattern"], msg)
    if ", not " in msg:  # pydantic named the value already
        return f"{where}: {msg}"
    if "input" in error and error["type"] not in ("model_type", "dict_type"):
        return f"{where}: {msg}, not {error['input']!r}"
    return f"{where}: {msg}"


def check_game(kit_id: str, schema: type[M], templates: Path | None = None) -> M:
    """game.toml of `kit_id`, validated against `schema`; the first problem
    (and how many more there are) is one SpecError line."""
    path = game_path(kit_id, templates)
    data = load_game(kit_id, templates)
    try:
        return schema.model_validate(data)
    except ValidationError as e:
        errors = e.errors(include_url=False)
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise SpecError(f"{path}: {describe(errors[0])}{more}") from None
