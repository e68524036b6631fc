"""Tier 2: the validator reads a rendered file back and checks it against
the game facts. Good kits pass; broken kits fail, naming the problem."""

from __future__ import annotations

import dataclasses
import io
import json
import shutil
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader, PdfWriter
from reportlab.pdfgen.canvas import Canvas

from pnp.cli import main
from pnp.kits import get_kit
from pnp.options import Options
from pnp.outputs import render_one
from pnp.paper import get_paper
from pnp.validate import Check, component_checks, read_keywords, tags_matching, validate_file
from pnp.validation.printed import Component, PrintedPage
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


def test_a_file_that_is_not_a_pdf_fails(tmp_path):
    path = tmp_path / "notes.pdf"
    path.write_text("these are not the kits you are looking for\n")
    report = validate_file(path)
    assert not report.ok and "not a PDF" in report.error


def test_an_empty_file_fails(tmp_path):
    path = tmp_path / "empty.pdf"
    path.write_bytes(b"")
    report = validate_file(path)
    assert not report.ok and "not a PDF" in report.error


def _foreign_pdf(path: Path, keywords: str | None = None) -> None:
    buf = BytesIO()
    c = Canvas(buf)
    if keywords is not None:
        c.setKeywords(keywords)
    c.drawString(100, 700, "A board game someone else made")
    c.showPage()
    c.save()
    path.write_bytes(buf.getvalue())


def test_a_pdf_pnp_did_not_make_fails(tmp_path):
    path = tmp_path / "other.pdf"
    _foreign_pdf(path)
    report = validate_file(path)
    assert not report.ok and "did not make" in report.error


def test_a_pdf_naming_an_unknown_kit_fails(tmp_path):
    path = tmp_path / "other.pdf"
    _foreign_pdf(path, "pnp=0.1.0; kit=chess; lang=en; paper=a4; pages=1")
    report = validate_file(path)
    assert not report.ok and "unknown kit 'chess'" in report.error


def test_a_pdf_naming_an_unknown_language_fails(tmp_path):
    path = tmp_path / "other.pdf"
    _foreign_pdf(path, "pnp=0.1.0; kit=tab; lang=xx; paper=a4; pages=1")
    report = validate_file(path)
    assert not report.ok and "unknown language 'xx'" in report.error


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
    (bad,) = [c for c in _failed(report) if "coins" in c.component]
    assert (bad.expected, bad.found) == (str(spec.coins), "5")
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


# ---- pieces of the validator ---------------------------------------------

def test_read_keywords():
    assert read_keywords("pnp=0.1.0; kit=tab ;lang = de; note=a=b; junk") == {
        "pnp": "0.1.0", "kit": "tab", "lang": "de", "note": "a=b"}


def _page(*tags: tuple[str, str], hidden: tuple[str, str] | None = None) -> PrintedPage:
    comps = [Component(k, v, (0.0, 0.0, 10.0, 10.0), True) for k, v in tags]
    if hidden:
        comps.append(Component(*hidden, (0.0, 0.0, 10.0, 10.0), False, "covered"))
    return PrintedPage((210.0, 297.0), components=comps)


def test_a_rules_key_matches_its_kind_and_value_and_the_values_it_prefixes():
    """The validator's matcher: "kind" every tag of the kind, "kind:value"
    that value and value-anything, never another kind or a longer word."""
    by_key = tags_matching([("square", "1-1"), ("piece", "light"), ("piece", "lightish"), ("card", "red-3"),
                            ("board", "4x9")])
    assert by_key[("square", "")] == [("square", "1-1")]
    assert by_key[("piece", "light")] == [("piece", "light")]
    assert by_key[("card", "red")] == [("card", "red-3")]
    assert ("piece", "dark") not in by_key
    assert sorted(by_key[("piece", "")]) == [("piece", "light"), ("piece", "lightish")]


def test_component_checks_count_what_prints_and_name_the_rest():
    printed = [_page(("card", "red-1"), ("card", "red-2"), ("card", "blue-1"), ("piece", "light")),
               _page(("card", "red-3"), ("die", "d6"), hidden=("piece", "dark"))]
    checks = {c.component: c for c in component_checks({"card:red": 3, "card:blue": 2, "piece": 1}, printed)}
    assert (checks["card:red"].found, checks["card:red"].ok) == ("3", True)
    assert (checks["card:blue"].found, checks["card:blue"].ok) == ("1", False)
    assert checks["piece"].ok  # the covered dark piece does not count ...
    assert not checks["components that print"].ok  # ... and is named
    assert "page 2: 1 x piece covered" in checks["components that print"].found
    assert checks["components the rules do not call for"].found == "1 (die:d6)"


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


# ---- the printed page: every placement of a form judged on its own ----------

def _form_placed_twice(page_marks: bool, cover_second: bool) -> bytes:
    """One page drawing a form XObject twice, 300 pt apart. The form holds a
    grey square with a black bar and a line of text; the marks are inside
    the form (around its square) or on the page (around each placement).
    Optionally a white box is painted over the second placement."""
    import pikepdf

    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    square = b"0.5 g 0 0 100 100 re f 0 g 0 40 100 20 re f"
    inner = square if page_marks else b"/pnp <</K (card) /V (inside)>> BDC " + square + b" EMC"
    form = pdf.make_stream(inner + b" BT /F1 12 Tf 0 110 Td (Rules text) Tj ET", Type=pikepdf.Name.XObject,
                           Subtype=pikepdf.Name.Form, BBox=[0, -10, 120, 130],
                           Resources=pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=font)))
    placements = []
    for i, y in enumerate((100, 400)):
        draw = f"q 1 0 0 1 100 {y} cm /Fx Do Q".encode()
        placements.append(f"/pnp <</K (card) /V (page-{i})>> BDC ".encode() + draw + b" EMC" if page_marks else draw)
    cover = b" q 1 g 50 380 250 180 re f Q" if cover_second else b""
    content = pdf.make_stream(b" ".join(placements) + cover)
    pdf.add_blank_page(page_size=(595, 842))
    pdf.pages[0].obj.Contents = content
    pdf.pages[0].obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fx=form),
                                                    Font=pikepdf.Dictionary(F1=font))
    out = BytesIO()
    pdf.save(out, deterministic_id=True)
    return out.getvalue()


@pytest.mark.parametrize("page_marks", [False, True], ids=["marks-in-the-form", "marks-around-each-placement"])
def test_each_placement_of_a_form_is_judged_where_it_stands(page_marks):
    from pnp.validation.printed import read_printed

    (page,) = read_printed(_form_placed_twice(page_marks, cover_second=False), want_colour=False)
    assert [c.visible for c in page.components] == [True, True]
    assert page.text.split() == ["Rules", "text"] * 2 and page.hidden_text == 0
    lows = sorted(round(c.box[1]) for c in page.components)
    assert lows[1] - lows[0] == 300  # two places, not one box around both

    (page,) = read_printed(_form_placed_twice(page_marks, cover_second=True), want_colour=False)
    first, second = sorted(page.components, key=lambda c: c.box[1])
    assert first.visible and not second.visible, (first, second)
    assert page.text.split() == ["Rules", "text"] and page.hidden_text == 1


def _form_on_two_pages(second_has_font: bool) -> bytes:
    """Two pages drawing the same form XObject, which has no resources of
    its own: it shows text in the font /F1 of whichever page draws it."""
    import pikepdf

    pdf = pikepdf.new()
    font = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                BaseFont=pikepdf.Name.Helvetica))
    form = pdf.make_stream(b"BT /F1 12 Tf 10 10 Td (Rules) Tj ET", Type=pikepdf.Name.XObject,
                           Subtype=pikepdf.Name.Form, BBox=[0, 0, 100, 40])
    for i in range(2):
        pdf.add_blank_page(page_size=(595, 842))
        fonts = pikepdf.Dictionary(F1=font) if i == 0 or second_has_font else pikepdf.Dictionary()
        pdf.pages[i].obj.Resources = pdf.make_indirect(pikepdf.Dictionary(XObject=pikepdf.Dictionary(Fx=form), Font=fonts))
        pdf.pages[i].obj.Contents = pdf.make_stream(b"q 1 0 0 1 100 100 cm /Fx Do Q")
    out = BytesIO()
    pdf.save(out, deterministic_id=True)
    return out.getvalue()


def test_a_form_is_read_again_with_each_pages_resources():
    """A form drawn on several pages is parsed once per set of resources it
    is read with: the second page's missing font is still found."""
    from pnp.validation.syntax import Invalid, read_syntax

    assert read_syntax(_form_on_two_pages(second_has_font=True)).pages == 2
    with pytest.raises(Invalid, match="page 2: text uses the font /F1, which the page does not have"):
        read_syntax(_form_on_two_pages(second_has_font=False))


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
