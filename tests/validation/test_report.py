"""pnp.validation.report: a file's checks, and how they are shown."""

from __future__ import annotations

from pathlib import Path

from pnp.validation.report import Check, Report, compact, report_table, summary_line


def test_a_report_is_ok_only_without_an_error_and_with_every_check_holding():
    good = Report(Path("a.pdf"), checks=[Check("pages", "3", "3", True)])
    bad = Report(Path("b.pdf"), checks=[Check("pages", "3", "2", False), Check("paper size", "a4", "a4", True)])
    broken = Report(Path("c.pdf"), error="is not a PDF file")
    assert good.ok and not bad.ok and not broken.ok
    assert bad.problems() == ["b.pdf: pages: expected 3, found 2"]
    assert broken.problems() == ["c.pdf: is not a PDF file"]
    assert summary_line([good, bad, broken]) == "validated 3 file(s), 3 checks: 2 file(s) FAILED"
    assert summary_line([good]) == "validated 1 file(s), 1 checks: all hold"


def test_the_json_holds_the_info_and_every_check():
    r = Report(Path("a.pdf"), {"kit": "tab"}, [Check("pages", "3", "3", True)])
    assert r.to_json() == {"file": "a.pdf", "ok": True, "error": None, "kit": "tab",
                           "checks": [{"component": "pages", "expected": "3", "found": "3", "ok": True}]}


def test_many_rows_of_one_kind_fold_into_one_and_keep_a_failure():
    rows = [Check(f"card:{c}-1-{n}", "6", "6", True) for c in ("red", "blue") for n in range(1, 25)]
    rows[30] = Check("card:blue-1-7", "6", "5", False)  # the group is the key less its last part
    folded = compact(rows)
    assert [(c.component, c.expected, c.found, c.ok) for c in folded] == [
        ("card:red-1 (24 kinds)", "144", "144", True), ("card:blue-1 (24 kinds)", "144", "143", False)]
    few = rows[:40]
    assert compact(few) == few  # a short list is shown as it is


def test_the_table_has_a_row_a_check():
    r = Report(Path("a.pdf"), {"kit": "tab"}, [Check("pages", "3", "2", False)])
    lines = report_table(r).splitlines()
    assert lines[0] == "a.pdf (kit tab)"
    assert lines[1].split() == ["component", "expected", "found", "ok"]
    assert lines[2].split() == ["pages", "3", "2", "FAIL"]
    assert report_table(Report(Path("c.pdf"), error="is empty")) == "c.pdf: is empty"
