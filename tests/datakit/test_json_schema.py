"""The JSON Schema of game.toml published for editors (docs/game.schema.json)
says what pnp's own check says: the kits in the repository and the starter
kit pass it, and each mistake the schema can see is refused by both. The
schema is read by `jsonschema`, the validator editors and CI tools use, after
the schema itself is checked against the draft 2020-12 meta-schema."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from pnp.cli import main
from pnp.errors import SpecError

REPO = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((REPO / "docs" / "game.schema.json").read_text(encoding="utf-8"))
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=Draft202012Validator.FORMAT_CHECKER)


def errors(value: Any, schema: Any = None) -> list[str]:
    """What is wrong with `value` by the published schema, as an editor's
    JSON Schema validator (jsonschema, draft 2020-12) reports it."""
    return [f"{'.'.join(map(str, e.absolute_path)) or '$'}: {e.message}" for e in VALIDATOR.iter_errors(value)]


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


def test_the_published_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)


def test_the_validator_here_sees_a_mistake():
    assert errors({"players": [2]})  # no components
    assert errors({"players": [2], "components": [{"kind": "board", "rows": "5"}]})


def test_every_kit_in_the_repository_and_the_starter_kit_pass_the_published_schema(starter):
    games = sorted((REPO / "templates").glob("*/game.toml"))
    data = [tomllib.loads(g.read_text(encoding="utf-8")) for g in games]
    kits = [(g.parent.name, d) for g, d in zip(games, data, strict=True) if "components" in d]  # the data kits
    assert "ur" in [k for k, _ in kits]
    for name, d in [*kits, ("starter", starter)]:
        assert errors(d) == [], name
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
    "a note in four columns": lambda g: _pieces(g).__setitem__("note", {"text": "quick_reference", "columns": 4}),
    "a note with no text": lambda g: _pieces(g).__setitem__("note", {"columns": 2}),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_a_mistake_is_refused_by_the_published_schema_as_by_pnp(starter, mistake):
    game = copy.deepcopy(starter)
    MISTAKES[mistake](game)
    assert errors(game), "the published schema takes it"
    assert not pnp_accepts(game), "pnp takes it"


def test_a_picture_board_up_to_the_bound_passes_both(starter):
    game = copy.deepcopy(starter)
    _picture(game, [1000.0 - 12.0, 300.0])
    assert errors(game) == []
    assert pnp_accepts(game)
