"""The JSON Schema of game.toml published for editors (docs/game.schema.json)
says what pnp's own check says: the kits in the repository and the starter
kit pass it, and each mistake the schema can see is refused by both. The
schema is read by a small validator of the JSON Schema keywords it uses
(written here, so the test needs no library of its own), which refuses a
keyword it does not know: a newer schema cannot pass unread."""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.errors import SpecError

REPO = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((REPO / "docs" / "game.schema.json").read_text(encoding="utf-8"))
NOTES = {"$schema", "title", "description", "default", "discriminator"}  # keywords that check nothing


def errors(value: Any, schema: Any, at: str = "$") -> list[str]:
    """What is wrong with `value` by `schema` (draft 2020-12, the keywords msgspec writes)."""
    if schema is True:
        return []
    if schema is False:
        return [f"{at}: not allowed"]
    unknown = set(schema) - NOTES - {
        "$ref", "$defs", "type", "enum", "anyOf", "properties", "required", "additionalProperties", "propertyNames",
        "maxProperties", "items", "prefixItems", "minItems", "maxItems", "minLength", "maxLength", "pattern",
        "minimum", "maximum", "exclusiveMinimum"}
    assert not unknown, f"a keyword this test does not read: {unknown}"
    out: list[str] = []
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        out += errors(value, SCHEMA["$defs"][name], at)
    if "anyOf" in schema and all(errors(value, s, at) for s in schema["anyOf"]):
        out.append(f"{at}: matches none of anyOf")
    kind = schema.get("type")
    types = {"object": dict, "array": list, "string": str, "integer": int, "number": (int, float), "boolean": bool,
             "null": type(None)}
    if kind is not None:
        if not isinstance(value, types[kind]) or (kind in ("integer", "number") and isinstance(value, bool)):
            return [*out, f"{at}: not {kind}"]
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{at}: not one of {schema['enum']}")
    if isinstance(value, dict):
        out += _object(value, schema, at)
    elif isinstance(value, list):
        out += _array(value, schema, at)
    else:
        out += _scalar(value, schema, at)
    return out


def _object(value: dict[str, Any], schema: Any, at: str) -> list[str]:
    out: list[str] = []
    props = schema.get("properties", {})
    out += [f"{at}.{k}: missing" for k in schema.get("required", []) if k not in value]
    for k, v in value.items():
        if k in props:
            out += errors(v, props[k], f"{at}.{k}")
        elif "additionalProperties" in schema:
            out += errors(v, schema["additionalProperties"], f"{at}.{k}")
        if "propertyNames" in schema:
            out += errors(k, schema["propertyNames"], f"{at}[{k!r}]")
    if len(value) > schema.get("maxProperties", len(value)):
        out.append(f"{at}: too many keys")
    return out


def _array(value: list[Any], schema: Any, at: str) -> list[str]:
    out: list[str] = []
    first = schema.get("prefixItems", [])
    for i, v in enumerate(value):
        out += errors(v, first[i] if i < len(first) else schema.get("items", True), f"{at}[{i}]")
    if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
        out.append(f"{at}: {len(value)} items")
    return out


def _scalar(value: Any, schema: Any, at: str) -> list[str]:
    out: list[str] = []
    if isinstance(value, str):
        if not schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value)):
            out.append(f"{at}: length {len(value)}")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            out.append(f"{at}: does not match {schema['pattern']}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if value < schema.get("minimum", value) or value > schema.get("maximum", value):
            out.append(f"{at}: {value} out of range")
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            out.append(f"{at}: {value} not above {schema['exclusiveMinimum']}")
    return out


def pnp_accepts(data: dict[str, Any]) -> bool:
    """Whether pnp's own schema (the first step of loading a data kit) takes the data."""
    from pnp.datakit.schema import game_schema
    from pnp.spec import check

    try:
        check(data, game_schema(), Path("game.toml"))
    except SpecError:
        return False
    return True


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("schema") / "starter"
    result = CliRunner().invoke(main, ["new", str(folder)])
    assert result.exit_code == 0, result.output
    return tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))


def test_the_validator_here_sees_a_mistake():
    assert errors({"players": [2]}, SCHEMA)  # no components
    assert errors({"players": [2], "components": [{"kind": "board", "rows": "5"}]}, SCHEMA)


def test_every_kit_in_the_repository_and_the_starter_kit_pass_the_published_schema(starter):
    games = sorted((REPO / "templates").glob("*/game.toml"))
    data = [tomllib.loads(g.read_text(encoding="utf-8")) for g in games]
    kits = [(g.parent.name, d) for g, d in zip(games, data, strict=True) if "components" in d]  # the data kits
    assert "ur" in [k for k, _ in kits]
    for name, d in [*kits, ("starter", starter)]:
        assert errors(d, SCHEMA) == [], name
        assert pnp_accepts(d), name


def _board(game: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in game["components"] if c["kind"] == "board")


def _pieces(game: dict[str, Any]) -> dict[str, Any]:
    return next(c for c in game["components"] if c["kind"] == "pieces")


def _picture(game: dict[str, Any], size: list[float]) -> None:
    """The board made one picture of `size` mm."""
    board = _board(game)
    board.clear()
    board.update(kind="board", art="art/star.svg", size=size)


MISTAKES = {
    "a size that is text": lambda g: _pieces(g).__setitem__("size", "big"),
    "an unknown key": lambda g: _board(g).__setitem__("rosettes", 3),
    "an unknown kind": lambda g: _board(g).__setitem__("kind", "bored"),
    "a shape that is not one": lambda g: _pieces(g).__setitem__("shape", "oval"),
    "a colour not #RRGGBB": lambda g: _board(g).__setitem__("fill", "red"),
    "a square of no size": lambda g: _board(g).__setitem__("square", 0),
    "a board larger than 1000 mm": lambda g: _picture(g, [1001.0, 200.0]),
    "no players": lambda g: g.__setitem__("players", []),
    "no components": lambda g: g.__setitem__("components", []),
    "a square that is not a pair": lambda g: _board(g).__setitem__("gaps", [[1, 2, 3]]),
    "a catalog key in capitals": lambda g: _board(g).__setitem__("heading", "Board_Heading"),
    "art that is not svg or png": lambda g: _board(g)["special"][0].__setitem__("art", "art/star.jpg"),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_mistake_is_refused_by_the_published_schema_as_by_pnp(starter, mistake):
    game = copy.deepcopy(starter)
    MISTAKES[mistake](game)
    assert errors(game, SCHEMA), "the published schema takes it"
    assert not pnp_accepts(game), "pnp takes it"


def test_a_picture_board_up_to_the_bound_passes_both(starter):
    game = copy.deepcopy(starter)
    _picture(game, [1000.0 - 12.0, 300.0])
    assert errors(game, SCHEMA) == []
    assert pnp_accepts(game)
