"""pnp.hyphenation: words break where a dictionary says; the table of the
catalogs' words is libhyphen's answer, checked when it is read; and a
render does not need to parse the patterns."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pnp import hyphenation
from pnp.errors import CatalogError
from pnp.hyphenation import LEFT, RIGHT, TABLE, breaks, breaks_of, catalog_words, positions, read_table, table_text

# Hard words (compounds; words the pyphen merge, the en_GB file or the Dutch
# patterns broke wrong), each broken as the dictionaries do (Duden,
# Woordenlijst Nederlandse Taal, Merriam-Webster): "-" between syllables,
# "=" between the parts of a compound.
HARD = {
    "de": "Farb=dru-cker Schwarz=weiß Fort=schritt far-big schwar-ze Zu-rich-tung Zug=rich-tung Kar-ten=sta-pel "
          "Zu-cker=rü-ben Spiel=fi-gur Rück=sei-te Vor-der=sei-te auf-ein-an-der Spiel=an-lei-tung Wür-fel=be-cher "
          "Spiel=stei-ne Start=feld Mar-kie-rung Ab-la-ge=sta-pel Tin-ten=strahl=dru-cker Rei-hen=fol-ge "
          "Ge-samt=zahl Au-gen=zahl Längs=sei-te Uhr=zei-ger=sinn Pa-pier=fach Ori-gi-nal=grö-ße "
          "Druck=ein-stel-lun-gen Spiel=brett Spie-ler=zahl Bas-tel=mes-ser La-mi-nier=ge-rät Mög-lich-kei-ten "
          "Aus-rich-tungs=test Rü-ben=plätt-chen Schnitt=li-nie Du-plex=druck gleich-mä-ßig un-be-grenzt "
          "zu-sätz-lich wahr-schein-lich ge-stri-chel-ten Vor-be-rei-tung ins-ge-samt ge-klebt Spiel=plan "
          "Ra-dies-chen Ab-wei-chung Be-we-gung Hälf-ten Rück=sei-ten Vor-der=sei-ten Kurz=über-sich-ten "
          "Spiel=bei-spiel Bild=ver-schie-bung Nach-bar=feld Rand=an-pas-sung Au-to-ma-tisch Ex-em-pla-re",
    "nl": "bouw=in-struc-ties werp=stok-ken ink=jet=prin-ter on=even af=druk-ken stip-pel=lijn te-gen=stan-der "
          "speel=stuk-ken dob-bel=steen over-een-kom-sti-ge recht=hoe-ki-ge ach-ter=kant kaar-ten=sta-pel "
          "spel=re-gels door-ge-streep-te vier-kant-jes zwart=wit kleu-ren=prin-ter speel=bord on-der-staan-de "
          "uit=knip-pen vouw=lijn aan-een-ge-slo-ten dub-bel=zij-dig en-kel=zij-dig hand=lei-ding "
          "la-mi-neer=ap-pa-raat pa-pier=la-de pa-pier=lijm snij=lijn speel=kaart sui-ker=biet sui-ker=bie-ten "
          "uit=lijn=test mid-den=veld loop=rich-ting voor=be-rei-ding wil-le-keu-ri-ge waar-schijn-lijk "
          "oor-spron-ke-lij-ke af=druk=ven-ster hob-by=mes be-gin=sta-pel ge-lijk-ma-tig volg=or-de kaart=spel "
          "drie=hoek links=on-der",
    "en": "po-si-tion hor-i-zon-tal-ly re-sult cen-tral di-ag-o-nal-ly beet=roots al-ter-na-tive cor-re-spond-ing "
          "di-rec-tion in-struc-tions lam-i-nat-ing lam-i-na-tor mea-sure or-di-nary orig-i-nal pos-i-tive "
          "pos-si-ble sub-se-quent tac-ti-cal ver-ti-cal-ly as-sem-bly prep-a-ra-tion in-def-i-nite-ly "
          "in-di-vid-u-al en-e-mies neigh-bour-ing clock=wise back=wards some=body else=where any=thing "
          "sug-gest-ed pro-vid-ed card=board turn-ips rad-ish-es car-rots chal-leng-es print-er dou-ble "
          "tri-an-gle scis-sors to-geth-er sur-face an-oth-er mul-ti-ple prob-a-bly cap-tured be-tween "
          "gam-bling lay-ing",
}


@pytest.mark.parametrize("lang", sorted(HARD))
def test_hard_words_break_only_where_the_dictionary_does_and_at_their_compound_joints(lang):
    words = HARD[lang].split()
    assert len(words) >= 40
    wrong = []
    for marked in words:
        word = marked.replace("-", "").replace("=", "")
        allowed = {p for p, _ in breaks_of(marked)}
        joints = {p for p, strong in breaks_of(marked) if strong and LEFT <= p <= len(word) - RIGHT}
        for w in (word, word.capitalize()):
            got = set(positions(w, lang))
            if not got <= allowed or not joints <= got:
                wrong.append(f"{w}: {sorted(got)}, the dictionary: {marked}")
    assert not wrong, wrong


def test_compound_joints_are_strong_breaks():
    """The line breaker prefers them: "Karten=stapel", not "Kartensta-pel"."""
    assert (6, True) in breaks("Kartenstapel", "de")
    assert (9, False) in breaks("Kartenstapel", "de")


@pytest.mark.parametrize(("word", "joints"), [
    ("Kurzübersichten", {4}),  # the first level alone: Kurzüber=sichten
    ("Spielbeispiel", {5}),  # Spielbei=spiel
    ("Duplexdrucker", {6}),  # Duplex=dru=cker
    ("Farbdrucker", {4}),  # Farb=dru=cker
    ("Kartenvorderseite", {6}),  # Karten=vor=derseite
    ("Messerrücken", {6}),  # Messer=rü=cken
    ("Exemplare", set()),  # Exem=plare
    ("Automatisch", set()),  # Auto=matisch
    ("Tintenstrahldrucker", {6, 12}),
])
def test_only_joints_between_words_are_strong(word, joints):
    """A strong break is one the line breaker prefers, so a wrong one is
    worse than none: "Kurzüber-|sichten" was printed (native reader)."""
    hy = hyphenation.Hyphenator("de")
    assert {p for p, strong in breaks_of(hy.marked(word)) if strong} == joints
    assert {p for p, strong in breaks(word, "de") if strong} == joints  # the table says the same


def test_the_table_is_libhyphens_answer_for_every_catalog_word():
    assert TABLE.read_text(encoding="utf-8") == table_text(), \
        "the catalogs changed: remake the table with `python -m pnp.hyphenation`"


@pytest.mark.parametrize(("lang", "word", "parts"), [
    ("de", "Zuckerrüben", "Zu-cker-rü-ben"),
    ("de", "Farbdrucker", "Farb-dru-cker"),  # pyphen: Fa-rb-dru-cker
    ("de", "Schwarzweiß", "Schwarz-weiß"),  # pyphen: Schwa-rz-weiß
    ("de", "Spielfigur", "Spiel-fi-gur"),
    ("nl", "afdrukken", "af-druk-ken"),
    ("en", "beetroots", "beet-roots"),
])
def test_known_breaks(lang, word, parts):
    """Dictionary breaks, whether from the table or from the patterns."""
    cuts = positions(word, lang)
    got = "-".join(word[a:b] for a, b in zip((0, *cuts), (*cuts, len(word)), strict=True))
    assert got == parts


def test_no_break_leaves_fewer_than_two_letters_before_or_three_after():
    for lang in hyphenation.hyphenated():
        for word in catalog_words(lang):
            for p in positions(word, lang):
                assert 2 <= p <= len(word) - 3, (lang, word, p)


def test_every_language_with_catalogs_declares_its_hyphenation():
    from pnp.i18n import languages

    assert set(languages()) <= set(hyphenation.declared())
    assert set(hyphenation.hyphenated()) == {"en", "nl", "de"}


def test_a_language_that_declares_nothing_is_an_error_not_left_unhyphenated():
    with pytest.raises(CatalogError, match="the language 'xx' is not listed; add \\[xx\\]"):
        positions("Zuckerrüben", "xx")


def test_a_language_declared_without_patterns_does_not_break(tmp_path, monkeypatch):
    from pnp import paths

    (tmp_path / "common").mkdir()
    (tmp_path / "common" / "languages.toml").write_text('[en]\nhyphenation = "en_US"\n[xx]\nhyphenation = "none"\n')
    monkeypatch.setattr(paths, "TEMPLATES", tmp_path)
    assert positions("Zuckerrüben", "xx") == ()
    assert hyphenation.hyphenated() == ("en",)


def test_rendering_every_kit_needs_no_pattern_file():
    code = (
        "from pnp.build import build_pages; from pnp.fonts import Measurer; from pnp.kits import registry;"
        "from pnp.options import Options; from pnp.paper import get_paper; from pnp import hyphenation;"
        "m = Measurer();"
        "[build_pages(k, Options(l, get_paper(p)), m) for k in registry().values() for l in ('en', 'nl', 'de')"
        " for p in ('a4', 'letter')];"
        "import sys; print(hyphenation.dictionary.cache_info().currsize, 'pyphen' in sys.modules or 'hyphen' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    patterns, imported = out.split()
    assert patterns == "0", "a word of the catalogs is missing from the hyphenation table"
    assert imported == "False", "a render imported pyphen or PyHyphen, which only remaking the table needs"


@pytest.mark.parametrize(("content", "why"), [
    (b'{"about": "x", "de": {"Farbdru', "not JSON"),
    (bytes(range(256)) * 4, "not JSON"),
    (b'{"de":[1,2,3],"en":"x","nl":null}', "Expected object"),
    (b'{"de": {}, "en": {}, "nl": {}}', "missing required field"),
    (b'{"about": "x", "de": {"Farbdrucker": "Farb-dru-cker", "x": [1]}, "en": {}, "nl": {}}', "Expected str"),
    (b'{"about": "x", "de": {"Farbdrucker": "Farb--drucker"}, "en": {}, "nl": {}}', "of letters with"),
    (b'{"about": "x", "de": {"Farbdrucker": "Schwarz-weiss"}, "en": {}, "nl": {}}', "is another word"),
    (b" " * (5 * 1024 * 1024), "larger than"),
])
def test_a_damaged_table_is_one_error_naming_the_file(tmp_path, content, why):
    path = tmp_path / "hyphenation.json"
    path.write_bytes(content)
    with pytest.raises(CatalogError) as e:
        read_table(path)
    msg = str(e.value)
    assert str(path) in msg and why in msg.replace("`", "") and "\n" not in msg and len(msg) < 400


def test_a_render_with_a_damaged_table_writes_nothing(tmp_path):
    """`pnp render` with the table cut short: one line, exit 1, no file."""
    import shutil

    from pnp import paths

    templates = tmp_path / "templates"
    shutil.copytree(paths.TEMPLATES, templates)
    (templates / "common" / "hyphenation.json").write_bytes(TABLE.read_bytes()[:500])
    out = tmp_path / "out"
    code = ("import sys, pnp.paths as p, pathlib; p.TEMPLATES = pathlib.Path(sys.argv[1]);"
            "import pnp.hyphenation as h; h.TABLE = p.TEMPLATES / 'common' / 'hyphenation.json';"
            "from pnp.cli import main; sys.argv = ['pnp', 'render', '-o', sys.argv[2]]; main()")
    r = subprocess.run([sys.executable, "-c", code, str(templates), str(out)], capture_output=True, text=True)
    assert r.returncode == 1, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "hyphenation table is damaged" in lines[0], r.stderr
    assert not out.exists() or not any(out.rglob("*.pdf"))
