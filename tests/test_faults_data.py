"""Fault injection into the data pnp reads: every key of every game.toml
gets bad values generated from the kit's own schema (wrong types, values
past each bound, nan and infinity, empty lists, missing and unknown keys),
and every key of every catalog gets broken templates and characters the
fonts cannot print. Each must be one SpecError or CatalogError line that
names the file and the key, never a traceback and never a rendered kit."""

from __future__ import annotations

import importlib
import math
import re
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
import tomli_w

import pnp.i18n
from pnp.errors import CatalogError, SpecError
from pnp.fonts import check_glyphs
from pnp.i18n import load_catalog
from pnp.kits import get_kit
from pnp.paths import TEMPLATES
from pnp.spec import Schema
from tests.helpers import KIT_IDS, LANGS

Path_ = tuple[int | str, ...]


def schema_of(kit_id: str) -> type[Schema]:
    """The kit's game.toml schema: the Schema subclass its load_spec checks against."""
    module = importlib.import_module(get_kit(kit_id).load_spec.__module__)
    (model,) = [v for n, v in vars(module).items()
                if isinstance(v, type) and issubclass(v, Schema) and n.endswith("Game")]
    return model


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in node:
        return defs[node["$ref"].rsplit("/", 1)[1]]
    return node


def _bad_integers(node: dict[str, Any], value: Any) -> Iterator[tuple[str, Any]]:
    yield "text", "twelve"
    yield "fraction", 12.7
    yield "bool", True
    if "minimum" in node:
        yield "below-minimum", node["minimum"] - 1
    if "maximum" in node:
        yield "above-maximum", node["maximum"] + 1


def _bad_numbers(node: dict[str, Any], value: Any) -> Iterator[tuple[str, Any]]:
    yield "text", "x"
    yield "bool", True
    yield "nan", math.nan
    yield "inf", math.inf
    yield "-inf", -math.inf
    if "exclusiveMinimum" in node:
        yield "at-exclusive-minimum", node["exclusiveMinimum"]
    if "minimum" in node:
        yield "below-minimum", node["minimum"] - 1


def _bad_strings(node: dict[str, Any], value: Any) -> Iterator[tuple[str, Any]]:
    yield "number", 3
    if "pattern" in node:
        assert not re.search(node["pattern"], "red colour!")
        yield "pattern", "red colour!"
    if node.get("minLength", 0) > 0:
        yield "empty", ""
    if "maxLength" in node:
        yield "too-long", "a" * (node["maxLength"] + 1)


def _bad_arrays(node: dict[str, Any], value: Any) -> Iterator[tuple[str, Any]]:
    yield "text", "x"
    if node.get("minItems", 0) > 0:
        yield "too-few", list(value)[: node["minItems"] - 1]
    if "maxItems" in node:
        yield "too-many", list(value) + list(value)[-1:] * (node["maxItems"] - len(value) + 1)


def _bad_objects(node: dict[str, Any], value: Any) -> Iterator[tuple[str, Any]]:
    yield "text", "x"
    if node.get("additionalProperties") is False:
        yield "unknown-key", {**value, "frobnicate": 1}
    elif isinstance(node.get("additionalProperties"), dict) and value:
        yield "bad-key", {**value, "Not A Key!": next(iter(value.values()))}


_BAD = {"integer": _bad_integers, "number": _bad_numbers, "string": _bad_strings, "array": _bad_arrays,
        "object": _bad_objects}


def bad_values(node: dict[str, Any], value: Any) -> Iterator[tuple[str, Any]]:
    """Values the schema node must refuse, each with a name for the test id."""
    bad = _BAD.get(str(node.get("type")))
    if bad is not None:
        yield from bad(node, value)


def mutations(node: dict[str, Any], value: Any, path: Path_, defs: dict[str, Any]
              ) -> Iterator[tuple[Path_, str, Any]]:
    """(path, name, bad value) for this node and everything under it; a bad
    value None means: delete the key."""
    node = _resolve(node, defs)
    for name, bad in bad_values(node, value):
        yield path, name, bad
    if node.get("type") == "object" and isinstance(value, dict):
        props = node.get("properties", {})
        for key in node.get("required", []):
            yield (*path, key), "missing", None
        for key, sub in value.items():
            child = props.get(key) if props else node.get("additionalProperties")
            if isinstance(child, dict):
                yield from mutations(child, sub, (*path, key), defs)
    elif node.get("type") == "array" and isinstance(value, list):
        for i, sub in enumerate(value):
            child = node["prefixItems"][i] if "prefixItems" in node else node.get("items")
            if child:
                yield from mutations(child, sub, (*path, i), defs)


def with_value(data: Any, path: Path_, bad: Any) -> Any:
    """A deep copy of data with the value at path replaced (None: deleted)."""
    if not path:
        return bad
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        out = dict(data)
        if not rest and bad is None:
            del out[head]
        else:
            out[head] = with_value(data[head], rest, bad)
        return out
    out_list = list(data)
    out_list[head] = with_value(data[head], rest, bad)  # type: ignore[index]
    return out_list


def game_cases() -> list[Any]:
    cases = []
    for kit_id in KIT_IDS:
        data = tomllib.loads((TEMPLATES / kit_id / "game.toml").read_text("utf-8"))
        schema = msgspec.json.schema(schema_of(kit_id))
        for path, name, bad in mutations(schema, data, (), schema.get("$defs", {})):
            if not path:  # the top level is a table in any TOML file
                continue
            ident = f"{kit_id}:{'.'.join(map(str, path))}:{name}"
            cases.append(pytest.param(kit_id, path, bad, id=ident))
    return cases


GAME_CASES = game_cases()


def test_every_key_of_every_game_file_gets_faults():
    """The generator reaches every key the files have, nested ones too."""
    for kit_id in KIT_IDS:
        data = tomllib.loads((TEMPLATES / kit_id / "game.toml").read_text("utf-8"))
        hit = {c.values[1][0] for c in GAME_CASES if c.values[0] == kit_id}
        assert hit == set(data), f"{kit_id}: no fault for {set(data) - hit}"
    assert len(GAME_CASES) > 150


@pytest.fixture
def game_copy(tmp_path: Path):
    def make(kit_id: str, data: dict[str, Any]) -> Path:
        (tmp_path / kit_id).mkdir(exist_ok=True)
        (tmp_path / kit_id / "game.toml").write_text(tomli_w.dumps(data), "utf-8")
        return tmp_path

    return make


@pytest.mark.parametrize(("kit_id", "path", "bad"), GAME_CASES)
def test_a_bad_game_fact_is_one_line_naming_file_and_key(game_copy, kit_id, path, bad):
    data = tomllib.loads((TEMPLATES / kit_id / "game.toml").read_text("utf-8"))
    templates = game_copy(kit_id, with_value(data, path, bad))
    with pytest.raises(SpecError) as e:
        get_kit(kit_id).load_spec(templates)
    msg = str(e.value)
    assert "\n" not in msg
    assert msg.startswith(f"{templates / kit_id / 'game.toml'}: "), msg
    where = str(path[0]) + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path[1:])  # look.radish.body
    assert msg.startswith(f"{templates / kit_id / 'game.toml'}: {where}"), f"the key path {where!r} is not named: {msg}"


def _numbers(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if node.get("type") == "number":
            yield node
        for sub in node.values():
            yield from _numbers(sub)
    elif isinstance(node, list):
        for sub in node:
            yield from _numbers(sub)


def test_every_number_in_a_schema_is_bounded_on_both_sides():
    """msgspec has no finite-only option for floats: nan and inf are refused
    because they fail an upper bound, -inf because it fails a lower one."""
    from pnp.presets import PresetId, PresetSchema

    schemas = [msgspec.json.schema(schema_of(k)) for k in KIT_IDS] + [msgspec.json.schema(dict[PresetId, PresetSchema])]
    numbers = [n for s in schemas for n in _numbers(s)]
    assert len(numbers) >= 10
    for n in numbers:
        assert {"minimum", "exclusiveMinimum"} & set(n) and {"maximum", "exclusiveMaximum"} & set(n), n


def test_the_game_files_as_they_are_pass_their_schema():
    for kit_id in KIT_IDS:
        assert get_kit(kit_id).load_spec() is not None


@pytest.mark.parametrize(("kit_id", "key", "value", "words"), [
    ("tab", "coins", 0, ["coins", "greater than or equal to 1"]),
    ("tab", "square", 0, ["square", "greater than 0"]),
    ("tab", "scores", [], ["scores", "at least 1"]),
    ("tab", "scores", [[1, 1], [1, 2]], ["scores", "twice"]),
    ("tab", "scores", [[5, 1]], ["scores", "5 heads with 4 coins"]),
    ("tab", "stop_on", [7], ["stop_on"]),
    ("kesse-rueben", "supply", {"2": 16, "3": 12.7, "4": 9}, ["supply.3", "valid integer", "12.7"]),
    ("kesse-rueben", "supply", {"2": 16, "3": "twelve", "4": 9}, ["supply.3", "'twelve'"]),
    ("kesse-rueben", "supply", {"2": 16, "3": -12, "4": 9}, ["supply.3"]),
    ("kesse-rueben", "supply", {"2": 16, "3": 8, "4": 9}, ["supply.3", "not more than the target 9"]),
    ("kesse-rueben", "supply", {"2": 16, "4": 9}, ["supply", "player counts"]),
    ("kesse-rueben", "token", 0, ["token", "greater than 0"]),
    ("kesse-rueben", "barn", [], ["barn"]),
    ("kesse-rueben", "barn", [6, 3], ["barn", "5 x 5"]),
    ("kesse-rueben", "players", [], ["players", "at least 1"]),
    ("kesse-rueben", "players", [3, 2, 4], ["players", "ascending"]),
    ("kesse-rueben", "kinds", ["carrot", "carrot"], ["kinds", "twice"]),
    ("kesse-rueben", "kinds", ["carrot", "onion"], ["look.onion", "missing"]),
    ("ludo-cards", "grid", [4], ["grid"]),
    ("ludo-cards", "values", ["a"], ["values[0]", "'a'"]),
    ("ludo-cards", "colours", [{"hex": "#D55E00", "ink": "#FFFFFF", "symbol": "circle"}] * 4, ["colours[0].id",
                                                                                                "missing"]),
    ("ludo-cards", "colours", [{"id": "red", "hex": "red", "ink": "#FFFFFF", "symbol": "circle"}] * 4,
     ["colours[0].hex", "'red'"]),
    ("ludo-cards", "bleed", math.nan, ["bleed", "finite"]),
    ("ludo-cards", "bleed", math.inf, ["bleed: should be a finite number, not inf"]),
    ("ludo-cards", "card", [63.5, -math.inf], ["card[1]: should be a finite number, not -inf"]),
    ("ludo-cards", "card", [63.5, 5000.0], ["card[1]: should be less than or equal to 284.3, not 5000.0"]),  # A4's 297 mm less 2 x 6.35
    ("tab", "square", "12", ["square: should be a valid number, not '12'"]),
    ("tab", "coins", True, ["coins: should be a valid integer, not True"]),
    ("tab", "scores", [[0, 1], [1, 2.5]], ["scores[1][1]: should be a valid integer, not 2.5"]),
    ("tab", "frobnicate", 1, ["frobnicate: unknown key"]),
    ("kesse-rueben", "supply", {"2": 16, "0": 12, "4": 9}, ["supply.0 (as a key): should be greater than or equal to 1"]),
    ("kesse-rueben", "supply", {"2": 16, "three": 12, "4": 9}, ["supply.three (as a key): should be a valid integer"]),
    ("kesse-rueben", "look", {"carrot": {"body": "#FF8800", "symbol": "circle"}, "radish": {"body": "red", "symbol": "x"}},
     ["look.radish.body: should be a colour written #RRGGBB, not 'red'"]),
    ("kesse-rueben", "look", {"carrot": {"body": "#FF8800", "symbol": "circle"}, "radish": {"body": "#FF0000"}},
     ["look.radish.symbol: missing"]),
    ("kesse-rueben", "look", {"carrot": {"body": "#FF8800", "symbol": "circle"}, "Radish": {}}, ["look.Radish (as a key)"]),
    ("kesse-rueben", "look", {"carrot": {"body": "#FF8800", "symbol": "circle"}, "rad\nish": {}}, ["look.rad\\nish (as a key)"]),
    ("kesse-rueben", "odd\nkey", 1, ["odd\\nkey: unknown key"]),  # a quoted TOML key may hold a line break
    ("tab", "players", "x" * 5000, ["players: should be a list, not 'xxxx", "xx ..."]),  # a long value is cut short
])
def test_the_faults_the_issue_names(game_copy, kit_id, key, value, words):
    """The bad facts a hostile user tried: each a line with file, key and what is wrong."""
    data = tomllib.loads((TEMPLATES / kit_id / "game.toml").read_text("utf-8"))
    data[key] = value
    templates = game_copy(kit_id, data)
    with pytest.raises(SpecError) as e:
        get_kit(kit_id).load_spec(templates)
    msg = str(e.value)
    assert msg.startswith(f"{templates / kit_id / 'game.toml'}: ") and "\n" not in msg
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"


def test_a_game_file_that_is_not_utf8(tmp_path):
    (tmp_path / "tab").mkdir()
    raw = (TEMPLATES / "tab" / "game.toml").read_bytes()
    (tmp_path / "tab" / "game.toml").write_bytes(raw.replace("Tâb".encode(), "T\xe2b".encode("latin-1")))
    with pytest.raises(SpecError, match=r"game.toml: not UTF-8 text \(byte 0xe2"):
        get_kit("tab").load_spec(tmp_path)


def test_a_game_file_that_cannot_be_read(tmp_path):
    (tmp_path / "tab" / "game.toml").mkdir(parents=True)  # a folder in its place: unreadable even for root
    with pytest.raises(SpecError, match=r"tab/game.toml: cannot read the game facts file"):
        get_kit("tab").load_spec(tmp_path)


# ---- catalogs ----------------------------------------------------------------

# (name, how a string is broken, what the error must say)
CATALOG_FAULTS = [
    ("lone-open-brace", lambda s: s + " {", "lone { or }"),
    ("lone-close-brace", lambda s: "} " + s, "lone { or }"),
    ("positional", lambda s: s + " {0}", "placeholder {0}"),
    ("attribute", lambda s: s + " {n.real}", "placeholder {n.real}"),
    ("format-spec", lambda s: s + " {n:>5}", "placeholder {n:>5}"),
    ("emoji", lambda s: s + " \U0001f3b2", "U+1F3B2"),
    ("cjk", lambda s: "\u5b57" + s, "U+5B57"),
]


def _catalog_files() -> list[tuple[str, str]]:
    """(part, lang): every catalog file there is (common and every kit, every language)."""
    return [(part, lang) for part in ("common", *KIT_IDS) for lang in LANGS]


@pytest.fixture
def catalogs(tmp_path: Path) -> Path:
    for part in ("common", *KIT_IDS):
        shutil.copytree(TEMPLATES / part / "lang", tmp_path / part / "lang")
    return tmp_path


def _check_all(templates: Path, kit: str, lang: str) -> None:
    pnp.i18n._load_catalog.cache_clear()
    check_glyphs(load_catalog(kit, lang, templates))


@pytest.mark.parametrize(("part", "lang"), _catalog_files())
def test_every_key_of_every_catalog_with_every_fault(catalogs, part, lang):
    path = catalogs / part / "lang" / f"{lang}.toml"
    original = tomllib.loads(path.read_text("utf-8"))
    kit = KIT_IDS[0] if part == "common" else part
    tried = 0
    for i, (key, value) in enumerate(original.items()):
        # every key gets a fault, every fault is tried in every file, and the first key gets them all
        faults = CATALOG_FAULTS if i == 0 else [CATALOG_FAULTS[i % len(CATALOG_FAULTS)]]
        for name, breaks, says in faults:
            broken = breaks(value) if isinstance(value, str) else [breaks(value[0]), *value[1:]]
            path.write_text(tomli_w.dumps({**original, key: broken}), "utf-8")
            with pytest.raises(CatalogError) as e:
                _check_all(catalogs, kit, lang)
            msg = str(e.value)
            assert msg.startswith(f"{path}: key {key!r}") and says in msg and "\n" not in msg, (name, msg)
            tried += 1
        if i % 3 == 0:
            path.write_text(tomli_w.dumps({**original, key: 3}), "utf-8")
            with pytest.raises(CatalogError, match=f"key '{key}' must be a string"):
                _check_all(catalogs, kit, lang)
    path.write_text(tomli_w.dumps(original), "utf-8")
    _check_all(catalogs, kit, lang)  # restored: no error
    assert tried == len(original) - 1 + len(CATALOG_FAULTS)


def test_a_catalog_that_is_not_utf8(catalogs):
    path = catalogs / "tab" / "lang" / "de.toml"
    path.write_bytes(path.read_bytes() + b'\nbroken = "\xff"\n')
    with pytest.raises(CatalogError, match=r"de.toml: not UTF-8 text \(byte 0xff"):
        _check_all(catalogs, "tab", "de")


def test_a_catalog_that_cannot_be_read(catalogs):
    path = catalogs / "tab" / "lang" / "nl.toml"
    path.unlink()
    path.mkdir()
    with pytest.raises(CatalogError, match=r"tab/lang/nl.toml: cannot read the catalog file"):
        _check_all(catalogs, "tab", "nl")
