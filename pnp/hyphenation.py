"""Where a word may break between syllables, and which breaks are good.

The patterns are LibreOffice's (the files pyphen ships: nothing is
downloaded), read by libhyphen, the C library LibreOffice itself uses, by
way of PyHyphen's binding (`hyphen.hnj`). libhyphen reads the German file as
its authors meant it: two levels, first a list of ~69,000 words split into
their parts (compounds and prefixes: "karten1stapel", "be1schäftigung"),
then the syllable patterns applied to each part. pyphen merges the two
levels into one and so breaks "Fa-rb-dru-cker", "Schwa-rz-weiß"; libhyphen
gives "Farb-dru-cker", "Schwarz-weiß". English uses the en_US file: the
en_GB one breaks "po-s-i-tion", "res-ult", "cent-ral", "diagon-ally" (see
`python -m pnp.hyphenation --compare`). Dutch has one level; where its
patterns are wrong for a word our texts use, EXCEPTIONS says where the
Woordenlijst breaks it.

A break is "strong" when it lies between the parts of a word (the German
file's first level, with at least 4 letters each side; an exception's "="):
the line breaker prefers those.

Reading the patterns costs time (German's 1 MB take about a second), so a
render looks words up in templates/common/hyphenation.json instead (JSON,
decoded and checked by msgspec in C: a millisecond) and does not import the
binding. The table is not written by hand: `python -m pnp.hyphenation` makes
it, and a test checks it against libhyphen. A word that is not in it (a new
catalog string before the table is remade) is hyphenated by libhyphen
itself, so the answer is the same either way; only slower. A damaged table
is one CatalogError line, found before anything is written.
"""

from __future__ import annotations

import os
import re
import sys
import tomllib
from functools import cache
from pathlib import Path
from typing import Annotated, Any

import msgspec

from pnp.errors import CatalogError
from pnp.paths import TEMPLATES

LANGUAGES = "languages.toml"  # in templates/common/: each language's pattern file, or "none"
NO_PATTERNS = "none"
# at least 2 letters before a break and 3 after it: no line ends in a single
# letter, and no line starts with two. The line breaker prefers 3 and more
# on both sides (see pnp.textflow).
LEFT, RIGHT = 2, 3
WORD = re.compile(r"[^\W\d_]{5,}")  # runs of letters worth breaking
TABLE = TEMPLATES / "common" / "hyphenation.json"
MAX_TABLE_BYTES = 4 * 1024 * 1024  # the table of every catalog word is ~40 KB
ABOUT = ("made by `python -m pnp.hyphenation` with libhyphen from LibreOffice's patterns; do not edit: "
         "where each catalog word may break, '=' between its parts, '-' between syllables")

# Words whose patterns break them wrong, broken as the Woordenlijst does
# ("=" between the parts of a compound, "-" between syllables). Lower case;
# a word of the texts matches whatever its case.
EXCEPTIONS: dict[str, dict[str, str]] = {
    # Kesse's italic gloss "[the challenger]" is two words read as one: never broken
    "en": {"challenger": "challenger"},
    "nl": {
        "bouwinstructies": "bouw=in-struc-ties",
        "werpstokken": "werp=stok-ken",
        "werpstokjes": "werp=stok-jes",
        "inkjetprinter": "ink=jet=prin-ter",
        "oneven": "on=even",
    },
    "de": {
        "zugrichtung": "zug=rich-tung",
        "geklebt": "ge-klebt",
        "schnittlinie": "schnitt=li-nie",
        "vorbereitung": "vor-be-rei-tung",
        "insgesamt": "ins-ge-samt",
        "greyscale": "grey=scale",
        "dijkstra": "dijk-stra",
        "würfelbecher": "wür-fel=be-cher",
        "druckeinstellungen": "druck=ein-stel-lun-gen",
        # nested compounds whose outer joint the first level does not list
        "kurzübersicht": "kurz=über-sicht",
        "kurzübersichten": "kurz=über-sich-ten",
        "spielbeispiel": "spiel=bei-spiel",
        "bildverschiebung": "bild=ver-schie-bung",
        "nachbarfeld": "nach-bar=feld",
        "randanpassung": "rand=an-pas-sung",
        "metalllineal": "me-tall=li-neal",
        "eckrosetten": "eck=ro-set-ten",
        # first-level matches inside words that are no compounds
        "automatisch": "au-to-ma-tisch",
        "radieschen": "ra-dies-chen",
        "rekonstruktion": "re-kon-struk-tion",
    },
}
STRONG_MIN = 4  # a part of a compound: at least this many letters each side

Breaks = tuple[tuple[int, bool], ...]  # (offset, strong) for each place a word may break

# The table's schema: {"about": str, lang: {word: "syl-la=bles"}}. A marked
# word is letters with "-" or "=" between them, never two marks in a row.
Marked = Annotated[str, msgspec.Meta(pattern=r"^[^\W\d_](?:[-=]?[^\W\d_])*$", max_length=200)]




def _languages_file() -> Path:
    from pnp import paths

    return paths.TEMPLATES / "common" / LANGUAGES


@cache
def _declared(path: Path) -> dict[str, str | None]:
    from pnp.spec import read_toml

    data = read_toml(path, CatalogError, "language list")
    out: dict[str, str | None] = {}
    for lang, entry in data.items():
        name = entry.get("hyphenation") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_]{2,16}", name):
            raise CatalogError(f"{path}: [{lang}] needs hyphenation = \"<pattern file>\" (such as \"fr_FR\") "
                               f"or \"{NO_PATTERNS}\"")
        out[lang] = None if name == NO_PATTERNS else name
    return out


def declared() -> dict[str, str | None]:
    """Every language in templates/common/languages.toml and its pattern
    file's name (None: declared to be printed without hyphenation)."""
    return _declared(_languages_file())


def patterns(lang: str) -> str | None:
    """`lang`'s pattern file's name, or None if it is declared to have none;
    a language that declares nothing is a CatalogError, never silently
    unhyphenated."""
    known = declared()
    if lang not in known:
        raise CatalogError(f"{_languages_file()}: the language {lang!r} is not listed; add [{lang}] with "
                           f"hyphenation = \"<pattern file>\" (such as \"{lang}_{lang.upper()}\") or \"{NO_PATTERNS}\"")
    return known[lang]


def hyphenated() -> tuple[str, ...]:
    """The languages that have patterns."""
    return tuple(lang for lang, name in declared().items() if name is not None)


def _libhyphen(path: Path | str) -> Any:
    """libhyphen reading one file. hnj writes into the path string it is
    given (the C code changes the char buffer it gets), so it gets a copy of
    its own, never a string held elsewhere."""
    from hyphen import hnj

    fresh = "".join(list(os.fspath(path)))
    return hnj.hyphenator_(fresh, LEFT, RIGHT, LEFT, RIGHT)


def _dic_path(lang: str) -> Path:
    name = patterns(lang)
    if name is None:
        raise CatalogError(f"the language {lang!r} is declared to have no hyphenation patterns")
    path = _dic_file(name)
    if not path.is_file():
        raise CatalogError(f"{_languages_file()}: [{lang}] names the hyphenation patterns {name!r}, which pyphen "
                           f"does not ship (no {path.name})")
    return path


def _dic_file(name: str) -> Path:
    import pyphen

    return Path(pyphen.__file__).parent / "dictionaries" / f"hyph_{name}.dic"


class Hyphenator:
    """libhyphen with one language's file, and with its first level alone
    (the word parts) where the file has two."""

    def __init__(self, lang: str) -> None:
        import tempfile

        path = _dic_path(lang)
        self.lang = lang
        self.full = _libhyphen(path)
        self.parts = None
        self.vocabulary: frozenset[str] = frozenset()
        raw = path.read_bytes()
        if b"\nNEXTLEVEL" in raw:
            first = raw.split(b"\nNEXTLEVEL", 1)[0] + b"\nNEXTLEVEL\n"
            self.vocabulary = _vocabulary(first)
            with tempfile.TemporaryDirectory(prefix="pnp-hyph-") as tmp:
                from pnp.atomic import write_atomic

                part_file = Path(tmp) / "parts.dic"
                write_atomic(part_file, first)
                self.parts = _libhyphen(str(part_file))

    @staticmethod
    def _cuts(hy: Any, word: str) -> set[int]:
        try:
            syllables = hy.apply(word.lower(), 0).split("=")
        except UnicodeError:  # a letter the file's encoding lacks
            return set()
        if "".join(syllables) != word.lower():
            return set()  # a non-standard break (none in our files): do not guess
        cuts, at = set(), 0
        for s in syllables[:-1]:
            at += len(s)
            cuts.add(at)
        return cuts

    def _joint(self, word: str, at: int) -> bool:
        """Whether the first level's cut `at` joins two words: what comes
        before it is a word of the list (or one with a linking "s") and what
        follows is one, or two run together. The first level's entries act
        as patterns and also match inside words they do not list, splitting
        a nested compound at its inner joint ("Kurzüber=sicht",
        "Spielbei=spiel") or a word that is none ("Ex-em=plare",
        "Duplexdru=cker"); those cuts stay plain syllable breaks."""
        known = self.vocabulary
        head, tail = word[:at], word[at:]
        if head not in known and not (head.endswith("s") and head[:-1] in known):
            return False
        return tail in known or any(tail[:k] in known and tail[k:] in known for k in range(3, len(tail) - 2))

    def marked(self, word: str) -> str:
        """The word with '=' where it may break between parts, '-' between syllables."""
        known = EXCEPTIONS.get(self.lang, {}).get(word.lower())
        if known is not None:
            out, i = [], 0
            for ch in known:
                if ch in "-=":
                    out.append(ch)
                else:
                    out.append(word[i])
                    i += 1
            return "".join(out)
        cuts = {c for c in self._cuts(self.full, word) if LEFT <= c <= len(word) - RIGHT}
        # the first level also splits off short prefixes and matches inside
        # unrelated words ("dei=nem"): only long parts count as parts
        strong = {c for c in (self._cuts(self.parts, word) if self.parts is not None else set())
                  if STRONG_MIN <= c <= len(word) - STRONG_MIN and self._joint(word.lower(), c)}
        return "".join(("=" if i in strong else "-") + ch if i in cuts else ch for i, ch in enumerate(word))


def _vocabulary(first_level: bytes) -> frozenset[str]:
    """Every word the first level lists, and every run of its parts
    ("drucker1an1passung": druckeranpassung, drucker, anpassung, ...).
    The file's first line names its encoding; odd digits mark a joint."""
    head, _, body = first_level.partition(b"\n")
    try:
        text = body.decode(head.strip().decode("ascii").lower().replace("iso8859", "iso-8859"))
    except (LookupError, UnicodeError):
        return frozenset()
    out: set[str] = set()
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#") or line == "NEXTLEVEL":
            continue
        parts = [p for p in re.split(r"[13579]", re.sub(r"[02468]", "", line)) if p]
        for i in range(len(parts)):
            for j in range(i + 1, len(parts) + 1):
                out.add("".join(parts[i:j]))
    return frozenset(out)


def breaks_of(marked: str) -> Breaks:
    out, at = [], 0
    for ch in marked:
        if ch in "-=":
            out.append((at, ch == "="))
        else:
            at += 1
    return tuple(out)


@cache
def dictionary(lang: str) -> Hyphenator | None:
    return Hyphenator(lang) if patterns(lang) is not None else None


def _damaged(path: Path, why: str) -> CatalogError:
    return CatalogError(f"{path}: the hyphenation table is damaged ({why}); "
                        "restore it, or remake it with `python -m pnp.hyphenation`")


@cache
def _table_type(langs: tuple[str, ...]) -> type[msgspec.Struct]:
    """The table's schema for the languages that have patterns: "about" and a
    field each (a language added since the table was made is not in it yet:
    its words are hyphenated by libhyphen until the table is remade)."""
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = [("about", str)]
    fields += [(lang, dict[str, Marked], msgspec.field(default_factory=dict)) for lang in sorted(langs)]
    return msgspec.defstruct("Table", fields, forbid_unknown_fields=True)


def read_table(path: Path = TABLE) -> dict[str, dict[str, str]]:
    """The table, checked: at most MAX_TABLE_BYTES of UTF-8 JSON in the
    schema above, each entry the word it is filed under. Missing: empty
    (every word is then hyphenated by libhyphen, slowly)."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_TABLE_BYTES + 1)
    except FileNotFoundError:
        return {}
    except OSError as e:
        raise CatalogError(f"{path}: cannot read the hyphenation table: {e.strerror or e}") from None
    if len(data) > MAX_TABLE_BYTES:
        raise _damaged(path, f"larger than {MAX_TABLE_BYTES // (1024 * 1024)} MB")
    try:
        table = msgspec.json.decode(data, type=_table_type(hyphenated()))
    except msgspec.ValidationError as e:
        why = re.sub(r"matching regex '.*' - ", "of letters with '-' or '=' between them - ", str(e))
        raise _damaged(path, why.replace("`", "")[:200]) from None
    except msgspec.DecodeError as e:
        raise _damaged(path, f"not JSON: {str(e)[:120]}") from None
    out: dict[str, dict[str, str]] = {lang: getattr(table, lang) for lang in hyphenated()}
    for lang, words in out.items():
        for word, marked in words.items():
            if marked.replace("-", "").replace("=", "") != word:
                shown = word if len(word) <= 40 else word[:40] + "..."
                raise _damaged(path, f"{lang} entry {shown!r} is another word")
    return out


@cache
def _table(path: Path = TABLE) -> dict[str, dict[str, str]]:
    return read_table(path)


def check_table() -> None:
    """Read and check the table now (before a render writes anything)."""
    _table()


def breaks(word: str, lang: str) -> Breaks:
    """Where `word` (a run of letters) may break: (offset, strong); nowhere
    in a language declared to have no patterns (see `patterns`)."""
    if patterns(lang) is None:
        return ()
    known = _table().get(lang, {})
    marked = known.get(word)
    if marked is None:
        hy = dictionary(lang)
        assert hy is not None
        marked = hy.marked(word)
    return breaks_of(marked)


def positions(word: str, lang: str) -> tuple[int, ...]:
    """Offsets in `word` (a run of letters) where it may break."""
    return tuple(p for p, _ in breaks(word, lang))


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
    """The table as JSON, one word a line (readable diffs): {lang: {word: marked}}."""
    import json

    langs = []
    for lang in sorted(hyphenated()):
        hy = dictionary(lang)
        assert hy is not None
        words = [f"    {json.dumps(w, ensure_ascii=False)}: {json.dumps(hy.marked(w), ensure_ascii=False)}"
                 for w in sorted(catalog_words(lang, templates))]
        langs.append(f"  {json.dumps(lang)}: {{\n" + ",\n".join(words) + "\n  }")
    return "{\n" + f'  "about": {json.dumps(ABOUT)},\n' + ",\n".join(langs) + "\n}\n"


def compare_english(templates: Path = TEMPLATES) -> list[tuple[str, str, str]]:
    """The English catalog words that en_GB and en_US break differently."""
    hys = {n: _libhyphen(_dic_file(n))
           for n in ("en_GB", "en_US")}
    out = []
    for w in sorted(catalog_words("en", templates)):
        gb, us = (Hyphenator._cuts(hys[n], w) for n in ("en_GB", "en_US"))
        if gb != us:
            def show(cuts: set[int], w: str = w) -> str:
                return "".join("-" + ch if i in cuts else ch for i, ch in enumerate(w))
            out.append((w, show(gb), show(us)))
    return out


def main() -> None:
    if "--compare" in sys.argv[1:]:
        for w, gb, us in compare_english():
            print(f"{w:24} en_GB {gb:28} en_US {us}")
        return
    from pnp.atomic import write_atomic

    write_atomic(TABLE, table_text().encode("utf-8"))
    print(f"wrote {TABLE}", file=sys.stderr)


if __name__ == "__main__":
    main()
