"""Per-language text catalogs: one TOML file per kit and language.

Keys live in code and specs, strings in templates/<kit>/lang/<lang>.toml
(and templates/common/lang/ for what every kit shares). English is the
reference: every other language must have exactly its keys and, in each
string, exactly its {placeholders}. Anything missing is a CatalogError that
names the file and the key, raised when the catalog is loaded, before a
page is drawn. So is a string that is not a valid template: a lone { or }
(a brace is written {{ or }}), or a placeholder that is not a plain name.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pnp import paths
from pnp.errors import CatalogError

REFERENCE = "en"
LANG_CODE = re.compile(r"[a-z]{2,3}", re.ASCII)
KEY = re.compile(r"[a-z][a-z0-9_]{0,63}", re.ASCII)
MAX_TEXT = 2000  # characters in one string: the longest paragraph of any rules text is under 900
MAX_ITEMS = 100  # strings in one list: the longest rules text has 21 paragraphs


def languages(templates: Path | None = None) -> tuple[str, ...]:
    """The languages there are: every <lang>.toml in templates/common/lang/
    or in any kit's lang/ folder. A language whose file is missing from one
    of them is still a language (and its catalog a CatalogError naming the
    missing file), never silently dropped."""
    root = templates or paths.TEMPLATES
    found = sorted({p.stem for p in root.glob("*/lang/*.toml") if LANG_CODE.fullmatch(p.stem)})
    # English first, then the rest in order.
    return tuple(sorted(found, key=lambda code: (code != REFERENCE, code)))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def check_template(text: str, key: str, path: Path) -> None:
    """A catalog string must be a valid template whose placeholders are plain
    names: no lone brace, no {0}, {}, {a.b}, {a[0]}, {a!r} or {a:>5}."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        raise CatalogError(f"{path}: key {key!r} has a lone {{ or }} (write {{{{ or }}}} for a brace)") from None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            raise CatalogError(f"{path}: key {key!r} has the placeholder {{{name}{'!' + conversion if conversion else ''}"
                               f"{':' + spec if spec else ''}}}; a placeholder is a plain name such as {{n}}")


def _load(path: Path) -> dict[str, Any]:
    from pnp.spec import read_toml

    data = read_toml(path, CatalogError, "catalog")
    for key, value in data.items():
        if not KEY.fullmatch(key):
            raise CatalogError(f"{path}: key {_short(key)} is not a key name (a-z, 0-9 and _, at most 64)")
        ok = isinstance(value, str) or (isinstance(value, list) and all(isinstance(v, str) for v in value))
        if not ok:
            raise CatalogError(f"{path}: key {key!r} must be a string or a list of strings")
        if isinstance(value, list) and len(value) > MAX_ITEMS:
            raise CatalogError(f"{path}: key {key!r} is a list of {len(value)} strings; at most {MAX_ITEMS}")
        for s in texts_of(value):
            if len(s) > MAX_TEXT:
                raise CatalogError(f"{path}: key {key!r} holds a string of {len(s)} characters ({_short(s)}); "
                                   f"at most {MAX_TEXT} fit a page")
            check_template(s, key, path)
    return data


def _short(text: str, n: int = 40) -> str:
    """A string for an error line: quoted, escaped, and cut to about n characters."""
    shown = repr(text[:n])
    return shown if len(text) <= n else shown[:-1] + " ...'"


def texts_of(value: str | list[str]) -> list[str]:
    """A catalog value as its list of texts: one string, or a list of blocks."""
    return [value] if isinstance(value, str) else list(value)


def _check_against(ref: dict[str, Any], ref_path: Path, data: dict[str, Any], path: Path) -> None:
    for key in ref:
        if key not in data:
            raise CatalogError(f"{path}: missing key {key!r} (present in {ref_path.name})")
    for key in data:
        if key not in ref:
            raise CatalogError(f"{path}: unknown key {key!r} (not in {ref_path.name})")
    for key, value in ref.items():
        want = set().union(*(placeholders(s) for s in texts_of(value)))
        got = set().union(*(placeholders(s) for s in texts_of(data[key])))
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
    origin: dict[str, Path] = field(default_factory=dict, compare=False)  # key -> the file it came from

    def file_of(self, key: str) -> Path:
        return self.origin.get(key, self.files[-1])

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
        return [fill(s, values, key, self.files[-1]) for s in texts_of(raw)]


def fill(template: str, values: dict[str, object], key: str, path: Path) -> str:
    try:
        return template.format(**values)
    except KeyError as e:
        raise CatalogError(f"{path}: key {key!r} needs a value for {e.args[0]!r}") from None
    except (IndexError, ValueError) as e:
        raise CatalogError(f"{path}: key {key!r} is not a valid template: {e}") from None


def load_catalog(kit: str, lang: str, templates: Path | None = None, folder: Path | None = None) -> Catalog:
    """Load and check one kit's catalog; the English one is the reference.
    `folder`: the kit's own folder (a data kit anywhere), else templates/<kit>."""
    return _load_catalog(kit, lang, templates or paths.TEMPLATES, folder)


@cache
def _load_catalog(kit: str, lang: str, templates: Path, kit_folder: Path | None = None) -> Catalog:
    merged: dict[str, Any] = {}
    origin: dict[str, Path] = {}
    files: list[Path] = []
    for part in ("common", kit):
        folder = (kit_folder / "lang") if part == kit and kit_folder is not None else templates / part / "lang"
        ref_path = folder / f"{REFERENCE}.toml"
        ref = _load(ref_path)
        path = folder / f"{lang}.toml"
        data = ref if lang == REFERENCE else _load(path)  # the reference is read once
        if lang != REFERENCE:
            _check_against(ref, ref_path, data, path)
        merged.update(data)
        origin.update(dict.fromkeys(data, path))
        files.append(path)
    return Catalog(kit, lang, merged, tuple(files), origin)
