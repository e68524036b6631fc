"""The schema of a data kit's game.toml, built from the registry of kinds
(each kind's Struct is one member of the `components` union, told apart by
its `kind`), and the JSON Schema published for editors
(docs/game.schema.json, kept current by a test)."""

from __future__ import annotations

import json
from functools import cache
from typing import Annotated, Any, Union

import msgspec

from pnp.layout.component_list import ContentFact
from pnp.spec import MAX_COUNT, MAX_LIST, Counts, Name, Schema

TEXT = 200  # characters: a value or a rule set's name is a line, not a page


@cache
def game_schema() -> type:
    from pnp.kinds import kinds

    component: Any = Union[tuple(k.schema for k in kinds().values())]  # noqa: UP007 - built at run time
    value = Union[Annotated[int, msgspec.Meta(ge=0, le=MAX_COUNT)], Annotated[str, msgspec.Meta(max_length=TEXT)]]  # noqa: UP007
    return msgspec.defstruct(
        "DataGame",
        [
            ("players", Counts),
            ("components", Annotated[list[component], msgspec.Meta(min_length=1, max_length=MAX_LIST)]),
            # the traditional rule set the rules follow, named in the kit
            ("rule_set", Annotated[str, msgspec.Meta(max_length=TEXT)], ""),
            # numbers and words the catalog's texts use
            ("values", Annotated[dict[Name, value], msgspec.Meta(max_length=MAX_LIST)], {}),
            # lengths in mm the catalog's texts name, such as a card's thickness: {thick_card} is "1 mm",
            # on US Letter "1 mm or 0.04 in" (pnp.datakit.kit.measures)
            ("lengths", Annotated[dict[Name, Annotated[float, msgspec.Meta(gt=0, le=1000)]],
                                  msgspec.Meta(max_length=MAX_LIST)], {}),
            ("contents", Annotated[list[ContentFact], msgspec.Meta(max_length=MAX_LIST)], []),
            ("needs", Annotated[list[Name], msgspec.Meta(max_length=MAX_LIST)], []),
        ],
        bases=(Schema,),
        kw_only=True,
        module=__name__,
    )


def json_schema() -> dict[str, Any]:
    """The JSON Schema of game.toml (TOML reads as the same tree as JSON)."""
    out = msgspec.json.schema(game_schema())
    out["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    out["title"] = "pnp data kit: game.toml"
    return out


def json_schema_text() -> str:
    return json.dumps(json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":  # python -m pnp.datakit.schema > docs/game.schema.json
    import sys

    sys.stdout.write(json_schema_text())
