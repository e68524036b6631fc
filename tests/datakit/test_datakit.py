"""Data kits (pnp.datakit, pnp.kinds): a kit that is a folder of data. The
Royal Game of Ur is one, in the repository; `pnp new` writes another. Every
mistake in the data is one line naming the file and key, and nothing is
written; a kit folder renders from anywhere on disk."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.kits import get_kit, registry
from pnp.options import Options
from pnp.paper import get_paper
from pnp.paths import TEMPLATES
from tests.helpers import LANGS

REPO = Path(__file__).resolve().parents[2]
PNP = str(Path(sys.executable).parent / "pnp")  # the installed command, as a designer runs it


def _run(*args: str, cwd: Path | None = None):
    return CliRunner().invoke(main, list(args))


def _one_error(result) -> str:
    assert result.exit_code != 0, result.output
    assert "Traceback" not in result.output
    lines = [ln for ln in result.output.splitlines() if ln.startswith("Error:")]
    assert len(lines) == 1, result.output
    return lines[0]


# ---- the fourth kit: the Royal Game of Ur, data only ----------------------------------------------------------------

def test_ur_is_a_kit_with_no_python():
    kit = get_kit("ur")
    assert kit.load_spec().folder == TEMPLATES / "ur"
    assert not list((TEMPLATES / "ur").rglob("*.py"))
    assert not (REPO / "pnp" / "kits" / "ur.py").exists()
    assert kit.origin.startswith("data:")


def test_ur_names_the_traditional_rule_set_it_follows():
    spec = get_kit("ur").load_spec()
    assert "Finkel" in spec.rule_set and "177 BC" in spec.rule_set
    for lang in LANGS:
        vals = get_kit("ur").text_values(spec, Options(lang, get_paper("a4")))
        assert "Finkel" in " ".join(get_kit("ur").catalog(lang).blocks("rules", **vals))


def test_ur_counts_are_the_games():
    """The board of the Royal Game of Ur: 3 rows of 8 with two squares
    missing from each outer row (20 squares); 7 pieces a player, 2 players;
    4 lots stand in for the 4 tetrahedral dice, and 2 spare lots."""
    kit = get_kit("ur")
    spec = kit.load_spec()
    assert kit.player_counts(spec) == (2,)
    want = {"board:board": 1, "square:board": 3 * 8 - 4, "piece:light": 7, "piece:dark": 7, "lot:lot": 4,
            "lot:spare": 2}
    assert kit.expected(spec, Options("en", get_paper("a4"))) == want


def test_ur_board_has_five_rosettes_in_their_places(built):
    """Rosettes (the art's blue petals) on the corners of the four-square
    ends, the middle row's fourth square and the first square past the gap."""
    from pnp.geometry import Group, Line, Text, tagged

    b = built("ur", "en", "a4")
    rosettes = set()
    for page in b.pages:
        for g, _ in tagged(page.items):
            if g.tag and g.tag[0] == "square":
                inner = [s for s in g.items if isinstance(s, Group)  # the art, placed (not a number turned for the far side)
                         and not all(isinstance(t, (Text, Line)) for t in s.items)]
                if inner and inner[0].rotate:  # a turned row's square: its art inside the turned group
                    inner = [s for s in inner[0].items if isinstance(s, Group)]
                if inner and any(getattr(s.style, "fill", None) and abs(s.style.fill[2] - 0.6118) < 0.01
                                 for s in inner[-1].items):
                    rosettes.add(g.tag[1])
    assert rosettes == {"board-1-1", "board-3-1", "board-2-4", "board-1-7", "board-3-7"}


def test_ur_art_prints_as_vectors_and_shows(rendered):
    """SVG art is drawn as paths: the PDF has no raster image at all, and the
    rosettes' blue is on the board's page when it is printed."""
    path = rendered("ur", "en", "a4")
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            assert not page.get_images()
    out = path.parent / "ur-raster"
    subprocess.run(["pdftoppm", "-png", "-r", "30", "-f", "2", "-l", "2", str(path), str(out)], check=True)
    from PIL import Image

    (png,) = path.parent.glob("ur-raster*.png")
    with Image.open(png) as im:
        raw = im.convert("RGB").tobytes()
        blue = sum(1 for i in range(0, len(raw), 3) if raw[i + 2] > 120 and raw[i] < 80 and raw[i + 1] < 110)
    assert blue > 50, "the rosettes' blue petals print"


# ---- pnp new, and the kit folder anywhere ---------------------------------------------------------------------------

def _new(tmp_path: Path, name: str = "my-game") -> Path:
    result = _run("new", str(tmp_path / name))
    assert result.exit_code == 0, result.output
    return tmp_path / name


def test_pnp_new_writes_a_kit_that_renders_and_validates(tmp_path):
    folder = _new(tmp_path)
    assert (folder / "game.toml").is_file() and (folder / "lang" / "en.toml").is_file()
    out = tmp_path / "out"
    result = _run("render", str(folder), "--out", str(out), "--paper", "a4")
    assert result.exit_code == 0, result.output
    assert "all hold" in result.output
    assert sorted(p.name for p in out.glob("*.pdf")) == ["my-game-en-a4.pdf"]  # English only: the texts it has


def test_pnp_new_deck_counts_its_csv_rows_and_backs(tmp_path):
    """cards.csv of the starter kit: 6 + 3 + 1 cards; with duplex backs one
    back behind each; without, none. Its coins are counted per player count."""
    kit = get_kit("ur")  # the registry is loaded
    folder = _new(tmp_path)
    from pnp.kits import add_folder

    kit = add_folder(folder)
    spec = kit.load_spec()
    duplex = kit.expected(spec, Options("en", get_paper("a4"), 3, "duplex-long"))
    assert duplex["card:card"] == 10 and duplex["back:card"] == 10
    assert duplex["token:coin"] == 9 and duplex["marker:player"] == 3
    none = kit.expected(spec, Options("en", get_paper("a4"), 2, "none"))
    assert none["back:card"] == 0 and none["token:coin"] == 6
    assert set(kit.options) == {"players", "backs"}


def test_pnp_new_refuses_a_folder_that_exists(tmp_path):
    (tmp_path / "taken").mkdir()
    assert "exists already" in _one_error(_run("new", str(tmp_path / "taken")))
    assert "lower case" in _one_error(_run("new", str(tmp_path / "Bad Name")))


def test_a_kit_folder_copied_outside_the_repository_renders_from_there(tmp_path):
    """The Ur kit copied into a temporary folder (outside the repository),
    under a name of its own, rendered by a pnp started there."""
    folder = tmp_path / "royal-ur"
    shutil.copytree(TEMPLATES / "ur", folder)
    assert not folder.resolve().is_relative_to(REPO)
    # the copy's own texts and facts, not the repository's: a new title, and 6 pieces a player, not 7
    _edit(folder / "lang" / "de.toml", 'title = "Das Königliche Spiel von\\u00A0Ur"', 'title = "Ur aus dem Ordner"')
    for _ in ("light", "dark"):
        _edit(folder / "game.toml", "count = 7", "count = 6")
    out = tmp_path / "out"
    proc = subprocess.run([PNP, "render", "./royal-ur", "--lang", "de", "--paper", "letter",
                           "--out", str(out)], cwd=tmp_path, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert (out / "royal-ur-de-letter.pdf").is_file()
    assert "all hold" in proc.stdout
    with pikepdf.open(out / "royal-ur-de-letter.pdf") as pdf:
        assert str(pdf.docinfo["/Title"]).startswith("Ur aus dem Ordner")
        pieces = b""
        for page in pdf.pages:
            page.contents_coalesce()
            pieces += page.Contents.read_bytes()
    assert pieces.count(b"/K (piece)") == 2 * 6
    listed = subprocess.run([PNP, "list", "--kits", str(tmp_path)], cwd=tmp_path,
                            capture_output=True, text=True)
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"from folder: .*royal-ur", listed.stdout)
    assert "from data: templates/ur/" in listed.stdout and "from built in: pnp/kits/tab.py" in listed.stdout


def test_kits_dir_renders_the_kits_in_it(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    _new(games, "one")
    out = tmp_path / "out"
    result = _run("render", "--kits", str(games), "--out", str(out), "--paper", "letter", "--backs", "none")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.glob("*.pdf")) == ["one-en-letter-none.pdf"]


def test_a_kit_folder_named_like_a_built_in_kit_is_refused(tmp_path):
    shutil.copytree(TEMPLATES / "ur", tmp_path / "tab")
    assert "exists already" in _one_error(_run("render", str(tmp_path / "tab"), "--out", str(tmp_path / "out")))


def test_a_language_the_folder_has_no_texts_for_is_one_line(tmp_path):
    folder = _new(tmp_path)
    line = _one_error(_run("render", str(folder), "--lang", "nl", "--out", str(tmp_path / "out")))
    assert "no nl texts" in line and "lang/nl.toml" in line
    (folder / "lang" / "en.toml").unlink()
    line = _one_error(_run("render", str(folder), "--out", str(tmp_path / "out")))
    assert "lang/en.toml is missing" in line
    assert not (tmp_path / "out").exists()


# ---- every mistake in the data: one line naming the file and key, nothing written -----------------------------------

def _png(path: Path, side: int = 600) -> None:
    from PIL import Image

    Image.new("RGB", (side, side), "red").save(path)


def _png_declaring(path: Path, w: int, h: int) -> None:
    """A tiny PNG whose header declares w x h pixels (its CRC made right, so only the size is wrong)."""
    import io
    import struct
    import zlib

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (1, 1), "red").save(buf, "PNG")
    data = bytearray(buf.getvalue())
    at = data.index(b"IHDR")
    data[at + 4:at + 12] = struct.pack(">II", w, h)
    data[at + 17:at + 21] = struct.pack(">I", zlib.crc32(bytes(data[at:at + 17])))
    path.write_bytes(bytes(data))


def _png_art(f: Path, make) -> None:
    make(f / "art" / "photo.png")
    _edit(f / "game.toml", 'art = "art/star.svg"\nlabel', 'art = "art/photo.png"\nlabel')


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


MISTAKES = {
    "missing art": (lambda f: _edit(f / "game.toml", 'art = "art/star.svg"\nlabel', 'art = "art/moon.svg"\nlabel'),
                    ["moon.svg", "art file is missing"]),
    "unreadable svg": (lambda f: (f / "art" / "star.svg").write_text("<svg this is not xml", encoding="utf-8"),
                       ["star.svg", "not a readable SVG"]),
    "svg with text": (lambda f: _edit(f / "art" / "star.svg", "</svg>", "<text x='1' y='9'>Hi</text></svg>"),
                      ["star.svg", "text in SVG art"]),
    "csv column that does not exist": (
        lambda f: _edit(f / "game.toml", 'csv = "cards.csv"', 'csv = "cards.csv"\nfields = { text = "effect" }'),
        ["cards.csv", "no column 'effect'", "fields.text", "title, text"]),
    "missing csv": (lambda f: (f / "cards.csv").unlink(), ["cards.csv", "missing"]),
    "a count that is not a number": (lambda f: _edit(f / "cards.csv", ",6\n", ",six\n"),
                                     ["cards.csv row 1", "'six' is not a whole number"]),
    "card text that does not fit its box": (
        lambda f: _edit(f / "cards.csv", "Swap places with any other player's marker.",
                        " ".join(["Swap places with any other player's marker."] * 40)),
        ["cards.csv row 3", "does not fit its box"]),
    "catalog text that does not fit its box": (
        lambda f: _edit(f / "lang" / "en.toml", 'label_goal = "Goal"', 'label_goal = "' + "Goal " * 20 + '"'),
        ["en.toml", "label_goal", "does not fit its box", "board"]),
    "a wrong type": (lambda f: _edit(f / "game.toml", "size = 20.0", 'size = "big"'),
                     ["game.toml", "components[2].size", "should be a valid number, not 'big'"]),
    "an unknown kind": (lambda f: _edit(f / "game.toml", 'kind = "board"', 'kind = "bored"'),
                        ["game.toml", "components[1].kind: should be one of board, pieces, deck, rules, not 'bored'"]),
    "a shape that is not one": (lambda f: _edit(f / "game.toml", 'shape = "circle"', 'shape = "oval"'),
                                ["game.toml", "components[2].shape: should be one of circle, square, hexagon, not 'oval'"]),
    "png art under 300 dpi": (lambda f: _png_art(f, lambda p: _png(p, 100)),
                              ["photo.png", "100 x 100 pixels print at", "art needs at least 300 dpi"]),
    "a broken png": (lambda f: _png_art(f, lambda p: (_png(p), p.write_bytes(p.read_bytes()[:200]))),
                     ["photo.png", "not a readable PNG file"]),
    "a png that is not one": (lambda f: _png_art(f, lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n" + b"junk" * 50)),
                              ["photo.png", "not a readable PNG file"]),
    "a png bomb": (lambda f: _png_art(f, lambda p: _png_declaring(p, 9000, 9000)),
                   ["photo.png", "declares 9000 x 9000 pixels, more than 40,000,000"]),
    "a png bomb pillow refuses": (lambda f: _png_art(f, lambda p: _png_declaring(p, 100_000, 100_000)),
                                  ["photo.png", "declares more than 40,000,000 pixels"]),
    "an unknown key": (lambda f: _edit(f / "game.toml", "rows = 5", "rows = 5\nrosettes = 3"),
                       ["game.toml", "components[1].rosettes", "unknown key"]),
    "no count for a player count": (lambda f: _edit(f / "game.toml", "{ 2 = 6, 3 = 9, 4 = 12 }", "{ 2 = 6, 3 = 9 }"),
                                    ["game.toml", "components[2].sets[0].count", "no count for 4 players"]),
    "a square off the board": (lambda f: _edit(f / "game.toml", "squares = [[3, 3]]", "squares = [[3, 9]]"),
                               ["game.toml", "components[1].special[0].squares[0]", "not on a board of 5 x 5"]),
    "art outside the kit": (lambda f: _edit(f / "game.toml", 'art = "art/star.svg"\nlabel', 'art = "../x.svg"\nlabel'),
                            ["game.toml", "outside the kit's folder"]),
    "a game.toml that is not toml": (lambda f: _edit(f / "game.toml", "rows = 5", "rows = = 5"),
                                     ["game.toml", "not valid TOML", "at line 15"]),
    "a catalog that is not toml": (lambda f: _edit(f / "lang" / "en.toml", 'label_goal = "Goal"', 'label_goal = "Goal'),
                                   ["en.toml", "not valid TOML", "at line"]),
    "a catalog key that is missing": (lambda f: _edit(f / "game.toml", 'label = "label_goal"', 'label = "label_gaol"'),
                                      ["lang/en.toml", "missing key 'label_gaol'"]),
    "a csv row with a cell too many": (lambda f: _edit(f / "cards.csv", ",6\n", ",6,Move 2, then stop\n"),
                                       ["cards.csv row 1", "8 values, but the header names 6 columns", "double quotes"]),
}


@pytest.mark.parametrize("mistake", sorted(MISTAKES))
def test_every_data_mistake_is_one_line_and_nothing_is_written(tmp_path, mistake):
    folder = _new(tmp_path, "kit-" + re.sub(r"[^a-z]+", "-", mistake).strip("-"))
    change, words = MISTAKES[mistake]
    change(folder)
    out = tmp_path / "out"
    line = _one_error(_run("render", str(folder), "--out", str(out), "--paper", "a4", "--no-validate"))
    for w in words:
        assert w in line, f"{w!r} not in {line!r}"
    assert not out.exists() or not any(out.iterdir())


def test_png_art_below_300_dpi_is_one_line(tmp_path):
    from PIL import Image

    from pnp.datakit.art import check_png
    from pnp.errors import SpecError

    png = tmp_path / "low.png"
    Image.new("RGB", (100, 100), "red").save(png)
    with pytest.raises(SpecError, match=r"low\.png: 100 x 100 pixels print at 127 dpi at 20 x 20 mm"):
        check_png(png, 20.0, 20.0)
    check_png(png, 8.0, 8.0)  # 317 dpi: enough


# ---- the schema for editors -----------------------------------------------------------------------------------------

def test_the_published_json_schema_is_current():
    from pnp.datakit.schema import json_schema_text

    published = REPO / "docs" / "game.schema.json"
    assert published.read_text(encoding="utf-8") == json_schema_text(), \
        "regenerate: python -m pnp.datakit.schema > docs/game.schema.json"


def test_the_json_schema_knows_every_kind():
    import json

    from pnp.datakit.schema import json_schema_text
    from pnp.kinds import NAMES

    text = json.loads(json_schema_text())
    kinds = {d["properties"]["kind"]["enum"][0] for d in text["$defs"].values()
             if "kind" in d.get("properties", {})}
    assert kinds == set(NAMES)


def test_every_registered_data_kit_is_listed():
    assert "ur" in registry()


def test_ur_print_shop_pieces_are_the_games(tmp_path):
    """--format cards: one page for the board, one for each of the 7 + 7
    pieces, and a front and a back for each of the 4 + 2 lots, each with bleed."""
    from pypdf import PdfReader

    out = tmp_path / "out"
    result = _run("render", "ur", "--lang", "en", "--format", "cards", "--out", str(out))
    assert result.exit_code == 0, result.output
    (pdf,) = out.glob("ur-en-cards/*.pdf")
    pages = PdfReader(pdf).pages
    assert len(pages) == 1 + 7 + 7 + 2 * (4 + 2)
    for page in pages:
        trim, bleed = page.trimbox, page.bleedbox
        assert float(trim.left) - float(bleed.left) == pytest.approx(3 / 25.4 * 72, abs=0.01)  # 3 mm bleed


def test_the_readme_five_commands_make_a_print_shop_zip(tmp_path):
    """The README's path from `pnp new` to a print shop's ZIP, run as written."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Your own game", 1)[1].split("| ![", 1)[0]
    commands = [ln.strip().split("  #", 1)[0].split() for ln in section.splitlines() if ln.startswith("    pnp ")]
    assert len(commands) == 5 and commands[0][:2] == ["pnp", "new"]
    for cmd in commands:
        proc = subprocess.run([PNP, *cmd[1:]], cwd=tmp_path, capture_output=True, text=True)
        assert proc.returncode == 0, (cmd, proc.stderr)
    (zipped,) = tmp_path.glob("output/*-cards/*.zip")
    import zipfile

    with zipfile.ZipFile(zipped) as z:
        assert len([n for n in z.namelist() if n.endswith(".png")]) > 10


@pytest.mark.parametrize("options", [["--backs", "duplex-short", "--back-offset", "-2,1.5"], ["--backs", "gutterfold"],
                                     ["--backs", "none", "--players", "2"], ["--ink-saver", "--back-offset", "1,-1"],
                                     ["--greyscale", "--players", "3"]], ids=lambda o: "".join(o))
def test_a_data_deck_prints_in_every_backs_mode_and_variant(tmp_path, options):
    """The starter kit's deck through the shared deck (the Ludo cards' own
    sheets): rendered and validated for each way of printing."""
    folder = _new(tmp_path)
    result = _run("render", str(folder), "--out", str(tmp_path / "out"), "--paper", "a4", *options)
    assert result.exit_code == 0, result.output
    assert "all hold" in result.output


def test_the_validator_judges_a_data_kit_from_its_data(tmp_path):
    """A PDF of the starter kit for 2 players holds 6 coins; once the data
    asks for 7, the validator (a fresh process reading the folder again)
    finds the file one coin short."""
    games = tmp_path / "games"
    games.mkdir()
    folder = _new(games, "coins")
    out = tmp_path / "out"
    proc = subprocess.run([PNP, "render", str(folder), "--players", "2", "--lang", "en", "--paper", "a4", "--out",
                           str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    (pdf,) = out.glob("*.pdf")
    ok = subprocess.run([PNP, "validate", "--kits", str(games), str(pdf)], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout
    _edit(folder / "game.toml", "{ 2 = 6, 3 = 9, 4 = 12 }", "{ 2 = 7, 3 = 9, 4 = 12 }")
    bad = subprocess.run([PNP, "validate", "--kits", str(games), str(pdf)], capture_output=True, text=True)
    assert bad.returncode == 1
    assert re.search(r"token:coin\s+7\s+6\s+FAIL", bad.stdout), bad.stdout


def test_a_board_can_be_one_picture(tmp_path):
    """A board of one art file at a size: drawn in its cut outline, counted
    as one board (no squares), validated."""
    folder = _new(tmp_path)
    _edit(folder / "game.toml", '''rows = 5
columns = 5
square = 30.0
[[components.special]]
squares = [[3, 3]]
art = "art/star.svg"
label = "label_goal"''', '''art = "art/star.svg"
size = [150.0, 150.0]''')
    from pnp.kits import add_folder

    kit = add_folder(folder)
    counts = kit.expected(kit.load_spec(), Options("en", get_paper("a4"), 2, "none"))
    assert counts["board:board"] == 1 and not any(k.startswith("square") for k in counts)
    result = _run("render", str(folder), "--out", str(tmp_path / "out"), "--paper", "letter", "--backs", "none")
    assert result.exit_code == 0, result.output
    assert "all hold" in result.output


@pytest.mark.parametrize(("change", "words"), [
    (('square = 30.0\n', ''), ["components[1].square: missing", "a picture board has art and size"]),
    (('rows = 5\n', 'rows = 5\nsize = [100.0, 100.0]\n'), ["components[1].art: missing"]),
])
def test_a_board_is_a_grid_or_a_picture(tmp_path, change, words):
    folder = _new(tmp_path)
    _edit(folder / "game.toml", *change)
    line = _one_error(_run("render", str(folder), "--out", str(tmp_path / "out")))
    for w in words:
        assert w in line, line


# ---- a kit crosses to worker processes by its id ----------------------------------------------------------------------

def test_a_data_kit_pickles_by_its_id_not_its_functions(tmp_path):
    """Kit.__reduce__: a data kit's functions are closures (pickle cannot
    carry them); pickled, a kit is the call get_kit(id), so a worker finds
    the same registered kit, here one from a folder outside the repository."""
    import pickle
    import pickletools

    from pnp.kits import add_folder

    for kit in (get_kit("ur"), add_folder(_new(tmp_path, "pickled"))):
        data = pickle.dumps(kit)
        ops = [(op.name, arg) for op, arg, _ in pickletools.genops(data)]
        strings = [arg for name, arg in ops if isinstance(arg, str)]
        assert "get_kit" in strings and kit.id in strings
        assert not any("load_spec" in s or "<locals>" in s for s in strings), strings
        assert pickle.loads(data) is kit


def test_pnp_new_covers_every_kind_the_fourth_kit_does_not(tmp_path):
    """The starter kit of `pnp new` shows a designer each kind that the
    Royal Game of Ur does not use (a deck with backs), and the two kits
    together use every kind in the registry."""
    import tomllib

    from pnp.kinds import NAMES

    def kinds(folder: Path) -> set[str]:
        data = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
        return {c["kind"] for c in data["components"]}

    ur, new = kinds(TEMPLATES / "ur"), kinds(_new(tmp_path))
    assert set(NAMES) - ur, "the fourth kit uses every kind: nothing left for the scaffold to show"
    assert set(NAMES) - ur <= new
    assert ur | new == set(NAMES)
    assert {"deck", "pieces", "board", "rules"} <= new  # the issue: a deck with backs, a few tokens, a board, rules
