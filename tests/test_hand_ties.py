"""Ties are made by rule (pnp.textflow), not by hand in each string: no
catalog holds a no-break space where the text engine already keeps the two
words together (a label and its number, a number and its unit, a list's
last pair, a two-word parenthesis, a set phrase). A hand tie there hides whether the rule works."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from pnp.textflow import LABELS, SET_PHRASES, UNITS

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted(ROOT.glob("templates/*/lang/*.toml"))
NBSP = "\u00a0"
AND = {"and", "en", "und", "or", "of", "oder"}


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


def hand_ties(text: str) -> list[str]:
    """The no-break spaces in `text` that a rule of the text engine makes anyway."""
    found = []
    for m in re.finditer(rf"([\w'’]+)[*)]*{NBSP}(?=[*(]*(\S+))", text):  # a lookahead: "2 en 4" has two
        before, after = m.group(1), m.group(2).rstrip(".,;:)").split(NBSP)[0]
        tie = f"{before}{NBSP}{after}"
        number_after = bool(re.match(r"[\d{]", after))
        if number_after and (before.lower() in LABELS or before.lower() in AND):
            found.append(tie)
        elif re.fullmatch(r"[\d}]", before[-1:]) and after in UNITS:
            found.append(tie)
    for m in re.finditer(rf"\((?:\*\*)?\w+{NBSP}\w+(?:\*\*)?\)", text):
        found.append(m.group(0))  # a two-word parenthesis ("(see a)") never breaks
    for phrase in SET_PHRASES:
        words = phrase.split()
        if len(words) > 1 and NBSP.join(words).lower() in text.lower():
            found.append(NBSP.join(words))
    return found


def test_the_check_finds_a_hand_tie():
    assert hand_ties(f"von Stapel{NBSP}2 und{NBSP}4, 50{NBSP}mm, Mens{NBSP}Erger{NBSP}Je{NBSP}Niet") == [
        f"Stapel{NBSP}2", f"und{NBSP}4", f"50{NBSP}mm", f"Mens{NBSP}Erger{NBSP}Je{NBSP}Niet"]
    assert hand_ties(f"Stapel 2{NBSP}en{NBSP}4 (**zie{NBSP}a**)") == [f"en{NBSP}4", f"(**zie{NBSP}a**)"]
    assert hand_ties(f"Irving{NBSP}Finkel, von{NBSP}Ur") == []  # names are not tied by a rule


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_no_hand_tie_where_a_rule_ties(catalog: Path):
    strings = _strings(tomllib.loads(catalog.read_text(encoding="utf-8")))
    found = [t for s in strings for t in hand_ties(s)]
    assert not found, f"{catalog.relative_to(ROOT)}: no-break spaces the text engine makes anyway: {found}"
