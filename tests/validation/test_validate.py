"""Tier 2: the validator reads a rendered file back and checks it against
the game facts. Good kits pass; broken kits fail, naming the problem."""

from __future__ import annotations

import dataclasses
import io
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader, PdfWriter

from pnp.cli import main
from pnp.kits import get_kit
from pnp.naming import read_keywords
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from pnp.validate import validate_file
from pnp.validation.report import Check
from tests.helpers import KIT_IDS


@pytest.fixture
def good(rendered, tmp_path) -> Path:
    """A private copy of a good Tâb kit, free to break."""
    path = tmp_path / "tab-en-a4.pdf"
    shutil.copyfile(rendered("tab", "en", "a4"), path)
    return path


def _render_broken(kit, measure, folder: Path) -> Path:
    result = render_one(kit, Options("en", get_paper("a4")), folder, ("pdf",), 150, measure, validate=False)
    return result.files[0]


def _failed(report) -> list[Check]:
    return [c for c in report.checks if not c.ok]


def _validate_cli(*args: str):
    return CliRunner().invoke(main, ["validate", *args])


# ---- good kits --------------------------------------------------------------

@pytest.mark.parametrize("kit_id", KIT_IDS)
def test_a_good_kit_passes(rendered, kit_id):
    report = validate_file(rendered(kit_id, "nl", "letter"))
    assert report.error is None
    assert report.ok, report.problems()
    assert report.info["kit"] == kit_id and report.info["lang"] == "nl" and report.info["paper"] == "letter"
    kit = get_kit(kit_id)
    want = kit.expected(kit.load_spec(), Options("nl", get_paper("letter")))
    names = {c.component for c in report.checks}
    assert set(want) <= names and "pages" in names and "paper size" in names


def test_the_good_tab_kit_checks_every_fact(good):
    report = validate_file(good)
    spec = get_kit("tab").load_spec()
    by_name = {c.component: c for c in report.checks}
    assert by_name["square"].expected == by_name["square"].found == str(spec.rows * spec.columns)
    assert by_name["piece:light"].found == str(spec.pieces_per_player)
    assert by_name["rules text states coins"].found == str(spec.coins)
    assert by_name["rules text states pieces"].found == str(spec.pieces_per_player)
    assert all(c.ok for c in report.checks)


def test_cli_prints_a_table_and_exits_0(good):
    result = _validate_cli(str(good))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    header = next(ln for ln in lines if "component" in ln)
    assert header.split() == ["component", "expected", "found", "ok"]
    for name in ("pages", "paper size", "square", "piece:light", "piece:dark", "marker:light"):
        assert any(ln.split() and ln.strip().startswith(name) and ln.rstrip().endswith("ok") for ln in lines), name
    assert "FAIL" not in result.output
    assert "all hold" in lines[-1]


def test_cli_json_parses(good):
    result = _validate_cli("--json", str(good))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, list) and len(data) == 1
    (entry,) = data
    assert entry["ok"] is True and entry["error"] is None and entry["kit"] == "tab"
    assert entry["file"] == str(good)
    assert {"component", "expected", "found", "ok"} <= set(entry["checks"][0])
    assert any(c["component"] == "square" for c in entry["checks"])


def test_cli_validates_several_files(rendered, good):
    result = _validate_cli(str(good), str(rendered("tab", "de", "letter")))
    assert result.exit_code == 0, result.output
    assert "validated 2 file(s)" in result.output


def test_cli_quiet_prints_only_the_summary_for_good_files(good):
    result = _validate_cli("-q", str(good))
    assert result.exit_code == 0
    assert result.output.strip().splitlines() == [result.output.strip().splitlines()[-1]]
    assert "all hold" in result.output


def test_cli_finds_the_pdfs_in_output(rendered, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "output").mkdir()
    shutil.copyfile(rendered("tab", "en", "a4"), tmp_path / "output" / "tab-en-a4.pdf")
    result = _validate_cli()
    assert result.exit_code == 0, result.output
    assert "validated 1 file(s)" in result.output


# ---- broken files -----------------------------------------------------------

def test_a_removed_page_fails(good, built):
    n = len(built("tab", "en", "a4").pages)
    writer = PdfWriter(clone_from=good)
    writer.remove_page(1)
    writer.write(good)
    assert read_keywords(PdfReader(good).metadata["/Keywords"])["pages"] == str(n), "metadata kept"
    report = validate_file(good)
    assert not report.ok
    assert any(c.component == "pages" and c.expected == str(n) and c.found == str(n - 1) for c in _failed(report))
    assert any(f"pages: expected {n}, found {n - 1}" in p for p in report.problems())


def test_a_truncated_file_fails(good):
    data = good.read_bytes()
    good.write_bytes(data[: len(data) // 2])
    report = validate_file(good)
    assert not report.ok
    assert "truncated" in report.error
    assert report.problems() == [f"{good}: {report.error}"]


# Same-length replacements keep every byte offset of the file valid, so the
# file still opens; the damage shows only when a page is read.
DAMAGE = [
    pytest.param(b"/FlateDecode", b"/FlateDecodX", id="unknown-stream-filter"),
    pytest.param(b"/MediaBox", b"/MediaBoY", id="page-without-media-box"),
]


@pytest.mark.parametrize(("old", "new"), DAMAGE)
def test_a_damaged_pdf_is_reported_not_raised(good, old, new):
    data = good.read_bytes()
    assert old in data
    good.write_bytes(data.replace(old, new))
    report = validate_file(good)
    assert not report.ok
    assert report.problems()


@pytest.mark.parametrize(("old", "new"), DAMAGE)
def test_cli_reports_a_damaged_pdf_without_a_traceback(good, old, new):
    good.write_bytes(good.read_bytes().replace(old, new))
    result = _validate_cli(str(good))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert "FAILED" in result.output



def test_a_kit_with_a_piece_fewer_fails(measure, tmp_path):
    kit = get_kit("tab")
    real = kit.load_spec()
    fewer = dataclasses.replace(real, pieces_per_player=real.pieces_per_player - 1)
    # only the rendering sees the changed facts; the validator reads the real ones
    path = _render_broken(dataclasses.replace(kit, load_spec=lambda: fewer), measure, tmp_path)
    assert get_kit("tab").load_spec() == real
    report = validate_file(path)
    assert not report.ok
    bad = {c.component: c for c in _failed(report)}
    for side in ("light", "dark"):
        check = bad[f"piece:{side}"]
        assert (check.expected, check.found) == (str(real.pieces_per_player), str(real.pieces_per_player - 1))
    assert any("piece" in p for p in report.problems())


def test_rules_that_state_another_number_fail(measure, tmp_path, monkeypatch):
    import pnp.kits.tab as tab

    kit = get_kit("tab")
    spec = kit.load_spec()
    assert spec.coins != 5
    real = tab.text_values

    def lying(spec, options):
        return {**real(spec, options), "coins": 5}

    # the rules text is filled in with coins=5 while rendering, and only then
    with monkeypatch.context() as m:
        m.setattr(tab, "text_values", lying)
        path = _render_broken(dataclasses.replace(kit, text_values=lying), measure, tmp_path)
    assert tab.text_values is real
    report = validate_file(path)
    assert not report.ok
    bad = [c for c in _failed(report) if "coins" in c.component]  # every block that states the coins
    assert bad and all((c.expected, c.found) == (str(spec.coins), "5") for c in bad)
    assert any("coins" in p for p in report.problems())


def test_cli_exits_1_and_names_the_problem(good):
    data = good.read_bytes()
    good.write_bytes(data[: len(data) // 2])
    result = _validate_cli(str(good))
    assert result.exit_code == 1
    assert "truncated" in result.output
    assert "Traceback" not in result.output
    assert "1 file(s) FAILED" in result.output


def test_cli_exits_1_when_any_file_fails(good, rendered, tmp_path):
    bad = tmp_path / "not.pdf"
    bad.write_text("nope")
    result = _validate_cli(str(rendered("tab", "de", "a4")), str(bad))
    assert result.exit_code == 1
    assert "not a PDF" in result.output


def test_cli_exits_2_for_a_missing_file(tmp_path):
    missing = tmp_path / "missing.pdf"
    result = _validate_cli(str(missing))
    assert result.exit_code == 2
    assert "no such file" in result.output and str(missing) in result.output
    assert "Traceback" not in result.output


def test_cli_exits_2_with_nothing_to_validate(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = _validate_cli()
    assert result.exit_code == 2
    assert "no PDF to validate" in result.output



def test_render_validates_what_it_wrote_in_its_own_process(measure, tmp_path, monkeypatch):
    """pnp's own bytes are judged where they were made: no bounded child,
    and no qpdf (PDFium alone reads them), yet a kit that breaks the rules fails."""
    from pnp.validation import bounded

    def no_child(*args, **kwargs):
        raise AssertionError("render forked a bounded child for its own bytes")

    monkeypatch.setattr(bounded, "run_bounded", no_child)
    monkeypatch.setattr("pnp.validation.syntax.read_syntax", no_child)
    kit = get_kit("tab")
    real = kit.load_spec()
    fewer = dataclasses.replace(real, pieces_per_player=real.pieces_per_player - 1)
    result = render_one(dataclasses.replace(kit, load_spec=lambda: fewer), Options("en", get_paper("a4")), tmp_path,
                        ("pdf",), 150, measure, validate=True)
    report = result.report
    assert report is not None and not report.ok
    assert report.seconds > 0 and report.peak_bytes == 0  # timed here; no child to measure
    bad = {c.component: (c.expected, c.found) for c in _failed(report)}
    assert bad["piece:light"] == (str(real.pieces_per_player), str(fewer.pieces_per_player))



def _with_inherited(path: Path, crop: list[float] | None, bad_form: bool = False) -> bytes:
    """A good kit with every page's resources (and a crop box) moved up to
    the page tree's root, where every page inherits them; `bad_form` writes
    an operator that does not exist into one of its forms."""
    import pikepdf

    with pikepdf.open(path) as pdf:
        fonts, forms = pikepdf.Dictionary(), pikepdf.Dictionary()
        for page in pdf.pages:
            own = page.obj.Resources
            for name, font in own.get("/Font", {}).items():
                fonts[name] = font
            for name, form in own.get("/XObject", {}).items():
                assert name not in forms or forms[name].objgen == form.objgen  # one name, one form, file-wide
                forms[name] = form
            del page.obj["/Resources"]
            if crop is not None and "/CropBox" in page.obj:
                del page.obj["/CropBox"]
        pdf.Root.Pages.Resources = pikepdf.Dictionary(Font=fonts, XObject=forms)
        if bad_form:
            form = next(iter(forms.values()))
            form.write(form.read_bytes() + b"\n1 2 frobnicate\n")
        if crop is not None:
            pdf.Root.Pages.CropBox = pikepdf.Array(crop)
        buf = io.BytesIO()
        pdf.save(buf)
        return buf.getvalue()


def test_what_pages_inherit_from_the_page_tree_is_read_as_theirs(good, rendered):
    """Resources and boxes may sit on the page tree instead of each page
    (ISO 32000 7.7.3.4): pikepdf hands them down when it opens the file, so
    the content streams are still parsed with their fonts and forms, and an
    inherited crop box is the page's crop box."""
    from pnp.validate import validate_bytes

    same = validate_bytes(good, _with_inherited(good, None))
    assert same.ok, same.problems()
    tiny = validate_bytes(good, _with_inherited(good, [0, 0, 100, 100]))
    assert not tiny.ok
    assert any(c.component == "paper size" and not c.ok for c in tiny.checks)
    ludo = rendered("ludo-cards", "en", "a4")  # a kit with forms
    assert validate_bytes(ludo, _with_inherited(ludo, None)).ok
    broken = validate_bytes(ludo, _with_inherited(ludo, None, bad_form=True))
    assert broken.error is not None and "frobnicate" in broken.error, broken.error
