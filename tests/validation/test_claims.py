"""pnp.validation.claims: what a file says it is is checked before anything
is built from it; a claim pnp cannot make is one line."""

from __future__ import annotations

import re
from io import BytesIO
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.errors import ValidationError
from pnp.kits import get_kit
from pnp.modes import Backs, Variant
from pnp.naming import read_keywords
from pnp.validate import validate_file
from pnp.validation.claims import check_end, claimed_options, claims_of
from pnp.validation.report import Report


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


def test_read_keywords():
    assert read_keywords("pnp=0.1.0; kit=tab ;lang = de; note=a=b; junk") == {
        "pnp": "0.1.0", "kit": "tab", "lang": "de", "note": "a=b"}



def test_the_end_of_file_marker_is_looked_for_where_readers_look():
    check_end(b"%PDF-1.4 ... %%EOF\n")
    check_end(b"%PDF-1.4 ... %%EOF" + b" " * 900)
    with pytest.raises(ValidationError, match="truncated"):
        check_end(b"%PDF-1.4 ...")
    with pytest.raises(ValidationError, match="1100 bytes follow"):
        check_end(b"%PDF-1.4 ... %%EOF" + b"x" * 1100)


def test_keywords_without_pnp_or_kit_are_not_pnps():
    assert claims_of("pnp=1; kit=tab")["kit"] == "tab"
    for keywords in ("kit=tab", "pnp=1", "Author: someone"):
        with pytest.raises(ValidationError, match="did not make"):
            claims_of(keywords)


def test_the_claimed_options_are_read_and_reported():
    kit = get_kit("ludo-cards")
    report = Report(Path("x.pdf"))
    kw = read_keywords("pnp=1; kit=ludo-cards; lang=de; paper=letter; players=3; backs=gutterfold; "
                       "variant=greyscale; pages=9")
    options, pages = claimed_options(kw, kit, kit.load_spec(), report)
    assert (options.lang, options.paper.id, options.players, options.backs, options.variant, pages) == (
        "de", "letter", 3, Backs.GUTTERFOLD, Variant.GREYSCALE, 9)
    assert report.info["players"] == "3" and report.info["kit"] == "ludo-cards"


@pytest.mark.parametrize(("change", "words"), [
    ("paper=a5", "unknown paper 'a5'"),
    ("lang=../../etc", "unknown language '../../etc'"),
    ("players=7", "for '7' players, but ludo-cards is for 2-4 players"),
])
def test_a_claim_pnp_cannot_make_is_refused(change, words):
    kit = get_kit("ludo-cards")
    base = {"pnp": "1", "kit": "ludo-cards", "lang": "en", "paper": "a4", "pages": "9"}
    key, value = change.split("=")
    with pytest.raises(ValidationError, match=re.escape(words)):
        claimed_options({**base, key: value}, kit, kit.load_spec(), Report(Path("x.pdf")))
