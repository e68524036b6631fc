"""Where a word may break between syllables: pyphen's LibreOffice patterns
for English, Dutch and German, with a table of the answers for every word
our catalogs use.

Parsing the patterns costs time (German's 1 MB take about two seconds), so a
render looks words up in templates/common/hyphenation.json instead (JSON,
which Python reads in C: a millisecond, where the same table in TOML took
15-25 ms in every process), and does not even import pyphen. The table is
not written by hand: `python -m pnp.hyphenation` makes it from pyphen, and a
test checks it against pyphen. A word that is not in it (a new
catalog string before the table is remade) is hyphenated by pyphen itself,
so the answer is the same either way; only slower.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.paths import TEMPLATES

if TYPE_CHECKING:
    import pyphen

# our language codes -> pyphen's dictionaries
PATTERNS = {"en": "en_GB", "nl": "nl_NL", "de": "de_DE"}
# at least 2 letters before a break and 3 after it: no line ends in a single
# letter, and no line starts with two
LEFT, RIGHT = 2, 3
WORD = re.compile(r"[^\W\d_]{5,}")  # runs of letters worth breaking
TABLE = TEMPLATES / "common" / "hyphenation.json"
ABOUT = "made by `python -m pnp.hyphenation` from pyphen's patterns; do not edit: where each catalog word may break"


@cache
def dictionary(lang: str) -> pyphen.Pyphen | None:
    import pyphen

    name = PATTERNS.get(lang)
    return pyphen.Pyphen(lang=name, left=LEFT, right=RIGHT) if name else None


@cache
def _table(path: Path = TABLE) -> dict[str, dict[str, list[int]]]:
    try:
        with path.open("rb") as f:
            table = json.load(f)
    except FileNotFoundError:
        return {}
    return {lang: words for lang, words in table.items() if lang in PATTERNS}


def positions(word: str, lang: str) -> tuple[int, ...]:
    """Offsets in `word` (a run of letters) where it may break."""
    if lang not in PATTERNS:
        return ()
    known = _table().get(lang, {})
    if word in known:
        return tuple(known[word])
    hy = dictionary(lang)
    return tuple(hy.positions(word)) if hy is not None else ()


def catalog_words(lang: str, templates: Path = TEMPLATES) -> set[str]:
    """Every run of five or more letters in every catalog of `lang` (and
    in the paper names the texts insert)."""
    from pnp.paper import PAPERS

    texts: list[str] = [p.name for p in PAPERS.values()]
    for path in sorted(templates.glob(f"*/lang/{lang}.toml")):
        with path.open("rb") as f:
            for value in tomllib.load(f).values():
                texts += value if isinstance(value, list) else [value]
    return {w for t in texts if isinstance(t, str) for w in WORD.findall(t)}


def table_text(templates: Path = TEMPLATES) -> str:
    """The table as JSON, one word a line (readable diffs): {lang: {word: [offsets]}}."""
    langs = []
    for lang in sorted(PATTERNS):
        hy = dictionary(lang)
        assert hy is not None
        words = [f"    {json.dumps(w, ensure_ascii=False)}: {json.dumps(hy.positions(w))}"
                 for w in sorted(catalog_words(lang, templates))]
        langs.append(f"  {json.dumps(lang)}: {{\n" + ",\n".join(words) + "\n  }")
    return "{\n" + f'  "about": {json.dumps(ABOUT)},\n' + ",\n".join(langs) + "\n}\n"


def main() -> None:
    TABLE.write_text(table_text(), encoding="utf-8")
    print(f"wrote {TABLE}", file=sys.stderr)


if __name__ == "__main__":
    main()
