"""No mode string outside pnp/modes.py: every comparison, `in` test or
match-case in pnp against a string literal spelled like a member of one of
its enums fails here, so a mode is compared as a member (`backs is
Backs.NONE`, `KitOption.BACKS in kit.options`), never as its spelling. A
literal that merely shares a member's spelling for another meaning (an SVG
element named `text`) says so with `# not a mode` on its line."""

from __future__ import annotations

import ast
import enum
from pathlib import Path

import pnp
import pnp.modes

PNP = Path(pnp.__file__).parent
EXEMPT = "# not a mode"


def mode_spellings() -> set[str]:
    """The spelling of every member of every enum in pnp.modes (the empty
    spelling of a one-sided face is no word to look for)."""
    out: set[str] = set()
    for value in vars(pnp.modes).values():
        if isinstance(value, type) and issubclass(value, enum.Enum) and value.__module__ == pnp.modes.__name__:
            out |= {m.value for m in value if isinstance(m.value, str) and m.value}
    return out


def _literals(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for e in node.elts for s in _literals(e)]
    return []


def mode_strings(source: str, spellings: set[str]) -> list[tuple[int, str]]:
    """(line, literal) for every comparison, membership test or case
    pattern in `source` against a literal in `spellings`."""
    lines = source.splitlines()
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            found += [(node.lineno, s) for side in sides for s in _literals(side) if s in spellings]
        elif isinstance(node, ast.match_case):
            for sub in ast.walk(node.pattern):
                if isinstance(sub, ast.MatchValue):
                    found += [(sub.lineno, s) for s in _literals(sub.value) if s in spellings]
    return [(n, s) for n, s in found if EXEMPT not in lines[n - 1]]


def test_no_mode_is_compared_as_its_string_outside_modes():
    spellings = mode_spellings()
    bad = []
    for path in sorted(PNP.rglob("*.py")):
        if path.name == "modes.py" and path.parent == PNP:
            continue
        bad += [f"{path.relative_to(PNP.parent)}:{n}: {s!r}" for n, s in mode_strings(path.read_text(encoding="utf-8"), spellings)]
    assert not bad, "mode strings compared outside pnp/modes.py:\n" + "\n".join(bad)


def test_the_check_catches_a_planted_mode_string():
    spellings = mode_spellings()
    assert {"duplex-long", "gutterfold", "greyscale", "cut-svg", "players", "back-front", "fronts", "diamond"} <= spellings
    planted = '''
def f(options, kit, preset, fmt):
    if options.backs == "gutterfold":
        pass
    if "backs" in kit.options or fmt in ("svg", "png"):
        pass
    match preset.order:
        case "back-front":
            pass
    if "gutterfold" != options.backs:  # not a mode
        pass
    return options.lang == "en"
'''
    assert sorted(mode_strings(planted, spellings)) == [(3, "gutterfold"), (5, "backs"), (5, "png"), (5, "svg"), (8, "back-front")]


def test_every_backs_mode_has_its_texts_in_every_language():
    """A backs mode names the catalog keys its texts live under; each key is
    written in the Ludo catalogs (the alignment test's in the common ones) of
    every language, so a new member without its texts fails here, not on paper."""
    from pnp.i18n import load_catalog
    from pnp.modes import Backs
    from tests.helpers import LANGS

    for lang in LANGS:
        ludo = load_catalog("ludo-cards", lang)
        for backs in Backs:
            flip = (backs.edge_key, backs.edge_dialog_key, backs.align_wrong_key) if backs.is_duplex else ()
            for key in (backs.print_key, *backs.stock_keys, *flip):
                assert ludo.raw(key), f"{lang}: {backs.value} has no text for {key}"
        assert not Backs.GUTTERFOLD.is_duplex
