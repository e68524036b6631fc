"""Per-language text catalogs: one TOML file per kit and language.

Keys live in code and specs, strings in templates/<kit>/lang/<lang>.toml
(and templates/common/lang/ for what every kit shares). English is the
reference: every other language must have exactly its keys and, in each
string, exactly its {placeholders}. Anything missing is a CatalogError that
names the file and the key, raised when the catalog is loaded, before a
page is drawn.
"""

from __future__ import annotations

import string
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pnp.errors import CatalogError
from pnp.paths import TEMPLATES

REFERENCE = "en"


def languages(templates: Path = TEMPLATES) -> tuple[str, ...]:
    """The languages there are: one file each in templates/common/lang/."""
    found = sorted(p.stem for p in (templates / "common" / "lang").glob("*.toml"))
    # English first, then the rest in order.
    return tuple(sorted(found, key=lambda code: (code != REFERENCE, code)))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _load(path: Path) -> dict[str, Any]:
    if not path.is_file():
        raise CatalogError(f"{path}: catalog file is missing")
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise CatalogError(f"{path}: not valid TOML: {e}") from None
    for key, value in data.items():
        ok = isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))
        if not ok:
            raise CatalogError(f"{path}: key {key!r} must be a string or a list of strings")
    return data


def _strings(value: str | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _check_against(ref: dict[str, Any], ref_path: Path, data: dict[str, Any], path: Path) -> None:
    for key in ref:
        if key not in data:
            raise CatalogError(f"{path}: missing key {key!r} (present in {ref_path.name})")
    for key in data:
        if key not in ref:
            raise CatalogError(f"{path}: unknown key {key!r} (not in {ref_path.name})")
    for key, value in ref.items():
        want = set().union(*(placeholders(s) for s in _strings(value)))
        got = set().union(*(placeholders(s) for s in _strings(data[key])))
        if want != got:
            raise CatalogError(
                f"{path}: key {key!r} has placeholders {sorted(got)}, expected {sorted(want)}"
            )


@dataclass(frozen=True)
class Catalog:
    """The strings of one kit in one language (kit strings over common ones)."""

    kit: str
    lang: str
    strings: dict[str, Any]
    files: tuple[Path, ...]

    def raw(self, key: str) -> str | list[str]:
        try:
            return self.strings[key]
        except KeyError:
            raise CatalogError(f"{', '.join(map(str, self.files))}: missing key {key!r}") from None

    def text(self, key: str, **values: object) -> str:
        raw = self.raw(key)
        if not isinstance(raw, str):
            raise CatalogError(f"{self.files[-1]}: key {key!r} is a list, not a string")
        return fill(raw, values, key, self.files[-1])

    def blocks(self, key: str, **values: object) -> list[str]:
        raw = self.raw(key)
        return [fill(s, values, key, self.files[-1]) for s in _strings(raw)]


def fill(template: str, values: dict[str, object], key: str, path: Path) -> str:
    try:
        return template.format(**values)
    except KeyError as e:
        raise CatalogError(f"{path}: key {key!r} needs a value for {e.args[0]!r}") from None
    except (IndexError, ValueError) as e:
        raise CatalogError(f"{path}: key {key!r} is not a valid template: {e}") from None


@cache
def load_catalog(kit: str, lang: str, templates: Path = TEMPLATES) -> Catalog:
    """Load and check one kit's catalog; the English one is the reference."""
    merged: dict[str, Any] = {}
    files: list[Path] = []
    for part in ("common", kit):
        folder = templates / part / "lang"
        ref_path = folder / f"{REFERENCE}.toml"
        ref = _load(ref_path)
        path = folder / f"{lang}.toml"
        data = _load(path)
        if lang != REFERENCE:
            _check_against(ref, ref_path, data, path)
        merged.update(data)
        files.append(path)
    return Catalog(kit, lang, merged, tuple(files))
