"""pnp.i18n: catalogs per kit and language, checked against English."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from pnp.errors import CatalogError
from pnp.fonts import covers
from pnp.i18n import REFERENCE, load_catalog, placeholders
from pnp.paths import TEMPLATES
from tests.helpers import KIT_IDS, LANGS

CATALOGS = [(k, lg) for k in KIT_IDS for lg in LANGS]
FONTS = ("Sans", "Sans-Bold", "Sans-Italic")


def _strings(value) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def test_english_comes_first_and_there_are_others():
    assert LANGS[0] == REFERENCE == "en"
    assert {"nl", "de"} <= set(LANGS)


@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_every_kit_has_a_catalog_file_for_every_language(kit_id):
    for lang in LANGS:
        assert (TEMPLATES / kit_id / "lang" / f"{lang}.toml").is_file(), f"{kit_id}: no {lang}.toml"


@pytest.mark.parametrize(("kit_id", "lang"), CATALOGS)
def test_every_catalog_has_the_keys_and_placeholders_of_english(kit_id, lang):
    cat = load_catalog(kit_id, lang)
    en = load_catalog(kit_id, REFERENCE)
    assert cat.strings.keys() == en.strings.keys()
    for key, ref in en.strings.items():
        assert type(cat.strings[key]) is type(ref), f"{key}: a string in one, a list in the other"
        want = set().union(*(placeholders(s) for s in _strings(ref)))
        got = set().union(*(placeholders(s) for s in _strings(cat.strings[key])))
        assert got == want, f"{kit_id}/{lang}: {key!r} has {sorted(got)}, English {sorted(want)}"


@pytest.mark.parametrize(("kit_id", "lang"), CATALOGS)
def test_the_catalog_names_its_language(kit_id, lang):
    cat = load_catalog(kit_id, lang)
    names = {lg: load_catalog(kit_id, lg).text("language_name") for lg in LANGS}
    assert len(set(names.values())) == len(LANGS), "every language has its own name"
    assert cat.kit == kit_id and cat.lang == lang
    assert cat.files[-1] == TEMPLATES / kit_id / "lang" / f"{lang}.toml"


@pytest.mark.parametrize(("kit_id", "lang"), CATALOGS)
@pytest.mark.parametrize("font", FONTS)
def test_the_fonts_have_every_character_of_the_catalog(kit_id, lang, font):
    cat = load_catalog(kit_id, lang)
    text = "".join(s for v in cat.strings.values() for s in _strings(v))
    assert text
    assert covers(font, text) == set()


def test_covers_reports_a_missing_glyph():
    assert covers("Sans", "Tâb ß € ·") == set()
    assert covers("Sans", "a\U0001f3b2b") == {"\U0001f3b2"}  # a die emoji: not in DejaVu


# ---- broken catalogs, in a temporary templates folder -------------------

@pytest.fixture
def templates(tmp_path: Path) -> Path:
    """A fresh copy of the common and Tâb catalogs. load_catalog caches by
    argument, so every test gets a new path."""
    root = tmp_path / "templates"
    for part in ("common", "tab"):
        shutil.copytree(TEMPLATES / part / "lang", root / part / "lang")
    return root


def _drop_key(path: Path, key: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [ln for ln in lines if not ln.startswith(f"{key} =")]
    assert len(kept) == len(lines) - 1, f"{key} is a one-line key of {path.name}"
    path.write_text("".join(kept), encoding="utf-8")


def test_the_copy_loads(templates):
    assert load_catalog("tab", "de", templates).text("title")


def test_a_missing_key_names_the_file_and_the_key(templates):
    path = templates / "tab" / "lang" / "de.toml"
    _drop_key(path, "throws_heading")
    with pytest.raises(CatalogError) as e:
        load_catalog("tab", "de", templates)
    assert str(path) in str(e.value)
    assert "'throws_heading'" in str(e.value)


def test_a_missing_common_key_names_the_file_and_the_key(templates):
    path = templates / "common" / "lang" / "nl.toml"
    _drop_key(path, "scale_check")
    with pytest.raises(CatalogError, match=r"nl\.toml.*'scale_check'"):
        load_catalog("tab", "nl", templates)


def test_a_missing_language_file_names_the_file(templates):
    path = templates / "tab" / "lang" / "nl.toml"
    path.unlink()
    with pytest.raises(CatalogError) as e:
        load_catalog("tab", "nl", templates)
    assert str(path) in str(e.value) and "missing" in str(e.value)


def test_an_unknown_language_is_a_catalog_error(templates):
    with pytest.raises(CatalogError, match=r"xx\.toml"):
        load_catalog("tab", "xx", templates)


def test_an_extra_key_is_an_error(templates):
    path = templates / "tab" / "lang" / "de.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("\ntitle =", '\nsurplus = "x"\ntitle =', 1),
                    encoding="utf-8")
    with pytest.raises(CatalogError, match="'surplus'"):
        load_catalog("tab", "de", templates)


def test_a_changed_placeholder_names_the_file_and_the_key(templates):
    path = templates / "common" / "lang" / "de.toml"
    text = path.read_text(encoding="utf-8")
    assert "{length}" in text
    path.write_text(text.replace("{length}", "{laenge}"), encoding="utf-8")
    with pytest.raises(CatalogError) as e:
        load_catalog("tab", "de", templates)
    assert str(path) in str(e.value) and "'scale_check'" in str(e.value) and "length" in str(e.value)


def test_invalid_toml_names_the_file(templates):
    path = templates / "tab" / "lang" / "nl.toml"
    path.write_text('title = "unterminated\n', encoding="utf-8")
    with pytest.raises(CatalogError, match="not valid TOML") as e:
        load_catalog("tab", "nl", templates)
    assert str(path) in str(e.value)


def test_a_value_that_is_not_text_is_an_error(templates):
    path = templates / "tab" / "lang" / "en.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\ncount = 3\n", encoding="utf-8")
    with pytest.raises(CatalogError, match="'count' must be a string"):
        load_catalog("tab", "en", templates)


def test_a_missing_value_for_a_placeholder_names_the_key():
    cat = load_catalog("tab", "en")
    with pytest.raises(CatalogError, match="'scale_check'.*'length'"):
        cat.text("scale_check")
    with pytest.raises(CatalogError, match="'no_such_key'"):
        cat.text("no_such_key")


def test_kit_strings_fill_their_placeholders():
    cat = load_catalog("tab", "en")
    assert str(cat.raw("page")).format(i=2, n=3).endswith("2 / 3")
    assert "50 mm" in cat.text("scale_check", length="50 mm")
    rules = cat.blocks("rules", paper="A4", coins=4, pieces=9)
    assert any("4 coins" in r for r in rules)
    assert not any("{" in r for r in rules)


def test_bold_italic_is_checked_for_the_italic_markup_of_headings_only(monkeypatch):
    """Layout sets any text in the regular, bold and italic faces; bold italic
    only comes from *italic* markup in a heading. The glyph check asks each
    face for what it may print, so a catalog without italic headings never
    loads the bold italic font."""
    import pnp.fonts
    from pnp.i18n import Catalog

    asked: dict[str, str] = {}
    monkeypatch.setattr(pnp.fonts, "covers", lambda name, text: asked.setdefault(name, text) and set())
    cat = Catalog("tab", "en", {"rules": ["## A *leaning* head", "plain **bold** and *slanted* text"]}, (), {})
    pnp.fonts.check_glyphs(cat)
    assert asked == {"Sans": "## A *leaning* headplain **bold** and *slanted* text", "Sans-Bold": asked["Sans"],
                     "Sans-Italic": asked["Sans"], "Sans-BoldItalic": "leaning"}
    asked.clear()
    pnp.fonts.check_glyphs(Catalog("tab", "en", {"rules": ["an *italic* word, not in a heading"]}, (), {}))
    assert "Sans-BoldItalic" not in asked and set(asked) == {"Sans", "Sans-Bold", "Sans-Italic"}


def test_only_the_markup_sets_text_in_bold_italic():
    """The check above is exact only while no layout code names the bold
    italic face itself: it is named by the markup's face table, the font
    files and the SVG renderer's font mapping, nowhere else."""
    import pnp

    root = Path(pnp.__file__).parent
    naming = sorted(str(p.relative_to(root)) for p in root.rglob("*.py") if "Sans-BoldItalic" in p.read_text("utf-8"))
    assert naming == ["fonts.py", "render/svg.py", "textflow.py"]


def test_rendering_the_kits_never_loads_the_bold_italic_font(tmp_path):
    """No catalog has an italic heading today, so the fourth font file is
    never parsed (about 20 ms a process)."""
    import subprocess
    import sys

    code = ("import sys; from pnp.cli import main\n"
            "try: main(['render', '--no-validate', '-q', '-j', '1', '-o', sys.argv[1]])\n"
            "except SystemExit as e: assert not e.code\n"
            "from reportlab.pdfbase import pdfmetrics; print(sorted(pdfmetrics.getRegisteredFontNames()))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True).stdout
    assert "Sans-BoldItalic" not in out and "Sans-Bold" in out


def _looked_up(key: str, source: str, data: str) -> bool:
    """Whether pnp can look `key` up: the key written whole as a string in
    pnp's code or in a kit's game.toml (a data kit names its texts there),
    or a key built from a written prefix (`"print_" + ...`, f"scale_length_{...}")."""
    if re.search(rf"[\"']{re.escape(key)}[\"']", source + data):
        return True
    prefixes = re.findall(r"[\"']([a-z_]+_)[\"'] *\+|f[\"']([a-z_]+_)\{", source)
    return any(key.startswith(p) for pair in prefixes for p in pair if p)


def test_every_catalog_key_is_looked_up_somewhere():
    """A key nothing looks up is text every language translates for nothing."""
    package = Path(__file__).resolve().parent.parent / "pnp"
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(package.rglob("*.py")))
    data = "\n".join(p.read_text(encoding="utf-8") for p in sorted(TEMPLATES.glob("*/game.toml")))
    unused = [f"{f.parent.parent.name}: {key}" for f in sorted(TEMPLATES.glob("*/lang/en.toml"))
              for key in tomllib.loads(f.read_text(encoding="utf-8")) if not _looked_up(key, source, data)]
    assert not unused, "catalog keys nothing looks up: " + ", ".join(unused)


def test_the_key_check_sees_an_unused_key():
    assert not _looked_up("cut_lines", 'cat.text("cut_line")', "")
    assert _looked_up("cut_lines", "cat.text('cut_lines')", "")
    assert _looked_up("print_long", 'cat.text("print_" + mode)', "")
    assert _looked_up("rules_ur", "", 'text = "rules_ur"')


def test_quotation_marks_are_typographic_and_one_kind_per_language():
    """German opens low and closes high (‚3‘, „Seite“), never with an
    apostrophe (’) or a straight quote; English and Dutch quote with single
    curly quotes (‘3’), as the Kesse Rüben originals do, in every kit."""
    import re
    import tomllib

    from pnp import paths

    for lang in LANGS:
        for path in sorted(paths.TEMPLATES.glob(f"*/lang/{lang}.toml")):
            with path.open("rb") as f:
                data = tomllib.load(f)
            texts = [t for v in data.values() for t in (v if isinstance(v, list) else [v])]
            for text in texts:
                assert '"' not in text and "'" not in text, f"{path}: a straight quote in {text[:50]!r}"
                if lang == "de":
                    for opener, closer in (("‚", "‘"), ("„", "“")):
                        for m in re.finditer(re.escape(opener) + r"([^‚„‘’“”]*)(.)", text):
                            assert m.group(2) == closer, f"{path}: {m.group(0)!r} is not closed by {closer}"
                    assert "”" not in text
                else:
                    assert not set("“”„‚") & set(text), f"{path}: {text[:60]!r} mixes quotation marks"
