"""Loading game facts: templates/<kit>/game.toml, checked against the
schema each kit declares (a msgspec Struct) and then turned into the frozen
dataclass the kit works with. Layout, rules text and validator read it.

Every bad value (a wrong type, a size of zero, an empty list, a number where
a name belongs, a supply no larger than the target) is one SpecError naming
the file, the key path and what was wrong, before anything is drawn.
msgspec stops at the first problem, so the line names that one.
"""

from __future__ import annotations

import math
import os
import re
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import msgspec

from pnp import modes, paths
from pnp.errors import SpecError
from pnp.paper import PAPERS, SAFE_MARGIN

T = TypeVar("T")

# Types the kits' schemas are made of. Strict (msgspec.convert(strict=True)):
# 12.7 is not a count, "12" is not a number, true is not 1. Floats must be
# finite (TOML can write inf/nan): every float has an upper bound, which nan
# and inf fail, and a lower one, which -inf fails.
#
# Every count and size has an upper bound from what fits on paper and round
# a table, so that no facts file can ask for minutes of work or gigabytes:
# - MAX_MM: the longest side of the largest safe area pnp prints on (A4's
#   297 mm less its margins); nothing printed is longer, nothing is
#   gathered from several sheets.
# - MAX_COUNT: pieces of MIN_PIECE mm (the smallest piece a finger picks up
#   from a table) that fill that safe area: more of anything than one
#   sheet holds. A kit's own rules (its __post_init__) then check that
#   what it counts fits at the size it is drawn.
# - MAX_PLAYERS: people round one table playing one of these games.
# - MAX_LIST: the entries of a list of kinds, colours or throws.
SAFE_LONG = max(p.height for p in PAPERS.values()) - 2 * SAFE_MARGIN
SAFE_SHORT = max(p.width for p in PAPERS.values()) - 2 * SAFE_MARGIN
MAX_MM = SAFE_LONG  # mm
MIN_PIECE = 10.0  # mm
MAX_COUNT = int(SAFE_LONG // MIN_PIECE) * int(SAFE_SHORT // MIN_PIECE)  # 28 x 20 = 560
MAX_PLAYERS = 8
MAX_LIST = 16
Count = Annotated[int, msgspec.Meta(ge=1, le=MAX_COUNT)]
Mm = Annotated[float, msgspec.Meta(gt=0, le=MAX_MM)]
Margin = Annotated[float, msgspec.Meta(ge=0, le=MAX_MM)]  # a length that may be zero (a bleed)
NAME, HEX, SYMBOL = r"^[a-z][a-z0-9_]*$", r"^#[0-9A-Fa-f]{6}$", modes.one_of(modes.Symbol)
ORDER = modes.one_of(modes.UploadOrder)
Name = Annotated[str, msgspec.Meta(min_length=1, max_length=64, pattern=NAME)]
HexColour = Annotated[str, msgspec.Meta(pattern=HEX)]
Symbol = Annotated[str, msgspec.Meta(pattern=SYMBOL)]
FaceOrder = Annotated[str, msgspec.Meta(pattern=ORDER)]  # of a print shop's upload (pnp.presets)
PATTERN_MEANS = {
    NAME: "should be a name in lower case (a-z, 0-9, _)",
    HEX: "should be a colour written #RRGGBB",
    SYMBOL: f"should be one of {modes.said(modes.Symbol)}",
    ORDER: f"should be {modes.said(modes.UploadOrder)}",
}

# player counts (and the like): at least one, each >= 1; ascending without
# repeats is checked by the schema's __post_init__ with `ascending`
Counts = Annotated[list[Annotated[int, msgspec.Meta(ge=1, le=MAX_PLAYERS)]], msgspec.Meta(min_length=1, max_length=MAX_PLAYERS)]


def fits(count_key: str, count: int, size_key: str, size: float, room: float = MAX_MM,
         where: str = "no sheet pnp prints on") -> None:
    """For a schema's __post_init__: `count` things of `size` mm in a row
    fit the longest safe area of any sheet (or `room` mm of `where`)."""
    if count * size > room:
        raise ValueError(f"{count_key}: {count} x {size_key} {size:g} mm is {count * size:g} mm; "
                         f"{where} holds more than {room:g} mm in a row")


def ascending(key: str, values: list[int]) -> None:
    """For a schema's __post_init__: `values` (the value of `key`) ascend without repeats."""
    if values != sorted(set(values)):
        raise ValueError(f"{key}: must be in ascending order without repeats, not {values!r}")


class Schema(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """Base of every kit's game.toml schema: no unknown keys, nothing coerced.
    Rules across several keys go in __post_init__, raising ValueError with a
    message that names the keys."""


def game_path(kit_id: str, templates: Path | None = None) -> Path:
    return (templates or paths.TEMPLATES) / kit_id / "game.toml"


MAX_DATA_BYTES = 1024 * 1024  # a game.toml, catalog or preset file is a few KB; 1 MB is far past any real one


def check_regular(path: Path, limit: int, error: type[Exception], what: str) -> None:
    """`path` is a regular file (after links) of at most `limit` bytes, or
    one `error` line naming it; nothing is opened."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise error(f"{path}: {what} file is missing") from None
    except OSError as e:
        raise error(f"{path}: cannot read the {what} file: {e.strerror or e}") from None
    if stat.S_ISDIR(st.st_mode):
        raise error(f"{path}: cannot read the {what} file: it is a folder")
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{path}: cannot read the {what} file: it is not a regular file (a device, pipe or socket)")
    if st.st_size > limit:
        raise error(f"{path}: the {what} file is larger than {_size(limit)}; a real one is smaller")


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 else f"{n // 1024} KB"


def read_bounded(path: Path, limit: int, error: type[Exception], what: str) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. A folder, a
    device (a link to /dev/zero), a pipe or a larger file is one `error`
    line naming the file, found before more than `limit` bytes are read (a
    pipe or device is never even opened)."""
    check_regular(path, limit, error, what)
    try:
        with path.open("rb") as f:
            data = f.read(limit + 1)
    except OSError as e:
        raise error(f"{path}: cannot read the {what} file: {e.strerror or e}") from None
    if len(data) > limit:
        raise error(f"{path}: the {what} file is larger than {_size(limit)}; a real one is smaller")
    return data


def read_toml(path: Path, error: type[Exception], what: str) -> dict[str, Any]:
    """A TOML file as a dict; a missing, unreadable, oversized, non-UTF-8 or
    invalid file is one `error` line naming the file."""
    data = read_bounded(path, MAX_DATA_BYTES, error, what)
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise error(f"{path}: not UTF-8 text (byte {e.object[e.start]:#04x} at offset {e.start})") from None
    except tomllib.TOMLDecodeError as e:
        raise error(f"{path}: not valid TOML: {e}") from None
    except RecursionError:
        raise error(f"{path}: not valid TOML: nested too deeply") from None


def load_game(kit_id: str, templates: Path | None = None) -> dict[str, Any]:
    return read_toml(game_path(kit_id, templates), SpecError, "game facts")


def key_path(loc: tuple[int | str, ...], is_key: bool = False) -> str:
    """('scores', 0, 1) -> 'scores[0][1]'; ('look', 'radish', 'body') -> 'look.radish.body'."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + _printable(str(part))
    if is_key:
        out += " (as a key)"
    return out or "(top level)"


# msgspec's messages: "<what> - at `$.look[...].body`", or "- at `key` in `$.supply`"
# for a bad dict key; a dict value's key is written [...], found again below.
_AT = re.compile(r"^(?P<msg>.*?)(?: - at (?P<key>`key` in )?`\$(?P<path>[^`]*)`)?$", re.S)
_PART = re.compile(r"\.([^.\[]+)|\[(\d+|\.\.\.)\]")
_ANY_KEY = "..."
_TYPES = {"int": "a valid integer", "float": "a valid number", "str": "text", "array": "a list",
          "object": "a table", "bool": "true or false"}
_OPS = {">=": "greater than or equal to", ">": "greater than", "<=": "less than or equal to", "<": "less than"}
_MISSING = object()


def _get(data: Any, loc: tuple[int | str, ...]) -> Any:
    for part in loc:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return data


def _put(data: Any, loc: tuple[int | str, ...], value: Any) -> Any:
    """A copy of data with the value at loc replaced."""
    if not loc:
        return value
    out = dict(data) if isinstance(data, dict) else list(data)
    out[loc[0]] = _put(data[loc[0]], loc[1:], value)  # type: ignore[index]
    return out


def _printable(text: str) -> str:
    """Text for an error line: a key from the file may hold a line break."""
    return text if text.isprintable() else "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:76] + " ..."


def _find_keys(check: Callable[[Any], Any], data: Any, loc: list[int | str], error: str) -> tuple[int | str, ...]:
    """The path with each [...] replaced by the table key it stands for.
    msgspec checks a table's entries in order and stops at the first bad
    one, so a table cut short fails with the same error exactly when the
    bad entry is kept: a binary search over the cut finds it."""
    for i, part in enumerate(loc):
        if part != _ANY_KEY:
            continue
        where = tuple(loc[:i])
        table = _get(data, where)
        if not isinstance(table, dict) or not table:
            break
        items = list(table.items())
        lo, hi = 1, len(items)
        while lo < hi:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if _fails(check, _put(data, where, dict(items[:mid])), error) else (mid + 1, hi)
        if not _fails(check, _put(data, where, dict(items[:lo])), error):
            break
        loc[i] = items[lo - 1][0]
    return tuple(loc)


def _fails(check: Callable[[Any], Any], data: Any, error: str) -> bool:
    try:
        check(data)
    except msgspec.ValidationError as e:
        return str(e) == error
    return False


def _number(text: str) -> str:
    x = float(text)
    return str(int(x)) if x.is_integer() else text


def _plain(msg: str, value: Any) -> str:
    """msgspec's words for a bad value as plain words, naming the value."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"should be a finite number, not {value!r}"
    if m := re.fullmatch(r"Expected `(\w+)`, got `\w+`", msg):
        want = f"should be {_TYPES.get(m[1], m[1])}"
    elif m := re.fullmatch(r"Expected `\w+` matching regex '(.*)'", msg):
        want = PATTERN_MEANS.get(m[1], f"should match {m[1]}")
    elif m := re.fullmatch(r"Expected `(int|float)` (>=|>|<=|<) (\S+)", msg):
        want = f"should be {_OPS[m[2]]} {_number(m[3])}"
    elif m := re.fullmatch(r"Expected `(array|str|object)` of length (>=|<=)? ?(\d+)(, got \d+)?", msg):
        unit = "character" if m[1] == "str" else "item"
        amount = {">=": "at least", "<=": "at most", None: "exactly"}[m[2]]
        want = f"should have {amount} {m[3]} {unit}{'' if m[3] == '1' else 's'}"
    else:
        want = msg
    return want if value is _MISSING else f"{want}, not {_show(value)}"


def explain(error: msgspec.ValidationError, data: Any, check: Callable[[Any], Any]) -> str:
    """One msgspec ValidationError as 'key.path: what is wrong, not <value>'.
    `check` is the conversion that failed, run again to name a table key."""
    text = str(error)
    m = _AT.match(text)
    assert m is not None  # the pattern matches any text
    msg, is_key = m["msg"], bool(m["key"])
    loc = [int(i) if i and i != _ANY_KEY else (i or f) for f, i in _PART.findall(m["path"] or "")]
    if is_key:
        loc.append(_ANY_KEY)
    path = _find_keys(check, data, loc, text)
    if field := re.fullmatch(r"Object missing required field `(.*)`", msg, re.S):
        return f"{key_path((*path, field[1]))}: missing"
    if field := re.fullmatch(r"Object contains unknown field `(.*)`", msg, re.S):
        return f"{key_path((*path, field[1]))}: unknown key"
    if not path:  # a rule across several keys names them itself
        return msg
    value = path[-1] if is_key else _get(data, path)
    return f"{key_path(path, is_key)}: {_plain(msg, value)}"


def check(data: Any, schema: type[T] | Any, path: Path) -> T:
    """`data` converted to `schema`, strictly; the first problem is one
    SpecError line naming the file, the key path and what is wrong."""

    def convert(d: Any) -> Any:
        return msgspec.convert(d, type=schema, strict=True, str_keys=True)  # str_keys: TOML key "3" may be an int

    try:
        return convert(data)
    except msgspec.ValidationError as e:
        raise SpecError(f"{path}: {_printable(explain(e, data, convert))}") from None


def check_game(kit_id: str, schema: type[T], templates: Path | None = None) -> T:
    """game.toml of `kit_id`, validated against `schema`; the first problem is
    one SpecError line."""
    return check(load_game(kit_id, templates), schema, game_path(kit_id, templates))
